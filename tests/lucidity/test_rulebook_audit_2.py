"""Rulebook audit, second round: scripted scenarios (chance outcomes forced) for the rules
of lucidity-en, the de-lux booklet and lucidity-es that the engine got wrong. Each test is
named after the rulebook section it checks."""

from __future__ import annotations

import oneiros

from .helpers import (
    check_invariants,
    empty_bag_but,
    give,
    legal,
    make_nightmare,
    new,
    nightmare_turn,
    play,
    rules_of,
)

EN_SHADOWMARK = 'lucidity-en "The Shadowmark"'
EN_ABILITY = 'lucidity-en "Activating Nightmare Abilities"'


def test_en_the_shadowmark_third_mark_eliminates_at_once():
    """de-lux booklet "The Shadowmark": "If you ever have three or more Shadowmarks on your
    Dreamer card, you are eliminated. Return all dreams on your card to the bag." The third
    mark eliminates when it is placed: the blue shadow rolled with it is not resolved (the
    blue Nightmare takes nothing and has no ability to use), every dream goes back to the
    bag and the turn ends. A dream given outside the dreamer's turn (a minion) does the same."""
    s = new(3, bone_hunters=3)
    make_nightmare(s, 2, "blue")
    give(s, 0, "marks", "bone:shadowmark", "bone:shadowmark")
    play(s, "track:4-6-8", "draw:bone", "draw:blue", "draw:red", "draw:red")
    play(s, "return:red", "return:red", "roll:shadow", "roll:shadowmark")
    assert s.seats[0].role == "eliminated"
    assert s.power_of(2) == 0
    assert "nightmare_takes" not in [e.kind for e in s.events()]
    assert s.bag["blue"] == 20 and s.bag["bone"] == 3 and s.bag["red"] == 20
    assert not s.hand and not s.rolled and not s.limbo
    assert s.current == 1 and s.decision().kind == "choose_track"
    out = [e for e in s.events() if e.kind == "eliminated"]
    assert len(out) == 1 and out[0].rule == EN_SHADOWMARK

    # outside the dreamer's turn: a minion of the Depths draws the Bone Hunter
    m = new(3, bone_hunters=3)
    make_nightmare(m, 1, "green")
    give(m, 0, "marks", "bone:shadowmark", "bone:shadowmark")
    nightmare_turn(m, 1, advance=True)
    play(m, "minions", "draw:blue", "draw:red", "minion:blue", "target:seat0")
    play(m, "roll:shadow", "draw:bone", "roll:shadowmark")
    assert m.seats[0].role == "eliminated" and m.bag["bone"] == 3
    assert m.current == 2 and m.decision().kind == "choose_track"
    check_invariants(m)


