#!/usr/bin/env python3
"""Writes adult_female.json: a 16-segment adult female built like adult_male.json (same tree,
frames and display shapes; make_adult_male.py builds the bodies) from de Leva's female tables,
with normative joint ranges of motion on every joint.

Segment parameters: P. de Leva, "Adjustments to Zatsiorsky-Seluyanov's segment inertia
parameters", Journal of Biomechanics 29(9):1223-1230, 1996, Table 4 (females: body mass 61.9 kg,
stature 173.5 cm): mass %, mass-centre position % from the first endpoint, radii of gyration %
(sagittal, transverse, longitudinal) and segment lengths, same rows and endpoints as for males.

Ranges of motion (degrees): American Academy of Orthopaedic Surgeons normative values as tabulated
in Greene & Heckman, The Clinical Measurement of Joint Motion, AAOS 1994 (hip flexion 120,
extension 30, abduction 45, adduction 30, rotation 45; shoulder flexion 180, extension 60,
abduction 180, rotation 70-90; elbow 0-150; knee 0-135; ankle dorsiflexion 20, plantarflexion 50;
subtalar inversion 35, eversion 15; wrist flexion 80, extension 70, radial 20, ulnar 30 deviation;
cervical flexion 45, extension 45, lateral 45, rotation 60-80; thoracolumbar flexion 80, extension
25, lateral 35, rotation 45, shared here between the lumbar and thoracic joints). Swing angles of
the ball joints are about x (ab/adduction, lateral bending) and y (flexion/extension) of the parent
joint frame, twist about the segment's long axis z (orientation-mode range_of_motion_limit).

Not in the tables, so assumed (stated in the model's metadata): hip joint centres 0.09 m either
side of MIDH, shoulder joint centres 0.165 m either side and 0.055 m below CERV, the ankle 0.06 m
above the sole and 0.045 m in front of the heel; limit stiffnesses and damping.
Run: python3 models/make_adult_female.py  (writes models/adult_female.json next to this script)
"""
import json
import os

import make_adult_male as base

MASS = 61.9  # kg (de Leva 1996, Table 4, females)

# name: (mass %, CM % from the first endpoint, r_sag %, r_trans %, r_long %, length m)
DE_LEVA_FEMALE = {
    "head":         (6.68, 48.41, 27.1, 29.5, 26.3, 0.2437),   # VERT-CERV
    "upper_trunk":  (15.45, 50.50, 46.6, 31.4, 44.9, 0.2280),  # CERV-XYPH
    "middle_trunk": (14.65, 45.12, 43.3, 35.4, 41.5, 0.2053),  # XYPH-OMPH
    "lower_trunk":  (12.47, 49.20, 43.3, 40.2, 44.4, 0.1815),  # OMPH-MIDH
    "upper_arm":    (2.55, 57.54, 27.8, 26.0, 14.8, 0.2751),   # SJC-EJC
    "forearm":      (1.38, 45.59, 26.1, 25.7, 9.4, 0.2643),    # EJC-WJC
    "hand":         (0.56, 74.74, 53.1, 45.4, 33.5, 0.0780),   # WJC-MET3
    "thigh":        (14.78, 36.12, 36.9, 36.4, 16.2, 0.3685),  # HJC-KJC
    "shank":        (4.81, 44.16, 27.1, 26.7, 9.3, 0.4323),    # KJC-LMAL
    "foot":         (1.29, 40.14, 29.9, 27.9, 13.9, 0.2283),   # HEEL-TTIP
}

ASSUMED = {"HIP_HALF_WIDTH": 0.09, "SHOULDER_HALF_WIDTH": 0.165, "SHOULDER_BELOW_CERV": 0.055,
           "ANKLE_HEIGHT": 0.06, "HEEL_BEHIND_ANKLE": 0.045}


