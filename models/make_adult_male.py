#!/usr/bin/env python3
"""Writes adult_male.json: a 16-segment adult male built from de Leva's segment parameters.

Source of every mass fraction, mass-centre position and radius of gyration, and of the segment
lengths: P. de Leva, "Adjustments to Zatsiorsky-Seluyanov's segment inertia parameters",
Journal of Biomechanics 29(9):1223-1230, 1996, Table 4 (males: body mass 73.0 kg, stature
174.1 cm). Rows used (endpoints as in the paper): head VERT-CERV, upper trunk CERV-XYPH, middle
trunk XYPH-OMPH, lower trunk OMPH-MIDH, upper arm SJC-EJC, forearm EJC-WJC, hand WJC-MET3,
thigh HJC-KJC, shank KJC-LMAL, foot HEEL-TTIP.

Not in the tables, so assumed here (stated in the model's metadata): hip joint centres 0.085 m
either side of MIDH, shoulder joint centres 0.18 m either side and 0.06 m below CERV, the ankle
joint 0.065 m above the sole and 0.05 m in front of the heel, the foot's mass centre halfway
between sole and ankle, segment axes aligned with Ground in the upright pose, and the display
ellipsoids' widths.

Frames: z up, x anterior, y left; each body's origin is its proximal joint (the pelvis's is MIDH).
Run: python3 models/make_adult_male.py  (writes models/adult_male.json next to this script)
"""
import json
import os

MASS = 73.0  # kg (de Leva 1996, Table 4, males)

# name: (mass %, CM % from the first endpoint, r_sag %, r_trans %, r_long %, length m)
DE_LEVA = {
    "head":         (6.94, 50.02, 30.3, 31.5, 26.1, 0.2429),   # VERT-CERV
    "upper_trunk":  (15.96, 50.66, 50.5, 32.0, 46.5, 0.2421),  # CERV-XYPH
    "middle_trunk": (16.33, 45.02, 48.2, 38.3, 46.8, 0.2155),  # XYPH-OMPH
    "lower_trunk":  (11.17, 61.15, 61.5, 55.1, 58.7, 0.1457),  # OMPH-MIDH
    "upper_arm":    (2.71, 57.72, 28.5, 26.9, 15.8, 0.2817),   # SJC-EJC
    "forearm":      (1.62, 45.74, 27.6, 26.5, 12.1, 0.2689),   # EJC-WJC
    "hand":         (0.61, 79.00, 62.8, 51.3, 40.1, 0.0862),   # WJC-MET3
    "thigh":        (14.16, 40.95, 32.9, 32.9, 14.9, 0.4222),  # HJC-KJC
    "shank":        (4.33, 44.59, 25.5, 24.9, 10.3, 0.4340),   # KJC-LMAL
    "foot":         (1.37, 44.15, 25.7, 24.5, 12.4, 0.2581),   # HEEL-TTIP
}
HIP_HALF_WIDTH = 0.085
SHOULDER_HALF_WIDTH = 0.18
SHOULDER_BELOW_CERV = 0.06
ANKLE_HEIGHT = 0.065
HEEL_BEHIND_ANKLE = 0.05

COLORS = {"trunk": "#6f8fb8", "head": "#e0b090", "arm": "#d8a070", "leg": "#5f7fa8", "foot": "#404850"}


def params(segment):
    mass_pct, cm_pct, r_sag, r_trans, r_long, length = DE_LEVA[segment]
    mass = MASS * mass_pct / 100
    i_sag, i_trans, i_long = (mass * (r / 100 * length) ** 2 for r in (r_sag, r_trans, r_long))
    return mass, cm_pct / 100, length, i_sag, i_trans, i_long


def vertical_body(name, segment, parent, joint, joint_type, joint_at, upward, color, width, extra=None):
    """A segment along z: upward (trunk, head: from its distal landmark up to the first) or
    hanging (limbs: from the proximal joint down). Sagittal axis y, transverse x, long axis z."""
    mass, cm, length, i_sag, i_trans, i_long = params(segment)
    # The first endpoint of the trunk and head rows is the upper one; the CM % is measured from it.
    com_z = (1 - cm) * length if upward else -cm * length
    mid = length / 2 if upward else -length / 2
    joint_spec = {"name": joint, "type": joint_type, "parent": parent, "parent_frame": {"position": joint_at}}
    if extra:
        joint_spec.update(extra)
    return {
        "name": name, "mass": round(mass, 6), "mass_center": [0, 0, round(com_z, 6)],
        "inertia": {"moments": [round(i_trans, 8), round(i_sag, 8), round(i_long, 8)]},
        "color": color, "joint": joint_spec,
        "geometry": [{"type": "ellipsoid", "semi_axes": [width[0], width[1], round(length / 2, 4)],
                      "position": [0, 0, round(mid, 4)]}],
    }


