"""lucidity-en "Bone Hunters Expansion" and "The Shadowmark": every restriction."""

from __future__ import annotations

import oneiros

from .builder import set_nightmare, start_turn
from .helpers import (
    check_invariants,
    draw_keep_one,
    give,
    legal,
    make_nightmare,
    new,
    nightmare_turn,
    play,
    rules_of,
)


def test_bone_hunters_join_the_bag():
    s = new(3, bone_hunters=5)
    assert s.bag["bone"] == 5 and sum(s.bag.values()) == 85
    check_invariants(s)


def test_never_returned_by_a_dreamer_roll_all_three():
    """The rulebook example: lowest track, three Bone Hunters drawn, all three are rolled."""
    s = new(3, bone_hunters=3)
    play(s, "track:3-5-7", "draw:bone", "draw:bone", "draw:bone")
    assert s.is_chance() and s.decision().kind == "roll" and s.hand == ["bone"] * 3


def test_never_returned_only_the_other_dreams_go_back():
    s = new(3, bone_hunters=3)
    play(s, "track:3-5-7", "draw:bone", "draw:red", "draw:bone")
    assert legal(s) == ["return:red"]
    play(s, "return:red")
    assert s.is_chance() and sorted(s.hand) == ["bone", "bone"]


def test_never_given_as_a_minion():
    s = new(3, bone_hunters=3)
    set_nightmare(s, 0, "blue")
    start_turn(s, 0)
    play(s, "minions", "draw:bone", "draw:red")
    assert legal(s) == ["minion:red"]
    s = new(3, bone_hunters=3)
    set_nightmare(s, 0, "blue")
    start_turn(s, 0)
    bag = s.bag["bone"]
    play(s, "minions", "draw:bone", "draw:bone")
    assert s.current == 1 and s.bag["bone"] == bag  # both back: no minion this turn


def test_never_rerolled_or_spent():
    s = new(3, bone_hunters=3)
    give(s, 0, "power", "bone:power2")
    play(
        s,
        "track:4-6-8",
        "draw:bone",
        "draw:red",
        "draw:blue",
        "draw:blue",
        "return:blue",
        "return:blue",
    )
    play(s, "roll:hunt", "roll:hunt")  # red, then the Bone Hunter
    assert not any(a.startswith("reroll:") for a in legal(s) or ["x"])
    assert s.seats[0].power[0][0] == "bone"


def test_never_picked_by_envy_moved_by_fear_or_turned():
    s = new(3, bone_hunters=3)
    give(s, 0, "exhaust", "bone:exhaust")
    give(s, 0, "power", "bone:power1")
    draw_keep_one(s, "yellow", "roll:shadow")
    assert s.seats[0].exhaust[0] == ("bone", "exhaust", False)  # not turned
    assert "rest:exhaust" not in legal(s)  # never removed by resting
    s = new(3, bone_hunters=3)
    give(s, 0, "power", "bone:power1")
    draw_keep_one(s, "green", "roll:shadow")
    assert legal(s) == ["pick:seat0:shadow_green:green:shadow"]


def test_never_stolen_or_lost_to_exhaustion():
    s = new(3, bone_hunters=3)
    set_nightmare(s, 1, "green")
    give(s, 0, "power", "bone:power2")
    give(s, 0, "exhaust", "blue:exhaust", "blue:exhaust")
    draw_keep_one(s, "yellow", "roll:exhaust", "draw:bone")
    assert s.power_of(0) == 2
    # and a Nightmare can never consume it
    play(s, "rest:exhaust")
    assert s.current == 1 and legal(s) == ["minions"]


def test_shadowmark_lowers_the_shadows_needed():
    """lucidity-en "The Shadowmark": one less shadow per Shadowmark."""
    s = new(3, bone_hunters=3)
    give(s, 0, "marks", "bone:shadowmark")
    give(s, 0, "shadow_red", "red:shadow")
    assert s.shadow_needed(0) == 2
    draw_keep_one(s, "red", "roll:shadow", "fear:none")
    assert s.seats[0].role == "nightmare" and s.seats[0].colour == "red"
    assert s.bag["bone"] == 3  # the Bone Hunter went back


def test_three_shadowmarks_eliminate():
    s = new(3, bone_hunters=3)
    give(s, 0, "marks", "bone:shadowmark", "bone:shadowmark")
    draw_keep_one(s, "bone", "roll:shadowmark")
    assert s.seats[0].role == "eliminated" and s.bag["bone"] == 3


def test_nightmares_keep_bone_hunters_in_their_power_row():
    s = new(3, bone_hunters=3)
    give(s, 0, "power", "bone:power2")
    give(s, 0, "shadow_yellow", "yellow:shadow", "yellow:shadow")
    draw_keep_one(s, "yellow", "roll:shadow")
    assert s.seats[0].role == "nightmare" and s.power_of(0) == 2


def test_bone_hunter_option_bounds():
    g = oneiros.make("lucidity", options={"bone_hunters": "8"})
    assert g.start_bag["bone"] == 8


EN_SHADOWMARK = 'lucidity-en "The Shadowmark"'


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


def test_en_the_shadowmark_elimination_is_recorded_as_such_not_as_eaten():
    """de-lux booklet "The Shadowmark" eliminates; lucidity-en "4. Check for Filled Rows",
    Hunt row: "the Nightmares have found and eaten you". ``stats()`` records the cause of
    each elimination and lists under ``eaten`` only a full Hunt row."""
    s = new(3, bone_hunters=3)
    give(s, 0, "marks", "bone:shadowmark", "bone:shadowmark")
    draw_keep_one(s, "bone", "roll:shadowmark", returned="red")
    st = s.stats()
    assert st["eaten"] == []
    assert st["eliminated"] == [{"seat": 0, "cause": "shadowmarks", "eaten": False, "turn": 1}]
    h = new(3)
    give(h, 0, "hunt", "red:hunt", "red:hunt", "red:hunt")
    draw_keep_one(h, "red", "roll:hunt")
    st = h.stats()
    assert st["eaten"] == [{"seat": 0, "cause": "hunt", "eaten": True, "turn": 1}]
    assert st["eliminated"] == st["eaten"]


def test_bone_hunters_the_shadowmark_three_shadowmarks_cite_the_shadowmark():
    """lucidity-en "The Shadowmark": "If you ever have three or more Shadowmarks ... you are
    eliminated": the event cites that section and does not say "eaten"."""
    s = new(3, bone_hunters=3)
    give(s, 0, "marks", "bone:shadowmark", "bone:shadowmark")
    draw_keep_one(s, "bone", "roll:shadowmark")
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
