"""Slumbers, Fate, Loot and the Delta Phase: the rulebook's rules as scenarios with forced
chance (etherfields "Slumber Entity Tiles", "Other Turn Card Rules", "Fate Cards", "Delta
Phase", "Slumbers", "Finishing Dreams/Slumbers"; design P3 acceptance 1-7)."""

from __future__ import annotations

import oneiros

from .slumber_play import drive, events, run_effect, start, top_kind


def _placed(s):
    """Both Dreamers placed on the Setup tiles at A1.1."""
    for seat in range(s.game.players):
        s.apply("space:A1.1", player=seat)
    return s


def test_skip_before_setup_when_the_out_of_turns_effect_uses_nothing_set_up():
    # "Slumber Entity Tiles" (Out of Turns / Skip): OS-03 may be skipped before set-up
    s = _placed(start("slumber:OS-03"))
    assert top_kind(s) == "slumber_skip"
    assert not s.minis  # the Lamplighter is not set up yet
    sealed = [s.table.count("sealed", x) for x in (0, 1)]
    s.apply("skip", player=s.first)
    # the Seals reveal the decks' tops and the Flaws come from the Flaw deck: chance
    drive(s, lambda st: st.is_terminal(), {"flaw_draw": ["draw:gnawing-rust", "draw:clouded-eye"]})
    assert [s.table.count("sealed", x) for x in (0, 1)] == [n + 2 for n in sealed]
    # "Flaw Cards": a gained Flaw goes on top of the Dreamer's discard pile
    assert [s.table.face(s.table.top("discard", x)) for x in (0, 1)] == [
        "gnawing-rust",
        "clouded-eye",
    ]
    assert s.distress == [0, 0]
    assert s.results == [["OS-03", "skipped"]]
    assert s.outcome == "skipped" and s.is_terminal()
    assert events(s, "slumber_skipped")[0].rule.endswith('"Slumber Entity Tiles"')


def test_a_skip_that_uses_set_up_elements_is_offered_at_the_start_of_a_turn_only():
    # "Slumber Entity Tiles": the Warden's Out of Turns effect needs the Warden on the map
    s = _placed(start("slumber:OS-04"))
    assert top_kind(s) == "spawn_choice"  # "Entity Spawn": two Spawn spaces, the team chooses
    s.apply("space:B1.2", player=s.first)
    assert top_kind(s) == "slumber_skip"
    assert [m[1] for m in s.minis] == ["thorn-warden"]  # set up first
    assert s.turn_no == 0  # at the start of the first Turn
    s.apply("continue", player=s.first)
    assert top_kind(s) != "slumber_skip"


def test_a_slumber_without_skip_effect_offers_no_skip():
    s = _placed(start("slumber:OS-02"))
    assert top_kind(s) != "slumber_skip"
    assert "skip" not in [a.id for x in s.to_move() for a in s.legal_actions(x)]


def test_out_of_turns_resolves_the_skip_effect_and_loses_the_slumber():
    # "Slumber Entity Tiles" (Out of Turns / Skip): the Lamplighter's 4 Turns run out with
    # nobody dying (plain play: continue and pass); its effect seals 2 cards and gives 1
    # Flaw to each Dreamer (design §5.2), then the Slumber is lost and, alone, ends the
    # game in a defeat
    s = _placed(start("slumber:OS-03"))
    drive(
        s, lambda st: st.is_terminal(), {"flaw_draw": ["draw:nagging-doubt", "draw:dread-weight"]}
    )
    assert s.results == [["OS-03", "lost"]]
    assert s.outcome == "defeat" and s.reason == "slumber_lost"
    assert s.stats()["turns_used"] == 4 and s.stats()["slumbers_lost"] == 1
    kinds = [e.kind for e in s.events()]
    assert kinds.count("out_of_turns") == 1 and "dying" not in kinds
    after = s.events()[kinds.index("out_of_turns") + 1 : kinds.index("slumber_over")]
    sealed = [e.data["seat"] for e in after if e.kind == "sealed"]
    assert sorted(sealed) == [0, 0, 1, 1]
    gained = [(e.data["seat"], e.data["face"]) for e in after if e.kind == "flaw_gained"]
    assert gained == [(0, "nagging-doubt"), (1, "dread-weight")]
    assert [e.kind for e in after] == ["sealed"] * 4 + ["flaw_gained"] * 2
    assert s.distress == [2, 2]  # what the Lamplighter's Basic effects dealt, no more
    assert [s.table.face(s.table.top("discard", x)) for x in (0, 1)] == [
        "nagging-doubt",
        "dread-weight",
    ]


def test_gain_loot_uses_the_current_turn_card_and_the_first_player_chooses():
    # "Other Turn Card Rules" (Loot): T-04 offers a team reward or one for each Dreamer
    s = _placed(start("slumber:OS-03"))
    s.apply("continue", player=s.first)
    drive(s, "card_action", {"turn_card": ["turn:T-04"]})
    run_effect(s, "gain_loot")
    assert top_kind(s) == "loot_choice"
    assert s.to_move() == (s.first,)
    s.apply("choose:1", player=s.first)  # each Dreamer gains 1 Ether
    assert s.ether == [1, 1]


