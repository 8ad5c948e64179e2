"""A 7-dof arm with the link masses, lengths and radii of the benchmarks' arm7
(bench/model_spec.cpp) as an Articula model file, so that Python and C++ time the very same model."""
import json
import math

MASS = [4.0, 4.0, 3.0, 2.7, 1.7, 1.8, 0.3]
LENGTH = [0.34, 0.21, 0.21, 0.19, 0.21, 0.08, 0.08]
RADIUS = [0.07, 0.07, 0.06, 0.06, 0.05, 0.05, 0.04]
AXES = [[0, 0, 1], [0, 1, 0], [0, 0, 1], [0, 1, 0], [0, 0, 1], [0, 1, 0], [0, 0, 1]]


def rod_inertia(m, r, length):
    """A solid cylinder along z about its mass centre."""
    side = m * (3 * r * r + length * length) / 12
    return [side, side, m * r * r / 2]


def arm7():
    bodies = []
    for i in range(7):
        joint = {"name": "j%d" % (i + 1), "type": "pin", "axis": AXES[i],
                 "parent": "ground" if i == 0 else "link%d" % i,
                 "parent_frame": {"position": [0, 0, 0.1 if i == 0 else LENGTH[i - 1]]}}
        bodies.append({"name": "link%d" % (i + 1), "mass": MASS[i], "mass_center": [0, 0, LENGTH[i] / 2],
                       "inertia": {"moments": rod_inertia(MASS[i], RADIUS[i], LENGTH[i])}, "joint": joint})
    q = {"j%d.angle" % (i + 1): 0.3 * math.sin(i + 1) for i in range(7)}
    return {"format": "articula-model", "version": 1, "name": "arm7",
            "description": "The benchmarks' 7-dof arm: pins about z, y, z, y, z, y, z.",
            "gravity": [0, 0, -9.81], "bodies": bodies, "initial_state": {"q": q},
            "scenario": {"duration": 2.0, "integrator": "RungeKuttaMerson", "accuracy": 1e-6,
                         "report_interval": 0.001}}


if __name__ == "__main__":
    print(json.dumps(arm7(), indent=1))
