"""After ``make play`` (base and web extras only) every command works or says in one line
which extra to install: never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from .helpers import ROOT, cli_env


def bare(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = cli_env()
    env["PYTHONPATH"] = f"{ROOT / 'src'}:{ROOT}"
    return subprocess.run(
        [sys.executable, "-m", "tests.cli.without_extras", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=120,
    )


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("bare")
    out = folder / "results.jsonl"
    run = bare(folder, "simulate", "lucidity", "--games", "2", "--seed", "3", "--out", str(out))
    assert run.returncode == 0, run.stderr
    return out


@pytest.mark.parametrize(
    ("args", "extra", "library"),
    [
        (["report", "{results}", "--out", "{tmp}/report"], "analysis", "matplotlib"),
        (
            ["tournament", "lucidity", "-p", "2", "-a", "random,heuristic", "--games", "1"],
            "analysis",
            "trueskill",
        ),
        (["simulate", "lucidity", "--games", "2", "--backend", "ray"], "ray", "Ray"),
    ],
)
def test_a_command_needing_an_extra_names_it_in_one_line(
    results: Path, tmp_path: Path, args: list[str], extra: str, library: str
) -> None:
    argv = [a.format(results=results, tmp=tmp_path) for a in args]
    run = bare(tmp_path, *argv)
    assert run.returncode != 0
    assert "Traceback" not in run.stderr, run.stderr
    lines = [line for line in run.stderr.splitlines() if line.startswith("error:")]
    assert len(lines) == 1, run.stderr  # (a progress bar may precede it)
    assert library in lines[0]
    assert f"pip install 'oneiros[{extra}]'" in lines[0]


@pytest.mark.parametrize(
    "args",
    [
        ["games"],
        ["agents"],
        ["simulate", "sleep-tight", "--games", "2", "--seed", "1"],
        ["compare", "lucidity", "--games", "2", "--seed", "1", "--b-option", "bone_hunters=0"],
        ["serve", "--help"],
        ["replay", "--help"],
        ["bench", "--help"],
    ],
)
def test_the_other_commands_work_without_the_extras(tmp_path: Path, args: list[str]) -> None:
    run = bare(tmp_path, *args)
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
