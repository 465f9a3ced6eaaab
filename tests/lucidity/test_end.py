"""The end of the game: lucidity-en "How to win", "Power Victory", "Nightmare Victory", "Dream
Victory", "The Winner"; lucidity-es "Objeto del juego", "Fin del juego" (``steps/turn.py``
``end_turn``, ``steps/end.py``)."""

from __future__ import annotations

import pytest

from .builder import set_eliminated, set_nightmare
from .helpers import (
    check_invariants,
    draw_keep_one,
    empty_bag_but,
    give,
    legal,
    make_nightmare,
    new,
    nightmare_turn,
    play,
    rules_of,
)


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


def test_power_victory_gives_every_other_dreamer_a_final_turn():
    """lucidity-en "Power Victory": at the end of a turn with 15+ Power, each other remaining
    dreamer takes one final turn, then the game ends."""
    s = new(4)
    give(s, 0, "power", *["red:power2"] * 7)
    set_nightmare(s, 2, "yellow")
    draw_keep_one(s, "green", "roll:power1", "rest:none")
    assert s.final_turns == (1, 3)
    assert s.current == 1
    draw_keep_one(s, "green", "roll:power1", "rest:none")
    assert s.current == 3  # the Nightmare (seat 2) takes no final turn
    give(s, 3, "power", *["red:power2"] * 8)
    draw_keep_one(s, "green", "roll:power1", "rest:none")
    assert s.is_terminal() and s.end_reason() == "power"
    assert s.winners() == [3]  # 17 beats 15: "lose when the next player gains more"


def test_power_lost_to_exhaustion_does_not_end_the_game():
    """lucidity-en "Power Victory" note: 15 Power lost to exhaustion before the end of the turn."""
    s = new(3)
    give(s, 0, "power", *["red:power2"] * 7, "green:power1")
    give(s, 0, "exhaust", "blue:exhaust", "blue:exhaust")
    draw_keep_one(s, "yellow", "roll:exhaust", "draw:red", "rest:exhaust")
    assert s.final_turns is None and not s.is_terminal()


def test_dream_victory_empty_bag_roll_what_you_hold():
    """lucidity-en "Dream Victory": a draw from an empty bag; the drawer rolls and resolves
    what they hold, then the game ends."""
    s = new(3)
    empty_bag_but(s, {"green": 2})
    play(s, "track:3-5-7", "draw:green", "draw:green")
    assert s.is_chance() and s.decision().kind == "roll"  # no return: roll all held
    play(s, "roll:power1", "roll:power1")
    assert s.is_terminal() and s.end_reason() == "dream"
    assert s.winners() == [0]
    check_invariants(s)


def test_dream_victory_unresolvable_depths_is_skipped():
    """lucidity-en "Dream Victory" note: a Depths shadow with no dream left is skipped."""
    s = new(3)
    empty_bag_but(s, {"blue": 3})
    draw_keep_one(s, "blue", "roll:shadow")
    assert not s.is_terminal()  # a dream went back: the bag is not empty
    s = new(3)
    empty_bag_but(s, {"blue": 1})
    play(s, "track:3-5-7", "draw:blue", "roll:shadow")
    assert s.is_terminal() and s.end_reason() == "dream"
    assert len(s.seats[0].shadow["blue"]) == 1


def test_winner_tie_break_most_dreams_on_card():
    """lucidity-en "The Winner": a Power tie goes to the most dreams on the card."""
    s = new(2)
    give(s, 0, "power", "red:power2")
    give(s, 1, "power", "blue:power1", "blue:power1")
    give(s, 0, "exhaust", "blue:exhaust")
    give(s, 1, "shadow_red", "red:shadow")
    give(s, 1, "hunt", "red:hunt")
    empty_bag_but(s, {"green": 0})
    play(s, "track:3-5-7")
    assert s.is_terminal() and s.winners() == [1]


def test_winner_tie_break_roll_off():
    """lucidity-en "The Winner": still tied, every dream on the card is rolled; most Power
    wins (a roll-off that ties again is rolled off again)."""
    s = _tied_at_the_end("en")
    assert s.is_chance() and s.decision().kind == "roll"
    play(s, "roll:power1", "roll:hunt", "roll:power1", "roll:shadow")
    # tied again (1 against 1): they roll off again
    assert not s.is_terminal() and s.decision().kind == "roll"
    play(s, "roll:hunt", "roll:hunt", "roll:power1", "roll:shadow")
    assert s.is_terminal() and s.winners() == [1]
    s = _tied_at_the_end("en")
    play(s, "roll:power2", "roll:hunt", "roll:power1", "roll:shadow")
    assert s.winners() == [0]


