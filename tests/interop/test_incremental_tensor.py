"""The RL adapters read Lucidity's observation tensor from ``game.observation_array``, which
keeps each state's tensor from one call to the next and encodes again only what changed.
It must be, at every step and for every seat, exactly the tensor encoded from scratch from
the seat's own observation (``encoding.encode(state.observation(seat))``): then it holds
nothing the seat's observation does not, and no change of the position can be missed."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import oneiros
from oneiros.core import CHANCE
from oneiros.games.lucidity.encoding import encode
from oneiros.games.lucidity.steps.resolve import pending
from oneiros.testing import random_step
from tests.interop.handover import check_handover
from tests.lucidity.builder import place, scenario, set_eliminated, set_nightmare

CONFIGS = [
    (2, "en", {}),
    (3, "en", {}),
    (4, "en", {}),
    (3, "es", {}),
    (4, "es", {"temptation": "envy"}),
    (2, "en", {"bone_hunters": 8, "dreamscapes": True, "manifestations": True}),
    (
        4,
        "en",
        {"bone_hunters": 4, "dreamscapes": True, "manifestations": True, "table_slips": True},
    ),
]


def reference(state: oneiros.State, viewer: int | None) -> np.ndarray:
    """The tensor encoded from scratch from what ``viewer`` observes."""
    game = state.game
    flat = encode(state.observation(viewer), game, state.to_move(), viewer)
    return np.asarray(flat, dtype=np.float32)


def assert_same(state: oneiros.State, viewer: int | None) -> None:
    got = state.game.observation_array(state, viewer)  # type: ignore[attr-defined]
    want = reference(state, viewer)
    assert got.dtype == np.float32 and got.shape == want.shape
    differ = np.flatnonzero(got != want)
    assert differ.size == 0, (viewer, differ.tolist(), state.history()[-4:])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**31 - 1))
def test_kept_tensor_equals_the_full_encoding_at_every_step_for_every_seat(config, seed):
    players, ruleset, options = config
    game = oneiros.make("lucidity", players=players, ruleset=ruleset, options=options)
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    policy = game.heuristic_policy()
    clone = None
    steps = 0
    while True:
        # every seat and a spectator, in a new order each time; now and then a few steps
        # go by unseen, so the kept tensor must catch up over several changes at once
        if rng.random() < 0.85 or state.is_terminal():
            viewers: list[int | None] = [*range(players), None]
            rng.shuffle(viewers)
            for viewer in viewers:
                assert_same(state, viewer)
        if clone is not None:  # a copy keeps its own tensor, untouched by the original
            assert_same(clone, 0)
        if state.is_terminal():
            break
        if rng.random() < 0.02:
            clone = state.clone()
        to_move = state.to_move()
        if to_move != (CHANCE,) and policy is not None and rng.random() < 0.3:
            state.apply(policy(state, to_move[0], rng), player=to_move[0])
        else:
            random_step(state, rng)
        steps += 1
    assert steps > 20


def dreams_by_colour(state: oneiros.State) -> dict[str, int]:
    """Every dream of the game by colour, wherever it is: the bag, the hand (drawn, rolled,
    held by a step, in the pool), the seats' rows and Shadowmarks, the Nightmare cards."""
    counts = dict(state.bag)  # type: ignore[attr-defined]
    dice = [d for group in (*pending(state), state.pool) for d in group]  # type: ignore[attr-defined]
    for seat in state.seats:  # type: ignore[attr-defined]
        dice += seat.hunt + seat.exhaust + seat.power + seat.marks
        for row in seat.shadow.values():
            dice += row
    for row in state.cards.values():  # type: ignore[attr-defined]
        dice += row
    for colour in [*state.hand, *(d[0] for d in dice)]:  # type: ignore[attr-defined]
        counts[colour] = counts.get(colour, 0) + 1
    return counts


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**31 - 1))
def test_dreams_are_only_moved_never_made_or_lost(config, seed):
    """The kept tensor follows the dreams in hand by what the bag, the rows and the
    Nightmare cards gained or lost, which holds because no rule makes or removes a dream
    (every dream drawn goes back to the bag or onto a card) and a Shadowmark or a Nightmare
    card's dream keeps its colour's count: every colour's count stays that of the game."""
    players, ruleset, options = config
    game = oneiros.make("lucidity", players=players, ruleset=ruleset, options=options)
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    start = dreams_by_colour(state)
    assert start == {c: n for c, n in game.start_bag.items() if n or c in start}
    while not state.is_terminal():
        random_step(state, rng)
        assert dreams_by_colour(state) == start, state.history()[-4:]
        for seat in state.seats:  # type: ignore[attr-defined]
            assert all(d[0] == "bone" for d in seat.marks)
        for colour, row in state.cards.items():  # type: ignore[attr-defined]
            assert all(d[0] == colour for d in row)


def test_a_position_changed_from_outside_is_encoded_again():
    """A scenario builder changes the state without ``apply``: the next tensor shows it."""
    state = scenario(3, rows={0: {"power": ["red:power2"]}}, turn=0, bone_hunters=4)
    for viewer in (0, 1, 2, None):
        assert_same(state, viewer)
    place(state, 1, "shadow_blue", ["blue:shadow", "blue:shadow"])
    assert_same(state, 1)
    set_nightmare(state, 2, "green")
    assert_same(state, 0)
    place(state, 0, "card_green", ["green:power1"])
    set_eliminated(state, 1)
    place(state, 0, "marks", ["bone:shadow"])
    for viewer in (0, 1, 2, None):
        assert_same(state, viewer)


def test_pettingzoo_and_gymnasium_hand_over_the_full_encoding():
    """What the environments return, step after step, is the full encoding of the acting
    seat's observation, and the mask its legal actions."""
    check_handover("lucidity", reference, players=4, seed=5)
