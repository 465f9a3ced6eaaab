"""Who receives the event of a card moved between zones follows from the zone declaration
(``model.ZONES``, sleep-tight "3. Play Actions Facedown"): ``model.watchers`` gives the
seats that see the card where it goes or where it was, as the core's ``Table.move`` does,
so no such event reaches a seat the declaration hides the card from."""

from __future__ import annotations

import itertools

import pytest

from oneiros.core.flow import Flow
from oneiros.core.zones import Table
from oneiros.games.sleep_tight.model import ZONES, watchers

from .helpers import kinds, play, scenario


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_moved_card_is_named_to_the_seats_the_core_move_names_it_to(players: int) -> None:
    places = list(Table(players, ZONES).contents)
    for src, dst in itertools.product(places, places):
        table = Table(players, ZONES)
        entity = table.create("card", "tantrum", *src)
        events: list = []
        table.move(entity, *dst, flow=Flow({}, events), fmt="moved {face}")
        expected = events[0].visible_to if events else ()
        got = watchers(dst, src)
        assert (sorted(got) if got is not None else None) == (
            sorted(expected) if expected is not None else None
        ), (src, dst)


def test_a_card_taken_from_a_hand_is_named_to_the_taker_then_the_victim() -> None:
    assert watchers(("hand", 2), ("hand", 0)) == (2, 0)
    assert watchers(("hand", 1), ("action_deck", None)) == (1,)
    assert watchers(("action_discard", None), ("hand", 1)) is None  # a public pile
    assert watchers(("action_deck", None), ("sandman_box", None)) == ()  # nobody


def test_an_unknown_zone_is_an_error_not_a_public_event() -> None:
    with pytest.raises(KeyError, match="not a zone"):
        watchers(("under_the_bed", 0))


def test_the_face_down_choices_reach_their_owner_alone() -> None:
    state = scenario(
        3,
        hands={0: ["tantrum", "slam-the-closet", "nightlight", "paper-slingshot"]},
        fragments={0: 1},
    )
    play(state, 0, "stack:tantrum:slam-the-closet", "play:paper-slingshot", "discard:nightlight")
    for kind in ("played", "discard_pending", "stacked"):
        (event,) = kinds(state, kind)
        assert event.visible_to == (0,)
        assert not kinds(state, kind, 1) and not kinds(state, kind, None)
