"""The four shadows: lucidity-en "Shadow of the Depths", "Shadow of Envy", "Shadow of
Imprisonment", "Shadow of Primeval Fear" and lucidity-es "Sombra de ..." (``steps/shadows.py``)."""

from __future__ import annotations

from .helpers import (
    chance_ids,
    check_invariants,
    draw_keep_one,
    draw_keep_two,
    give,
    legal,
    new,
    play,
    rules_of,
)


def test_shadow_of_envy_next_player_picks_a_dream_to_reroll():
    """lucidity-en "Shadow of Envy": the next player picks any dream on your card; you
    reroll it and resolve it at once."""
    s = new(3)
    give(s, 0, "power", "red:power2")
    draw_keep_one(s, "green", "roll:shadow")
    assert s.to_move() == (1,)
    assert s.decision().rule == 'lucidity-en "Shadow of Envy"'
    assert set(legal(s)) == {"pick:seat0:power:red:power2", "pick:seat0:shadow_green:green:shadow"}
    play(s, "pick:seat0:power:red:power2")
    assert s.is_chance() and chance_ids(s) == [
        "roll:power2",
        "roll:power1",
        "roll:hunt",
        "roll:shadow",
        "roll:exhaust",
    ]
    play(s, "roll:hunt")
    assert s.power_of(0) == 0 and [d[1] for d in s.seats[0].hunt] == ["hunt"]


def test_shadow_of_imprisonment_turns_an_exhaust_dream():
    """lucidity-en "Shadow of Imprisonment": the dream keeps filling the Exhaust row but
    "all exhaust" no longer returns it."""
    s = new(3)
    give(s, 0, "exhaust", "blue:exhaust")
    draw_keep_one(s, "yellow", "roll:shadow")
    assert s.seats[0].exhaust[0][2] is True
    assert len(s.seats[0].exhaust) == 1
    # "all exhaust" no longer takes it: only returning it as a shadow dream does
    assert "rest:exhaust" not in legal(s)
    assert "rest:rotated:blue" in legal(s)
    play(s, "rest:rotated:blue")
    assert s.seats[0].exhaust == []


def test_shadow_of_primeval_fear_moves_a_shadow_to_hunt():
    """lucidity-en "Shadow of Primeval Fear": optional; the moved dream counts for both rows."""
    s = new(3)
    give(s, 0, "shadow_blue", "blue:shadow")
    give(s, 0, "hunt", "red:hunt", "red:hunt", "red:hunt")
    draw_keep_one(s, "red", "roll:shadow")
    assert legal(s) == ["fear:none", "fear:blue", "fear:red"]
    play(s, "fear:blue")
    # 4 in the Hunt row after everything resolved: eaten
    assert s.seats[0].role == "eliminated"
    assert [e.kind for e in s.events()][-2:] == ["fear", "eliminated"]
    check_invariants(s)


def test_shadow_of_primeval_fear_moved_shadow_fills_the_hunt_row_not_its_shadow_row():
    """lucidity-en "Shadow of Primeval Fear": "It still counts as a shadow dream, but now
    counts towards filling your Hunt row": it has left its Shadow row (the FAQ's "almost
    impossible to become a Nightmare of Primeval Fear"), and a rest that returns one shadow
    dream may still return it."""
    s = new(3)
    give(s, 0, "shadow_blue", "blue:shadow", "blue:shadow")
    draw_keep_one(s, "red", "roll:shadow", "fear:blue")
    sh = s.seats[0]
    assert sh.shadow_count("blue") == 1 and len(sh.hunt) == 1 and len(sh.shadow["blue"]) == 1
    assert "rest:hunt:blue" in legal(s)


def test_fear_is_optional():
    s = new(3)
    draw_keep_one(s, "red", "roll:shadow", "fear:none")
    assert len(s.seats[0].shadow["red"]) == 1 and s.seats[0].hunt == []


def test_depths_shadow_resolves_the_new_dream_at_once():
    """lucidity-en FAQ: a dream (re)rolled by a Shadow of the Depths resolves immediately,
    before the other dreams."""
    s = new(3)
    play(
        s,
        "track:4-6-8",
        "draw:blue",
        "draw:green",
        "draw:red",
        "draw:red",
        "return:red",
        "return:red",
    )
    play(s, "roll:shadow", "roll:shadow")  # green then blue
    play(s, "resolve:shadow:blue", "draw:yellow", "roll:exhaust")
    kinds = [(e.kind, e.data.get("colour")) for e in s.events()]
    # the new yellow dream was placed before the waiting green shadow was resolved
    assert kinds.index(("placed", "yellow")) < kinds.index(("shadow", "green"))


def test_without_power_of_its_colour_the_new_dream_resolves_at_once():
    s = new(3)
    give(s, 0, "power", "green:power1")
    draw_keep_one(s, "blue", "roll:shadow", "draw:red", "roll:hunt", returned="green")
    assert len(s.seats[0].hunt) == 1 and s.decision().kind == "rest_or_draw"


