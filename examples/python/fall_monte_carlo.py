#!/usr/bin/env python3
"""A Monte Carlo of the adult male's standing fall (docs/sweeps.md): body height and mass, the
initial lean's angle and direction, and the floor's friction drawn at random for each case; each
case runs the passive collapse of models/scenarios/standing_fall.json on a Dask cluster (a local
one by default) through articula.sweep. Saves the sweep file, the results table and a figure
(histogram of HIC15, head impact speed against the lean).

    python3 examples/python/fall_monte_carlo.py [cases] [out_folder] [--scheduler tcp://HOST:8786]

The lean is a rigid tilt of the body about its ankles, the feet kept flat (the universal ankles
take the tilt back), the lower foot on the floor: the root's angles, the ankles' angles and the
root's position follow from (lean, direction) by geometry, so the design is a table of cases
written here rather than a random design in the file (docs/sweeps.md, "Designs").
"""
import json
import os
import pathlib
import sys

import matplotlib
matplotlib.use("Agg")  # files only, no window
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import articula  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "models" / "scenarios" / "standing_fall.json"
ANKLE_HEIGHT = 0.065  # the ankle joints above the floor when standing (standing_fall.json's pose)
CLEARANCE = 0.001     # the lower foot starts 1 mm above the floor


def rotation_xy(rx, ry):
    """Body-fixed x then y rotation (the free joint's rx, ry with rz = 0)."""
    cx, sx, cy, sy = np.cos(rx), np.sin(rx), np.cos(ry), np.sin(ry)
    Rx = np.array([[1, 0, 0], [0, cx, -sx], [0, sx, cx]])
    Ry = np.array([[cy, 0, sy], [0, 1, 0], [-sy, 0, cy]])
    return Rx @ Ry


def ankles_from_pelvis():
    """The two ankle joints' positions from the pelvis at the zero pose (legs straight down)."""
    model = articula.load(str(ROOT / "models" / "adult_male.json"))
    state = model.default_state()
    model.system.realize(state, articula.Stage.Position)
    origin = lambda name: model.matter.body_transform(state, model.body_index(name)).matrix()[:3, 3]  # noqa: E731
    return [origin("foot_l") - origin("pelvis"), origin("foot_r") - origin("pelvis")]


def pose(lean, direction, ankles):
    """Initial coordinates for a tilt by `lean` towards `direction` (0: forward, +x; 90: left, +y)."""
    # The body's long axis after the tilt, then the root angles giving it: z_B = Rx(rx) Ry(ry) e_z.
    axis = np.array([np.sin(lean) * np.cos(direction), np.sin(lean) * np.sin(direction), np.cos(lean)])
    ry = np.arcsin(axis[0])
    rx = np.arctan2(-axis[1], axis[2])
    R = rotation_xy(rx, ry)
    # The pelvis placed so that the lower ankle is at its standing height (plus the clearance).
    lowest = min((R @ a)[2] for a in ankles)
    mid = 0.5 * (ankles[0] + ankles[1])
    p = -R @ mid  # the ankles' midpoint over the origin
    p[2] = ANKLE_HEIGHT + CLEARANCE - lowest
    return {"root_rx": np.degrees(rx), "root_ry": np.degrees(ry), "root_x": p[0], "root_y": p[1], "root_z": p[2]}


