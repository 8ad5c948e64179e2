"""State: the NumPy views alias the State's memory, writes through them invalidate the right
stages, and misuse raises clear exceptions."""
import math

import numpy as np
import pytest

import articula
from articula import Stage


def test_views_alias_the_state(pendulum):
    s = pendulum.initial_state()
    q = s.q
    assert not q.flags.owndata and q.flags.writeable
    q[0] = 0.25
    assert s.q[0] == 0.25  # a second view sees the write: same memory
    assert s.y[0] == 0.25  # and y = [q u z] is the same memory too
    assert np.shares_memory(s.q, s.y)
    other = s.copy()
    other.q[0] = -1.0
    assert s.q[0] == 0.25  # copies have their own memory


def test_write_through_view_invalidates_position(pendulum):
    sys = pendulum.system
    s = pendulum.initial_state()
    sys.realize(s, Stage.Acceleration)
    assert s.stage == Stage.Acceleration
    udot_before = s.udot.copy()
    s.q[1] = 0.7  # bend the elbow
    assert s.stage == Stage.Time  # Position and later are gone
    with pytest.raises(articula.StageError):
        s.udot
    sys.realize(s, Stage.Acceleration)
    assert not np.allclose(s.udot, udot_before)


def test_write_u_keeps_position(pendulum):
    sys = pendulum.system
    s = pendulum.initial_state()
    sys.realize(s, Stage.Acceleration)
    s.u[:] = [1.0, -2.0]
    assert s.stage == Stage.Position
    s.z[:] = s.z  # same values: nothing invalidated
    assert s.stage == Stage.Position


def test_result_views_are_read_only(pendulum):
    s = pendulum.initial_state()
    pendulum.system.realize(s, Stage.Acceleration)
    with pytest.raises(ValueError):
        s.udot[0] = 1.0


def test_assignment_checks_shape_and_values(pendulum):
    s = pendulum.initial_state()
    with pytest.raises(ValueError, match="expected 2 values, got 3"):
        s.q = [1.0, 2.0, 3.0]
    with pytest.raises(ValueError, match="not finite"):
        s.u = [0.0, float("nan")]
    with pytest.raises(TypeError):
        s.q = "abc"
    s.q = [0.1, 0.2]
    assert list(s.q) == [0.1, 0.2]


def test_nan_written_through_a_view_is_refused_at_realize(pendulum):
    s = pendulum.initial_state()
    s.q[0] = math.nan
    with pytest.raises(articula.Error, match=r"State.q\[0\] = nan: not finite"):
        pendulum.system.realize(s, Stage.Position)


def test_stale_stage_raises_stage_error(pendulum):
    s = pendulum.default_state()
    with pytest.raises(articula.StageError, match="needs stage Acceleration"):
        s.udot
    with pytest.raises(articula.StageError, match="calc_mass_matrix"):
        pendulum.matter.calc_mass_matrix(s)


def test_state_of_another_system_is_refused(pendulum, models):
    other = articula.load(str(models / "double_pendulum.json"))
    s = other.initial_state()
    with pytest.raises(articula.Error, match="not made by this System"):
        pendulum.system.realize(s, Stage.Position)
    with pytest.raises(articula.Error, match="not made by this System"):
        pendulum.matter.calc_mass_matrix(s)


def test_views_keep_the_state_alive(pendulum):
    q = pendulum.initial_state().q  # the State itself is dropped here
    q[0] = 3.0
    assert q[0] == 3.0


def test_time(pendulum):
    s = pendulum.initial_state()
    pendulum.system.realize(s, Stage.Acceleration)
    s.time = 1.5
    assert s.time == 1.5 and s.stage < Stage.Time
    with pytest.raises(ValueError):
        s.time = float("inf")


def test_stages_out_of_range_are_refused(pendulum):
    s = pendulum.initial_state()
    with pytest.raises(ValueError, match="expected a Stage"):
        pendulum.system.realize(s, Stage(42))
    with pytest.raises(ValueError, match="expected a Stage from Model"):
        s.invalidate(Stage.Empty)
    s.invalidate(Stage.Velocity)
    assert s.stage == Stage.Position
