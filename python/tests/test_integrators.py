"""The integrators through Python, against a simple pendulum built in code: each method of the
registry reaches the small-angle analytic solution and conserves energy to the accuracy asked,
fixed steps converge at each method's order, the settings are checked, the reported State is a
copy that never changes under the caller, and step_to releases the GIL."""
import math
import threading
import time

import numpy as np
import pytest

import articula
from articula import StepOutcome

G, L, MASS = 9.81, 1.0, 1.0
OMEGA = math.sqrt(G / L)  # small-angle angular frequency


def pendulum(theta0):
    """A point mass on a massless rod of length L, pinned about z, gravity along -y; q = angle from
    the downward vertical. Returns (system, state at rest at theta0)."""
    system = articula.MultibodySystem()
    bob = articula.Body(MASS, [0, 0, 0], articula.Inertia(0, 0, 0))
    # The pin's frame M is L above the bob: at q = 0 the bob hangs at (0, -L, 0).
    system.matter.add_body(0, articula.Transform(), bob, articula.Transform([0, L, 0]), articula.mobilizers.pin())
    system.add_general_forces().add_gravity([0, -G, 0])
    state = system.realize_topology()
    state.q[0] = theta0
    return system, state


def energy(system, state):
    """m g L (1 - cos q) + m L^2 u^2 / 2, computed here, not by the engine."""
    q, u = state.q[0], state.u[0]
    return MASS * G * L * (1 - math.cos(q)) + 0.5 * MASS * L ** 2 * u ** 2


def settings_for(method, accuracy):
    # SemiExplicitEuler has no error control: a fixed step stands in for the accuracy.
    return {"fixed_step_size": 1000 * accuracy} if method == "SemiExplicitEuler" else {"accuracy": accuracy}


# Largest global error over 2 s (about a period) in units of the local accuracy asked, and of the
# relative energy drift; first-order methods accumulate their local errors over many more steps.
ERROR_FACTOR = {"ExplicitEuler": 4000, "SemiExplicitEuler2": 600, "SemiExplicitEuler": 10}
ENERGY_FACTOR = {"ExplicitEuler": 2e4, "SemiExplicitEuler2": 1000, "SemiExplicitEuler": 3000}
METHODS = articula.integrator_methods()


def test_the_registry_has_every_method_and_classes_match():
    assert len(METHODS) == 13 and "RungeKuttaMerson" in METHODS and "CvodeBDF" in METHODS
    system, _ = pendulum(0.1)
    for name in METHODS:
        integ = articula.make_integrator(system, name)
        assert integ.method_name == name
        assert isinstance(integ, articula.Integrator)
    merson = articula.RungeKuttaMersonIntegrator(system, accuracy=1e-5)
    assert merson.method_name == "RungeKuttaMerson" and merson.method_order == 4 and merson.accuracy == 1e-5
    assert type(articula.make_integrator(system, "DormandPrince54")) is articula.DormandPrince54Integrator
    assert articula.CvodeIntegrator(system, "Adams").method_name == "CvodeAdams"
    assert not articula.SemiExplicitEulerIntegrator(system).has_error_control


@pytest.mark.parametrize("method", METHODS)
def test_each_method_reaches_the_small_angle_solution(method):
    theta0 = 1e-3  # the nonlinearity's error (theta0^3/16 per radian of phase) is below 1e-9
    errors = {}
    for accuracy in (1e-6, 1e-8):
        if method == "SemiExplicitEuler" and accuracy < 1e-7:
            accuracy = 1e-7  # a step of 1e-4 s: 20000 steps
        system, state = pendulum(theta0)
        integ = articula.make_integrator(system, method, **settings_for(method, accuracy))
        integ.initialize(state)
        worst = 0.0
        for t in np.linspace(0.25, 2.0, 8):
            assert integ.step_to(t) == StepOutcome.ReachedReportTime
            s = integ.state
            assert s.time == pytest.approx(t, abs=1e-12)
            worst = max(worst, abs(s.q[0] - theta0 * math.cos(OMEGA * t)))
        assert worst <= ERROR_FACTOR.get(method, 40) * accuracy, (method, accuracy, worst)
        errors[accuracy] = worst
    # Asking for more accuracy gives it.
    tight = min(errors)
    assert errors[max(errors)] > 5 * errors[tight], errors


@pytest.mark.parametrize("method", METHODS)
def test_each_method_conserves_energy_of_a_large_swing(method):
    accuracy = 1e-6
    system, state = pendulum(1.0)
    e0 = energy(system, state)
    integ = articula.make_integrator(system, method, **settings_for(method, accuracy))
    integ.initialize(state)
    integ.step_to(2.0)
    s = integ.state
    assert s.time == 2.0 and abs(s.q[0]) <= 1.0 + 1e-3
    drift = abs(energy(system, s) - e0) / e0
    assert drift <= ENERGY_FACTOR.get(method, 40) * accuracy, (method, drift)
    # The engine's own energy is the formula's (up to its constant).
    start = state.copy()
    system.realize(start)
    system.realize(s)
    assert system.calc_energy(s) - system.calc_energy(start) == pytest.approx(energy(system, s) - e0, abs=1e-12)


