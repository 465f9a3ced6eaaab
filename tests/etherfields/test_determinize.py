"""``determinize`` in Etherfields (etherfields design §3): each Dreamer's cards are their own
("Setup": every Dreamer builds and draws from their own deck), so a determinized world deals
the cards a seat cannot see anew only among that Dreamer's deck and hand, never into another
Dreamer's zones, and keeps the seat's observation."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import oneiros
from oneiros.testing import random_step

OWN_ZONES = ("deck", "hand", "discard", "sealed")


def _owned_faces(table, seat: int) -> Counter:
    return Counter(table.face(e) for z in OWN_ZONES for e in table.ids(z, seat))


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 4), steps=st.integers(0, 80))
def test_determinize_keeps_every_card_with_its_dreamer(seed, players, steps):
    state = oneiros.make("etherfields", players=players).new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        random_step(state, rng)
    t = state.table
    for viewer in range(players):
        world = state.determinize(viewer, random.Random(seed + viewer))
        assert world.observation(viewer) == state.observation(viewer)
        w = world.table
        for seat in range(players):
            # no card moves into a zone whose Dreamer could not hold it
            assert _owned_faces(w, seat) == _owned_faces(t, seat)
            for z in ("discard", "sealed"):
                assert w.faces_in(z, seat) == t.faces_in(z, seat)
        assert w.faces_in("hand", viewer) == t.faces_in("hand", viewer)
        # no Secret front the viewer has not seen: the same tiles and reveals, its Peeks only
        assert (world.tiles, world.revealed) == (state.tiles, state.revealed)
        assert all(seat == viewer for seat, _code, _front in world.memory)
        for e, face in t.faces.items():
            if t.place(e)[1] is None:  # Turn cards, items, Morphing tokens: all seen
                assert w.face(e) == face


def test_another_dreamers_unseen_cards_are_dealt_anew():
    state = oneiros.make("etherfields", players=2).new_state(seed=3)
    t = state.table
    hidden = (t.ids("hand", 1) + t.ids("deck", 1))[0]
    faces = {state.determinize(0, random.Random(s)).table.face(hidden) for s in range(30)}
    own = set(_owned_faces(t, 1))
    assert faces <= own
    assert len(faces) > 1  # dealt anew among Dreamer 1's cards, not fixed


def test_a_dreamers_peek_is_in_no_other_dreamers_world():
    """ "Basic Actions Card" (Peek): the front is shown to the peeking Dreamer alone, so a
    search for another Dreamer never holds it (design §3), while the peeker's does."""
    from .builder import position

    s = position(2, hands={0: ["s01", "s02"], 1: ["s03"]})
    s.apply("use:basic:peek", player=1)
    s.apply(f"discard:{s.table.find('hand', 's03', 1)}", player=1)
    s.apply("target:secret:C", player=1)
    assert s.memory == [[1, "OD-01 C", "c-wound-spring"]]
    other = s.determinize(0, random.Random(1))
    assert other.memory == [] and "c-wound-spring" not in str(other.observation(0))
    assert s.determinize(1, random.Random(1)).memory == [[1, "OD-01 C", "c-wound-spring"]]
