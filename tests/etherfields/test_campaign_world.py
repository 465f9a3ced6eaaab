"""The Dreamworld between Dreams: scenarios from the rulebook's sections, one per printed
rule or example (etherfields design P4, acceptance 1, 2, 4, 5, 6, 8)."""

from __future__ import annotations

from collections import Counter

import pytest

import oneiros
from tests.etherfields.builder import legal, play
from tests.etherfields.campaign_scenarios import campaign, holding, world


def kinds(s) -> list[str]:
    return [e.kind for e in s.events()]


def rules(s, kind: str) -> set[str]:
    return {e.rule for e in s.events() if e.kind == kind}


# -- "Dreamworld Map", "FAQ / Clarifications — World Map" -----------------------------------


def test_a_big_arrow_is_free_and_the_location_effect_resolves():
    s = world(campaign(location="lamp-row"))
    assert {"travel:key-well", "travel:bazaar"} <= set(legal(s))
    before = [len(holding(s, k)["deck"]) for k in (0, 1)]
    play(s, "travel:key-well")
    assert s.doc["location"] == "key-well"
    assert [len(holding(s, k)["deck"]) for k in (0, 1)] == before  # nothing Sealed
    assert s.doc["keys"] == 1  # The Key Well: the team gains 1 Key
    assert rules(s, "arrived") == {'etherfields "Dreamworld Map"'}


def test_a_shortcut_seals_one_card_per_dreamer():
    s = world(campaign(location="mist-ford"))
    assert "shortcut:bell-hill" in legal(s)
    play(s, "shortcut:bell-hill")
    assert s.to_move() == (oneiros.CHANCE,)  # the top card is unknown until sealed
    play(s, "seal:s01", "seal:s02")
    assert holding(s, 0)["sealed"] == ["s01"] and holding(s, 1)["sealed"] == ["s02"]
    assert s.doc["location"] == "bell-hill"
    assert s.doc["keys"] == 1


def test_the_team_never_relocates_to_where_it_stands():
    """ "FAQ / Clarifications — World Map": you must Relocate to a different Location (no
    arrow of the map returns to its own Location, content check refuses one)."""
    s = world(campaign(location="bazaar"))
    assert not [a for a in legal(s) if a.endswith(":bazaar")]


def test_a_session_resolves_at_most_session_limit_locations():
    s = world(campaign(location="wake"), session_limit=2)
    play(s, "travel:lamp-row", "travel:bazaar")
    options = legal(s)
    assert not [a for a in options if a.startswith(("travel:", "shortcut:"))]
    assert "save" in options and "shop" in options


# -- "Dream Gate Tiles" ---------------------------------------------------------------------


def test_a_gate_is_refused_with_too_few_keys_and_entered_with_enough():
    s = world(campaign(location="ferry-landing", keys=1))
    assert "enter:OD-02X" not in legal(s)
    s = world(campaign(location="ferry-landing", keys=3))
    play(s, "enter:OD-02X")
    assert s.is_terminal() and s.end_reason() == "dream:OD-02X"
    nxt = s.carry_over()
    assert nxt["keys"] == 1  # the Keys are spent on entering (design reading 13)
    assert nxt["next"] == "dream:OD-02X" and nxt["entry"] is not None


def test_a_gate_is_entered_only_at_its_district_location():
    s = world(campaign(location="bazaar", keys=3))
    assert not [a for a in legal(s) if a.startswith("enter:")]


# -- "Shopping", "Influence Market & Buying New Influence Cards" ----------------------------