@pytest.mark.parametrize("method, order", [("RungeKuttaMerson", 4), ("RungeKutta3", 3), ("RungeKuttaFeldberg", 5),
                                           ("DormandPrince54", 5), ("RosenbrockW3", 3), ("ExplicitEuler", 1)])
def test_fixed_steps_converge_at_the_method_order(method, order):
    theta0 = 1e-6  # linear to 1e-19: the analytic solution is exact for the test's purposes
    errors = []
    for h in (0.05, 0.025, 0.0125):
        system, state = pendulum(theta0)
        integ = articula.make_integrator(system, method, fixed_step_size=h)
        assert integ.fixed_step_size == h
        integ.initialize(state)
        integ.step_to(2.0)
        assert integ.statistics["steps_taken"] == round(2.0 / h)
        errors.append(abs(integ.state.q[0] - theta0 * math.cos(OMEGA * 2.0)))
    ratio = errors[1] / errors[2]  # halving the step divides the error by 2^order
    assert math.log2(ratio) == pytest.approx(order, abs=0.25), (errors, ratio)


def test_rk4_error_ratio_is_16():
    """The brief's check, spelled out: fixed-step RungeKuttaMerson (4th order)."""
    errors = []
    for h in (0.04, 0.02, 0.01):
        system, state = pendulum(1e-6)
        integ = articula.RungeKuttaMersonIntegrator(system, fixed_step_size=h)
        integ.initialize(state)
        integ.step_to(2.0)
        errors.append(abs(integ.state.q[0] - 1e-6 * math.cos(OMEGA * 2.0)))
    assert errors[1] / errors[2] == pytest.approx(16, rel=0.15)


def test_settings_are_properties_and_keywords():
    system, _ = pendulum(0.1)
    integ = articula.make_integrator(system, "DormandPrince54", accuracy=1e-7, maximum_step_size=0.01,
                                     minimum_step_size=1e-9, constraint_tolerance=1e-9, initial_step_size=1e-3,
                                     final_time=5.0, max_steps_per_call=77)
    assert integ.accuracy == 1e-7 and integ.maximum_step_size == 0.01 and integ.minimum_step_size == 1e-9
    assert integ.constraint_tolerance == 1e-9 and integ.initial_step_size == 1e-3
    assert integ.final_time == 5.0 and integ.max_steps_per_call == 77 and integ.fixed_step_size is None
    integ.fixed_step_size = 0.002
    assert integ.fixed_step_size == 0.002 and integ.settings["maximum_step_size"] == 0.002
    integ.fixed_step_size = None
    assert integ.fixed_step_size is None
    assert integ.configure(accuracy=1e-4) is integ and integ.accuracy == 1e-4
    integ.max_steps_per_call = np.int64(50)  # any integer type
    assert integ.max_steps_per_call == 50
    assert integ.settings["constraint_tolerance_in_use"] == 1e-9


@pytest.mark.parametrize("setting, value, error", [
    ("accuracy", -1e-3, ValueError), ("accuracy", 0.0, ValueError), ("accuracy", 2.0, ValueError),
    ("accuracy", float("nan"), ValueError), ("fixed_step_size", float("nan"), ValueError),
    ("fixed_step_size", -0.1, ValueError), ("maximum_step_size", 0.0, ValueError),
    ("minimum_step_size", float("nan"), ValueError), ("initial_step_size", -1.0, ValueError),
    ("final_time", float("nan"), ValueError), ("max_steps_per_call", 0, ValueError),
    ("accuracy", "tight", TypeError), ("max_steps_per_call", 1.5, TypeError),
    ("report_stage", articula.Stage(42), ValueError), ("report_stage", "Position", TypeError),
    ("return_every_internal_step", "yes", TypeError), ("max_steps_per_call", 2 ** 70, ValueError),
    ("report_stage", articula.Stage.Model, ValueError),
])
def test_bad_settings_raise(setting, value, error):
    system, _ = pendulum(0.1)
    integ = articula.make_integrator(system)
    with pytest.raises(error, match="(?i)" + setting.split("_")[0]):
        setattr(integ, setting, value)
    with pytest.raises(error):
        articula.make_integrator(system, "RungeKutta3", **{setting: value})
    assert integ.accuracy == 1e-3  # unchanged by the failed assignments


