"""Scenarios of the part-1 rules the first scenario files leave out: the Basic Actions
card's Shining Gem, terrain, component limits, range, multiple choices, the Player Count,
the Luck die as an effect, Turn card Blocks, the options of the design's readings 3, 5 and
10, and the rest of the part-1 effect language (each test names its etherfields section;
chance is forced by id)."""

from __future__ import annotations

import oneiros

from .builder import ALL_TILES, event_kinds, legal, play, position, run_effect

T3 = ("OD-01 SETUP", "OD-01 T2", "OD-01 T3")
T4 = ("OD-01 SETUP", "OD-01 T2", "OD-01 T4")


def _card(s, face: str, seat: int = 0) -> str:
    return s.table.find("hand", face, seat)


def test_gain_a_shining_gem_then_reroll_with_it():
    """etherfields "Basic Actions Card" (Gain a Shining Gem: discard 3 Influence cards from
    your hand; Use a Shining Gem: reroll any roll), "Rerolls"."""
    s = position(1, hands={0: ["s01", "s02", "s03", "s04"]}, **{"tiles": T4, "at": ["B1.2"]})
    play(s, "use:basic:gain-gem")
    assert s.flow.top.kind == "discard_cost"
    for face in ("s02", "s03", "s04"):
        play(s, f"discard:{_card(s, face)}")
    assert s.gems == [1] and s.table.amount("gems") == 7
    assert sorted(s.table.faces_in("discard", 0)) == ["s02", "s03", "s04"]
    assert "use:basic:gain-gem" not in legal(s)  # one card left in hand
    play(s, "use:map:B1.2:gear", f"pay:{_card(s, 's01')}:awareness", "boost", "luck:skull")
    assert legal(s) == ["reroll:gem", "use:back", "done"]
    play(s, "reroll:gem", "luck:2", "done")
    assert s.team["gear"] == 1 and s.gems == [0] and s.table.amount("gems") == 8


def test_terrain_centre_edge_and_light_over_darkness():
    """etherfields "Terrain Symbols and Terrain Tokens": a centre symbol covers the 4
    spaces of its tile, an edge symbol the 2 spaces it lies between, a token its space, and
    Light with Darkness counts as Light."""
    s = position(1, tiles=T3)
    terrain = {sp["ref"]: sp["terrain"] for sp in s.observation(0)["map"]}
    assert [terrain[f"A1.{i}"] for i in range(1, 5)] == [["darkness"]] * 4
    assert terrain["A2.3"] == terrain["A2.4"] == ["water"]
    assert terrain["A2.1"] == terrain["A2.2"] == []
    run_effect(s, "place('light', at=space('A1.4'))")
    terrain = {sp["ref"]: sp["terrain"] for sp in s.observation(0)["map"]}
    assert terrain["A1.4"] == ["light"] and terrain["A1.3"] == ["darkness"]
    assert s.table.amount("light") == 3
    run_effect(s, "remove('light', at=space('A1.4'))")
    terrain = {sp["ref"]: sp["terrain"] for sp in s.observation(0)["map"]}
    assert terrain["A1.4"] == ["darkness"] and s.table.amount("light") == 4


def test_what_is_not_left_in_the_pool_is_not_gained():
    """etherfields "Component Limitations" (design §6, reading 12): gaining 3 Ether with 2
    left in the pool gains 2; a token with none left is not placed."""
    s = position(2, ether=[18, 0])
    assert s.table.amount("ether") == 2
    run_effect(s, "gain('ether', 3)", seat=1)
    assert s.ether == [18, 2] and s.table.amount("ether") == 0
    run_effect(s, "[place('light', at=space('A2.1')), place('light', at=space('A2.2'))]")
    run_effect(s, "[place('light', at=space('A2.3')), place('light', at=space('A2.4'))]")
    run_effect(s, "place('light', at=space('B2.1'))")
    assert "none_left" in event_kinds(s) and s.table.amount("light") == 0
    assert not any(t == ["B2.1", "light"] for t in s.observation(0)["tokens"])


