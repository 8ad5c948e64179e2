"""Sweeps on Dask distributed: the cluster path of `articula sweep` (docs/sweeps.md, docs/scale-out.md).

    import articula
    results = articula.sweep("examples/sweeps/pendulum_grid.json", "grid-out")   # a local cluster
    results = articula.sweep("study.json", "out", client=Client("tcp://host:8786"))
    results.to_pandas()

The cases are those of the C++ sweep (articula.SweepPlan); each runs in a worker through the same
C++ case runner as `articula sweep`, and returns its results.csv line, so a case's row is the same
bytes whichever machine, process or thread ran it. Batches of cases are Dask tasks (the batch size
amortizes Dask's per-task overhead); their rows are appended to DIR/results.csv as each batch
finishes, so a sweep killed at any time resumes without redoing the finished cases. A worker that
dies takes its unfinished batches with it; Dask runs them again elsewhere, and a batch's rows are
written once, when it returns.
"""
from __future__ import annotations

import csv
import hashlib
import json
import math
import os
import pathlib
import sys
import tempfile
import time
import uuid
from typing import Any, Iterable

from . import _articula

RESULTS = "results.csv"
TOTALS = "sweep.json"


class SweepResults:
    """A sweep's results folder: results.csv read as columns (numbers where they parse)."""

    def __init__(self, folder: str | os.PathLike[str]):
        self.folder = pathlib.Path(folder)
        with open(self.folder / RESULTS, newline="") as f:
            rows = list(csv.reader(f))
        self.columns: list[str] = rows[0] if rows else []
        self.rows: list[dict[str, Any]] = [dict(zip(self.columns, map(_number, r))) for r in rows[1:]]

    def __len__(self) -> int:
        return len(self.rows)

    @property
    def failed(self) -> list[dict[str, Any]]:
        """The rows of the cases that failed (status other than "ok"), with their reasons."""
        return [r for r in self.rows if r.get("status") != "ok"]

    def column(self, name: str) -> list[Any]:
        """A column of results.csv, in case order (numbers as floats, text as str)."""
        if name not in self.columns:
            raise KeyError("%s has no column %r (it has %s)" % (self.folder / RESULTS, name, ", ".join(self.columns)))
        return [r[name] for r in self.rows]

    def to_pandas(self):
        """results.csv as a pandas DataFrame."""
        import pandas
        return pandas.read_csv(self.folder / RESULTS)


def _number(text: str) -> Any:
    try:
        return float(text)
    except ValueError:
        return text


def sweep(sweep: str | os.PathLike[str] | dict[str, Any], out: str | os.PathLike[str] | None = None, client=None, *,
          workers: int | None = None, batch_size: int | None = None, bundle: bool = True,
          progress: bool = True) -> SweepResults:
    """Runs a sweep's cases on a Dask cluster into the results folder `out`; returns its results.

    sweep: a sweep file, or its document as a dict (relative paths in it are then taken from the
    working folder). out: the results folder (default: "<sweep file's stem>-sweep" in the working
    folder, "sweep-results" for a dict). client: a distributed.Client; None starts a local cluster of `workers`
    processes (default: one per core) for this call. bundle: send the model files with the tasks
    (workers need only the articula module); False: workers read them from the same paths (a
    shared file system). Cases already in out/results.csv are not run again. A case that fails is
    a row with status "failed" and its reason; the sweep goes on. Raises articula.ModelError for a
    malformed sweep, before anything is run or written.
    """
    plan, text, file = _plan(sweep)
    if out is None:
        out = "sweep-results" if isinstance(sweep, dict) else pathlib.Path(file).stem + "-sweep"
    out = pathlib.Path(out)
    results = out / RESULTS
    done = _finished(results, plan.header)
    todo = [i for i in range(plan.num_cases) if i not in done]
    out.mkdir(parents=True, exist_ok=True)
    if not results.exists() or results.stat().st_size == 0:
        results.write_text(plan.header + "\n")
    _drop_torn_line(results)
    payload = _payload(plan, text, file, bundle)
    keep = {case for case in todo if plan.keeps_trajectory(case)}
    started = time.monotonic()
    failed_before = _count_failed(results)
    own = None
    if client is None and todo:
        own = client = _local_client(workers)
    try:
        failed, used = _run(client, payload, todo, keep, str(out.resolve()), results, batch_size, progress)
    finally:
        if own is not None:
            cluster = own.cluster
            own.close()
            cluster.close()
    _articula.finalize_sweep_results(str(results))
    wall = time.monotonic() - started
    ok = plan.num_cases - failed_before - failed
    _write_totals(out / TOTALS, plan.num_cases, ok, failed_before + failed, len(todo), wall, used)
    return SweepResults(out)


