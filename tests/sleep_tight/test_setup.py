"""sleep-tight "Setup": the decks for the player count, 3 Soul Fragments each, 7 Action
cards dealt and 4 kept (``steps/setup.py``)."""

from __future__ import annotations

import pytest

import oneiros
from oneiros import IllegalAction

from .helpers import (
    chance,
    kinds,
    new,
    run_until,
)


@pytest.mark.parametrize(("players", "in_play"), [(1, 14), (2, 14), (3, 21), (4, 28)])
def test_setup_removes_marked_cards_by_player_count(players: int, in_play: int) -> None:
    # Setup 1: cards marked 3 leave with 2 players, cards marked 4 with 2 or 3 players.
    state = new(players)
    assert len(state.dream_deck) == in_play
    assert state.sandman_left() == in_play
    assert len(state.box_dreamscapes) == len(state.box_sandman) == 28 - in_play
    marks = {d.id: d.mark for d in state.c.dreamscapes}
    assert all(marks[d] is not None and marks[d] > players for d in state.box_dreamscapes)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_fragments_and_seven_cards_keep_four(players: int) -> None:
    # Setup 3: 26 fragments in a pile, 3 each. Setup 4: draw 7, keep 4, shuffle 3 back.
    state = new(players)
    assert state.fragments == [3] * players
    assert state.pile == 26 - 3 * players
    assert state.decision().kind == "draw_action"  # type: ignore[union-attr]
    run_until(state, "dream")
    assert [len(h) for h in state.hands] == [4] * players
    assert len(state.action_deck) == 40 - 4 * players
    assert len(kinds(state, "returned")) == 3 * players


def test_keep_step_is_simultaneous_and_private() -> None:
    state = new(3)
    while state.is_chance():
        chance(state, ["draw:paper-slingshot"])
    assert state.to_move() == (0, 1, 2)
    card = state.legal_actions(1)[0].id
    events = state.apply(card, player=1)
    assert [e.visible_to for e in events if e.kind == "returned_card"] == [(1,)]
    assert state.to_move() == (0, 1, 2)
    with pytest.raises(IllegalAction):
        state.apply("buy", player=0)


def test_oneiros_make_for_one_to_four_players_only() -> None:
    for players in (1, 2, 3, 4):
        assert oneiros.make("sleep-tight", players=players).players == players
    with pytest.raises(oneiros.ConfigError, match="5 players"):
        oneiros.make("sleep-tight", players=5)
    with pytest.raises(oneiros.ConfigError, match="rule set"):
        oneiros.make("sleep-tight", ruleset="deluxe")
