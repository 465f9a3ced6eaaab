"""``ismcts`` on Etherfields: the heuristic's routine sub-decisions and ``trust``
(agents/mcts.py), stated with the scenario builder."""

from __future__ import annotations

import random

import pytest

from oneiros.agents import make_agent
from oneiros.core import ConfigError
from oneiros.games.etherfields.heuristic import routine

from .builder import ALL_TILES, legal, play, position


def _card(s, face: str, seat: int = 0) -> str:
    return s.table.find("hand", face, seat)


def test_a_payment_is_a_routine_sub_decision_the_search_leaves_to_the_plan():
    """ "Performing Actions": once the gear action is chosen, which card pays is the plan's;
    the search plays the heuristic's card without an iteration."""
    s = position(
        1,
        hands={0: ["s01", "s08", "s04"]},
        tiles=("OD-01 SETUP", "OD-01 T2", "OD-01 T4"),
        at=["B1.2"],
    )
    assert not routine(s, 0)  # what to do is searched
    play(s, "use:map:B1.2:gear")
    assert s.flow.top.kind == "pay" and routine(s, 0) and len(legal(s)) > 2
    agent = make_agent("ismcts:iterations=40", s.game, seed=1)
    expected = s.game.heuristic_policy()(s, 0, random.Random(0)).id
    assert agent.act(s, 0).id == expected == f"pay:{_card(s, 's08')}:awareness"
    assert agent.last_iterations == 0


def test_trust_plays_the_heuristic_move_when_its_playouts_all_win():
    """Winding the clock with three gears gathered is victory ("Wind the clock", script
    17): every playout after it is won, so ``trust=3`` settles the move in 3 playouts."""
    s = position(1, tiles=ALL_TILES, at=["C1.2"], hands={0: ["s05", "s09", "s05"]}, flags=["gears"])
    assert "use:map:C1.2:wind" in legal(s)
    agent = make_agent("ismcts:iterations=200,trust=3", s.game, seed=2)
    assert agent.act(s, 0).id == "use:map:C1.2:wind"
    assert agent.last_iterations == 3


def test_trust_must_be_a_whole_number():
    game = position(1).game
    with pytest.raises(ConfigError, match="trust must be a whole number"):
        make_agent("ismcts:trust=-1", game)
