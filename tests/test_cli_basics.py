"""The command line: every command explains itself, bad arguments give one line."""

from __future__ import annotations

import subprocess
import sys

import pytest

from oneiros.cli.main import app

pytestmark = pytest.mark.slow  # runs the oneiros command in subprocesses

COMMANDS = ["games", "agents", "play", "simulate", "replay", "bench"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "oneiros.cli.main", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={"COLUMNS": "100", "PATH": "/usr/bin:/bin", "NO_COLOR": "1"},
    )


def registered() -> set[str]:
    return {c.name or c.callback.__name__ for c in app.registered_commands}  # type: ignore[union-attr]


@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_has_help(command):
    assert command in registered(), f"`oneiros {command}` is missing"
    result = run(command, "--help")
    assert result.returncode == 0
    assert "Usage" in result.stdout and len(result.stdout.splitlines()) > 4


def test_games_lists_games():
    from oneiros.games import BUILTIN_GAMES

    result = run("games")
    assert result.returncode == 0
    for name in BUILTIN_GAMES:
        assert name in result.stdout


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["frobnicate"], "No such command"),
        (["games", "--bogus"], "No such option"),
        (["bench", "--game", "chess", "--no-write"], "unknown game 'chess'"),
    ],
)
def test_bad_arguments_give_one_line_and_nonzero_exit(args, needle):
    result = run(*args)
    assert result.returncode != 0
    assert "Traceback" not in result.stderr + result.stdout
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and needle in lines[0]


def test_version():
    result = run("--version")
    assert result.returncode == 0 and result.stdout.startswith("oneiros ")
