"""Rules fixed after the rulebook audit (lucidity-en, lucidity-es and the de-lux booklet).
Each test is named after the rulebook section it checks."""

from __future__ import annotations

import oneiros
from oneiros.games.lucidity.actions import ACTION_IDS

from .builder import set_eliminated
from .helpers import (
    empty_bag_but,
    give,
    legal,
    make_nightmare,
    new,
    nightmare_turn,
    play,
    rules_of,
)


# ----- Power Victory ------------------------------------------------------------------------
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
    play(s, "track:3-5-7", "draw:blue", "draw:red", "draw:red", "return:red", "return:red")
    play(s, "roll:shadow", "ability:pass", "rest:none")
    assert s.power_of(1) == 15
    assert s.final_turns == (2, 0) and s.current == 2


def test_dreamscape_power_goal_is_named_in_the_power_victory_event():
    """lucidity-en "Dreamscapes Expansion" with "Power Victory": the event states the goal
    of the Dreamscape (12 with Shallow Sleep), not 15."""
    s = new(3, dreamscapes=True)
    play(s, "dreamscape:d02")
    give(s, 0, "power", *["red:power2"] * 6)  # 12
    play(s, "track:3-5-7", "draw:green", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:exhaust", "rest:exhaust")
    ev = [e for e in s.events() if e.kind == "power_victory"][-1]
    assert "12 Power" in ev.text and "15" not in ev.text


# ----- 4. Check for Filled Rows ---------------------------------------------------------------


def test_en_two_player_games_nightmare_cites_the_four_spaces():
    """lucidity-en "Two Player Games": "you need to fill all four spaces of a Shadow row":
    becoming a Nightmare with two players cites the section."""
    s = new(2)
    give(s, 0, "shadow_yellow", "yellow:shadow", "yellow:shadow")
    play(s, "track:3-5-7", "draw:yellow", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:shadow")  # three yellow shadows are not enough with two players
    assert s.seats[0].role == "dreamer"
    s = new(2)
    give(s, 0, "shadow_yellow", "yellow:shadow", "yellow:shadow", "yellow:shadow")
    play(s, "track:3-5-7", "draw:yellow", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:shadow")
    assert s.seats[0].role == "nightmare"
    assert 'lucidity-en "Two Player Games"' in rules_of(s.events())


def test_en_nightmare_victory_only_a_nightmare_wins():
    """lucidity-en "How to win" / "Nightmare Victory": "In the case that all players have
    become Nightmares or been eaten, the Nightmare with the most Power wins": an eaten
    player never shares it."""
    s = new(2)
    make_nightmare(s, 0, "green")
    give(s, 1, "hunt", "red:hunt", "red:hunt", "red:hunt")
    nightmare_turn(s, 0)
    play(s, "minions", "draw:red", "draw:red", "minion:red", "target:seat1", "roll:hunt")
    assert s.end_reason() == "nightmare" and s.winners() == [0]


def test_es_fin_del_juego_nightmare_victory_only_a_nightmare_wins():
    """lucidity-es "Fin del juego": "gana la pesadilla con más poder"."""
    s = new(2, ruleset="es")
    make_nightmare(s, 0, "green")
    give(s, 1, "hunt", "red:hunt", "red:hunt", "red:hunt")
    nightmare_turn(s, 0)
    play(s, "minions", "draw:red", "draw:red", "minion:red", "target:seat1", "roll:hunt")
    assert s.end_reason() == "nightmare" and s.winners() == [0]


# ----- Re-rolling dreams ----------------------------------------------------------------------


# ----- Shadows ------------------------------------------------------------------------------
def test_en_shadow_of_imprisonment_the_dreamer_chooses_the_exhaust_dream():
    """lucidity-en "Shadow of Imprisonment": "Rotate 1 exhaust dream in your Exhaust row":
    with exhaust dreams of two colours the dreamer chooses which one."""
    s = new(3)
    give(s, 0, "exhaust", "red:exhaust", "yellow:exhaust")
    play(s, "track:3-5-7", "draw:yellow", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:shadow")
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
    play(s, "track:3-5-7", "draw:yellow", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:shadow")
    assert s.decision().kind == "rest_or_draw"
    assert s.seats[0].exhaust == [("red", "exhaust", True), ("red", "exhaust", False)]


def test_en_shadow_of_primeval_fear_a_moved_shadow_leaves_its_shadow_row():
    """lucidity-en "Shadow of Primeval Fear" ("now counts towards filling your Hunt row") and
    the FAQ "almost impossible to become a Nightmare of Primeval Fear": moving the third red
    shadow to the Hunt row keeps the dreamer from becoming the red Nightmare."""
    s = new(3)
    give(s, 0, "shadow_red", "red:shadow", "red:shadow")
    play(s, "track:3-5-7", "draw:red", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:shadow", "fear:red")
    assert s.seats[0].role == "dreamer" and len(s.seats[0].hunt) == 1
    assert s.seats[0].shadow_count("red") == 2
    # not moving it: the third red shadow makes the red Nightmare
    s = new(3)
    give(s, 0, "shadow_red", "red:shadow", "red:shadow")
    play(s, "track:3-5-7", "draw:red", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:shadow", "fear:none")
    assert s.seats[0].role == "nightmare" and s.seats[0].colour == "red"


def test_en_shadow_of_primeval_fear_a_moved_shadow_fills_the_hunt_row():
    """lucidity-en "Shadow of Primeval Fear": the moved shadow counts towards the Hunt row:
    three hunts and a moved shadow eat the dreamer."""
    s = new(3)
    give(s, 0, "hunt", "red:hunt", "red:hunt", "red:hunt")
    give(s, 0, "shadow_blue", "blue:shadow")
    play(s, "track:3-5-7", "draw:red", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:shadow", "fear:blue")
    assert s.seats[0].role == "eliminated"


# ----- references -----------------------------------------------------------------------------
def test_bone_hunters_the_shadowmark_three_shadowmarks_cite_the_shadowmark():
    """lucidity-en "The Shadowmark": "If you ever have three or more Shadowmarks ... you are
    eliminated": the event cites that section and does not say "eaten"."""
    s = new(3, bone_hunters=3)
    give(s, 0, "marks", "bone:shadowmark", "bone:shadowmark")
    play(s, "track:3-5-7", "draw:bone", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:shadowmark")
    ev = [e for e in s.events() if e.kind == "eliminated"][-1]
    assert ev.rule == 'lucidity-en "The Shadowmark"' and "eaten" not in ev.text
    assert s.seats[0].role == "eliminated"


def test_bone_hunters_expansion_only_bone_hunters_in_hand_cites_the_expansion():
    """lucidity-en "Bone Hunters Expansion": Bone Hunters are never returned: with only
    Bone Hunters in hand the return step ends, citing the expansion."""
    s = new(3, bone_hunters=3)
    play(s, "track:3-5-7", "draw:bone", "draw:bone", "draw:bone")
    assert s.is_chance() and s.decision().kind == "roll"
    assert 'lucidity-en "Bone Hunters Expansion"' in rules_of(s.events())


def test_bone_hunters_expansion_two_bone_hunters_drawn_as_minions_go_back():
    """lucidity-en "Bone Hunters Expansion" ("never given as minions"): both drawn dreams
    are Bone Hunters, they go back to the bag, citing the expansion."""
    s = new(3, bone_hunters=2)
    make_nightmare(s, 0, "green")
    nightmare_turn(s, 0)
    play(s, "minions", "draw:bone", "draw:bone")
    assert s.bag["bone"] == 2 and s.current == 1
    assert 'lucidity-en "Bone Hunters Expansion"' in rules_of(s.events())


def test_es_preparar_temptation_draw_cites_the_ability_not_the_depths():
    """lucidity-es "Habilidades de pesadilla" (Nightmare of Temptation): the dreamer's draw
    after the offer is the ability, not a Shadow of the Depths."""
    s = new(3, ruleset="es", temptation="envy")
    make_nightmare(s, 1, "green")
    give(s, 1, "power", "blue:power1")
    play(s, "track:3-5-7", "draw:green", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:power1", "ability:use", "pick:seat1:power:blue:power1")
    assert s.decision().rule == 'lucidity-es "Habilidades de pesadilla"'
    play(s, "draw:red")
    ev = [e for e in s.events() if e.kind == "drawn"][-1]
    assert ev.rule == 'lucidity-es "Habilidades de pesadilla"'


def test_every_rule_reference_used_is_explained():
    """Every event and decision reference of a few hundred random games has a rule text."""
    import random

    for ruleset, options in (
        ("en", {"bone_hunters": 3, "manifestations": True}),
        ("es", {"bone_hunters": 2, "temptation": "fear"}),
        ("en", {"dreamscapes": True, "table_slips": True, "fourth_shadow_space": True}),
        ("es", {"table_slips": True}),
    ):
        for players in (2, 4):
            game = oneiros.make("lucidity", players=players, ruleset=ruleset, options=options)
            for seed in range(15):
                state = game.new_state(seed=seed)
                rng = random.Random(seed)
                refs: set[str] = set()
                while not state.is_terminal():
                    d = state.decision()
                    if d is not None:
                        refs.add(d.rule)
                    if state.is_chance():
                        state.apply(state.sample_chance(rng))
                    else:
                        state.apply(rng.choice(state.legal_actions()))
                refs |= set(rules_of(state.events()))
                for ref in refs:
                    assert game.rule_text(ref), ref


def test_minion_none_is_no_longer_an_action_id():
    """lucidity-en "Send Minions": no decision gives nothing (Bone Hunters go back without
    one), so the action space has no `minion:none`; new ids come last."""
    assert "minion:none" not in ACTION_IDS
    assert ACTION_IDS[-2:] == ("reroll:chosen", "replace:bone")


def test_fourth_shadow_space_with_es_is_a_house_rule_cited_from_the_english_book():
    """lucidity-en "Two Player Games" (the optional fourth space for 3-4 players): accepted
    with es as a house rule; becoming a Nightmare cites the English section."""
    s = new(3, ruleset="es", fourth_shadow_space=True)
    give(s, 0, "shadow_yellow", "yellow:shadow", "yellow:shadow", "yellow:shadow")
    play(s, "track:3-5-7", "draw:yellow", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:shadow")
    assert s.seats[0].role == "nightmare"
    assert 'lucidity-en "Two Player Games"' in rules_of(s.events())


# ----- set-up, goal and documented interpretations ------------------------------------------
def test_en_setting_up_80_dreams_named_first_player_clockwise():
    """lucidity-en "Setting Up": the 80 dreams (20 of each colour) go into the bag; the
    first player goes first and play continues clockwise (an eaten seat is skipped)."""
    s = new(4, first_player="2")
    assert s.bag == {"blue": 20, "green": 20, "yellow": 20, "red": 20, "bone": 0}
    assert s.current == 2 and s.to_move() == (2,)
    set_eliminated(s, 3)
    play(s, "track:3-5-7", "draw:green", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:exhaust", "rest:exhaust")
    assert s.current == 0


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


def test_en_turn_order_nightmare_empty_bag_nothing_to_consume_interpretation():
    """lucidity-en "Turn Order (Nightmare)" with "Dream Victory" (interpretation, see the
    docs): a Nightmare with nothing to consume and an empty bag passes; the next draw from
    the empty bag ends the game."""
    s = new(3)
    make_nightmare(s, 0, "green")
    empty_bag_but(s, {})
    nightmare_turn(s, 0)
    s._advance()
    assert s.current == 1 and s.decision().kind == "choose_track"
    play(s, "track:3-5-7")
    assert s.end_reason() == "dream"


def test_es_juegos_de_dos_jugadores_four_shadows():
    """lucidity-es "Juegos de dos jugadores": with two players, a Nightmare only when the
    four spaces of a Shadow row are filled; the event cites the Spanish section."""
    s = new(2, ruleset="es")
    give(s, 0, "shadow_yellow", "yellow:shadow", "yellow:shadow")
    play(s, "track:3-5-7", "draw:yellow", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:shadow")
    assert s.seats[0].role == "dreamer"
    s = new(2, ruleset="es")
    give(s, 0, "shadow_yellow", "yellow:shadow", "yellow:shadow", "yellow:shadow")
    play(s, "track:3-5-7", "draw:yellow", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:shadow")
    assert s.seats[0].role == "nightmare"
    assert 'lucidity-es "Juegos de dos jugadores"' in rules_of(s.events())
