"""Systems built in code: forces, constraints, contact and functions, each checked against a result
obtained another way (a model file, a closed form, an integration done here)."""
import math

import numpy as np
import pytest

import articula
from articula import Stage

G = 9.81


def point_mass(mass):
    return articula.Body(mass, [0, 0, 0], articula.Inertia(1e-3, 1e-3, 1e-3))


def slider_system(mass=2.0):
    """A body on a slider along Ground's x: one coordinate, the displacement."""
    s = articula.MultibodySystem()
    b = s.matter.add_body(0, articula.Transform(), point_mass(mass), articula.Transform(), articula.mobilizers.slider())
    return s, b


def rod_body(mass=1.0):
    return articula.Body(mass, [0, 0, -0.25], articula.Inertia(0.0208333, 0.0208333, 0.0001))


def double_pendulum(mobilizer=None):
    """models/double_pendulum.json in code: pins about y, F and M rotated together so z is the axis."""
    align = articula.Rotation.from_one_axis("z", [0, 1, 0])
    mob = mobilizer or articula.mobilizers.pin()
    s = articula.MultibodySystem()
    m = s.matter
    upper = m.add_body(0, articula.Transform(align), rod_body(), articula.Transform(align), mob, "upper")
    m.add_body(upper, articula.Transform(align, [0, 0, -0.5]), rod_body(), articula.Transform(align), mob, "lower")
    s.add_general_forces().add_gravity([0, 0, -G])
    return s


def accelerations(system, state):
    system.realize(state, Stage.Acceleration)
    return np.array(state.udot)


def rk4(system, state, h, steps):
    """Classical RK4 on y = [q u z] through State.y and the realized derivatives."""
    def deriv(y, t):
        state.y[:] = y
        state.time = t
        system.realize(state, Stage.Acceleration)
        return np.concatenate([state.qdot, state.udot, state.zdot])
    y, t = np.array(state.y), state.time
    for _ in range(steps):
        k1 = deriv(y, t)
        k2 = deriv(y + h / 2 * k1, t + h / 2)
        k3 = deriv(y + h / 2 * k2, t + h / 2)
        k4 = deriv(y + h * k3, t + h)
        y, t = y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4), t + h
    state.y[:] = y
    state.time = t
    system.realize(state, Stage.Acceleration)


# ---- matter and forces ----

def test_double_pendulum_in_code_matches_the_model_file(pendulum):
    s = double_pendulum()
    st = s.realize_topology()
    ref = pendulum.initial_state()
    for q, u in (([math.pi / 2, 0.0], [0.0, 0.0]), ([0.3, -1.1], [0.7, -2.0])):
        st.q[:] = q
        st.u[:] = u
        ref.q[:] = q
        ref.u[:] = u
        pendulum.system.realize(ref, Stage.Acceleration)
        np.testing.assert_allclose(accelerations(s, st), ref.udot, rtol=0, atol=1e-12)
        np.testing.assert_allclose(s.matter.calc_mass_matrix(st), pendulum.matter.calc_mass_matrix(ref), rtol=0,
                                   atol=1e-12)


def test_mass_on_linear_springs_accelerates_at_minus_k_over_m_x():
    for element in ("mobility", "two_point"):
        s, b = slider_system(mass=2.0)
        f = s.add_general_forces()
        if element == "mobility":
            index = f.add_mobility_linear_spring(b, 0, stiffness=50.0, rest_value=0.0)
        else:
            index = f.add_two_point_linear_spring(0, [0, 0, 0], b, [0, 0, 0], stiffness=50.0, natural_length=0.0)
        assert index == 0 and f.num_forces == 1
        st = s.realize_topology()
        st.q[0] = 0.1
        assert accelerations(s, st)[0] == pytest.approx(-50.0 / 2.0 * 0.1, abs=1e-12)
        assert s.calc_potential_energy(st) == pytest.approx(0.5 * 50.0 * 0.1 ** 2, abs=1e-14)


