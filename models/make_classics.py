#!/usr/bin/env python3
"""Writes the classic mechanisms: pendulum_chain.json, four_bar.json, slider_crank.json,
spinning_top.json and newtons_cradle.json (our own models; the physics they show is textbook).

Conventions: z up; planar mechanisms move in the x-z plane on pins about y. Slender links are
uniform rods (I = m L^2 / 12 about the centre, a small polar moment for the triangle inequality).
Run: python3 models/make_classics.py  (writes next to this script)
"""
import json
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))
G = 9.81


def header(name, description):
    return {"format": "articula-model", "version": 1, "name": name, "description": description, "gravity": [0, 0, -G]}


def rod_link(name, length, mass, joint, color, along="x", radius=0.01):
    """A uniform rod from the body origin along +x (or -z), on the given joint."""
    i_t = mass * length ** 2 / 12
    i_p = 0.5 * mass * radius ** 2
    if along == "x":
        com, moments, orient = [length / 2, 0, 0], [i_p, i_t, i_t], {"xyz_deg": [0, 90, 0]}
    else:
        com, moments, orient = [0, 0, -length / 2], [i_t, i_t, i_p], None
    g = {"type": "cylinder", "radius": radius, "half_length": length / 2, "position": com}
    if orient:
        g["orientation"] = orient
    return {"name": name, "mass": mass, "mass_center": com, "inertia": {"moments": [round(x, 10) for x in moments]},
            "color": color, "joint": joint, "geometry": [g]}


def write(filename, model):
    with open(os.path.join(HERE, filename), "w") as f:
        json.dump(model, f, indent=1)
        f.write("\n")
    print("wrote", filename)


def pendulum_chain(n=6, length=0.25, mass=0.5):
    """n links on ball joints hanging from Ground, released from a bent, twisted pose."""
    m = header(f"pendulum chain ({n} links)",
               f"{n} uniform 0.25 m, 0.5 kg rods joined by ball joints, the first hung from Ground; released at rest "
               "from a bent, out-of-plane pose. Conservative: total energy is constant.")
    bodies, q_deg = [], {}
    for i in range(n):
        parent = "ground" if i == 0 else f"link{i}"
        joint = {"name": f"j{i + 1}", "type": "ball", "parent": parent,
                 "parent_frame": {"position": [0, 0, 0 if i == 0 else -length]}}
        color = "#4f8fd8" if i % 2 == 0 else "#d8844f"
        bodies.append(rod_link(f"link{i + 1}", length, mass, joint, color, along="z"))
        q_deg[f"j{i + 1}.rx"] = 25 if i % 2 == 0 else -10
        q_deg[f"j{i + 1}.ry"] = 40 if i == 0 else 15
    m["bodies"] = bodies
    m["initial_state"] = {"q_deg": q_deg}
    m["scenario"] = {"duration": 3, "integrator": "RungeKuttaMerson", "accuracy": 1e-6, "report_interval": 0.01}
    return m


# Four-bar (crank-rocker, Grashof: s + l <= p + q): ground d, crank a, coupler b, rocker c.
FOUR_BAR = {"a": 0.10, "b": 0.30, "c": 0.25, "d": 0.30}


def four_bar_angles(theta2):
    """Coupler (relative to the crank) and rocker angles for crank angle theta2 (open branch).
    Angles are rotations about +y, so a link along x at angle t points to (cos t, 0, -sin t)."""
    a, b, c, d = (FOUR_BAR[k] for k in "abcd")
    # Planar in (x, -z) coordinates, counter-clockwise angles there equal rotations about +y.
    ax, ay = a * math.cos(theta2), a * math.sin(theta2)
    ex, ey = d - ax, -ay  # from the crank tip to the rocker pivot
    e = math.hypot(ex, ey)
    # Triangle crank tip - joint - rocker pivot: coupler b from the tip, rocker c from the pivot.
    phi = math.atan2(ey, ex)
    alpha = math.acos((b * b + e * e - c * c) / (2 * b * e))
    theta3 = phi + alpha  # coupler absolute angle (open branch: joint above the ground line)
    jx, jy = ax + b * math.cos(theta3), ay + b * math.sin(theta3)
    theta4 = math.atan2(jy, jx - d)
    return theta3 - theta2, theta4


