"""Sessions chained through the Campaign document: the First Dream, a Dream's end (victory,
failure, Death), saving inside a Dream, a change of players, records that replay alone
(etherfields design P4, acceptance 2, 3, 7, 9, 10, 11)."""

from __future__ import annotations

import json
import random

import pytest

import oneiros
from oneiros.core.errors import ConfigError
from oneiros.games.etherfields.campaign import support
from oneiros.games.etherfields.campaign.document import FORMAT, Campaign, load
from oneiros.games.etherfields.campaign.sessions import (
    new_campaign,
    next_snapshot,
    session_game,
    with_players,
)
from tests.etherfields.builder import play, run_effect
from tests.etherfields.campaign_scenarios import campaign, catalog, dream, world


def test_a_new_campaign_starts_with_the_first_dream_ignoring_district_and_keys():
    """ "Dream Gate Tiles": for the First Dream you can ignore those requirements."""
    doc = new_campaign(catalog(), "night", 2)
    assert doc.next == "dream:OD-01X" and doc.keys == 0 and doc.snapshot == 0
    s = dream(doc)
    assert s.gate_id == "OD-01X"
    assert [s.table.count("deck", k) for k in (0, 1)] == [22, 22]  # "Starting the Campaign"
    assert sorted(s.table.faces_in("items")) == ["iron-poker", "pocket-watch", "tin-lantern"]
    assert s.hours == 4


def test_after_the_first_dream_the_team_awakens():
    """ "Finishing Dreams/Slumbers": after your First Dream, your Dreamers Awaken."""
    doc = new_campaign(catalog(), "night", 2)
    s = dream(doc)
    run_effect(s, "defeat")
    nxt = next_snapshot(doc, s)
    assert nxt.next == "dreamworld" and nxt.phase == "awaken"
    assert nxt.snapshot == 1 and nxt.parent == doc.hash()
    w = world(nxt)
    assert w.doc["location"] == "wake" and w.flow.top.kind == "deck_build"
    assert "awaken" in [e.kind for e in w.events()]


def test_victory_in_the_original_dream_turns_the_season_positive():
    """ "Season Cards": a victory causes a positive Season; its Dreamworld modifier applies."""
    doc = new_campaign(catalog(), "night", 2)
    s = dream(doc)
    run_effect(s, "script(17)")
    assert s.outcome == "victory"
    nxt = next_snapshot(doc, s)
    assert nxt.season == "bloom" and catalog().get("season", "bloom").polarity == "positive"
    assert [h.ether for h in nxt.dreamers] == [2, 2]
    assert "brass-key" in nxt.storage and "OD-01X" not in nxt.gates
    assert nxt.progress.dreams == {"OD-01X": ["victory"]}
    # the Season's modifier on the map: a Keys Location gives 1 more Key
    later = nxt.model_copy(update={"phase": "travel", "location": "lamp-row"})
    w = world(later)
    play(w, "travel:key-well")
    assert w.doc["keys"] == 2


def test_failing_a_dream_turns_the_season_negative():
    doc = new_campaign(catalog(), "night", 2)
    s = dream(doc)
    run_effect(s, "defeat")
    assert next_snapshot(doc, s).season == "frost"


def test_death_returns_the_cards_held_at_the_gate_keeps_the_gate_and_the_season():
    """ "Distress and Dying" (the Death card), "Season Cards": dying does not change Seasons."""
    doc = campaign(nxt="dream:OD-02X", ether=[1, 0], season="calm")
    s = dream(doc)
    run_effect(s, "gain_card('c-wound-spring')")
    assert "gained.c-wound-spring" in s.table.faces
    run_effect(s, "distress(8)")
    assert s.outcome == "defeat" and s.end_reason() == "distress"
    nxt = next_snapshot(doc, s)
    assert "c-wound-spring" not in nxt.dreamers[0].cards()  # gained in the Dream: lost
    assert sorted(nxt.dreamers[0].cards()) == sorted(doc.dreamers[0].cards())
    assert nxt.dreamers[0].ether == 1
    assert "OD-02X" in nxt.gates and nxt.season == "calm"
    assert nxt.phase == "awaken" and nxt.progress.deaths == 1
    assert nxt.progress.dreams == {"OD-02X": ["death"]}


def test_saving_inside_a_dream_is_a_death():
    """ "Saving Your Game": within a Dream, treat it as a Death of a Dreamer."""
    doc = campaign(nxt="dream:OD-02X")
    s = dream(doc)
    assert not s.is_terminal()
    nxt = Campaign.model_validate(support.interrupt(doc.to_json(), s))
    assert nxt.progress.deaths == 1 and nxt.next == "dreamworld" and nxt.phase == "awaken"
    w = world(campaign(location="bazaar"))
    assert support.interrupt(w.doc, w) is None  # on the map the session is simply kept


def test_a_dream_continues_from_the_holdings_of_the_snapshot():
    """ "Finishing Dreams/Slumbers": hand, Sealed cards and Distress are kept as they are."""
    doc = campaign(
        nxt="dream:OD-02X", hands={0: ["s04", "s05"]}, sealed={1: ["s01"]}, distress=[2, 0], keys=1
    )
    s = dream(doc)
    assert sorted(s.table.faces_in("hand", 0)) == ["s04", "s05"]
    assert s.table.faces_in("sealed", 1) == ["s01"] and s.distress == [2, 0]
    assert s.table.amount("distress") == 14 and s.team["keys"] == 1


