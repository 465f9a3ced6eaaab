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


MARK_TURN = ("track:3-5-7", "draw:bone", "draw:blue", "draw:blue", "return:blue", "return:blue")


def test_check_for_filled_rows_a_full_row_of_a_claimed_colour_does_not_fill() -> None:
    """lucidity-en "4. Check for Filled Rows": "You always become a Nightmare of the same
    colour shared by your most-filled Shadow row" (interpretation 2). Two green shadows
    landed before green was claimed; a Shadowmark then lowers the shadows needed to 2
    (de-lux booklet, "The Shadowmark"). The green row is full, but green is claimed and no
    unclaimed row is full: the player stays a dreamer (it is not made the Nightmare of a
    colour it has no shadow of)."""
    s = new(3, bone_hunters=1)
    make_nightmare(s, 1, "green")
    give(s, 0, "shadow_green", "green:shadow", "green:shadow")
    give(s, 0, "shadow_red", "red:shadow")
    play(s, *MARK_TURN, "roll:shadowmark")
    assert s.shadow_needed(0) == 2
    assert s.seats[0].role == "dreamer"
    assert s.decision().kind == "rest_or_draw" and s.to_move() == (0,)
    assert not [e for e in s.events() if e.kind == "became_nightmare"]


def test_check_for_filled_rows_the_most_filled_full_unclaimed_row_decides() -> None:
    """lucidity-en "4. Check for Filled Rows" (interpretation 2): with a full row of a
    claimed colour (green, 3) and full unclaimed rows (red and blue, 2 each, 2 needed), the
    dreamer chooses between the tied unclaimed colours only."""
    s = new(3, bone_hunters=1)
    make_nightmare(s, 1, "green")
    give(s, 0, "shadow_green", "green:shadow", "green:shadow", "green:shadow")
    give(s, 0, "shadow_red", "red:shadow", "red:shadow")
    give(s, 0, "shadow_blue", "blue:shadow", "blue:shadow")
    give(s, 0, "shadow_yellow", "yellow:shadow")
    play(s, *MARK_TURN, "roll:shadowmark")
    assert s.decision().kind == "become_nightmare"
    assert legal(s) == ["become:blue", "become:red"]
    play(s, "become:red")
    assert s.seats[0].role == "nightmare" and s.seats[0].colour == "red"


def test_es_compruebe_las_filas_llenas_no_two_nightmares_of_one_colour() -> None:
    """lucidity-es "4. Compruebe las filas llenas" and "Habilidades de pesadilla": "nunca
    puede haber dos Pesadillas del mismo color". The Nightmare of Temptation (green, takes
    only 1-Power results) lets a third green shadow land; green is claimed and no other row
    is full, so the dreamer stays a dreamer and rests."""
    s = new(3, ruleset="es", temptation="envy")
    make_nightmare(s, 1, "green")
    give(s, 0, "shadow_green", "green:shadow", "green:shadow")
    give(s, 0, "shadow_red", "red:shadow")
    play(s, "track:3-5-7", "draw:green", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:shadow")  # Envy's shadow lands: Temptation does not take shadows
    assert len(s.seats[0].shadow["green"]) == 3
    assert s.to_move() == (1,)  # the next player chooses for Envy
    play(s, "pick:shadow_red:red:shadow", "roll:power1")  # the red shadow is rerolled
    assert s.seats[0].shadow["red"] == [] and len(s.seats[0].shadow["green"]) == 3
    assert s.seats[0].role == "dreamer"
    assert s.decision().kind == "rest_or_draw"