def test_interactions_are_offered_within_range_around_walls():
    """etherfields "Movement Actions — Range", "Entity Tiles" (Assault/Contact: base
    range 1), "Basic Rules — Walls": range counts a legal path, never through a Wall.
    (Nothing moves a Dreamer between starting an action and its effect in part 1, so range
    measured when the action starts is the range at its start; Rapid moves are part 2.)"""
    hands = {0: ["s06", "s03"]}
    near = position(1, hands=hands, at=["B2.3"], entities=[("rust-moth", "B2.4")])
    assert "use:entity:rust-moth.1:swat" in legal(near)
    far = position(1, hands=hands, at=["A2.1"], entities=[("rust-moth", "A2.4")])
    assert "use:entity:rust-moth.1:swat" not in legal(far)  # range 2
    walled = position(1, hands=hands, at=["A2.2"], entities=[("rust-moth", "B2.1")])
    assert "use:entity:rust-moth.1:swat" not in legal(walled)  # adjacent behind a Wall


def test_an_option_whose_requirement_fails_is_not_offered():
    """etherfields "Multiple Choices": "if you do not satisfy the requirements to make a
    certain choice, you may not choose it" (script 12: asking for a gear needs 2 Ether)."""
    s = position(1, ether=[1])
    run_effect(s, "script(12)")
    assert legal(s) == ["choose:0", "choose:2"]
    s = position(1, ether=[2])
    run_effect(s, "script(12)")
    assert legal(s) == ["choose:0", "choose:1", "choose:2"]
    play(s, "choose:1")
    assert s.ether == [0] and s.team["gear"] == 1


def test_a_gradual_cost_is_times_the_player_count_and_several_dreamers_pay_it():
    """etherfields "Player Count Icon", "Gradual Actions": with 2 Dreamers, 3 Cunning x
    Player Count is 6; one Dreamer pays 4 (one Intent marker: 3 kept), another the rest
    later."""
    s = position(
        2,
        tiles=ALL_TILES,
        at=["C1.2", "C1.2"],
        hands={0: ["s05", "s09"], 1: ["s05"]},
        flags=["gears"],
    )
    play(s, "use:map:C1.2:wind", seat=0)
    # after each card, the other Dreamer may add to the Gradual payment ("done": not now)
    play(s, f"pay:{_card(s, 's05')}:cunning", "done", f"pay:{_card(s, 's09')}:cunning", "done")
    play(s, "resolve")
    assert s.gradual == {"map:C1.2:wind": 3} and not s.is_terminal()
    play(s, "use:map:C1.2:wind", seat=1)
    assert s.flow.top.need(s) == 3
    play(s, f"pay:{_card(s, 's05', 1)}:cunning", "pay-item:item.pocket-watch:cunning")
    assert s.is_terminal() and s.reason == "victory"


def test_the_luck_die_as_an_effect_every_face_and_a_reroll():
    """etherfields "Luck Die": the effect of each face; a face the effect does not state
    does nothing; "Rerolls": only the last result applies."""
    gamble = "roll_luck(skull=distress(1), two=gain('ether', 1), three=gain('ether', 2))"
    s = position(1)
    run_effect(s, gamble)
    assert s.to_move() == (oneiros.CHANCE,)
    play(s, "luck:3", "done")  # the Dicer's back-of-card reroll was offered (back.py)
    assert s.ether == [2] and s.distress == [0]
    run_effect(s, gamble)
    play(s, "luck:blank", "done")
    assert s.ether == [2] and "luck_nothing" in event_kinds(s)
    run_effect(s, gamble)
    play(s, "luck:skull", "done")
    assert s.distress == [1]
    s = position(1, gems=[1])
    run_effect(s, gamble)
    play(s, "luck:skull")
    assert legal(s) == ["reroll:gem", "use:back", "done"]
    play(s, "reroll:gem", "luck:2", "done")
    assert s.ether == [1] and s.distress == [0] and s.gems == [0]