def test_shopping_draw_three_buy_two_the_third_to_the_market_bottom():
    s = world(campaign(location="bazaar", ether=[3, 0]))
    market = Counter(s.doc["market"])
    play(s, "shop", "buy-cards", "draw:m01", "draw:m02", "draw:m04")
    assert set(legal(s)) == {"done", "buy:m01", "buy:m02", "buy:m04"}
    play(s, "buy:m01", "buy:m04")
    assert "buy:m02" not in legal(s)  # 0 Ether left
    play(s, "done")
    h = holding(s, 0)
    assert h["discard"][-2:] == ["m01", "m04"] and h["ether"] == 0
    assert Counter(s.doc["market"]) == market - Counter(["m01", "m04"])
    # Dreamer 1 buys nothing and gains 1 Ether; the Shopping card returns to the Secrets
    assert "buy-item" not in legal(s, 1)
    play(s, "none")
    assert holding(s, 1)["ether"] == 1
    assert s.doc["shopping"] is False and "shop" not in legal(s)
    assert 'etherfields "Shopping"' in rules(s, "shopping_card")


def test_drawing_and_buying_nothing_while_shopping_gains_one_ether():
    s = world(campaign(location="bazaar", ether=[0, 0]))
    play(s, "shop", "buy-cards", "draw:m01", "draw:m02", "draw:m03", "done", "none")
    assert [holding(s, k)["ether"] for k in (0, 1)] == [1, 1]


def test_an_item_costs_two_ether_and_fills_an_active_slot():
    s = world(campaign(location="bazaar", ether=[2, 1], item_market=["brass-key"]))
    play(s, "shop")
    assert "buy-item" in legal(s)
    play(s, "buy-item", "item:brass-key")
    # three Active Items already: one is discarded to make room ("Items")
    assert legal(s)[0].startswith("discard-item:")
    play(s, "discard-item:iron-poker")
    assert "brass-key" in s.doc["items"] and "iron-poker" in s.doc["storage"]
    assert holding(s, 0)["ether"] == 0
    assert "buy-item" not in legal(s, 1)  # 1 Ether is not enough


def test_without_the_shopping_card_there_is_no_shopping():
    s = world(campaign(location="bazaar", shopping=False, ether=[3, 3]))
    assert "shop" not in legal(s)


# -- "Influence Deck Card Limits (20-40)", "Awakening" -------------------------------------


def test_eighteen_available_cards_all_go_in():
    deck = ["s01"] * 18
    s = world(campaign(decks={0: deck}, phase="awaken"))
    h = holding(s, 0)
    assert len(h["deck"]) == 18 and h["aside"] == []
    # nothing to set aside: under 20, every card goes in (another Dreamer may be chosen)
    assert [a for a in legal(s) if not a.startswith("dreamer:")] == ["done"]


def test_forty_five_available_cards_give_forty_and_the_rest_set_aside():
    deck = ["s01"] * 20 + ["s02"] * 25
    s = world(campaign(decks={0: deck}, phase="awaken"))
    h = holding(s, 0)
    assert len(h["deck"]) == 40 and len(h["aside"]) == 5
    assert "done" in legal(s)
    assert not [a for a in legal(s) if a.startswith("include:")]  # at 40: none back in
    play(s, "aside:s01")
    assert len(holding(s, 0)["deck"]) == 39


def test_a_deck_of_twenty_sets_no_card_aside():
    deck = ["s01"] * 20 + ["s02"]
    s = world(campaign(decks={0: deck}, phase="awaken"))
    play(s, "aside:s02")
    assert len(holding(s, 0)["deck"]) == 20 and holding(s, 0)["aside"] == ["s02"]
    assert not [a for a in legal(s) if a.startswith("aside:")]
    assert "done" in legal(s)  # s02 was moved once this step: it stays in the box


def test_awakening_cures_unseals_and_loses_keys_gems_and_placed_progress():
    doc = campaign(
        location="bell-hill",
        keys=2,
        distress=[3, 1],
        gems=[2, 0],
        sealed={0: ["s01", "s02"]},
        progress={1: ["t1"]},
    )
    s = world(doc)
    play(s, "awaken")
    assert s.doc["location"] == "wake"
    h0, h1 = holding(s, 0), holding(s, 1)
    assert (h0["distress"], h0["gems"], h0["sealed"]) == (0, 0, [])
    assert h1["progress"] == [] and "t1" in h1["deck"]
    assert len(h0["deck"]) == 22 and s.doc["keys"] == 0
    assert 'etherfields "Awakening"' in rules(s, "awakening_reset")