def _plan(sweep):
    if isinstance(sweep, dict):
        text = json.dumps(sweep)
        file = str(pathlib.Path.cwd() / "sweep.json")
        return _articula.SweepPlan.from_text(text, file), text, file
    file = str(pathlib.Path(sweep).resolve())
    plan = _articula.SweepPlan(file)
    return plan, pathlib.Path(file).read_text(), file


def _finished(results: pathlib.Path, header: str) -> set[int]:
    """The case ids already in a results.csv (a torn last line, from a killed sweep, is not one)."""
    if not results.exists():
        return set()
    text = results.read_text()
    lines = text.split("\n")
    if lines[0] != header:
        raise _articula.ModelError("%s: belongs to a different sweep (its header is %r, this sweep's %r); "
                                   "use another --out folder" % (results, lines[0][:200], header[:200]))
    complete = lines[1:-1] if not text.endswith("\n") else lines[1:]
    return {int(line.split(",", 1)[0]) for line in complete if line and line.split(",", 1)[0].isdigit()}


def _drop_torn_line(results: pathlib.Path) -> None:
    """Cuts a last line without its newline (a write cut short by a kill) before rows are appended."""
    data = results.read_bytes()
    if data and not data.endswith(b"\n"):
        with open(results, "r+b") as f:
            f.truncate(data.rfind(b"\n") + 1)


def _count_failed(results: pathlib.Path) -> int:
    if not results.exists():
        return 0
    with open(results, newline="") as f:
        rows = list(csv.reader(f))
    return sum(1 for r in rows[1:] if len(r) > 1 and r[1] != "ok")


def _local_client(workers: int | None):
    from distributed import Client, LocalCluster
    cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1, processes=True,
                           host="127.0.0.1", dashboard_address=None)
    return Client(cluster)


def batch_size_for(cases: int, workers: int) -> int:
    """Cases per Dask task: about four tasks per worker (balance, and little lost with a worker),
    at most 64 cases (a task's rows reach the results file when the task ends)."""
    return max(1, min(64, math.ceil(cases / (4 * max(1, workers)))))


def _run(client, payload, todo: list[int], keep: set[int], out: str, results: pathlib.Path,
         batch_size: int | None, progress: bool) -> tuple[int, int]:
    """Runs the cases; returns how many failed and the number of workers."""
    if not todo:
        return 0, 0
    from distributed import as_completed
    workers = max(1, len(client.scheduler_info()["workers"]))
    size = batch_size or batch_size_for(len(todo), workers)
    # The payload as a task of its own (not scattered data): a worker that lacks it fetches it from
    # another, and if every holder died Dask runs the task again instead of cancelling the batches.
    shared = client.submit(_payload_of, payload, key="articula-sweep-payload-" + uuid.uuid4().hex)
    batches = [todo[k:k + size] for k in range(0, len(todo), size)]
    futures = [client.submit(_run_batch, shared, batch, sorted(keep.intersection(batch)), out, pure=False)
               for batch in batches]
    bar = _Bar(len(todo)) if progress else None
    failed = 0
    with open(results, "a") as f:
        for future in as_completed(futures):
            rows = future.result()
            for _case, ok, line in rows:
                f.write(line)
                failed += 0 if ok else 1
            f.flush()
            os.fsync(f.fileno())
            if bar:
                bar.add(len(rows), failed)
    if bar:
        bar.finish()
    return failed, workers


def _payload_of(payload: dict[str, Any]) -> dict[str, Any]:
    return payload


def _payload(plan, text: str, file: str, bundle: bool) -> dict[str, Any]:
    """What a task needs: the sweep's text, and either the files it reads (relative to a common
    folder) or the path they are all read from."""
    if not bundle:
        return {"text": text, "file": file, "files": None, "digest": ""}
    paths = _model_files(pathlib.Path(file), json.loads(text), pathlib.Path(plan.model_file))
    root = pathlib.Path(os.path.commonpath([str(p.parent) for p in paths]))
    files = {str(p.relative_to(root)): p.read_bytes() for p in paths if p.exists()}
    files[str(pathlib.Path(file).relative_to(root))] = text.encode()
    digest = hashlib.sha256(repr(sorted((k, hashlib.sha256(v).hexdigest()) for k, v in files.items())).encode())
    return {"text": text, "file": str(pathlib.Path(file).relative_to(root)), "files": files,
            "digest": digest.hexdigest()[:16]}


