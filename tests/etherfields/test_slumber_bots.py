"""The search bot in Slumbers: ``ismcts`` plays every Slumber of the pack and a journey of
Slumbers to its end through ``determinize`` (the undrawn Slumber tiles, Slumber map tiles
and Fate cards dealt anew in each world it imagines), legal moves only, with small budgets
and a bound on the decisions."""

from __future__ import annotations

import random

import pytest

import oneiros
from oneiros.agents import make_agent

SLUMBERS = ["OS-02", "OS-03", "OS-04", "OS-05", "OS-06"]
MAX_DECISIONS = 1500
"""Far more than a journey takes (about 150-250 decisions for 2 Dreamers)."""


def _play(scenario: str, seed: int, spec: str):
    game = oneiros.make("etherfields", players=2, options={"scenario": scenario})
    agents = [make_agent(spec, game, seed=k) for k in range(2)]
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    decisions = 0
    while not state.is_terminal():
        assert decisions < MAX_DECISIONS, f"{scenario}: no end after {decisions} decisions"
        tm = state.to_move()
        if tm == (oneiros.CHANCE,):
            state.apply(state.sample_chance(rng))
            continue
        action = agents[tm[0]].act(state, tm[0])
        assert action.id in {a.id for a in state.legal_actions(tm[0])}
        state.apply(action, player=tm[0])
        decisions += 1
    return state, decisions


@pytest.mark.parametrize("tile", SLUMBERS)
def test_ismcts_plays_each_slumber_to_its_end(tile):
    state, decisions = _play(f"slumber:{tile}", 5, "ismcts:iterations=2,depth=30")
    assert decisions >= 1
    assert [t for t, _r in state.results] == [tile]
    stats = state.stats()
    assert stats["slumbers"] == 1 and stats["end_reason"].startswith(("slumber_", "awakened"))
    again = oneiros.replay(state.record())
    assert again.is_terminal() and again.results == state.results


def test_ismcts_plays_a_journey_to_the_delta_phase():
    # "Delta Phase": the Delta tile lies at the bottom of the Slumber deck; the bot travels
    # on after each Slumber until it is drawn
    state, decisions = _play("journey", 3, "ismcts:iterations=4,depth=30")
    stats = state.stats()
    assert stats["end_reason"] == "delta_phase" and stats["delta_phase"]
    assert stats["slumbers"] == 4  # the Slumber deck's 4 tiles (The Kite Returns is not in it)
    assert sorted(t for t, _r in state.results) == ["OS-02", "OS-03", "OS-04", "OS-05"]
    assert decisions > 50
    assert oneiros.replay(state.record()).results == state.results
