"""The TimeStepper with Python witnesses, handlers and reporters, and the Assembler, against
analytic results: a bouncing ball's impact times and rebound, free fall between scheduled
events, reporters at their exact times, exceptions from callbacks reaching the caller as
themselves, and a four-bar linkage assembled onto Freudenstein's equation."""
import math

import numpy as np
import pytest

import articula
from articula import EventDirection, Stage, StepOutcome

G, H0 = 9.81, 1.0
T_IMPACT = math.sqrt(2 * H0 / G)  # first impact of a ball dropped from H0 at rest
V_IMPACT = -math.sqrt(2 * G * H0)
ACCURACY = 1e-8


def ball(h0=H0):
    """A 1 kg particle on a slider along x (its height), gravity along -x. Returns (system, state)."""
    system = articula.MultibodySystem()
    system.matter.add_body(0, articula.Transform(), articula.Body(1.0, [0, 0, 0], articula.Inertia(0, 0, 0)),
                           articula.Transform(), articula.mobilizers.slider())
    system.add_general_forces().add_gravity([-G, 0, 0])
    state = system.realize_topology()
    state.q[0] = h0
    return system, state


def stepper(system, **settings):
    integ = articula.make_integrator(system, "RungeKuttaMerson", **{"accuracy": ACCURACY, **settings})
    return articula.TimeStepper(system, integ)


def window(ts):
    """The localization window in use: accuracy * the default characteristic time 0.1 s."""
    return ts.integrator.accuracy * 0.1


def height(state):
    return state.q[0]


# ---- events -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("write", ["view element", "view in place", "assignment"])
def test_bouncing_ball_reverses_at_the_analytic_times(write):
    e = 0.8  # coefficient of restitution
    system, state = ball()
    ts = stepper(system)
    events = []

    def bounce(s, event):
        events.append((event.time, s.q[0], s.u[0], event.witness, event.direction))
        if write == "view element":
            s.u[0] = -e * s.u[0]
        elif write == "view in place":
            s.u *= -e
        else:
            s.u = np.array([-e * s.u[0]])

    ts.add_event(height, bounce, direction=EventDirection.Falling, stage=Stage.Position, name="floor")
    ts.initialize(state)
    assert ts.step_to(3.0) == StepOutcome.ReachedReportTime
    # Impacts at t1 = sqrt(2 h0 / g), then every 2 e^k |v1| / g later.
    expected, t, v = [], T_IMPACT, abs(V_IMPACT)
    while t < 3.0:
        expected.append((t, -v))
        v *= e
        t += 2 * v / G
    assert len(events) == len(expected)
    tol = window(ts) + 1e-6  # reported at the window's right end, never before the crossing
    for (te, q, u, witness, direction), (ta, ua) in zip(events, expected):
        assert ta - 1e-6 <= te <= ta + tol, (te, ta)
        assert q <= 1e-6 and u == pytest.approx(ua, rel=1e-5)
        assert witness == "floor" and direction == EventDirection.Falling
    # The handler's write was honoured: after the first bounce the ball rises to e^2 h0.
    ts2 = stepper(system)
    ts2.add_event(height, bounce, direction=EventDirection.Falling)
    ts2.initialize(state)
    apex = T_IMPACT + e * abs(V_IMPACT) / G
    ts2.step_to(apex)
    s = ts2.state
    assert s.q[0] == pytest.approx(e * e * H0, rel=1e-5) and abs(s.u[0]) < 1e-4
    assert ts.statistics["events_triggered"] == len(expected) and ts.statistics["restarts"] == len(expected)


@pytest.mark.parametrize("write", ["view", "assignment"])
def test_a_handlers_writes_reach_the_next_handler_and_the_run(write):
    """Handlers at one time share the State: the second sees the first's write with the cache
    recomputed (qdot = the new u), and a fixed-step run continues from it (no stale derivative)."""
    system, state = ball(h0=10.0)
    ts = articula.TimeStepper(system, articula.make_integrator(system, "RungeKuttaMerson", fixed_step_size=0.05))
    seen = []

    def throw_up(s, event):
        if write == "view":
            s.u[0] = 5.0
        else:
            s.u = [5.0]

    ts.add_scheduled_event(throw_up, [0.5])
    ts.add_scheduled_event(lambda s, e: seen.append((s.u[0], s.qdot[0], s.udot[0])), [0.5])
    ts.initialize(state)
    ts.step_to(1.0)
    assert seen == [(5.0, 5.0, -G)]
    q05 = 10.0 - 0.5 * G * 0.25
    # Polynomial motion: fourth-order steps are exact to rounding.
    assert ts.state.q[0] == pytest.approx(q05 + 5.0 * 0.5 - 0.5 * G * 0.25, abs=1e-12)
    assert ts.state.u[0] == pytest.approx(5.0 - G * 0.5, abs=1e-12)


