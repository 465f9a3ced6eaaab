"""Drive the real ``oneiros`` command in a subprocess with piped, scripted answers."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def cli_env() -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)]),
        "COLUMNS": "100",
        "NO_COLOR": "1",
        "TERM": "dumb",
        "HOME": os.environ.get("HOME", "/tmp"),
    }


def oneiros(
    cwd: Path, *args: str, answers: list[str] | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    """``oneiros ARGS`` run in ``cwd`` with each answer typed on its own line."""
    stdin = "".join(a + "\n" for a in answers or [])
    argv = [sys.executable, "-m", "tests.cli.oneiros_cli", *args]
    proc = subprocess.Popen(
        argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        cwd=cwd, env=cli_env(), start_new_session=True,
    )  # fmt: skip
    try:
        out, err = proc.communicate(stdin, timeout=timeout)
    finally:
        if proc.poll() is None:  # timed out or interrupted: end its whole process group
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)
    return subprocess.CompletedProcess(argv, proc.returncode, out, err)


def ok(result: subprocess.CompletedProcess[str]) -> str:
    """The output of a run that ended well, with no traceback anywhere."""
    out = result.stdout + result.stderr
    assert "Traceback" not in out, out
    assert result.returncode == 0, out
    return result.stdout


def one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    """The single error line of a run that failed cleanly."""
    assert result.returncode != 0, result.stdout
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    return lines[0]


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def after(text: str, marker: str) -> str:
    """The part of ``text`` after the last ``marker`` (which must be there)."""
    assert marker in text, text
    return text.rsplit(marker, 1)[1]
