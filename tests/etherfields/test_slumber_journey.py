"""Journeys of Slumbers end to end: bots play them, records replay, snapshots round-trip,
and no observation reveals an undrawn Slumber tile, map tile or Fate card (etherfields
design §3, P3)."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import oneiros
from oneiros.testing import (
    check_hidden_information,
    check_replay,
    check_snapshot,
    random_playout,
    random_step,
)

from .slumber_play import drive, start

HIDDEN = ("slumber_deck", "fate_deck", "map_deck")


def _game(scenario="journey", players=2):
    return oneiros.make("etherfields", players=players, options={"scenario": scenario})


def _play(game, seed, agent):
    rng = random.Random(seed)
    s = game.new_state(seed=seed)
    policy = game.heuristic_policy()
    for _ in range(game.info.max_decisions):
        if s.is_terminal():
            return s
        tm = s.to_move()
        if s.is_chance():
            s.apply(s.sample_chance(rng))
            continue
        seat = tm[0] if len(tm) == 1 else rng.choice(tm)
        legal = s.legal_actions(seat)
        action = policy(s, seat, rng) if agent == "heuristic" else rng.choice(legal)
        s.apply(action, player=seat if len(tm) > 1 else None)
    raise AssertionError("the journey did not end")


def test_the_forced_journey_lamplighter_stream_warden_delta():
    # design P3 "Done when": Lamplighter -> Stream -> Warden -> Delta, a Fate placing SM-3
    forced = {
        "slumber_draw": ["slumber:OS-03", "slumber:OS-05", "slumber:OS-04", "slumber:OS-02"],
        "fate_draw": ["fate:F-02", "fate:F-04", "fate:F-06"],
        "map_tile_draw": ["tile:SM-3"],
    }
    s = start("journey")
    for seat in (0, 1):
        s.apply("space:A1.1", player=seat)
    drive(s, lambda st: st.is_terminal(), forced, limit=20000)
    tiles = [t for t, _r in s.results]
    if s.outcome != "defeat":
        assert tiles[:3] == ["OS-03", "OS-05", "OS-04"]
        assert "SM-3" in s.tiles
        assert [q for q in s.quirks if q[1] == "F-02"]  # in one of the two Quirk spaces
        assert s.delta_done and s.reason == "delta_phase"
    assert s.stats()["slumbers"] == len(s.results)


def test_journeys_end_with_random_and_heuristic_bots():
    for agent in ("random", "heuristic"):
        for seed in range(3):
            s = _play(_game(), seed, agent)
            assert s.outcome in ("victory", "defeat")
            stats = s.stats()
            assert stats["slumbers"] == len(s.results)
            if agent == "heuristic":
                assert s.outcome == "victory" and stats["delta_phase"]


def test_the_heuristic_wins_the_hollow_lamplighter():
    wins = sum(
        _play(_game("slumber:OS-03"), seed, "heuristic").outcome == "victory" for seed in range(4)
    )
    assert wins >= 3


def test_random_playouts_end_and_records_replay():
    for scenario in ("journey", "slumber:OS-03", "slumber:OS-04"):
        state = random_playout(_game(scenario), seed=7)
        check_replay(state)


def test_action_ids_cover_every_legal_action_of_a_journey():
    game = _game()
    ids = set(game.action_ids())
    for seed in range(3):
        s = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            if s.is_chance():
                met = [a.id for a, _p in s.chance_outcomes()]
            else:
                met = [a.id for x in s.to_move() for a in s.legal_actions(x)]
            assert set(met) <= ids, set(met) - ids
            random_step(s, rng)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_hidden_information_of_journeys(seed):
    """The core's checks: determinize keeps each seat's view, and no hidden face leaks."""
    check_hidden_information(_game(), seed, every=0.1)


PUBLIC = (
    "slumber_bottom",
    "fate_bottom",
    "map_placed",
    "quirks",
    "slumber_current",
    "fate_current",
)


def _public_faces(s) -> set[str]:
    return {s.table.face(c) for zone in PUBLIC for c in s.table.ids(zone)}


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), cut=st.integers(0, 150))
def test_no_observation_names_an_undrawn_tile_or_fate_card(seed, cut):
    game = _game()
    s = game.new_state(seed=seed)
    rng = random.Random(seed)
    # A face seen face up once (a bottom part, the map, the current tile or card) is no
    # secret afterwards, even when the Delta Phase shuffles it back into its deck.
    known = _public_faces(s)
    for _ in range(cut):
        if s.is_terminal():
            break
        random_step(s, rng)
        known |= _public_faces(s)
    undrawn = {s.table.face(c) for z in HIDDEN for c in s.table.ids(z)}
    for seat in (None, 0, 1):
        obs = s.observation(seat)
        text = json.dumps({k: v for k, v in obs.items() if k != "map"})
        for face in undrawn - known:
            assert f'"{face}"' not in text, (face, seat)
        assert obs["slumber"]["deck"] == s.table.count("slumber_deck")
    for seat in (0, 1):
        world = s.determinize(seat, random.Random(cut))
        assert world.observation(seat) == s.observation(seat)
        assert sorted(world.table.face(c) for c in world.table.ids("fate_deck")) == sorted(
            s.table.face(c) for c in s.table.ids("fate_deck")
        )


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), cut=st.integers(0, 200))
def test_a_journey_snapshot_round_trips(seed, cut):
    game = _game()
    s = game.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(cut):
        if s.is_terminal():
            break
        random_step(s, rng)
    check_snapshot(s, random.Random(cut), steps=60)


def test_carry_over_starts_the_next_journey_where_the_dreamers_stood():
    s = start("journey")
    for seat in (0, 1):
        s.apply("space:A1.2", player=seat)
    drive(s, "awaken_choice", {"slumber_draw": ["slumber:OS-05"]})
    carry = s.carry_over()
    nxt = _game().new_state(seed=1, carry=carry)
    assert nxt.pos == s.pos
    for seat in (0, 1):
        for zone in ("hand", "discard", "sealed"):
            assert sorted(nxt.table.face(c) for c in nxt.table.ids(zone, seat)) == sorted(
                carry["dreamers"][seat][zone]
            )
    bottom = [nxt.table.face(c) for c in nxt.table.ids("slumber_bottom")]
    assert bottom == ["OS-05", "DELTA"]  # under the Delta tile, as it was left
    assert nxt.carry_over()["dreamers"] == carry["dreamers"]
