"""The third round of rulebook checks: each test forces the situation through the public
moves (forced draws and rolls) and is named after the rulebook section it checks."""

from __future__ import annotations

import pytest

from .helpers import give, legal, make_nightmare, new, play

EATEN_TURN = ("track:3-5-7", "draw:red", "draw:blue", "draw:blue", "return:blue", "return:blue")


@pytest.mark.parametrize("ruleset", ["en", "es"])
def test_how_to_win_every_player_eaten_nobody_wins(ruleset: str) -> None:
    """lucidity-en "How to win": "In the case that all players have become Nightmares or
    been eaten, the Nightmare with the most Power wins", and "Hunt row": "You are eliminated
    from the game". lucidity-es "Fin del juego": "gana la pesadilla con más poder". Both
    players fill their Hunt row: nobody is left to win."""
    s = new(2, ruleset=ruleset)
    give(s, 0, "hunt", "red:hunt", "red:hunt", "red:hunt")
    give(s, 0, "power", "green:power1", "green:power1")
    give(s, 1, "hunt", "red:hunt", "red:hunt", "red:hunt")
    play(s, *EATEN_TURN, "roll:hunt")
    assert s.seats[0].role == "eliminated" and not s.is_terminal()
    assert s.current == 1
    play(s, *EATEN_TURN, "roll:hunt")
    assert s.is_terminal()
    assert s.winners() == []
    assert s.end_reason() == "eliminated"
    assert s.stats()["end_reason"] == "eliminated"
    last = s.events()[-1]
    assert last.kind == "winners" and "Nobody wins" in last.text
    expected = 'lucidity-en "How to win"' if ruleset == "en" else 'lucidity-es "Fin del juego"'
    assert last.rule == expected
    assert s.game.rule_text(last.rule)


def test_how_to_win_a_nightmare_left_still_wins_over_the_eaten() -> None:
    """lucidity-en "How to win": with a Nightmare left, it wins even with less Power than
    an eaten player had (the eaten player's dreams are back in the bag)."""
    s = new(3)
    make_nightmare(s, 2, "yellow")
    give(s, 0, "hunt", "red:hunt", "red:hunt", "red:hunt")
    give(s, 0, "power", "green:power2", "green:power2")
    give(s, 1, "hunt", "red:hunt", "red:hunt", "red:hunt")
    play(s, *EATEN_TURN, "roll:hunt")
    play(s, *EATEN_TURN, "roll:hunt")
    assert s.is_terminal() and s.end_reason() == "nightmare"
    assert s.winners() == [2]


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
