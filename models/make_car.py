#!/usr/bin/env python3
"""Writes car.json: a mid-size passenger car (about 1450 kg) for vehicle-pedestrian impacts.

Our own model; dimensions are those of a typical European C/D-segment hatchback (wheelbase 2.70 m,
track 1.55 m, length 4.55 m, width 1.78 m, height 1.45 m, 205/55 R16 tyres of 0.316 m radius).
Structure (x forward, y left, z up; chassis origin on the ground midway between the axles):

  chassis (free root, 1290 kg sprung mass)
    upright_XX (slider along z: suspension travel, 20 kg knuckle/hub/brake)
      wheel_XX  (pin about y: spin, 20 kg tyre and rim)

Each suspension is a preloaded linear spring, a linear damper and a bump/rebound stop on the
slider coordinate. Ride frequencies about 1.3 Hz front and 1.35 Hz rear, damping ratio about 0.3
(typical passenger-car values, e.g. Gillespie, Fundamentals of Vehicle Dynamics, SAE 1992, ch. 6).
The spring rest lengths are chosen so that the static ride height is the design height (slider
coordinate 0). Inertias of the sprung mass follow the usual estimates for this class
(roll 450, pitch 2100, yaw 2300 kg m^2).

Contact: tyres are Hertz rubber ellipsoids on the ground. The front end (bumper, bonnet leading
edge, bonnet, windscreen, A-pillars) is made of ellipsoids with OpenMBD-style penalty curves whose
stiffness is in the range of published pedestrian-impactor corridors: a bumper reaching about
10 kN at 40 mm, a bonnet that gives way (about 3 kN plateau) until it bottoms out, a stiff bonnet
leading edge, and a windscreen that cracks (plateau about 3 kN). These curves are our own estimates,
not measurements of a particular car.

Run: python3 models/make_car.py  (writes models/car.json next to this script)
"""
import json
import math
import os

G = 9.81
WHEELBASE = 2.70
TRACK = 1.55
TYRE_RADIUS = 0.316
TYRE_HALF_WIDTH = 0.105
TYRE_DEFLECTION = 0.008  # static, from the Hertz law below (front corner load about 4 kN)
CHASSIS_MASS = 1290.0
CHASSIS_COM = [0.20, 0.0, 0.55]  # 57 % of the weight on the front axle
CHASSIS_INERTIA = [450.0, 2100.0, 2300.0]
UPRIGHT_MASS = 20.0
WHEEL_MASS = 20.0
WHEEL_INERTIA = [0.6, 1.0, 0.6]  # spin about y
SPRING = {"front": 25000.0, "rear": 20000.0}  # N/m at the wheel
DAMPER = {"front": 2000.0, "rear": 1700.0}    # N s/m at the wheel
TRAVEL = 0.09                                 # m either way before the stops
SPEED = 40 / 3.6                              # initial speed, m/s (40 km/h)


def curve(points):
    return [[d, f] for d, f in points]


MATERIALS = {
    "tyre": {"type": "hertz", "youngs_modulus": 1.0e7, "poisson_ratio": 0.45, "dissipation": 0.5,
             "static_friction": 0.9, "dynamic_friction": 0.8},
    "road": {"type": "hertz", "youngs_modulus": 2.5e10, "poisson_ratio": 0.2, "dissipation": 0.1,
             "static_friction": 0.9, "dynamic_friction": 0.8},
    "bumper": {"type": "penalty",
               "force_curve": curve([(0, 0), (0.01, 2000), (0.02, 4500), (0.04, 10000), (0.06, 17000), (0.1, 40000)]),
               "unloading_energy_fraction": 0.3, "damping": 300, "friction": 0.3},
    "bonnet_edge": {"type": "penalty",
                    "force_curve": curve([(0, 0), (0.01, 3000), (0.02, 6000), (0.04, 9000), (0.06, 11000), (0.1, 30000)]),
                    "unloading_energy_fraction": 0.3, "damping": 300, "friction": 0.3},
    "bonnet": {"type": "penalty",
               "force_curve": curve([(0, 0), (0.01, 1500), (0.02, 2500), (0.05, 3200), (0.08, 4000), (0.1, 20000)]),
               "unloading_energy_fraction": 0.25, "damping": 200, "friction": 0.3},
    "windscreen": {"type": "penalty",
                   "force_curve": curve([(0, 0), (0.01, 2000), (0.02, 3000), (0.05, 3200), (0.1, 6000)]),
                   "unloading_energy_fraction": 0.2, "damping": 200, "friction": 0.3},
    "structure": {"type": "penalty",
                  "force_curve": curve([(0, 0), (0.005, 5000), (0.02, 30000), (0.05, 80000)]),
                  "unloading_energy_fraction": 0.4, "damping": 500, "friction": 0.3},
}


