"""lucidity-en "Turn Order (Nightmare)", "Activating Nightmare Abilities" and "Ending the
Game" (Power, Nightmare and Dream victory, "The Winner" tie-breaks)."""

from __future__ import annotations

from .builder import set_eliminated, set_nightmare, start_turn
from .helpers import check_invariants, empty_bag_but, give, legal, new, play


def test_nightmare_of_the_depths_example_stan_and_vanessa():
    """lucidity-en "Activating Nightmare Abilities": Vanessa (Nightmare of the Depths) takes
    Stan's blue shadow as 1 Power, then draws two dreams and makes Stan roll one of them
    before he resolves his other dreams."""
    s = new(2, first_player="1")
    vanessa, stan = 0, 1
    set_nightmare(s, vanessa, "blue")
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
    play(s, "roll:shadow", "roll:shadow")  # yellow, then blue
    play(s, "resolve:shadow:blue")
    assert [d[:2] for d in s.seats[vanessa].power] == [("blue", "power1")]
    assert s.seats[stan].shadow["blue"] == []
    assert s.to_move() == (vanessa,) and legal(s) == ["ability:use", "ability:pass"]
    play(s, "ability:use", "draw:red", "draw:green")
    assert legal(s) == ["minion:green", "minion:red"]
    play(s, "minion:red")
    assert s.to_move() == (-1,) and next(a.id for a, _ in s.chance_outcomes()) == "roll:power2"
    play(s, "roll:hunt")
    assert [d[0] for d in s.seats[stan].hunt] == ["red"]
    # only now does Stan resolve his waiting yellow shadow
    assert s.seats[stan].shadow["yellow"]


def test_nightmare_ability_may_be_declined():
    s = new(2, first_player="1")
    set_nightmare(s, 0, "blue")
    play(
        s,
        "track:3-5-7",
        "draw:blue",
        "draw:red",
        "draw:red",
        "return:red",
        "return:red",
        "roll:shadow",
    )
    play(s, "ability:pass")
    assert s.decision().kind == "rest_or_draw" and s.power_of(0) == 1


def test_consume_power_takes_a_dream_of_the_nightmare_colour():
    """lucidity-en "Consume Power": from any player, a dream of your colour."""
    s = new(3)
    set_nightmare(s, 0, "green")
    start_turn(s, 0)
    assert legal(s) == ["minions"]
    s = new(3)
    set_nightmare(s, 0, "green")
    give(s, 1, "power", "green:power1", "red:power2")
    give(s, 2, "power", "green:power2")
    start_turn(s, 0)
    assert legal(s) == ["consume:seat1:power1", "consume:seat2:power2", "minions"]
    play(s, "consume:seat2:power2")
    assert s.power_of(0) == 2 and s.power_of(2) == 0 and s.current == 1


def test_send_minions_draw_two_return_one_dreamer_rolls():
    """lucidity-en "Send Minions": draw 2, return 1, a dreamer rolls and resolves the other."""
    s = new(3)
    set_nightmare(s, 0, "green")
    start_turn(s, 0)
    bag = dict(s.bag)
    play(s, "minions", "draw:red", "draw:blue", "minion:red")
    assert legal(s) == ["target:seat1", "target:seat2"]
    play(s, "target:seat2", "roll:hunt")
    assert [d[0] for d in s.seats[2].hunt] == ["red"]
    assert s.bag["blue"] == bag["blue"] and s.bag["red"] == bag["red"] - 1
    assert s.current == 1


def test_minion_can_eat_the_last_dreamer_nightmare_victory():
    """lucidity-en "Nightmare Victory": no dreamers left, the game ends at once."""
    s = new(2)
    set_nightmare(s, 0, "green")
    give(s, 0, "power", "green:power1")
    give(s, 1, "hunt", "red:hunt", "red:hunt", "red:hunt")
    give(s, 1, "power", "blue:power1", "blue:power1")
    start_turn(s, 0)
    play(s, "minions", "draw:red", "draw:red", "minion:red", "target:seat1", "roll:hunt")
    assert s.is_terminal() and s.end_reason() == "nightmare"
    assert s.winners() == [0] and s.scores() == [1.0, 0.0]


def test_power_victory_gives_every_other_dreamer_a_final_turn():
    """lucidity-en "Power Victory": at the end of a turn with 15+ Power, each other remaining
    dreamer takes one final turn, then the game ends."""
    s = new(4)
    give(s, 0, "power", *["red:power2"] * 7)
    set_nightmare(s, 2, "yellow")
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
    play(s, "rest:none")
    assert s.final_turns == (1, 3)
    assert s.current == 1
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
    play(s, "rest:none")
    assert s.current == 3  # the Nightmare (seat 2) takes no final turn
    give(s, 3, "power", *["red:power2"] * 8)
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
    play(s, "rest:none")
    assert s.is_terminal() and s.end_reason() == "power"
    assert s.winners() == [3]  # 17 beats 15: "lose when the next player gains more"