def test_last_dreamer_becoming_a_nightmare_ends_the_game_at_once():
    """lucidity-en "Nightmare Victory": all players Nightmares or eaten."""
    s = new(3)
    set_nightmare(s, 1, "blue")
    set_eliminated(s, 2)
    give(s, 1, "power", "blue:power1", "blue:power1")
    give(s, 0, "shadow_yellow", "yellow:shadow", "yellow:shadow")
    draw_keep_one(s, "yellow", "roll:shadow", returned="red")
    assert s.is_terminal() and s.end_reason() == "nightmare"
    assert s.winners() == [1]
    assert s.stats()["nightmares"] == [{"seat": 0, "became": "yellow", "turn": 1}]


def test_en_the_winner_a_two_power_dream_counts_two():
    """lucidity-en "The Winner": most Power, a 2 Power dream counting 2 (lucidity-es "Fin
    del juego": "[2] cuenta como [1] + [1]")."""
    for ruleset in ("en", "es"):
        s = new(2, ruleset=ruleset)
        give(s, 0, "power", "red:power2")
        give(s, 1, "power", "blue:power1", "green:power1", "yellow:power1")
        give(s, 0, "hunt", "red:hunt", "red:hunt")
        empty_bag_but(s, {})
        play(s, "track:3-5-7")
        assert s.is_terminal() and s.scores() == [2.0, 3.0] and s.winners() == [1]


def test_es_fin_del_juego_whatever_empties_the_bag_ends_the_game_after_the_turn():
    """lucidity-es "Fin del juego": "Si alguna vez no quedan sueños en la bolsa, el jugador
    actual termina su turno ... y luego el jugador con más Poder gana." A Manifestation's
    harvest draw and a worst-case replacement that take the last dream end the game too."""
    s = new(3, ruleset="es", manifestations=True)
    give(s, 0, "power", "red:power2", "blue:power1")
    draw_keep_one(s, "green", "roll:exhaust", "rest:exhaust", "card:m07", "manifest:m07")
    while s.decision().kind == "pay":
        play(s, legal(s)[0])
    assert s.decision().kind == "draw"
    empty_bag_but(s, {"green": 1})
    play(s, "draw:green")
    assert s.bag_total() == 0
    assert s.is_terminal() and s.end_reason() == "dream"

    r = new(3, ruleset="es", table_slips=True)
    play(r, "track:4-6-8", "draw:red", "draw:blue", "draw:blue", "draw:green")
    play(r, "return:blue", "return:blue", "return:green")
    empty_bag_but(r, {"yellow": 1})
    play(r, "proceed", "replace:yellow")
    assert r.dream_end
    play(r, "roll:power1", "roll:power1")
    assert r.is_terminal() and r.end_reason() == "dream"
    assert 'lucidity-es "Fin del juego"' in rules_of(r.events())


def test_en_dream_victory_is_not_cited_when_the_engine_turn_cap_ends_the_game():
    """lucidity-en "Dream Victory" needs a draw from an empty bag. The engine's safeguard of
    400 turns is no rule of the game: its own event says so, and the end cites "The
    Winner" (most Power wins), not "Dream Victory"."""
    s = new(3)
    s.turns = 400
    draw_keep_one(s, "green", "roll:power1", "rest:none", returned="red")
    assert s.is_terminal() and s.end_reason() == "dream" and s.bag_total() > 0
    cap = [e for e in s.events() if e.kind == "turn_cap"]
    assert len(cap) == 1 and "safeguard" in cap[0].text
    assert cap[0].rule == 'lucidity-en "The Winner"'
    assert 'lucidity-en "Dream Victory"' not in rules_of(s.events())


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
    draw_keep_one(s, "red", "roll:hunt")
    assert s.seats[0].role == "eliminated" and not s.is_terminal()
    assert s.current == 1
    draw_keep_one(s, "red", "roll:hunt")
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
    draw_keep_one(s, "red", "roll:hunt")
    draw_keep_one(s, "red", "roll:hunt")
    assert s.is_terminal() and s.end_reason() == "nightmare"
    assert s.winners() == [2]


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


