"""The sweep's C++ core from Python (docs/sweeps.md, "From Python"): a SweepPlan's cases and lines
are those `articula sweep` writes, a bad sweep is a ModelError, and finalize_sweep_results sorts."""
import json
import subprocess
import threading

import pytest

from articula import _articula as core
import articula
from conftest import MODELS


def grid(tmp_path):
    """The double pendulum's lower mass on a grid of three, 0.2 s each; written beside tmp_path."""
    sweep = {
        "format": "articula-sweep", "version": 1, "model": str(MODELS / "double_pendulum.json"),
        "design": {"type": "grid"},
        "parameters": [{"name": "mass", "pointer": "/bodies/1/mass", "values": [0.5, 1.5, -1]},
                       {"name": "duration", "pointer": "/scenario/duration", "values": [0.2]},
                       {"name": "integrator", "pointer": "/scenario/integrator", "values": ["RungeKuttaMerson"]}],
        "outputs": [{"name": "elbow", "final_q": "elbow.angle"}, {"name": "steps", "summary": "/integrator/steps_taken"}],
    }
    path = tmp_path / "sweep.json"
    path.write_text(json.dumps(sweep))
    return path


def test_plan_gives_the_cases_and_the_lines_of_the_command(tmp_path, command):
    path = grid(tmp_path)
    plan = core.SweepPlan(str(path))
    assert plan.num_cases == 3
    assert plan.header == "case,status,mass,duration,integrator,elbow,steps,reason"
    assert plan.model_file == str(MODELS / "double_pendulum.json")
    assert plan.case_values(1) == [1.5, 0.2, "RungeKuttaMerson"]
    assert not plan.keeps_trajectory(0)
    results = [plan.run_case(i) for i in range(plan.num_cases)]
    assert [ok for ok, _ in results] == [True, True, False]
    assert all(line.endswith("\n") for _, line in results)
    assert "/bodies/1/mass" in results[2][1]
    out = tmp_path / "out"
    code = subprocess.run([command, "sweep", str(path), "-q", "--out", str(out)]).returncode
    assert code == 11  # one case failed
    assert (out / "results.csv").read_text() == plan.header + "\n" + "".join(line for _, line in results)


def test_plan_from_text_runs_on_threads_with_the_same_lines(tmp_path):
    path = grid(tmp_path)
    plan = core.SweepPlan.from_text(path.read_text(), str(path))
    alone = [plan.run_case(i)[1] for i in range(2)]
    together = [None, None]

    def run(i):
        together[i] = plan.run_case(i)[1]

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert together == alone


def test_run_case_writes_the_case_folder(tmp_path):
    plan = core.SweepPlan(str(grid(tmp_path)))
    ok, line = plan.run_case(0, case_folder=str(tmp_path / "cases" / "0"))
    assert ok
    summary = json.loads((tmp_path / "cases" / "0" / "summary.json").read_text())
    assert line.split(",")[6] == str(summary["integrator"]["steps_taken"])


def test_a_bad_sweep_is_a_model_error(tmp_path):
    text = grid(tmp_path).read_text().replace("/bodies/1/mass", "/bodies/9/mass")
    with pytest.raises(articula.ModelError, match=r"bad.json: /parameters/0/pointer = \"/bodies/9/mass\": index 9") as e:
        core.SweepPlan.from_text(text, str(tmp_path / "bad.json"))
    assert e.value.path == "/parameters/0/pointer"
    with pytest.raises(IndexError):
        core.SweepPlan(str(grid(tmp_path))).case_values(3)


def test_finalize_sorts_and_keeps_each_case_once(tmp_path):
    f = tmp_path / "results.csv"
    f.write_text("case,status,reason\n2,ok,\n0,ok,\n2,failed,x\n1,ok,\n3,o")
    core.finalize_sweep_results(str(f))
    assert f.read_text() == "case,status,reason\n0,ok,\n1,ok,\n2,ok,\n"
