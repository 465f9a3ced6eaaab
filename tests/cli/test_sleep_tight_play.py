"""Sleep Tight at the terminal: hidden hands, face-down plays, the table drawn for one seat."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

import oneiros
from oneiros.cli.render import render_table
from oneiros.core import CHANCE
from tests.cli.helpers import after, load, ok
from tests.cli.helpers import oneiros as run

pytestmark = pytest.mark.slow  # runs the oneiros command in subprocesses


def test_a_full_game_against_heuristic_bots(tmp_path):
    out = ok(
        run(
            tmp_path,
            "play",
            "sleep-tight",
            "--seed",
            "2",
            "--delay",
            "0",
            "--autosave",
            "st.json",
            answers=["1"] * 3000,
        )
    )
    record = load(tmp_path / "st.json")
    state = oneiros.replay(record)
    assert state.is_terminal()
    assert "Round 0" in out and "Sandman:" in out
    winner_lines = [line for line in after(out, "Result").splitlines() if "winner" in line]
    assert len(winner_lines) == len(state.winners())
    for seat in state.winners():
        assert any(line.strip("│ ").startswith(f"seat {seat} ") for line in winner_lines)


def test_the_table_shows_your_hand_and_only_counts_of_the_others():
    game = oneiros.make("sleep-tight", players=3)
    state = game.new_state(seed=4)
    rng = random.Random(4)
    # play until some seat other than 0 holds cards and seat 0 has a decision
    for _ in range(400):
        if state.is_terminal():
            break
        seat = state.to_move()[0]
        if seat == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        if seat == 0 and state.observation(0)["players"][1]["hand_count"]:
            break
        state.apply(rng.choice(state.legal_actions(seat)), player=seat)
    obs = state.observation(0)
    console = Console(width=110, force_terminal=False, file=io.StringIO())
    console.print(render_table(state, 0, ["human", "random", "random"]))
    out = console.file.getvalue()  # type: ignore[attr-defined]
    mine = obs["players"][0]["hand"]
    assert mine
    words = {w for card in mine for w in card.split("-") if len(w) > 3}
    assert any(w.capitalize() in out for w in words)
    for seat in (1, 2):
        assert f"{obs['players'][seat]['hand_count']} cards" in out
    assert "seat 0 (you)" in out


def test_hot_seat_shows_each_child_only_their_own_hand(tmp_path):
    out = ok(
        run(
            tmp_path,
            "play",
            "sleep-tight",
            "--seats",
            "human,human",
            "--seed",
            "2",
            "--delay",
            "0",
            "--autosave",
            "h.json",
            answers=["1"] * 80 + ["quit"],
        )
    )
    assert "Pass the device to seat 1" in out and "Pass the device to seat 0" in out
    checked = 0
    hand_line = None
    for line in out.splitlines():
        if line.startswith("│ Hand"):
            hand_line = line
        prompt = re.match(r"seat (\d)> ", line)
        if prompt and hand_line is not None:
            seat = int(prompt.group(1))
            columns = [c.strip() for c in hand_line.split("│") if c.strip()]
            assert re.fullmatch(r"Hand\s+\d+ cards", columns[1 - seat]), hand_line
            assert not re.fullmatch(r"Hand\s+\d+ cards", columns[seat]), hand_line
            checked += 1
            hand_line = None
    assert checked >= 4
