"""lucidity-en "Activating Nightmare Abilities" (lucidity-es "Habilidades de pesadilla", the
Nightmare of Temptation of "Preparar"; ``steps/abilities.py``)."""

from __future__ import annotations

import pytest

import oneiros
from oneiros import ConfigError

from .builder import set_nightmare
from .helpers import (
    check_invariants,
    draw_keep_one,
    draw_keep_two,
    give,
    legal,
    make_nightmare,
    new,
    play,
    rules_of,
)

EN_ABILITY = 'lucidity-en "Activating Nightmare Abilities"'


def test_nightmare_of_the_depths_example_stan_and_vanessa():
    """lucidity-en "Activating Nightmare Abilities": Vanessa (Nightmare of the Depths) takes
    Stan's blue shadow as 1 Power, then draws two dreams and makes Stan roll one of them
    before he resolves his other dreams."""
    s = new(2, first_player="1")
    vanessa, stan = 0, 1
    set_nightmare(s, vanessa, "blue")
    draw_keep_two(s, "blue", "yellow", "roll:shadow", "roll:shadow", returned="red")
    # yellow rolled, then blue
    play(s, "resolve:shadow:blue")
    assert [d[:2] for d in s.seats[vanessa].power] == [("blue", "power1")]
    assert s.seats[stan].shadow["blue"] == []
    assert s.to_move() == (vanessa,) and legal(s) == ["ability:use", "ability:pass"]
    play(s, "ability:use")
    # the log names the card whose ability acts, never the effect's internal name
    said = s.events()[-1]
    assert (
        said.text == "The Nightmare (seat 0) activates the ability of the Nightmare of the Depths"
    )
    assert said.data["op"] == "send_minion"
    play(s, "draw:red", "draw:green")
    assert legal(s) == ["minion:green", "minion:red"]
    play(s, "minion:red")
    assert s.to_move() == (-1,) and next(a.id for a, _ in s.chance_outcomes()) == "roll:power2"
    play(s, "roll:hunt")
    assert [d[0] for d in s.seats[stan].hunt] == ["red"]
    # only now does Stan resolve his waiting yellow shadow
    assert s.seats[stan].shadow["yellow"]


def test_nightmare_ability_may_be_declined():
    s = new(2, first_player="1")
    set_nightmare(s, 0, "blue")
    draw_keep_one(s, "blue", "roll:shadow", "ability:pass", returned="red")
    assert s.decision().kind == "rest_or_draw" and s.power_of(0) == 1


def test_en_bone_hunters_expansion_a_bone_hunter_drawn_by_a_nightmare_ability_goes_back():
    """de-lux booklet "Bone Hunters Expansion": "Bone Hunters may never be given to a Dreamer
    by a Nightmare player ... and must be returned to the bag." A Bone Hunter drawn by the
    Nightmare of Imprisonment's ability for the dreamer goes back; nothing is placed."""
    s = new(3, bone_hunters=2)
    make_nightmare(s, 2, "yellow")
    draw_keep_one(s, "yellow", "roll:shadow", "ability:use", returned="red")
    assert "draw:bone" in [a.id for a, _ in s.chance_outcomes()]
    ev = s.apply("draw:bone")
    check_invariants(s)
    assert s.seats[0].exhaust == [] and s.bag["bone"] == 2
    back = [e for e in ev if e.kind == "returned"]
    assert back and back[0].rule == 'lucidity-en "Bone Hunters Expansion"'
    assert s.decision().kind == "rest_or_draw"


def test_en_activating_nightmare_abilities_the_depths_ability_cites_the_ability():
    """lucidity-en "Activating Nightmare Abilities": "Vanessa can activate her card, drawing
    2 dreams and forcing Stan to roll 1 of them": the ability's draws, pick, the dream put
    back, the dream given and its roll cite that section, not "Send Minions"."""
    s = new(3)
    make_nightmare(s, 2, "blue")
    draw_keep_one(s, "blue", "roll:shadow", "ability:use", returned="red")
    assert s.decision().kind == "draw" and s.decision().rule == EN_ABILITY
    ev = s.apply("draw:green")
    assert rules_of(ev) == [EN_ABILITY]
    play(s, "draw:yellow")
    assert s.decision().kind == "minion_pick" and s.decision().rule == EN_ABILITY
    ev = s.apply("minion:green")
    assert [e.kind for e in ev] == ["returned", "minion"] and set(rules_of(ev)) == {EN_ABILITY}
    assert s.decision().kind == "roll" and s.decision().rule == EN_ABILITY
    ev = s.apply("roll:power1")
    assert [e.rule for e in ev if e.kind == "rolled"] == [EN_ABILITY]


def test_es_preparar_temptation_draw_cites_the_ability_not_the_depths():
    """lucidity-es "Habilidades de pesadilla" (Nightmare of Temptation): the dreamer's draw
    after the offer is the ability, not a Shadow of the Depths."""
    s = new(3, ruleset="es", temptation="envy")
    make_nightmare(s, 1, "green")
    give(s, 1, "power", "blue:power1")
    draw_keep_one(s, "green", "roll:power1", "ability:use", "pick:seat1:power:blue:power1")
    assert s.decision().rule == 'lucidity-es "Habilidades de pesadilla"'
    play(s, "draw:red")
    ev = [e for e in s.events() if e.kind == "drawn"][-1]
    assert ev.rule == 'lucidity-es "Habilidades de pesadilla"'


def test_temptation_needs_es_and_replaces_a_card():
    """lucidity-es "Preparar": the Nightmare of Temptation replaces Envy or Primeval Fear."""
    with pytest.raises(ConfigError, match="temptation"):
        oneiros.make("lucidity", options={"temptation": "envy"})
    g = oneiros.make("lucidity", ruleset="es", options={"temptation": "fear"})
    assert g.nightmare_cards["red"].name == "Nightmare of Temptation"
    assert g.nightmare_cards["green"].name == "Nightmare of Envy"


def test_temptation_takes_power_and_offers_power_provisional_card():
    """lucidity-es "Preparar" (Temptation variant) with the provisional card: it takes a
    1-power dream of its colour, gives one of its own Power dreams, the dreamer draws and rolls."""
    s = new(3, ruleset="es", temptation="envy")
    set_nightmare(s, 1, "green")
    give(s, 1, "power", "red:power2")
    draw_keep_one(s, "green", "roll:power1")
    assert s.power_of(1) == 3 and s.to_move() == (1,)
    play(s, "ability:use")
    assert legal(s) == ["pick:seat1:power:red:power2", "pick:seat1:power:green:power1"]
    play(s, "pick:seat1:power:red:power2", "draw:yellow", "roll:exhaust")
    assert s.power_of(0) == 2 and len(s.seats[0].exhaust) == 1 and s.power_of(1) == 1
