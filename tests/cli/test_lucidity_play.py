"""Lucidity at the terminal: what `make play` starts (`oneiros play lucidity`)."""

from __future__ import annotations

import re
import sys

import pexpect
import pytest

import oneiros
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
        assert re.search(rf"seat {seat} \(\w+\)\s+│\s+{score:g} │", result), result
    for seat in state.winners():
        assert re.search(rf"seat {seat} \(\w+\)\s+│\s+\d+ │ winner", result)
    # the table showed the dreamer cards, the bag and the Nightmare cards
    assert "▶ seat 0 (you) · dreamer" in out
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
    assert "Lucidity: Six-Sided Nightmares  turn 3  to play: seat" in jumped
    assert "this move" in after(jumped, "replay> n")


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
            index = child.expect([r"seat 0> ", r"Result"])
            if index == 1:
                break
            screen = ANSI.sub("", child.before)
            if "?" not in seen:
                child.sendline("?")
                child.expect(r"seat 0> ")
                seen["?"] = ANSI.sub("", child.before)
            if "hint" not in seen and "Rest or draw again" in screen:
                child.sendline("hint")
                child.expect(r"seat 0> ")
                seen["hint"] = ANSI.sub("", child.before)
            if "risk" not in seen and "draw_again" in screen:
                child.sendline("risk")
                child.expect(r"seat 0> ")
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
    assert "seat 1 (human) to play" in out and "seat 0 (human) to play" in out
    assert "seat 1> " in out and "seat 0> " in out
