"""Lucidity at the terminal: what `make play` starts (`oneiros play lucidity`)."""

from __future__ import annotations

import re
import sys

import pexpect
import pytest

import oneiros
from oneiros.cli.render import seat_name
from tests.cli.helpers import after, cli_env, load, ok
from tests.cli.helpers import oneiros as run

pytestmark = pytest.mark.slow  # runs the oneiros command in subprocesses

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def test_the_default_game_is_one_human_against_three_heuristic_bots_to_the_end(tmp_path):
    out = ok(
        run(
            tmp_path,
            "play",
            "lucidity",
            "--seed",
            "5",
            "--delay",
            "0",
            "--autosave",
            "l.json",
            answers=["1"] * 800,
        )
    )
    record = load(tmp_path / "l.json")
    assert record["players"] == 4
    assert record["seats"] == ["human", "heuristic", "heuristic", "heuristic"]
    state = oneiros.replay(record)
    assert state.is_terminal()
    result = after(out, "Result")
    for seat, score in enumerate(state.scores()):
        assert re.search(rf"{seat_name(seat)} \([\w ]+\)\s+│\s+{score:g} │", result), result
    for seat in state.winners():
        assert re.search(rf"{seat_name(seat)} \([\w ]+\)\s+│\s+\d+ │ winner", result)
    # the table showed the dreamer cards, the bag and the Nightmare cards
    assert "▶ Luna (you) · dreamer" in out
    assert re.search(r"Bag:\s+B\s+blue \d+", out)
    assert "Nightmare of Primeval Fear" in out


def test_replay_of_a_lucidity_game_jumps_to_a_turn(tmp_path):
    ok(
        run(
            tmp_path,
            "play",
            "lucidity",
            "--seats",
            "heuristic,heuristic,heuristic",
            "--seed",
            "2",
            "--delay",
            "0",
            "--autosave",
            "g.json",
        )
    )
    out = ok(run(tmp_path, "replay", "g.json", answers=["turn 3", "n", "q"]))
    jumped = after(out, "replay> turn 3")
    assert re.search(r"Move \d+ of \d+  \(action \d+, turn 3\)", jumped)
    assert "Lucidity: Six-Sided Nightmares  turn 3  to play: " in jumped
    assert "this move" in after(jumped, "replay> n")
    # the same record stepped through in Spanish: the viewer, the board and the events
    out = ok(run(tmp_path, "replay", "g.json", "--lang", "es", answers=["turn 3", "n", "x", "q"]))
    jumped = after(out, "replay> turn 3")
    assert re.search(r"Jugada \d+ de \d+  \(acción \d+, turno 3\)", jumped)
    assert "esta jugada" in after(jumped, "replay> n")
    assert "'x' no es una orden de repetición." in after(jumped, "replay> x")
    assert "Bolsa" in jumped and "Move " not in jumped
    bad = run(tmp_path, "replay", "g.json", "--lang", "fr")
    assert bad.returncode != 0 and "--lang" in bad.stderr and "Traceback" not in bad.stderr


def test_in_a_terminal_the_rule_the_risk_meter_and_a_hint(tmp_path):
    """A real pseudo-terminal: colours, screen clearing and the commands a player types."""
    env = {**cli_env(), "TERM": "xterm-256color", "COLUMNS": "110", "LINES": "50"}
    env.pop("NO_COLOR")
    child = pexpect.spawn(
        sys.executable,
        [
            "-m",
            "oneiros.cli.main",
            "play",
            "lucidity",
            "--players",
            "2",
            "--seed",
            "3",
            "--delay",
            "0",
            "--autosave",
            "t.json",
            "--hint-agent",
            "mcts:iterations=20",
        ],
        cwd=str(tmp_path),
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(50, 110),
    )
    seen: dict[str, str] = {}
    try:
        for _ in range(800):
            index = child.expect([r"Luna> ", r"Result"])
            if index == 1:
                break
            screen = ANSI.sub("", child.before)
            if "?" not in seen:
                child.sendline("?")
                child.expect(r"Luna> ")
                seen["?"] = ANSI.sub("", child.before)
            if "hint" not in seen and "Rest or draw again" in screen:
                child.sendline("hint")
                child.expect(r"Luna> ")
                seen["hint"] = ANSI.sub("", child.before)
            if "risk" not in seen and "draw_again" in screen:
                child.sendline("risk")
                child.expect(r"Luna> ")
                seen["risk"] = ANSI.sub("", child.before)
            child.sendline("1")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    assert 'lucidity-en "1. Set Level of Control"' in seen["?"]
    # the game explains its rule in a paragraph, not just the reference
    assert "did not work" not in seen["?"] and "could not be loaded" not in seen["?"]
    assert len(after(seen["?"], "Set Level of Control").split()) > 12
    assert "If you draw again" in seen["risk"]
    assert re.search(r"eaten \(Hunt row filled\)\s+[█░]+ \d+%", seen["risk"])
    assert re.search(
        r"The mcts bot would play \d+\. .+ \[[\w:-]+\]", seen["hint"].replace("\n", " ")
    )
    assert "win chance" in seen["hint"]
    assert oneiros.replay(load(tmp_path / "t.json")).is_terminal()


def test_hot_seat_in_lucidity_needs_no_pass_screen(tmp_path):
    """Nothing is hidden in Lucidity: each human seat is told it is its turn, no waiting."""
    out = ok(
        run(
            tmp_path,
            "play",
            "lucidity",
            "--seats",
            "human,human",
            "--seed",
            "4",
            "--delay",
            "0",
            "--autosave",
            "h.json",
            answers=["1"] * 12 + ["quit"],
        )
    )
    assert "Pass the device" not in out
    assert "Orin (human) to play" in out and "Luna (human) to play" in out
    assert "Orin> " in out and "Luna> " in out