def test_handler_can_terminate_the_run():
    system, state = ball()
    ts = stepper(system)
    ts.add_event(height, lambda s, event: event.terminate("landed"), direction=EventDirection.Falling)
    ts.initialize(state)
    assert ts.step_to(5.0) == StepOutcome.EndOfSimulation
    assert ts.terminated and ts.termination_reason == "landed"
    assert ts.time == pytest.approx(T_IMPACT, abs=window(ts) + 1e-6)
    assert ts.step_to(6.0) == StepOutcome.EndOfSimulation


def test_scheduled_events_fire_at_their_times_and_change_the_state():
    system, state = ball(h0=10.0)
    ts = stepper(system)
    fired = []

    def stop(s, event):  # the ball is caught and released at rest
        fired.append((event.time, event.witness))
        s.u[0] = 0.0

    ts.add_scheduled_event(stop, [0.5, 0.2, 0.5])
    ts.return_after_events = True
    ts.initialize(state)
    assert ts.step_to(1.0) == StepOutcome.ReachedScheduledEvent
    assert ts.time == 0.2 and ts.state.u[0] == 0.0
    assert ts.run(1.0) == StepOutcome.ReachedReportTime
    assert fired == [(0.2, None), (0.5, None)]
    # Free fall from rest at 0.5 s, from where the fall since 0.2 s left it.
    q05 = 10.0 - 0.5 * G * 0.2 ** 2 - 0.5 * G * 0.3 ** 2
    assert ts.state.q[0] == pytest.approx(q05 - 0.5 * G * 0.5 ** 2, abs=1e-7)


def test_periodic_event_and_rising_witness():
    system, state = ball(h0=0.0)
    state.u[0] = 1.0  # thrown up at 1 m/s: apex at 1/g, where u crosses zero falling
    ts = stepper(system)
    kicks, apexes = [], []
    ts.add_periodic_event(lambda s, e: kicks.append(e.time), interval=0.25, start=0.1)
    ts.add_event(lambda s: -s.u[0], lambda s, e: apexes.append(e.time), direction=EventDirection.Rising,
                 stage=Stage.Velocity)
    ts.initialize(state)
    ts.run(1.0)
    assert kicks == pytest.approx([0.1, 0.35, 0.6, 0.85], abs=1e-12)
    assert len(apexes) == 1 and apexes[0] == pytest.approx(1 / G, abs=window(ts) + 1e-6)


# ---- reporters --------------------------------------------------------------------------------------

def test_reporter_is_called_at_each_report_time():
    system, state = ball(h0=10.0)
    ts = stepper(system)
    rows = []
    ts.add_reporter(lambda s: rows.append((s.time, s.q[0], s.u[0])), interval=0.1)
    ts.initialize(state)
    ts.step_to(1.0)
    times = [r[0] for r in rows]
    assert times == pytest.approx([0.1 * k for k in range(11)], abs=1e-12)
    assert all(b > a for a, b in zip(times, times[1:]))
    for t, q, u in rows:  # free fall, interpolated to exactly t
        assert q == pytest.approx(10.0 - 0.5 * G * t * t, abs=1e-8)
        assert u == pytest.approx(-G * t, abs=1e-8)
    assert ts.statistics["reports"] == 11


