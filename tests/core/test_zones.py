"""Entities and zones (core/zones.py): what each seat sees follows from the declarations.

The declaration is the one sketched for Sleep Tight in the design notes: a deck, a
discard pile, a hand per seat, a face-down play per seat counted in the hand, a pile of
26 Soul fragments; plus a row of Etherfields-like Secret cards (hidden content)."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oneiros.core.flow import Flow
from oneiros.core.zones import (
    COUNT_ONLY,
    NOBODY,
    OWNER,
    PUBLIC,
    Pool,
    Table,
    Zone,
    ZoneError,
)

ZONES = (
    Zone("action_deck", visibility=COUNT_ONLY),
    Zone("action_discard", visibility=PUBLIC, ordered=True),
    Zone("hand", per_seat=True, visibility=OWNER),
    Zone("face_down", per_seat=True, visibility=OWNER, counted_in="hand"),
    Zone("box", visibility=NOBODY),
    Zone("secrets", visibility=PUBLIC, hidden_content=True, standin="an unrevealed Secret"),
    Pool("pile", capacity=26),
)
CARDS = ["nightlight", "pillow-wall", "wake-up", "hide", "dodge", "sandman", "where-is", "soul"]


def table() -> tuple[Table, Flow]:
    t = Table(3, ZONES)
    for i, name in enumerate(CARDS * 2):
        t.create(f"a{i}", name, "action_deck")
    t.create("s1", "The door opens onto the sea", "secrets")
    t.create("s2", "A key under the bed", "secrets")
    t.create("b1", "boxed", "box")
    return t, Flow({"play": 'sleep-tight "3. Play Actions Facedown"'}, [])


def deal(t: Table, seat: int, n: int) -> list[str]:
    out = []
    for _ in range(n):
        e = t.ids("action_deck")[0]
        t.move(e, "hand", seat)
        out.append(e)
    return out


def test_a_face_down_play_looks_like_a_card_in_hand_to_the_others():
    t, flow = table()
    hand0 = deal(t, 0, 5)
    hand1 = deal(t, 1, 3)
    t.move(hand0[0], "face_down", 0, flow=flow, fmt="You play {face} face down", rule="play")
    v1 = t.view(1)
    assert sorted(v1.cards("hand", 1)) == sorted(t.face(e) for e in hand1)
    assert v1.cards("hand", 0) is None
    assert v1.count("hand", 0) == 5  # four in hand and one face down, as before the play
    assert v1.cards("face_down", 0) is None and v1.count("face_down", 0) is None
    assert v1.count("action_deck") == 16 - 8 and v1.cards("action_deck") is None
    assert v1.count("box") is None  # not even how many
    v0 = t.view(0)
    assert v0.count("hand", 0) == 4 and v0.cards("face_down", 0) == [t.face(hand0[0])]
    # the event reaches seat 0 only, and cites the rule
    (event,) = flow._events
    assert event.visible_to == (0,) and event.text == f"You play {t.face(hand0[0])} face down"
    assert event.rule == 'sleep-tight "3. Play Actions Facedown"'


def test_a_draw_tells_everyone_and_shows_the_card_to_the_drawer_only():
    t, flow = table()
    e = t.ids("action_deck")[0]
    t.move(e, "hand", 2, flow=flow, kind="drawn", public="Seat 2 draws a card",
           fmt="You draw {face}", rule="play")  # fmt: skip
    public, private = flow._events
    assert (public.kind, public.visible_to, public.text) == ("drawn", None, "Seat 2 draws a card")
    assert "face" not in public.data
    assert (private.kind, private.visible_to) == ("drawn_seen", (2,))
    assert private.text == f"You draw {t.face(e)}"
    # a discard is public: everyone sees the card
    flow._events.clear()
    t.move(e, "action_discard", flow=flow, fmt="Seat 2 discards {face}", rule="play")
    assert flow._events[0].visible_to is None
    assert t.view(None).cards("action_discard") == [t.face(e)]


def test_secret_cards_show_their_ids_not_their_faces_until_revealed():
    t, flow = table()
    for seat in (None, 0, 1):
        v = t.view(seat)
        assert v.ids("secrets") == ["s1", "s2"]
        assert v.cards("secrets") == [None, None]
    t.reveal("s2", to=(1,), flow=flow, fmt="You read {face}", rule="play")
    assert t.view(1).cards("secrets") == [None, "A key under the bed"]
    assert t.view(0).cards("secrets") == [None, None]
    assert flow._events[0].visible_to == (1,)
    # determinize never deals the real text of an unrevealed Secret
    world = t.determinize(0, random.Random(1))
    assert world.face("s1") == world.face("s2") == "an unrevealed Secret"
    world1 = t.determinize(1, random.Random(1))
    assert world1.face("s2") == "A key under the bed"
    assert world1.face("s1") == "an unrevealed Secret"


def test_a_reveal_lasts_until_the_card_moves():
    t, _flow = table()
    (card,) = deal(t, 0, 1)
    t.reveal(card, to=(2,))
    assert t.view(2).known("hand", 0) == {card: t.face(card)}
    assert t.view(1).known("hand", 0) == {}
    t.move(card, "hand", 1)
    assert t.view(2).known("hand", 1) == {}


def test_a_gain_from_an_empty_pile_is_lost():
    t, _ = table()
    assert t.amount("pile") == 26
    assert t.take("pile", 20) == 20
    assert t.take("pile", 10) == 6  # only six were left: four are lost
    assert t.amount("pile") == 0
    assert t.take("pile", 1) == 0
    assert t.give("pile", 30) == 26  # never above the capacity
    assert t.view(0).pool("pile") == 26


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), seat=st.integers(0, 2))
def test_determinize_keeps_what_the_seat_sees_and_deals_the_rest_anew(seed, seat):
    t, _ = table()
    rng = random.Random(seed)
    for s in range(3):
        deal(t, s, rng.randrange(1, 5))
    t.move(t.ids("hand", 0)[0], "face_down", 0)
    world = t.determinize(seat, random.Random(seed + 1))
    assert world.view(seat).to_json() == t.view(seat).to_json()
    assert Counter(world.faces.values()) == Counter(
        f if not t.face(e).startswith(("The door", "A key")) else "an unrevealed Secret"
        for e, f in t.faces.items()
    )
    for e in t.faces:
        assert world.place(e) == t.place(e)


def test_json_round_trip_and_clear_errors():
    t, _ = table()
    deal(t, 1, 2)
    t.reveal("s1")
    t.take("pile", 3)
    data = json.loads(json.dumps(t.to_json()))
    again = Table(3, ZONES)
    again.load_json(data)
    assert again == t
    assert again.view(None).cards("secrets") == ["The door opens onto the sea", None]
    with pytest.raises(ZoneError, match="no zone 'hands'"):
        t.ids("hands", 0)
    with pytest.raises(ZoneError, match="takes a seat"):
        t.ids("hand")
    with pytest.raises(ZoneError, match="declared twice"):
        Table(2, (Zone("a"), Zone("a")))


def test_copies_are_independent_whichever_side_moves_first():
    t, _ = table()
    hand = deal(t, 0, 2)
    a = t.copy()
    b = a.copy()
    t.move(hand[0], "action_discard")  # the original moves first
    a.move(hand[1], "hand", 1)  # a copy moves another card
    assert t.ids("hand", 0) == [hand[1]] and t.ids("action_discard") == [hand[0]]
    assert a.ids("hand", 0) == [hand[0]] and a.ids("hand", 1) == [hand[1]]
    assert b.ids("hand", 0) == hand and b.ids("action_discard") == []
    assert b.ids("hand", 1) == [] and b.count("action_deck") == 14


OWN_DECKS = (
    # each player owns a deck and a hand (Etherfields' Dreamers): one deal group per owner
    Zone("deck", per_seat=True, visibility=COUNT_ONLY, deal_group="own"),
    Zone("hand", per_seat=True, visibility=OWNER, deal_group="own"),
    Zone("played", per_seat=True, visibility=OWNER, counted_in="hand"),
    Zone("secrets", visibility=NOBODY),
    Zone("turns", visibility=COUNT_ONLY),
)


def own_decks() -> Table:
    t = Table(3, OWN_DECKS)
    for seat, colour in enumerate(("red", "blue", "green")):
        for k in range(5):
            t.create(f"{seat}.{k}", f"{colour}-{k}", "deck", seat)
        for k in range(2):
            t.move(f"{seat}.{k}", "hand", seat)
    t.move("1.1", "played", 1)  # face down: counts as a card in hand for the others
    for k in range(3):
        t.create(f"secret.{k}", f"secret-{k}", "secrets")
        t.create(f"turn.{k}", f"turn-{k}", "turns")
    return t


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), seat=st.sampled_from([None, 0, 1, 2]))
def test_determinize_never_moves_a_card_to_another_owner_or_another_kind(seed, seat):
    t = own_decks()
    rng = random.Random(seed)
    for world in (t.determinize(seat, rng), t.redacted(seat, "?").determinize(seat, rng)):
        assert world.view(seat).to_json() == t.view(seat).to_json()
        for e, face in world.faces.items():
            zone, owner = world.place(e)
            if zone in ("deck", "hand", "played"):
                # a card can only be dealt among its owner's own cards
                assert face.startswith(("red", "blue", "green")[owner])
            else:
                assert face.startswith(zone[:-1])
        # what the seat sees is what it holds
        if seat is not None:
            for e in t.ids("hand", seat):
                assert world.face(e) == t.face(e)


def test_determinize_does_deal_anew_within_a_group():
    t = own_decks()
    worlds = [t.determinize(0, random.Random(s)) for s in range(40)]
    assert {w.face("1.0") for w in worlds} == {f"blue-{k}" for k in range(5)}
    assert {w.face("1.1") for w in worlds} == {f"blue-{k}" for k in range(5)}
    assert {w.face("secret.0") for w in worlds} == {f"secret-{k}" for k in range(3)}


def test_a_shared_deal_group_spans_the_owners():
    zones = (
        Zone("deck", visibility=COUNT_ONLY, deal_group="cards"),
        Zone("hand", per_seat=True, visibility=OWNER, deal_group="cards", deal_per_owner=False),
    )
    t = Table(2, zones)
    for k in range(6):
        t.create(f"c{k}", k + 1, "deck")
    t.move("c0", "hand", 0)
    t.move("c1", "hand", 1)
    worlds = [t.redacted(0, None).determinize(0, random.Random(s)) for s in range(40)]
    assert {w.face("c1") for w in worlds} == {2, 3, 4, 5, 6}  # anything seat 0 has not seen
    assert {w.face("c0") for w in worlds} == {1}
