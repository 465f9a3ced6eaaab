"""Wisdom and Note cards in a campaign (etherfields "Wisdom Cards", "Note Cards",
"Awakening", "Dreamworld Map", "Distress and Dying"): gained, kept in the Campaign
document, their procedures and abilities applied, shown by ``oneiros campaign show``, and
documents of format 1 migrated."""

from __future__ import annotations

import shutil

import pytest

from oneiros.core.errors import ConfigError
from oneiros.games.etherfields.campaign import support
from oneiros.games.etherfields.campaign.document import FORMAT, load
from oneiros.games.etherfields.campaign.sessions import new_campaign, next_snapshot
from oneiros.games.etherfields.pack import DEFAULT_PACK, PACK
from tests.etherfields.builder import play, run_effect
from tests.etherfields.campaign_scenarios import campaign, catalog, dream, world


def legal(s, seat: int = 0) -> list[str]:
    return [a.id for a in s.legal_actions(seat)]


def test_the_first_dream_gives_the_awakening_and_dreamworld_map_wisdom_cards():
    """ "Awakening": "a recovery/reset mechanic discovered when you have completed the First
    Dream"; "Dreamworld Map": "This card becomes available after finishing the First
    Dream": whatever its outcome."""
    doc = new_campaign(catalog(), "night", 2)
    assert doc.wisdom == []
    s = dream(doc)
    run_effect(s, "defeat")
    nxt = next_snapshot(doc, s)
    assert nxt.wisdom == ["morning-light", "cartographers-key"]
    assert catalog().get("wisdom", "morning-light").procedure == "awakening"
    leg = world(nxt)  # the Awakening resolves the Morning Light card's steps
    shown = [e for e in leg.events() if e.kind == "wisdom_procedure"]
    assert shown and shown[0].data["card"] == "morning-light"
    assert "4. Put the Slumber map back" in shown[0].data["steps"]


def test_victory_in_the_first_dream_reveals_the_gardeners_note():
    """ "Note Cards": "All Note cards gained during the game are kept in the Storage":
    script 17 (the Orchard's victory) reveals the Gardener's Note (OD-01 E)."""
    doc = new_campaign(catalog(), "night", 2)
    s = dream(doc)
    run_effect(s, "script(17)")
    nxt = next_snapshot(doc, s)
    assert nxt.notes == ["gardeners-note"] and "gardeners-note" not in nxt.storage
    assert set(nxt.wisdom) == {"morning-light", "cartographers-key"}


def test_the_ferry_reveals_a_note_and_the_gem_wisdom_and_a_ledger_when_lost():
    """ "Wisdom Cards" ("you will acquire WISDOM CARDS during the course of the campaign"):
    untying the Ferry's ropes (script 2) reveals the Ferry Timetable and Gem Lore; losing
    to the tide (script 4) washes up the Orchard Ledger; all are kept after the Dream. A
    Note is found once ("Component Limitations")."""
    doc = campaign(nxt="dream:OD-02X")
    s = dream(doc)
    run_effect(s, "script(2)")
    run_effect(s, "script(4)")
    assert s.outcome == "defeat"
    nxt = next_snapshot(doc, s)
    assert nxt.notes == ["ferry-timetable", "orchard-ledger"]
    assert "gem-lore" in nxt.wisdom
    used = nxt.model_copy(
        update={"notes": ["ferry-timetable"], "removed": ["orchard-ledger"], "next": "dream:OD-02X"}
    )
    s2 = dream(used)
    run_effect(s2, "script(4)")
    assert next_snapshot(used, s2).notes == ["ferry-timetable"]  # used once: gone


def test_the_first_death_gains_the_death_wisdom_card():
    """ "Distress and Dying": "resolve the Death Wisdom card (reveal II-42 I Secret card if
    it is not revealed yet)": the first Death gains it; a second does not add a copy."""
    doc = campaign(nxt="dream:OD-02X")
    s = dream(doc)
    run_effect(s, "distress(8)")
    nxt = next_snapshot(doc, s)
    assert "long-fall" in nxt.wisdom and nxt.progress.deaths == 1
    again = nxt.model_copy(update={"next": "dream:OD-02X", "entry": None})
    s2 = dream(again)
    run_effect(s2, "distress(8)")
    assert next_snapshot(again, s2).wisdom.count("long-fall") == 1


def test_awakening_on_the_map_needs_the_awakening_wisdom_card():
    """ "Awakening" is "discovered when you have completed the First Dream": without its
    Wisdom card the team cannot Awaken on the map; with it, it can."""
    without = world(campaign(location="lamp-row", wisdom=[]))
    assert "awaken" not in legal(without)
    held = world(campaign(location="lamp-row"))
    assert "awaken" in legal(held)
    play(held, "awaken")
    assert "wisdom_procedure" in [e.kind for e in held.events()]


