"""lucidity-en "3. Roll and Resolve Dreams" (lucidity-es "3. Rollo y resolución de sueños", "Orden
de resolución"): the dreams kept are rolled, then resolved by category, shadows last."""

from __future__ import annotations

from .helpers import (
    give,
    legal,
    new,
    play,
    rules_of,
)


def test_hunt_exhaust_power_before_shadows():
    """lucidity-en "3. Roll and Resolve Dreams": non-shadow dreams first, then shadows in
    the order the player chooses."""
    s = new(3)
    play(s, "track:5-7-9", "draw:red", "draw:red", "draw:green", "draw:yellow", "draw:blue")
    play(s, "return:red", "return:red")
    play(s, "roll:shadow", "roll:shadow", "roll:shadow")  # blue, yellow, green
    assert legal(s) == ["resolve:shadow:blue", "resolve:shadow:green", "resolve:shadow:yellow"]
    s2 = new(3)
    play(s2, "track:5-7-9", "draw:red", "draw:red", "draw:green", "draw:yellow", "draw:red")
    play(s2, "return:green", "return:yellow")
    play(s2, "roll:hunt", "roll:power2", "roll:shadow")
    # hunt, exhaust and Power in any order before any shadow
    assert legal(s2) == ["resolve:power", "resolve:hunt"]
    play(s2, "resolve:power")
    assert s2.seats[0].power[0][1] == "power2"
    # the new red Power may be spent at once to reroll the red hunt and shadow
    assert legal(s2) == ["resolve:hunt", "reroll:red"]


def test_es_resolution_order_power_hunt_exhaust_shadow():
    """lucidity-es "Orden de resolución": Power, then Hunt, then Exhaust, then shadows."""
    s = new(3, ruleset="es")
    give(s, 0, "power", "red:power1")
    play(s, "track:5-7-9", "draw:red", "draw:red", "draw:red", "draw:green", "draw:yellow")
    play(s, "return:green", "return:yellow", "roll:hunt", "roll:power2", "roll:exhaust")
    assert legal(s) == ["resolve:power", "reroll:red"]
    assert s.decision().rule == 'lucidity-es "Orden de resolución"'
    play(s, "resolve:power")
    assert legal(s) == ["resolve:hunt", "reroll:red"]
    en = new(3)
    give(en, 0, "power", "red:power1")
    play(en, "track:5-7-9", "draw:red", "draw:red", "draw:red", "draw:green", "draw:yellow")
    play(en, "return:green", "return:yellow", "roll:hunt", "roll:power2", "roll:exhaust")
    assert legal(en) == ["resolve:power", "resolve:hunt", "resolve:exhaust", "reroll:red"]


def test_es_rollo_y_resolucion_de_suenos_the_turn_roll_cites_the_section():
    """lucidity-es "3. Rollo y resolución de sueños": "Tira los sueños restantes y luego
    resuélvelos"; "Orden de resolución" is only the order of placing."""
    s = new(3, ruleset="es")
    play(s, "track:3-5-7", "draw:blue", "draw:red", "draw:red", "return:red", "return:red")
    ref = 'lucidity-es "3. Rollo y resolución de sueños"'
    assert s.decision().kind == "roll" and s.decision().rule == ref
    ev = s.apply("roll:power1")
    assert rules_of(ev)[0] == ref and ev[0].kind == "rolled"
    en = new(3)
    play(en, "track:3-5-7", "draw:blue", "draw:red", "draw:red", "return:red", "return:red")
    assert en.decision().rule == 'lucidity-en "3. Roll and Resolve Dreams"'
