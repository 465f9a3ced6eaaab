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
