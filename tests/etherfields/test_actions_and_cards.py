"""Scenarios from the rulebook's printed examples: performing actions, the Luck die,
drawing, reshuffling, sealing, the Clock (each test names its etherfields section)."""

from __future__ import annotations

import pytest

import oneiros
from oneiros.core.errors import IllegalAction

from .builder import event_kinds, hand, legal, play, position, run_effect

GEAR = dict(tiles=("OD-01 SETUP", "OD-01 T2", "OD-01 T4"), at=["B1.2"])


def test_performing_actions_example_one_colour_per_card_excess_lost_item_to_storage():
    """etherfields "Performing Actions": a 1 Wrath / 2 Awareness card paid as 2 Awareness
    and an Item with 2 Awareness pay a 3-Awareness action; 1 Awareness is lost, the Wrath is
    never credited, the Item goes to Storage and the card to the discard pile."""
    s = position(1, hands={0: ["s07", "s08"]}, **GEAR)
    play(s, "use:map:B1.2:gear")
    split = s.table.find("hand", "s07", 0)
    assert f"pay:{split}:awareness" in legal(s)
    assert f"pay:{split}:wrath" not in legal(s)  # a Wrath icon gives nothing to an Awareness cost
    play(s, f"pay:{split}:awareness", "pay-item:item.tin-lantern:awareness")
    assert s.team["gear"] == 1  # performed at 4 of 3: the excess is lost
    assert "OD-01 T4" in s.tiles and "map:B1.2:gear" in s.used
    assert s.table.faces_in("discard", 0) == ["s07"]
    assert "tin-lantern" in s.table.faces_in("storage")
    assert hand(s) == ["s08"]
    assert "use:map:B1.2:gear" not in legal(s)  # single use


def test_an_any_colour_cost_takes_one_colour_only():
    """etherfields "\\"/\\" Symbol": once a colour is paid the other is no longer offered."""
    s = position(1, hands={0: ["s06", "s05"]}, tiles=("OD-01 SETUP", "OD-01 T2"), at=["B2.3"])
    play(s, "use:map:B2.3:gate")
    assert any(a.startswith("pay:") and a.endswith(":wrath") for a in legal(s))
    assert not any(a.endswith(":cunning") for a in legal(s) if a.startswith("pay:"))


def test_skull_fails_the_action_cards_stay_discarded_then_ether_distress_or_seal():
    """etherfields "Luck Die — Boosting Your Intent": skull."""
    s = position(1, hands={0: ["s01"]}, ether=[1], **GEAR)
    play(s, "use:map:B1.2:gear")
    play(s, f"pay:{s.table.find('hand', 's01', 0)}:awareness", "boost")
    assert s.to_move() == (oneiros.CHANCE,)
    play(s, "luck:skull", "done")
    assert legal(s) == ["penalty:ether", "penalty:distress", "penalty:seal"]
    play(s, "penalty:seal")
    for _ in range(3):
        play(s, legal(s)[0])
    assert len(s.table.ids("sealed", 0)) == 3
    assert s.team["gear"] == 0 and s.table.faces_in("discard", 0) == ["s01"]
    assert "map:B1.2:gear" not in s.used  # the action was not performed


def test_blank_when_short_fails_and_two_when_two_short_succeeds():
    """etherfields "Luck Die — Boosting Your Intent": blank adds nothing; 2 adds 2."""
    s = position(1, hands={0: ["s01"]}, **GEAR)
    play(s, "use:map:B1.2:gear", f"pay:{s.table.find('hand', 's01', 0)}:awareness", "boost")
    play(s, "luck:blank", "done")
    assert "failed" in event_kinds(s) and s.team["gear"] == 0
    s = position(1, hands={0: ["s01"]}, **GEAR)
    play(s, "use:map:B1.2:gear", f"pay:{s.table.find('hand', 's01', 0)}:awareness", "boost")
    play(s, "luck:2", "done")
    assert s.team["gear"] == 1


def test_nothing_is_paid_after_the_roll_and_a_second_boost_is_refused():
    """etherfields "Luck Die — Boosting Your Intent": once per Turn, the last source."""
    s = position(1, hands={0: ["s01", "s04", "s06"]}, tiles=GEAR["tiles"], at=["B2.3"])
    play(s, "use:map:B2.3:gate", f"pay:{s.table.find('hand', 's06', 0)}:wrath")
    assert "OD-01 T4" in s.tiles  # paid in full: performed without a roll
    s = position(1, hands={0: ["s01", "s04"]}, **GEAR)
    play(
        s,
        "use:map:B1.2:gear",
        f"pay:{s.table.find('hand', 's01', 0)}:awareness",
        "boost",
        "luck:1",
        "done",  # the Dicer may hold Loaded Die: the reroll window asks
    )
    assert s.team["gear"] == 0  # 1 + 1 < 3: failed, and the Turn's boost is spent
    play(s, "use:map:B1.2:gear", f"pay:{s.table.find('hand', 's04', 0)}:awareness")
    assert "boost" not in legal(s)


def test_a_movement_boost_on_a_skull_does_not_move():
    """etherfields "Luck Die — Boosting Your Intent": "If roll was failed, the Dreamer does
    not Move at all."""
    s = position(1, hands={0: ["s02"]}, at=["A2.3"])
    play(
        s,
        "use:basic:move",
        f"pay:{s.table.find('hand', 's02', 0)}:cunning",
        "boost",
        "luck:skull",
        "done",
    )
    play(s, "penalty:distress")
    assert s.pos == ["A2.3"] and s.distress == [1]


