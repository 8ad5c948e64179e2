#!/usr/bin/env python3
"""Python against C++ on the same model file, in one run (docs/performance.md, "Python"):

1. One step of a user's own loop: write q through the State's view, realize Acceleration, read
   udot -- on the 7-dof arm; the C++ twin (articula_bench_python_twin) does the same calls. Thread
   CPU time, best of five batches.
2. A whole Model.simulate (the arm's 2 s scenario, and the standing fall) against the C++
   run::runSimulation of the same file (both keep the frames), and then the copy-out of every
   result array into NumPy (Results makes each array when first asked for). Wall time (the run
   uses two threads), best of five runs: on a busy machine these move the most.

    PYTHONPATH=build/python /usr/bin/python3 bench/python/bench_python.py [--build build] [--quick]
"""
import argparse
import json
import pathlib
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
from arm7 import arm7  # noqa: E402


def best_of(batches, fn):
    return min(fn() for _ in range(batches))


def python_realize_ns(model, iterations):
    import articula
    s = model.initial_state()
    system, acc = model.system, articula.Stage.Acceleration
    q = s.q

    def batch():  # thread CPU time, as the C++ twin measures
        t0 = time.thread_time()
        for i in range(iterations):
            q[0] = 1e-3 * (i & 7)
            system.realize(s, acc)
            s.udot[0]
        return (time.thread_time() - t0) / iterations

    return best_of(5, batch) * 1e9


def python_simulate_s(model, repeats):
    """Best Model.simulate time, and the best time to copy every result array out afterwards."""
    best_run = best_copy = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        r = model.simulate()
        t1 = time.perf_counter()
        for name in r._names:
            getattr(r, name)
        t2 = time.perf_counter()
        best_run, best_copy = min(best_run, t1 - t0), min(best_copy, t2 - t1)
    return best_run, best_copy


def twin(build, model_file, what, n):
    out = subprocess.run([str(build / "bench" / "articula_bench_python_twin"), str(model_file), what, str(n)],
                         check=True, capture_output=True, text=True).stdout
    return float(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=str(ROOT / "build"))
    parser.add_argument("--quick", action="store_true", help="few iterations (a smoke test, not a measurement)")
    parser.add_argument("--json", help="also write the figures to this file")
    a = parser.parse_args()
    import articula
    build = pathlib.Path(a.build)
    iterations, repeats = (200, 1) if a.quick else (200000, 5)
    with tempfile.TemporaryDirectory() as tmp:
        arm_file = pathlib.Path(tmp) / "arm7.json"
        arm_file.write_text(json.dumps(arm7()))
        arm = articula.load(str(arm_file))
        rows = []
        cpp_ns = twin(build, arm_file, "realize", iterations)
        py_ns = python_realize_ns(arm, iterations)
        rows.append(("arm7: write q, realize Acceleration, read udot", py_ns * 1e-9, cpp_ns * 1e-9))
        print("%-50s %10s %10s %9s %9s" % ("", "Python", "C++", "diff", "ratio"))
        print("%-50s %8.2f us %7.2f us %6.2f us %8.2fx" % (rows[0][0], py_ns / 1e3, cpp_ns / 1e3,
                                                           (py_ns - cpp_ns) / 1e3, py_ns / cpp_ns))
        for name, path in [("arm7 simulate (2 s, 2001 frames)", arm_file),
                           ("standing fall simulate (2 s)", ROOT / "models" / "scenarios" / "standing_fall.json")]:
            m = articula.load(str(path))
            cpp_s = twin(build, path, "simulate", repeats)
            py_s, copy_s = python_simulate_s(m, repeats)
            rows.append((name, py_s, cpp_s))
            print("%-50s %8.1f ms %7.1f ms %6.1f ms %8.2fx   (+ copy-out of all arrays %.1f ms)" % (
                name, py_s * 1e3, cpp_s * 1e3, (py_s - cpp_s) * 1e3, py_s / cpp_s, copy_s * 1e3))
        if a.json:
            pathlib.Path(a.json).write_text(json.dumps(
                [{"case": n, "python_s": p, "cpp_s": c} for n, p, c in rows], indent=1))


if __name__ == "__main__":
    main()
