"""Model.simulate: the same numbers and files as `articula run`, arrays by name, errors."""
import json
import pathlib
import subprocess
import threading
import time

import numpy as np
import pytest

import articula

SAME_FILES = ["trajectory.csv", "trajectory.json", "contacts.csv"]
# Fields of summary.json's "run" that measure this process (time, memory), not the simulation.
MEASURED = {"frame_handoff_s", "frame_work_s", "integration_real_time_factor", "integration_s", "memory",
            "real_time_factor", "total_wall_time_s", "wall_time_s"}


def scrub(summary):
    summary = dict(summary)
    summary["run"] = {k: v for k, v in summary["run"].items() if k not in MEASURED}
    return summary


def run_command(command, model, out, *options):
    subprocess.run([command, "run", str(model), "--out", str(out), "-q", *options], check=True,
                   capture_output=True)


@pytest.mark.parametrize("name, options, compat", [
    ("double_pendulum.json", {"duration": 0.5}, False),
    ("scenarios/standing_fall.json", {"duration": 0.3}, False),
    ("../tests/data/openmbd/openmbd_male.json", {"duration": 0.2}, True),  # OpenMBD's own format
])
def test_files_equal_the_commands(models, command, tmp_path, name, options, compat):
    model = models / name
    extra = ["--openmbd-compat"] if compat else []
    run_command(command, model, tmp_path / "cli", "--duration", str(options["duration"]), *extra)
    r = articula.load(str(model), openmbd_compat=compat).simulate(**options)
    r.write(tmp_path / "py")
    for f in SAME_FILES:
        cli, py = tmp_path / "cli" / f, tmp_path / "py" / f
        assert cli.exists() == py.exists(), f
        if cli.exists():
            assert cli.read_bytes() == py.read_bytes(), f
    cli_summary = json.loads((tmp_path / "cli" / "summary.json").read_text())
    assert scrub(r.summary) == scrub(cli_summary)
    assert sorted(p.name for p in (tmp_path / "py").iterdir()) == sorted(p.name for p in (tmp_path / "cli").iterdir())


def test_arrays_by_name(pendulum):
    r = pendulum.simulate(duration=0.2, report_interval=0.01)
    n = len(r)
    assert n == 21 and r.time[0] == 0 and r.time[-1] == pytest.approx(0.2)
    assert r.q.shape == (n, 2) and r.u.shape == (n, 2) and r.udot.shape == (n, 2)
    assert r.origin.shape == (n, 2, 3) and r.orientation.shape == (n, 2, 4)
    np.testing.assert_array_equal(r.coordinate("shoulder.angle"), r.q[:, 0])
    np.testing.assert_array_equal(r.speed("elbow.angle"), r.u[:, 1])
    # udot is the derivative of u: compare with central differences.
    du = np.gradient(r.u[:, 0], r.time)
    np.testing.assert_allclose(du[2:-2], r.udot[2:-2, 0], rtol=0, atol=2e-2 * np.abs(r.udot[:, 0]).max())
    lower = r.body("lower")
    assert lower["com"].shape == (n, 3)
    with pytest.raises(KeyError):
        r.coordinate("knee.angle")
    assert r.statistics["steps_taken"] > 0


def test_to_pandas(pendulum):
    pd = pytest.importorskip("pandas")
    r = pendulum.simulate(duration=0.1)
    df = r.to_pandas()
    assert isinstance(df, pd.DataFrame) and len(df) == len(r)
    np.testing.assert_array_equal(df["q:elbow.angle"].to_numpy(), r.q[:, 1])
    assert "lower.com_z" in df.columns


def test_contacts(models):
    r = articula.load(str(models / "scenarios" / "standing_fall.json")).simulate(duration=0.3)
    c = r.contacts
    assert len(c["time"]) > 0 and c["force"].shape == (len(c["time"]), 3)
    assert np.all(c["normal_force"] >= 0)
    assert r.contact_force.shape == (len(r), len(r.body_names), 3)
    assert set(c["surface_a"]) <= set(range(-1, len(c["surface_names"])))
    pd = pytest.importorskip("pandas")
    df = r.contacts_to_pandas()
    assert len(df) == len(c["time"]) and df["surface_b"].notna().all()


def test_override_errors_name_the_keyword(pendulum):
    with pytest.raises(articula.ModelError, match="^duration = 0: "):
        pendulum.simulate(duration=0)
    with pytest.raises(articula.ModelError, match="^integrator = RK45: unknown integrator"):
        pendulum.simulate(integrator="RK45")
    with pytest.raises(TypeError):
        pendulum.simulate(duration="long")


def test_progress_callable_and_errors_from_it(pendulum):
    calls = []
    pendulum.simulate(duration=0.5, progress=lambda t, d, w: calls.append((t, d)))
    assert calls and calls[-1] == (pytest.approx(0.5), 0.5)

    def fail(t, d, w):
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        pendulum.simulate(duration=0.5, progress=fail)


def test_text_progress_bar(pendulum, capsys):
    pendulum.simulate(duration=0.2, progress=True)
    assert "100.0%" in capsys.readouterr().err


def test_simulation_failure_raises(tmp_path, models):
    doc = json.loads((models / "double_pendulum.json").read_text())
    doc["scenario"]["max_steps"] = 3
    m = articula.from_dict(doc, file=str(tmp_path / "limited.json"))
    with pytest.raises(articula.SimulationError):
        m.simulate(duration=1.0)


def test_gil_is_released(models):
    """Python code runs in another thread while a run goes on."""
    ticks = []
    done = threading.Event()

    def ticker():
        while not done.is_set():
            ticks.append(1)
            done.wait(0.001)

    t = threading.Thread(target=ticker)
    model = articula.load(str(models / "scenarios" / "standing_fall.json"))
    t.start()
    start = time.monotonic()
    model.simulate(duration=2.0, accuracy=1e-5)
    wall = time.monotonic() - start
    done.set()
    t.join()
    assert wall > 0.05 and len(ticks) > 10


def test_write_refuses_a_foreign_folder(pendulum, tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    r = pendulum.simulate(duration=0.05)
    with pytest.raises(articula.OutputError):
        r.write(tmp_path)
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_table_has_the_joint_space_columns(models):
    # Gravity's torque about each pin axis (y), from the bodies' mass centres and the file's masses
    # (1 kg each): the shoulder at Ground's origin carries both bodies, the elbow (the lower
    # body's origin) the lower one. (r x m g)_y = -r_x m g_z for g along z.
    model = articula.load(str(models / "double_pendulum.json"))
    r = model.simulate(duration=0.3)
    names, values = r.table("q,forces", "angles:radians")
    assert names[0] == "time[s]" and values.shape == (len(r), len(names))
    column = {n: values[:, i] for i, n in enumerate(names)}
    g = 9.81
    shoulder = g * (r.com[:, 0, 0] + r.com[:, 1, 0])
    elbow = g * (r.com[:, 1, 0] - r.origin[:, 1, 0])
    np.testing.assert_allclose(column["shoulder.angle.tau_gravity[Nm]"], shoulder, atol=1e-6)
    np.testing.assert_allclose(column["elbow.angle.tau_gravity[Nm]"], elbow, atol=1e-6)
    np.testing.assert_allclose(column["elbow.angle.q[rad]"], r.coordinate("elbow.angle"), atol=1e-9)
    assert np.ptp(shoulder) > 1 and np.ptp(elbow) > 0.01  # they swing: the checks are not of constants
    with pytest.raises(ValueError, match='unknown column group "x"'):
        r.table("q,x")
