"""``Table.view`` (what a seat sees, worked out once per seat and zone) equals the plain
redaction entity by entity (tests/core/zones_reference.py) on random tables: random zone
declarations (every visibility, per seat or shared, ordered, counted in another zone,
hidden content), random moves and reveals, copies and redacted copies, every seat and the
spectator; and on Sleep Tight positions, the other game built on zones."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import oneiros
from oneiros.core.zones import COUNT_ONLY, NOBODY, OWNER, PUBLIC, Pool, Table, Zone, ZoneError
from oneiros.games.sleep_tight.observation import belief
from oneiros.testing import random_step
from tests.core.zones_reference import reference_view

VISIBILITIES = (PUBLIC, OWNER, COUNT_ONLY, NOBODY)


def _declarations(rng: random.Random) -> list[Zone | Pool]:
    out: list[Zone | Pool] = []
    for k in range(rng.randrange(2, 8)):
        per_seat = rng.random() < 0.5
        same_kind = [z for z in out if isinstance(z, Zone) and z.per_seat == per_seat]
        counted_in = rng.choice(same_kind).name if same_kind and rng.random() < 0.3 else None
        out.append(
            Zone(
                f"z{k}",
                visibility=rng.choice(VISIBILITIES),
                per_seat=per_seat,
                ordered=rng.random() < 0.5,
                counted_in=counted_in,
                hidden_content=rng.random() < 0.2,
                standin="a stand-in",
            )
        )
    for k in range(rng.randrange(0, 3)):
        out.append(
            Pool(f"p{k}", 5, per_seat=rng.random() < 0.5, visibility=rng.choice(VISIBILITIES))
        )
    return out


def _assert_same(t: Table, rng: random.Random | None = None) -> None:
    for seat in (None, *range(t.players)):
        got = t.view(seat).to_json()
        expected = reference_view(t, seat)
        assert got == expected
        assert json.dumps(got) == json.dumps(expected)  # key order included
        if rng is not None:  # a view of a few zones and pools shows them as the full view
            names = rng.sample(list(t.decl), rng.randint(0, len(t.decl)))
            part = t.view(seat, only=names).to_json()
            assert part == {
                kind: {name: shown for name, shown in expected[kind].items() if name in names}
                for kind in ("zones", "pools")
            }


def _place(t: Table, rng: random.Random) -> tuple[str, int | None]:
    return rng.choice(list(t.contents))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(1, 4))
def test_the_view_equals_the_plain_redaction_on_random_tables(seed, players):
    rng = random.Random(seed)
    t = Table(players, _declarations(rng))
    faces = ["moon", "star", "tide", "owl"]
    for k in range(rng.randrange(0, 25)):
        zone, owner = _place(t, rng)
        t.create(f"e{k:02d}{rng.choice('qwxyz')}", rng.choice(faces), zone, owner)
    _assert_same(t)
    for _ in range(30):
        entities = list(t.faces)
        roll = rng.random()
        if entities and roll < 0.5:
            zone, owner = _place(t, rng)
            t.move(rng.choice(entities), zone, owner, bottom=rng.random() < 0.3)
        elif entities and roll < 0.75:
            to = None if rng.random() < 0.3 else rng.sample(range(players), rng.randint(1, players))
            t.reveal(rng.choice(entities), to=to)
        elif t.amounts and roll < 0.85:
            name, owner = rng.choice(list(t.amounts))
            t.take(name, rng.randrange(0, 3), owner)
        elif roll < 0.93:
            t = t.copy()  # a copy shares the lists until one side moves
        else:
            seat = rng.choice((None, *range(players)))
            _assert_same(t.redacted(seat, "?"))
            _assert_same(t.determinize(seat, random.Random(seed)))
        _assert_same(t, rng)


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 4))
def test_the_view_equals_the_plain_redaction_in_sleep_tight(seed, players):
    state = oneiros.make("sleep-tight", players=players).new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(150):
        for seat in range(players):  # the table as the seat believes it
            _assert_same(belief(state, seat)[0])
        if state.is_terminal():
            break
        random_step(state, rng)


def test_a_view_of_zones_that_do_not_exist_is_refused():
    t = Table(2, (Zone("deck", visibility=COUNT_ONLY), Pool("pile", 3)))
    with pytest.raises(ZoneError, match="no zone or pool decks"):
        t.view(0, only=("decks", "pile"))
    assert t.view(0, only=("pile",)).to_json() == {"zones": {}, "pools": {"pile": {"-": 3}}}
