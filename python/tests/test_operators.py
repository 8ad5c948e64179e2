"""The operators through Python: against the analytic double pendulum, against each other
(M v against M, M^-1 against M, inverse against forward dynamics), and conservation."""
import math

import numpy as np
import pytest

import articula
from articula import Stage

# models/double_pendulum.json: two 1 kg rods, 0.5 m, mass centres 0.25 m from their joints,
# I = 0.0208333 kg m^2 about the mass centre, pins about y.
M_ROD, L, C, I = 1.0, 0.5, 0.25, 0.0208333


def analytic_mass_matrix(q2):
    """The planar two-link mass matrix for relative angles (any dynamics textbook)."""
    m11 = I + M_ROD * C ** 2 + I + M_ROD * (L ** 2 + C ** 2 + 2 * L * C * math.cos(q2))
    m12 = I + M_ROD * (C ** 2 + L * C * math.cos(q2))
    m22 = I + M_ROD * C ** 2
    return np.array([[m11, m12], [m12, m22]])


@pytest.fixture
def realized(pendulum):
    s = pendulum.initial_state()
    s.q[:] = [0.4, 1.1]
    s.u[:] = [0.3, -0.8]
    pendulum.system.realize(s, Stage.Acceleration)
    return s


def test_mass_matrix_is_the_analytic_one(pendulum, realized):
    M = pendulum.matter.calc_mass_matrix(realized)
    assert M.shape == (2, 2)
    np.testing.assert_allclose(M, analytic_mass_matrix(1.1), rtol=1e-12, atol=1e-14)


def test_m_products_agree_with_m(pendulum, realized):
    matter = pendulum.matter
    M = matter.calc_mass_matrix(realized)
    v = np.array([0.7, -1.3])
    np.testing.assert_allclose(matter.multiply_by_m(realized, v), M @ v, rtol=1e-13)
    np.testing.assert_allclose(matter.multiply_by_m_inv(realized, v), np.linalg.solve(M, v), rtol=1e-12)
    np.testing.assert_allclose(matter.calc_mass_matrix_inverse(realized) @ M, np.eye(2), atol=1e-12)


def test_inverse_dynamics_inverts_forward_dynamics(pendulum, realized):
    matter = pendulum.matter
    forces = matter.applied_body_forces(realized)
    assert forces.shape == (matter.num_bodies, 6)
    # The system's own accelerations under its own forces need no extra generalized force.
    residual = matter.calc_residual_force(realized, realized.udot, body_forces=forces)
    np.testing.assert_allclose(residual, 0.0, atol=1e-12)
    # And a known extra force comes back out.
    tau = np.array([2.0, -0.5])
    udot = matter.calc_acceleration_ignoring_constraints(realized, mobility_forces=tau, body_forces=forces)
    np.testing.assert_allclose(matter.calc_residual_force(realized, udot, body_forces=forces), tau, atol=1e-12)


def test_jacobians_agree_with_velocities(pendulum, realized):
    matter = pendulum.matter
    lower = pendulum.body_index("lower")
    tip = np.array([0.0, 0.0, -0.5])
    J = matter.calc_station_jacobian(realized, lower, tip)
    np.testing.assert_allclose(J @ realized.u, matter.station_velocity(realized, lower, tip), rtol=1e-12)
    Js = matter.calc_system_jacobian(realized)
    V = matter.multiply_by_system_jacobian(realized, realized.u)
    np.testing.assert_allclose(Js @ realized.u, V.reshape(-1), atol=1e-13)
    np.testing.assert_allclose(V[lower], matter.body_velocity(realized, lower), atol=1e-13)
    F = np.zeros((matter.num_bodies, 6))
    F[lower] = [0.1, 0.2, 0.3, 1.0, 2.0, 3.0]
    np.testing.assert_allclose(matter.multiply_by_system_jacobian_transpose(realized, F), Js.T @ F.reshape(-1),
                               atol=1e-13)


def test_kinetic_energy_is_half_u_m_u(pendulum, realized):
    M = pendulum.matter.calc_mass_matrix(realized)
    u = realized.u
    assert pendulum.system.calc_kinetic_energy(realized) == pytest.approx(0.5 * u @ M @ u, rel=1e-13)


def test_energy_is_conserved_by_a_run(pendulum):
    r = pendulum.simulate(duration=1.0)
    e = r.kinetic_energy + r.potential_energy
    assert abs(e[-1] - e[0]) < 1e-4 * max(1.0, abs(e[0]))
    assert np.ptp(e) > 0  # energy is computed at every frame, not a constant copied along


def test_operator_arguments_are_checked(pendulum, realized):
    matter = pendulum.matter
    with pytest.raises(ValueError, match="expected 2 values"):
        matter.multiply_by_m(realized, [1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match="not finite"):
        matter.multiply_by_m_inv(realized, [1.0, float("inf")])
    with pytest.raises(IndexError):
        matter.body_transform(realized, 17)
    with pytest.raises(ValueError, match=r"\(3, 6\) array"):
        matter.calc_residual_force(realized, [0.0, 0.0], body_forces=np.zeros((2, 6)))
