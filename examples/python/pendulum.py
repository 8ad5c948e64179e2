#!/usr/bin/env python3
"""A simple pendulum built in code, integrated with several methods through a TimeStepper: a
Python witness finds each upward zero crossing of the angle (one per period) and a reporter
samples the energy. Checks the period against the exact one, 4 sqrt(L/g) K(sin(theta0/2)), and
the energy against its initial value, and prints a short table.

    python3 examples/python/pendulum.py
"""
import math

import articula
from articula import EventDirection, Stage

G, L, MASS = 9.81, 1.0, 1.0
THETA0 = 1.0  # rad: a large swing, 7 % slower than the small-angle period
ACCURACY = 1e-8


def exact_period(theta0):
    """4 sqrt(L/g) K(k), k = sin(theta0/2), with K from the arithmetic-geometric mean."""
    a, b = 1.0, math.sqrt(1.0 - math.sin(theta0 / 2) ** 2)
    while abs(a - b) > 1e-15:
        a, b = (a + b) / 2, math.sqrt(a * b)
    return 4 * math.sqrt(L / G) * math.pi / (2 * a)


def build():
    """A point mass MASS on a massless rod L hanging along -z, pinned about y, gravity along -z (z up);
    q = angle from the downward vertical. A pin turns about its frames' z axis: both frames are
    turned by the same rotation (z to y)."""
    system = articula.MultibodySystem()
    bob = articula.Body(MASS, [0, 0, 0], articula.Inertia(0, 0, 0), "bob")
    about_y = articula.Rotation.about_x(-math.pi / 2)
    system.matter.add_body(0, articula.Transform(about_y), bob, articula.Transform(about_y, [0, 0, L]),
                           articula.mobilizers.pin(), name="bob")
    system.add_general_forces().add_gravity([0, 0, -G])
    state = system.realize_topology()
    state.q[0] = THETA0
    return system, state


def run(method, periods=3):
    system, state = build()
    integ = articula.make_integrator(system, method, accuracy=ACCURACY)
    stepper = articula.TimeStepper(system, integ)
    crossings, energies = [], []
    # The angle crosses zero upward once per period; the handler only records the time.
    stepper.add_event(lambda s: s.q[0], lambda s, event: crossings.append(event.time),
                      direction=EventDirection.Rising, stage=Stage.Time, name="upward")
    stepper.add_reporter(lambda s: energies.append(system.calc_energy(s)), interval=0.05)
    stepper.initialize(state)
    stepper.step_to(periods * exact_period(THETA0) + 0.1)
    period = (crossings[-1] - crossings[0]) / (len(crossings) - 1)
    drift = max(abs(e - energies[0]) for e in energies) / (MASS * G * L * (1 - math.cos(THETA0)))
    return period, drift, integ.statistics["steps_taken"], stepper.state


def main():
    exact = exact_period(THETA0)
    small = 2 * math.pi * math.sqrt(L / G)
    print("pendulum L = %g m, theta0 = %g rad: exact period %.9f s (small-angle %.6f s)" % (L, THETA0, exact, small))
    print("%-18s %14s %12s %12s %7s" % ("method", "period (s)", "rel. error", "energy drift", "steps"))
    for method in ("RungeKuttaMerson", "DormandPrince54", "RungeKuttaFeldberg", "RosenbrockW3", "CvodeBDF"):
        period, drift, steps, final = run(method)
        error = abs(period - exact) / exact
        print("%-18s %14.9f %12.1e %12.1e %7d" % (method, period, error, drift, steps))
        # The crossing is isolated to accuracy * 0.1 s = 1e-9 s; the trajectory is accurate to
        # about the accuracy asked per period.
        assert error < 1e-6, (method, period, exact)
        assert drift < 1e-5, (method, drift)
        assert abs(final.q[0]) <= THETA0 + 1e-6
    assert exact > 1.06 * small  # a large swing is markedly slower (1 + theta0^2/16 + ...)


if __name__ == "__main__":
    main()
