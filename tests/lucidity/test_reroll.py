"""lucidity-en "Re-rolling dreams" (lucidity-es "3. Rollo y resolución de sueños": "cualquier
número"): spend a Power dream of a colour to reroll unresolved dreams of it."""

from __future__ import annotations

from .builder import set_nightmare
from .helpers import (
    check_invariants,
    draw_keep_one,
    draw_keep_two,
    give,
    legal,
    new,
    play,
    rules_of,
)


def test_reroll_spends_power_to_the_unclaimed_nightmare_card():
    """lucidity-en "Re-rolling dreams": spend a Power dream to reroll every unresolved dream
    of its colour; the spent dream goes on that colour's Nightmare card while unclaimed."""
    s = new(3)
    give(s, 0, "power", "red:power1")
    draw_keep_two(s, "red", "red", "roll:hunt", "roll:shadow")
    assert "reroll:red" in legal(s)
    play(s, "reroll:red")
    assert s.seats[0].power == []
    assert [d[0] for d in s.cards["red"]] == ["red"]
    assert s.is_chance() and len(s.hand) == 2
    play(s, "roll:power1", "roll:power2")
    assert s.power_of(0) == 3


def test_reroll_spent_power_goes_to_the_bag_when_the_nightmare_is_claimed():
    s = new(3)
    set_nightmare(s, 2, "red")
    give(s, 0, "power", "red:power1")
    draw_keep_two(s, "red", "red", "roll:hunt", "roll:hunt")
    before = s.bag["red"]
    play(s, "reroll:red")
    assert s.cards["red"] == [] and s.bag["red"] == before + 1


def test_reroll_a_dream_drawn_by_the_depths_before_it_resolves():
    """lucidity-en "Re-rolling dreams": "at any time", so also the Depths' new dream."""
    s = new(3)
    give(s, 0, "power", "red:power1")
    give(s, 0, "hunt", "red:hunt", "red:hunt", "red:hunt")
    draw_keep_one(s, "blue", "roll:shadow", "draw:red", "roll:hunt", returned="green")
    assert s.decision().rule == 'lucidity-en "Re-rolling dreams"'
    assert legal(s) == ["resolve:now", "reroll:red"]
    play(s, "reroll:red")
    assert s.power_of(0) == 0 and len(s.cards["red"]) == 1
    play(s, "roll:power2")
    assert s.power_of(0) == 2 and len(s.seats[0].hunt) == 3 and s.seats[0].role == "dreamer"


def test_en_re_rolling_dreams_a_rerolled_dream_may_be_rerolled_again():
    """lucidity-en "Re-rolling dreams": "You may choose, at any time, to spend a 1 Power or 2
    Power ... to reroll all unresolved dreams matching that dream's colour"; the spent Power
    goes to the unclaimed Nightmare card of that colour each time."""
    s = new(3)
    give(s, 0, "power", "red:power1", "red:power1")
    draw_keep_one(s, "red", "roll:hunt")
    assert "reroll:red" in legal(s)
    play(s, "reroll:red", "roll:hunt")
    assert "reroll:red" in legal(s)
    play(s, "reroll:red", "roll:power2")
    assert s.power_of(0) == 2 and s.seats[0].hunt == []
    assert len(s.cards["red"]) == 2
    assert s.decision().kind == "rest_or_draw"
    assert rules_of(s.events()).count('lucidity-en "Re-rolling dreams"') == 2


def test_es_rollo_y_resolucion_reroll_any_number_of_unresolved_dreams():
    """lucidity-es "3. Rollo y resolución de sueños": "volver a tirar cualquier número de
    sueños sin resolver que coincidan con el color del sueño gastado": the dreamer rerolls
    the red hunt dream and keeps the red 2-Power."""
    s = new(3, ruleset="es")
    give(s, 0, "power", "red:power1")
    play(s, "track:4-6-8", "draw:red", "draw:red", "draw:blue", "draw:blue")
    play(s, "return:blue", "return:blue", "roll:hunt", "roll:power2")
    assert "reroll:red" in legal(s)
    play(s, "reroll:red")
    assert s.decision().kind == "reroll_pick"
    assert legal(s) == ["reroll:red:power2", "reroll:red:hunt"]  # at least one first
    play(s, "reroll:red:hunt")
    assert legal(s) == ["reroll:red:power2", "reroll:chosen"]
    play(s, "reroll:chosen", "roll:power1")
    assert s.power_of(0) == 3  # the kept 2-Power and the rerolled 1-Power
    ev = [e for e in s.events() if e.kind == "reroll"][-1]
    assert ev.rule == 'lucidity-es "3. Rollo y resolución de sueños"' and ev.data["n"] == 1
    check_invariants(s)