# -- "Saving Your Game" ---------------------------------------------------------------------


def test_saving_one_buying_step_vouchers_then_awakening_steps_one_to_three():
    doc = campaign(
        location="lamp-row",
        ether=[2, 1],
        distress=[2, 0],
        keys=1,
        hands={0: ["s04"]},
        vouchers_left=1,
    )
    s = world(doc)
    play(s, "save")
    play(s, "buy-cards", "draw:m02", "draw:m03", "draw:m01", "buy:m02", "done")
    play(s, "buy-cards", "draw:m01", "draw:m03", "draw:m01", "done")  # 1 Ether: nothing bought
    assert s.is_terminal() and s.end_reason() == "saved"
    nxt = s.carry_over()
    h0, h1 = nxt["dreamers"]
    # Dreamer 0 spent 1 of 2 Ether and keeps the one voucher left; Dreamer 1's Ether is lost
    assert (h0["ether"], h0["vouchers"]) == (0, 1) and (h1["ether"], h1["vouchers"]) == (0, 0)
    assert nxt["vouchers_left"] == 0
    assert h0["distress"] == 0 and h0["hand"] == [] and "m02" in h0["aside"]
    assert nxt["keys"] == 0 and nxt["phase"] == "setup" and nxt["next"] == "dreamworld"
    assert 'etherfields "Saving Your Game"' in rules(s, "saved")


def test_the_next_evening_cashes_the_vouchers_and_builds_the_decks():
    doc = campaign(location="lamp-row", ether=[2, 0])
    s = world(doc)
    play(s, "save", "skip")  # Dreamer 1 has no Ether: nothing to decide
    from oneiros.games.etherfields.campaign.document import Campaign

    nxt = Campaign.model_validate(s.carry_over())
    s2 = world(nxt)
    assert holding(s2, 0)["ether"] == 1 and holding(s2, 0)["vouchers"] == 0
    assert s2.flow.top.kind == "deck_build"
    assert len(holding(s2, 0)["deck"]) == 22


@pytest.mark.parametrize("location", ["wake", "bazaar", "ferry-landing"])
def test_saving_is_offered_after_any_location_effect(location):
    assert "save" in legal(world(campaign(location=location)))


def test_a_player_changes_dreamer_while_awakening():
    """ "Awakening": during this resolution players may change their Dreamer."""
    s = world(campaign(location="bell-hill", sealed={0: ["s01"]}))
    assert not [a for a in legal(s) if a.startswith("dreamer:")]  # on the map: no
    play(s, "awaken")
    assert "dreamer:bruiser" in legal(s) and "dreamer:tinkerer" not in legal(s)
    play(s, "dreamer:bruiser")
    assert holding(s, 0)["dreamer"] == "bruiser" and len(holding(s, 0)["deck"]) == 22
    assert [h["dreamer"] for h in s.doc["benched"]] == ["dicer"]
    assert s.doc["benched"][0]["sealed"] == [] and "s01" in s.doc["benched"][0]["deck"]
    assert not [a for a in legal(s) if a.startswith("dreamer:")]  # once per deckbuilding
    play(s, "done", "done", "save")  # no Ether: no buying step to decide
    nxt = s.carry_over()
    assert [h["dreamer"] for h in nxt["dreamers"]] == ["bruiser", "tinkerer"]


def test_a_hand_is_seen_by_its_dreamer_only():
    s = world(campaign(hands={0: ["s04"]}))
    assert s.observation(0)["dreamers"][0]["hand_cards"] == ["s04"]
    assert s.observation(1)["dreamers"][0]["hand_cards"] is None
    assert s.observation(None)["dreamers"][0]["hand_cards"] is None
    assert s.observation(1)["dreamers"][0]["hand"] == 1