def test_the_dreamworld_map_wisdom_card_is_the_legend_of_the_map():
    """ "Dreamworld Map": "The description of all icons visible on the Dreamworld Map can
    be found on the Dreamworld Map Wisdom card": the leg's observation and ``campaign
    show`` carry its legend once it is held."""
    leg = world(campaign(location="lamp-row"))
    obs = leg.observation(0)
    assert obs["legend"]["fate"] == "draw and resolve one Fate card"
    assert {x["kind"] for x in obs["map"]["locations"]} <= set(obs["legend"])
    assert world(campaign(location="lamp-row", wisdom=[])).observation(0)["legend"] == {}
    shown = support.describe(campaign(location="lamp-row").to_json())
    rows = dict(shown["sections"]["Wisdom and Notes"])
    assert rows["Map: slumber"] == "draw and play one Slumber tile"
    assert "procedure awakening" in rows["Wisdom morning-light: Morning Light"]


def test_gem_lore_spends_a_shining_gem_on_the_map_to_unseal_two_cards():
    """The extra Gem use ("A Brief Strategy Guide": "Later in the game you will find a
    Wisdom card that allows even more use out of them"): on the map, once per travel."""
    doc = campaign(
        location="lamp-row",
        gems=[1, 0],
        sealed={0: ["s01", "s02", "s03"]},
        wisdom=["morning-light", "cartographers-key", "gem-lore"],
    )
    leg = world(doc)
    play(leg, "cards")
    assert "use:0:wisdom:gem-lore:polish" in legal(leg, 0)
    assert "use:1:wisdom:gem-lore:polish" not in legal(leg, 1)  # no Gem to spend
    play(leg, "use:0:wisdom:gem-lore:polish")
    h = leg.doc["dreamers"][0]
    assert h["gems"] == 0 and h["sealed"] == ["s01"] and h["discard"][-2:] == ["s03", "s02"]
    assert "use:0:wisdom:gem-lore:polish" not in legal(leg, 0)
    used = [e for e in leg.events() if e.kind == "world_use"]
    assert used[-1].rule.endswith('"Wisdom Cards"')


def test_a_note_is_gained_used_once_and_kept_across_a_save_and_resume(tmp_path):
    """ "Note Cards", end to end: the First Dream's victory reveals the Gardener's Note; the
    campaign is saved and resumed through the store; on the map any Dreamer uses it (the
    team gains 2 Keys) and, one use, it leaves the Storage for good."""
    pytest.importorskip("sqlalchemy")
    from oneiros.cli.campaign_store import CampaignStore

    doc = new_campaign(catalog(), "ledger", 2)
    s = dream(doc)
    run_effect(s, "script(17)")
    after = next_snapshot(doc, s)
    leg = world(after)
    while not leg.is_terminal():  # Awaken (build decks), then save the evening
        ids = legal(leg, leg.to_move()[0])
        pick = next(p for p in ("done", "save", "skip") if p in ids)
        leg.apply(pick, player=leg.to_move()[0])
    saved = next_snapshot(after, leg)
    assert saved.notes == ["gardeners-note"] and saved.phase == "setup"
    store = CampaignStore(f"sqlite:///{tmp_path / 'c.db'}")
    store.create("ledger", "etherfields", saved.to_json())
    store.dispose()
    store = CampaignStore(f"sqlite:///{tmp_path / 'c.db'}")
    _game, _head, data = store.head("ledger")
    store.dispose()
    resumed, notes = support.check(data)
    assert notes == [] and resumed["notes"] == ["gardeners-note"]
    leg = world(load(resumed, catalog())[0])
    while leg.flow.top.kind != "travel":  # the next evening's deckbuilding
        leg.apply("done", player=leg.to_move()[0])
    play(leg, "cards")
    assert "use:1:note:gardeners-note:follow" in legal(leg, 1)
    leg.apply("use:1:note:gardeners-note:follow", player=1)
    assert leg.doc["keys"] == 2 and leg.doc["notes"] == []
    assert "gardeners-note" in leg.doc["removed"]
    assert "note_used" in [e.kind for e in leg.events()]
    assert not [a for a in legal(leg, 0) if "gardeners-note" in a]


def test_a_format_one_document_is_migrated_with_a_note():
    """A campaign saved by format 1 still loads: it gains the Wisdom cards it had earned,
    its Notes move from the Items' Storage to the Note cards Storage, and a note says so."""
    doc = campaign(location="lamp-row", wisdom=[])
    data = doc.to_json()
    data.update(format=1, storage=["gardeners-note"], notes=[])
    data["progress"] = dict(data["progress"], dreams={"OD-01X": ["victory"]}, deaths=1)
    del data["progress"]["fates"]
    new, notes = support.check(data)
    assert new["format"] == FORMAT == 2
    assert set(new["wisdom"]) == {"morning-light", "cartographers-key", "long-fall"}
    assert new["notes"] == ["gardeners-note"] and new["storage"] == []
    assert len(notes) == 1 and "format 1" in notes[0] and "long-fall" in notes[0]
    assert support.describe(data)["sections"]["Wisdom and Notes"]  # show reads it too


