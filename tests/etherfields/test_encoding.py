"""Etherfields' ML encodings (issue "ML encodings"): a finite action table that names every
legal action of random games, an observation tensor in its declared bounds that is built
from the seat's redacted observation (another Dreamer's hidden cards never change it), and
the core's action index and legal-action mask over them."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import oneiros
from oneiros.games.etherfields.encoding import encode, layout
from oneiros.testing import random_step


def _play(players: int, seed: int, steps: int):
    state = oneiros.make("etherfields", players=players).new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        random_step(state, rng)
    return state


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(1, 4))
def test_every_legal_action_is_in_the_table_and_the_tensor_stays_in_bounds(seed, players):
    game = oneiros.make("etherfields", players=players)
    ids = game.action_ids()
    assert len(ids) == len(set(ids)) == game.action_space_size
    low, high = game.observation_bounds
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        for seat in state.to_move():
            if seat < 0:
                continue
            legal = state.legal_actions(seat)
            mask = state.legal_action_mask(seat)
            assert sum(mask) == len(legal)
            for a in legal:
                assert ids[state.action_index(a)] == a.id and mask[state.action_index(a)]
        if rng.random() < 0.1:
            for seat in range(players):
                t = state.observation_tensor(seat)
                assert len(t) == game.observation_shape[0]
                assert all(low <= x <= high for x in t)
        random_step(state, rng)


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), steps=st.integers(5, 120))
def test_the_tensor_shows_only_what_the_seat_sees(seed, steps):
    state = _play(3, seed, steps)
    for seat in range(3):
        tensor = state.observation_tensor(seat)
        assert tensor == encode(state.observation(seat), seat, layout(state.catalog))
        # the other Dreamers' hands and decks dealt anew: the seat's tensor does not change
        world = state.determinize(seat, random.Random(seed))
        assert world.observation_tensor(seat) == tensor


def test_the_tensor_reads_the_own_hand_and_the_counts_of_the_others():
    state = _play(2, 7, 40)
    lay = layout(state.catalog)
    t0 = state.observation_tensor(0)
    seat0 = t0[lay.header : lay.header + lay.seat]
    seat1 = t0[lay.header + lay.seat : lay.header + 2 * lay.seat]
    hand0 = seat0[10 + len(lay.dreamers) : 10 + len(lay.dreamers) + len(lay.cards)]
    hand1 = seat1[10 + len(lay.dreamers) : 10 + len(lay.dreamers) + len(lay.cards)]
    assert seat0[1] == 1.0 and seat1[1] == 0.0  # "this seat"
    assert seat0[8] == 1.0 and seat1[8] == 0.0  # whose hand is seen
    assert sum(hand0) > 0 if state.table.count("hand", 0) else sum(hand0) == 0
    assert sum(hand1) == 0  # never another Dreamer's cards
    assert t0[lay.header + 2 * lay.seat] == 0.0  # no third Dreamer at a two-player table