def _model_files(sweep_file: pathlib.Path, document: dict[str, Any], model: pathlib.Path) -> list[pathlib.Path]:
    """The sweep file, its table file, the model file and what an Articula model reads: the files
    of its "models" list (recursively) and its mesh files."""
    found = [sweep_file.resolve(), model.resolve()]
    table = document.get("design", {}).get("file") if isinstance(document.get("design"), dict) else None
    if isinstance(table, str):
        found.append((sweep_file.parent / table).resolve())
    pending = [model.resolve()]
    while pending:
        path = pending.pop()
        if path.suffix.lower() != ".json" or not path.exists():
            continue
        try:
            doc = json.loads(path.read_text())
        except ValueError:
            continue
        for entry in doc.get("models", []) if isinstance(doc, dict) else []:
            if isinstance(entry, dict) and isinstance(entry.get("file"), str):
                child = (path.parent / entry["file"]).resolve()
                if child not in found:
                    found.append(child)
                    pending.append(child)
        for body in doc.get("bodies", []) if isinstance(doc, dict) and isinstance(doc.get("bodies"), list) else []:
            for shape in body.get("geometry", []) if isinstance(body, dict) else []:
                if isinstance(shape, dict) and isinstance(shape.get("file"), str):
                    mesh = (path.parent / shape["file"]).resolve()
                    if mesh not in found:
                        found.append(mesh)
    return found


_worker_plans: dict[str, Any] = {}


def _worker_plan(payload: dict[str, Any]):
    """The sweep's plan in this worker process, built once per sweep (the files written once)."""
    key = payload["digest"] or payload["file"]
    plan = _worker_plans.get(key)
    if plan is None:
        file = payload["file"]
        if payload["files"] is not None:
            root = pathlib.Path(tempfile.gettempdir()) / ("articula-sweep-%s-%d" % (payload["digest"], os.getpid()))
            for rel, data in payload["files"].items():
                target = root / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
            file = str(root / file)
        plan = _worker_plans[key] = _articula.SweepPlan.from_text(payload["text"], file)
    return plan


def _run_batch(payload: dict[str, Any], cases: list[int], kept: list[int], out: str) -> list[tuple[int, bool, str]]:
    """A Dask task: runs the cases, returns (case, ok, results.csv line) for each."""
    plan = _worker_plan(payload)
    rows = []
    for case in cases:
        folder = os.path.join(out, "cases", str(case)) if case in kept else ""
        ok, line = plan.run_case(case, folder)
        rows.append((case, ok, line))
    return rows


def _write_totals(path: pathlib.Path, cases: int, ok: int, failed: int, ran: int, wall: float, workers: int) -> None:
    """DIR/sweep.json, with the keys `articula sweep` writes (jobs: the Dask workers)."""
    totals = {"cases": cases, "cases_per_second": ran / wall if wall > 0 else None, "engine": "dask",
              "failed": failed, "jobs": workers, "ok": ok, "run_now": ran, "wall_seconds": wall}
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(totals, indent=2) + "\n")
    os.replace(tmp, path)


class _Bar:
    """Cases done, failed and the time left, on one line of stderr."""

    def __init__(self, total: int, stream=sys.stderr):
        self.total, self.done, self.stream, self.started = total, 0, stream, time.monotonic()

    def add(self, n: int, failed: int) -> None:
        self.done += n
        wall = time.monotonic() - self.started
        left = wall * (self.total - self.done) / self.done if self.done else float("nan")
        filled = int(30 * self.done / self.total)
        self.stream.write("\r[%s%s] %d/%d cases, %d failed, ~%.0f s left   " % (
            "#" * filled, "." * (30 - filled), self.done, self.total, failed, left))
        self.stream.flush()

    def finish(self) -> None:
        self.stream.write("\n")


def main(argv: Iterable[str] | None = None) -> int:
    """python3 -m articula sweep SWEEP.json --out DIR [--scheduler tcp://HOST:8786]"""
    import argparse
    parser = argparse.ArgumentParser(prog="python3 -m articula sweep",
                                     description="run a sweep's cases on a Dask cluster (docs/sweeps.md)")
    parser.add_argument("sweep", help="sweep file (articula-sweep JSON)")
    parser.add_argument("--out", required=True, help="results folder (resumed when it holds results.csv)")
    parser.add_argument("--scheduler", help="Dask scheduler address, e.g. tcp://HOST:8786 (default: a local cluster)")
    parser.add_argument("--workers", type=int, help="local cluster: worker processes (default: one per core)")
    parser.add_argument("--batch-size", type=int, help="cases per Dask task (default: about four tasks per worker)")
    parser.add_argument("--shared-files", action="store_true",
                        help="workers read the model files from their paths instead of receiving them")
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(list(argv) if argv is not None else None)
    try:
        plan, _, _ = _plan(args.sweep)
    except _articula.ModelError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    client = None
    if args.scheduler:
        from distributed import Client
        client = Client(args.scheduler)
    try:
        results = sweep(args.sweep, args.out, client, workers=args.workers, batch_size=args.batch_size,
                        bundle=not args.shared_files, progress=not args.quiet)
    except _articula.ModelError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    except OSError as e:
        print("error: %s" % e, file=sys.stderr)
        return 1
    finally:
        if client is not None:
            client.close()
    failed = len(results.failed)
    if not args.quiet:
        print("%d cases, %d failed: %s" % (plan.num_cases, failed, pathlib.Path(args.out) / RESULTS))
    return 0 if failed == 0 else min(255, 10 + failed)
