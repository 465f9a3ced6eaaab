"""lucidity-en "Turn Order" and "1. Set Level of Control" (lucidity-es "Orden de turno
(soñador)", "1. Elija una pista de sueño"): a dreamer's turn, from the sleep track to the
end of its stages (``steps/turn.py``)."""

from __future__ import annotations

from .builder import scenario
from .helpers import chance_ids, check_invariants, legal, new, play, rules_of


def test_example_turn_vanessa():
    """lucidity-en "Example Turn": control 3, rests? no: draws again at 5, a Depths shadow
    draws a red 2-power, then she rests by returning her exhaust dreams."""
    s = new(3)
    play(s, "track:3-5-7")
    assert s.decision().kind == "draw"
    play(s, "draw:yellow", "draw:blue", "draw:blue")
    assert legal(s) == ["return:blue", "return:yellow"]
    play(s, "return:blue", "return:blue")
    assert chance_ids(s) == ["roll:power1", "roll:shadow", "roll:exhaust"]  # the yellow die
    play(s, "roll:exhaust")
    assert [d[1] for d in s.seats[0].exhaust] == ["exhaust"]
    assert "draw_again" in legal(s)
    play(s, "draw_again")
    assert s.seats[0].control == 5
    play(s, "draw:green", "draw:green", "draw:blue", "draw:blue", "draw:blue")
    play(s, "return:green", "return:blue")
    # rolls the last drawn first: blue, blue, green
    play(s, "roll:power1", "roll:shadow", "roll:power1")
    # the Power dreams resolve first, then the shadow
    assert sorted(d[0] for d in s.seats[0].power) == ["blue", "green"]
    play(s, "resolve:shadow:blue")
    assert s.decision().rule == 'lucidity-en "Shadow of the Depths"'
    play(s, "draw:red", "roll:power2")
    assert s.power_of(0) == 4
    assert legal(s) == ["rest:exhaust", "rest:shadow:blue", "draw_again"]
    play(s, "rest:exhaust")
    assert s.seats[0].exhaust == []
    assert len(s.seats[0].shadow["blue"]) == 1
    assert s.current == 1 and s.decision().kind == "choose_track"
    assert 'lucidity-en "Shadow of the Depths"' in rules_of(s.events())


def test_set_level_of_control_tracks():
    """lucidity-en "1. Set Level of Control": three tracks, the marker moves along one."""
    s = new(3)
    assert legal(s) == ["track:3-5-7", "track:4-6-8", "track:5-7-9"]
    play(s, "track:5-7-9")
    play(s, *["draw:green"] * 5)
    assert s.decision().kind == "return" and len(s.hand) == 5


def _short_turn(s):
    """The current dreamer draws three, returns two, rolls 1 Power and rests."""
    play(s, "track:3-5-7", "draw:yellow", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:power1")
    play(s, next(a for a in legal(s) if a.startswith("rest:")))


def test_turn_order_the_next_seat_still_in_the_game_plays():
    """lucidity-en "Turn Order": play passes clockwise; an eaten player takes no turn."""
    s = scenario(4, eliminated=[1], turn=0)
    _short_turn(s)
    assert s.current == 2 and s.to_move() == (2,) and s.decision().kind == "choose_track"
    check_invariants(s)


def test_turn_order_a_nightmare_plays_its_own_turn():
    """lucidity-en "Turn Order (Nightmare)": a Nightmare's turn is consume or send minions,
    no sleep track."""
    s = scenario(3, nightmares={1: "green"}, rows={0: {"power": ["green:power1"]}}, turn=0)
    _short_turn(s)
    assert s.current == 1 and s.decision().kind == "nightmare_turn"
    assert legal(s) == ["consume:seat0:power1", "minions"]
    assert s.decision().rule == 'lucidity-en "Turn Order (Nightmare)"'
