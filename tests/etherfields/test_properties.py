"""Hypothesis properties of the Etherfields rules (etherfields design §3, §4 P1): every
card is in exactly one zone, held Distress plus the pool is always 16, and no observation
or event shows another Dreamer's hand."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import oneiros
from oneiros.games.etherfields.params import DISTRESS_POOL
from oneiros.testing import random_step

HAND_ZONES = ("deck", "hand", "discard", "sealed", "progress")


def _check(state, observe: bool = True) -> None:
    t = state.table
    n = state.game.players
    # every card of every Dreamer is in exactly one of their zones
    for seat in range(n):
        cards = [c for z in HAND_ZONES for c in t.ids(z, seat)]
        assert len(cards) == len(set(cards))
        owned = {c for c in t.faces if c.startswith(f"{seat}.")}
        assert owned <= set(cards)
    # "Distress and Dying": held Distress plus the pool is always 16
    assert sum(state.distress) + t.amount("distress") == DISTRESS_POOL
    # hands are private: another seat's observation shows a count, never the cards
    if not observe:
        return
    for viewer in (None, *range(n)):
        obs = state.observation(viewer)
        for seat in range(n):
            if seat != viewer:
                assert obs["dreamers"][seat]["hand_cards"] is None
                assert obs["dreamers"][seat]["hand_ids"] is None  # the ids name the cards
                assert obs["dreamers"][seat]["hand"] == t.count("hand", seat)


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(1, 4))
def test_invariants_hold_in_random_play(seed, players):
    state = oneiros.make("etherfields", players=players).new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        random_step(state, rng)
        _check(state, rng.random() < 0.05)
    assert state.end_reason() in (
        "victory",
        "out_of_turns",
        "distress",
        "too_few_cards",
        "empty_pool",
    )


@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_no_event_shows_another_hand(seed):
    state = oneiros.make("etherfields", players=2).new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        random_step(state, rng)
    for event in state.events(1):
        if event.kind == "drew_seen":
            assert event.data["seat"] == 1  # the face of a draw reaches its Dreamer only
    assert any(e.kind == "drew" and e.data["seat"] == 0 for e in state.events(1))


def test_open_hands_shows_every_hand():
    """Design §6, reading 18: hands are private unless ``open_hands`` is set."""
    from .builder import position

    closed = position(2, hands={0: ["s01"], 1: ["t1"]})
    assert closed.observation(0)["dreamers"][1]["hand_cards"] is None
    assert closed.observation(0)["dreamers"][1]["hand_ids"] is None
    assert closed.observation(0)["dreamers"][0]["hand_ids"] == ["0.s01.1"]
    opened = position(2, hands={0: ["s01"], 1: ["t1"]}, options={"open_hands": True})
    assert opened.observation(0)["dreamers"][1]["hand_cards"] == ["t1"]


UNREVEALED = {
    "OD-01 C": "c-wound-spring",
    "OD-01 D": "brass-key",
    "OD-01 E": "gardeners-note",
    "OD-01 F": "clock-mask",
    "OD-01 G": "fallen-bridge",
    "OD-01 H": "rusted-thoughts",
}
"""Secret cards of the original Dream whose front names nothing else on the table."""


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(1, 3))
def test_no_observation_or_event_shows_an_unrevealed_front_or_the_turn_order(seed, players):
    """etherfields "Dream Gate Tiles" ("Never look at the front side of any Secret Card or
    Tile unless instructed to reveal, peek or gain it"), "Counting Turns" (design §3): an
    unrevealed front reaches no seat but one that peeked at it; the next Turn card is
    never decided before it is revealed (every unseen card is a chance outcome)."""
    import json

    state = oneiros.make("etherfields", players=players).new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        top = state.flow.top
        if getattr(top, "kind", "") == "turn_card" and not state.table.count("turn_deck"):
            seen = {state.table.face(c) for c in state.table.ids("turns")}
            assert {a.id[5:] for a, _ in state.chance_outcomes()} == seen
        random_step(state, rng)
        if rng.random() < 0.1 or state.is_terminal():
            for viewer in (None, *range(players)):
                known = {code for code in UNREVEALED if code in state.revealed}
                known |= {m[1] for m in state.memory if m[0] == viewer}  # what it peeked at
                text = json.dumps(state.observation(viewer), default=str)
                text += json.dumps([e.data for e in state.events(viewer)], default=str)
                for code, front in UNREVEALED.items():
                    if code not in known:
                        assert front not in text, (code, viewer)
