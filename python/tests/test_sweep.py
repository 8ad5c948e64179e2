"""Sweeps on Dask (articula.sweep, python3 -m articula sweep): the same rows, bit for bit, as the C++
`articula sweep`; a worker killed mid-sweep and a driver killed mid-sweep both end with every case
exactly once; a malformed sweep is refused before anything runs (docs/sweeps.md)."""
import json
import os
import pathlib
import signal
import subprocess
import sys
import time

import pytest

import articula

distributed = pytest.importorskip("distributed")

MODELS = pathlib.Path(os.environ.get("ARTICULA_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2])) / "models"


def grid(duration=0.3, masses=(0.5, 1.0, 1.5, 2.0, 3.0)):
    """4 x 5 = 20 short double-pendulum cases: release angle and lower mass."""
    return {"format": "articula-sweep", "version": 1, "model": str(MODELS / "double_pendulum.json"),
            "design": {"type": "grid"},
            "parameters": [
                {"name": "shoulder_deg", "pointer": "/initial_state/q_deg/shoulder.angle", "values": [30, 60, 90, 120]},
                {"name": "lower_mass", "pointer": "/bodies/1/mass", "values": list(masses)},
                {"name": "duration", "pointer": "/scenario/duration", "values": [duration]}],
            "outputs": [{"name": "final_shoulder", "final_q": "shoulder.angle"},
                        {"name": "final_elbow", "final_q": "elbow.angle"},
                        {"name": "energy_error", "summary": "/energy/balance_error_J"},
                        {"name": "steps", "summary": "/integrator/steps_taken"}]}


@pytest.fixture(scope="module")
def cluster():
    """Two worker processes on 127.0.0.1, shared by the tests of this file."""
    c = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                 dashboard_address=None)
    client = distributed.Client(c)
    yield client
    client.close()
    c.close()


def write(tmp_path, document, name="sweep.json"):
    path = tmp_path / name
    path.write_text(json.dumps(document, indent=1))
    return path


def local_results(command, sweep_file, out, jobs=2):
    run = subprocess.run([command, "sweep", str(sweep_file), "--out", str(out), "--jobs", str(jobs), "-q"],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return (out / "results.csv").read_bytes()


def test_dask_rows_equal_the_local_sweep_bit_for_bit(tmp_path, command, cluster):
    sweep_file = write(tmp_path, grid())
    local = local_results(command, sweep_file, tmp_path / "local")
    results = articula.sweep(sweep_file, tmp_path / "dask", client=cluster, progress=False)
    assert (tmp_path / "dask" / "results.csv").read_bytes() == local
    assert len(results) == 20 and not results.failed
    # The cases differ (the sweep is not one case twenty times) and the rows are in case order.
    assert results.column("case") == list(range(20))
    assert len(set(results.column("final_elbow"))) == 20
    # Each row is the case run alone through the plan, byte for byte.
    plan = articula.SweepPlan(str(sweep_file))
    lines = local.decode().splitlines(keepends=True)
    for case in (0, 7, 19):
        ok, line = plan.run_case(case)
        assert ok and line == lines[case + 1]


def test_bundled_and_shared_files_give_the_same_rows(tmp_path, cluster):
    sweep_file = write(tmp_path, grid(masses=(1.0, 2.0)))
    articula.sweep(sweep_file, tmp_path / "bundled", client=cluster, progress=False, bundle=True)
    articula.sweep(sweep_file, tmp_path / "shared", client=cluster, progress=False, bundle=False)
    assert (tmp_path / "bundled" / "results.csv").read_bytes() == (tmp_path / "shared" / "results.csv").read_bytes()


def falls(cases=16):
    """Standing falls of ~0.1 s of computing each: long enough to kill a worker in the middle."""
    return {"format": "articula-sweep", "version": 1,
            "model": str(MODELS / "scenarios" / "standing_fall.json"),
            "design": {"type": "random", "samples": cases, "seed": 3},
            "parameters": [{"name": "lean_deg", "pointer": "/initial_state/q_deg/root.ry", "distribution": "uniform",
                            "min": 4, "max": 6},
                           {"name": "duration", "pointer": "/scenario/duration", "distribution": "uniform",
                            "min": 1.2, "max": 1.2000001}],
            "outputs": [{"name": "hic15", "summary": "/head/hic15"}, {"name": "steps", "summary": "/integrator/steps_taken"}]}


def test_a_worker_killed_mid_sweep_leaves_every_case_once(tmp_path, command, cluster):
    sweep_file = write(tmp_path, falls())
    reference = local_results(command, sweep_file, tmp_path / "local")
    pids = list(cluster.run(os.getpid).values())
    results = tmp_path / "dask" / "results.csv"
    killed = []

    def kill_a_worker_once_rows_arrive():
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if results.exists() and results.read_text().count("\n") >= 3:  # header + two rows
                os.kill(pids[0], signal.SIGKILL)
                killed.append(results.read_text().count("\n") - 1)
                return
            time.sleep(0.01)

    import threading
    t = threading.Thread(target=kill_a_worker_once_rows_arrive)
    t.start()
    articula.sweep(sweep_file, tmp_path / "dask", client=cluster, progress=False, batch_size=1)
    t.join()
    assert killed and killed[0] < 16, "the worker was not killed in the middle of the sweep"
    assert results.read_bytes() == reference
    cluster.wait_for_workers(2, timeout=60)  # the nanny restarts it for the next tests


def test_an_interrupted_sweep_resumes_without_redoing_cases(tmp_path, command):
    sweep_file = write(tmp_path, falls(cases=24))
    reference = local_results(command, sweep_file, tmp_path / "local")
    out = tmp_path / "dask"
    driver = subprocess.Popen([sys.executable, "-m", "articula", "sweep", str(sweep_file), "--out", str(out),
                               "--workers", "2", "--batch-size", "1", "-q"], start_new_session=True)
    results = out / "results.csv"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:  # until some cases are written, but not all
        if results.exists() and results.read_text().count("\n") >= 3:
            break
        time.sleep(0.005)
    os.killpg(driver.pid, signal.SIGKILL)
    driver.wait()
    text = results.read_text()
    finished = text.count("\n") - 1
    assert 0 < finished < 24, "the sweep was not interrupted mid-way (%d cases written)" % finished
    # A torn line (a write cut short) is not a finished case.
    with open(results, "a") as f:
        f.write("5,ok,0.1")
    rerun = subprocess.run([sys.executable, "-m", "articula", "sweep", str(sweep_file), "--out", str(out),
                            "--workers", "2", "-q"], capture_output=True, text=True)
    assert rerun.returncode == 0, rerun.stderr
    assert results.read_bytes() == reference
    totals = json.loads((out / "sweep.json").read_text())
    assert totals["cases"] == 24 and totals["run_now"] == 24 - finished


@pytest.mark.parametrize("change, problem", [
    (lambda d: d["parameters"][0].update(pointer="/initial_state/q_deg/no/such"), "/parameters/0"),
    (lambda d: d.update(design={"type": "sobol"}), "/design"),
    (lambda d: d["parameters"].append({"name": "x", "pointer": "/bodies/0/mass", "min": 2, "max": 1,
                                       "count": 3}), "/parameters/3"),
])
def test_a_malformed_sweep_is_refused_before_anything_runs(tmp_path, change, problem):
    document = grid()
    change(document)
    sweep_file = write(tmp_path, document)
    with pytest.raises(articula.ModelError) as error:
        articula.sweep(sweep_file, tmp_path / "out", progress=False)
    assert str(sweep_file) in str(error.value) and problem in str(error.value)
    assert not (tmp_path / "out").exists()
    run = subprocess.run([sys.executable, "-m", "articula", "sweep", str(sweep_file), "--out", str(tmp_path / "o2")],
                         capture_output=True, text=True)
    assert run.returncode == 2 and problem in run.stderr
    assert not (tmp_path / "o2").exists()


def test_a_failing_case_is_a_row_and_the_sweep_goes_on(tmp_path, cluster):
    document = grid(masses=(1.0, -1.0))
    results = articula.sweep(write(tmp_path, document), tmp_path / "out", client=cluster, progress=False)
    assert len(results) == 8
    failed = results.failed
    text = (tmp_path / "out" / "results.csv").read_text()
    assert len(failed) == 4, text and all(r["lower_mass"] == -1.0 for r in failed)
    assert all("mass" in r["reason"] for r in failed)
    run = subprocess.run([sys.executable, "-m", "articula", "sweep", str(tmp_path / "sweep.json"),
                          "--out", str(tmp_path / "out"), "--workers", "1", "-q"], capture_output=True, text=True)
    assert run.returncode == 10 + 4


def test_a_sweep_document_as_a_dict_into_the_default_folder(tmp_path, cluster, monkeypatch):
    monkeypatch.chdir(tmp_path)
    results = articula.sweep(grid(masses=(1.0,)), client=cluster, progress=False)
    assert results.folder == pathlib.Path("sweep-results") and len(results) == 4
    sweep_file = write(tmp_path, grid(masses=(1.0,)), name="falls.json")
    assert (tmp_path / "sweep-results" / "results.csv").read_bytes() == \
        articula.sweep(sweep_file, client=cluster, progress=False).folder.joinpath("results.csv").read_bytes()
    assert (tmp_path / "falls-sweep" / "sweep.json").exists()


def free_port():
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_scheduler_and_workers_started_by_hand(tmp_path, command):
    """docs/scale-out.md's recipe on one machine: dask-scheduler, dask-worker, python3 -m articula
    sweep --scheduler; the rows are the local sweep's."""
    sweep_file = write(tmp_path, grid(masses=(1.0, 2.0)))
    reference = local_results(command, sweep_file, tmp_path / "local")
    port = free_port()
    address = "tcp://127.0.0.1:%d" % port
    scheduler = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
                                  "--port", str(port), "--dashboard-address", ":0"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    worker = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", address, "--nworkers", "2",
                               "--nthreads", "1", "--host", "127.0.0.1", "--dashboard-address", ":0"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
                              cwd=tmp_path)
    try:
        with distributed.Client(address, timeout=60) as client:
            client.wait_for_workers(2, timeout=60)
        run = subprocess.run([sys.executable, "-m", "articula", "sweep", str(sweep_file), "--out", str(tmp_path / "d"),
                              "--scheduler", address, "-q"], capture_output=True, text=True, timeout=120)
        assert run.returncode == 0, run.stderr
        assert (tmp_path / "d" / "results.csv").read_bytes() == reference
        assert json.loads((tmp_path / "d" / "sweep.json").read_text())["jobs"] == 2
    finally:
        for p in (worker, scheduler):
            os.killpg(p.pid, signal.SIGTERM)
            p.wait(timeout=30)
