"""A campaign session that is a Slumber: the Dreamworld's Slumber Location starts one,
the Dreamers come from the snapshot, and its end gives the next snapshot ("Slumbers",
"Slumber Entity Tiles", "Finishing Dreams/Slumbers", "Awakening", "Delta Phase", "Dream
Gate Tiles", "Saving Your Game", "Distress and Dying")."""

from __future__ import annotations

import json
import random

import pytest

import oneiros
from oneiros.games.etherfields.campaign.document import Campaign
from oneiros.games.etherfields.campaign.sessions import new_campaign, next_snapshot, session_game
from oneiros.games.etherfields.slumber_state import SlumberState
from oneiros.testing import check_replay
from tests.etherfields.builder import play
from tests.etherfields.campaign_scenarios import campaign, catalog, world
from tests.etherfields.slumber_play import drive, run_effect

FORCED = {
    "slumber_draw": ["slumber:OS-03", "slumber:OS-05", "slumber:OS-04", "slumber:OS-02"],
    "fate_draw": ["fate:F-02", "fate:F-04", "fate:F-06"],
    "map_tile_draw": ["tile:SM-3"],
}


def faces(s: SlumberState, zone: str, seat: int) -> list[str]:
    return [s.table.face(c) for c in s.table.ids(zone, seat)]


def to_the_ford(**holdings):
    """A Dreamworld leg from the Key Well to Mist Ford, the Slumber Location, and the
    snapshot it leaves."""
    doc = campaign(location="key-well", **holdings)
    leg = world(doc)
    play(leg, "travel:mist-ford")
    return next_snapshot(doc, leg)


def journey(doc: Campaign, seed: int = 0) -> SlumberState:
    s = session_game(doc).new_state(seed=seed)
    assert isinstance(s, SlumberState)
    return s


def test_the_slumber_location_starts_one_slumber_with_the_dreamers_as_they_are():
    """ "Dreamworld Map" (a Slumber Location), "Slumbers": the leg ends and the next session
    is a visit ("visit": one Slumber) whose Dreamers hold what the snapshot says."""
    doc = to_the_ford(
        ether=[2, 1], distress=[1, 0], gems=[1, 0], hands={0: ["s01"]}, sealed={1: ["s02"]}
    )
    assert doc.next == "slumber" and doc.location == "mist-ford"
    game = session_game(doc)
    assert game.options["scenario"] == "visit"
    s = journey(doc)
    assert s.ether == [2, 1] and s.distress == [1, 0] and s.gems == [1, 0]
    assert faces(s, "hand", 0) == ["s01"] and faces(s, "sealed", 1) == ["s02"]
    assert s.table.count("deck", 0) == 21 and s.table.count("deck", 1) == 21
    assert s.flow.top.kind == "slumber_entrance"  # no Slumber map yet: the Setup tiles


def _played_visit(doc: Campaign, tile: str, seed: int = 0) -> SlumberState:
    s = journey(doc, seed=seed)
    for seat in range(doc.players):
        s.apply("space:A1.1", player=seat)
    drive(s, lambda st: st.is_terminal(), {"slumber_draw": [f"slumber:{tile}"]}, limit=20000)
    return s


