"""Setup and the four phases of a round (sleep-tight "Setup", "Playing a Round" 1-4)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import oneiros
from oneiros import IllegalAction
from oneiros.games.sleep_tight.content import load_content

from .helpers import (
    at_play,
    chance,
    kinds,
    new,
    play,
    reveal,
    run_until,
    set_dreams,
    set_fragments,
    step_top,
)
from .scenario import scenario


# ----- sleep-tight "Setup" ---------------------------------------------------------------
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


def test_first_player_token_moves_left_every_round() -> None:
    # Setup 5: every turn the next player on the left becomes the First Player.
    state = scenario(3)
    assert state.first == 0
    reveal(state)
    run_until(state, "play")
    assert (state.round, state.first) == (2, 1)
    reveal(state)
    run_until(state, "play")
    assert (state.round, state.first) == (3, 2)


# ----- "1. Draw Dreamscapes and Take Soul Fragments" ------------------------------------
def test_round_one_takes_no_fragments_later_rounds_do() -> None:
    state = scenario(2, at="buy", dreamscapes={0: "icicle-nursery", 1: "ruined-city"})
    assert state.fragments == [3, 3]  # only on the first turn no fragments are picked
    reveal_round(state)
    run_until(state, "buy", dreams={0: "faces-in-the-wallpaper", 1: "grey-meadow"})
    # Round 1 cost each player 1 fragment (the Sandman), round 2 pays 2 and 0.
    assert state.fragments == [2 + 2, 2 + 0]
    got = {e.data["seat"]: e.data["got"] for e in kinds(state, "dreamscape")[-2:]}
    assert got == {0: 2, 1: 0}


def reveal_round(state) -> None:  # type: ignore[no-untyped-def]
    run_until(state, "play")
    reveal(state)


def test_a_short_pile_pays_what_it_has() -> None:
    state = new(3)
    run_until(state, "play")
    reveal(state)
    run_until(state, "dream")
    for seat, n in ((0, 8), (1, 8), (2, 9)):
        set_fragments(state, seat, n)
    assert state.pile == 1
    state.apply("dream:ashen-fields")  # seat 1 is First Player in round 2
    assert state.fragments[1] == 9 and state.pile == 0
    state.apply("dream:faces-in-the-wallpaper")
    assert state.fragments[2] == 9 and state.pile == 0


# ----- "2. Draw Actions" -------------------------------------------------------------------
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


# ----- "3. Play Actions Facedown" ----------------------------------------------------------
def test_requirement_is_checked_not_paid() -> None:
    state = scenario(3, hands={0: ["slam-the-closet", "paper-slingshot"]}, fragments={0: 2})
    ids = [a.id for a in state.legal_actions(0)]
    assert "play:slam-the-closet" in ids  # requires 2, seat 0 has 2
    play(state, 0, "play:slam-the-closet", "play:paper-slingshot")
    assert state.fragments[0] == 2  # you do not spend these Soul Fragments


def test_requirement_above_fragments_cannot_be_played() -> None:
    state = scenario(2, hands={0: ["battle-cry"]}, fragments={0: 3})
    assert "play:battle-cry" not in [a.id for a in state.legal_actions(0)]
    with pytest.raises(IllegalAction, match="play:battle-cry"):
        state.apply("play:battle-cry", player=0)


def test_dreamscape_doubles_or_shifts_a_type_requirement() -> None:
    # "Dreamscapes Can Change Fragment Requirements": Frozen Stairwell doubles Run cards.
    state = at_play(
        3,
        hands={0: ["run-for-the-stairs"], 1: ["paper-slingshot"]},
        frags={0: 1, 1: 1},
        dreams={0: "frozen-stairwell", 1: "broken-bridge"},
    )
    assert state.requirement(0, "run-for-the-stairs") == 2
    assert "play:run-for-the-stairs" not in [a.id for a in state.legal_actions(0)]
    assert state.requirement(1, "paper-slingshot") == 2  # Broken Bridge: Attack +1
    assert "play:paper-slingshot" not in [a.id for a in state.legal_actions(1)]
    set_dreams(state, {0: "endless-corridor"})  # Run -1
    assert state.requirement(0, "run-for-the-stairs") == 0


def test_stacking_lowers_the_top_requirement_with_three_players() -> None:
    # "Reducing Fragment Requirements by Discarding Cards": 3 minus 2 leaves 1.
    state = scenario(3, hands={0: ["tantrum", "slam-the-closet"]}, fragments={0: 1})
    ids = [a.id for a in state.legal_actions(0)]
    assert "play:tantrum" not in ids
    assert "stack:tantrum:slam-the-closet" in ids
    play(state, 0, "stack:tantrum:slam-the-closet")
    assert state.plays[0][0].card == "tantrum" and state.plays[0][0].bottom == "slam-the-closet"


def test_no_stacking_with_two_players() -> None:
    state = scenario(2, hands={0: ["tantrum", "slam-the-closet"]}, fragments={0: 1})
    assert not [a for a in state.legal_actions(0) if a.id.startswith("stack:")]


def test_discarding_for_fragments_stops_before_seven() -> None:
    state = scenario(3, hands={0: ["elbow-jab", "heel-kick", "tantrum"]}, fragments={0: 5})
    state.apply("discard:elbow-jab", player=0)
    assert state.effective_fragments(0) == 6 and state.fragments[0] == 5
    assert not [a for a in state.legal_actions(0) if a.id.startswith("discard:")]
    play(state, 0)
    reveal(state)
    assert "elbow-jab" in state.action_discard
    # 5 + 1 for the discard, then 1 Sandman damage.
    assert state.fragments[0] == 5


def test_fragments_for_discards_are_taken_at_the_reveal_first_player_first() -> None:
    state = at_play(
        4,
        hands={0: ["elbow-jab"], 1: ["heel-kick"], 2: ["tantrum"]},
        frags={0: 6, 1: 5, 2: 5, 3: 9},
    )
    assert state.pile == 1
    state.apply("discard:heel-kick", player=1)
    state.apply("discard:tantrum", player=2)
    reveal(state)
    got = {e.data["seat"]: e.data["got"] for e in kinds(state, "discarded_for_fragments")}
    assert got == {1: 1}  # seat 1 comes first and takes the last fragment
    assert [e.data["seat"] for e in kinds(state, "discard_refused")] == [2]
    assert "heel-kick" in state.action_discard and "tantrum" in state.hands[2]


def test_phase_two_and_three_decisions_are_named_by_rule() -> None:
    state = scenario(3, hands={0: ["paper-slingshot"]})
    decision = state.decision(0)
    assert decision is not None and decision.rule == 'sleep-tight "3. Play Actions Facedown"'
    assert step_top(state) == "play"


# ----- "4. Resolve Actions and the Sandman Card" ------------------------------------------
def test_sandman_deals_one_plus_one_in_a_matching_dream_never_in_limbo() -> None:
    state = at_play(
        3,
        dreams={0: "icicle-nursery", 1: "familiar-hallway", 2: "grey-meadow"},
    )
    reveal(state, "grinning-moth")  # lurks in Cold dreams
    assert state.fragments == [3 - 2, 3 - 1, 3 - 1]
    state = scenario(3, dreamscapes={2: "grey-meadow"})
    reveal(state, "the-pale-guest" if state.n == 4 else "clockwork-crow")
    assert state.fragments[2] == 2  # Limbo: never the extra damage


def test_discards_happen_before_damage_and_damage_before_other_actions() -> None:
    # Seat 1 would prevent the Sandman's damage with Under the Covers and discard a Sandman
    # card; seat 0 discards all played Attack cards first.
    state = at_play(
        3,
        hands={0: ["hold-your-breath"], 1: ["paper-slingshot", "under-the-covers"]},
        frags={1: 3},
    )
    play(state, 0, "play:hold-your-breath")
    play(state, 1, "play:paper-slingshot", "play:under-the-covers")
    reveal(state)
    order = [
        e.kind
        for e in state.events()
        if e.kind in ("discard_type", "sandman_damage", "resolve", "round_end")
    ]
    assert order == ["discard_type", *["sandman_damage"] * 3, "resolve", "resolve", "round_end"]
    assert kinds(state, "discard_type")[0].data["hit"] == ["seat 1: Paper Slingshot"]
    resolved = [e.data["card"] for e in kinds(state, "resolve")]
    assert resolved == ["hold-your-breath", "under-the-covers"]
    assert state.fragments[1] == 3  # Under the Covers prevented the 1 damage
    assert not kinds(state, "sandman_discarded")


def test_round_end_discards_played_cards_and_the_sandman_card() -> None:
    state = scenario(2, hands={0: ["paper-slingshot"]})
    play(state, 0, "play:paper-slingshot")
    reveal(state)
    state.apply("sandman:grinning-moth")  # the Slingshot discards this one
    assert "paper-slingshot" in state.action_discard
    assert state.sandman_discard == ["grinning-moth", "quiet-visitor"]
    assert state.plays == [[], []] and state.round == 2


def test_oneiros_make_for_one_to_four_players_only() -> None:
    for players in (1, 2, 3, 4):
        assert oneiros.make("sleep-tight", players=players).players == players
    with pytest.raises(oneiros.ConfigError, match="5 players"):
        oneiros.make("sleep-tight", players=5)
    with pytest.raises(oneiros.ConfigError, match="rule set"):
        oneiros.make("sleep-tight", ruleset="deluxe")


# ----- properties of the requirement rules -------------------------------------------------
@given(
    card=st.sampled_from([c.id for c in load_content().actions if c.type != "special"]),
    dream=st.sampled_from(
        [d.id for d in load_content().dreamscapes if d.mark is None or d.mark <= 4]
    ),
    frags=st.integers(1, 9),
)
def test_requirement_is_the_modified_printed_number_and_gates_play(
    card: str, dream: str, frags: int
) -> None:
    # "Dreamscapes Can Change Fragment Requirements": requirement x multiply + add, >= 0.
    state = scenario(4, hands={0: [card]}, fragments={0: frags}, dreamscapes={0: dream})
    info = state.c.action(card)
    expected = info.requirement
    for mod in state.c.dreamscape(dream).modifiers:
        if mod.type == info.type:
            expected = expected * mod.multiply + mod.add
    expected = max(0, expected)
    assert state.requirement(0, card) == expected
    ids = [a.id for a in state.legal_actions(0)]
    assert (f"play:{card}" in ids) == (expected <= frags and not info.face_up)


@given(
    top=st.sampled_from([c.id for c in load_content().actions if c.type != "special"]),
    bottom=st.sampled_from([c.id for c in load_content().actions if c.type != "special"]),
    frags=st.integers(1, 4),
)
def test_a_stack_is_offered_exactly_when_it_makes_the_top_card_playable(
    top: str, bottom: str, frags: int
) -> None:
    # "Reducing Fragment Requirements by Discarding Cards" (3+ players).
    assume(top != bottom or load_content().action(top).copies > 1)
    state = scenario(3, hands={0: [top, bottom]}, fragments={0: frags})
    req = state.requirement(0, top)
    info = state.c.action(top)
    reduced = max(0, req - state.c.action(bottom).requirement)
    offered = f"stack:{top}:{bottom}" in [a.id for a in state.legal_actions(0)]
    eligible = not info.face_up and not any(e.kind == "untouchable" for e in info.effects)
    assert offered == (eligible and req > frags >= reduced)
