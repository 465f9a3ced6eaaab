"""lucidity-en, a dreamer's turn: "1. Set Level of Control" to "5. Rest or Draw Again",
the Shadow effects, re-rolling, the Example Turn and the 2-player shadow rule."""

from __future__ import annotations

from .helpers import chance_ids, check_invariants, give, legal, new, play, rules_of


def test_example_turn_vanessa():
    """lucidity-en "Example Turn": control 3, rests? no: draws again at 5, a Depths shadow
    draws a red 2-power, then she rests by returning her exhaust dreams."""
    s = new(3)
    play(s, "track:3-5-7")
    assert s.decision().kind == "draw"
    play(s, "draw:yellow", "draw:blue", "draw:blue")
    assert legal(s) == ["return:blue", "return:yellow"]
    play(s, "return:blue", "return:blue")
    assert chance_ids(s) == ["roll:power1", "roll:shadow", "roll:exhaust"]  # the yellow die
    play(s, "roll:exhaust")
    assert [d[1] for d in s.seats[0].exhaust] == ["exhaust"]
    assert "draw_again" in legal(s)
    play(s, "draw_again")
    assert s.seats[0].control == 5
    play(s, "draw:green", "draw:green", "draw:blue", "draw:blue", "draw:blue")
    play(s, "return:green", "return:blue")
    # rolls the last drawn first: blue, blue, green
    play(s, "roll:power1", "roll:shadow", "roll:power1")
    # the Power dreams resolve first, then the shadow
    assert sorted(d[0] for d in s.seats[0].power) == ["blue", "green"]
    play(s, "resolve:shadow:blue")
    assert s.decision().rule == 'lucidity-en "Shadow of the Depths"'
    play(s, "draw:red", "roll:power2")
    assert s.power_of(0) == 4
    assert legal(s) == ["rest:exhaust", "rest:shadow:blue", "draw_again"]
    play(s, "rest:exhaust")
    assert s.seats[0].exhaust == []
    assert len(s.seats[0].shadow["blue"]) == 1
    assert s.current == 1 and s.decision().kind == "choose_track"
    assert 'lucidity-en "Shadow of the Depths"' in rules_of(s.events())


def test_set_level_of_control_tracks():
    """lucidity-en "1. Set Level of Control": three tracks, the marker moves along one."""
    s = new(3)
    assert legal(s) == ["track:3-5-7", "track:4-6-8", "track:5-7-9"]
    play(s, "track:5-7-9")
    play(s, *["draw:green"] * 5)
    assert s.decision().kind == "return" and len(s.hand) == 5


def test_shadow_of_envy_next_player_picks_a_dream_to_reroll():
    """lucidity-en "Shadow of Envy": the next player picks any dream on your card; you
    reroll it and resolve it at once."""
    s = new(3)
    give(s, 0, "power", "red:power2")
    play(s, "track:3-5-7", "draw:green", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:shadow")
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
    play(s, "track:3-5-7", "draw:yellow", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:shadow")
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
    play(s, "track:3-5-7", "draw:red", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:shadow")
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
    play(s, "track:3-5-7", "draw:red", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:shadow", "fear:blue")
    sh = s.seats[0]
    assert sh.shadow_count("blue") == 1 and len(sh.hunt) == 1 and len(sh.shadow["blue"]) == 1
    assert "rest:hunt:blue" in legal(s)


def test_fear_is_optional():
    s = new(3)
    play(s, "track:3-5-7", "draw:red", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:shadow", "fear:none")
    assert len(s.seats[0].shadow["red"]) == 1 and s.seats[0].hunt == []


def test_row_only_counts_if_still_full_after_everything_resolved():
    """lucidity-en FAQ: "You only fill a row if that row is still full by the time all of
    your dreams have been resolved" (Envy rerolls a hunt dream away)."""
    s = new(3)
    give(s, 0, "hunt", "red:hunt", "red:hunt", "red:hunt")
    play(
        s,
        "track:4-6-8",
        "draw:red",
        "draw:green",
        "draw:blue",
        "draw:blue",
        "return:blue",
        "return:blue",
    )
    play(s, "roll:shadow", "roll:hunt")  # green shadow, red hunt -> 4 hunt for now
    assert len(s.seats[0].hunt) == 4
    # the hunt dream resolves first, then the Envy shadow: seat 1 picks a hunt dream
    play(s, "pick:seat0:hunt:red:hunt", "roll:power1")
    assert len(s.seats[0].hunt) == 3 and s.seats[0].role == "dreamer"


def test_rows_may_overfill():
    """lucidity-en FAQ: rows can be overfilled."""
    s = new(3)
    give(s, 0, "exhaust", "blue:exhaust", "blue:exhaust")
    play(s, "track:5-7-9", "draw:yellow", "draw:yellow", "draw:yellow", "draw:blue", "draw:blue")
    play(s, "return:blue", "return:blue", "roll:exhaust", "roll:exhaust", "roll:exhaust")
    assert len(s.seats[0].exhaust) == 5


def test_two_player_games_need_four_shadows():
    """lucidity-en "Two Player Games": four shadows of a colour to become a Nightmare."""
    s = new(2)
    give(s, 0, "shadow_yellow", "yellow:shadow", "yellow:shadow")
    play(
        s,
        "track:3-5-7",
        "draw:yellow",
        "draw:blue",
        "draw:blue",
        "return:blue",
        "return:blue",
        "roll:shadow",
    )
    assert s.seats[0].role == "dreamer" and s.decision().kind == "rest_or_draw"
    s = new(2)
    give(s, 0, "shadow_yellow", "yellow:shadow", "yellow:shadow", "yellow:shadow")
    play(
        s,
        "track:3-5-7",
        "draw:yellow",
        "draw:blue",
        "draw:blue",
        "return:blue",
        "return:blue",
        "roll:shadow",
    )
    assert s.seats[0].role == "nightmare"


def test_fourth_shadow_space_option_with_three_players():
    """lucidity-en "Two Player Games" note: the fourth space can be used with more players."""
    s = new(3, fourth_shadow_space=True)
    give(s, 0, "shadow_yellow", "yellow:shadow", "yellow:shadow")
    play(
        s,
        "track:3-5-7",
        "draw:yellow",
        "draw:blue",
        "draw:blue",
        "return:blue",
        "return:blue",
        "roll:shadow",
    )
    assert s.seats[0].role == "dreamer"


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
    play(s, "track:3-5-7", "draw:blue", "draw:green", "draw:green", "return:green", "return:green")
    play(s, "roll:shadow", "draw:red", "roll:hunt")
    assert len(s.seats[0].hunt) == 1 and s.decision().kind == "rest_or_draw"
