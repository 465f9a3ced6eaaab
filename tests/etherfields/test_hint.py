"""The hint names an action and the seat's estimated win chance after it, on the terminal
and on the web table (``agents/estimate.py``: heuristic playouts from what the seat may
know)."""

from __future__ import annotations

import random
import re

import pytest

from oneiros.agents.estimate import win_chance
from tests.cli.helpers import after, ok
from tests.cli.helpers import oneiros as run

from .builder import ALL_TILES, position

WIND = "use:map:C1.2:wind"


def _at_the_clock(**kw):
    """Both Dreamers at the Clocktower with three gears; one marker of the clock is wound
    (3 of 6 Cunning, "Gradual Actions")."""
    s = position(
        2,
        tiles=ALL_TILES,
        at=["C1.2", "C1.2"],
        flags=["gears"],
        used=["map:A2.1:ladder", "map:B2.3:gate", "map:B1.3:path", "map:C1.4:stairs-down"],
        items=[],
        **kw,
    )
    s.gradual[WIND.split(":", 1)[1]] = 3
    return s


def test_the_win_chance_is_certain_when_the_next_action_wins():
    s = _at_the_clock(hands={0: ["s05", "s02"], 1: ["s01"]})
    assert WIND in [a.id for a in s.legal_actions(0)]
    got = win_chance(s, 0, WIND, random.Random(1), playouts=8, seconds=30)
    assert got.bots == "heuristic" and got.playouts == 8
    assert got.chance == 1.0  # 3 Cunning in hand finish the clock: script 17, victory


def test_the_win_chance_is_nil_when_the_last_turn_is_spent():
    """The last Turn, no Hour left to buy another, nothing in hand that winds the clock:
    whatever is played, the Dream is lost ("The Clock", the Out of Turns script)."""
    s = _at_the_clock(hands={0: ["s01"], 1: ["s03"]}, turns_left=0, hours=0)
    got = win_chance(s, 0, "pass", random.Random(1), playouts=6, seconds=30)
    assert got.playouts == 6 and got.chance == 0.0


@pytest.mark.slow
def test_the_terminal_hint_names_the_move_and_its_win_chance(tmp_path):
    answers = ["1", "hint", "quit"]  # the Entrance, then the first Card and Action decision
    out = ok(
        run(
            tmp_path,
            *("play", "etherfields", "--players", "1", "--seats", "human", "--seed", "3"),
            *("--delay", "0", "--autosave", "g.json"),
            answers=answers,
            timeout=120,
        )
    )
    panel = after(out, "> hint").split("> quit")[0]
    hint = " ".join(line.strip("│ ") for line in panel.splitlines())  # the panel's lines
    named = r"The mcts bot would play \d+\. .+ \[(use|play|place|pass)[^\]]*\]"
    assert re.search(named, hint), hint
    match = re.search(r"estimated win chance after it: (\d+)% \((\d+) playouts", hint)
    assert match and 0 <= int(match.group(1)) <= 100 and int(match.group(2)) >= 1, hint
