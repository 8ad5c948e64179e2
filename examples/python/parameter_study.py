#!/usr/bin/env python3
"""A parameter study in a loop: how the double pendulum's lower rod mass changes the peak speed
of the elbow. Each case edits the model as a dict and runs it.

    python3 examples/python/parameter_study.py
"""
import pathlib

import numpy as np

import articula

ROOT = pathlib.Path(__file__).resolve().parents[2]


def main():
    base = articula.load(str(ROOT / "models" / "double_pendulum.json")).to_dict()
    masses = [0.25, 0.5, 1.0, 2.0, 4.0]
    peaks = []
    for mass in masses:
        base["bodies"][1]["mass"] = mass
        # The inertia scales with the mass (a slender rod keeps its shape).
        base["bodies"][1]["inertia"]["moments"] = [m * mass for m in [0.0208333, 0.0208333, 0.0001]]
        model = articula.from_dict(base, file=str(ROOT / "models" / "case.json"))
        r = model.simulate(duration=2.0)
        peak = np.abs(r.speed("elbow.angle")).max()
        energy = r.kinetic_energy + r.potential_energy
        peaks.append(peak)
        print("lower mass %4.2f kg: peak elbow speed %6.2f rad/s, energy drift %.1e J"
              % (mass, peak, np.ptp(energy)))
        assert np.ptp(energy) < 1e-3 * (1 + np.abs(energy).max())
    # The cases differ: the study is not running one model five times.
    assert len(set(np.round(peaks, 6))) == len(masses)


if __name__ == "__main__":
    main()
