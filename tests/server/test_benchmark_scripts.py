"""Every documented benchmark command runs: each script in benchmarks/ answers ``--help``
(the web load benchmark once failed on a missing import before doing anything)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = sorted(p.name for p in (ROOT / "benchmarks").glob("*.py"))


@pytest.mark.parametrize("script", SCRIPTS)
def test_every_benchmark_answers_help(script: str) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / script), "--help"],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "usage" in done.stdout.lower()


@pytest.mark.slow
@pytest.mark.parametrize("client", ["light", "websockets"])
def test_the_load_benchmark_plays_with_either_client(client: str) -> None:
    """A short run of the web load benchmark (3 clients pausing like players, on SQLite):
    the light client plays real games, acknowledged moves come back, and nothing fails."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "web_load.py"),
            "--clients",
            "3",
            "--seconds",
            "3",
            "--think",
            "0.1",
            "--client",
            client,
        ],
        capture_output=True,
        text=True,
        timeout=180,
        env=env,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    row = [line for line in done.stdout.splitlines() if line.startswith("| 1 | 3 |")]
    assert len(row) == 1, done.stdout
    cells = [c.strip() for c in row[0].strip("|").split("|")]
    moves_per_second, errors = float(cells[4]), int(cells[9])
    assert moves_per_second > 0
    assert errors == 0, done.stderr[-2000:]