def test_unknown_method_and_setting():
    system, _ = pendulum(0.1)
    with pytest.raises(ValueError, match="RungeKuttaMerson"):  # the message lists the names
        articula.make_integrator(system, "RK45")
    with pytest.raises(TypeError, match="unknown integrator setting 'tolerance'"):
        articula.make_integrator(system, tolerance=1e-3)
    with pytest.raises(ValueError, match="BDF"):
        articula.CvodeIntegrator(system, "Gear")


def test_state_is_a_copy_that_never_dangles():
    system, state = pendulum(0.5)
    integ = articula.make_integrator(system, accuracy=1e-8)
    integ.initialize(state)
    integ.step_to(0.3)
    s = integ.state
    q = s.q  # a view of the copy's memory
    kept = q.copy()
    integ.step_to(1.0)
    del s
    np.testing.assert_array_equal(q, kept)  # the view keeps its State alive and unchanged
    later = integ.state
    later.q[0] = 3.0  # writes to a copy do not reach the integrator
    assert integ.state.q[0] != 3.0 and integ.state.time == 1.0
    assert state.time == 0.0 and state.q[0] == 0.5  # initialize copied its argument


def test_step_outcomes_limits_and_dense_output():
    system, state = pendulum(0.5)
    integ = articula.make_integrator(system, "DormandPrince54", accuracy=1e-9, max_steps_per_call=3, final_time=1.0)
    with pytest.raises(articula.Error, match="initialize"):
        integ.step_to(0.1)
    integ.initialize(state)
    assert integ.step_to(10.0) == StepOutcome.ReachedStepLimit and integ.statistics["steps_taken"] == 3
    integ.max_steps_per_call = 100000
    assert integ.step_to(0.4) == StepOutcome.ReachedReportTime and integ.time == 0.4
    assert integ.step_by(0.1) == StepOutcome.ReachedReportTime and integ.time == pytest.approx(0.5)
    t0, t1 = integ.previous_time, integ.advanced_time
    mid = integ.interpolate(0.5 * (t0 + t1))
    assert mid.time == 0.5 * (t0 + t1) and abs(mid.q[0]) < 0.5 + 1e-6
    with pytest.raises(ValueError, match="outside the last step"):
        integ.interpolate(t1 + 1.0)
    assert integ.step_to(5.0) == StepOutcome.EndOfSimulation and integ.time == 1.0
    with pytest.raises(ValueError, match="cannot go back"):
        integ.step_to(0.1)
    with pytest.raises(ValueError, match="NaN"):
        integ.step_to(float("nan"))


def test_a_failed_integration_is_a_simulation_error():
    system, state = pendulum(1.0)
    # Error control needs steps far below the minimum allowed: step size collapse.
    integ = articula.make_integrator(system, "RungeKutta2", accuracy=1e-10, minimum_step_size=0.05,
                                     initial_step_size=0.05)
    integ.initialize(state)
    with pytest.raises(articula.SimulationError, match="RungeKutta2"):
        integ.step_to(1.0)


def test_integrator_keeps_its_system_alive():
    system, state = pendulum(0.2)
    integ = articula.make_integrator(system)
    del system
    import gc
    gc.collect()
    integ.initialize(state)
    assert integ.step_to(0.5) == StepOutcome.ReachedReportTime


def test_step_to_releases_the_gil():
    system, state = pendulum(1.0)
    integ = articula.make_integrator(system, "ExplicitEuler", accuracy=1e-9)
    integ.initialize(state)
    counter = [0]
    stop = threading.Event()

    def count():
        while not stop.is_set():
            counter[0] += 1

    worker = threading.Thread(target=count)
    worker.start()
    try:
        time.sleep(0.01)
        before = counter[0]
        start = time.perf_counter()
        # Euler steps until the run is long enough to tell (its speed is the engine's: a fixed
        # end time once became too short when the sweeps got faster).
        t = 0.0
        while time.perf_counter() - start < 0.2:
            t += 0.5
            integ.step_to(t)
        elapsed = time.perf_counter() - start
        during = counter[0] - before
    finally:
        stop.set()
        worker.join()
    assert elapsed > 0.05, "the run was too short to tell"
    # With the GIL held the counting thread could not run at all while step_to ran.
    assert during > 100, (during, elapsed)


def test_a_model_integrated_here_agrees_with_simulate(pendulum):
    """models/double_pendulum.json: this integrator loop and the command's run loop (Model.simulate)
    integrate the same equations; they agree to about the accuracy asked."""
    r = pendulum.simulate(duration=1.0, integrator="DormandPrince54", accuracy=1e-9, report_interval=0.25)
    integ = articula.make_integrator(pendulum.system, "DormandPrince54", accuracy=1e-9)
    integ.initialize(pendulum.initial_state())
    for t, q in zip(r.time, r.q):
        integ.step_to(t)
        np.testing.assert_allclose(integ.state.q, q, atol=1e-7)
    assert integ.time == pytest.approx(1.0)
