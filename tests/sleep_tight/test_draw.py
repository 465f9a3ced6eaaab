"""sleep-tight "2. Draw Actions" (``steps/draw.py``): one card each, then buying."""

from __future__ import annotations

from .helpers import (
    chance,
    kinds,
    step_top,
)
from .scenario import scenario


def test_each_player_draws_one_then_may_buy_up_to_the_dreamscape_number() -> None:
    state = scenario(2, at="buy", dreamscapes={0: "icicle-nursery", 1: "grey-meadow"})
    assert [len(h) for h in state.hands] == [5, 5]
    assert state.to_move() == (0, 1)
    assert "buy" not in [a.id for a in state.legal_actions(1)]  # Grey Meadow shows 0
    state.apply("buy", player=0)
    assert state.is_chance() and state.fragments[0] == 2 and state.pile == 21
    chance(state)
    state.apply("buy", player=0)
    chance(state)
    assert len(state.hands[0]) == 7 and state.fragments[0] == 1
    assert [a.id for a in state.legal_actions(0)] == ["done"]  # 2 bought = Icicle Nursery's 2


def test_buying_never_returns_the_last_fragment() -> None:
    state = scenario(2, at="buy", dreamscapes={0: "icicle-nursery"}, fragments={0: 1})
    assert "buy" not in [a.id for a in state.legal_actions(0)]


def test_the_discard_pile_is_reshuffled_when_the_action_deck_is_empty() -> None:
    state = scenario(2, at="buy", dreamscapes={0: "icicle-nursery"}, action_deck=0)
    state.apply("buy", player=0)
    assert kinds(state, "reshuffled")
    assert not state.action_discard and state.is_chance()


def test_phase_two_and_three_decisions_are_named_by_rule() -> None:
    state = scenario(3, hands={0: ["paper-slingshot"]})
    decision = state.decision(0)
    assert decision is not None and decision.rule == 'sleep-tight "3. Play Actions Facedown"'
    assert step_top(state) == "play"