def test_tracked_nonconservative_work_matches_the_energy_change():
    s = double_pendulum()
    forces = s.add_general_forces("dampers")
    forces.add_mobility_linear_damper(1, 0, damping=0.3)
    forces.add_two_point_linear_damper(0, [0, 0, 0], 2, [0, 0, -0.5], damping=0.8)
    forces.set_track_nonconservative_work(True)
    st = s.realize_topology()
    st.q[:] = [1.2, -0.4]
    st.u[:] = [0.5, 1.0]
    s.realize(st, Stage.Velocity)
    e0 = s.calc_energy(st)
    assert forces.get_nonconservative_work(st) == 0.0
    rk4(s, st, 1e-3, 1000)
    work = forces.get_nonconservative_work(st)
    assert work < -0.05  # the dampers really took energy out
    assert s.calc_energy(st) - e0 == pytest.approx(work, abs=1e-9)


def test_every_force_element_reports_its_power_as_f_dot_v():
    """calc_power (each element's own formula) equals the applied forces dotted with the velocities."""
    s = double_pendulum()
    m = s.matter
    f = s.add_general_forces("all")
    f.add_constant_force(2, [0, 0, -0.5], [1.0, 2.0, 3.0])
    f.add_constant_torque(1, [0.1, 0.2, 0.3])
    f.add_mobility_constant_force(1, 0, 0.4)
    f.add_mobility_linear_spring(2, 0, 3.0, 0.2)
    f.add_mobility_linear_damper(2, 0, 0.1)
    f.add_mobility_linear_stop(1, 0, -0.1, 0.1, 100.0, 0.5)
    f.add_two_point_linear_spring(0, [0.2, 0, 0], 2, [0, 0, -0.5], 20.0, 0.3)
    f.add_two_point_linear_damper(0, [0.2, 0, 0], 1, [0, 0, -0.2], 0.7)
    f.add_two_point_constant_force(0, [0, 0, 0.3], 2, [0, 0, -0.5], -1.5)
    f.add_linear_bushing(1, articula.Transform(), 2, articula.Transform(), [1, 2, 3, 4, 5, 6], [0.1] * 6)
    f.add_global_damper(0.05)
    f.add_passive_joint_damping(0.2, body_damping={2: 0.3}, mobility_damping=[(1, 0, 0.1)])
    f.add_range_of_motion_limit(2, 0, -0.2, 0.2, 50.0, 1.0)
    f.add_orientation_limit(2, [(-0.1, 0.1, 10.0, 0.1)] * 3, twist_axis="y")
    f.add_torque_pulse(1, "mobility", [2.0], start_time=0.0, duration=1.0)
    f.add_torque_pulse(2, "body_torque_pair", [0, 1.0, 0], start_time=0.0, duration=1.0)
    f.add_coordinate_limit_force(1, 0, -0.2, 0.3, 60.0, 80.0, transition=0.4, damping=0.7)
    f.add_discrete_forces()
    assert f.num_forces == 18
    st = s.realize_topology()
    st.q[:] = [0.6, 0.5]
    st.u[:] = [-0.8, 1.3]
    st.time = 0.25
    s.realize(st, Stage.Acceleration)
    assert np.all(np.isfinite(st.udot))
    F = m.applied_body_forces(st)
    V = np.array([m.body_velocity(st, b) for b in range(m.num_bodies)])
    gravity = sum(-G * m.station_velocity(st, b, [0, 0, -0.25])[2] for b in (1, 2))  # the other subsystem
    expected = float(np.sum(F * V) + m.applied_mobility_forces(st) @ st.u) - gravity
    assert f.calc_power(st) == pytest.approx(expected, rel=1e-12, abs=1e-12)


def test_pd_servo_is_the_damped_oscillator():
    """m x'' = -kp x - kd x' holding x = 0 from x = 0.1: the closed form of the damped oscillator."""
    s, b = slider_system(mass=2.0)
    kp, kd, mass = 50.0, 2.0, 2.0
    s.add_general_forces().add_pd_servo(b, 0, kp, kd)
    st = s.realize_topology()
    st.q[:] = [0.1]
    rk4(s, st, 1e-3, 800)
    w0 = math.sqrt(kp / mass)
    zeta = kd / (2 * math.sqrt(kp * mass))
    wd = w0 * math.sqrt(1 - zeta ** 2)
    t = 0.8
    x = 0.1 * math.exp(-zeta * w0 * t) * (math.cos(wd * t) + zeta * w0 / wd * math.sin(wd * t))
    assert st.q[0] == pytest.approx(x, abs=1e-9)


