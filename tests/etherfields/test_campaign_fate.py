"""Fate Locations in a campaign (etherfields "Fate Cards": "When you enter a Fate location,
draw a FATE card from the top of the FATE DECK and resolve it"): the leg ends, the next
session draws and resolves one Fate card, and the team is back on the Dreamworld map."""

from __future__ import annotations

import random

from oneiros.games.etherfields.campaign.document import Campaign
from oneiros.games.etherfields.campaign.sessions import next_snapshot, session_game
from oneiros.testing import check_replay
from tests.etherfields.builder import play
from tests.etherfields.campaign_scenarios import campaign, catalog, world
from tests.etherfields.slumber_play import drive


def to_the_crossroads(**holdings):
    doc = campaign(location="mist-ford", **holdings)
    leg = world(doc)
    play(leg, "travel:crossroads")
    assert leg.is_terminal() and leg.end_reason() == "fate"
    return next_snapshot(doc, leg)


def fate_session(doc: Campaign, seed: int = 0):
    return session_game(doc).new_state(seed=seed)


def test_arriving_at_a_fate_location_draws_one_fate_card():
    """ "Fate Cards": the Crossroads is a Fate Location; its session draws one card (Coin
    in the Gutter: each Dreamer gains 1 Ether), puts it at the bottom of the Fate deck and
    ends; nobody is placed on the Slumber map for it."""
    doc = to_the_crossroads(ether=[0, 2])
    assert doc.next == "fate" and doc.location == "crossroads"
    assert catalog().get("location", "crossroads").kind == "fate"
    s = fate_session(doc)
    assert s.game.options["scenario"] == "fate"
    assert s.flow.top.kind == "fate_draw"  # no space to choose: straight to the draw
    s.apply("fate:F-04")
    assert s.is_terminal() and s.reason == "fate"
    nxt = next_snapshot(doc, s)
    assert [h.ether for h in nxt.dreamers] == [1, 3]
    assert nxt.progress.fates == ["F-04"] and nxt.progress.journeys == 0
    assert nxt.slumber["fate_bottom"] == ["F-04"]
    assert nxt.next == "dreamworld" and nxt.location == "crossroads"
    leg = world(nxt)
    assert "travel:bell-hill" in [a.id for a in leg.legal_actions(0)]
    # the Fate deck keeps its order: F-04 lies at the bottom, under the undrawn cards
    again = fate_session(Campaign.model_validate(dict(nxt.to_json(), next="fate")))
    assert "fate:F-04" not in {a.id for a, _p in again.chance_outcomes()}


def test_a_fate_card_that_places_a_tile_grows_the_slumber_map_for_the_next_slumber():
    """ "Fate Cards": "draw and place a Slumber Dreamscape Map tile ... if any Map tile on
    the board has an empty Quirk space, place this Fate card into that space": the tile
    and the Quirk stay for the next Slumber."""
    doc = to_the_crossroads()
    s = fate_session(doc)
    forced = {"fate_draw": ["fate:F-02"], "map_tile_draw": ["tile:SM-3"]}
    drive(s, lambda st: st.is_terminal(), forced)
    nxt = next_snapshot(doc, s)
    assert "SM-3" in nxt.slumber["tiles"]
    assert [face for _ref, face in nxt.slumber["quirks"]] == ["F-02"]
    visit = session_game(Campaign.model_validate(dict(nxt.to_json(), next="slumber")))
    v = visit.new_state(seed=1)
    assert "SM-3" in v.tiles and [q[1] for q in v.quirks] == ["F-02"]


def test_a_death_from_a_fate_card_is_a_death():
    """ "Distress and Dying": Loose Paving's Distress kills a Dreamer at 7: each Dreamer
    takes back what they held, the team Awakens and holds the Death Wisdom card."""
    doc = to_the_crossroads(distress=[7, 0])
    s = fate_session(doc)
    s.apply("fate:F-10")
    assert s.outcome == "defeat"
    nxt = next_snapshot(doc, s)
    assert nxt.phase == "awaken" and nxt.progress.deaths == 1 and "long-fall" in nxt.wisdom
    assert nxt.dreamers == doc.dreamers


def test_the_fate_session_record_replays_on_its_own():
    doc = to_the_crossroads()
    s = fate_session(doc, seed=4)
    rng = random.Random(4)
    while not s.is_terminal():
        if s.is_chance():
            s.apply(s.sample_chance(rng))
        else:
            seat = s.to_move()[0]
            s.apply(s.legal_actions(seat)[0], player=seat)
    assert check_replay(s).carry_over() == s.carry_over()