def test_loot_after_the_last_turn_card_uses_the_last_discarded_card():
    s = _placed(start("slumber:OS-03"))
    s.apply("continue", player=s.first)
    drive(s, "card_action", {"turn_card": ["turn:T-01"]})
    card = s.table.top("turn_current")
    s.table.move(card, "turn_discard")  # the last Turn card was discarded
    run_effect(s, "gain_loot")
    assert s.ether == [1, 1]  # T-01: each Dreamer gains 1 Ether
    assert events(s, "loot")[-1].data["card"] == "T-01"


def test_this_slumber_ends_keeps_the_map_quirks_and_dreamers():
    # "Slumber Entity Tiles" ("This Slumber ends."), "Finishing Dreams/Slumbers"
    s = start("journey")
    _placed(s)
    drive(s, "slumber_skip", {"slumber_draw": ["slumber:OS-03"]})
    s.apply("continue", player=s.first)
    drive(s, "card_action")
    hands = [sorted(s.table.faces[c] for c in s.table.ids("hand", x)) for x in (0, 1)]
    sealed = [s.table.count("sealed", x) for x in (0, 1)]
    where = list(s.pos)
    distress = list(s.distress)
    run_effect(s, "end_slumber")
    assert s.results == [["OS-03", "won"]]
    assert not s.minis  # the Lamplighter goes back to the box
    assert s.table.face(s.table.ids("slumber_bottom")[0]) == "OS-03"  # the bottom
    assert s.pos == where and s.distress == distress
    assert [sorted(s.table.faces[c] for c in s.table.ids("hand", x)) for x in (0, 1)] == hands
    assert [s.table.count("sealed", x) for x in (0, 1)] == sealed
    assert top_kind(s) == "awaken_choice"


def test_a_fate_placing_a_tile_with_two_empty_quirk_spaces_lets_the_team_choose():
    # "Fate Cards": SM-3 is placed, B1.3 (Setup tile) and B2.1 are empty: choose
    s = _journey_after_first_slumber()
    s.apply("continue", player=s.first)
    drive(s, "map_tile_draw", {"fate_draw": ["fate:F-02"]})
    s.apply("tile:SM-3")
    assert "SM-3" in s.tiles
    assert top_kind(s) == "quirk_choice"
    assert sorted(a.id for a in s.legal_actions(s.first)) == ["space:B1.3", "space:B2.1"]
    s.apply("space:B2.1", player=s.first)
    assert s.quirks == [["B2.1", "F-02"]]


def test_a_fate_placing_a_tile_with_no_empty_quirk_space_goes_to_the_bottom():
    s = _journey_after_first_slumber()
    s.quirks = [["B1.3", "F-03"]]  # the Setup tile's Quirk space is taken
    s.table.move(s.table.find("fate_deck", "F-03"), "quirks")
    s.apply("continue", player=s.first)
    drive(s, "map_tile_draw", {"fate_draw": ["fate:F-01"]})
    s.apply("tile:SM-1")  # no Quirk space on Gutter Lane
    assert s.table.face(s.table.ids("fate_bottom")[0]) == "F-01"
    assert events(s, "fate_bottom")


def test_a_space_quirk_fires_for_the_dreamer_on_it_at_the_start_of_a_turn():
    s = _journey_after_first_slumber()
    s.quirks = [["A1.1", "F-02"]]  # a Dreamer who starts a Turn here removes 1 Distress
    s.table.move(s.table.find("fate_deck", "F-02"), "quirks")
    s.distress = [2, 2]
    s.table.take("distress", 4)
    s.pos = ["A1.1", "A1.2"]
    s.apply("continue", player=s.first)
    drive(s, "turn_card", {"fate_draw": ["fate:F-04"], "slumber_draw": ["slumber:OS-02"]})
    assert events(s, "quirk_fires")
    assert s.distress == [1, 2]


def test_delta_phase_one_option_each_hours_and_the_deck():
    # "Delta Phase" (the tile): one option per Dreamer; 2 players: 4 Hours; Delta at bottom
    s = _journey_after_first_slumber()
    s.hours = 0
    s.distress = [3, 0]
    s.table.take("distress", 3)
    discard = s.table.count("discard", 1) + s.table.count("deck", 1)
    for tile in list(s.table.ids("slumber_deck")):  # only the Delta tile is left
        s.table.move(tile, "slumber_bottom", bottom=True)
    s.apply("continue", player=s.first)
    drive(s, "delta_choice", {"fate_draw": ["fate:F-09"]})
    assert sorted(a.id for a in s.legal_actions(0))[0] == "delta:cure"
    s.apply("delta:cure", player=0)
    s.apply("delta:reshuffle", player=1)
    assert s.distress[0] == 0
    assert s.table.count("discard", 1) == 0
    assert s.table.count("deck", 1) == discard  # no penalty: nothing sealed, no Distress
    assert s.hours == 4
    assert s.table.face(s.table.ids("slumber_bottom")[0]) == "DELTA"
    assert s.table.count("slumber_bottom") == 1
    assert s.table.count("slumber_deck") == 4
    assert s.is_terminal() and s.outcome == "victory" and s.reason == "delta_phase"


