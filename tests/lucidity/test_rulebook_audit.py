"""Rulebook audit: rules of lucidity-en and lucidity-es confirmed correct by the audit and
not covered elsewhere. Each test is named after the rulebook section it checks."""

from __future__ import annotations

from .builder import set_nightmare, start_turn
from .helpers import empty_bag_but, give, legal, new, play, rules_of


def test_en_shadow_of_envy_any_dream_on_the_card_including_the_envy_dream():
    """lucidity-en "Shadow of Envy": "The next player may choose any 1 dream on your card"
    (unlike lucidity-es, the Envy dream just placed may be chosen)."""
    s = new(3)
    give(s, 0, "power", "red:power2")
    play(s, "track:3-5-7", "draw:green", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:shadow")
    assert s.to_move() == (1,)
    assert sorted(legal(s)) == [
        "pick:seat0:power:red:power2",
        "pick:seat0:shadow_green:green:shadow",
    ]
    play(s, "pick:seat0:power:red:power2", "roll:hunt")
    assert [d[:2] for d in s.seats[0].hunt] == [("red", "hunt")] and s.power_of(0) == 0


def test_en_consume_power_from_another_nightmare():
    """lucidity-en "Consume Power": "drain the power from another player (Nightmare or
    dreamer)": a dream of your colour from another Nightmare's Power row."""
    s = new(3)
    set_nightmare(s, 0, "green")
    set_nightmare(s, 1, "blue")
    give(s, 1, "power", "green:power1", "blue:power1")
    start_turn(s, 0)
    assert "consume:seat1:power1" in legal(s)
    play(s, "consume:seat1:power1")
    assert s.power_of(0) == 1 and s.power_of(1) == 1
    assert [d[0] for d in s.seats[1].power] == ["blue"]
    assert 'lucidity-en "Consume Power"' in rules_of(s.events())


def test_en_shadow_of_imprisonment_without_an_exhaust_dream_only_fills_the_shadow_row():
    """lucidity-en "Shadow of Imprisonment": with no exhaust dream there is nothing to turn;
    the shadow still goes to the Shadow of Imprisonment row."""
    s = new(3)
    play(s, "track:3-5-7", "draw:yellow", "draw:red", "draw:red", "return:red", "return:red")
    play(s, "roll:shadow")
    assert len(s.seats[0].shadow["yellow"]) == 1 and s.seats[0].exhaust == []
    assert 'lucidity-en "Shadow of Imprisonment"' in rules_of(s.events())
    assert s.decision().kind == "rest_or_draw"


def test_en_shadow_of_the_depths_a_new_depths_shadow_resolves_at_once_too():
    """lucidity-en "Shadow of the Depths" and the FAQ ("You must resolve the newly rolled
    dream before you continue"): a drawn blue dream rolling a shadow draws again at once."""
    s = new(3)
    play(s, "track:4-6-8", "draw:red", "draw:blue", "draw:green", "draw:green")
    play(s, "return:green", "return:green", "roll:shadow", "roll:hunt")
    # the hunt (red) first, then the blue shadow draws a blue that also rolls a shadow
    assert [d[0] for d in s.seats[0].hunt] == ["red"]
    assert s.decision().kind == "draw"
    play(s, "draw:blue", "roll:shadow")
    assert len(s.seats[0].shadow["blue"]) == 2 and s.decision().kind == "draw"
    play(s, "draw:yellow", "roll:power1")
    assert s.power_of(0) == 1 and s.decision().kind == "rest_or_draw"
    assert rules_of(s.events()).count('lucidity-en "Shadow of the Depths"') >= 4


def test_es_sombra_de_las_profundidades_events_cite_the_spanish_section():
    """lucidity-es "Sombra de las profundidades": the es rule set cites its own book."""
    s = new(3, ruleset="es")
    play(s, "track:3-5-7", "draw:blue", "draw:red", "draw:red", "return:red", "return:red")
    play(s, "roll:shadow", "draw:green", "roll:power1")
    refs = rules_of(s.events())
    assert 'lucidity-es "Sombra de las profundidades"' in refs
    assert not any(r.startswith("lucidity-en") for r in refs)


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
