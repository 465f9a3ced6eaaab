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