def test_a_third_dreamer_joins_a_two_player_save_with_a_starting_deck():
    """ "Adding a New Dreamer": the new Player Count sets Hours; the newcomer takes an unused
    Dreamer with its starting deck."""
    saved = campaign(2, nxt="dreamworld", phase="setup")
    doc = with_players(catalog(), saved, 3)
    assert [h.dreamer for h in doc.dreamers] == ["dicer", "tinkerer", "bruiser"]
    assert len(doc.dreamers[2].deck) == 22
    s = dream(doc.model_copy(update={"next": "dream:OD-02X"}))
    assert s.hours == 3 and s.game.players == 3
    back = with_players(catalog(), doc, 1)
    assert [h.dreamer for h in back.benched] == ["bruiser", "tinkerer"]
    assert [h.dreamer for h in with_players(catalog(), back, 2).dreamers] == ["dicer", "bruiser"]


def test_a_dreamer_who_joins_before_the_first_dream_keeps_their_deck_through_a_death():
    """ "Adding a New Dreamer" before the first session: the newcomer enters the First Dream
    with the others, and a Death there ("Saving Your Game" inside a Dream) gives every
    Dreamer back what they held at its Gate."""
    doc = with_players(catalog(), new_campaign(catalog(), "night", 1), 2)
    assert doc.entry is not None and [h.dreamer for h in doc.entry] == ["dicer", "tinkerer"]
    s = dream(doc)
    assert s.game.players == 2 and not s.is_terminal()
    nxt = Campaign.model_validate(support.interrupt(doc.to_json(), s))
    assert nxt.progress.deaths == 1 and [h.dreamer for h in nxt.dreamers] == ["dicer", "tinkerer"]
    assert [len(h.cards()) for h in nxt.dreamers] == [22, 22]


def test_the_player_count_changes_only_between_evenings():
    doc = campaign(2, nxt="dream:OD-02X").model_copy(update={"snapshot": 3})
    with pytest.raises(ConfigError, match="between evenings"):
        with_players(catalog(), doc, 3)


# -- the document ---------------------------------------------------------------------------


def test_the_document_round_trips_and_records_replay_alone():
    doc = campaign(location="lamp-row", ether=[1, 0])
    loaded, notes = load(json.loads(doc.dumps()), catalog())
    assert loaded == doc and notes == []
    s = world(doc)
    play(s, "travel:bazaar", "shop", "none", "none", "save", "skip", "skip")
    record = json.loads(json.dumps(s.record()))
    again = oneiros.replay(record)  # the record embeds its snapshot: it replays on its own
    assert again.observation(None) == s.observation(None)
    assert again.carry_over() == s.carry_over()
    snap = s.game.from_snapshot(json.loads(json.dumps(s.to_snapshot())))
    assert snap.observation(None) == s.observation(None)


def test_a_dream_record_of_a_campaign_replays_alone():
    doc = campaign(nxt="dream:OD-02X")
    s = dream(doc)
    rng = random.Random(3)
    while not s.is_terminal():  # a whole Dream between random players
        tm = s.to_move()
        if tm == (oneiros.CHANCE,):
            s.apply(s.sample_chance(rng))
        else:
            s.apply(rng.choice(s.legal_actions(tm[0])), player=tm[0])
    record = json.loads(json.dumps(s.record()))
    assert oneiros.replay(record).carry_over() == s.carry_over()


def test_a_newer_format_fails_with_a_clear_message():
    data = campaign().to_json() | {"format": FORMAT + 1}
    with pytest.raises(ConfigError, match=f"format {FORMAT + 1} by a newer engine"):
        load(data, catalog())


def test_a_malformed_document_names_the_field():
    data = campaign().to_json()
    data["dreamers"][0]["ether"] = -2
    with pytest.raises(ConfigError, match=r"dreamers\.0\.ether"):
        load(data, catalog())
    with pytest.raises(ConfigError, match="no format number"):
        load({"name": "x"}, catalog())


def test_another_content_pack_loads_when_every_id_is_there_and_fails_naming_the_rest():
    data = campaign().to_json() | {"content": "sha256:" + "0" * 64}
    doc, notes = load(data, catalog())
    assert doc.content == catalog().hash and "content pack changed" in notes[0]
    data["dreamers"][0]["deck"].append("lost-card")
    with pytest.raises(ConfigError, match="lacks influence 'lost-card'"):
        load(data, catalog())


def test_session_options_embed_the_snapshot():
    doc = campaign(nxt="dream:OD-02X")
    game = session_game(doc)
    assert game.options["scenario"] == "dream:OD-02X"
    assert Campaign.model_validate_json(game.options["campaign"]) == doc
    with pytest.raises(ConfigError, match="needs the option campaign"):
        oneiros.make("etherfields", options={"scenario": "dreamworld"})


def test_the_rust_moths_gear_script_reads_nothing_at_the_ferry():
    """ "Secret Scripts": the Rust Moths haunt the Lantern Ferry with the Orchard's
    interactions; their third gear names the Orchard's script 7, which the Ferry has not:
    nothing is read and the Dream goes on."""
    doc = campaign(nxt="dream:OD-02X")
    s = dream(doc)
    run_effect(s, "[gain('gear', 3, who=team), when(at_least(held('gear'), 3), then=script(7))]")
    assert "script_absent" in [e.kind for e in s.events()]
    assert "gears" not in s.flags and s.outcome is None
