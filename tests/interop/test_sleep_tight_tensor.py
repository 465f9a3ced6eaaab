"""The RL adapters read Sleep Tight's observation tensor from ``game.observation_array``
(``sleep_tight/tensor.py``: the fast encoding packed into a float32 array; the piles of
cards counted once and kept by their cards). It must be, at every step and for every seat,
exactly the tensor encoded from scratch from the seat's own redacted observation
(``encoding.encode(state.observation(seat))``): then it holds nothing the seat may not see,
and no change of the position is missed."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import oneiros
from oneiros.core import CHANCE
from oneiros.games.sleep_tight.encoding import encode
from tests.interop.handover import check_handover

CONFIGS = [
    (1, {}),
    (2, {}),
    (3, {}),
    (4, {}),
    (4, {"most_fragments_wins": True, "easier_soul_consumer": True}),
]


def reference(state: oneiros.State, seat: int) -> np.ndarray:
    """The tensor encoded from scratch from what ``seat`` observes."""
    flat = encode(state.observation(seat), seat, state.c)  # type: ignore[attr-defined]
    return np.asarray(flat, dtype=np.float32)


def assert_same(state: oneiros.State, seat: int) -> None:
    got = state.game.observation_array(state, seat)  # type: ignore[attr-defined]
    want = reference(state, seat)
    assert got.dtype == np.float32 and got.shape == want.shape
    assert got.shape == tuple(state.game.observation_shape)
    differ = np.flatnonzero(got != want)
    assert differ.size == 0, (seat, differ.tolist(), state.history()[-4:])


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**31 - 1))
def test_array_equals_the_encoding_of_each_seats_observation_after_random_play(config, seed):
    players, options = config
    game = oneiros.make("sleep-tight", players=players, options=options)
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    policy = game.heuristic_policy()
    steps = 0
    while not state.is_terminal():  # every game ends (tests/test_every_game.py)
        if rng.random() < 0.5:
            seats = list(range(players))
            rng.shuffle(seats)
            for seat in seats:
                assert_same(state, seat)
        to_move = state.to_move()
        if to_move == (CHANCE,):
            state.apply(state.sample_chance(rng))
        else:
            seat = rng.choice(to_move)
            if policy is not None and rng.random() < 0.3:
                state.apply(policy(state, seat, rng), player=seat)
            else:
                state.apply(rng.choice(state.legal_actions(seat)), player=seat)
        steps += 1
    for seat in range(players):  # the end shows every role
        assert_same(state, seat)
    assert state.is_terminal()  # a whole game was compared (a solo game can end in 18 steps)


def test_the_array_is_new_each_time():
    """A caller may change the array it was given: the next one is unaffected."""
    game = oneiros.make("sleep-tight", players=3)
    state = game.new_state(seed=2)
    first = game.observation_array(state, 0)  # type: ignore[attr-defined]
    first[:] = 7.0
    assert_same(state, 0)


def test_pettingzoo_and_gymnasium_hand_over_the_full_encoding():
    """What the environments return, step after step, is the full encoding of the acting
    seat's observation, and the mask its legal actions."""
    check_handover("sleep-tight", reference, players=3, seed=4)
