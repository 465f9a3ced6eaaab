"""The public clock (``n`` of every message) counts the changes of the public view: the
public observation, who is to move and the public events. It computes the observation
only when nothing cheaper already moved it; its count must be exactly that of comparing
everything at every step, in every game, or ``n`` would move for a hidden choice (telling
the other seats about it) or fail to move for a public change."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oneiros.core import State, games, make
from oneiros.server.position import PublicClock


class EveryStepClock:
    """The definition: the whole public fingerprint compared at every step."""

    def __init__(self, state: State) -> None:
        self.n = 0
        self.fp = self.fingerprint(state)

    def step(self, state: State) -> None:
        fp = self.fingerprint(state)
        if fp != self.fp:
            self.n += 1
            self.fp = fp

    @staticmethod
    def fingerprint(state: State) -> tuple[Any, ...]:
        public = sum(1 for e in state.events() if e.visible_to is None)
        return (public, state.to_move(), state.observation(None))


GAMES = sorted(info.name for info in games())
"""The shipped games and the test games (registered by conftest: hidden moves among them)."""


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**31), steps=st.integers(20, 160))
def test_the_clock_counts_like_comparing_everything_at_every_step(
    name: str, seed: int, steps: int
) -> None:
    game = make(name)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    clock, reference = PublicClock(state), EveryStepClock(state)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance():
            state.apply(state.sample_chance(rng))
        else:
            seat = state.to_move()[0]
            state.apply(rng.choice(state.legal_actions(seat)).id, player=seat)
        clock.step(state)
        reference.step(state)
        assert clock.n == reference.n