def test_block_one_step_of_the_current_turn_card():
    """etherfields "Other Turn Card Rules" ("Block 1 step of the current Turn card": the
    team chooses, the First Player settles it, "Multiple Choices"); a Block token marks
    the step and comes back when the Turn card is discarded; none free, nothing is blocked
    (design §6, reading 12)."""
    s = position(2, at=["B2.4", "A2.1"], entities=[("rust-moth", "B2.4")], turn="T-02", first=1)
    run_effect(s, "block_step")
    assert s.to_move() == (1,) and legal(s, 1) == ["choose:0", "choose:1"]
    play(s, "choose:0", seat=1)
    assert s.table.amount("block") == 5
    play(s, "pass", seat=0)
    play(s, "pass", seat=1)
    assert "step_blocked" in event_kinds(s) and s.distress == [0, 0]  # Basic was blocked
    play(s, "mdie:1")
    assert s.table.amount("block") == 6
    s = position(1, turn="T-02")
    s.table.take("block", 6)
    run_effect(s, "block_step")
    assert "no_block" in event_kinds(s) and s.flow.top.kind == "card_action"


def test_a_blocked_map_action_cannot_be_used():
    """etherfields "Map Actions": a map action blocked by an effect is no longer offered."""
    s = position(1, hands={0: ["s06"]}, at=["B2.3"])
    assert "use:map:B2.3:gate" in legal(s)
    run_effect(s, "block_action('B2.3:gate')")
    assert "use:map:B2.3:gate" not in legal(s) and "action_blocked" in event_kinds(s)


def test_an_effect_moves_an_entity_toward_the_closest_dreamer():
    """etherfields "Entity Movement": an effect moving an Entity uses the same path
    (toward the closest Dreamer along a legal path)."""
    s = position(1, at=["A2.1"], entities=[("rust-moth", "B2.4")])
    run_effect(s, "move_entity('rust-moth', 1)")
    assert s.minis[0][2] == "B2.3"


def test_an_effect_reshuffles_without_the_penalty():
    """etherfields "Reshuffle!": "If the game allows you to reshuffle your Influence deck,
    even though you still have some cards in it ... you do NOT have to take the reshuffle
    penalty"."""
    s = position(1, decks={0: ["s01", "s02"]}, discards={0: ["s03", "s04", "s05", "s06"]})
    run_effect(s, "reshuffle")
    assert s.table.count("deck", 0) == 6 and s.table.count("discard", 0) == 0
    assert s.distress == [0] and s.flow.top.kind == "card_action"


def test_conditions_selectors_and_amounts_of_part_one():
    """etherfields "Other Turn Card Rules" (Turn Card Suits), "Turn Order" (phases),
    "Movement Actions — Range", "Items" (Active), "Other Dreamscape Icons", "Assault /
    Contact Actions" (Threat): the conditions suit, phase, in_range and item_active, the
    selector spaces_with and the amounts count and threat."""
    s = position(1, at=["B2.3"], turn="T-02", entities=[("rust-moth", "B2.4")])
    run_effect(s, "when(suit('hearts'), then=gain('ether', 1))")
    run_effect(s, "when(suit('spades'), then=gain('ether', 5))")
    assert s.ether == [1]
    run_effect(s, "when(phase('dreamers'), then=cure(1), otherwise=distress(2))")
    assert s.distress == [0]
    run_effect(s, "when(in_range(1, of=entity('rust-moth')), then=gain('ether', 1))")
    run_effect(s, "when(in_range(0, of=entity('rust-moth')), then=gain('ether', 5))")
    assert s.ether == [2]
    run_effect(s, "when(item_active('tin-lantern'), then=gain('ether', 1))")
    run_effect(s, "when(item_active('rope-coil'), then=gain('ether', 5))")  # in Storage
    assert s.ether == [3]
    run_effect(s, "for_each(spaces_with('spawn'), [place('light', at=it)])")
    assert s.observation(0)["tokens"] == [["B2.4", "light"]]
    run_effect(s, "gain('ether', count(entity('rust-moth')))")
    assert s.ether == [4]
    run_effect(s, "threat(2, on=entity('rust-moth'))")
    run_effect(s, "when(at_least(threat(entity('rust-moth')), 2), then=gain('ether', 1))")
    assert s.ether == [5]
    run_effect(s, "when(phase('dreamscape'), then=distress(2))")
    assert s.distress == [0]


