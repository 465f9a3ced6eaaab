"""What a Dream's cards unlock for the rest of the campaign (etherfields "Slumber Entity
Tiles": Deliverance, "a mechanic unlocked later in the campaign"): ``unlock_deliverance``
resolved in a Dream is kept by the Dream and carried, at its end, into the campaign's
flags, as a Slumber's end carries it; the next Slumber offers ``deliver``."""

from __future__ import annotations

from oneiros.games.etherfields.campaign.document import Campaign
from oneiros.games.etherfields.campaign.sessions import next_snapshot, session_game
from tests.etherfields.builder import run_effect
from tests.etherfields.campaign_scenarios import campaign, dream
from tests.etherfields.slumber_play import drive, events

SECTION = '"Slumber Entity Tiles"'


def _next_slumber(doc: Campaign):
    """The Slumber Location's session from ``doc`` (the team at Mist Ford)."""
    doc = Campaign.model_validate(
        dict(doc.to_json(), next="slumber", location="mist-ford", phase="travel")
    )
    return session_game(doc).new_state(seed=0)


def test_deliverance_unlocked_in_a_dream_is_kept_by_the_campaign():
    doc = campaign(nxt="dream:OD-02X")
    assert "deliverance" not in doc.flags
    s = dream(doc)
    run_effect(s, "unlock_deliverance")
    said = events(s, "deliverance_unlocked")
    assert len(said) == 1 and said[0].rule.endswith(SECTION)
    run_effect(s, "unlock_deliverance")  # unlocked once: said once
    assert len(events(s, "deliverance_unlocked")) == 1
    run_effect(s, "script(3)")  # the ferry casts off: victory
    nxt = next_snapshot(doc, s)
    assert "deliverance" in nxt.flags
    slumber = _next_slumber(nxt)
    assert slumber.deliverance
    drive(slumber, "slumber_skip", {"slumber_draw": ["slumber:OS-04"]})
    if not slumber.minis:  # the Warden's Skip waits for its set-up
        slumber.apply("continue", player=slumber.first)
        drive(slumber, "slumber_skip")
    assert "deliver" in [a.id for a in slumber.legal_actions(slumber.first)]


def test_without_the_unlock_the_next_slumber_offers_no_deliverance():
    doc = campaign(nxt="dream:OD-02X")
    s = dream(doc)
    run_effect(s, "script(3)")
    nxt = next_snapshot(doc, s)
    assert "deliverance" not in nxt.flags
    slumber = _next_slumber(nxt)
    drive(slumber, "slumber_skip", {"slumber_draw": ["slumber:OS-04"]})
    assert "deliver" not in [a.id for a in slumber.legal_actions(slumber.first)]


def test_a_death_loses_the_unlock_as_it_loses_the_dream():
    # "Distress and Dying": a Death returns the team to what it held at the Gate, as a
    # Death in a Slumber does (campaign/slumber.py)
    doc = campaign(nxt="dream:OD-02X")
    s = dream(doc)
    run_effect(s, "unlock_deliverance")
    run_effect(s, "distress(8)")
    assert "deliverance" not in next_snapshot(doc, s).flags


def test_an_unlock_already_held_by_the_campaign_says_nothing_new():
    doc = Campaign.model_validate(
        dict(campaign(nxt="dream:OD-02X").to_json(), flags=["deliverance"])
    )
    s = dream(doc)
    run_effect(s, "unlock_deliverance")
    assert not events(s, "deliverance_unlocked")
    run_effect(s, "script(3)")
    assert next_snapshot(doc, s).flags == ["deliverance"]