def test_en_shadow_of_envy_any_dream_on_the_card_including_the_envy_dream():
    """lucidity-en "Shadow of Envy": "The next player may choose any 1 dream on your card"
    (unlike lucidity-es, the Envy dream just placed may be chosen)."""
    s = new(3)
    give(s, 0, "power", "red:power2")
    draw_keep_one(s, "green", "roll:shadow")
    assert s.to_move() == (1,)
    assert sorted(legal(s)) == [
        "pick:seat0:power:red:power2",
        "pick:seat0:shadow_green:green:shadow",
    ]
    # labels and the log name the rows in words
    labels = {a.id: a.label for a in s.legal_actions(1)}
    assert labels["pick:seat0:shadow_green:green:shadow"] == (
        "Choose a green dream (shadow) in the green Shadow row of seat 0"
    )
    play(s, "pick:seat0:shadow_green:green:shadow")
    said = s.events()[-1]
    assert said.text == "Seat 1 makes seat 0 reroll a green dream from the green Shadow row"
    assert said.data["row"] == "shadow_green"
    play(s, "roll:exhaust")
    assert [d[:2] for d in s.seats[0].exhaust] == [("green", "exhaust")]


def test_en_shadow_of_imprisonment_without_an_exhaust_dream_only_fills_the_shadow_row():
    """lucidity-en "Shadow of Imprisonment": with no exhaust dream there is nothing to turn;
    the shadow still goes to the Shadow of Imprisonment row."""
    s = new(3)
    draw_keep_one(s, "yellow", "roll:shadow", returned="red")
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
    draw_keep_one(s, "blue", "roll:shadow", "draw:green", "roll:power1", returned="red")
    refs = rules_of(s.events())
    assert 'lucidity-es "Sombra de las profundidades"' in refs
    assert not any(r.startswith("lucidity-en") for r in refs)


def test_en_shadow_of_primeval_fear_may_move_an_exhaust_dream_turned_to_its_shadow_side():
    """lucidity-en "Shadow of Primeval Fear": "any 1 shadow dream on your dreamer card"; an
    exhaust dream turned by Imprisonment shows "its shadow side" (and a rest already returns
    it as "1 shadow dream"), so Fear may move it too, as in lucidity-es."""
    s = new(3)
    give(s, 0, "exhaust", "yellow:exhaust:rotated")
    draw_keep_one(s, "red", "roll:shadow")
    assert legal(s) == ["fear:none", "fear:red", "fear:rotated:yellow"]
    play(s, "fear:rotated:yellow")
    assert s.seats[0].hunt == [("yellow", "exhaust", True)] and s.seats[0].exhaust == []
    assert rules_of(s.events())[-1] == 'lucidity-en "Shadow of Primeval Fear"'


def test_en_shadow_of_the_depths_the_new_dream_is_rolled_under_the_depths():
    """lucidity-en "Shadow of the Depths": "Draw 1 dream, roll it and resolve the result
    immediately": the roll decision and its event cite the Depths (es: "Sombra de las
    profundidades"), not "3. Roll and Resolve Dreams"."""
    for ruleset, ref in (
        ("en", 'lucidity-en "Shadow of the Depths"'),
        ("es", 'lucidity-es "Sombra de las profundidades"'),
    ):
        s = new(3, ruleset=ruleset)
        draw_keep_one(s, "blue", "roll:shadow", "draw:green", returned="red")
        assert s.decision().kind == "roll" and s.decision().rule == ref
        ev = s.apply("roll:power1")
        assert [e.rule for e in ev if e.kind == "rolled"] == [ref]


def test_en_shadow_of_envy_the_reroll_is_rolled_under_envy():
    """lucidity-en "Shadow of Envy": "Reroll that dream and resolve it immediately": the
    reroll's decision and event cite Envy."""
    s = new(3)
    give(s, 0, "power", "red:power2")
    draw_keep_one(s, "green", "roll:shadow", "pick:seat0:power:red:power2", returned="red")
    ref = 'lucidity-en "Shadow of Envy"'
    assert s.decision().rule == ref
    ev = s.apply("roll:hunt")
    assert [e.rule for e in ev if e.kind == "rolled"] == [ref]


def test_shadow_of_envy_the_pick_is_mandatory() -> None:
    """lucidity-en "Shadow of Envy" (the card: "Reroll one dream of next player's choice";
    interpretation 15): the next player must choose a dream; there is no "choose none". With
    only the Envy dream on the card, that dream is rerolled."""
    s = new(3)
    draw_keep_one(s, "green", "roll:shadow")
    assert s.to_move() == (1,) and s.decision().kind == "envy_pick"
    assert legal(s) == ["pick:seat0:shadow_green:green:shadow"]
    play(s, "pick:seat0:shadow_green:green:shadow", "roll:power1")
    assert s.seats[0].shadow["green"] == [] and s.power_of(0) == 1


