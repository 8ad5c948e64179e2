#!/usr/bin/env python3
"""The adult male's standing fall: run it from Python, plot the head's height and the contact
forces with Matplotlib, and save the figure as a PNG.

    python3 examples/python/standing_fall.py [duration_s] [out.png]
"""
import pathlib
import sys

import matplotlib
matplotlib.use("Agg")  # files only, no window
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import articula  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]


def main():
    duration = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    out = pathlib.Path(sys.argv[2] if len(sys.argv) > 2 else "standing_fall.png")
    model = articula.load(str(ROOT / "models" / "scenarios" / "standing_fall.json"))
    r = model.simulate(duration=duration, progress=sys.stderr.isatty())

    head = r.body("head")
    total_contact = np.linalg.norm(r.contact_force, axis=2).sum(axis=1)  # every body's net force, summed
    fig, (top, bottom) = plt.subplots(2, 1, sharex=True, figsize=(7, 5))
    top.plot(r.time, head["com"][:, 2])
    top.set_ylabel("head height (m)")
    bottom.plot(r.time, total_contact)
    bottom.set_ylabel("contact force (N)")
    bottom.set_xlabel("time (s)")
    fig.suptitle("%s: %s" % (model.name, r.statistics["integrator"]))
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    print("head: %.2f m -> %.2f m; peak contact force %.0f N; wrote %s"
          % (head["com"][0, 2], head["com"][-1, 2], total_contact.max(), out))
    # The figure shows a fall: the head ends lower than it started, and something touched the floor.
    assert head["com"][-1, 2] < head["com"][0, 2]
    assert total_contact.max() > 0


if __name__ == "__main__":
    main()
