"""The heuristic's answers to the part-2 windows and choices (``windows.py``): positions
stated with the scenario builder where the first legal action is clearly wrong, chance
forced by id."""

from __future__ import annotations

import random

from oneiros.games.etherfields.heuristic import greedy_policy

from .builder import ALL_TILES, legal, play, position


def bot(s, seat: int = 0) -> str:
    return s.game.heuristic_policy()(s, seat, random.Random(0)).id


def _card(s, face: str, seat: int = 0) -> str:
    return s.table.find("hand", face, seat)


def test_a_rapid_move_takes_the_dreamer_out_of_reach_before_the_basic_step():
    """etherfields "Influence Cards" (Rapid, "during the Dreamscape Phase"): the moth next
    to the Drifter would bring 1 Distress at the Basic step; the bot plays Slip Away (Seal
    it: Move 2 spaces), walks out of range 1 and suffers nothing."""
    s = position(
        1,
        options={"dreamers": "drifter"},
        hands={0: ["r3"]},
        at=["B2.3"],
        entities=[("rust-moth", "B2.4")],
        turn="T-02",  # basic, movement
        phase="dreamscape",
    )
    r3 = _card(s, "r3")
    assert s.flow.top.kind == "rapid_window" and legal(s) == [f"play:{r3}", "done"]
    assert greedy_policy(s, 0, random.Random(0)).id == "done"  # the part-1 answer
    assert bot(s) == f"play:{r3}"
    play(s, f"play:{r3}")
    while s.flow.top.kind == "move":
        play(s, bot(s))
    assert s.pos[0] not in s.board().within("B2.4", 1)
    while s.flow.top.kind == "rapid_window":
        play(s, bot(s))
    assert s.distress == [0]


def test_no_rapid_card_is_sealed_when_the_step_hurts_nobody():
    """The same Drifter with the moth far away: Slip Away is the first legal action, but
    Sealing it would only shrink the deck; the bot lets the step come."""
    s = position(
        1,
        options={"dreamers": "drifter"},
        hands={0: ["r3"]},
        at=["A2.3"],
        entities=[("rust-moth", "B2.2")],
        turn="T-02",
        phase="dreamscape",
    )
    assert legal(s)[0].startswith("play:") and bot(s) == "done"


def test_a_cure_card_is_played_before_the_step_that_would_bring_the_8th_distress():
    """etherfields "Distress and Dying": the Bruiser at 7 Distress stands by a moth before
    the Basic step (1 Distress): Grit (Seal it: remove 1 Distress) saves the Dream."""
    s = position(
        1,
        options={"dreamers": "bruiser"},
        hands={0: ["b3"]},
        distress=[7],
        at=["B2.4"],
        entities=[("rust-moth", "B2.4")],
        turn="T-02",
        phase="dreamscape",
    )
    assert greedy_policy(s, 0, random.Random(0)).id == "done"
    play(s, bot(s))
    assert s.distress == [6]
    play(s, bot(s))  # the window again: nothing left to play
    assert s.distress == [7] and not s.is_terminal()


def test_a_free_cure_mask_is_worn_out_in_the_card_and_action_step():
    """etherfields "Masks" ("may be used at any time"): Mist Veil removes 1 Distress once
    per Turn for free; with 2 Distress the bot uses it, where the part-1 bot passed."""
    s = position(1, options={"dreamers": "drifter", "masks": "mist-veil"}, distress=[2])
    assert "use:mask" in legal(s)
    assert bot(s) == "use:mask"
    play(s, "use:mask")
    assert s.distress == [1]


def test_another_dreamer_completes_a_gradual_marker_in_the_payment_window():
    """etherfields "Gradual Actions" ("Any Intent marker placed on an action is considered
    to be yours"): Dreamer 0 winds the clock (3 Cunning a Dreamer) with 2 Cunning; Dreamer 1
    adds Sidelong Glance (1 Cunning) to complete the marker, where ``done`` came first."""
    s = position(
        2,
        tiles=ALL_TILES,
        at=["C1.2", "C1.2"],
        hands={0: ["s05"], 1: ["s02", "s04"]},
        flags=["gears"],
    )
    play(s, "use:map:C1.2:wind", seat=0)
    play(s, f"pay:{_card(s, 's05')}:cunning")
    assert s.flow.top.kind == "payment_window" and legal(s, 1)[0] == "done"
    assert bot(s, 1) == f"pay:{_card(s, 's02', 1)}:cunning"