def ellipsoid(name, semi_axes, position, material, color=None, xyz_deg=None):
    g = {"name": name, "type": "ellipsoid", "semi_axes": semi_axes, "position": position, "material": material}
    if xyz_deg:
        g["orientation"] = {"xyz_deg": xyz_deg}
    if color:
        g["color"] = color
    return g


def chassis_geometry():
    glass = "#9fc4d8"
    shapes = [
        # lower body and cabin (structure): not meant to be hit first
        ellipsoid("floor", [1.75, 0.82, 0.16], [0.0, 0.0, 0.36], "structure"),
        ellipsoid("cabin", [1.35, 0.84, 0.42], [-0.25, 0.0, 0.78], "structure"),
        ellipsoid("sill_l", [1.2, 0.08, 0.14], [0.0, 0.80, 0.40], "structure"),
        ellipsoid("sill_r", [1.2, 0.08, 0.14], [0.0, -0.80, 0.40], "structure"),
        ellipsoid("rear_bumper", [0.16, 0.84, 0.14], [-2.12, 0.0, 0.50], "bumper"),
        ellipsoid("boot", [0.45, 0.80, 0.22], [-1.78, 0.0, 0.72], "structure"),
        # front end (pedestrian impact): bumper at knee height, bonnet leading edge at the femur
        ellipsoid("bumper", [0.16, 0.84, 0.13], [2.13, 0.0, 0.48], "bumper"),
        ellipsoid("spoiler", [0.12, 0.70, 0.07], [2.10, 0.0, 0.30], "bumper"),
        ellipsoid("bonnet_edge", [0.14, 0.80, 0.10], [2.05, 0.0, 0.70], "bonnet_edge"),
        ellipsoid("bonnet", [0.80, 0.80, 0.14], [1.30, 0.0, 0.72], "bonnet"),
        ellipsoid("windscreen", [0.55, 0.74, 0.06], [0.30, 0.0, 1.06], "windscreen", glass, [0, 27, 0]),
        ellipsoid("a_pillar_l", [0.55, 0.06, 0.06], [0.30, 0.76, 1.06], "structure", None, [0, 27, 0]),
        ellipsoid("a_pillar_r", [0.55, 0.06, 0.06], [0.30, -0.76, 1.06], "structure", None, [0, 27, 0]),
        ellipsoid("roof", [0.85, 0.74, 0.08], [-0.55, 0.0, 1.37], "structure"),
    ]
    return shapes