def test_a_document_of_a_newer_format_fails_with_one_line():
    data = campaign().to_json()
    data["format"] = FORMAT + 1
    with pytest.raises(ConfigError, match=f"format {FORMAT + 1} by a newer engine"):
        load(data, catalog())


def test_content_check_reports_wisdom_and_note_cards_the_map_cannot_use(tmp_path):
    """ "Wisdom Cards", "Playing Cards in the Dreamworld" (``content check``): two cards
    for one procedure, and a Note whose effect means nothing on the map, are errors."""
    root = tmp_path / "pack"
    shutil.copytree(DEFAULT_PACK, root)
    wisdom = root / "wisdom.toml"
    wisdom.write_text(
        wisdom.read_text("utf-8").replace('procedure = "dreamworld_map"', 'procedure = "death"'),
        "utf-8",
    )
    notes = root / "notes.toml"
    notes.write_text(
        notes.read_text("utf-8").replace("gain('keys', 2, who=team)", "move(2)"),
        "utf-8",
    )
    lines = [str(p) for p in PACK.check(root).errors]
    assert any("wisdom.toml" in x and "death procedure is already" in x for x in lines)
    assert any(
        "notes.toml: notes[0].abilities[0]" in x and "move has no immediate effect" in x
        for x in lines
    )
    assert len(lines) == 2


def test_a_campaign_saved_by_the_format_one_engine_continues():
    """A document the previous engine saved (``fixtures/campaign-format1.json``: the First
    Dream won, the team at Mist Ford with a journey next) loads through ``campaign
    continue``'s check with one note, gains its Wisdom cards, and its next session plays
    one Slumber; the session then leaves a format 2 snapshot."""
    import json
    from pathlib import Path

    raw = json.loads((Path(__file__).parent / "fixtures" / "campaign-format1.json").read_text())
    assert raw["format"] == 1 and raw["next"] == "slumber" and raw["wisdom"] == []
    data, notes = support.check(raw)
    assert any("document format 1" in n for n in notes)
    assert data["format"] == FORMAT and {"morning-light", "cartographers-key"} <= set(
        data["wisdom"]
    )
    game, label = support.session(data)
    assert label == "slumber" and game.options["scenario"] == "visit"
    s = game.new_state(seed=3)
    rng = __import__("random").Random(3)
    policy = game.heuristic_policy()
    while not s.is_terminal():
        tm = s.to_move()
        if s.is_chance():
            s.apply(s.sample_chance(rng))
        else:
            s.apply(policy(s, tm[0], rng), player=tm[0])
    nxt = support.finish(data, s)
    assert nxt["format"] == FORMAT and nxt["snapshot"] == raw["snapshot"] + 1
    assert len(nxt["progress"]["slumbers"]) <= 1 and nxt["next"] == "dreamworld"


def test_a_note_is_used_in_a_dream_once_and_leaves_the_storage():
    """ "Note Cards": "can be used in a specific situation or in a particular Dream" by any
    Dreamer: the Orchard Ledger summons the Cog Sparrow in a Dream, once; its map ability is
    not offered there; the Dream's end takes the used Note out of the Storage."""
    from tests.etherfields.builder import legal as dream_legal
    from tests.etherfields.slumber_play import drive

    doc = campaign(nxt="dream:OD-02X", notes=["orchard-ledger", "ferry-timetable"])
    s = dream(doc)
    drive(s, "card_action")
    ids = dream_legal(s, 1)
    assert "use:note:orchard-ledger:sparrow" in ids
    assert not [a for a in ids if a.endswith(":read") or "ferry-timetable" in a]
    assert "cog-sparrow" not in str(s.observation(0))
    s.apply("use:note:orchard-ledger:sparrow", player=1)
    assert "cog-sparrow" in str(s.observation(0))
    assert not [a for a in dream_legal(s, 0) if "orchard-ledger" in a]
    run_effect(s, "script(3)")  # the ferry casts off: victory
    nxt = next_snapshot(doc, s)
    assert nxt.notes == ["ferry-timetable"] and "orchard-ledger" in nxt.removed


def test_the_next_evening_resolves_the_awakening_card_from_step_four():
    """ "Game Setup" step 8: "Resolve the Awakening Card starting from Step 4": after a
    save, the next evening's first event names Morning Light before the deckbuilding."""
    doc = campaign(location="lamp-row")
    leg = world(doc)
    play(leg, "save")  # nobody has Ether: the buying step asks nothing
    assert leg.is_terminal()
    nxt = next_snapshot(doc, leg)
    evening = world(nxt)
    named = [e.data["card"] for e in evening.events() if e.kind == "wisdom_procedure"]
    assert named == ["morning-light"] and evening.flow.top.kind == "deck_build"
