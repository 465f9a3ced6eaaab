"""A Nightmare's turn: lucidity-en "Turn Order (Nightmare)", "Consume Power", "Send Minions"
(lucidity-es "Orden de turno (Pesadilla)"; ``steps/nightmare.py``)."""

from __future__ import annotations

from .builder import set_nightmare, start_turn
from .helpers import (
    empty_bag_but,
    give,
    legal,
    make_nightmare,
    new,
    nightmare_turn,
    play,
    rules_of,
)


def test_consume_power_takes_a_dream_of_the_nightmare_colour():
    """lucidity-en "Consume Power": from any player, a dream of your colour."""
    s = new(3)
    set_nightmare(s, 0, "green")
    start_turn(s, 0)
    assert legal(s) == ["minions"]
    s = new(3)
    set_nightmare(s, 0, "green")
    give(s, 1, "power", "green:power1", "red:power2")
    give(s, 2, "power", "green:power2")
    start_turn(s, 0)
    assert legal(s) == ["consume:seat1:power1", "consume:seat2:power2", "minions"]
    play(s, "consume:seat2:power2")
    assert s.power_of(0) == 2 and s.power_of(2) == 0 and s.current == 1


def test_send_minions_draw_two_return_one_dreamer_rolls():
    """lucidity-en "Send Minions": draw 2, return 1, a dreamer rolls and resolves the other."""
    s = new(3)
    set_nightmare(s, 0, "green")
    start_turn(s, 0)
    bag = dict(s.bag)
    play(s, "minions", "draw:red", "draw:blue", "minion:red")
    assert legal(s) == ["target:seat1", "target:seat2"]
    play(s, "target:seat2", "roll:hunt")
    assert [d[0] for d in s.seats[2].hunt] == ["red"]
    assert s.bag["blue"] == bag["blue"] and s.bag["red"] == bag["red"] - 1
    assert s.current == 1


def test_minion_can_eat_the_last_dreamer_nightmare_victory():
    """lucidity-en "Nightmare Victory": no dreamers left, the game ends at once."""
    s = new(2)
    set_nightmare(s, 0, "green")
    give(s, 0, "power", "green:power1")
    give(s, 1, "hunt", "red:hunt", "red:hunt", "red:hunt")
    give(s, 1, "power", "blue:power1", "blue:power1")
    start_turn(s, 0)
    play(s, "minions", "draw:red", "draw:red", "minion:red", "target:seat1", "roll:hunt")
    assert s.is_terminal() and s.end_reason() == "nightmare"
    assert s.winners() == [0] and s.scores() == [1.0, 0.0]


def test_en_consume_power_from_another_nightmare():
    """lucidity-en "Consume Power": "drain the power from another player (Nightmare or
    dreamer)": a dream of your colour from another Nightmare's Power row."""
    s = new(3)
    set_nightmare(s, 0, "green")
    set_nightmare(s, 1, "blue")
    give(s, 1, "power", "green:power1", "blue:power1")
    start_turn(s, 0)
    assert "consume:seat1:power1" in legal(s)
    play(s, "consume:seat1:power1")
    assert s.power_of(0) == 1 and s.power_of(1) == 1
    assert [d[0] for d in s.seats[1].power] == ["blue"]
    assert 'lucidity-en "Consume Power"' in rules_of(s.events())


def test_en_send_minions_the_minion_is_rolled_under_send_minions():
    """lucidity-en "Send Minions": "That dreamer must roll and resolve that dream": the roll
    of a minion cites "Send Minions"."""
    s = new(3)
    make_nightmare(s, 1, "green")
    nightmare_turn(s, 1, advance=True)
    play(s, "minions", "draw:blue", "draw:red", "minion:red", "target:seat2")
    ref = 'lucidity-en "Send Minions"'
    assert s.decision().kind == "roll" and s.decision().rule == ref
    ev = s.apply("roll:power1")
    assert [e.rule for e in ev if e.kind == "rolled"] == [ref]


def test_bone_hunters_expansion_two_bone_hunters_drawn_as_minions_go_back():
    """lucidity-en "Bone Hunters Expansion" ("never given as minions"): both drawn dreams
    are Bone Hunters, they go back to the bag, citing the expansion."""
    s = new(3, bone_hunters=2)
    make_nightmare(s, 0, "green")
    nightmare_turn(s, 0)
    play(s, "minions", "draw:bone", "draw:bone")
    assert s.bag["bone"] == 2 and s.current == 1
    assert 'lucidity-en "Bone Hunters Expansion"' in rules_of(s.events())


def test_en_turn_order_nightmare_empty_bag_nothing_to_consume_interpretation():
    """lucidity-en "Turn Order (Nightmare)" with "Dream Victory" (interpretation, see the
    docs): a Nightmare with nothing to consume and an empty bag passes; the next draw from
    the empty bag ends the game."""
    s = new(3)
    make_nightmare(s, 0, "green")
    empty_bag_but(s, {})
    nightmare_turn(s, 0)
    s._advance()
    assert s.current == 1 and s.decision().kind == "choose_track"
    play(s, "track:3-5-7")
    assert s.end_reason() == "dream"