def foot(side):
    mass, cm, length, i_sag, i_trans, i_long = params("foot")
    com_x = cm * length - HEEL_BEHIND_ANKLE
    # The foot lies along x: long axis x, sagittal y, transverse z.
    return {
        "name": f"foot_{side}", "mass": round(mass, 6), "mass_center": [round(com_x, 6), 0, -ANKLE_HEIGHT / 2],
        "inertia": {"moments": [round(i_long, 8), round(i_sag, 8), round(i_trans, 8)]},
        "color": COLORS["foot"],
        "joint": {"name": f"ankle_{side}", "type": "universal", "parent": f"shank_{side}",
                  "parent_frame": {"position": [0, 0, -DE_LEVA["shank"][5]]}},
        "geometry": [{"type": "ellipsoid", "semi_axes": [round(length / 2, 4), 0.045, ANKLE_HEIGHT / 2],
                      "position": [round(length / 2 - HEEL_BEHIND_ANKLE, 4), 0, -ANKLE_HEIGHT / 2]}],
    }


def model():
    L = {k: v[5] for k, v in DE_LEVA.items()}
    bodies = [
        vertical_body("pelvis", "lower_trunk", "ground", "root", "free", [0, 0, 0], True, COLORS["trunk"], (0.10, 0.16)),
        vertical_body("abdomen", "middle_trunk", "pelvis", "lumbar", "ball", [0, 0, L["lower_trunk"]], True,
                      COLORS["trunk"], (0.10, 0.15)),
        vertical_body("thorax", "upper_trunk", "abdomen", "thoracic", "ball", [0, 0, L["middle_trunk"]], True,
                      COLORS["trunk"], (0.11, 0.17)),
        vertical_body("head", "head", "thorax", "neck", "ball", [0, 0, L["upper_trunk"]], True, COLORS["head"],
                      (0.10, 0.08)),
    ]
    for side, s in (("l", 1), ("r", -1)):
        shoulder = [0, s * SHOULDER_HALF_WIDTH, round(L["upper_trunk"] - SHOULDER_BELOW_CERV, 4)]
        bodies += [
            vertical_body(f"upper_arm_{side}", "upper_arm", "thorax", f"shoulder_{side}", "ball", shoulder, False,
                          COLORS["arm"], (0.045, 0.045)),
            # Elbow flexion brings the forearm forward: a right-handed turn about -y.
            vertical_body(f"forearm_{side}", "forearm", f"upper_arm_{side}", f"elbow_{side}", "pin",
                          [0, 0, -L["upper_arm"]], False, COLORS["arm"], (0.04, 0.04), {"axis": [0, -1, 0]}),
            vertical_body(f"hand_{side}", "hand", f"forearm_{side}", f"wrist_{side}", "universal",
                          [0, 0, -L["forearm"]], False, COLORS["head"], (0.02, 0.045)),
            vertical_body(f"thigh_{side}", "thigh", "pelvis", f"hip_{side}", "ball", [0, s * HIP_HALF_WIDTH, 0], False,
                          COLORS["leg"], (0.075, 0.075)),
            # Knee flexion takes the shank backward: a right-handed turn about +y.
            vertical_body(f"shank_{side}", "shank", f"thigh_{side}", f"knee_{side}", "pin", [0, 0, -L["thigh"]], False,
                          COLORS["leg"], (0.055, 0.055), {"axis": [0, 1, 0]}),
            foot(side),
        ]
    forces = [{"type": "passive_joint_damping", "name": "joint damping", "damping": 0.5}]
    for side in ("l", "r"):
        forces += [
            {"type": "range_of_motion_limit", "name": f"knee_{side} range", "body": f"shank_{side}", "coordinate": "angle",
             "lower_deg": 0, "upper_deg": 140, "stiffness": 120, "damping": 5},
            {"type": "range_of_motion_limit", "name": f"elbow_{side} range", "body": f"forearm_{side}",
             "coordinate": "angle", "lower_deg": 0, "upper_deg": 145, "stiffness": 80, "damping": 3},
        ]
    standing_height = ANKLE_HEIGHT + L["shank"] + L["thigh"]
    return {
        "format": "articula-model", "version": 1, "name": "adult male (de Leva 1996)",
        "description": "16 segments, 73.0 kg, segment parameters from de Leva (1996) Table 4, males. "
                       "Generated by models/make_adult_male.py, which lists the assumptions.",
        "metadata": {
            "source": "P. de Leva, Adjustments to Zatsiorsky-Seluyanov's segment inertia parameters, "
                      "J. Biomech. 29(9):1223-1230, 1996, Table 4 (males)",
            "assumed": {"hip_half_width_m": HIP_HALF_WIDTH, "shoulder_half_width_m": SHOULDER_HALF_WIDTH,
                        "shoulder_below_cervicale_m": SHOULDER_BELOW_CERV, "ankle_height_m": ANKLE_HEIGHT,
                        "heel_behind_ankle_m": HEEL_BEHIND_ANKLE},
            "frames": "z up, x anterior, y left; body origins at the proximal joints (pelvis: mid-hip)"},
        "gravity": [0, 0, -9.81],
        "bodies": bodies,
        "forces": forces,
        "initial_state": {"q": {"root.z": round(standing_height, 4)}},
        "scenario": {"duration": 1.0, "integrator": "RungeKuttaMerson", "accuracy": 1e-3, "report_interval": 0.001,
                     "head_body": "head"},
    }


if __name__ == "__main__":
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "adult_male.json")
    with open(path, "w") as f:
        json.dump(model(), f, indent=1)
        f.write("\n")
    print("wrote", path)