def test_reshuffle_mid_draw_penalty_then_the_rest_of_the_draw():
    """etherfields "Reshuffle!": the deck runs out mid-draw: the discard pile becomes the
    deck, the penalty is chosen (Seal 3 from the new deck), then the draw goes on."""
    discards = ["s03", "s03", "s04", "s04", "s05", "s05", "s06", "s08"]
    s = position(1, decks={0: ["s01", "s02"]}, discards={0: discards}, phase="draw")
    play(s, "draw:s01", "draw:s02")
    assert s.to_move() == (0,) and legal(s) == ["penalty:distress", "penalty:seal"]
    assert s.table.count("deck", 0) == 8 and s.table.count("discard", 0) == 0
    play(s, "penalty:seal", "draw:s03", "draw:s04", "draw:s05")
    assert s.table.faces_in("sealed", 0)[-3:] == ["s03", "s04", "s05"]
    play(s, "draw:s06", "draw:s08")
    assert hand(s) == ["s01", "s02", "s06", "s08"] and s.distress == [0]


def test_an_empty_discard_pile_stops_the_draw_without_penalty():
    """etherfields "Reshuffle!" (design §6, reading 6)."""
    s = position(
        1, decks={0: ["s01"]}, hands={0: ["s02", "s03", "s04", "s05", "s06"]}, phase="draw"
    )
    play(s, "done")
    play(s, "draw:s01")
    assert s.flow.top.kind == "card_action" and s.distress == [0]


def test_hand_limit_and_drawing_bonus():
    """etherfields "Hand Size Limit", "Other Dreamscape Icons": 5 in hand draws 1; a +1
    Drawing Bonus does not raise the limit; discarding before the draw is offered."""
    tiles = ("OD-01 SETUP", "OD-01 T2", "OD-01 T3")
    s = position(
        1, tiles=tiles, at=["A1.2"], hands={0: ["s01", "s02", "s03", "s04", "s05"]}, phase="draw"
    )
    assert any(a.startswith("discard:") for a in legal(s)) and "done" in legal(s)
    play(s, "done")
    play(s, legal(s)[0])
    assert len(hand(s)) == 6 and s.flow.top.kind == "card_action"
    s = position(1, tiles=tiles, at=["A1.2"], hands={0: ["s01"]}, phase="draw")
    play(s, "done", *["draw:s02", "draw:s03", "draw:s04", "draw:s05", "draw:s06"])
    assert len(hand(s)) == 6  # 4 + 1 bonus, capped at the hand limit


def test_sealing_from_an_empty_deck_and_unsealing_order():
    """etherfields "Sealing and Unsealing Cards": an empty deck seals nothing and forces no
    reshuffle; Unseal takes the most recently sealed first, to the discard pile."""
    s = position(1, decks={0: []}, discards={0: ["s01"]})
    before = list(s.table.ids("sealed", 0))
    run_effect(s, "seal(2)")
    assert s.table.ids("sealed", 0) == before and s.table.faces_in("discard", 0) == ["s01"]
    assert s.flow.top.kind == "card_action" and "reshuffled" not in event_kinds(s)
    last, second = before[-1], before[-2]
    run_effect(s, "unseal(2)")
    assert s.table.ids("discard", 0)[-2:] == [last, second]
    assert s.table.ids("sealed", 0) == before[:-2]


def test_effort_is_once_per_turn_and_spends_an_hour():
    """etherfields "Basic Actions Card", "The Clock"."""
    s = position(1, hours=4, at=["A2.3"])
    play(s, "use:basic:effort")
    assert s.hours == 3 and s.flow.top.kind == "move"
    play(s, "step:n")
    assert s.pos == ["A2.1"] and "use:basic:effort" not in legal(s)


@pytest.mark.parametrize(("players", "hours"), [(1, 5), (2, 4), (3, 3), (4, 2)])
def test_starting_hours_by_player_count(players, hours):
    """etherfields "Game Setup" step 7, "The Clock"."""
    assert oneiros.make("etherfields", players=players).new_state(0).hours == hours


def test_an_illegal_payment_is_refused():
    s = position(1, hands={0: ["s01"]}, **GEAR)
    with pytest.raises(IllegalAction):
        s.apply("pay:0.s01.1:wrath")


def test_peek_is_seen_by_the_peeking_dreamer_only():
    """etherfields "Basic Actions Card" (Peek a Card; design §6, reading 19): discard 1
    card, peek at a Secret card with an Influence, Item, Flaw, Fate or Slumber back; the
    face reaches that Dreamer only and stays in their memory; once per Turn."""
    s = position(2, hands={0: ["s01", "s02"]})
    play(s, "use:basic:peek")
    assert legal(s) == [f"discard:{c}" for c in s.table.ids("hand", 0)]
    play(s, f"discard:{s.table.find('hand', 's01', 0)}")
    assert "target:secret:C" in legal(s) and "target:secret:A" not in legal(s)  # a plain back
    play(s, "target:secret:C")
    assert s.observation(0)["memory"] == [["OD-01 C", "c-wound-spring"]]
    assert s.observation(1)["memory"] == [] and s.observation(None)["memory"] == []
    assert all("c-wound-spring" not in str(e.data) for e in s.events(1))
    assert "OD-01 C" not in s.revealed and "use:basic:peek" not in legal(s)


def test_a_gem_rerolls_a_skull_boost():
    """etherfields "Rerolls": the Luck die rerolled with a Shining Gem; the last result
    applies."""
    s = position(1, hands={0: ["s01"]}, gems=[1], **GEAR)
    play(
        s,
        "use:map:B1.2:gear",
        f"pay:{s.table.find('hand', 's01', 0)}:awareness",
        "boost",
        "luck:skull",
    )
    assert legal(s) == ["reroll:gem", "use:back", "done"]  # the Dicer's back ("back.py")
    play(s, "reroll:gem", "luck:2", "done")
    assert s.team["gear"] == 1 and s.gems == [0] and s.table.amount("gems") == 8