def test_luck_move_plus_one_adds_a_single_space():
    """etherfields "Luck Die — Boosting Your Intent" ("It counts only as 1 Movement"),
    design §6 reading 3: by default 1/2/3 adds that many spaces to the Move; with
    ``luck_move=plus_one`` a success adds exactly 1."""
    for option, spaces in (("intent", 4), ("plus_one", 2)):
        s = position(1, hands={0: ["s02"]}, at=["A2.3"], options={"luck_move": option})
        play(s, "use:basic:move", f"pay:{_card(s, 's02')}:cunning", "boost", "luck:3", "done")
        assert s.flow.top.kind == "move" and s.flow.top.left == spaces, option


def test_shared_move_roll_rolls_once_for_every_miniature():
    """etherfields "Entity Movement" ("you may decide to roll only once for all Entities
    with all of them using the result"), design §6 reading 10, option
    ``shared_move_roll``."""
    entities = [("rust-moth", "B2.4"), ("rust-moth", "B1.1")]
    s = position(
        1,
        tiles=T4,
        at=["A2.1"],
        entities=entities,
        turn="T-04",  # movement, special
        phase="dreamscape",
        options={"shared_move_roll": True},
    )
    play(s, "mdie:1")  # one roll: both moths move 1 space
    assert [m[2] for m in s.minis] == ["B2.3", "B1.3"]
    assert not legal(s)[0].startswith("mdie:")  # no second roll
    s = position(1, tiles=T4, at=["A2.1"], entities=entities, turn="T-04", phase="dreamscape")
    play(s, "mdie:1")
    assert s.to_move() == (oneiros.CHANCE,) and legal(s)[0].startswith("mdie:")  # one each
    s = position(
        1,
        tiles=T4,
        at=["A2.1"],
        entities=entities,
        turn="T-04",
        phase="dreamscape",
        options={"shared_move_roll": True},
    )
    play(s, "mdie:again")  # both move 2, then one roll again for both
    assert [m[2] for m in s.minis] == ["A2.4", "B2.1"]
    assert legal(s)[0].startswith("mdie:")
    play(s, "mdie:1")
    assert sorted(legal(s)) == ["space:A2.2", "space:A2.3"]  # equal paths: the First Player
    play(s, "space:A2.3")
    assert [m[2] for m in s.minis] == ["A2.3", "B2.3"]


def test_turn_deck_visible_deals_the_turn_deck_face_up():
    """etherfields "Dream Gate Tiles" (Turn Deck: drawn at random, placed face up),
    "Counting Turns", design §6 reading 5, option ``turn_deck_visible=all``: the 8 cards
    are dealt in order and everyone sees them; each next Turn card is the known top; an
    added Turn is one of the face-down cards, face up under the deck."""
    s = oneiros.make("etherfields", players=1, options={"turn_deck_visible": "all"}).new_state(0)
    order = ["T-03", "T-01", "T-12", "T-07", "T-05", "T-10", "T-02", "T-08"]
    for face in order:
        assert s.flow.top.kind == "deal_turns"
        play(s, f"turn:{face}")
    assert s.observation(0)["turn_deck"] == list(reversed(order))  # bottom to top
    play(s, "space:A2.3")
    assert legal(s) == ["turn:T-03"]
    play(s, "turn:T-03")
    assert s.turns_left == 7 and s.observation(0)["turn_deck"][-1] == "T-01"
    while s.flow.top.kind != "card_action":
        play(s, legal(s)[0])
    play(s, "use:basic:turn")
    assert s.flow.top.kind == "turn_under"
    assert sorted(legal(s)) == ["turn:T-04", "turn:T-06", "turn:T-09", "turn:T-11"]
    play(s, "turn:T-09")
    assert s.turns_left == 8 and s.observation(0)["turn_deck"][0] == "T-09"


