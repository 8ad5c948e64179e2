"""The examples of examples/python run (each checks its own result and fails if it is wrong)."""
import os
import pathlib
import subprocess
import sys

import pytest

from conftest import SOURCE

EXAMPLES = sorted((SOURCE / "examples" / "python").glob("*.py"))
# Short arguments so that the examples stay quick as tests.
ARGUMENTS = {"standing_fall.py": ["0.6"], "fall_monte_carlo.py": ["12", "study"]}


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.name for e in EXAMPLES])
def test_example_runs(example, tmp_path):
    env = dict(os.environ, MPLBACKEND="Agg")
    args = [sys.executable, str(example)] + ARGUMENTS.get(example.name, [])
    if example.name == "standing_fall.py":
        args.append(str(tmp_path / "fall.png"))
    done = subprocess.run(args, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stdout + done.stderr
    if example.name == "standing_fall.py":
        png = tmp_path / "fall.png"
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    if example.name == "fall_monte_carlo.py":
        assert (tmp_path / "study" / "fall_study.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert (tmp_path / "study" / "results.csv").read_text().count("\n") == 13
