"""Lucidity's kept tensor (``games/lucidity/tensor.py``) updates a seat's Power entry by the
Power of the one dream placed, and its track and stage flags by clearing the old ones and
setting the new: positions where these changes follow one another, each tensor compared
with the full encoding of the seat's observation."""

from __future__ import annotations

import random

from oneiros.core import CHANCE
from tests.interop.test_incremental_tensor import assert_same
from tests.lucidity.builder import pending, place, scenario, start_turn


def test_power_placed_one_dream_at_a_time_then_rebuilt_from_scratch():
    state = scenario(2, turn=0)
    assert_same(state, 0)
    for spec in ("red:power2", "blue:power1", "green:shadow", "yellow:power2", "red:power1"):
        place(state, 0, "power", [spec])  # one dream more: its Power is added
        assert_same(state, 0)
        assert_same(state, 1)
    place(state, 1, "power", ["blue:power2", "blue:power2"])  # two at once: counted again
    for viewer in (0, 1, None):
        assert_same(state, viewer)


def test_tracks_and_stages_of_successive_turns():
    """Every seat's turn starts and its track is chosen, turn after turn: the track and
    stage flags of each seat change while the others keep theirs."""
    state = scenario(3, turn=0, advance=True)
    for turn in range(6):
        seat = turn % 3
        start_turn(state, seat, advance=True)
        for _ in range(3):  # the first decisions of the turn (the track, then the draws)
            assert_same(state, seat)
            assert_same(state, (seat + 1) % 3)
            to_move = state.to_move()
            if not to_move:
                return
            state.apply(state.legal_actions()[-1 if turn % 2 else 0])
    for viewer in (0, 1, 2, None):
        assert_same(state, viewer)


def test_dreams_dropped_from_outside_are_counted_again():
    """A turn started by hand clears the stack, and the rolled dreams it held leave the game
    without going back to the bag: the kept counts in hand no longer follow from what the
    bag and the cards lost, and the tensor counts the dreams in hand again."""
    state = scenario(2, turn=0, advance=True)
    seen = False
    for _ in range(200):
        assert_same(state, 0)
        if pending(state).get("rolled"):
            seen = True
            start_turn(state, 1, advance=True)  # the rolled dreams are dropped
            assert_same(state, 1)
            assert_same(state, 0)
            break
        to_move = state.to_move()
        if not to_move:
            break
        state.apply(
            state.sample_chance(random.Random(3))
            if to_move == (CHANCE,)
            else state.legal_actions()[0]
        )
    assert seen