def test_en_power_victory_the_player_with_15_takes_no_final_turn():
    """lucidity-en "Power Victory": "each other remaining dreamer player takes one final
    turn": a dreamer who reaches 15 on a Nightmare's turn (a minion) gets no final turn."""
    s = new(3)
    make_nightmare(s, 0, "green")
    give(s, 1, "power", *["red:power2"] * 7)  # 14
    nightmare_turn(s, 0)
    play(s, "minions", "draw:red", "draw:blue", "minion:red", "target:seat1", "roll:power1")
    play(s, "resolve:now")
    assert s.power_of(1) == 15
    assert s.final_turns == (2,) and s.current == 2
    ev = [e for e in s.events() if e.kind == "power_victory"][-1]
    assert ev.rule == 'lucidity-en "Power Victory"' and "15 Power" in ev.text


def test_en_power_victory_the_seat_whose_turn_ended_takes_its_final_turn_last():
    """lucidity-en "Power Victory": a Nightmare reaches 15 during dreamer seat 0's turn (it
    takes seat 0's shadow as Power): every other remaining dreamer, seat 0 included, takes a
    final turn; seat 0's turn was played before the end was triggered, so it comes last."""
    s = new(3)
    make_nightmare(s, 1, "blue")
    give(s, 1, "power", *["red:power2"] * 7)  # 14
    draw_keep_one(s, "blue", "roll:shadow", "ability:pass", "rest:none", returned="red")
    assert s.power_of(1) == 15
    assert s.final_turns == (2, 0) and s.current == 2


@pytest.mark.parametrize("ruleset", ["en", "es"])
def test_nightmare_victory_only_a_nightmare_wins(ruleset: str) -> None:
    """lucidity-en "How to win" / "Nightmare Victory": "In the case that all players have
    become Nightmares or been eaten, the Nightmare with the most Power wins": an eaten
    player never shares it (lucidity-es "Fin del juego": "gana la pesadilla con más
    poder")."""
    s = new(2, ruleset=ruleset)
    make_nightmare(s, 0, "green")
    give(s, 1, "hunt", "red:hunt", "red:hunt", "red:hunt")
    nightmare_turn(s, 0)
    play(s, "minions", "draw:red", "draw:red", "minion:red", "target:seat1", "roll:hunt")
    assert s.end_reason() == "nightmare" and s.winners() == [0]


def test_es_objeto_del_juego_a_nightmare_can_win():
    """lucidity-es "Objeto del juego": "el ganador es el jugador (Nightmare o Dreamer) con
    más Poder"."""
    s = new(3, ruleset="es")
    make_nightmare(s, 1, "green")
    give(s, 1, "power", "red:power2", "red:power2")
    give(s, 0, "power", "blue:power1")
    empty_bag_but(s, {})
    play(s, "track:3-5-7")
    assert s.end_reason() == "dream" and s.winners() == [1]


def test_es_dream_end_when_the_bag_becomes_empty():
    """lucidity-es "Fin del juego": once no dreams remain, the current player rolls and
    resolves what they hold, then the game ends (en waits for a draw from the empty bag)."""
    s = new(3, ruleset="es")
    empty_bag_but(s, {"green": 3})
    play(s, "track:3-5-7", "draw:green", "draw:green", "draw:green")
    assert s.decision().kind == "roll"  # no return: all held dreams are rolled
    play(s, "roll:power1", "roll:power1", "roll:power1")
    assert s.is_terminal() and s.end_reason() == "dream"
    en = new(3)
    empty_bag_but(en, {"green": 3})
    play(en, "track:3-5-7", "draw:green", "draw:green", "draw:green")
    assert en.decision().kind == "return"


def test_es_ties_are_shared():
    """lucidity-es "Fin del juego": most Power wins, no further tie-break."""
    s = new(2, ruleset="es")
    give(s, 0, "power", "red:power2")
    give(s, 1, "power", "blue:power1", "blue:power1", "blue:exhaust")
    empty_bag_but(s, {})
    play(s, "track:3-5-7")
    assert s.is_terminal() and s.winners() == [0, 1]