def test_joint_actuator_and_muscle_tone_forces():
    s, b = slider_system(mass=2.0)
    f = s.add_general_forces()
    f.add_joint_actuator(b, 0, articula.functions.constant(3.0), scale=2.0, limit=5.0)  # 6 N, clamped to 5
    f.add_muscle_tone(40.0, 0.5, joints=[b])
    st = s.realize_topology()
    st.q[:] = [0.2]
    st.u[:] = [-1.0]
    s.realize(st, Stage.Acceleration)
    # 5 N from the actuator, -40 * 0.2 + 0.5 * 1.0 from the tone about the default posture x = 0.
    assert st.udot[0] == pytest.approx((5.0 - 8.0 + 0.5) / 2.0, abs=1e-12)


def test_coordinate_limit_force_is_minus_the_gradient_of_its_energy():
    """On a slider without gravity: f = -dPE/dq by central differences inside, across and beyond
    both transition bands (Simbody's step makes PE a quintic-to-septic there), zero between the
    limits, and the damping -c s(d/w) qdot beyond the band."""
    s, b = slider_system(mass=2.0)
    lower, upper, k_low, k_up, w, c = -0.3, 0.2, 80.0, 150.0, 0.05, 4.0
    f = s.add_general_forces()
    f.add_coordinate_limit_force(b, 0, lower, upper, k_low, k_up, transition=w, damping=c, name="stop")
    st = s.realize_topology()
    m = s.matter

    def force(q, u=0.0):
        st.q[0], st.u[0] = q, u
        s.realize(st, Stage.Dynamics)
        return float(m.applied_mobility_forces(st)[0])

    def energy(q):
        st.q[0], st.u[0] = q, 0.0
        s.realize(st, Stage.Dynamics)
        return s.calc_potential_energy(st)

    h = 1e-6
    for q in (-0.42, -0.34, -0.33, -0.31, -0.2999, 0.0, 0.2001, 0.21, 0.23, 0.249, 0.26, 0.4):
        gradient = (energy(q + h) - energy(q - h)) / (2 * h)
        assert force(q) == pytest.approx(-gradient, rel=1e-7, abs=1e-8), q
    assert force(0.0) == 0.0 and energy(0.0) == 0.0
    # Beyond the band the spring is K d: f = -150 * 0.1 at q = upper + 0.1, +80 * 0.1 at lower - 0.1.
    assert force(upper + 0.1) == pytest.approx(-k_up * 0.1, rel=1e-12)
    assert force(lower - 0.1) == pytest.approx(k_low * 0.1, rel=1e-12)
    assert force(upper + 0.1, 0.5) - force(upper + 0.1) == pytest.approx(-c * 0.5, rel=1e-12)
    # Half-way into the band the step is s(1/2) = 1/2: spring K s d, damping c s qdot.
    assert force(upper + w / 2, 0.5) == pytest.approx(-0.5 * (k_up * w / 2 + c * 0.5), rel=1e-12)


def test_a_damped_slider_pushed_into_the_limit_rests_at_the_spring_equilibrium():
    """A constant push F beyond the band: the rest position is upper + F / K (the step is 1 there)."""
    s, b = slider_system(mass=2.0)
    upper, k, w, push = 0.2, 500.0, 0.02, 30.0
    f = s.add_general_forces()
    f.add_coordinate_limit_force(b, 0, -math.inf, upper, 0.0, k, transition=w, damping=40.0)
    f.add_mobility_constant_force(b, 0, push)
    st = s.realize_topology()
    st.q[:] = [0.0]
    rk4(s, st, 1e-3, 3000)
    assert st.q[0] == pytest.approx(upper + push / k, abs=1e-9)
    assert abs(st.u[0]) < 1e-8
    with pytest.raises(articula.Error, match="transition"):
        s2, b2 = slider_system()
        s2.add_general_forces().add_coordinate_limit_force(b2, 0, -1, 1, 1, 1, transition=0)
    with pytest.raises(IndexError):
        s3, b3 = slider_system()
        s3.add_general_forces().add_coordinate_limit_force(b3, 1, -1, 1, 1, 1, transition=0.1)