def test_reporters_at_times_and_every_step_do_not_change_the_run():
    system, state = ball(h0=10.0)
    plain = stepper(system)
    plain.initialize(state)
    plain.step_to(1.0)

    ts = stepper(system)
    at, steps = [], []

    def scribble(s):  # a reporter's writes go to its own copy
        at.append(s.time)
        s.q[0] = -99.0

    ts.add_reporter(scribble, times=[0.75, 0.25, 0.5])
    ts.add_step_reporter(lambda s: steps.append(s.time))
    ts.initialize(state)
    ts.step_to(1.0)
    assert at == [0.25, 0.5, 0.75]
    assert len(steps) == ts.integrator.statistics["steps_taken"] > 0
    assert all(b > a for a, b in zip(steps, steps[1:]))
    assert ts.state.q[0] == plain.state.q[0]  # bit for bit
    assert ts.num_reporters == 2


def test_kept_states_stay_valid():
    system, state = ball()
    ts = stepper(system)
    kept = []
    ts.add_reporter(kept.append, interval=0.05)
    ts.initialize(state)
    ts.step_to(0.3)
    ts.step_to(0.4)
    assert [s.time for s in kept] == pytest.approx([0.05 * k for k in range(9)], abs=1e-12)
    assert kept[2].q[0] == pytest.approx(H0 - 0.5 * G * 0.01, abs=1e-8)


# ---- exceptions -------------------------------------------------------------------------------------

class Boom(Exception):
    pass


@pytest.mark.parametrize("where", ["handler", "witness", "reporter", "step reporter"])
def test_an_exception_in_a_callback_reaches_the_caller_as_itself(where):
    system, state = ball()
    ts = stepper(system)
    raised = Boom("from the " + where)

    def fail(*args):
        raise raised

    if where == "handler":
        ts.add_event(height, fail, direction=EventDirection.Falling)
    elif where == "witness":
        ts.add_event(lambda s: fail() if s.time > 0.2 else 1.0, lambda s, e: None)
    elif where == "reporter":
        ts.add_reporter(lambda s: fail() if s.time > 0.2 else None, interval=0.1)
    else:
        ts.add_step_reporter(lambda s: fail() if s.time > 0.2 else None)
    ts.initialize(state)
    with pytest.raises(Boom) as info:
        ts.step_to(1.0)
    assert info.value is raised
    assert ts.failed and 0.1 < ts.state.time < 1.01  # the last good state
    with pytest.raises(articula.Error, match="initialize"):  # until started again
        ts.step_to(1.0)
    ts.initialize(state)  # the stepper is usable again


def test_witness_that_returns_no_number_is_a_type_error():
    system, state = ball()
    ts = stepper(system)
    ts.add_event(lambda s: "1.0", lambda s, e: None)
    with pytest.raises(TypeError):
        ts.initialize(state)
    assert ts.failed
    ts2 = stepper(system)
    ts2.add_event(lambda s: float("nan") if s.time > 0.1 else 1.0, lambda s, e: None, name="nan")
    ts2.initialize(state)
    with pytest.raises(articula.SimulationError, match="'nan' is NaN"):
        ts2.step_to(1.0)


def test_handler_errors_found_by_the_engine_are_simulation_errors():
    system, state = ball()
    for bad in (lambda s, e: s.u.__setitem__(0, float("nan")), lambda s, e: setattr(s, "time", 99.0)):
        ts = stepper(system)
        ts.add_event(height, bad, direction=EventDirection.Falling, name="bad")
        ts.initialize(state)
        with pytest.raises(articula.SimulationError, match="'bad'"):
            ts.step_to(1.0)
        assert ts.state.time == pytest.approx(T_IMPACT, abs=1e-3)  # the last good state


def test_stepper_cannot_be_used_from_its_own_callbacks():
    system, state = ball()
    ts = stepper(system)
    ts.add_event(height, lambda s, e: ts.step_to(2.0), direction=EventDirection.Falling)
    ts.add_reporter(lambda s: setattr(ts.integrator, "accuracy", 1e-3) if s.time > 0 else None, times=[0.1])
    ts.initialize(state)
    with pytest.raises(articula.Error, match="not while the TimeStepper is stepping"):
        ts.step_to(1.0)