def test_the_assault_target_is_the_moth_next_to_the_dreamers():
    """etherfields "Multiple Choices", "Assault / Contact Actions": of two moths in range,
    the one on Dreamer 1's space is removed, not the one listed first (beside Dreamer 0
    only)."""
    s = position(
        2,
        at=["B2.3", "B2.4"],
        hands={0: ["s06", "s03"]},
        entities=[("rust-moth", "B2.1"), ("rust-moth", "B2.4")],
        turn="T-02",
    )
    dist = s.board().distances("B2.4")
    assert dist["B2.1"] > 1 and s.board().distances("B2.3")["B2.1"] == 1
    play(s, "use:entity:rust-moth.2:swat", seat=0)
    play(s, f"pay:{_card(s, 's06')}:wrath")
    while s.flow.top.kind == "payment_window":
        play(s, "done", seat=1)
    play(s, f"pay:{_card(s, 's03')}:wrath", "resolve")
    assert s.flow.top.kind == "choose_entity"
    assert legal(s)[0] == "target:entity:rust-moth.1"
    assert bot(s) == "target:entity:rust-moth.2"


def test_a_penalty_never_brings_the_8th_distress():
    """etherfields "Luck Die — Boosting Your Intent" (on a skull: suffer 1 Distress or Seal
    3 cards): at 7 Distress with 10 cards in the deck the part-1 rule chose Distress and
    lost the Dream; the bot Seals, which leaves enough cards."""
    small = ["s01", "s02", "s03", "s04", "s05", "s07", "s08", "s09", "s01", "s02"]
    s = position(
        1,
        hands={0: ["s06"]},
        decks={0: small},
        distress=[7],
        at=["B2.3"],
        entities=[("rust-moth", "B2.4")],
    )
    play(s, "use:entity:rust-moth.1:swat", f"pay:{_card(s, 's06')}:wrath", "boost", "luck:skull")
    if s.flow.top.kind == "reroll_window":  # the Dicer's back-of-card reroll: not taken
        play(s, "done")
    assert s.flow.top.kind == "skull_penalty"
    assert greedy_policy(s, 0, random.Random(0)).id == "penalty:distress"
    assert bot(s) == "penalty:seal"


def test_a_forced_discard_keeps_the_card_that_pays_for_the_goal():
    """ "Hand Size Limit" and discard effects: Dreamer 0 stands on the hedge gear (3
    Awareness) with Wide Eyes (3 Awareness) first in hand and a Clenched Fist: a discard
    takes the Fist, not the first card."""
    s = position(
        1,
        hands={0: ["s08", "s03"]},
        tiles=("OD-01 SETUP", "OD-01 T2", "OD-01 T4"),
        at=["B1.2"],
    )
    from .builder import run_effect

    run_effect(s, "discard(1)")
    assert s.flow.top.kind == "discard_effect"
    assert legal(s)[0] == f"discard:{_card(s, 's08')}"
    assert bot(s) == f"discard:{_card(s, 's03')}"


def test_a_restored_item_with_an_ability_stays_and_a_plain_one_goes():
    """etherfields "Items" (Restore with every slot full: "discard one of your other active
    Items or the Item you just drew back into the Storage"): the Sleep Salts (remove 1
    Distress) come back to a Dreamer with 3 Distress; sending them back is the first legal
    action, the bot discards an Active Item with Intent only."""
    s = position(1, hands={0: ["m-rummage", "s05"]}, storage=["sleep-salts"], distress=[3])
    card = s.table.find("hand", "m-rummage", 0)
    play(s, f"play:{card}", f"pay:{s.table.find('hand', 's05', 0)}:cunning", "item:sleep-salts")
    assert s.flow.top.kind == "item_slot_choice"
    assert legal(s)[0] == "discard:item.sleep-salts"
    choice = bot(s)
    assert choice in ("discard:item.tin-lantern", "discard:item.iron-poker")
    play(s, choice)
    assert "sleep-salts" in s.table.faces_in("items")