def test_a_new_slumber_tile_goes_under_the_delta_tile():
    # "Slumbers": "add it to the bottom of that deck"; it joins the next cycle
    s = _journey_after_first_slumber()
    run_effect(s, "add_slumber('OS-06')")
    faces = [s.table.face(c) for c in s.table.ids("slumber_bottom")]
    assert faces.index("OS-06") < faces.index("DELTA")


def test_the_delta_option_rulebook_applies_every_option():
    s = _journey_after_first_slumber(delta="rulebook")
    s.distress = [2, 1]
    s.table.take("distress", 3)
    for tile in list(s.table.ids("slumber_deck")):
        s.table.move(tile, "slumber_bottom", bottom=True)
    s.apply("continue", player=s.first)
    drive(s, lambda st: st.is_terminal(), {"fate_draw": ["fate:F-09"]})
    assert s.distress == [0, 0]
    assert sum(s.table.count("sealed", x) for x in (0, 1)) == 0
    assert len([e for e in s.events() if e.kind == "delta_option"]) == 10


def test_awakening_resets_the_slumber_map_and_ends_the_journey():
    s = _journey_after_first_slumber()
    s.quirks = [["B1.3", "F-03"]]
    s.table.move(s.table.find("fate_deck", "F-03"), "quirks")
    s.apply("awaken", player=s.first)
    assert s.distress == [0, 0]
    assert all(s.table.count("sealed", x) == 0 for x in (0, 1))
    assert s.quirks == [] and s.table.face(s.table.ids("fate_bottom")[0]) == "F-03"
    assert sorted(s.tiles) == ["SM-S1", "SM-S2"]
    assert s.outcome == "victory" and s.reason == "awakened"


def _journey_after_first_slumber(**options):
    """A journey whose first Slumber (A Quiet Stream) is over: the team may Awaken."""
    s = start("journey", **options)
    _placed(s)
    drive(s, "awaken_choice", {"slumber_draw": ["slumber:OS-05"]})
    assert s.results == [["OS-05", "done"]]
    return s


def test_a_flaw_the_lamplighter_gave_travels_to_the_next_journey_once():
    # "Flaw Cards" across journeys: the Flaw gained on skipping the Lamplighter lies on
    # the discard pile of the next journey and is no longer in the Flaw deck
    s = _placed(start("slumber:OS-03"))
    s.apply("skip", player=s.first)
    drive(s, lambda st: st.is_terminal(), {"flaw_draw": ["draw:gnawing-rust", "draw:clouded-eye"]})
    carry = s.carry_over()
    nxt = s.game.new_state(seed=1, carry=carry)
    assert [nxt.table.face(nxt.table.top("discard", x)) for x in (0, 1)] == [
        "gnawing-rust",
        "clouded-eye",
    ]
    left = {nxt.table.face(c) for c in nxt.table.ids("flaw_deck")}
    assert not left & {"gnawing-rust", "clouded-eye"}
    every = [c for c in nxt.table.faces if nxt.table.faces[c] == "gnawing-rust"]
    assert len(every) == 1  # the one Flaw card, not a copy


def test_running_out_of_turns_in_a_slumber_fires_the_out_of_turns_triggers_first():
    # "Counting Turns" in a Slumber, as in a Dream: Bell Ringer, placed in Dreamer 1's
    # Progress zone, gives each Dreamer 1 Ether when the last Turn card is discarded, before
    # the Lamplighter's Out of Turns effect resolves
    game = oneiros.make("etherfields", players=2, options={"scenario": "slumber:OS-03"})
    carry = game.new_state(seed=0).slumber_carry()
    carry["dreamers"][1]["progress"] = ["r-bell-ringer"]
    s = _placed(game.new_state(seed=0, carry=carry))
    drive(
        s, lambda st: st.is_terminal(), {"flaw_draw": ["draw:nagging-doubt", "draw:dread-weight"]}
    )
    assert s.results == [["OS-03", "lost"]]
    evs = s.events()
    kinds = [e.kind for e in evs]
    knell = [
        i
        for i, e in enumerate(evs)
        if e.kind == "triggered" and e.data["trigger"] == "out_of_turns"
    ]
    assert len(knell) == 1 and evs[knell[0]].data["card"] == "r-bell-ringer"
    assert kinds.index("out_of_turns") < knell[0] < kinds.index("slumber_over")
    assert knell[0] < min(i for i, k in enumerate(kinds) if k == "flaw_gained")
    assert kinds[knell[0] + 1 : knell[0] + 3] == ["gained", "gained"]
    assert s.ether == [1, 1]  # without Bell Ringer the same play ends with no Ether