def test_bad_arguments():
    system, state = ball()
    ts = stepper(system)
    with pytest.raises(TypeError):
        ts.add_event(1.0, lambda s, e: None)
    with pytest.raises(ValueError):
        ts.add_reporter(print, interval=-0.1)
    with pytest.raises(ValueError):
        ts.add_reporter(print)  # neither times nor interval
    with pytest.raises(ValueError):
        ts.add_scheduled_event(print, [float("nan")])
    with pytest.raises(ValueError):
        ts.add_periodic_event(print, 0.0)
    with pytest.raises(ValueError):
        ts.add_event(height, print, characteristic_time=-1.0)
    with pytest.raises(ValueError):
        ts.chatter_limit = 0
    for stage in (Stage.Model, Stage(42)):
        with pytest.raises(ValueError, match="stage"):
            ts.add_event(height, print, stage=stage)
        with pytest.raises(ValueError, match="stage"):
            ts.add_reporter(print, interval=0.1, stage=stage)
    with pytest.raises(articula.Error, match="initialize"):
        ts.step_to(1.0)
    ts.initialize(state)
    with pytest.raises(ValueError, match="finite"):
        ts.step_to(float("nan"))
    with pytest.raises(articula.Error, match="before initialize"):
        ts.add_reporter(print, interval=0.1)
    other, _ = ball()
    with pytest.raises(articula.Error, match="integrates System"):
        articula.TimeStepper(other, ts.integrator)


def test_help_is_useful():
    doc = articula.TimeStepper.__doc__
    assert "add_event" in doc and "exception" in doc
    for name in ("add_event", "add_reporter", "add_scheduled_event", "step_to", "initialize", "run"):
        assert len(getattr(articula.TimeStepper, name).__doc__) > 80, name
    assert "terminate" in articula.Event.__doc__


# ---- the Assembler ----------------------------------------------------------------------------------

# models/four_bar.json: ground d = 0.3, crank a = 0.1, coupler b = 0.3, rocker c = 0.25; the crank
# and rocker joint angles t2 = q[0], t4 = q[2] satisfy Freudenstein's equation.
D, A, B, C = 0.3, 0.1, 0.3, 0.25


def freudenstein(t2, t4):
    k1, k2, k3 = D / A, D / C, (A * A - B * B + C * C + D * D) / (2 * A * C)
    return k1 * math.cos(t4) - k2 * math.cos(t2) + k3 - math.cos(t2 - t4)


@pytest.fixture
def four_bar(models):
    return articula.load(str(models / "four_bar.json"))


def test_assembler_closes_the_four_bar_loop(four_bar):
    system, matter = four_bar.system, four_bar.matter
    s = four_bar.initial_state()
    assert abs(freudenstein(s.q[0], s.q[2])) < 1e-10  # the model's own state, as a check of the formula
    crank = matter.find_body("crank")
    s.q[0] = 0.3  # a new crank angle: the loop opens
    system.realize(s, Stage.Position)
    assert np.max(np.abs(s.qerr)) > 1e-2
    assembler = articula.Assembler(system)
    assembler.lock_body(crank)
    assembler.tolerance = 1e-12
    result = assembler.assemble(s)
    assert result["constraint_error"] <= 1e-12 and result["iterations"] >= 1
    assert s.q[0] == 0.3  # locked
    assert abs(freudenstein(s.q[0], s.q[2])) < 1e-9
    system.realize(s, Stage.Position)  # the PyState saw the new q
    assert np.max(np.abs(s.qerr)) < 1e-10


@pytest.mark.skipif(not hasattr(articula.MatterSubsystem, "add_ball"),
                    reason="constraint bindings (MatterSubsystem.add_ball, ConstraintBindings.cpp) are not in this "
                           "build; the four-bar model file above tests a loop instead")
def test_assembler_closes_a_loop_built_in_code():
    # A parallelogram: ground 1 m, three 1 m links; closed, the crank and rocker angles are equal
    # and the coupler stays parallel to the ground: q = [t, -t, t].
    system = articula.MultibodySystem()
    m = system.matter
    pin = articula.mobilizers.pin()
    link = articula.Body(1.0, [0.5, 0, 0], articula.Inertia(0.01, 0.1, 0.1))
    crank = m.add_body(0, articula.Transform(), link, articula.Transform(), pin)
    coupler = m.add_body(crank, articula.Transform([1, 0, 0]), link, articula.Transform(), pin)
    rocker = m.add_body(0, articula.Transform([1, 0, 0]), link, articula.Transform(), pin)
    m.add_ball(coupler, [1, 0, 0], rocker, [1, 0, 0])
    s = system.realize_topology()
    s.q[:] = [0.5, -0.3, 0.7]
    assembler = articula.Assembler(system)
    assembler.lock_body(crank)
    assembler.assemble(s)
    np.testing.assert_allclose(s.q, [0.5, -0.5, 0.5], atol=1e-9)


