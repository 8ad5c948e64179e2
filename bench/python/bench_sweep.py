#!/usr/bin/env python3
"""Sweep throughput (make bench-sweep; docs/performance.md, "Sweeps"): the same cases run

  1. as separate `articula run` processes, one after another (what a shell loop does);
  2. by `articula sweep --jobs 1` and `--jobs 2` (threads in one process);
  3. by articula.sweep on a Dask LocalCluster of 1 and 2 worker processes on this machine;

and prints cases per second, the speed-up of two jobs over one, and Dask's per-case overhead
against the local sweep with the same number of workers: (t_dask − t_local) / cases. The cases
are the standing fall at two durations, so the overhead is measured on cases of ~50 ms and more.

    PYTHONPATH=build/python /usr/bin/python3 bench/python/bench_sweep.py [--cases N] [--command build/articula]
"""
import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time

import articula

ROOT = pathlib.Path(__file__).resolve().parents[2]


def sweep_document(cases, duration):
    return {"format": "articula-sweep", "version": 1,
            "model": str(ROOT / "models" / "scenarios" / "standing_fall.json"),
            "design": {"type": "random", "samples": cases, "seed": 11},
            "parameters": [
                {"name": "friction", "pointer": "/contact_materials/concrete/static_friction",
                 "distribution": "uniform", "min": 0.8, "max": 1.2},
                {"name": "lean_deg", "pointer": "/initial_state/q_deg/root.ry", "distribution": "uniform",
                 "min": 4.0, "max": 6.0},
                {"name": "duration", "pointer": "/scenario/duration", "distribution": "uniform",
                 "min": duration, "max": duration * 1.0000001}],
            "outputs": [{"name": "hic15", "summary": "/head/hic15"},
                        {"name": "steps", "summary": "/integrator/steps_taken"}]}


def timed(fn):
    started = time.perf_counter()
    fn()
    return time.perf_counter() - started


def separate_processes(command, plan, document, folder):
    """Each case as its own model file and `articula run` process."""
    base = json.loads(pathlib.Path(plan.model_file).read_text())
    files = []
    for case in range(plan.num_cases):
        doc = json.loads(json.dumps(base))
        friction, lean, duration = plan.case_values(case)
        doc["contact_materials"]["concrete"]["static_friction"] = friction
        doc["initial_state"]["q_deg"]["root.ry"] = lean
        doc["scenario"]["duration"] = duration
        doc["models"][0]["file"] = str(pathlib.Path(plan.model_file).parent / doc["models"][0]["file"])
        path = folder / ("case%d.json" % case)
        path.write_text(json.dumps(doc))
        files.append(path)

    def run():
        for k, path in enumerate(files):
            subprocess.run([command, "run", str(path), "--out", str(folder / ("run%d" % k)), "-q", "--no-viewer"],
                           check=True)
    return timed(run)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cases", type=int, default=40)
    parser.add_argument("--command", default=str(ROOT / "build" / "articula"))
    args = parser.parse_args()
    from distributed import Client, LocalCluster
    print("sweep benchmark: %d cases of the standing fall per row, %d cores" % (args.cases, os.cpu_count()))
    print("%-10s %-34s %9s %10s %12s" % ("case", "how", "wall s", "cases/s", "vs row 1"))
    for duration in (1.0, 2.0):
        with tempfile.TemporaryDirectory() as tmp:
            tmp = pathlib.Path(tmp)
            sweep_file = tmp / "sweep.json"
            sweep_file.write_text(json.dumps(sweep_document(args.cases, duration)))
            plan = articula.SweepPlan(str(sweep_file))
            rows = [("separate `articula run` processes", separate_processes(args.command, plan, None, tmp))]
            for jobs in (1, 2):
                out = tmp / ("local%d" % jobs)
                rows.append(("articula sweep --jobs %d" % jobs, timed(lambda: subprocess.run(
                    [args.command, "sweep", str(sweep_file), "--out", str(out), "--jobs", str(jobs), "-q"],
                    check=True))))
            for workers in (1, 2):
                cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                                       dashboard_address=None)
                client = Client(cluster)
                # Warm the workers (import, first plan) so the figure is the sweep, not the start-up.
                articula.sweep(sweep_file, tmp / ("warm%d" % workers), client=client, progress=False)
                out = tmp / ("dask%d" % workers)
                rows.append(("Dask LocalCluster, %d worker(s)" % workers,
                             timed(lambda: articula.sweep(sweep_file, out, client=client, progress=False))))
                client.close()
                cluster.close()
                same = (out / "results.csv").read_bytes() == (tmp / ("local%d" % workers) / "results.csv").read_bytes()
                assert same, "Dask's results differ from the local sweep's"
            label = "%.1f s fall" % duration
            first = rows[0][1]
            for how, wall in rows:
                print("%-10s %-34s %9.2f %10.1f %11.2fx" % (label, how, wall, args.cases / wall, first / wall))
            local = {1: rows[1][1], 2: rows[2][1]}
            dask = {1: rows[3][1], 2: rows[4][1]}
            per_case = local[1] / args.cases
            for w in (1, 2):
                overhead = (dask[w] - local[w]) / args.cases
                print("%-10s Dask overhead, %d worker(s): %+.1f ms per case = %+.1f %% of a %.0f ms case"
                      % (label, w, 1e3 * overhead, 100 * overhead / per_case, 1e3 * per_case))
            print("%-10s two jobs / one job: %.2fx" % (label, local[1] / local[2]))


if __name__ == "__main__":
    sys.exit(main())
