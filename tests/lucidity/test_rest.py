"""lucidity-en "5. Rest or Draw Again" (lucidity-es "5. Descanse o vuelva a soñar"): one shadow
dream or all exhaust dreams go back, or the next stage of the same track."""

from __future__ import annotations

import pytest

from .helpers import (
    give,
    legal,
    new,
    play,
    rules_of,
)


def test_rest_choices_and_must_rest_at_end_of_track():
    """lucidity-en "5. Rest or Draw Again": return one shadow dream or all exhaust; at the
    end of the track the dreamer must rest."""
    s = new(3)
    play(s, "track:3-5-7", "draw:yellow", "draw:green", "draw:blue", "return:green", "return:blue")
    play(s, "roll:power1", "draw_again")
    play(
        s,
        *["draw:red"] * 5,
        "return:red",
        "return:red",
        "roll:power1",
        "roll:power1",
        "roll:power1",
    )
    play(s, "draw_again")
    play(s, *["draw:green"] * 7, *["return:green"] * 2, *["roll:power1"] * 5)
    assert legal(s) == ["rest:none"]
    play(s, "rest:none")
    assert s.current == 1


def test_en_rest_or_draw_again_the_marker_moves_along_the_same_track():
    """lucidity-en "5. Rest or Draw Again": "Increase your sleep marker by 1 stage"; "You
    cannot change paths"; "Once you cannot increase your sleep marker, you must ... rest"."""
    s = new(3)
    play(s, "track:4-6-8", "draw:blue", "draw:blue", "draw:green", "draw:red")
    play(s, "return:blue", "return:blue", "roll:power1", "roll:power1")
    assert s.seats[0].control == 4 and "draw_again" in legal(s)
    play(s, "draw_again")
    assert s.seats[0].control == 6
    play(s, *["draw:yellow"] * 6, "return:yellow", "return:yellow", *["roll:power1"] * 4)
    if s.decision().kind == "resolve":
        play(s, "resolve:power")
    assert "draw_again" in legal(s)
    play(s, "draw_again")
    assert s.seats[0].control == 8 and s.seats[0].track == "4-6-8"
    assert len(s.hand) == 0 and s.decision().kind == "draw"


def test_es_descanse_o_vuelva_a_sonar_a_turned_exhaust_dream_in_the_hunt_row_is_one_shadow_dream():
    """lucidity-es "5. Descanse o vuelva a soñar" with "Sombra del miedo primigenio": a turned
    exhaust dream moved to the Hunt row ("No gire el sueño") still shows its shadow side, so
    a rest that returns one shadow dream may return it, like a moved shadow."""
    s = new(3, ruleset="es")
    give(s, 0, "exhaust", "yellow:exhaust:rotated")
    play(s, "track:3-5-7", "draw:red", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:shadow", "fear:rotated:yellow")
    assert "rest:hunt:yellow" in legal(s)
    play(s, "rest:hunt:yellow")
    assert s.seats[0].hunt == [] and s.bag["yellow"] == 20
    ev = s.events()[-3:]
    assert any(e.kind == "rest" and e.data["n"] == 1 for e in ev)


@pytest.mark.parametrize("ruleset", ["en", "es"])
def test_rest_or_draw_again_all_exhaust_dreams_with_none_returns_nothing(ruleset: str) -> None:
    """lucidity-en "5. Rest or Draw Again": "Return either: 1 shadow dream; or all exhaust
    dreams" (lucidity-es "5. Descanse o vuelva a soñar": "uno o todos"). With shadows and
    no exhaust dream the dreamer may still choose all (none) of its exhaust dreams, keeping
    every shadow: the rest that returns nothing (``rest:none``)."""
    s = new(3, ruleset=ruleset)
    give(s, 0, "shadow_blue", "blue:shadow", "blue:shadow")
    give(s, 0, "shadow_red", "red:shadow")
    play(s, "track:3-5-7", "draw:green", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:power1")
    assert legal(s) == ["rest:none", "rest:shadow:blue", "rest:shadow:red", "draw_again"]
    bag = dict(s.bag)
    play(s, "rest:none")
    assert s.bag == bag  # nothing went back
    assert len(s.seats[0].shadow["blue"]) == 2 and len(s.seats[0].shadow["red"]) == 1
    rest = [e for e in s.events() if e.kind == "rest"][-1]
    assert rest.data["n"] == 0
    assert rest.rule == (
        'lucidity-en "5. Rest or Draw Again"'
        if ruleset == "en"
        else 'lucidity-es "5. Descanse o vuelva a soñar"'
    )
    assert s.current == 1


def test_rest_or_draw_again_only_turned_exhaust_dreams_the_empty_all_exhaust_rest() -> None:
    """lucidity-en "5. Rest or Draw Again": an exhaust dream turned to its shadow side by
    Imprisonment is "more difficult to clear": "all exhaust dreams" leaves it, so with only
    turned ones that rest returns nothing; returning the turned one is the "1 shadow dream"
    rest."""
    s = new(3)
    give(s, 0, "exhaust", "red:exhaust:rotated")
    play(s, "track:3-5-7", "draw:green", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:power1")
    assert legal(s) == ["rest:none", "rest:rotated:red", "draw_again"]
    play(s, "rest:none")
    assert len(s.seats[0].exhaust) == 1


def test_es_descanse_o_vuelva_a_sonar_rest_returns_one_shadow_or_all_exhaust():
    """lucidity-es "5. Descanse o vuelva a soñar": rest by returning one shadow dream or all
    exhaust dreams, or dream again further along the same track."""
    s = new(3, ruleset="es")
    give(s, 0, "exhaust", "red:exhaust")
    give(s, 0, "shadow_blue", "blue:shadow", "blue:shadow")
    play(s, "track:3-5-7", "draw:yellow", "draw:red", "draw:red", "return:red", "return:red")
    play(s, "roll:exhaust")
    assert legal(s) == ["rest:exhaust", "rest:shadow:blue", "draw_again"]
    play(s, "rest:exhaust")
    assert s.seats[0].exhaust == [] and len(s.seats[0].shadow["blue"]) == 2
    assert 'lucidity-es "5. Descanse o vuelva a soñar"' in rules_of(s.events())
