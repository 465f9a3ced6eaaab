"""An Etherfields snapshot taken anywhere restores the state, and play goes on the same."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import oneiros
from oneiros.testing import random_step


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), cut=st.integers(0, 300), players=st.integers(1, 3))
def test_a_snapshot_anywhere_restores_and_play_goes_on_the_same(seed, cut, players):
    game = oneiros.make("etherfields", players=players)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(cut):
        if state.is_terminal():
            break
        random_step(state, rng)
    data = json.loads(json.dumps(state.to_snapshot()))
    back = game.from_snapshot(data)
    assert back.observation(0) == state.observation(0)
    assert back.to_move() == state.to_move()
    rng_a, rng_b = random.Random(cut), random.Random(cut)
    for _ in range(60):
        if state.is_terminal():
            break
        random_step(state, rng_a)
        random_step(back, rng_b)
    assert back.observation(None) == state.observation(None)
    assert back.history()[-5:] == state.history()[-5:]
