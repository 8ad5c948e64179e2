# Writes ellipsoid_fall_20.json: the 20-body ellipsoid fall of the benchmarks
# (bench/compare/contact_fall.h, human_fall_contact) as a model file, for `make soak`.
# A free pelvis and 19 bodies on ball joints, one skin ellipsoid each (mass centre at the
# ellipsoid's centre, solid-ellipsoid inertia), 1 N·m·s/rad damping on every ball joint, falling
# from a 15° forward lean onto concrete; the shapes touch only the floor. Checked against the
# benchmark (docs/performance.md): RosenbrockW3 at 1e-3 takes 570 steps (there 566) and leaves the
# pelvis at z = 0.0955 m after 1.5 s (there 0.095 m).
import json, os

bodies = [("pelvis", None, [0, 0, 0], 10, [0.10, 0.15, 0.08], [0, 0, 0]),
          ("lowerback", "pelvis", [0, 0, 0.08], 4, [0.09, 0.13, 0.06], [0, 0, 0.06]),
          ("abdomen", "lowerback", [0, 0, 0.12], 4, [0.09, 0.14, 0.07], [0, 0, 0.06]),
          ("chest", "abdomen", [0, 0, 0.12], 12, [0.11, 0.17, 0.12], [0, 0, 0.12]),
          ("neck", "chest", [0, 0, 0.26], 1, [0.04, 0.04, 0.05], [0, 0, 0.04]),
          ("head", "neck", [0, 0, 0.08], 5, [0.09, 0.08, 0.11], [0, 0, 0.10])]
for side, s in ((1.0, "_l"), (-1.0, "_r")):
    bodies += [("clavicle" + s, "chest", [0, side * 0.05, 0.22], 1, [0.03, 0.07, 0.03], [0, side * 0.07, 0]),
               ("upperarm" + s, "clavicle" + s, [0, side * 0.16, 0], 2, [0.04, 0.04, 0.14], [0, 0, -0.14]),
               ("forearm" + s, "upperarm" + s, [0, 0, -0.29], 1.3, [0.035, 0.035, 0.12], [0, 0, -0.12]),
               ("hand" + s, "forearm" + s, [0, 0, -0.25], 0.5, [0.025, 0.045, 0.08], [0, 0, -0.08]),
               ("thigh" + s, "pelvis", [0, side * 0.09, -0.06], 8, [0.07, 0.07, 0.20], [0, 0, -0.20]),
               ("shank" + s, "thigh" + s, [0, 0, -0.42], 3.5, [0.05, 0.05, 0.20], [0, 0, -0.20]),
               ("foot" + s, "shank" + s, [0, 0, -0.42], 1, [0.12, 0.045, 0.03], [0.05, 0, -0.04])]

def body(name, parent, joint, mass, axes, centre):
    a, b, c = axes
    inertia = [mass * (b * b + c * c) / 5, mass * (a * a + c * c) / 5, mass * (a * a + b * b) / 5]
    j = {"name": "root" if parent is None else name, "type": "free" if parent is None else "ball",
         "parent": parent or "ground"}
    if parent is not None: j["parent_frame"] = {"position": joint}
    return {"name": name, "mass": mass, "mass_center": centre, "inertia": inertia, "joint": j,
            "geometry": [{"type": "ellipsoid", "semi_axes": axes, "position": centre, "material": "skin"}]}

model = {
    "format": "articula-model", "version": 1, "name": "20-body ellipsoid fall",
    "description": "The benchmarks' 20-body ellipsoid fall (bench/compare/contact_fall.h) as a model file: "
                   "written by make_ellipsoid_fall_20.py.",
    "contact_materials": {
        "skin": {"type": "hertz", "youngs_modulus": 0.8e6, "poisson_ratio": 0.45, "dissipation": 2.0,
                 "static_friction": 0.8, "dynamic_friction": 0.6},
        "concrete": {"type": "hertz", "youngs_modulus": 25e9, "poisson_ratio": 0.15, "dissipation": 0.1,
                     "static_friction": 0.9, "dynamic_friction": 0.8}},
    "bodies": [body(*b) for b in bodies],
    "contact": {"ground": {"height": 0, "material": "concrete"}, "self_contact": False},
    "forces": [{"type": "passive_joint_damping", "damping": 1.0}],
    "initial_state": {"q": {"root.z": 0.975}, "q_deg": {"root.ry": 15}},
    "scenario": {"duration": 1.5, "integrator": "RosenbrockW3", "accuracy": 1e-3, "report_interval": 0.001}}

out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ellipsoid_fall_20.json")
open(out, "w").write(json.dumps(model, indent=1) + "\n")
