"""The generic checks of ``oneiros.testing`` catch what they are for: a seat's observation
or events that depend on something hidden from it, a cited rule without its text, an event
text that does not format. Each check is shown failing on a deliberately broken Pebbles."""

from __future__ import annotations

import dataclasses
import random

import pytest

from oneiros.core import Action
from oneiros.core.flow import Flow, Kinds
from oneiros.core.types import EventTextError, strict_event_text
from oneiros.testing import (
    PlayoutError,
    check_counterfactual,
    check_determinize,
    check_event_texts,
    check_hidden_information,
)
from tests.tinygame import KINDS, REFS, Deal, Pebbles, PebblesState

LEAKY = Kinds("leaky-pebbles", REFS)


@LEAKY.step
class LoudDeal(Deal):
    """Deals like Deal, but tells everyone which card it was."""

    kind = "deal"

    def apply(self, s: PebblesState, flow: Flow, action: Action) -> None:
        Deal.apply(self, s, flow, action)
        flow.emit("dealt_loud", "Seat {seat} got a {card}", seat=self.seat, card=action.id[5:])


for cls in KINDS.by_kind.values():
    if cls.kind != "deal":
        LEAKY.by_kind[cls.kind] = cls


class LoudState(PebblesState):
    KINDS = LEAKY

    def __init__(self, game, seed):
        super().__init__(game, seed)
        self.flow.items[:] = [
            LoudDeal(s.seat) if isinstance(s, Deal) else s for s in self.flow.items
        ]


class PeekState(PebblesState):
    def observation(self, player):
        obs = super().observation(player)
        obs["cards"] = self.cards  # every seat's card, for everyone
        return obs


def make(state_cls, name):
    class G(Pebbles):
        info = dataclasses.replace(Pebbles.info, name=name)

        def new_state(self, seed=None):
            return state_cls(self, seed)

    return G(players=2)


def test_the_real_game_passes():
    for seed in range(20):
        check_hidden_information(Pebbles(players=3), seed, every=0.5)


def test_an_observation_that_shows_another_seats_card_is_caught():
    state = make(PeekState, "peek").new_state(seed=0)
    state.apply("card:2")
    state.apply("card:5")
    with pytest.raises(PlayoutError, match="observation depends on something hidden"):
        for seed in range(20):
            check_counterfactual(state, 0, random.Random(seed))


def test_an_event_that_names_another_seats_card_is_caught():
    game = make(LoudState, "loud")
    state = game.new_state(seed=0)
    state.apply("card:2")  # seat 0's card
    # seat 1's deal announces the card to everyone: seat 0 hears what it may not see
    with pytest.raises(PlayoutError, match="events seat 0 sees depend"):
        for seed in range(30):
            check_counterfactual(state, 0, random.Random(seed), Action("card:4"), -1)


def test_determinize_that_forgets_what_the_seat_saw_is_caught():
    class Forgetful(PebblesState):
        def determinize(self, player, rng):
            world = super().determinize(player, rng)
            world._events = world._events[:-1]
            world.flow._events = world._events
            return world

    state = make(Forgetful, "forgetful").new_state(seed=0)
    state.apply("card:3")
    with pytest.raises(PlayoutError, match="changes the events seat 0 sees"):
        check_determinize(state, 0, random.Random(1))


def test_an_event_text_naming_a_missing_field_is_caught():
    state = Pebbles(players=2).new_state(seed=0)
    state.flow.emit("oops", "Seat {seat} rolls {colour}", "turn", seat=0)
    with pytest.raises(EventTextError, match=r"'oops'.*colour"):
        check_event_texts(state)
    # for players (strict mode off) the raw text shows instead of a crash
    strict_event_text(False)
    try:
        assert state.events()[-1].text == "Seat {seat} rolls {colour}"
    finally:
        strict_event_text(True)


def test_a_cited_rule_without_its_text_is_caught():
    class Mute(Pebbles):
        info = dataclasses.replace(Pebbles.info, name="mute")

        def rule_text(self, ref):
            return None if ref == REFS["gift"] else super().rule_text(ref)

    with pytest.raises(PlayoutError, match=r'no rule_text for pebbles "Gift"'):
        for seed in range(50):
            check_hidden_information(Mute(players=2), seed)