def test_a_python_custom_force_equals_the_built_in_element():
    k, q0 = 7.0, 0.25

    def spring(state, body_forces, mobility_forces):
        mobility_forces[1] += -k * (state.q[1] - q0)

    def energy(state):
        return 0.5 * k * (state.q[1] - q0) ** 2

    results = []
    for custom in (False, True):
        s = double_pendulum()
        f = s.add_general_forces("spring")
        if custom:
            f.add_custom_force(spring, potential_energy=energy)
        else:
            f.add_mobility_linear_spring(2, 0, k, q0)
        st = s.realize_topology()
        st.q[:] = [0.4, -0.9]
        st.u[:] = [1.0, 0.2]
        results.append((accelerations(s, st), s.calc_potential_energy(st), f.calc_nonconservative_power(st)))
    np.testing.assert_allclose(results[0][0], results[1][0], rtol=0, atol=1e-12)
    assert results[0][1] == pytest.approx(results[1][1], abs=1e-14)
    assert results[1][2] == 0.0  # with a potential energy the custom force is conservative


def test_a_custom_force_can_use_the_matter_operators_on_its_state():
    s, b = slider_system(mass=2.0)
    m = s.matter

    def push(state, body_forces, mobility_forces):
        x = m.station_location(state, b, [0, 0, 0])[0]
        body_forces[b, 3:] += [-10.0 * x, 0, 0]

    s.add_general_forces().add_custom_force(push)
    st = s.realize_topology()
    st.q[0] = 0.3
    assert accelerations(s, st)[0] == pytest.approx(-10.0 * 0.3 / 2.0, abs=1e-12)


def test_discrete_forces_are_kept_per_state():
    s, b = slider_system(mass=2.0)
    f = s.add_general_forces()
    d = f.discrete_forces(f.add_discrete_forces())
    st = s.realize_topology()
    other = st.copy()
    d.set_body_force(st, b, [0, 0, 0, 3.0, 0, 0])
    d.set_mobility_force(st, b, 0, 1.0)
    assert accelerations(s, st)[0] == pytest.approx(4.0 / 2.0, abs=1e-14)
    assert accelerations(s, other)[0] == 0.0
    d.clear(st)
    assert accelerations(s, st)[0] == 0.0
    assert f.calc_power(st) == 0.0


# ---- constraints ----

def hanging_mass(constraint, theta=0.0, speed=0.0, length=0.8, mass=1.5):
    """A point mass on a translation mobilizer held at `length` below Ground's origin by a rod or ball."""
    s = articula.MultibodySystem()
    m = s.matter
    b = m.add_body(0, articula.Transform(), point_mass(mass), articula.Transform(), articula.mobilizers.translation())
    s.add_general_forces().add_gravity([0, 0, -G])
    if constraint == "rod":
        index = m.add_rod(0, [0, 0, 0], b, [0, 0, 0], length)
    else:
        index = m.add_ball(0, [0, 0, 0], b, [0, 0, length])  # the pivot is the station above the mass
    st = s.realize_topology()
    direction = np.array([math.sin(theta), 0, -math.cos(theta)])
    st.q[:] = length * direction
    st.u[:] = speed * np.array([math.cos(theta), 0, math.sin(theta)])
    s.realize(st, Stage.Acceleration)
    return s, m, m.constraint(index), st, direction


def test_rod_tension_balances_gravity_and_the_centripetal_force():
    mass, length = 1.5, 0.8
    for theta, speed in ((0.0, 0.0), (0.6, 1.7)):
        s, m, rod, st, direction = hanging_mass("rod", theta, speed, length, mass)
        assert rod.type_name == "Rod" and rod.num_equations == 1
        assert m.num_constraint_equations == (1, 0, 0)
        np.testing.assert_allclose(rod.acceleration_errors(st), 0, atol=1e-10)
        tension = mass * G * math.cos(theta) + mass * speed ** 2 / length
        body_forces, mobility_forces = rod.calc_constraint_forces(st)
        np.testing.assert_allclose(body_forces[1, 3:], -tension * direction, atol=1e-10)
        np.testing.assert_allclose(mobility_forces, 0, atol=1e-14)
        assert abs(rod.multipliers(st)[0]) == pytest.approx(tension, rel=1e-10)
        assert rod.calc_power(st) == pytest.approx(0, abs=1e-10)
        np.testing.assert_allclose(st.multipliers, rod.multipliers(st))


