"""OpenSim's workflow from Python (docs/opensim.md): an .osim model's markers and muscle paths at a
State, checked against independent computations (body transforms, central differences), and the
Inverse Dynamics and Kinematics tools from OpenSim's own setup files, checked against OpenSim's results."""
import pathlib

import numpy as np
import pytest

import articula

SHARED = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data" / "external" / "opensim"
GAIT = SHARED / "gait2354"
pytestmark = pytest.mark.skipif(not SHARED.exists(), reason=f"{SHARED} absent")


def test_markers_sit_on_their_bodies():
    model = articula.load(str(GAIT / "subject01_simbody.osim"))
    state = model.initial_state()
    names = model.marker_names
    assert len(names) == 39 and "R.ASIS" in names
    positions = model.marker_positions(state)
    assert positions.shape == (39, 3)
    # Independently: the marker's location in its body (read from the .osim) through the body's
    # transform. R.ASIS is on the pelvis at the location the file gives.
    text = (GAIT / "subject01_simbody.osim").read_text()
    block = text[text.index('<Marker name="R.ASIS">') :]
    location = np.array([float(v) for v in block[block.index("<location>") + 10 : block.index("</location>")].split()])
    pelvis = model.matter.body_transform(state, model.body_index("pelvis"))
    expected = (pelvis.matrix() @ np.append(location, 1.0))[:3]
    assert np.allclose(positions[names.index("R.ASIS")], expected, atol=1e-12)


def test_moment_arms_are_minus_the_length_derivative():
    model = articula.load(str(GAIT / "subject01_simbody.osim"))
    system = model.system
    state = model.initial_state()
    names = model.muscle_names
    coordinates = model.muscle_coordinates
    assert len(names) == 54 and "knee_r.knee_angle_r" in coordinates
    lengths = model.muscle_lengths(state)
    arms = model.moment_arms(state)
    assert lengths.shape == (54,) and arms.shape == (54, len(coordinates))
    assert np.all(np.isfinite(lengths)) and np.all(lengths > 0.05)
    q = model.q_names.index("knee_r.knee_angle_r")
    k = coordinates.index("knee_r.knee_angle_r")
    h = 1e-6
    q0 = state.q[q]
    state.q[q] = q0 + h
    system.realize(state, articula.Stage.Position)
    up = model.muscle_lengths(state)
    state.q[q] = q0 - h
    system.realize(state, articula.Stage.Position)
    down = model.muscle_lengths(state)
    assert np.allclose(arms[:, k], -(up - down) / (2 * h), atol=1e-8)
    assert np.abs(arms[names.index("vas_int_r"), k]) > 0.01  # the vasti cross the knee


def test_inverse_dynamics_from_opensims_setup_file():
    labels, values = articula.inverse_dynamics(str(GAIT / "subject01_Setup_InverseDynamics.xml"))
    ref_labels, ref = articula.read_storage(str(GAIT / "reference" / "inverse_dynamics.sto"))
    assert labels == ref_labels
    assert values.shape == ref.shape
    assert np.allclose(values[:, 0], ref[:, 0], atol=1e-7)
    ankle = labels.index("ankle_angle_r_moment")
    rms = np.sqrt(np.mean((values[:, ankle] - ref[:, ankle]) ** 2))
    assert rms < 0.01 * np.max(np.abs(ref[:, ankle]))


def test_inverse_dynamics_refuses_a_missing_setup(tmp_path):
    with pytest.raises(articula.Error, match="missing.xml"):
        articula.inverse_dynamics(str(tmp_path / "missing.xml"))


def test_inverse_kinematics_from_opensims_setup_file():
    folder = SHARED / "gait10dof18musc"
    result = articula.inverse_kinematics(str(folder / "IK" / "walk_Setup_IK.xml"))
    labels, q = result["motion"]
    ref_labels, ref = articula.read_storage(str(folder / "IK" / "subject01_walk_IK.mot"))
    assert labels[0] == "time" and set(labels) <= set(ref_labels)
    assert q.shape[0] == ref.shape[0]
    for k, name in enumerate(labels[1:], start=1):
        column = ref[:, ref_labels.index(name)]
        limit = 1e-3 if name in ("pelvis_tx", "pelvis_ty", "pelvis_tz") else 1.0  # m, degrees
        assert np.sqrt(np.mean((q[:, k] - column) ** 2)) < limit, name
    error_labels, errors = result["marker_errors"]
    assert error_labels == ["time", "total_squared_error", "marker_error_RMS", "marker_error_max"]
    assert np.all(errors[:, 3] >= errors[:, 2]) and np.all(errors[:, 2] < 0.05)