def four_bar():
    a, b, c, d = (FOUR_BAR[k] for k in "abcd")
    m = header("four-bar linkage",
               f"Crank-rocker four-bar (ground {d} m, crank {a} m, coupler {b} m, rocker {c} m; uniform 0.2-0.5 kg rods) "
               "in the x-z plane, the loop closed by a ball constraint between coupler and rocker. The crank starts at "
               "60 degrees and 2 rad/s; gravity drives it. Freudenstein's equation K1 cos(t4) - K2 cos(t2) + K3 = "
               "cos(t2 - t4) (K1 = d/a, K2 = d/c, K3 = (a^2 - b^2 + c^2 + d^2)/(2ac)) holds at every instant, "
               "angles being the crank and rocker joint angles about y. Conservative.")
    y = [0, 1, 0]
    m["bodies"] = [
        rod_link("crank", a, 0.2, {"name": "crank", "type": "pin", "parent": "ground", "axis": y}, "#4f8fd8"),
        rod_link("coupler", b, 0.5, {"name": "coupler", "type": "pin", "parent": "crank", "axis": y,
                                      "parent_frame": {"position": [a, 0, 0]}}, "#d8844f"),
        rod_link("rocker", c, 0.4, {"name": "rocker", "type": "pin", "parent": "ground", "axis": y,
                                     "parent_frame": {"position": [d, 0, 0]}}, "#6fb86f"),
    ]
    m["constraints"] = [{"type": "ball", "name": "coupler-rocker", "body1": "coupler", "station1": [b, 0, 0],
                         "body2": "rocker", "station2": [c, 0, 0]}]
    theta2 = math.radians(60)
    t3, t4 = four_bar_angles(theta2)
    # Guesses a little off the closed pose: the assembler finds it (the crank is held).
    m["initial_state"] = {"q_deg": {"crank.angle": 60, "coupler.angle": round(math.degrees(t3) + 3, 1),
                                    "rocker.angle": round(math.degrees(t4) - 3, 1)},
                          "u": {"crank.angle": 2.0}, "hold": ["crank.angle"]}
    m["metadata"] = {"links_m": FOUR_BAR, "branch": "open (coupler-rocker joint above the ground line)"}
    m["scenario"] = {"duration": 3, "integrator": "RungeKuttaMerson", "accuracy": 1e-6, "report_interval": 0.01}
    return m


def slider_crank(r=0.08, l=0.30, omega=2 * math.pi):
    m = header("slider-crank",
               f"Slider-crank (crank {r} m, connecting rod {l} m, 1 kg slider on a horizontal guide along x) driven at a "
               f"constant {omega:.4g} rad/s by a constant_speed constraint on the crank; the rod's end is tied to the slider "
               "by a ball constraint. The slider follows x = r cos(t) + sqrt(l^2 - r^2 sin^2(t)) exactly.")
    y = [0, 1, 0]
    theta0 = 0.0
    m["bodies"] = [
        rod_link("crank", r, 0.3, {"name": "crank", "type": "pin", "parent": "ground", "axis": y}, "#4f8fd8"),
        rod_link("rod", l, 0.6, {"name": "rod", "type": "pin", "parent": "crank", "axis": y,
                                  "parent_frame": {"position": [r, 0, 0]}}, "#d8844f"),
        {"name": "slider", "mass": 1.0, "inertia": {"moments": [0.001, 0.001, 0.001]}, "color": "#6fb86f",
         "joint": {"name": "guide", "type": "slider", "parent": "ground", "axis": [1, 0, 0]},
         "geometry": [{"type": "box", "half_lengths": [0.04, 0.03, 0.03]}]},
    ]
    m["constraints"] = [
        {"type": "ball", "name": "wrist pin", "body1": "rod", "station1": [l, 0, 0], "body2": "slider", "station2": [0, 0, 0]},
        {"type": "constant_speed", "name": "motor", "coordinate": "crank.angle", "speed": omega},
    ]
    m["initial_state"] = {"q": {"crank.angle": theta0, "guide.x": r + l - 0.01}, "u": {"crank.angle": omega},
                          "hold": ["crank.angle"]}
    m["scenario"] = {"duration": 2, "integrator": "RungeKuttaMerson", "accuracy": 1e-6, "report_interval": 0.01}
    return m