def test_ball_reaction_holds_a_hanging_mass():
    s, m, ball, st, _ = hanging_mass("ball", mass=1.5)
    assert ball.num_equations == 3
    np.testing.assert_allclose(st.udot, 0, atol=1e-10)
    body_forces, _ = ball.calc_constraint_forces(st)
    np.testing.assert_allclose(body_forces[1, 3:], [0, 0, 1.5 * G], atol=1e-10)
    np.testing.assert_allclose(ball.position_errors(st), 0, atol=1e-14)


def test_four_bar_closed_by_a_ball_constraint_has_zero_acceleration_errors():
    s = articula.MultibodySystem()
    m = s.matter
    pin = articula.mobilizers.pin()
    link = articula.Body(1.0, [0.5, 0, 0], articula.Inertia(0.01, 0.1, 0.1))
    a = m.add_body(0, articula.Transform(), link, articula.Transform(), pin)
    b = m.add_body(a, articula.Transform([1, 0, 0]), link, articula.Transform(), pin)
    c = m.add_body(0, articula.Transform([1, 0, 0]), link, articula.Transform(), pin)
    m.add_ball(b, [1, 0, 0], c, [1, 0, 0])  # a parallelogram: ground 1 m, links 1 m
    s.add_general_forces().add_gravity([0, -G, 0])
    st = s.realize_topology()
    st.q[:] = [0.5, -0.5, 0.5]
    st.u[:] = [0.3, -0.3, 0.3]
    s.realize(st, Stage.Acceleration)
    np.testing.assert_allclose(st.qerr, 0, atol=1e-12)
    np.testing.assert_allclose(st.udoterr, 0, atol=1e-9)
    assert m.calc_constraint_matrix(st).shape == (3, 3)


def test_coordinate_coupler_and_constant_speed():
    s = double_pendulum()
    m = s.matter
    m.add_coordinate_coupler(articula.functions.linear([1.0, -2.0]), [1, 2], [0, 0])  # q1 = 2 q2
    m.add_constant_speed(1, 0, 0.4)
    assert m.num_constraints == 2 and m.num_constraint_equations == (1, 1, 0)
    st = s.realize_topology()
    st.q[:] = [0.6, 0.3]
    st.u[:] = [0.4, 0.2]
    s.realize(st, Stage.Acceleration)
    np.testing.assert_allclose(st.udot, 0, atol=1e-10)  # u fixed, and so u2 = u1 / 2 too


def test_every_constraint_type_can_be_added():
    s = articula.MultibodySystem()
    m = s.matter
    free = articula.mobilizers.free()
    b1 = m.add_body(0, articula.Transform(), point_mass(1.0), articula.Transform(), free)
    b2 = m.add_body(0, articula.Transform(), point_mass(1.0), articula.Transform(), free)
    b3 = m.add_body(0, articula.Transform(), point_mass(1.0), articula.Transform(), articula.mobilizers.pin())
    f = articula.functions
    X = articula.Transform()
    indices = [
        m.add_weld(0, X, b1, X),
        m.add_constant_orientation(0, articula.Rotation(), b2, articula.Rotation()),
        m.add_point_in_plane(0, [0, 0, 1], 0.0, b2, [0, 0, 0]),
        m.add_point_on_line(0, [1, 0, 0], [0, 0, 0], b2, [0, 0, 0]),
        m.add_sphere_on_plane_contact(0, X, b2, [0, 0, 0], 0.1, no_slip=True),
        m.add_sphere_on_sphere_contact(b1, [0, 0, 0], 0.1, b2, [0, 0, 0], 0.1),
        m.add_line_on_line_contact(b1, [0, 0, 0], [1, 0, 0], b2, [0, 0, 0], [0, 1, 0]),
        m.add_disk_on_plane_contact(0, X, b2, [0, 0, 0], [0, 1, 0], 0.2, no_slip=True),
        m.add_constant_angle(b1, [1, 0, 0], b2, [0, 1, 0], 1.0),
        m.add_constant_speed(b3, 0, 1.0),
        m.add_constant_acceleration(b3, 0, 1.0),
        m.add_coordinate_coupler(f.linear([1.0]), [b3], [0]),
        m.add_speed_coupler(f.linear([1.0, 1.0]), [b3], [0], [b3], [0]),
        m.add_prescribed_motion(b3, 0, f.sinusoid(1.0, 2.0)),
        m.add_no_slip_1d(0, [0, 0, 0], [1, 0, 0], b1, b2),
    ]
    assert indices == list(range(15))
    names = [m.constraint(i).type_name for i in indices]
    assert names[0] == "Weld" and names[-1] == "NoSlip1D" and "DiskOnPlaneContact" in names
    assert sum(m.constraint(i).num_equations for i in indices) == sum(m.num_constraint_equations)