def test_stepper_keeps_a_closed_loop_closed(four_bar):
    """The four-bar through the TimeStepper: every report satisfies Freudenstein's equation (the
    integrator projects onto the loop) and the conservative linkage keeps its energy."""
    system = four_bar.system
    ts = articula.TimeStepper(system, articula.make_integrator(system, "RungeKuttaMerson", accuracy=1e-7))
    rows = []
    ts.add_reporter(lambda s: rows.append((freudenstein(s.q[0], s.q[2]), system.calc_energy(s))), interval=0.05)
    ts.initialize(four_bar.initial_state())
    ts.step_to(1.0)
    assert len(rows) == 21
    assert max(abs(f) for f, _ in rows) < 1e-6
    energies = [e for _, e in rows]
    assert max(energies) - min(energies) < 1e-6  # J, of 1.4 J


def test_assembler_fails_when_the_loop_cannot_close(four_bar):
    s = four_bar.initial_state()
    matter = four_bar.matter
    s.q[2] += 1.0  # rocker far from where the crank allows
    assembler = articula.Assembler(four_bar.system)
    assembler.lock_body(matter.find_body("crank"))
    assembler.lock_body(matter.find_body("rocker"))
    with pytest.raises(articula.AssemblyError):
        assembler.assemble(s)


def pendulum():
    system = articula.MultibodySystem()
    system.matter.add_body(0, articula.Transform(), articula.Body(1.0, [0, 0, 0], articula.Inertia(0, 0, 0)),
                           articula.Transform([0, 1.0, 0]), articula.mobilizers.pin())
    return system, system.realize_topology()


def test_assembler_goals_without_constraints():
    system, s = pendulum()
    assembler = articula.Assembler(system)
    assembler.add_coordinate_goal(1, 0, 0.4)
    assert assembler.assemble(s)["goals_converged"] and s.q[0] == pytest.approx(0.4, abs=1e-8)


@pytest.mark.parametrize("distance", [1.0, 1.3])
def test_assembler_marker_goal(distance):
    # The bob (1 m below the pin at q = 0) toward a point on the ray at 30 degrees from the
    # downward vertical: the closest the bob gets is on that ray.
    system, s = pendulum()
    assembler = articula.Assembler(system)
    angle = math.radians(30)
    marker = assembler.add_marker_goal(1, [0, 0, 0], [distance * math.sin(angle), -distance * math.cos(angle), 0])
    result = assembler.assemble(s)
    assert result["goals_converged"] and s.q[0] == pytest.approx(angle, abs=1e-8)
    assert result["goal_cost"] == pytest.approx((distance - 1) ** 2, abs=1e-12)
    assembler.set_marker_target(marker, [-1.0, 0.0, 0.0])  # straight out to -x: q = -90 degrees
    assembler.assemble(s)
    assert s.q[0] == pytest.approx(-math.pi / 2, abs=1e-7) and assembler.num_markers == 1


def test_assembler_says_when_goals_did_not_converge():
    # A target twice the rod's length away: Gauss-Newton's iteration q += 2 sin(30 deg - q) is
    # neutrally stable at the answer and runs out of iterations; the result says so.
    system, s = pendulum()
    assembler = articula.Assembler(system)
    assembler.add_marker_goal(1, [0, 0, 0], [2 * math.sin(math.radians(30)), -2 * math.cos(math.radians(30)), 0])
    assert assembler.assemble(s)["goals_converged"] is False


def ball_joint():
    system = articula.MultibodySystem()
    system.matter.add_body(0, articula.Transform(), articula.Body(1.0, [0, 0, 0], articula.Inertia(1, 1, 1)),
                           articula.Transform(), articula.mobilizers.ball())
    return system, system.realize_topology()


def test_assembler_keeps_quaternions_normalized():
    system, s = ball_joint()
    s.q[:] = [2.0, 0.0, 0.0, 0.0]  # not a unit quaternion
    assembler = articula.Assembler(system)
    assembler.add_marker_goal(1, [1, 0, 0], [0, 1, 0])  # turn the body's x axis onto Ground's y
    assembler.assemble(s)
    assert np.linalg.norm(s.q) == pytest.approx(1.0, abs=1e-12)
    system.realize(s, Stage.Position)
    np.testing.assert_allclose(system.matter.station_location(s, 1, [1, 0, 0]), [0, 1, 0], atol=1e-7)