def ball_limit(body, x, y, z, stiffness, damping):
    """Orientation limit: (lower, upper) degrees about x, y and twist about z."""
    axes = [{"lower_deg": lo, "upper_deg": hi, "stiffness": stiffness, "damping": damping} for lo, hi in (x, y, z)]
    return {"type": "range_of_motion_limit", "name": f"{body} range", "body": body, "twist_axis": "z", "axes": axes}


def coord_limit(body, coordinate, lo, hi, stiffness, damping, name):
    return {"type": "range_of_motion_limit", "name": name, "body": body, "coordinate": coordinate,
            "lower_deg": lo, "upper_deg": hi, "stiffness": stiffness, "damping": damping}


def ranges():
    """Signs: a segment hanging along -z flexes forward by a negative turn about y; raising the
    left limb sideways is a positive turn about x (mirrored on the right)."""
    f = [ball_limit("abdomen", (-18, 18), (-12, 40), (-22, 22), 60, 3),    # lumbar: half of thoracolumbar
         ball_limit("thorax", (-17, 17), (-13, 40), (-23, 23), 60, 3),     # thoracic: the other half
         ball_limit("head", (-45, 45), (-45, 45), (-70, 70), 20, 1)]       # neck: flexion is +y (head above)
    for side, s in (("l", 1), ("r", -1)):
        mirror = (lambda lo, hi: (lo, hi)) if s > 0 else (lambda lo, hi: (-hi, -lo))
        f += [
            ball_limit(f"upper_arm_{side}", mirror(-30, 170), (-170, 60), (-80, 80), 30, 2),   # shoulder
            coord_limit(f"forearm_{side}", "angle", 0, 150, 80, 3, f"elbow_{side} range"),
            coord_limit(f"hand_{side}", "rx", *mirror(-30, 20), 20, 0.5, f"wrist_{side} deviation range"),
            coord_limit(f"hand_{side}", "ry", -80, 70, 20, 0.5, f"wrist_{side} flexion range"),
            ball_limit(f"thigh_{side}", mirror(-30, 45), (-120, 30), (-45, 45), 120, 5),      # hip
            coord_limit(f"shank_{side}", "angle", 0, 135, 120, 5, f"knee_{side} range"),
            coord_limit(f"foot_{side}", "rx", *mirror(-35, 15), 100, 3, f"ankle_{side} inversion range"),
            coord_limit(f"foot_{side}", "ry", -20, 50, 150, 4, f"ankle_{side} flexion range"),
        ]
    return f


def model():
    base.MASS = MASS
    base.DE_LEVA = DE_LEVA_FEMALE
    for k, v in ASSUMED.items():
        setattr(base, k, v)
    m = base.model()
    total = sum(b["mass"] for b in m["bodies"])
    m["name"] = "adult female (de Leva 1996)"
    m["description"] = (f"16 segments, {total:.1f} kg, segment parameters from de Leva (1996) Table 4, females; joint "
                        "ranges of motion from AAOS normative values (Greene & Heckman 1994). Generated by "
                        "models/make_adult_female.py, which lists the assumptions.")
    m["metadata"] = {
        "source": "P. de Leva, Adjustments to Zatsiorsky-Seluyanov's segment inertia parameters, "
                  "J. Biomech. 29(9):1223-1230, 1996, Table 4 (females)",
        "ranges_of_motion": "AAOS normative values: W.B. Greene, J.D. Heckman (eds.), The Clinical Measurement of "
                            "Joint Motion, American Academy of Orthopaedic Surgeons, 1994",
        "assumed": {k.lower() + "_m": v for k, v in ASSUMED.items()},
        "frames": "z up, x anterior, y left; body origins at the proximal joints (pelvis: mid-hip)"}
    m["forces"] = [{"type": "passive_joint_damping", "name": "joint damping", "damping": 0.5}] + ranges()
    return m


if __name__ == "__main__":
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "adult_female.json")
    with open(path, "w") as f:
        json.dump(model(), f, indent=1)
        f.write("\n")
    print("wrote", path)
