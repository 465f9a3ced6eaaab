"""Scenarios of the Dreamscape Phase, Entities, the Turn deck and losing (each names its
etherfields section; chance is forced by id)."""

from __future__ import annotations

import oneiros

from .builder import ALL_TILES, event_kinds, legal, play, position, run_effect

BASIC = ["T-02"]  # hearts: basic, movement


def test_entity_effects_example_ranges_once_per_entity_and_morphings():
    """etherfields "Entity & Dream/Slumber Effects", "FAQ / Clarifications — Entity":
    Basic (range 1, 1 Distress) with Dreamers at ranges 0-3 and two moths: each Dreamer in
    range suffers once."""
    s = position(
        4,
        at=["B2.4", "B2.3", "A2.4", "A2.3"],  # ranges 0, 1, 2, 3 from the moth at B2.4
        entities=[("rust-moth", "B2.4"), ("rust-moth", "B2.1")],  # B2.3 is in range of both
        turn="T-02",
        phase="dreamscape",
    )
    assert s.distress == [1, 1, 0, 0]
    s = position(
        4,
        at=["B2.4", "B2.3", "A2.4", "A2.3"],
        entities=[("rust-moth", "B2.4")],
        morphings={"rust-moth": ["distress", "range"]},
        turn="T-02",
        phase="dreamscape",
    )
    assert s.distress == [2, 2, 2, 0]  # +1 Distress, +1 range ("Morphings")


def test_special_effect_seals_and_erosion_adds():
    """etherfields "Entity & Dream/Slumber Effects": Special (range 2, Seal 2)."""
    s = position(1, at=["A2.4"], entities=[("rust-moth", "B2.4")], turn="T-04", phase="dreamscape")
    play(s, "mdie:1")  # T-04: movement, then special
    assert s.minis[0][2] == "B2.3"
    assert s.flow.top.kind == "seal"
    play(s, legal(s)[0], legal(s)[0])
    assert s.tally["sealed"] == 2


def test_spawn_allocation_even_and_suit_first():
    """etherfields "Entity Spawn": 3 Entities on 2 Spawn spaces go 2 and 1; the space of
    the current Turn suit takes the first; between equal spaces the team chooses (the First
    Player, "Multiple Choices")."""
    tiles = ("OD-01 SETUP", "OD-01 T2", "OD-01 T4")
    s = position(2, tiles=tiles, turn="T-04", first=1)  # spades: no suit space matches
    run_effect(s, "spawn('rust-moth', 3)")
    assert s.to_move() == (1,) and sorted(legal(s, 1)) == ["space:B1.1", "space:B2.4"]
    play(s, "space:B1.1", seat=1)
    assert s.to_move() == (1,) and sorted(legal(s, 1)) == ["space:B1.1", "space:B2.4"]
    play(s, "space:B1.1", seat=1)  # the second went to B2.4 by itself: now 1 and 1
    assert sorted(m[2] for m in s.minis) == ["B1.1", "B1.1", "B2.4"]
    s = position(1, tiles=tiles, turn="T-01")  # hearts: B2.4 first
    run_effect(s, "spawn('rust-moth', 3)")
    assert [m[2] for m in s.minis] == ["B2.4", "B1.1"]
    assert sorted(legal(s)) == ["space:B1.1", "space:B2.4"]
    play(s, "space:B2.4")
    assert [m[2] for m in s.minis] == ["B2.4", "B1.1", "B2.4"]
    run_effect(s, "spawn('rust-moth', 3)")
    play(s, legal(s)[0])
    assert len(s.minis) == 4 and "spawn_limit" in event_kinds(s)  # "Component Limitations"


def test_entity_movement_one_space_face_ignores_haste():
    """etherfields "Entity Movement", "Morphings": "1 space" moves 1 even with Movement +."""
    s = position(
        1,
        at=["A2.1"],
        entities=[("rust-moth", "B2.4")],
        morphings={"rust-moth": ["movement"]},
        turn="T-02",
        phase="dreamscape",
    )
    play(s, "mdie:1")
    assert s.minis[0][2] == "B2.3"


def test_entity_movement_again_chains_and_stops_on_a_dreamer():
    """etherfields "Entity Movement": Movement then roll again; equal paths are the First
    Player's choice; entering a Dreamer's space ends the Move."""
    s = position(1, at=["A2.1"], entities=[("rust-moth", "B2.4")], turn="T-02", phase="dreamscape")
    play(s, "mdie:again")
    assert s.minis[0][2] == "A2.4" and s.to_move() == (oneiros.CHANCE,)
    play(s, "mdie:3")
    assert sorted(legal(s)) == ["space:A2.2", "space:A2.3"]
    play(s, "space:A2.3")
    assert s.minis[0][2] == "A2.1"  # 2 of 2 spaces, on the Dreamer


