"""Deliverance (etherfields "Slumber Entity Tiles": "Deliverance – This will be a mechanic
unlocked later in the campaign"; "A Brief Strategy Guide": Deliverance "will allow you to
remove or alter certain Slumbers"), as scenarios with forced chance: locked until a card
unlocks it, then offered with Skip at the start of a Turn; the original tiles remove the
Slumber (the Thorn Warden) or alter it (the Lamplighter becomes The Lit Lane)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import oneiros
from oneiros.testing import check_hidden_information, check_snapshot, random_step

from .slumber_play import drive, events, position, start, top_kind

SECTION = '"Slumber Entity Tiles"'


def _at_first_turn(s, spawn: str = "B1.2"):
    """Play on past the set-up (the Entity spawns at ``spawn``) to the first Turn's choice."""
    if top_kind(s) == "slumber_skip":
        s.apply("continue", player=s.first)  # the Skip before set-up
    if top_kind(s) == "spawn_choice":
        s.apply(f"space:{spawn}", player=s.first)
    assert top_kind(s) == "slumber_skip" and s.turn_no == 0
    return s


def _choices(s) -> list[str]:
    return [a.id for a in s.legal_actions(s.first)]


def test_deliverance_is_locked_until_unlocked():
    # "Deliverance – This will be a mechanic unlocked later in the campaign"
    s = _at_first_turn(position("slumber:OS-03"))
    assert _choices(s) == ["continue", "skip"]
    assert s.observation(0)["slumber"]["deliverance"] is False


def test_unlocked_deliverance_is_offered_after_set_up_only():
    # the Skip before set-up stays a Skip: Deliverance acts on the Slumber being played
    s = position("slumber:OS-03", deliverance=True)
    assert top_kind(s) == "slumber_skip" and not s.minis
    assert _choices(s) == ["continue", "skip"]
    _at_first_turn(s)
    assert _choices(s) == ["continue", "skip", "deliver"]
    label = next(a.label for a in s.legal_actions(s.first) if a.id == "deliver")
    assert "The Lit Lane" in label


def test_a_slumber_without_deliverance_offers_none():
    s = position("slumber:OS-02", deliverance=True)  # Paper Kites: no Skip, no Deliverance
    drive(s, "card_action")
    assert "deliver" not in [a.id for x in s.to_move() for a in s.legal_actions(x)]


def test_the_lamplighters_deliverance_alters_the_slumber():
    # OS-03's Deliverance: the tile leaves the game and OS-07 goes to the Slumber deck's
    # bottom; its Out of Turns effect (Seal 2, a Flaw) does not resolve
    s = _at_first_turn(position("slumber:OS-03", deliverance=True))
    sealed = [s.table.count("sealed", x) for x in (0, 1)]
    s.apply("deliver", player=s.first)
    assert s.is_terminal()
    assert s.results == [["OS-03", "delivered"]]
    assert s.outcome == "victory" and s.reason == "slumber_delivered"
    assert [s.table.face(c) for c in s.table.ids("slumber_box")] == ["OS-03"]
    assert "OS-03" not in [s.table.face(c) for c in s.table.ids("slumber_bottom")]
    assert s.table.face(s.table.ids("slumber_bottom")[0]) == "OS-07"
    assert not s.minis  # the Lamplighter leaves with its Slumber
    assert [s.table.count("sealed", x) for x in (0, 1)] == sealed
    assert not events(s, "flaw_gained")
    said = events(s, "deliverance")
    assert said and said[0].rule.endswith(SECTION) and said[0].data["tile"] == "OS-03"
    assert events(s, "slumber_removed")[0].rule.endswith(SECTION)
    assert "out of the game" in events(s, "slumber_over")[0].text
    obs = s.observation(1)["slumber"]
    assert obs["removed"] == ["OS-03"]
    assert s.stats()["slumbers_delivered"] == 1


def test_the_thorn_wardens_deliverance_removes_it_for_good():
    # OS-04: each Dreamer seals 1 card, the Warden leaves the Slumber deck; a journey
    # continued from here never draws it again
    s = _at_first_turn(position("slumber:OS-04", deliverance=True))
    sealed = [s.table.count("sealed", x) for x in (0, 1)]
    s.apply("deliver", player=s.first)
    drive(s, lambda st: st.is_terminal())  # the Seals reveal the decks' tops: chance
    assert [s.table.count("sealed", x) for x in (0, 1)] == [n + 1 for n in sealed]
    assert s.results == [["OS-04", "delivered"]]
    carry = s.carry_over()
    assert carry["slumber_removed"] == ["OS-04"] and carry["deliverance"] is True
    game = oneiros.make("etherfields", players=2, options={"scenario": "journey"})
    nxt = game.new_state(seed=3, carry=carry)
    drive(nxt, "slumber_draw")
    drawn = [a.id for a, _p in nxt.chance_outcomes()]
    assert "slumber:OS-04" not in drawn and "slumber:OS-03" in drawn
    assert nxt.observation(0)["slumber"]["removed"] == ["OS-04"]


