"""sleep-tight "3. Play Actions Facedown", "Dreamscapes Can Change Fragment Requirements" and
"Reducing Fragment Requirements by Discarding Cards" (``steps/play.py``)."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from oneiros import IllegalAction
from oneiros.games.sleep_tight.content import load_content
from oneiros.games.sleep_tight.state import SleepTightState

from .helpers import (
    IAM,
    all_done,
    at_play,
    kinds,
    make_agent,
    play,
    public_view,
    reveal,
    set_dreams,
    set_fragments,
    step_top,
)
from .scenario import scenario


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


def test_a_dreamscape_can_lower_a_requirement() -> None:
    state = scenario(4, hands={0: ["paper-slingshot"]}, fragments={0: 1})
    set_dreams(state, {0: "deep-well"})  # Attack -1
    assert state.requirement(0, "paper-slingshot") == 0
    set_fragments(state, 0, 1)
    assert "play:paper-slingshot" in [a.id for a in state.legal_actions(0)]


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


def ten_fragments_at_play(secret: bool) -> SleepTightState:
    state = scenario(
        3,
        hands={0: ["paper-slingshot", "wake-up"], 1: ["elbow-jab"]},
        fragments={0: 10},
    )
    if secret:
        state.apply("play:paper-slingshot", player=0)
    state.apply("done", player=1)
    return state


def test_play_actions_facedown_wake_up_questions_wait_for_the_reveal() -> None:
    acted = ten_fragments_at_play(True)
    idle = ten_fragments_at_play(False)
    assert acted.to_move() == idle.to_move() == (0, 2)
    assert step_top(acted) == step_top(idle) == "play"
    for viewer in (1, 2, None):
        assert public_view(acted, viewer) == public_view(idle, viewer)
    # The question comes back at the reveal, when hand sizes are public again.
    all_done(acted)
    assert step_top(acted) == "wake" and acted.to_move() == (0,)
    assert [a.id for a in acted.legal_actions()] == ["wake", "wait"]


def test_reducing_fragment_requirements_the_bottom_card_is_seen_when_played() -> None:
    # "stacking the top card face down and the bottom card face up": Tantrum (3) on Slam the
    # Closet Door (2) with 1 fragment. The other seats see Slam at once, never Tantrum.
    state = scenario(3, hands={1: ["tantrum", "slam-the-closet", "elbow-jab"]}, fragments={1: 1})
    start = {v: len(state.events(v)) for v in (0, 2, None)}
    state.apply("stack:tantrum:slam-the-closet", player=1)
    for viewer in (0, 2, None):
        seat1 = state.observation(viewer)["players"][1]
        assert seat1["plays"] == [
            {"card": None, "bottom": "slam-the-closet", "face_up": False, "status": "hidden"}
        ]
        assert seat1["hand_count"] == 1  # the two cards left the hand in view
        new_events = state.events(viewer)[start[viewer] :]
        assert [e.text for e in new_events] == [
            "Seat 1 plays a card face down on top of Slam the Closet Door (face up)"
        ]
    assert state.observation(1)["players"][1]["plays"][0]["card"] == "tantrum"
    # A single face-down play stays unseen.
    before = [state.observation(v) for v in (0, 2, None)]
    state.apply("play:elbow-jab", player=1)
    assert [state.observation(v) for v in (0, 2, None)] == before
    # Another seat's determinization keeps the bottom card and resamples the top one among
    # the cards seat 0 has not seen (never I Am the Sandman, which cannot be played).
    make_agent(state, 2)
    tops = set()
    for seed in range(30):
        view = state.determinize(0, random.Random(seed))
        assert view.observation(0) == state.observation(0)
        assert [p.bottom for p in view.plays[1]] == ["slam-the-closet"]
        tops.add(view.plays[1][0].card)
    assert len(tops) > 1 and IAM not in tops
    reveal(state)
    revealed = kinds(state, "revealed")[1].data["plays"]
    assert [(p["card"], p["bottom"]) for p in revealed] == [
        ("tantrum", "slam-the-closet"),
        ("elbow-jab", None),
    ]