def test_a_visit_plays_one_slumber_then_goes_back_to_the_dreamworld_map():
    """ "Slumber Entity Tiles" ("This Slumber ends. Discard the current Slumber tile to the
    bottom of the Slumber deck ... Now, go back to the Dreamworld Map"): one Slumber per
    visit of a Slumber Location; "Finishing Dreams/Slumbers": hand, discard (in order),
    Sealed, Progress, Gems and Distress stay; map tiles and spaces remain."""
    doc = to_the_ford(ether=[1, 0])
    s = _played_visit(doc, "OS-03")
    assert [t for t, _r in s.results] == ["OS-03"]
    assert s.reason.startswith("slumber_") and "journey_over" in [e.kind for e in s.events()]
    nxt = next_snapshot(doc, s)
    assert nxt.next == "dreamworld" and nxt.phase == "travel" and nxt.location == "mist-ford"
    for seat, h in enumerate(nxt.dreamers):
        assert h.hand == faces(s, "hand", seat)
        assert h.discard == faces(s, "discard", seat)  # in order: not reshuffled
        assert h.sealed == faces(s, "sealed", seat) and h.progress == faces(s, "progress", seat)
        assert (h.ether, h.gems, h.distress) == (s.ether[seat], s.gems[seat], s.distress[seat])
        assert h.masks == doc.dreamers[seat].masks and h.aside == doc.dreamers[seat].aside
    assert nxt.slumber["slumber_bottom"] == ["OS-03", "DELTA"]  # bottom first
    assert nxt.slumber["spaces"] == s.pos
    assert nxt.progress.journeys == 1 and [t for t, _r in nxt.progress.slumbers] == ["OS-03"]
    assert nxt.progress.log[-1].kind == "slumber" and nxt.progress.log[-1].scenario == "visit"
    leg = world(nxt)
    assert leg.doc["location"] == "mist-ford" and "returned" in [e.kind for e in leg.events()]
    # the next visit begins with everything as it is now, and draws another tile
    again = Campaign.model_validate(dict(nxt.to_json(), next="slumber"))
    s2 = journey(again, seed=5)
    assert s2.pos == s.pos and s2.flow.top.kind == "slumber_draw"
    drawn = {a.id for a, _p in s2.chance_outcomes()}
    assert "slumber:OS-03" not in drawn and drawn == {
        "slumber:OS-02",
        "slumber:OS-04",
        "slumber:OS-05",
    }


def test_the_delta_tile_is_resolved_instead_of_a_slumber():
    """ "Delta Phase": "Now, resolve the Delta Phase instead of a Slumber": a visit whose
    Slumber deck holds only the tiles under the Delta tile draws it; the Hours reset and
    the discarded tiles are shuffled back above it; back to the Dreamworld Map."""
    played = [r.id for r in catalog().all("slumber") if r.kind != "delta" and r.in_deck]
    doc = to_the_ford()
    doc = Campaign.model_validate(
        dict(
            doc.to_json(),
            slumber={
                "tiles": ["SM-S1", "SM-S2"],
                "quirks": [],
                "spaces": ["A1.1", "A1.1"],
                "hours": 1,
                "slumber_bottom": [*played, "DELTA"],
                "fate_bottom": [],
            },
        )
    )
    s = journey(doc)
    assert [a.id for a, _p in s.chance_outcomes()] == ["slumber:DELTA"]
    drive(s, lambda st: st.is_terminal())
    assert s.results == [] and s.delta_done and s.reason == "delta_phase"
    nxt = next_snapshot(doc, s)
    assert nxt.slumber["slumber_bottom"] == ["DELTA"] and nxt.slumber["hours"] == 4
    assert nxt.next == "dreamworld" and nxt.location == "mist-ford"


def test_after_a_visit_the_team_may_awaken_on_the_map():
    """ "Awakening": "This can be resolved at any moment after resolving the Location
    effect on the Dreamworld Map": after a visit the leg offers it (the team holds the
    Awakening Wisdom card), and it puts the Slumber map back to its Setup tiles."""
    doc = to_the_ford(distress=[2, 0], sealed={0: ["s03"]})
    nxt = next_snapshot(doc, _played_visit(doc, "OS-05"))
    leg = world(nxt)
    assert "awaken" in {a.id for a in leg.legal_actions(0)}
    play(leg, "awaken")
    assert leg.doc["location"] == "wake" and leg.flow.top.kind == "deck_build"
    assert leg.doc["slumber"]["tiles"] == [] and leg.doc["dreamers"][0]["sealed"] == []


def test_a_journey_saved_in_format_one_still_plays_up_to_the_delta_phase():
    """A session begun before one-Slumber visits (scenario ``journey`` with the option
    ``campaign``) replays as it was played: Slumbers up to the Delta Phase."""
    doc = to_the_ford(ether=[1, 0])
    game = oneiros.make(
        "etherfields", players=2, options={**session_game(doc).options, "scenario": "journey"}
    )
    s = game.new_state(seed=0)
    for seat in (0, 1):
        s.apply("space:A1.1", player=seat)
    drive(s, lambda st: st.is_terminal(), FORCED, limit=20000)
    assert s.reason == "delta_phase" and len(s.results) == 4
    assert next_snapshot(doc, s).progress.journeys == 1