def test_a_card_unlocks_deliverance_and_the_unlock_travels_on():
    # OS-06 (added when a kite is caught) unlocks Deliverance; the next game offers it
    s = start("slumber:OS-06")
    for seat in (0, 1):
        s.apply("space:A1.1", player=seat)
    assert s.is_terminal() and s.deliverance
    unlocked = events(s, "deliverance_unlocked")
    assert unlocked and unlocked[0].rule.endswith(SECTION)
    game = oneiros.make("etherfields", players=2, options={"scenario": "slumber:OS-04"})
    nxt = game.new_state(seed=0, carry=s.carry_over())
    _at_first_turn(nxt)
    assert _choices(nxt) == ["continue", "skip", "deliver"]


def test_deliverance_in_a_journey_keeps_the_journey_going():
    # a delivered Slumber ends like any other: the Fate card and the Awakening choice follow
    s = position("journey", deliverance=True)
    drive(s, "slumber_skip", {"slumber_draw": ["slumber:OS-04"]})
    assert s.minis and s.turn_no == 0  # set up: the Warden's Skip waits for it
    assert _choices(s) == ["continue", "skip", "deliver"]
    s.apply("deliver", player=s.first)
    drive(s, "awaken_choice")
    assert s.results == [["OS-04", "delivered"]] and not s.is_terminal()
    assert [s.table.face(c) for c in s.table.ids("slumber_box")] == ["OS-04"]
    tensor = s.observation_tensor(0)
    assert all(0.0 <= v <= 1.0 for v in tensor)


def test_random_journeys_with_deliverance_never_name_a_removed_tile_as_drawn():
    # removed tiles are public (the box) and never drawn again; the tensor stays in bounds
    game = oneiros.make(
        "etherfields", players=2, options={"scenario": "journey", "deliverance": True}
    )
    for seed in range(3):
        s = game.new_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(600):
            if s.is_terminal():
                break
            if s.is_chance():
                outcomes = s.chance_outcomes()
                box = {s.table.face(c) for c in s.table.ids("slumber_box")}
                assert not {a.id for a, _p in outcomes} & {f"slumber:{t}" for t in box}
                s.apply(rng.choice(outcomes)[0].id)
                continue
            seat = s.to_move()[0]
            ids = [a.id for a in s.legal_actions(seat)]
            pick = "deliver" if "deliver" in ids else rng.choice(ids)
            s.apply(pick, player=seat)
        assert all(0.0 <= v <= 1.0 for v in s.observation_tensor(0))
        assert set(game.action_ids()) >= {"deliver"}


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_hidden_information_and_snapshots_of_journeys_with_deliverance(seed):
    """The core's checks on journeys where Deliverance is unlocked (removed tiles, the box,
    Quirk map actions): determinize keeps each seat's view, no hidden face leaks, every
    action met is in the action table, a snapshot round-trips and the record replays."""
    game = oneiros.make(
        "etherfields", players=2, options={"scenario": "journey", "deliverance": True}
    )
    check_hidden_information(game, seed, every=0.1)
    ids = set(game.action_ids())
    s = game.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(400):
        if s.is_terminal():
            break
        met = (
            [a.id for a, _p in s.chance_outcomes()]
            if s.is_chance()
            else [a.id for x in s.to_move() for a in s.legal_actions(x)]
        )
        assert set(met) <= ids, set(met) - ids
        random_step(s, rng)
    check_snapshot(s, random.Random(seed), steps=40)


def test_the_terminal_shows_the_unlock_the_removed_tile_and_the_choice():
    from .test_slumber_surfaces import _drawn

    s = _at_first_turn(position("slumber:OS-04", deliverance=True))
    assert "Deliverance is unlocked" in _drawn(s)
    s.apply("deliver", player=s.first)
    drive(s, lambda st: st.is_terminal())
    table = _drawn(s)
    assert "Out of the game: The Thorn Warden" in table
    assert "The Slumber ends: victory (the Slumber is delivered)" in table
