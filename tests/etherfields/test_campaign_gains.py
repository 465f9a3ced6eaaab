"""Note and Wisdom cards a card gives (etherfields "Note Cards": "All Note cards gained
during the game are kept in the Storage" and "can be used by any Dreamer"; "Wisdom Cards":
"All the Wisdom cards you have gained are always considered active"): the ops
``gain_note`` and ``gain_wisdom`` of the original pack (The Lit Lane, OS-07, gains The
Lamplighter's Route; The Kite Returns, OS-06, gains The Kite's Lesson), kept by the
campaign when the Slumber or the Dream ends, used on the map, shown by ``campaign show``."""

from __future__ import annotations

import pytest

from oneiros.games.etherfields.campaign.document import Campaign
from oneiros.games.etherfields.campaign.sessions import next_snapshot, session_game
from oneiros.games.etherfields.game import EtherfieldsGame
from tests.etherfields.builder import play, run_effect
from tests.etherfields.campaign_scenarios import campaign, dream, world
from tests.etherfields.slumber_play import events
from tests.etherfields.test_campaign_slumber import to_the_ford

NOTE = "lamplighters-route"
WISDOM = "kites-lesson"


def _tile_at_the_ford(doc: Campaign, tile: str):
    """The Slumber Location's session from ``doc`` when the tile drawn is ``tile`` (the
    Dreamers enter on A1.1), played to its end."""
    game = session_game(doc)
    s = EtherfieldsGame(
        players=doc.players, options={**game.options, "scenario": f"slumber:{tile}"}
    )
    s = s.new_state(seed=0)
    for seat in range(doc.players):
        s.apply("space:A1.1", player=seat)
    assert s.is_terminal()
    return s


def test_the_lit_lane_gains_a_note_any_dreamer_then_uses_on_the_map():
    doc = to_the_ford(sealed={0: ["s01"], 1: ["s02"]})
    s = _tile_at_the_ford(doc, "OS-07")
    said = events(s, "note_gained")
    assert len(said) == 1 and said[0].data["card"] == NOTE
    assert said[0].rule.endswith('"Note Cards"')
    nxt = next_snapshot(doc, s)
    assert nxt.notes == [NOTE] and nxt.next == "dreamworld"
    leg = world(nxt)
    play(leg, "cards")
    legal = [a.id for a in leg.legal_actions(1)]
    assert f"use:1:note:{NOTE}:walk" in legal
    leg.apply(f"use:1:note:{NOTE}:walk", player=1)  # each Dreamer unseals 1 card
    assert [leg.doc["dreamers"][x]["sealed"] for x in (0, 1)] == [[], []]
    assert leg.doc["notes"] == [] and NOTE in leg.doc["removed"]  # one use


def test_a_note_is_found_once():
    # "Component Limitations": a Note the team holds, or has used up, is not gained again
    doc = to_the_ford()
    held = Campaign.model_validate(dict(doc.to_json(), notes=[NOTE]))
    assert not events(_tile_at_the_ford(held, "OS-07"), "note_gained")
    used = Campaign.model_validate(dict(doc.to_json(), removed=[NOTE]))
    s = _tile_at_the_ford(used, "OS-07")
    assert not events(s, "note_gained") and next_snapshot(used, s).notes == []


def test_the_kite_returns_gains_a_wisdom_card_with_the_unlock():
    from oneiros.games.etherfields.campaign import support

    doc = to_the_ford()
    s = _tile_at_the_ford(doc, "OS-06")
    said = events(s, "wisdom_gained")
    assert len(said) == 1 and said[0].data["card"] == WISDOM
    assert said[0].rule.endswith('"Wisdom Cards"')
    nxt = next_snapshot(doc, s)
    assert WISDOM in nxt.wisdom and "deliverance" in nxt.flags
    assert "The Kite's Lesson" in str(support.describe(nxt.to_json()))


def test_campaign_show_prints_the_wisdom_card_gained(tmp_path):
    pytest.importorskip("sqlalchemy")
    from oneiros.cli.campaign_store import CampaignStore
    from tests.cli.helpers import oneiros

    doc = to_the_ford()
    nxt = next_snapshot(doc, _tile_at_the_ford(doc, "OS-06"))
    url = f"sqlite:///{tmp_path / 'c.db'}"
    store = CampaignStore(url)
    store.create("kite", "etherfields", nxt.to_json())
    store.dispose()
    shown = oneiros(tmp_path, "campaign", "show", "kite", "--db", url)
    assert shown.returncode == 0, shown.stderr
    assert "The Kite's Lesson" in shown.stdout


def test_a_dream_gains_a_note_and_a_wisdom_card_for_the_campaign_not_at_a_death():
    doc = campaign(nxt="dream:OD-02X")
    s = dream(doc)
    run_effect(s, f"[gain_note('{NOTE}'), gain_wisdom('{WISDOM}')]")
    run_effect(s, "script(3)")  # the ferry casts off: victory
    nxt = next_snapshot(doc, s)
    assert NOTE in nxt.notes and WISDOM in nxt.wisdom
    died = dream(doc)
    run_effect(died, f"[gain_note('{NOTE}'), gain_wisdom('{WISDOM}')]")
    run_effect(died, "distress(8)")  # "Distress and Dying": the Dream's gains are lost
    lost = next_snapshot(doc, died)
    assert NOTE not in lost.notes and WISDOM not in lost.wisdom


def test_content_check_names_an_unknown_note_or_wisdom_card(tmp_path):
    """``content check``: a ``gain_note`` or ``gain_wisdom`` naming no card of the pack is an
    error naming the tile's entry and the id, with the known ones."""
    import shutil

    from oneiros.games.etherfields.pack import DEFAULT_PACK, PACK

    root = tmp_path / "pack"
    shutil.copytree(DEFAULT_PACK, root)
    tiles = root / "slumbers" / "cycle.toml"
    text = tiles.read_text("utf-8")
    text = text.replace(f"gain_note('{NOTE}')", "gain_note('lost-letter')")
    text = text.replace(f"gain_wisdom('{WISDOM}')", "gain_wisdom('kite-lore')")
    tiles.write_text(text, "utf-8")
    lines = [str(p) for p in PACK.check(root).errors]
    assert len(lines) == 2
    assert any(
        x.startswith("slumbers/cycle.toml: slumbers[")
        and "'lost-letter' names no note" in x
        and NOTE in x
        for x in lines
    )
    assert any("'kite-lore' names no wisdom" in x and WISDOM in x for x in lines)