def test_en_shadow_of_primeval_fear_may_move_an_exhaust_dream_turned_to_its_shadow_side():
    """lucidity-en "Shadow of Primeval Fear": "any 1 shadow dream on your dreamer card"; an
    exhaust dream turned by Imprisonment shows "its shadow side" (and a rest already returns
    it as "1 shadow dream"), so Fear may move it too, as in lucidity-es."""
    s = new(3)
    give(s, 0, "exhaust", "yellow:exhaust:rotated")
    play(s, "track:3-5-7", "draw:red", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:shadow")
    assert legal(s) == ["fear:none", "fear:red", "fear:rotated:yellow"]
    play(s, "fear:rotated:yellow")
    assert s.seats[0].hunt == [("yellow", "exhaust", True)] and s.seats[0].exhaust == []
    assert rules_of(s.events())[-1] == 'lucidity-en "Shadow of Primeval Fear"'


def test_es_fin_del_juego_whatever_empties_the_bag_ends_the_game_after_the_turn():
    """lucidity-es "Fin del juego": "Si alguna vez no quedan sueños en la bolsa, el jugador
    actual termina su turno ... y luego el jugador con más Poder gana." A Manifestation's
    harvest draw and a worst-case replacement that take the last dream end the game too."""
    s = new(3, ruleset="es", manifestations=True)
    give(s, 0, "power", "red:power2", "blue:power1")
    play(s, "track:3-5-7", "draw:green", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:exhaust", "rest:exhaust", "card:m07", "manifest:m07")
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


def test_en_bone_hunters_expansion_a_bone_hunter_drawn_by_a_nightmare_ability_goes_back():
    """de-lux booklet "Bone Hunters Expansion": "Bone Hunters may never be given to a Dreamer
    by a Nightmare player ... and must be returned to the bag." A Bone Hunter drawn by the
    Nightmare of Imprisonment's ability for the dreamer goes back; nothing is placed."""
    s = new(3, bone_hunters=2)
    make_nightmare(s, 2, "yellow")
    play(s, "track:3-5-7", "draw:yellow", "draw:red", "draw:red", "return:red", "return:red")
    play(s, "roll:shadow", "ability:use")
    assert "draw:bone" in [a.id for a, _ in s.chance_outcomes()]
    ev = s.apply("draw:bone")
    check_invariants(s)
    assert s.seats[0].exhaust == [] and s.bag["bone"] == 2
    back = [e for e in ev if e.kind == "returned"]
    assert back and back[0].rule == 'lucidity-en "Bone Hunters Expansion"'
    assert s.decision().kind == "rest_or_draw"


def test_en_shadow_of_the_depths_the_new_dream_is_rolled_under_the_depths():
    """lucidity-en "Shadow of the Depths": "Draw 1 dream, roll it and resolve the result
    immediately": the roll decision and its event cite the Depths (es: "Sombra de las
    profundidades"), not "3. Roll and Resolve Dreams"."""
    for ruleset, ref in (
        ("en", 'lucidity-en "Shadow of the Depths"'),
        ("es", 'lucidity-es "Sombra de las profundidades"'),
    ):
        s = new(3, ruleset=ruleset)
        play(s, "track:3-5-7", "draw:blue", "draw:red", "draw:red", "return:red", "return:red")
        play(s, "roll:shadow", "draw:green")
        assert s.decision().kind == "roll" and s.decision().rule == ref
        ev = s.apply("roll:power1")
        assert [e.rule for e in ev if e.kind == "rolled"] == [ref]


def test_en_shadow_of_envy_the_reroll_is_rolled_under_envy():
    """lucidity-en "Shadow of Envy": "Reroll that dream and resolve it immediately": the
    reroll's decision and event cite Envy."""
    s = new(3)
    give(s, 0, "power", "red:power2")
    play(s, "track:3-5-7", "draw:green", "draw:red", "draw:red", "return:red", "return:red")
    play(s, "roll:shadow", "pick:seat0:power:red:power2")
    ref = 'lucidity-en "Shadow of Envy"'
    assert s.decision().rule == ref
    ev = s.apply("roll:hunt")
    assert [e.rule for e in ev if e.kind == "rolled"] == [ref]


def test_en_send_minions_the_minion_is_rolled_under_send_minions():
    """lucidity-en "Send Minions": "That dreamer must roll and resolve that dream": the roll
    of a minion cites "Send Minions"."""
    s = new(3)
    make_nightmare(s, 1, "green")
    nightmare_turn(s, 1, advance=True)
    play(s, "minions", "draw:blue", "draw:red", "minion:red", "target:seat2")
    ref = 'lucidity-en "Send Minions"'
    assert s.decision().kind == "roll" and s.decision().rule == ref
    ev = s.apply("roll:power1")
    assert [e.rule for e in ev if e.kind == "rolled"] == [ref]


def test_en_activating_nightmare_abilities_the_depths_ability_cites_the_ability():
    """lucidity-en "Activating Nightmare Abilities": "Vanessa can activate her card, drawing
    2 dreams and forcing Stan to roll 1 of them": the ability's draws, pick, the dream put
    back, the dream given and its roll cite that section, not "Send Minions"."""
    s = new(3)
    make_nightmare(s, 2, "blue")
    play(s, "track:3-5-7", "draw:blue", "draw:red", "draw:red", "return:red", "return:red")
    play(s, "roll:shadow", "ability:use")
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


def test_en_dream_victory_is_not_cited_when_the_engine_turn_cap_ends_the_game():
    """lucidity-en "Dream Victory" needs a draw from an empty bag. The engine's safeguard of
    400 turns is no rule of the game: its own event says so, and the end cites "The
    Winner" (most Power wins), not "Dream Victory"."""
    s = new(3)
    s.turns = 400
    play(s, "track:3-5-7", "draw:green", "draw:red", "draw:red", "return:red", "return:red")
    play(s, "roll:power1", "rest:none")
    assert s.is_terminal() and s.end_reason() == "dream" and s.bag_total() > 0
    cap = [e for e in s.events() if e.kind == "turn_cap"]
    assert len(cap) == 1 and "safeguard" in cap[0].text
    assert cap[0].rule == 'lucidity-en "The Winner"'
    assert 'lucidity-en "Dream Victory"' not in rules_of(s.events())


def test_en_the_shadowmark_elimination_is_recorded_as_such_not_as_eaten():
    """de-lux booklet "The Shadowmark" eliminates; lucidity-en "4. Check for Filled Rows",
    Hunt row: "the Nightmares have found and eaten you". ``stats()`` records the cause of
    each elimination and lists under ``eaten`` only a full Hunt row."""
    s = new(3, bone_hunters=3)
    give(s, 0, "marks", "bone:shadowmark", "bone:shadowmark")
    play(s, "track:3-5-7", "draw:bone", "draw:red", "draw:red", "return:red", "return:red")
    play(s, "roll:shadowmark")
    st = s.stats()
    assert st["eaten"] == []
    assert st["eliminated"] == [{"seat": 0, "cause": "shadowmarks", "eaten": False, "turn": 1}]
    h = new(3)
    give(h, 0, "hunt", "red:hunt", "red:hunt", "red:hunt")
    play(h, "track:3-5-7", "draw:red", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(h, "roll:hunt")
    st = h.stats()
    assert st["eaten"] == [{"seat": 0, "cause": "hunt", "eaten": True, "turn": 1}]
    assert st["eliminated"] == st["eaten"]


def test_unused_rule_keys_are_gone():
    """Every rule key names a section some event or decision cites."""
    from oneiros.games.lucidity.refs import rule_refs

    assert "temptation" not in rule_refs("es") and "replacement" not in rule_refs("en")
    g = oneiros.make("lucidity")
    assert g.rule_text("lucidity-es \"La regla del 'peor caso'\"") is None
