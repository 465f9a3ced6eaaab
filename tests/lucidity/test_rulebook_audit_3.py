"""The third round of rulebook checks: each test forces the situation through the public
moves (forced draws and rolls) and is named after the rulebook section it checks."""

from __future__ import annotations

import pytest

from .helpers import empty_bag_but, give, legal, make_nightmare, new, play

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
    play(s, "pick:seat0:shadow_red:red:shadow", "roll:power1")  # the red shadow is rerolled
    assert s.seats[0].shadow["red"] == [] and len(s.seats[0].shadow["green"]) == 3
    assert s.seats[0].role == "dreamer"
    assert s.decision().kind == "rest_or_draw"


def _tied_at_the_end(ruleset: str):  # type: ignore[no-untyped-def]
    """Two players at 2 Power with two dreams on the card each; the bag is empty, so the
    first draw ends the game (en "Dream Victory"; es "Fin del juego")."""
    s = new(2, ruleset=ruleset)
    give(s, 0, "power", "red:power2")
    give(s, 0, "hunt", "red:hunt")
    give(s, 1, "power", "blue:power1", "blue:power1")
    empty_bag_but(s, {})
    play(s, "track:3-5-7")
    return s


def test_the_winner_a_roll_off_that_ties_again_is_rolled_off_again() -> None:
    """lucidity-en "The Winner": "tying players roll every dream on their card and the
    player who rolls the most Power wins". A roll-off that ties again is no shared win: the
    still-tied players roll off again."""
    s = _tied_at_the_end("en")
    assert s.decision().kind == "roll" and s.decision().data["colour"] == "red"
    play(s, "roll:power1", "roll:hunt", "roll:power1", "roll:shadow")  # 1 against 1
    assert not s.is_terminal() and s.winners() == []
    again = [e for e in s.events() if e.kind == "rolloff"]
    assert len(again) == 2 and again[-1].data["seats"] == [0, 1]
    assert again[-1].rule == 'lucidity-en "The Winner"'
    assert s.decision().kind == "roll"
    play(s, "roll:hunt", "roll:hunt", "roll:power1", "roll:shadow")  # 0 against 1
    assert s.is_terminal() and s.winners() == [1]


def test_es_fin_del_juego_no_roll_off_the_tie_is_shared() -> None:
    """lucidity-es "Fin del juego" gives no tie-break: the same tie is a shared win, with
    no roll-off."""
    s = _tied_at_the_end("es")
    assert s.is_terminal() and s.winners() == [0, 1]
    assert not [e for e in s.events() if e.kind == "rolloff"]


def test_es_fin_del_juego_peor_caso_the_kept_dreams_are_rolled_again() -> None:
    """lucidity-es "Fin del juego", La regla del "peor caso": "si alguna vez sacas o lanzas
    más sueños de los que te permiten, el siguiente jugador ... puede seleccionar el exceso
    que se devolverá a la bolsa. Entonces debes tirar / volver a tirar los sueños". Rolled
    one dream too many: the next player returns the red hunt; the green dream kept is
    rolled again (its first 1 Power does not count) and only then resolved."""
    s = new(3, ruleset="es", table_slips=True)
    play(s, "track:3-5-7", "draw:red", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "draw_extra", "draw:green", "roll_anyway", "roll:power1", "roll:hunt")
    assert s.to_move() == (1,) and legal(s) == ["excess:green:power1", "excess:red:hunt"]
    play(s, "excess:red:hunt")
    assert s.is_chance() and s.decision().kind == "roll"
    assert s.decision().data["colour"] == "green"
    again = [e for e in s.events() if e.kind == "reroll"][-1]
    assert again.rule == 'lucidity-es "Fin del juego"' and again.data["n"] == 1
    play(s, "roll:exhaust")
    assert s.power_of(0) == 0 and [d[:2] for d in s.seats[0].exhaust] == [("green", "exhaust")]
    assert s.seats[0].hunt == []


def test_en_faq_too_many_rolled_the_kept_dreams_keep_their_results() -> None:
    """lucidity-en "FAQ and Overlooked Rules": "the next player chooses which dreams to
    return to the bag instead of resolving"; the English book has no reroll after it: the
    kept green dream resolves with its first result."""
    s = new(3, table_slips=True)
    play(s, "track:3-5-7", "draw:red", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "draw_extra", "draw:green", "roll_anyway", "roll:power1", "roll:hunt")
    play(s, "excess:red:hunt")
    assert s.power_of(0) == 1 and s.decision().kind == "rest_or_draw"


def test_es_fin_del_juego_peor_caso_a_kept_bone_hunter_is_not_rolled_again() -> None:
    """lucidity-es "peor caso" with the de-lux Bone Hunters: "A Bone Hunter dice may never
    be rerolled": it keeps its result while the other kept dreams are rolled again."""
    s = new(3, ruleset="es", table_slips=True, bone_hunters=1)
    play(s, "track:4-6-8", "draw:red", "draw:blue", "draw:blue", "draw:bone")
    play(s, "return:blue", "return:blue", "draw_extra", "draw:green", "roll_anyway")
    play(s, "roll:power1", "roll:power2", "roll:hunt")  # green, the Bone Hunter, red
    assert s.to_move() == (1,)
    play(s, "excess:red:hunt")
    assert s.decision().kind == "roll" and s.decision().data["colour"] == "green"
    play(s, "roll:exhaust")
    assert s.power_of(0) == 2  # the Bone Hunter's 2 Power; the green dream became exhaust


def test_shadow_of_envy_the_pick_is_mandatory() -> None:
    """lucidity-en "Shadow of Envy" (the card: "Reroll one dream of next player's choice";
    interpretation 15): the next player must choose a dream; there is no "choose none". With
    only the Envy dream on the card, that dream is rerolled."""
    s = new(3)
    play(s, "track:3-5-7", "draw:green", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:shadow")
    assert s.to_move() == (1,) and s.decision().kind == "envy_pick"
    assert legal(s) == ["pick:seat0:shadow_green:green:shadow"]
    play(s, "pick:seat0:shadow_green:green:shadow", "roll:power1")
    assert s.seats[0].shadow["green"] == [] and s.power_of(0) == 1


def test_es_sombra_de_la_envidia_nothing_but_the_envy_dream_nothing_to_choose() -> None:
    """lucidity-es "Sombra de la envidia": "selecciona cualquier sueño de tu carta ...
    excepto el de Envidia"; the choice is mandatory, but with nothing else on the card there
    is nothing to choose and the turn goes on."""
    s = new(3, ruleset="es")
    play(s, "track:3-5-7", "draw:green", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:shadow")
    assert s.to_move() == (0,) and s.decision().kind == "rest_or_draw"
    assert len(s.seats[0].shadow["green"]) == 1