def test_equidistant_dreamers_the_first_player_decides():
    """etherfields "Entity Movement": "If several Dreamers are in the same range, Players
    decide" (the First Player, design §6 reading 9)."""
    s = position(
        2,
        at=["A2.3", "A2.2"],
        entities=[("rust-moth", "A2.4")],
        turn="T-02",
        first=1,
        phase="dreamscape",
    )
    play(s, "mdie:1")
    assert s.to_move() == (1,) and sorted(legal(s, 1)) == ["space:A2.2", "space:A2.3"]
    play(s, "space:A2.2", seat=1)
    assert s.minis[0][2] == "A2.2"


def test_no_path_no_move_and_already_with_a_dreamer():
    """etherfields "Entity Movement": without a legal path, or already in a space with a
    Dreamer, the Entity does not move."""
    tiles = ("OD-01 SETUP", "OD-01 T2", "OD-01 I")  # the tower, cut off until B1 is revealed
    s = position(
        1,
        tiles=tiles,
        at=["A2.1"],
        entities=[("rust-moth", "C1.2")],
        turn="T-02",
        phase="dreamscape",
    )
    play(s, "mdie:2")
    assert s.minis[0][2] == "C1.2" and "entity_stuck" in event_kinds(s)
    s = position(1, at=["B2.4"], entities=[("rust-moth", "B2.4")], turn="T-02", phase="dreamscape")
    assert s.distress == [1]
    play(s, "mdie:2")
    assert s.minis[0][2] == "B2.4" and "entity_stays" in event_kinds(s)


def test_a_blocked_step_is_skipped():
    """etherfields "Other Turn Card Rules": a blocked step is skipped."""
    s = position(
        1,
        at=["B2.4"],
        entities=[("rust-moth", "B2.4")],
        turn="T-02",
        blocked=[0],
        phase="dreamscape",
    )
    assert s.distress == [0] and "step_blocked" in event_kinds(s)


def test_discarding_the_last_turn_card_reads_out_of_turns():
    """etherfields "2) Discard Turn Step": the last Turn card discarded runs script 18."""
    s = position(1, turns_left=0, phase="end")
    assert s.is_terminal() and s.reason == "out_of_turns"
    assert any(e.kind == "script" and e.data["n"] == 18 for e in s.events())
    s = position(1, turns_left=0, flags=["half_wound"], phase="end")
    assert s.ether == [1] and s.scores() == [0.0]


def test_a_turn_bought_takes_a_face_down_card_then_the_discard_bottom():
    """etherfields "Other Turn Card Rules" (Add 1 Turn), "Counting Turns": the Dream's
    Flying rule adds a Turn: a face-down card while one is left, else the known bottom of
    the Turn discard pile (design §6, reading 14)."""
    s = position(1, hands={0: ["s05"]}, turns_left=3, turn_discard=["T-05"], hours=3)
    play(s, "use:flying:bell", f"pay:{s.table.find('hand', 's05', 0)}:cunning")
    assert s.turns_left == 4 and s.hours == 2  # script 14: the bell costs an Hour
    assert "use:flying:bell" not in legal(s)  # once per Dream
    s = position(1, hands={0: ["s05"]}, turns_left=10, turn_discard=["T-05"])
    play(s, "use:flying:bell", f"pay:{s.table.find('hand', 's05', 0)}:cunning")
    assert s.turns_left == 11 and s.table.count("turn_discard") == 0
    assert s.observation(0)["turn_deck"] == ["T-05"]  # known, at the bottom of the deck
    play(s, "pass")
    assert "turn:T-05" not in legal(s) and len(legal(s)) == 10  # drawn after the 10 others


def test_hours_buy_turns_and_the_added_card_comes_last():
    """etherfields "The Clock" ("spending X HOURS for X ... TURNS"), "Other Turn Card
    Rules" (Add 1 Turn: the bottom card of the Turn discard pile goes to the bottom of the
    Turn deck), design §6 reading 14 (any number of times in the Dreamers Phase)."""
    # 1 card left in the deck: 8 of the 9 unseen cards lie face down in the discard pile
    s = position(1, turns_left=1, turn_discard=["T-05", "T-07"], hours=2)
    play(s, "use:basic:turn")
    assert s.hours == 1 and s.turns_left == 2 and s.observation(0)["turn_deck"] == []
    assert "use:basic:turn" in legal(s)  # again, while Hours are left
    # every unseen card is in the deck: the known bottom of the pile, T-05, goes under it
    s = position(1, turns_left=9, turn_discard=["T-05", "T-07"], hours=1)
    play(s, "use:basic:turn")
    assert s.hours == 0 and s.turns_left == 10 and "use:basic:turn" not in legal(s)
    assert s.observation(0)["turn_deck"] == ["T-05"]
    for _ in range(9):  # the nine unknown cards come first, at random
        play(s, "pass")
        assert "turn:T-05" not in legal(s)
        play(s, legal(s)[0])
        while s.flow.top is not None and s.flow.top.kind != "card_action":
            play(s, legal(s)[0])
    play(s, "pass")
    assert legal(s) == ["turn:T-05"]


