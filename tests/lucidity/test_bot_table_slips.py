"""The heuristic bot plays whole games with the ``table_slips`` option (the return step then
also offers ``draw_extra``, ``proceed`` and ``roll_anyway``)."""

from __future__ import annotations

import random

import pytest

import oneiros
from oneiros.core import CHANCE

from .helpers import check_invariants, new, play


@pytest.mark.parametrize("ruleset", ["en", "es"])
@pytest.mark.parametrize("seed", range(4))
def test_heuristic_bot_finishes_games_with_table_slips(ruleset: str, seed: int) -> None:
    game = oneiros.make("lucidity", players=3, ruleset=ruleset, options={"table_slips": True})
    policy = game.heuristic_policy()
    assert policy is not None
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        to_move = state.to_move()
        if to_move[0] == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(policy(state, to_move[0], rng), player=to_move[0])
    check_invariants(state)


def test_heuristic_bot_proceeds_after_its_returns_with_table_slips() -> None:
    state = new(players=2, table_slips=True)
    play(state, "track:3-5-7", "draw:blue", "draw:red", "draw:green")
    policy = state.game.heuristic_policy()
    rng = random.Random(0)
    first = policy(state, 0, rng)
    assert first.id.startswith("return:")
    state.apply(first)
    second = policy(state, 0, rng)
    assert second.id.startswith("return:")
    state.apply(second)
    assert {a.id for a in state.legal_actions()} >= {"draw_extra", "proceed", "roll_anyway"}
    assert policy(state, 0, rng).id == "proceed"
