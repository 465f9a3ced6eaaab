"""`LucidityState.apply` has a short path for Action objects (one seat or chance decides,
no seat named, the action legal); id strings and anything unusual go through the core's
`State.apply`. Both must behave the same: the same events and state for a legal action,
and an IllegalAction that changes nothing for any other action of the game's table."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import oneiros
from oneiros import IllegalAction
from oneiros.games.lucidity.rules import A

ALL_ACTIONS = list(A.values())
CASES = [
    ("en", {}),
    ("es", {}),
    ("en", {"bone_hunters": 3, "manifestations": True, "dreamscapes": True}),
    ("es", {"bone_hunters": 2, "table_slips": True, "temptation": "fear"}),
]


def legal_here(state: Any) -> list:
    if state.is_chance():
        return [a for a, _ in state.chance_outcomes()]
    return state.legal_actions()


def fingerprint(state: Any) -> tuple:
    """What an action could change: history, events, every seat's view, who decides."""
    return (
        state.history(),
        [(e.kind, e.text, e.rule) for e in state.events()],
        [state.observation(p) for p in (None, *range(state.game.players))],
        state.to_move(),
    )


@pytest.mark.parametrize(("ruleset", "options"), CASES)
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 100_000))
def test_both_apply_paths_agree_and_illegal_actions_change_nothing(ruleset, options, seed):
    game = oneiros.make("lucidity", players=4, ruleset=ruleset, options=options)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    checked = 0
    while not state.is_terminal():
        legal = legal_here(state)
        action = state.sample_chance(rng) if state.is_chance() else rng.choice(legal)
        if rng.random() < 0.03:
            checked += 1
            # an Action object (short path) and its id (State.apply) do the same
            by_id = state.clone()
            assert [e.text for e in by_id.apply(action.id)] == [
                e.text for e in state.clone().apply(action)
            ]
            # every other action of the table is refused and changes nothing
            legal_ids = {a.id for a in legal}
            before = fingerprint(state)
            for other in ALL_ACTIONS:
                if other.id not in legal_ids:
                    with pytest.raises(IllegalAction):
                        state.apply(other)
            assert fingerprint(state) == before
            state.apply(action)
            assert fingerprint(state) == fingerprint(by_id)
            continue
        state.apply(action)
    # somebody wins, unless every player was eliminated with no Nightmare left ("How to win")
    assert state.winners() or state.end_reason() == "eliminated"