def test_each_way_of_losing():
    """etherfields "Distress and Dying": the 8th Distress; Distress with the pool empty;
    fewer than 6 cards in deck, hand and discard (Sealed not counted)."""
    from oneiros.games.etherfields.rules import check_cards, suffer

    s = position(1, distress=[7])
    suffer(s, s.flow, 0, 1)
    assert s.reason == "distress" and s.is_terminal()
    s = position(3, distress=[6, 6, 4])
    suffer(s, s.flow, 2, 1)
    assert s.reason == "empty_pool" and s.distress == [6, 6, 4]
    s = position(1, decks={0: ["s01", "s02"]}, hands={0: ["s03", "s04"]}, discards={0: ["s05"]})
    check_cards(s, s.flow)
    assert s.reason == "too_few_cards"


def test_a_loss_mid_effect_stops_it():
    """etherfields "Distress and Dying": the Dream ends at once, the rest of the step is
    not resolved."""
    s = position(
        2,
        at=["B2.4", "B2.3"],
        distress=[7, 0],
        entities=[("rust-moth", "B2.4")],
        turn="T-02",
        phase="dreamscape",
    )
    assert s.reason == "distress" and s.distress == [8, 0] and s.is_terminal()


def test_entrance_choice_and_setup():
    """etherfields "Dream Gate Tiles", "Dreamer's Entrance": Setup tiles, the intro script
    spawns the moths, each Dreamer enters on either Entrance space."""
    s = oneiros.make("etherfields", players=2).new_state(0)
    assert s.tiles == ["OD-01 SETUP", "OD-01 T2"] and len(s.minis) == 2
    assert sorted(legal(s, 1)) == ["space:A2.3", "space:A2.4"]
    play(s, "space:A2.4", seat=1)
    play(s, "space:A2.3", seat=0)
    assert s.pos == ["A2.3", "A2.4"] and s.to_move() == (oneiros.CHANCE,)
    assert legal(s)[0].startswith("turn:")


def test_map_reveals_and_the_whole_dream_can_be_won():
    """etherfields "Map Actions", "Secret Scripts", "Finishing Dreams/Slumbers": with three
    Gears gathered the clock is wound at the tower (Gradual: 3 Cunning per Dreamer)."""
    s = position(1, tiles=ALL_TILES, at=["C1.2"], hands={0: ["s05", "s09"]}, flags=["gears"])
    play(s, "use:map:C1.2:wind")
    play(s, f"pay:{s.table.find('hand', 's05', 0)}:cunning")
    assert s.flow.top.need(s) == 3 and not s.is_terminal()
    play(s, f"pay:{s.table.find('hand', 's09', 0)}:cunning")
    assert s.is_terminal() and s.reason == "victory" and s.ether == [2]
    assert s.scores() == [1.0] and s.winners() == [0]


def test_a_gem_rerolls_the_movement_die_and_only_the_last_result_applies():
    """etherfields "Rerolls", "Basic Actions Card" (Use a Shining Gem)."""
    s = position(
        2,
        at=["A2.1", "A2.1"],
        gems=[0, 1],
        entities=[("rust-moth", "B2.4")],
        turn="T-02",
        phase="dreamscape",
    )
    play(s, "mdie:again")
    assert s.to_move() == (1,) and legal(s, 1) == ["reroll:gem", "done"]
    play(s, "reroll:gem", seat=1)
    play(s, "mdie:1")
    assert s.minis[0][2] == "B2.3" and s.gems == [0, 0]


def test_no_reroll_is_offered_under_the_morphings_that_forbid_it():
    """etherfields "Morphings": no rerolls / no Gem rerolls; the window does not open."""
    for kind in ("no_reroll", "no_gem_reroll"):
        s = position(
            1,
            at=["A2.1"],
            gems=[1],
            entities=[("rust-moth", "B2.4")],
            morphings={"rust-moth": [kind]},
            turn="T-02",
            phase="dreamscape",
        )
        play(s, "mdie:1")
        assert s.minis[0][2] == "B2.3" and s.gems == [1]