def test_assembler_normalizes_quaternions_with_nothing_else_to_do():
    system, s = ball_joint()
    s.q[:] = [2.0, 0.0, 0.0, 2.0]
    articula.Assembler(system).assemble(s)
    np.testing.assert_allclose(s.q, [math.sqrt(0.5), 0, 0, math.sqrt(0.5)], atol=1e-12)


def test_assembler_bad_arguments():
    system, s = pendulum()
    assembler = articula.Assembler(system)
    with pytest.raises(ValueError):
        assembler.lock_body(7)
    with pytest.raises(ValueError):
        assembler.add_coordinate_goal(1, 0, 0.1, weight=-1.0)
    with pytest.raises(ValueError):
        assembler.tolerance = float("nan")
    with pytest.raises(ValueError):
        assembler.max_iterations = 0
    unbuilt = articula.MultibodySystem()
    with pytest.raises(ValueError, match="topology"):
        articula.Assembler(unbuilt)
    other, t = pendulum()
    with pytest.raises(articula.Error):
        assembler.assemble(t)  # a State of another System


# ---- Ctrl-C -----------------------------------------------------------------------------------------

def test_a_signal_stops_a_long_run():
    """SIGINT (Ctrl-C) is noticed while step_to runs in C++ without any callback: the stepper
    checks for signals about ten times a second and raises what the Python handler raised."""
    import os
    import signal
    import threading
    import time

    system, state = ball(h0=1e9)  # a fall that lasts
    ts = articula.TimeStepper(system, articula.make_integrator(system, "ExplicitEuler", fixed_step_size=1e-6))
    ts.initialize(state)

    def interrupted(signum, frame):
        raise Boom("interrupted")

    previous = signal.signal(signal.SIGINT, interrupted)
    timer = threading.Timer(0.1, os.kill, (os.getpid(), signal.SIGINT))
    try:
        start = time.perf_counter()
        timer.start()
        with pytest.raises(Boom, match="interrupted"):
            ts.run(1e4)  # 1e10 steps: hours unless interrupted
        assert time.perf_counter() - start < 10
    finally:
        timer.join()
        signal.signal(signal.SIGINT, previous)
    assert ts.failed and 0 < ts.state.time < 1e4


def test_steppers_in_threads_run_independently():
    """Two steppers stepping at once in two threads (the GIL released, callbacks taking it) give
    what each gives alone."""
    import threading

    def run(results, key):
        system, state = ball(h0=2.0)
        ts = stepper(system)
        times = []
        ts.add_event(height, lambda s, e: (times.append(e.time), s.u.__imul__(-0.9)), direction=EventDirection.Falling)
        ts.add_reporter(lambda s: None, interval=0.001)
        ts.initialize(state)
        ts.step_to(4.0)
        results[key] = (times, ts.state.q[0], ts.state.u[0])

    alone = {}
    run(alone, "a")
    together = {}
    threads = [threading.Thread(target=run, args=(together, k)) for k in "ab"]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert together["a"] == alone["a"] and together["b"] == alone["a"]


def test_a_stepper_cannot_be_stepped_from_two_threads_at_once():
    import threading

    system, state = ball()
    ts = stepper(system)
    inside, tried = threading.Event(), threading.Event()

    def report(s):  # waits (without the GIL) until the main thread has tried
        if s.time == 0.5:
            inside.set()
            assert tried.wait(10)

    ts.add_reporter(report, times=[0.5])
    ts.initialize(state)
    worker = threading.Thread(target=ts.step_to, args=(1.0,))
    worker.start()
    try:
        assert inside.wait(10)
        with pytest.raises(articula.Error, match="not while the TimeStepper is stepping"):
            ts.step_to(2.0)
        with pytest.raises(articula.Error, match="not while"):
            ts.integrator.step_to(2.0)
        with pytest.raises(articula.Error, match="not while"):
            ts.state
    finally:
        tried.set()
        worker.join()
    assert ts.time == 1.0 and not ts.failed