def test_a_death_on_a_visit_loses_what_was_gained_on_it():
    """ "Distress and Dying" (the Death card read for a Slumber): each Dreamer takes back
    what they held when it began; the Slumber Dreamscape is discarded; the team Awakens
    and holds the Death Wisdom card ("reveal II-42 I Secret card if it is not revealed
    yet")."""
    doc = to_the_ford(ether=[1, 1], hands={0: ["s01"]})
    s = journey(doc)
    for seat in (0, 1):
        s.apply("space:A1.1", player=seat)
    run_effect(s, "distress(8)")
    assert s.is_terminal() and s.outcome == "defeat"
    nxt = next_snapshot(doc, s)
    assert nxt.progress.deaths == 1 and nxt.phase == "awaken"
    assert nxt.dreamers == doc.dreamers
    assert nxt.slumber["tiles"] == [] and nxt.slumber["spaces"] == []
    assert "long-fall" in nxt.wisdom


def test_entering_a_dream_discards_the_slumber_dreamscape_and_a_save_boxes_it():
    """ "Dream Gate Tiles": "If the Slumber Dreamscape is present, discard it first (i.e.:
    all Slumber Map tiles, Quirk cards, etc.)"; "Saving Your Game": every deck to the box."""
    scape = {
        "tiles": ["SM-S1", "SM-S2", "SM-3"],
        "quirks": [["SM-3.q1", "F-02"]],
        "spaces": ["A1.1", "A1.1"],
        "hours": 3,
        "slumber_bottom": ["OS-03", "DELTA"],
        "fate_bottom": ["F-06"],
    }
    doc = Campaign.model_validate(
        dict(campaign(location="ferry-landing", keys=5).to_json(), slumber=scape)
    )
    leg = world(doc)
    gates = [a for a in (a.id for a in leg.legal_actions(0)) if a.startswith("enter:")]
    play(leg, gates[0])
    kept = leg.carry_over()["slumber"]
    assert kept["tiles"] == [] and kept["quirks"] == [] and kept["spaces"] == []
    assert kept["fate_bottom"] == ["F-06", "F-02"] and kept["slumber_bottom"] == ["OS-03", "DELTA"]
    assert "dreamscape_discarded" in [e.kind for e in leg.events()]
    leg = world(doc)
    play(leg, "save")
    while not leg.is_terminal():  # the saving's buying step: buy nothing
        play(leg, "done" if "done" in (a.id for a in leg.legal_actions(0)) else "skip")
    assert leg.carry_over()["slumber"] == {}


def test_the_visit_record_replays_on_its_own():
    doc = to_the_ford()
    s = journey(doc)
    rng = random.Random(2)
    policy = s.game.heuristic_policy()
    while not s.is_terminal():
        tm = s.to_move()
        if s.is_chance():
            s.apply(s.sample_chance(rng))
        else:
            s.apply(policy(s, tm[0], rng), player=tm[0] if len(tm) > 1 else None)
    again = check_replay(s)
    assert again.carry_over() == s.carry_over()
    assert json.loads(json.dumps(s.record()))["options"]["scenario"] == "visit"


def test_a_visit_before_it_ends_leaves_no_snapshot():
    doc = to_the_ford()
    s = journey(doc)
    assert s.carry_over() == {}
    with pytest.raises(oneiros.ConfigError, match="not over"):
        next_snapshot(doc, s)


def test_every_way_between_the_two_original_dreams_passes_a_slumber():
    """The original campaign plays a Slumber between its two Dreams: every path of
    big arrows and shortcuts from the First Dream's Awakening to the second Gate crosses
    the Slumber Location."""
    cat = catalog()
    start = new_campaign(cat, "x", 1)
    slumber = {x.id for x in cat.all("location") if x.kind == "slumber"}
    second = next(x.id for x in cat.all("location") if x.kind == "gate" and x.gate == "OD-02X")
    seen, todo = {start.location}, [start.location]
    while todo:  # the map without its Slumber Locations
        here = todo.pop()
        for a in cat.all("arrow"):
            if a.start == here and a.end not in seen and a.end not in slumber:
                seen.add(a.end)
                todo.append(a.end)
    assert second not in seen and slumber