def test_prescribed_motion_drives_a_pin():
    s = double_pendulum()
    m = s.matter
    st = s.realize_topology()
    m.prescribe_motion(st, 1, "position", [articula.functions.sinusoid(0.5, 2.0)])
    assert m.is_prescribed(st, 1)
    st.time = 0.3
    s.realize(st, Stage.Acceleration)
    assert st.q[0] == pytest.approx(0.5 * math.sin(0.6), abs=1e-14)
    assert st.u[0] == pytest.approx(1.0 * math.cos(0.6), abs=1e-14)
    assert st.udot[0] == pytest.approx(-2.0 * math.sin(0.6), abs=1e-12)
    assert m.lock_forces(st)[0] != 0.0


# ---- contact ----

def sphere_over_ground(depth, radius=0.1, mass=2.0, material=None):
    s = articula.MultibodySystem()
    m = s.matter
    b = m.add_body(0, articula.Transform(), point_mass(mass), articula.Transform(), articula.mobilizers.translation())
    s.add_general_forces().add_gravity([0, 0, -G])
    c = s.add_contact_forces()
    ground = articula.ContactMaterial.ground()
    ball = material or articula.ContactMaterial.rubber()
    c.add_surface(0, articula.Transform(), articula.ContactShape.half_space(), ground, "floor")
    c.add_surface(b, articula.Transform(), articula.ContactShape.sphere(radius), ball, "ball")
    st = s.realize_topology()
    st.q[:] = [0, 0, radius - depth]
    return s, c, st, ground, ball


def effective_modulus(a, b):
    """Simbody's rule (paper, Appendix A.1) for the Hertz modulus of two materials."""
    ea, eb = (x.youngs_modulus / (1 - x.poisson_ratio ** 2) for x in (a, b))
    return (ea ** (2 / 3) * eb ** (2 / 3) / (ea ** (2 / 3) + eb ** (2 / 3))) ** 1.5


def test_hertz_force_of_a_sphere_on_the_ground_matches_the_formula():
    depth, radius, mass = 1e-3, 0.1, 2.0
    s, c, st, ground, ball = sphere_over_ground(depth, radius, mass)
    s.realize(st, Stage.Acceleration)
    report = c.report(st)
    assert len(report.contacts) == 1 and c.num_contacts(st) == 1
    record = report.contacts[0]
    expected = 4 / 3 * effective_modulus(ground, ball) * math.sqrt(radius) * depth ** 1.5
    assert record.model == "Hertz"
    assert record.depth == pytest.approx(depth, rel=1e-12)
    assert record.normal_force == pytest.approx(expected, rel=1e-9)
    np.testing.assert_allclose(report.body_forces[1, 3:], [0, 0, expected], rtol=1e-9, atol=1e-9)
    assert st.udot[2] == pytest.approx(expected / mass - G, rel=1e-9)
    assert c.calc_surface_distance(st, 0, 1) == pytest.approx(-depth, rel=1e-9)


def test_a_sphere_rests_at_the_hertz_equilibrium_depth():
    radius, mass = 0.1, 2.0
    ground, ball = articula.ContactMaterial.ground(), articula.ContactMaterial.rubber()
    k = 4 / 3 * effective_modulus(ground, ball) * math.sqrt(radius)
    depth = (mass * G / k) ** (2 / 3)
    s, c, st, _, _ = sphere_over_ground(depth, radius, mass)
    s.realize(st, Stage.Acceleration)
    assert c.report(st).contacts[0].normal_force == pytest.approx(mass * G, rel=1e-9)
    np.testing.assert_allclose(st.udot, 0, atol=1e-8)