def test_a_trap_triggers_on_moving_through_and_on_ending_a_relocation():
    """etherfields "Other Dreamscape Icons" (Trap: "whenever you Move through a Trap space
    (or end Movement/Relocation on it), you trigger the Trap effect"), "Movement Actions"
    (Relocation ignores range and Walls): the thorns of B2.1 Seal 1."""
    s = position(1, at=["A2.1"])
    run_effect(s, "relocate(to=space('B2.1'))")  # behind a Wall: Relocation ignores it
    assert s.pos == ["B2.1"] and "trap" in event_kinds(s) and s.flow.top.kind == "seal"
    play(s, legal(s)[0])
    assert s.tally["sealed"] == 1
    s = position(1, hands={0: ["s05"]}, at=["B2.3"])
    play(s, "use:basic:move", f"pay:{_card(s, 's05')}:cunning", "resolve", "step:n")
    assert s.pos == ["B2.1"] and s.flow.top.kind == "seal"  # moved into it


def test_a_gem_cost_stays_payable_when_gem_rerolls_are_forbidden():
    """etherfields "Morphings" ("Dreamers cannot use their Shining Gems for rerolls (but
    can gain more). They can however still pay for effects that cost Shining Gems"), "Other
    Dreamscape Icons" (Shining Gem Slots): the lantern's slot takes the Gem."""
    s = position(
        1,
        tiles=T3,
        at=["A1.4"],
        gems=[1],
        entities=[("rust-moth", "B2.4")],
        morphings={"rust-moth": ["no_gem_reroll"]},
    )
    assert "use:map:A1.4:lantern" in legal(s)
    play(s, "use:map:A1.4:lantern")
    assert (
        s.gems == [0]
        and "light" in {sp["ref"]: sp for sp in s.observation(0)["map"]}["A1.4"]["terrain"]
    )


def test_an_x_cost_is_one_payment_times_the_count():
    """etherfields "Gradual Actions" ("the notation "x X" just means a higher action cost,
    not a gradual action that you may pay in steps"): the Pocket Watch asks 1 Awareness x
    Player Count: 3 with 3 Dreamers, paid at once, and nothing is kept when given up."""
    s = position(3, hands={0: ["s04", "s01"]}, hours=1)
    play(s, "use:item:pocket-watch:wind", seat=0)
    play(s, "pay:" + s.table.find("hand", "s04", 0) + ":awareness")
    assert s.flow.top.kind == "pay" and "resolve" not in legal(s)  # 2 of 3: no markers
    play(s, "pay:" + s.table.find("hand", "s01", 0) + ":awareness")
    assert s.hours == 2 and s.gradual == {}


def test_gradual_actions_example_markers_from_several_dreamers():
    """etherfields "Gradual Actions" example, re-made on the clock of the tower (3 Cunning
    x Player Count, 3 Dreamers): one Dreamer spends 6 to place 2 Intent markers; later
    another only needs to pay 3, and the action is performed. Intent beyond whole basic
    costs is not kept ("any excess Intent is lost", "Performing Actions")."""
    s = position(
        3,
        options={"dreamers": "dicer,tinkerer,bruiser"},
        tiles=ALL_TILES,
        at=["C1.2", "C1.2", "C1.2"],
        hands={0: ["s05", "s09", "s05", "s02"], 1: ["t1"]},
        flags=["gears"],
    )
    play(s, "use:map:C1.2:wind", seat=0)
    for face in ("s05", "s09", "s05", "s02"):
        play(s, "pay:" + s.table.find("hand", face, 0) + ":cunning", "done")  # Dreamer 1
    assert s.flow.top.paid == 7
    play(s, "resolve")
    assert s.gradual == {"map:C1.2:wind": 6}  # 2 markers; the 7th Cunning is lost
    play(s, "use:map:C1.2:wind", seat=1)
    assert s.flow.top.need(s) == 3
    play(s, "pay:" + s.table.find("hand", "t1", 1) + ":cunning")
    assert s.is_terminal() and s.reason == "victory" and s.gradual == {}