def test_a_slumber_session_is_saved_and_resumed_through_the_campaign_store(tmp_path):
    """ "Saving Your Game" is only allowed on the Dreamworld map: a Slumber left at the
    terminal is kept as it is and resumes where it stopped; finished, it is the next
    snapshot, and its record replays on its own."""
    pytest.importorskip("sqlalchemy")
    from oneiros.cli.campaign_store import CampaignStore
    from tests.cli.helpers import oneiros as cli

    url = f"sqlite:///{tmp_path / 'camp.db'}"
    store = CampaignStore(url)
    doc = campaign(players=1, location="mist-ford", nxt="slumber")
    store.create("ford", "etherfields", doc.model_copy(update={"name": "ford"}).to_json())
    store.dispose()

    def run(*args, answers=None):
        return cli(tmp_path, "campaign", "continue", "ford", *args, "--db", url, answers=answers)

    first = run("--seats", "human", "--seed", "3", answers=["1", "quit"])
    assert first.returncode == 0, first.stderr
    assert "oneiros campaign continue ford" in first.stdout
    store = CampaignStore(url)
    n, start, record = store.playing("ford")
    assert (n, start) == (1, 0) and record["options"]["scenario"] == "visit"
    assert record["actions"]
    again = run("--seats", "heuristic", "--delay", "0", "--sessions", "1")
    assert again.returncode == 0, again.stderr
    assert "Session 1 (visit) ends" in again.stdout
    done = store.sessions("ford")[0]
    assert done["status"] == "done"
    assert done["record"]["actions"][: len(record["actions"])] == record["actions"]
    replayed = oneiros.replay(done["record"])
    assert replayed.is_terminal()
    _game, head, nxt = store.head("ford")
    assert head == 1 and nxt["progress"]["journeys"] == 1 and nxt["next"] == "dreamworld"
    assert replayed.carry_over()["dreamers"] == nxt["dreamers"]
    shown = cli(tmp_path, "campaign", "show", "ford", "--db", url)
    assert "Slumbers visited" in shown.stdout
    store.dispose()


def test_a_whole_original_campaign_plays_at_the_terminal_resumed_between_sessions(tmp_path):
    """Issue 18's "Done when": both Dreams, the Dreamworld between them and a Slumber
    journey, played by bots at the terminal a few sessions per run, each run resuming the
    saved campaign; every session's record replays on its own."""
    pytest.importorskip("sqlalchemy")
    from oneiros.cli.campaign_store import CampaignStore
    from tests.cli.helpers import oneiros as cli

    url = f"sqlite:///{tmp_path / 'camp.db'}"
    made = cli(
        tmp_path, "campaign", "new", "etherfields", "-p", "2", "--name", "whole", "--db", url
    )
    assert made.returncode == 0, made.stderr
    args = ("--seats", "heuristic,heuristic", "--delay", "0", "--sessions", "4", "--db", url)
    for run in range(8):  # session k (from 0) plays with seed 1 + k, as in one long run
        out = cli(tmp_path, "campaign", "continue", "whole", "--seed", str(1 + 4 * run), *args)
        assert out.returncode == 0, out.stderr
        if "is over" in out.stdout or "dreams won 2/2" in out.stdout:
            break
    store = CampaignStore(url)
    _game, head, doc = store.head("whole")
    assert doc["finished"] and not doc["gates"], doc["progress"]["log"][-1]
    kinds = [entry["kind"] for entry in doc["progress"]["log"]]
    first_win = next(i for i, e in enumerate(doc["progress"]["log"]) if e["end"] == "victory")
    assert "slumber" in kinds[first_win:] and kinds[-1] == "dream"
    assert doc["progress"]["journeys"] >= 1
    sessions = store.sessions("whole")
    assert all(s["status"] == "done" for s in sessions) and len(sessions) == head
    journey = next(s for s in sessions if s["record"]["options"]["scenario"] == "visit")
    assert oneiros.replay(journey["record"]).is_terminal()
    store.dispose()