def test_a_mesh_read_from_a_file_touches_the_ground(tmp_path):
    cube = tmp_path / "cube.obj"
    v = [(x, y, z) for x in (-0.1, 0.1) for y in (-0.1, 0.1) for z in (-0.1, 0.1)]
    faces = [(1, 3, 4, 2), (5, 6, 8, 7), (1, 2, 6, 5), (3, 7, 8, 4), (1, 5, 7, 3), (2, 4, 8, 6)]
    cube.write_text("".join("v %g %g %g\n" % p for p in v) + "".join("f %d %d %d %d\n" % f for f in faces))
    shape = articula.ContactShape.mesh_file(str(cube))
    assert shape.type == "TriangleMesh" and shape.num_faces == 12
    s = articula.MultibodySystem()
    b = s.matter.add_body(0, articula.Transform(), point_mass(1.0), articula.Transform(),
                          articula.mobilizers.translation())
    c = s.add_contact_forces()
    c.add_surface(0, articula.Transform(), articula.ContactShape.half_space(), articula.ContactMaterial.ground())
    mesh = c.add_surface(b, articula.Transform(), shape, articula.ContactMaterial.rubber())
    c.set_layer_thickness(mesh, 0.01)
    st = s.realize_topology()
    st.q[:] = [0, 0, 0.099]
    s.realize(st, Stage.Dynamics)
    report = c.report(st)
    assert report.contacts and all(r.model == "ElasticFoundation" for r in report.contacts)
    assert report.body_forces[1, 5] > 0


def test_penalty_material_pushes_back():
    s, c, st, _, _ = sphere_over_ground(0.005, material=articula.PenaltyMaterial(loading=[(0, 0), (0.01, 1e4)]))
    s.realize(st, Stage.Dynamics)
    record = c.report(st).contacts[0]
    assert record.model == "Penalty"
    assert record.normal_force == pytest.approx(5e3, rel=1e-9)  # halfway up the linear curve, at rest


# ---- functions and the function-based mobilizer ----

def test_functions_evaluate_and_differentiate():
    f = articula.functions
    p = f.polynomial([1.0, 2.0, 3.0])
    assert p(2.0) == 17.0 and p.derivative(2.0) == 14.0 and p.derivative(2.0, [0, 0]) == 6.0
    lin = f.linear([1.0, -2.0], 0.5)
    assert lin.argument_size == 2 and lin([3.0, 1.0]) == 1.5 and lin.derivative([0, 0], [1]) == -2.0
    assert f.constant(4.0)(1e3) == 4.0
    assert f.sinusoid(2.0, 3.0, 0.1, 1.0)(0.5) == pytest.approx(2 * math.sin(1.6) + 1, abs=1e-15)
    assert f.smooth_step(0.0, 1.0, 0.0, 2.0)(0.5) == pytest.approx(1.0, abs=1e-15)
    spline = f.natural_cubic_spline([0.0, 1.0, 2.0], [0.0, 1.0, 0.0])
    assert spline(1.0) == pytest.approx(1.0, abs=1e-15)
    with pytest.raises(ValueError):
        lin(1.0)
    with pytest.raises(ValueError):
        f.polynomial([1.0, float("nan")])


def test_function_based_mobilizer_with_a_linear_rotation_is_a_pin(pendulum):
    identity = articula.functions.linear([1.0], 0.0)
    mob = articula.mobilizers.function_based(1, rotations=[None, None, identity])
    assert mob.nq == 1 and mob.type_name != articula.mobilizers.pin().type_name
    s = double_pendulum(mob)
    st = s.realize_topology()
    ref = pendulum.initial_state()
    st.q[:] = ref.q[:] = [0.7, -0.3]
    st.u[:] = ref.u[:] = [1.5, 0.4]
    pendulum.system.realize(ref, Stage.Acceleration)
    np.testing.assert_allclose(accelerations(s, st), ref.udot, rtol=0, atol=1e-12)
    np.testing.assert_allclose(s.matter.calc_mass_matrix(st), pendulum.matter.calc_mass_matrix(ref), atol=1e-12)


def test_function_based_translation_is_a_slider():
    half = articula.functions.linear([0.5], 0.0)
    mob = articula.mobilizers.function_based(1, rotations=[None] * 3, translations=[(half, [0]), None, None])
    assert mob.calc_x_fm([0.4]).p[0] == pytest.approx(0.2, abs=1e-15)
    with pytest.raises(articula.Error):
        articula.mobilizers.function_based(1, rotations=[(half, [1]), None, None])  # no coordinate 1


# ---- misuse ----

