#!/usr/bin/env python3
"""Inverse dynamics of a recorded motion: the joint torques that reproduce q(t).

The motion is recorded from a free swing of the double pendulum, so the torques the inverse
dynamics finds must be zero (up to the error of differentiating the samples twice) -- the check
at the end. Then the same for a prescribed sinusoidal motion, whose torques are printed.

    python3 examples/python/inverse_dynamics.py
"""
import pathlib

import numpy as np

import articula
from articula import Stage

ROOT = pathlib.Path(__file__).resolve().parents[2]


def joint_torques(model, time, q):
    """tau(t) = M(q) qddot + c(q, qdot) - gravity's generalized force, at every sample."""
    qdot = np.gradient(q, time, axis=0)
    qddot = np.gradient(qdot, time, axis=0)
    matter, system = model.matter, model.system
    s = model.initial_state()
    tau = np.empty_like(q)
    for k in range(len(time)):
        s.q[:] = q[k]  # writes into the State; the views invalidate Position on their own
        s.u[:] = qdot[k]  # pin joints: u = qdot
        system.realize(s, Stage.Dynamics)
        gravity = matter.applied_body_forces(s)
        tau[k] = matter.calc_residual_force(s, qddot[k], body_forces=gravity)
    return tau


def main():
    model = articula.load(str(ROOT / "models" / "double_pendulum.json"))
    r = model.simulate(duration=1.0, report_interval=1e-3, accuracy=1e-8)
    tau = joint_torques(model, r.time, r.q)
    inner = slice(5, -5)  # np.gradient is one-sided at the ends
    scale = np.abs(tau[inner]).max()
    print("free swing: largest torque %.2e N m (zero up to the differentiation error)" % scale)
    assert scale < 5e-3

    t = np.linspace(0.0, 2.0, 2001)
    q = np.column_stack([0.5 * np.sin(np.pi * t), 0.3 * np.sin(2 * np.pi * t)])
    tau = joint_torques(model, t, q)
    for name, column in zip(model.u_names, tau.T):
        print("%-16s peak torque %6.2f N m" % (name, np.abs(column[inner]).max()))
    # Holding the upper rod at 0.5 rad against gravity alone needs about m g d sin(0.5) of torque.
    assert 1.0 < np.abs(tau[inner, 0]).max() < 20.0


if __name__ == "__main__":
    main()