def test_power_lost_to_exhaustion_does_not_end_the_game():
    """lucidity-en "Power Victory" note: 15 Power lost to exhaustion before the end of the turn."""
    s = new(3)
    give(s, 0, "power", *["red:power2"] * 7, "green:power1")
    give(s, 0, "exhaust", "blue:exhaust", "blue:exhaust")
    play(s, "track:3-5-7", "draw:yellow", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:exhaust", "draw:red", "rest:exhaust")
    assert s.final_turns is None and not s.is_terminal()


def test_dream_victory_empty_bag_roll_what_you_hold():
    """lucidity-en "Dream Victory": a draw from an empty bag; the drawer rolls and resolves
    what they hold, then the game ends."""
    s = new(3)
    empty_bag_but(s, {"green": 2})
    play(s, "track:3-5-7", "draw:green", "draw:green")
    assert s.is_chance() and s.decision().kind == "roll"  # no return: roll all held
    play(s, "roll:power1", "roll:power1")
    assert s.is_terminal() and s.end_reason() == "dream"
    assert s.winners() == [0]
    check_invariants(s)


def test_dream_victory_unresolvable_depths_is_skipped():
    """lucidity-en "Dream Victory" note: a Depths shadow with no dream left is skipped."""
    s = new(3)
    empty_bag_but(s, {"blue": 3})
    play(s, "track:3-5-7", "draw:blue", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:shadow")
    assert not s.is_terminal()  # a dream went back: the bag is not empty
    s = new(3)
    empty_bag_but(s, {"blue": 1})
    play(s, "track:3-5-7", "draw:blue", "roll:shadow")
    assert s.is_terminal() and s.end_reason() == "dream"
    assert len(s.seats[0].shadow["blue"]) == 1


def test_winner_tie_break_most_dreams_on_card():
    """lucidity-en "The Winner": a Power tie goes to the most dreams on the card."""
    s = new(2)
    give(s, 0, "power", "red:power2")
    give(s, 1, "power", "blue:power1", "blue:power1")
    give(s, 0, "exhaust", "blue:exhaust")
    give(s, 1, "shadow_red", "red:shadow")
    give(s, 1, "hunt", "red:hunt")
    empty_bag_but(s, {"green": 0})
    play(s, "track:3-5-7")
    assert s.is_terminal() and s.winners() == [1]


def test_winner_tie_break_roll_off():
    """lucidity-en "The Winner": still tied, every dream on the card is rolled; most Power
    wins (a roll-off that ties again is rolled off again)."""
    s = new(2)
    give(s, 0, "power", "red:power2")
    give(s, 1, "power", "blue:power1", "blue:power1")
    give(s, 0, "hunt", "red:hunt")
    empty_bag_but(s, {})
    play(s, "track:3-5-7")
    assert s.is_chance() and s.decision().kind == "roll"
    play(s, "roll:power1", "roll:hunt", "roll:power1", "roll:shadow")
    # tied again (1 against 1): they roll off again
    assert not s.is_terminal() and s.decision().kind == "roll"
    play(s, "roll:hunt", "roll:hunt", "roll:power1", "roll:shadow")
    assert s.is_terminal() and s.winners() == [1]
    s = new(2)
    give(s, 0, "power", "red:power2")
    give(s, 1, "power", "blue:power1", "blue:power1")
    give(s, 0, "hunt", "red:hunt")
    empty_bag_but(s, {})
    play(s, "track:3-5-7", "roll:power2", "roll:hunt", "roll:power1", "roll:shadow")
    assert s.winners() == [0]


def test_last_dreamer_becoming_a_nightmare_ends_the_game_at_once():
    """lucidity-en "Nightmare Victory": all players Nightmares or eaten."""
    s = new(3)
    set_nightmare(s, 1, "blue")
    set_eliminated(s, 2)
    give(s, 1, "power", "blue:power1", "blue:power1")
    give(s, 0, "shadow_yellow", "yellow:shadow", "yellow:shadow")
    play(
        s,
        "track:3-5-7",
        "draw:yellow",
        "draw:red",
        "draw:red",
        "return:red",
        "return:red",
        "roll:shadow",
    )
    assert s.is_terminal() and s.end_reason() == "nightmare"
    assert s.winners() == [1]
    assert s.stats()["nightmares"] == [{"seat": 0, "became": "yellow", "turn": 1}]