def spinning_top(spin=300.0, tilt_deg=20.0):
    """A disk on a stem, its tip on a ball joint at the origin; started in steady precession."""
    mass, radius, thick, height = 0.5, 0.05, 0.01, 0.06
    i3 = 0.5 * mass * radius ** 2
    i1 = 0.25 * mass * radius ** 2 + mass * thick ** 2 / 12
    i1_tip = i1 + mass * height ** 2
    mgl = mass * G * height
    th = math.radians(tilt_deg)
    # Steady precession Omega about z with spin s about the axis (omega3 = s + Omega cos th):
    # m g l = Omega I3 omega3 - I1' Omega^2 cos th, i.e. m g l = Omega I3 s + (I3 - I1') Omega^2 cos th (slow root).
    A, B, C = (i3 - i1_tip) * math.cos(th), i3 * spin, -mgl
    omega_p = (-B + math.sqrt(B * B - 4 * A * C)) / (2 * A) if abs(A) > 1e-15 else -C / B
    gyro = mgl / (i3 * (spin + omega_p * math.cos(th)))
    m = header("spinning top",
               f"A {mass} kg disk (radius {radius} m) on a light stem, its tip held at the origin by a ball joint, mass centre "
               f"{height} m up the axis, tilted {tilt_deg} degrees and spinning at {spin} rad/s, started in steady precession "
               f"(slow root of m g l = Omega I3 w3 - I1' Omega^2 cos(tilt), Omega = {omega_p:.6g} rad/s). The gyroscopic "
               f"estimate m g l / (I3 w3) = {gyro:.6g} rad/s. Conservative.")
    m["metadata"] = {"precession_rad_per_s": omega_p, "gyroscopic_estimate_rad_per_s": gyro, "spin_rad_per_s": spin,
                     "tilt_deg": tilt_deg, "I3": i3, "I1_about_tip": i1_tip, "mgl": mgl}
    m["bodies"] = [{
        "name": "top", "mass": mass, "mass_center": [0, 0, height],
        "inertia": {"moments": [round(i1, 12), round(i1, 12), round(i3, 12)]}, "color": "#c84f4f",
        "joint": {"name": "tip", "type": "ball", "parent": "ground"},
        "geometry": [{"type": "cylinder", "radius": radius, "half_length": thick / 2, "position": [0, 0, height]},
                     {"type": "cylinder", "radius": 0.004, "half_length": height / 2 + 0.01, "position": [0, 0, height / 2 + 0.01],
                      "color": "#404040"}]}]
    # Angular velocity in Ground: spin along the tilted axis plus the precession about z.
    axis = [0, -math.sin(th), math.cos(th)]
    w = [spin * axis[k] + (omega_p if k == 2 else 0) for k in range(3)]
    m["initial_state"] = {"q_deg": {"tip.rx": tilt_deg},
                          "u": {"tip.wx": round(w[0], 12), "tip.wy": round(w[1], 12), "tip.wz": round(w[2], 12)}}
    m["scenario"] = {"duration": 2, "integrator": "RungeKuttaMerson", "accuracy": 1e-7, "report_interval": 0.005}
    return m


def newtons_cradle(n=5, radius=0.02, length=0.3, lift_deg=30):
    mass = 7850 * 4 / 3 * math.pi * radius ** 3
    i = 0.4 * mass * radius ** 2
    m = header("Newton's cradle",
               f"{n} steel balls (radius {radius} m, {mass:.4g} kg) on {length} m pendulums (pins about y) hung side by side "
               f"so that neighbours touch; the first is raised {lift_deg} degrees. Hertz contact between the spheres "
               "(steel, little dissipation).")
    m["contact_materials"] = {"steel": {"type": "hertz", "youngs_modulus": 2.0e11, "poisson_ratio": 0.29,
                                        "dissipation": 0.001, "static_friction": 0.1, "dynamic_friction": 0.08}}
    m["contact"] = {"self_contact": True, "excluded_joint_distance": 1}
    bodies = []
    for k in range(n):
        bodies.append({
            "name": f"ball{k + 1}", "mass": round(mass, 8), "mass_center": [0, 0, -length],
            "inertia": {"moments": [round(i, 12)] * 3}, "color": "#b0b8c0",
            "joint": {"name": f"pivot{k + 1}", "type": "pin", "parent": "ground", "axis": [0, 1, 0],
                      "parent_frame": {"position": [round(2 * radius * k, 6), 0, length]}},
            "geometry": [{"type": "sphere", "radius": radius, "position": [0, 0, -length], "material": "steel"},
                         {"type": "cylinder", "radius": 0.001, "half_length": length / 2, "position": [0, 0, -length / 2],
                          "color": "#303030"}]})
    m["bodies"] = bodies
    # A positive angle about +y swings the ball towards -x, away from its neighbours.
    m["initial_state"] = {"q_deg": {"pivot1.angle": lift_deg}}
    m["scenario"] = {"duration": 2, "integrator": "RungeKuttaMerson", "accuracy": 1e-5, "report_interval": 0.002}
    return m


if __name__ == "__main__":
    write("pendulum_chain.json", pendulum_chain())
    write("four_bar.json", four_bar())
    write("slider_crank.json", slider_crank())
    write("spinning_top.json", spinning_top())
    write("newtons_cradle.json", newtons_cradle())