def test_es_sombra_de_la_envidia_nothing_but_the_envy_dream_nothing_to_choose() -> None:
    """lucidity-es "Sombra de la envidia": "selecciona cualquier sueño de tu carta ...
    excepto el de Envidia"; the choice is mandatory, but with nothing else on the card there
    is nothing to choose and the turn goes on."""
    s = new(3, ruleset="es")
    draw_keep_one(s, "green", "roll:shadow")
    assert s.to_move() == (0,) and s.decision().kind == "rest_or_draw"
    assert len(s.seats[0].shadow["green"]) == 1


def test_en_shadow_of_imprisonment_the_dreamer_chooses_the_exhaust_dream():
    """lucidity-en "Shadow of Imprisonment": "Rotate 1 exhaust dream in your Exhaust row":
    with exhaust dreams of two colours the dreamer chooses which one."""
    s = new(3)
    give(s, 0, "exhaust", "red:exhaust", "yellow:exhaust")
    draw_keep_one(s, "yellow", "roll:shadow")
    assert s.to_move() == (0,) and s.decision().kind == "imprison"
    assert sorted(legal(s)) == [
        "pick:seat0:exhaust:red:exhaust",
        "pick:seat0:exhaust:yellow:exhaust",
    ]
    play(s, "pick:seat0:exhaust:yellow:exhaust")
    assert s.seats[0].exhaust == [("red", "exhaust", False), ("yellow", "exhaust", True)]
    assert "rest:rotated:yellow" in legal(s)
    # one colour only: nothing to choose
    s = new(3)
    give(s, 0, "exhaust", "red:exhaust", "red:exhaust")
    draw_keep_one(s, "yellow", "roll:shadow")
    assert s.decision().kind == "rest_or_draw"
    assert s.seats[0].exhaust == [("red", "exhaust", True), ("red", "exhaust", False)]


def test_en_shadow_of_primeval_fear_a_moved_shadow_leaves_its_shadow_row():
    """lucidity-en "Shadow of Primeval Fear" ("now counts towards filling your Hunt row") and
    the FAQ "almost impossible to become a Nightmare of Primeval Fear": moving the third red
    shadow to the Hunt row keeps the dreamer from becoming the red Nightmare."""
    s = new(3)
    give(s, 0, "shadow_red", "red:shadow", "red:shadow")
    draw_keep_one(s, "red", "roll:shadow", "fear:red")
    assert s.seats[0].role == "dreamer" and len(s.seats[0].hunt) == 1
    assert s.seats[0].shadow_count("red") == 2
    # not moving it: the third red shadow makes the red Nightmare
    s = new(3)
    give(s, 0, "shadow_red", "red:shadow", "red:shadow")
    draw_keep_one(s, "red", "roll:shadow", "fear:none")
    assert s.seats[0].role == "nightmare" and s.seats[0].colour == "red"


def test_en_shadow_of_primeval_fear_a_moved_shadow_fills_the_hunt_row():
    """lucidity-en "Shadow of Primeval Fear": the moved shadow counts towards the Hunt row:
    three hunts and a moved shadow eat the dreamer."""
    s = new(3)
    give(s, 0, "hunt", "red:hunt", "red:hunt", "red:hunt")
    give(s, 0, "shadow_blue", "blue:shadow")
    draw_keep_one(s, "red", "roll:shadow", "fear:blue")
    assert s.seats[0].role == "eliminated"


def test_es_depths_new_shadow_joins_the_unresolved_dreams():
    """lucidity-es "Sombra de las profundidades": a new shadow is added to the unresolved
    dreams (resolved in the player's order); anything else resolves at once."""
    s = new(3, ruleset="es")
    draw_keep_two(
        s,
        "blue",
        "yellow",
        "roll:shadow",
        "roll:shadow",
        "resolve:shadow:blue",
        "draw:green",
        "roll:shadow",
        returned="red",
    )
    assert sorted(d[0] for d in s.rolled) == ["green", "yellow"]
    assert legal(s) == ["resolve:shadow:green", "resolve:shadow:yellow"]


def test_es_envy_cannot_pick_the_envy_dream_itself():
    """lucidity-es "Sombra de la envidia": any dream except the Envy one."""
    s = new(3, ruleset="es")
    give(s, 0, "power", "blue:power1")
    draw_keep_one(s, "green", "roll:shadow")
    assert legal(s) == ["pick:seat0:power:blue:power1"]
    en = new(3)
    give(en, 0, "power", "blue:power1")
    draw_keep_one(en, "green", "roll:shadow")
    assert "pick:seat0:shadow_green:green:shadow" in legal(en)


def test_es_fear_can_move_a_turned_exhaust_dream():
    """lucidity-es "Sombra del miedo primigenio": any shadow-showing dream, not only Shadow rows."""
    s = new(3, ruleset="es")
    give(s, 0, "exhaust", "yellow:exhaust:rotated")
    draw_keep_one(s, "red", "roll:shadow")
    assert "fear:rotated:yellow" in legal(s)
    play(s, "fear:rotated:yellow")
    assert s.seats[0].hunt[0][0] == "yellow"