def sweep_document(cases, folder, seed=2026):
    rng = np.random.default_rng(seed)
    ankles = ankles_from_pelvis()
    height = rng.uniform(1.55, 1.95, cases)           # m
    mass = np.exp(rng.uniform(np.log(50), np.log(110), cases))  # kg, log-uniform
    lean = np.radians(rng.uniform(2.0, 12.0, cases))  # the tilt from upright
    direction = rng.uniform(-np.pi, np.pi, cases)     # which way it leans
    friction = rng.uniform(0.3, 0.9, cases)           # the floor's static friction
    names = ["height_m", "mass_kg", "friction", "sliding_friction", "root_rx", "root_ry", "ankle_l_rx",
             "ankle_l_ry", "ankle_r_rx", "ankle_r_ry", "root_x", "root_y", "root_z"]
    rows, drawn = [], []
    for k in range(cases):
        p = pose(lean[k], direction[k], ankles)
        # Both ankles take the tilt back; sliding friction is 80 % of static (concrete's ratio here).
        rows.append([height[k], mass[k], friction[k], 0.8 * friction[k], p["root_rx"], p["root_ry"],
                     -p["root_rx"], -p["root_ry"], -p["root_rx"], -p["root_ry"], p["root_x"], p["root_y"], p["root_z"]])
        drawn.append((np.degrees(lean[k]), np.degrees(direction[k])))
    q, q_deg = "/initial_state/q/", "/initial_state/q_deg/"
    parameters = [
        {"name": "height_m", "scale": "height"},
        {"name": "mass_kg", "scale": "mass"},
        {"name": "friction", "pointer": "/contact_materials/concrete/static_friction"},
        {"name": "sliding_friction", "pointer": "/contact_materials/concrete/dynamic_friction"},
        {"name": "root_rx", "pointer": q_deg + "root.rx"},
        {"name": "root_ry", "pointer": q_deg + "root.ry"},
        {"name": "ankle_l_rx", "pointer": q_deg + "ankle_l.rx"},
        {"name": "ankle_l_ry", "pointer": q_deg + "ankle_l.ry"},
        {"name": "ankle_r_rx", "pointer": q_deg + "ankle_r.rx"},
        {"name": "ankle_r_ry", "pointer": q_deg + "ankle_r.ry"},
        {"name": "root_x", "pointer": q + "root.x"},
        {"name": "root_y", "pointer": q + "root.y"},
        {"name": "root_z", "pointer": q + "root.z"},
    ]
    document = {
        "format": "articula-sweep", "version": 1,
        "description": "Monte Carlo of the standing fall (examples/python/fall_monte_carlo.py, seed %d)" % seed,
        "model": os.path.relpath(SCENARIO, folder.resolve()),  # relative to the sweep file's folder
        "design": {"type": "table", "columns": names, "rows": rows},
        "parameters": parameters,
        "outputs": [
            {"name": "hic15", "summary": "/head/hic15"},
            {"name": "head_peak_g", "summary": "/head/peak_acceleration_g"},
            {"name": "head_impact_speed", "summary": "/head/impact_speed_m_s"},
            {"name": "head_first_contact", "summary": "/head/first_contact_s"},
            {"name": "peak_contact_N", "summary": "/contact/peak_force_N"},
            {"name": "head_contact_N", "contact_body": "head"},
            {"name": "hand_l_contact_N", "contact_body": "hand_l"},
            {"name": "hand_r_contact_N", "contact_body": "hand_r"},
            {"name": "energy_balance", "summary": "/energy/relative_balance_error"},
        ],
        "keep_trajectories": [0],
    }
    return document, drawn


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    cases = int(args[0]) if args else 200
    out = pathlib.Path(args[1] if len(args) > 1 else "fall_study")
    out.mkdir(parents=True, exist_ok=True)
    client = None
    if "--scheduler" in sys.argv:
        from distributed import Client
        client = Client(sys.argv[sys.argv.index("--scheduler") + 1])
    document, drawn = sweep_document(cases, out)
    sweep_file = out / "fall_study_sweep.json"
    sweep_file.write_text(json.dumps(document, indent=1) + "\n")
    results = articula.sweep(sweep_file, out, client=client, progress=sys.stderr.isatty())

    lean = np.array([d[0] for d in drawn])
    ok = np.array([r["status"] == "ok" for r in results.rows])
    hic = np.array([r["hic15"] if r["status"] == "ok" else np.nan for r in results.rows], dtype=float)
    speed = np.array([r["head_impact_speed"] if r["status"] == "ok" and r["head_impact_speed"] != ""
                      else np.nan for r in results.rows], dtype=float)
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    left.hist(hic[np.isfinite(hic)], bins=30)
    left.set_xlabel("HIC15")
    left.set_ylabel("cases")
    dots = right.scatter(lean, speed, s=10, c=np.array([r["height_m"] for r in results.rows], dtype=float),
                         cmap="viridis")
    fig.colorbar(dots, ax=right, label="body height (m)")
    right.set_xlabel("initial lean (deg)")
    right.set_ylabel("head impact speed (m/s)")
    fig.suptitle("Standing fall, %d cases (%d failed)" % (len(results), int((~ok).sum())))
    fig.tight_layout()
    fig.savefig(out / "fall_study.png", dpi=100)
    print("%d cases, %d failed; HIC15 median %.1f (5-95 %%: %.1f-%.1f); head impact speed median %.2f m/s; "
          "wrote %s" % (len(results), int((~ok).sum()), np.nanmedian(hic), np.nanpercentile(hic, 5),
                        np.nanpercentile(hic, 95), np.nanmedian(speed), out))
    # Every case ran, and they differ.
    assert len(results) == cases and ok.mean() > 0.95
    assert np.nanstd(hic) > 0


if __name__ == "__main__":
    main()
