"""Hypothesis properties of the part-2 vocabulary in play: from a position rich in Market
cards, Flaws, Items in Storage, a Big Entity and moths, random play keeps the invariants
(flipped cards are placed cards, a Flaw set aside is in its Dreamer's deck, every Flaw and
Item is in exactly one place, no space holds more than 4 miniatures but a Big Entity's
pushes, Distress plus the pool is 16) and every legal action is in the action table."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from oneiros.games.etherfields.params import DISTRESS_POOL, SPACE_CAPACITY
from oneiros.testing import random_step

from .builder import ALL_TILES, position

HANDS = {
    0: ["m-early-dawn", "m-lure", "m-rummage", "m-second-wind", "s08", "s05"],
    1: ["m-fresh-start", "m-stillness", "m-mend", "m-pressing-doubt", "s06", "s04"],
}


def _check(s, ids: set[str]) -> None:
    t = s.table
    placed = {c for seat in range(s.game.players) for c in t.ids("progress", seat)}
    assert set(s.flipped) <= placed
    for card in s.flaw_top:
        assert t.place(card)[0] == "deck"
    for ident in t.faces:
        if ident.startswith(("flaw.", "item.")):
            assert t.place(ident)[0] is not None
    spaces = [p for p in s.pos if p] + [m[2] for m in s.minis] + [c[1] for c in s.companions]
    for space in set(spaces):
        big = any(m[2] == space and m[1] == "gardener" for m in s.minis)
        assert big or spaces.count(space) <= SPACE_CAPACITY
    assert sum(s.distress) + t.amount("distress") == DISTRESS_POOL
    for seat in s.to_move():
        if seat >= 0:
            assert {a.id for a in s.legal_actions(seat)} <= ids


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), replaced=st.booleans())
def test_part_two_invariants_hold_in_random_play(seed, replaced):
    s = position(
        2,
        tiles=ALL_TILES,
        at=["B1.4", "C1.3"],
        hands=HANDS,
        progress={0: ["m-overreach", "m-steady-hand"], 1: ["m-lamplighter", "m-brass-whistle"]},
        decks={0: ["gnawing-rust", "s01", "s02", "s03", "s07"], 1: ["dread-weight", "s01", "s02"]},
        discards={1: ["nagging-doubt", "s03", "s07"]},
        storage=["rope-coil", "clockwork-bracket", "borrowed-compass"],
        entities=[("gardener", "B1.3"), ("rust-moth", "B2.4"), ("rust-moth", "C2.2")],
        ether=[2, 1],
        gems=[1, 0],
        flags=["full_vocabulary"],
        options={"flaw_draw": "replaced" if replaced else "counts"},
    )
    ids = set(s.game.action_ids())
    rng = random.Random(seed)
    while not s.is_terminal():
        random_step(s, rng)
        _check(s, ids)
