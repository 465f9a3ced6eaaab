"""lucidity-es differences, the options, the content file and the FAQ slips."""

from __future__ import annotations

import json

import pytest

import oneiros
from oneiros import ConfigError, ContentError
from oneiros.games.lucidity.content import DEFAULT_FILE, load_content

from .builder import set_nightmare
from .helpers import chance_ids, check_invariants, empty_bag_but, give, legal, new, play


def test_es_depths_new_shadow_joins_the_unresolved_dreams():
    """lucidity-es "Sombra de las profundidades": a new shadow is added to the unresolved
    dreams (resolved in the player's order); anything else resolves at once."""
    s = new(3, ruleset="es")
    play(
        s,
        "track:4-6-8",
        "draw:blue",
        "draw:yellow",
        "draw:red",
        "draw:red",
        "return:red",
        "return:red",
    )
    play(s, "roll:shadow", "roll:shadow", "resolve:shadow:blue", "draw:green", "roll:shadow")
    assert sorted(d[0] for d in s.rolled) == ["green", "yellow"]
    assert legal(s) == ["resolve:shadow:green", "resolve:shadow:yellow"]


def test_es_envy_cannot_pick_the_envy_dream_itself():
    """lucidity-es "Sombra de la envidia": any dream except the Envy one."""
    s = new(3, ruleset="es")
    give(s, 0, "power", "blue:power1")
    play(
        s,
        "track:3-5-7",
        "draw:green",
        "draw:blue",
        "draw:blue",
        "return:blue",
        "return:blue",
        "roll:shadow",
    )
    assert legal(s) == ["pick:seat0:power:blue:power1"]
    en = new(3)
    give(en, 0, "power", "blue:power1")
    play(
        en,
        "track:3-5-7",
        "draw:green",
        "draw:blue",
        "draw:blue",
        "return:blue",
        "return:blue",
        "roll:shadow",
    )
    assert "pick:seat0:shadow_green:green:shadow" in legal(en)


def test_es_fear_can_move_a_turned_exhaust_dream():
    """lucidity-es "Sombra del miedo primigenio": any shadow-showing dream, not only Shadow rows."""
    s = new(3, ruleset="es")
    give(s, 0, "exhaust", "yellow:exhaust:rotated")
    play(
        s,
        "track:3-5-7",
        "draw:red",
        "draw:blue",
        "draw:blue",
        "return:blue",
        "return:blue",
        "roll:shadow",
    )
    assert "fear:rotated:yellow" in legal(s)
    play(s, "fear:rotated:yellow")
    assert s.seats[0].hunt[0][0] == "yellow"


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


def test_temptation_needs_es_and_replaces_a_card():
    """lucidity-es "Preparar": the Nightmare of Temptation replaces Envy or Primeval Fear."""
    with pytest.raises(ConfigError, match="temptation"):
        oneiros.make("lucidity", options={"temptation": "envy"})
    g = oneiros.make("lucidity", ruleset="es", options={"temptation": "fear"})
    assert g.nightmare_cards["red"].name == "Nightmare of Temptation"
    assert g.nightmare_cards["green"].name == "Nightmare of Envy"


def test_bad_options_are_one_line_config_errors():
    for opts, word in (
        ({"first_player": "3"}, "seat 3"),
        ({"bone_hunters": 9}, "bone_hunters"),
        ({"nope": 1}, "nope"),
    ):
        with pytest.raises(ConfigError, match=word) as exc:
            oneiros.make("lucidity", players=2, options=opts)
        assert "\n" not in str(exc.value)
    with pytest.raises(ConfigError, match=r"rule set"):
        oneiros.make("lucidity", ruleset="fr")


def test_replacement_dice_make_an_88_dream_bag():
    """lucidity-en "Replacement Dice": 88 dreams."""
    s = new(4, replacement_dice=True)
    assert sum(s.bag.values()) == 88
    check_invariants(s)


def test_random_first_player_is_a_chance_decision():
    s = oneiros.make("lucidity", players=3).new_state(seed=1)
    assert chance_ids(s) == ["first:0", "first:1", "first:2"]
    s.apply("first:2")
    assert s.to_move() == (2,)


def test_content_file_errors_name_file_entry_problem(tmp_path):
    good = json.loads(DEFAULT_FILE.read_text())
    bad = dict(good)
    bad["dice"] = dict(good["dice"])
    bad["dice"]["red"] = {"faces": ["power2", "hunt", "x", "shadow", "shadow", "exhaust"]}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    with pytest.raises(ContentError) as exc:
        load_content(path)
    assert str(path) in str(exc.value) and "dice.red.faces[2]" in str(exc.value)
    bad["dice"]["red"] = {"faces": ["power2"]}
    path.write_text(json.dumps(bad))
    with pytest.raises(ContentError, match=r"dice\.red\.faces"):
        load_content(path)
    path.write_text("{ nope")
    with pytest.raises(ContentError, match="not valid JSON"):
        load_content(path)
    with pytest.raises(ConfigError, match=r"bad\.json"):
        oneiros.make("lucidity", options={"content": str(path)})


def test_content_option_changes_the_dice(tmp_path):
    data = json.loads(DEFAULT_FILE.read_text())
    data["dice"]["green"]["faces"] = ["power2"] * 6
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data))
    s = new(3, content=str(path))
    play(s, "track:3-5-7", "draw:green", "draw:blue", "draw:blue", "return:blue", "return:blue")
    assert chance_ids(s) == ["roll:power2"]


def test_every_provisional_entry_has_a_reason():
    for entry, reason in load_content().provisional():
        assert reason and "\n" not in reason, entry


def test_rule_text_for_every_reference_used():
    from oneiros.games.lucidity.refs import all_rule_refs

    g = oneiros.make("lucidity")
    for ref in all_rule_refs():
        assert g.rule_text(ref), ref


def test_temptation_takes_power_and_offers_power_provisional_card():
    """lucidity-es "Preparar" (Temptation variant) with the provisional card: it takes a
    1-power dream of its colour, gives one of its own Power dreams, the dreamer draws and rolls."""
    s = new(3, ruleset="es", temptation="envy")
    set_nightmare(s, 1, "green")
    give(s, 1, "power", "red:power2")
    play(
        s,
        "track:3-5-7",
        "draw:green",
        "draw:blue",
        "draw:blue",
        "return:blue",
        "return:blue",
        "roll:power1",
    )
    assert s.power_of(1) == 3 and s.to_move() == (1,)
    play(s, "ability:use")
    assert legal(s) == ["pick:seat1:power:red:power2", "pick:seat1:power:green:power1"]
    play(s, "pick:seat1:power:red:power2", "draw:yellow", "roll:exhaust")
    assert s.power_of(0) == 2 and len(s.seats[0].exhaust) == 1 and s.power_of(1) == 1
