"""lucidity-en "Setting Up" (lucidity-es "Preparar"), the de-lux "Replacement Dice" and
"Dreamscapes Expansion": what is set before the first turn (``steps/setup.py``)."""

from __future__ import annotations

import oneiros

from .builder import set_eliminated
from .helpers import (
    chance_ids,
    check_invariants,
    draw_keep_one,
    give,
    legal,
    new,
    play,
)


def rest_now(s):
    draw_keep_one(s, "yellow", "roll:power1")
    rests = [a for a in legal(s) if a.startswith("rest:")]
    play(s, rests[0])


def test_dreamscape_power_goal_is_named_in_the_power_victory_event():
    """lucidity-en "Dreamscapes Expansion" with "Power Victory": the event states the goal
    of the Dreamscape (12 with Shallow Sleep), not 15."""
    s = new(3, dreamscapes=True)
    play(s, "dreamscape:d02")
    give(s, 0, "power", *["red:power2"] * 6)  # 12
    draw_keep_one(s, "green", "roll:exhaust", "rest:exhaust")
    ev = [e for e in s.events() if e.kind == "power_victory"][-1]
    assert "12 Power" in ev.text and "15" not in ev.text


def test_en_setting_up_80_dreams_named_first_player_clockwise():
    """lucidity-en "Setting Up": the 80 dreams (20 of each colour) go into the bag; the
    first player goes first and play continues clockwise (an eaten seat is skipped)."""
    s = new(4, first_player="2")
    assert s.bag == {"blue": 20, "green": 20, "yellow": 20, "red": 20, "bone": 0}
    assert s.current == 2 and s.to_move() == (2,)
    set_eliminated(s, 3)
    draw_keep_one(s, "green", "roll:exhaust", "rest:exhaust")
    assert s.current == 0


def test_dreamscape_is_drawn_at_the_start_and_changes_a_rule():
    s = new(3, dreamscapes=True)
    assert s.is_chance() and len(chance_ids(s)) == 10
    play(s, "dreamscape:d03")  # Hungry Dark: 3 hunt dreams eat you
    assert s.dreamscape == "d03" and s.to_move() == (0,)
    give(s, 0, "hunt", "red:hunt", "red:hunt")
    draw_keep_one(s, "red", "roll:hunt")
    assert s.seats[0].role == "eliminated"


def test_dreamscape_power_goal_and_tight_grip():
    s = new(3, dreamscapes=True)
    play(s, "dreamscape:d02")  # Shallow Sleep: 12 Power
    give(s, 0, "power", *["red:power2"] * 6)
    rest_now(s)
    assert s.final_turns == (1, 2)
    s = new(3, dreamscapes=True)
    play(s, "dreamscape:d09", "track:3-5-7", "draw:red", "draw:blue", "draw:blue", "return:blue")
    assert s.is_chance() and s.decision().kind == "roll" and len(s.hand) == 2


def test_dreamscape_short_night_one_draw_again_only():
    s = new(3, dreamscapes=True)
    play(s, "dreamscape:d10", "track:3-5-7", "draw:green", "draw:blue", "draw:blue", "return:blue")
    play(s, "return:blue", "roll:power1", "draw_again")
    play(
        s,
        *["draw:green"] * 5,
        "return:green",
        "return:green",
        "roll:power1",
        "roll:power1",
        "roll:power1",
    )
    assert "draw_again" not in legal(s)


def test_replacement_dice_make_an_88_dream_bag():
    """lucidity-en "Replacement Dice": 88 dreams."""
    s = new(4, replacement_dice=True)
    assert sum(s.bag.values()) == 88
    check_invariants(s)


def test_random_first_player_is_a_chance_decision():
    s = oneiros.make("lucidity", players=3).new_state(seed=1)
    assert chance_ids(s) == ["first:0", "first:1", "first:2"]
    s.apply("first:2")
    assert s.to_move() == (2,)