def test_es_rollo_y_resolucion_reroll_all_by_choosing_each():
    """lucidity-es "3. Rollo y resolución de sueños": choosing every dream rerolls all; a
    single unresolved dream of the colour is rerolled without asking."""
    s = new(3, ruleset="es")
    give(s, 0, "power", "red:power1")
    play(s, "track:4-6-8", "draw:red", "draw:red", "draw:blue", "draw:blue")
    play(s, "return:blue", "return:blue", "roll:hunt", "roll:hunt")
    play(s, "reroll:red", "reroll:red:hunt", "reroll:red:hunt")
    assert s.is_chance() and sorted(s.hand) == ["red", "red"]
    s = new(3, ruleset="es")
    give(s, 0, "power", "red:power1")
    draw_keep_one(s, "red", "roll:hunt", "reroll:red")
    assert s.is_chance() and s.hand == ["red"]


def test_en_re_rolling_dreams_rerolls_all_unresolved_dreams_of_the_colour():
    """lucidity-en "Re-rolling dreams": "reroll all unresolved dreams matching that dream's
    colour": no choice of dreams in en."""
    s = new(3)
    give(s, 0, "power", "red:power1")
    play(s, "track:4-6-8", "draw:red", "draw:red", "draw:blue", "draw:blue")
    play(s, "return:blue", "return:blue", "roll:hunt", "roll:power2", "reroll:red")
    assert s.is_chance() and sorted(s.hand) == ["red", "red"]


def test_en_re_rolling_dreams_the_dreamer_chooses_a_1_or_2_power_dream():
    """lucidity-en "Re-rolling dreams": "spend a 1 Power or 2 Power on your card": with both
    the dreamer chooses; the spent dream goes to the unclaimed Nightmare card."""
    s = new(3)
    give(s, 0, "power", "red:power1", "red:power2")
    draw_keep_one(s, "red", "roll:hunt", "reroll:red")
    assert s.decision().kind == "spend"
    assert legal(s) == ["spend:red:power1", "spend:red:power2"]
    play(s, "spend:red:power2")
    assert [d[1] for d in s.seats[0].power] == ["power1"]
    assert [d[1] for d in s.cards["red"]] == ["power2"]
    assert s.is_chance() and s.hand == ["red"]
    # with one kind only, nothing is asked
    s = new(3)
    give(s, 0, "power", "red:power2", "red:power2")
    draw_keep_one(s, "red", "roll:hunt", "reroll:red")
    assert s.is_chance() and s.power_of(0) == 2


def test_en_re_rolling_dreams_a_new_dream_spend_choice_then_roll():
    """lucidity-en "Re-rolling dreams" ("at any time") before a dream drawn by the Depths
    resolves: the spend choice comes first, then the new dream is rolled again."""
    s = new(3)
    give(s, 0, "power", "green:power1", "green:power2")
    draw_keep_one(s, "blue", "roll:shadow", "draw:green", "roll:exhaust", returned="red")
    assert s.decision().kind == "resolve" and legal(s) == ["resolve:now", "reroll:green"]
    play(s, "reroll:green", "spend:green:power1", "roll:power1", "resolve:now")
    assert s.power_of(0) == 3 and s.seats[0].exhaust == []
    check_invariants(s)


def test_es_rollo_y_resolucion_new_dream_and_any_number_of_the_others():
    """lucidity-es "3. Rollo y resolución de sueños" with a Depths dream resolved at once:
    spending rerolls the new dream and any number (none included) of the other unresolved
    dreams of its colour."""
    s = new(3, ruleset="es")
    give(s, 0, "power", "green:power1")
    play(s, "track:4-6-8", "draw:blue", "draw:green", "draw:red", "draw:red")
    play(s, "return:red", "return:red", "roll:shadow", "roll:shadow")
    play(s, "resolve:shadow:blue", "draw:green", "roll:exhaust")
    assert legal(s) == ["resolve:now", "reroll:green"]
    play(s, "reroll:green")
    assert s.decision().kind == "reroll_pick"
    assert legal(s) == ["reroll:green:shadow", "reroll:chosen"]
    play(s, "reroll:chosen", "roll:power1")
    assert s.rolled == [("green", "shadow", False)]  # the other green dream was kept
    check_invariants(s)