def corner(axle, side):
    x = WHEELBASE / 2 if axle == "front" else -WHEELBASE / 2
    y = TRACK / 2 if side == "l" else -TRACK / 2
    tag = ("f" if axle == "front" else "r") + side
    front_share = (WHEELBASE / 2 + CHASSIS_COM[0]) / WHEELBASE
    share = front_share if axle == "front" else 1 - front_share
    sprung_load = CHASSIS_MASS * G * share / 2
    k = SPRING[axle]
    centre_z = TYRE_RADIUS - TYRE_DEFLECTION
    upright = {
        "name": "upright_" + tag, "mass": UPRIGHT_MASS,
        "inertia": {"moments": [0.15, 0.12, 0.15]},
        "color": "#505860",
        "joint": {"name": "susp_" + tag, "type": "slider", "parent": "chassis", "axis": [0, 0, 1],
                  "parent_frame": {"position": [round(x, 4), round(y, 4), round(centre_z, 4)]}},
        "geometry": [{"type": "cylinder", "radius": 0.09, "half_length": 0.04,
                      "position": [0, -0.06 if side == "l" else 0.06, 0],
                      "orientation": {"xyz_deg": [90, 0, 0]}}],
    }
    wheel = {
        "name": "wheel_" + tag, "mass": WHEEL_MASS,
        "inertia": {"moments": WHEEL_INERTIA},
        "color": "#202020",
        "joint": {"name": "spin_" + tag, "type": "pin", "parent": upright["name"], "axis": [0, 1, 0]},
        "geometry": [ellipsoid("tyre", [TYRE_RADIUS, TYRE_HALF_WIDTH, TYRE_RADIUS], [0, 0, 0], "tyre")],
    }
    # The spring carries the corner's share of the sprung weight at coordinate 0 (rest < 0: preload).
    forces = [
        {"type": "mobility_linear_spring", "name": "spring_" + tag, "body": upright["name"],
         "coordinate": "x", "stiffness": k, "rest": round(-sprung_load / k, 5)},
        {"type": "mobility_linear_damper", "name": "damper_" + tag, "body": upright["name"],
         "coordinate": "x", "damping": DAMPER[axle]},
        {"type": "mobility_linear_stop", "name": "stop_" + tag, "body": upright["name"], "coordinate": "x",
         "lower": -TRAVEL, "upper": TRAVEL, "stiffness": 2.0e6, "dissipation": 1.0},
    ]
    return [upright, wheel], forces, "spin_" + tag


def main():
    bodies = [{
        "name": "chassis", "mass": CHASSIS_MASS, "mass_center": CHASSIS_COM,
        "inertia": {"moments": CHASSIS_INERTIA}, "color": "#b03030",
        "joint": {"name": "root", "type": "free", "parent": "ground"},
        "geometry": chassis_geometry(),
        "description": "sprung mass: body shell, engine, interior, occupants excluded",
    }]
    forces, spins = [], []
    for axle in ("front", "rear"):
        for side in ("l", "r"):
            b, f, spin = corner(axle, side)
            bodies += b
            forces += f
            spins.append(spin)
    total = sum(b["mass"] for b in bodies)
    model = {
        "format": "articula-model", "version": 1,
        "name": "mid-size car",
        "description": (f"Mid-size passenger car, {total:.0f} kg: a free chassis, four sprung uprights on sliders "
                        "with preloaded springs, dampers and travel stops, four spinning wheels with Hertz rubber "
                        "tyres on the ground, and a front end (bumper, bonnet leading edge, bonnet, windscreen) "
                        "with penalty stiffness curves for pedestrian impacts. Our own model with typical C/D-segment "
                        "dimensions; suspension rates after Gillespie, Fundamentals of Vehicle Dynamics (SAE 1992). "
                        "Generated by models/make_car.py, which lists the assumptions. Starts at 40 km/h."),
        "metadata": {"frames": "x forward, y left, z up; chassis origin on the ground midway between the axles",
                     "wheelbase_m": WHEELBASE, "track_m": TRACK, "tyre_radius_m": TYRE_RADIUS,
                     "initial_speed_m_per_s": round(SPEED, 4)},
        "gravity": [0, 0, -G],
        "contact_materials": MATERIALS,
        "contact": {"ground": {"height": 0, "normal": [0, 0, 1], "material": "road"},
                    "self_contact": True, "excluded_joint_distance": 2},
        "bodies": bodies,
        "forces": forces,
        "initial_state": {"q": {"root.z": 0.0},
                          "u": dict([("root.vx", round(SPEED, 4))] +
                                    [(s + ".angle", round(SPEED / (TYRE_RADIUS - TYRE_DEFLECTION), 4)) for s in spins])},
        # CvodeBDF at 1e-6 closes the energy balance (0.03 % of the 2.3 J moved, 194 steps, 0.01 s);
        # RungeKuttaMerson at 1e-3 took 9047 steps and reported 180 J of integration error as
        # dissipation, RosenbrockW3 needs more than 1e-6 (8 % there) on a body rolling with 92 kJ.
        "scenario": {"duration": 1.0, "integrator": "CvodeBDF", "accuracy": 1e-6, "report_interval": 0.005},
    }
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "car.json")
    with open(path, "w") as f:
        json.dump(model, f, indent=1)
        f.write("\n")
    print(f"wrote {path}: {len(bodies)} bodies, {total:.1f} kg")


if __name__ == "__main__":
    main()