def test_bad_indices_raise_index_error():
    s, b = slider_system()
    f = s.add_general_forces()
    with pytest.raises(IndexError):
        f.add_constant_force(5, [0, 0, 0], [1, 0, 0])
    with pytest.raises(IndexError):
        f.add_mobility_linear_spring(b, 1, 1.0)  # a slider has one coordinate
    with pytest.raises(IndexError):
        s.matter.add_rod(0, [0, 0, 0], 3, [0, 0, 0], 1.0)
    with pytest.raises(IndexError):
        s.matter.constraint(0)
    c = s.add_contact_forces()
    with pytest.raises(IndexError):
        c.add_surface(-1, articula.Transform(), articula.ContactShape.sphere(0.1), articula.ContactMaterial())
    assert f.num_forces == 0


def test_non_finite_parameters_raise():
    s, b = slider_system()
    f = s.add_general_forces()
    with pytest.raises(articula.Error):
        f.add_mobility_linear_spring(b, 0, float("nan"))
    with pytest.raises(articula.Error):
        f.add_constant_force(b, [0, 0, 0], [float("inf"), 0, 0])
    with pytest.raises(articula.Error):
        s.matter.add_rod(0, [0, 0, 0], b, [0, 0, 0], float("nan"))
    with pytest.raises(articula.Error):
        articula.ContactShape.sphere(float("nan"))
    c = s.add_contact_forces()
    with pytest.raises(articula.Error):
        c.add_surface(b, articula.Transform(), articula.ContactShape.sphere(0.1),
                      articula.ContactMaterial(youngs_modulus=float("nan")))
    with pytest.raises(ValueError):
        f.add_torque_pulse(b, "mobility", [1.0, 2.0], 0.0, 1.0)  # a slider has one u


def test_nothing_can_be_added_after_realize_topology():
    s, b = slider_system()
    f = s.add_general_forces()
    c = s.add_contact_forces()
    s.realize_topology()
    with pytest.raises(articula.Error):
        f.add_gravity()
    with pytest.raises(articula.Error):
        s.matter.add_rod(0, [0, 0, 0], b, [0, 0, 0], 1.0)
    with pytest.raises(articula.Error):
        c.add_surface(b, articula.Transform(), articula.ContactShape.sphere(0.1), articula.ContactMaterial())
    with pytest.raises(articula.Error):
        f.set_track_nonconservative_work(True)
    with pytest.raises(articula.Error):
        s.add_general_forces()


def test_an_exception_in_a_custom_force_reaches_the_caller():
    class Boom(Exception):
        pass

    calls = []

    def bad(state, body_forces, mobility_forces):
        calls.append(state.time)
        raise Boom("no force today")

    s, b = slider_system()
    s.add_general_forces().add_custom_force(bad)
    st = s.realize_topology()
    with pytest.raises(Boom, match="no force today"):
        s.realize(st, Stage.Dynamics)
    assert calls  # it really ran
    with pytest.raises(Boom):  # and again: the State was left unrealized, not broken
        s.realize(st, Stage.Acceleration)


def test_a_custom_force_that_writes_nan_or_returns_junk_raises():
    s, b = slider_system()
    f = s.add_general_forces()
    f.add_custom_force(lambda st, F, g: g.__setitem__(0, float("nan")), name="nan force")
    st = s.realize_topology()
    with pytest.raises(articula.Error, match="nan force"):
        s.realize(st, Stage.Dynamics)

    s, b = slider_system()
    s.add_general_forces().add_custom_force(lambda st, F, g: None, potential_energy=lambda st: "not a number")
    st = s.realize_topology()
    s.realize(st, Stage.Position)
    with pytest.raises(RuntimeError):  # pybind11's cast error: the callable must return a float
        s.calc_potential_energy(st)


def test_custom_force_callables_are_released_with_their_system():
    import gc
    import weakref

    class Force:
        def __call__(self, state, body_forces, mobility_forces):
            pass

    force = Force()
    ref = weakref.ref(force)
    s, b = slider_system()
    s.add_general_forces().add_custom_force(force)
    del force, s
    gc.collect()
    assert ref() is None


def test_constraint_results_need_their_stage():
    s, m, rod, st, _ = hanging_mass("rod")
    st.q[0] += 0.01  # drops Position and later stages
    with pytest.raises(articula.StageError):
        rod.multipliers(st)
    s.realize(st, Stage.Position)
    assert rod.position_errors(st)[0] != 0.0
    with pytest.raises(articula.StageError):
        rod.calc_constraint_forces(st)
