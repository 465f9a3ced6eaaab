"""What the Action cards do (``steps/symbols.py``, the passive ones in ``steps/reveal.py``):
sleep-tight "Card Symbols" and "Card Examples"."""

from __future__ import annotations

from itertools import permutations

import pytest

from .helpers import (
    at_play,
    kinds,
    play,
    reveal,
    run_until,
    set_hand,
    step_top,
)
from .scenario import scenario


def test_draw_symbol_draws_action_cards() -> None:
    state = scenario(3, hands={0: ["dash-down-the-hall"]}, fragments={0: 3})
    play(state, 0, "play:dash-down-the-hall")
    reveal(state)
    decision = state.decision()
    assert state.is_chance() and decision is not None and decision.data["seat"] == 0
    state.apply("draw:wake-up")
    assert "wake-up" in state.hands[0]
    private = [e for e in kinds(state, "drew_card") if e.data["card"] == "wake-up"]
    assert private[-1].visible_to == (0,)


def test_face_up_symbol_is_played_and_resolved_at_the_start_of_the_play_phase() -> None:
    # "Card Examples": draw 2 Action cards; you must play this card at the start of the turn.
    state = scenario(3)
    reveal(state)
    run_until(state, "buy")
    set_hand(state, 2, ["sleepwalk", "paper-slingshot"])
    for seat in state.to_move():
        state.apply("done", player=seat)
    assert state.is_chance() and step_top(state) == "draw"
    assert [e.data["seat"] for e in kinds(state, "face_up")] == [2]
    state.apply("draw:nightlight")
    state.apply("draw:pickpocket")
    assert step_top(state) == "play"
    assert sorted(state.hands[2]) == ["nightlight", "paper-slingshot", "pickpocket"]
    seen_by_0 = state.observation(0)["players"][2]["plays"]
    assert [p["card"] for p in seen_by_0] == ["sleepwalk"]


def test_a_face_up_card_is_never_played_face_down() -> None:
    # A Sleepwalk drawn by another Sleepwalk waits for the next round's start.
    state = scenario(3, hands={0: ["sleepwalk", "paper-slingshot"]})
    ids = [a.id for a in state.legal_actions(0)]
    assert "play:sleepwalk" not in ids and "discard:sleepwalk" in ids
    assert not [i for i in ids if i.startswith("stack:sleepwalk")]


def test_affects_another_player_asks_for_a_target() -> None:
    state = scenario(3, hands={0: ["pickpocket"], 2: ["nightlight", "tantrum"]})
    play(state, 0, "play:pickpocket")
    reveal(state)
    assert state.to_move() == (0,)
    assert [a.id for a in state.legal_actions()] == ["target:1", "target:2"]
    state.apply("target:2")
    # Take one random card: chance over the cards in seat 2's hand.
    assert dict((a.id, p) for a, p in state.chance_outcomes()) == {
        "steal:nightlight": 0.5,
        "steal:tantrum": 0.5,
    }
    state.apply("steal:tantrum")
    assert "tantrum" in state.hands[0] and state.hands[2] == ["nightlight"]
    public = kinds(state, "stole_card")[-1]
    private = kinds(state, "stole_card_private")[-1]
    assert "card" not in public.data and public.visible_to is None
    assert private.visible_to == (0, 2) and private.data["card"] == "tantrum"


@pytest.mark.parametrize(("card", "victim"), [("elbow-jab", 1), ("heel-kick", 2)])
def test_left_and_right_symbols(card: str, victim: int) -> None:
    # Left is the next seat, right the previous one.
    state = scenario(3, hands={0: [card]})
    play(state, 0, f"play:{card}")
    reveal(state)
    expected = [2, 2, 2]
    expected[victim] -= 1
    assert state.fragments == expected


@pytest.mark.parametrize("card", ["elbow-jab", "heel-kick"])
def test_left_or_right_is_the_other_player_with_two(card: str) -> None:
    state = scenario(2, hands={1: [card]})
    play(state, 1, f"play:{card}")
    reveal(state)
    assert state.fragments == [1, 2]


def test_affects_everyone_else() -> None:
    state = scenario(4, hands={1: ["tantrum"]})
    play(state, 1, "play:tantrum")
    reveal(state)
    assert state.fragments == [1, 2, 1, 1]


def test_look_at_a_hand_and_take_any_card() -> None:
    state = scenario(3, hands={0: ["rummage"], 2: ["nightlight", "wake-up"]})
    play(state, 0, "play:rummage")
    reveal(state)
    shown = kinds(state, "hand_shown")[-1]
    assert shown.visible_to == (0, 2) and shown.data["cards"] == ["nightlight", "wake-up"]
    assert [a.id for a in state.legal_actions(0)] == ["take:nightlight", "take:wake-up"]
    state.apply("take:wake-up")
    assert "wake-up" in state.hands[0] and state.hands[2] == ["nightlight"]


def test_discard_played_actions_of_a_type() -> None:
    state = at_play(
        3,
        hands={0: ["trip-wire"], 1: ["run-for-the-stairs"], 2: ["dash-down-the-hall"]},
    )
    play(state, 0, "play:trip-wire")
    play(state, 1, "play:run-for-the-stairs")
    play(state, 2, "play:dash-down-the-hall")
    reveal(state)
    assert kinds(state, "discard_type")[-1].data["hit"] == [
        "seat 1: Run for the Stairs",
        "seat 2: Dash Down the Hall",
    ]
    assert [e.data["card"] for e in kinds(state, "resolve")] == ["trip-wire"]
    assert state.fragments == [2, 2, 2]  # the Run card no longer dodges the Sandman


def test_card_symbols_a_discarded_discard_card_has_no_effect_whatever_the_seating() -> None:
    # Trip Wire (attack: discards Run), Hold Your Breath (hide: discards Attack), Dash Down the
    # Hall (run). Hold Your Breath discards Trip Wire, so Dash is never discarded.
    for tw, hyb, run in permutations(range(3)):
        state = at_play(
            3, hands={tw: ["trip-wire"], hyb: ["hold-your-breath"], run: ["dash-down-the-hall"]}
        )
        play(state, tw, "play:trip-wire")
        play(state, hyb, "play:hold-your-breath")
        play(state, run, "play:dash-down-the-hall")
        reveal(state)
        statuses = {p.card: p.status for plays in state.plays for p in plays}
        assert statuses["trip-wire"] == "failed", (tw, hyb, run)
        assert statuses["dash-down-the-hall"] == "resolved", (tw, hyb, run)
        hits = [e.data["hit"] for e in kinds(state, "discard_type")]
        assert hits == [[f"seat {tw}: Trip Wire"]], (tw, hyb, run)


def test_take_fragments_from_the_pile() -> None:
    state = scenario(3, hands={0: ["gather-glimmers"]})
    pile = state.pile
    play(state, 0, "play:gather-glimmers")
    reveal(state)
    assert state.fragments[0] == 3 and state.pile == pile + 2  # 3 lost to the Sandman, 1 taken


def test_take_fragments_from_another_player_instead() -> None:
    state = scenario(3, hands={0: ["dream-catcher"]}, fragments={0: 2, 1: 5})
    play(state, 0, "play:dream-catcher")
    reveal(state)
    assert [a.id for a in state.legal_actions()] == ["from:pile", "from:1", "from:2"]
    state.apply("from:1")
    assert state.fragments[:2] == [1 + 2, 4 - 2]
    assert kinds(state, "stole_fragments")[-1].data == {"seat": 0, "victim": 1, "n": 2}


def test_prevent_sandman_damage() -> None:
    state = at_play(
        3,
        hands={0: ["nightlight"]},
        frags={0: 2},
        dreams={0: "icicle-nursery"},
    )
    play(state, 0, "play:nightlight")
    reveal(state, "grinning-moth")  # cold: 2 damage to seat 0, all prevented
    assert state.fragments[0] == 2
    assert kinds(state, "sandman_damage")[0].data["prevented"] == 2


def test_prevent_damage_from_players() -> None:
    state = scenario(3, hands={0: ["tantrum"], 1: ["pillow-wall"]}, fragments={0: 3, 1: 2})
    play(state, 0, "play:tantrum")
    play(state, 1, "play:pillow-wall")
    reveal(state)
    assert state.fragments == [2, 1, 1]  # seat 1 only loses the Sandman's 1
    assert kinds(state, "damaged")[0].data["prevented"] == 1


def test_discard_sandman_cards() -> None:
    state = scenario(3, hands={0: ["slam-the-closet"]})
    left = state.sandman_left()
    play(state, 0, "play:slam-the-closet")
    reveal(state)
    state.apply("sandman:ash-choir")
    state.apply("sandman:rubble-hound")
    assert state.sandman_left() == left - 3
    assert [e.data["card"] for e in kinds(state, "sandman_discarded")] == [
        "ash-choir",
        "rubble-hound",
    ]


def test_example_discard_three_sandman_cards_and_take_a_fragment() -> None:
    state = scenario(3, hands={0: ["battle-cry"]}, fragments={0: 4})
    play(state, 0, "play:battle-cry")
    reveal(state)
    for card in ("ash-choir", "rubble-hound", "lantern-eater"):
        state.apply("sandman:" + card)
    assert len(kinds(state, "sandman_discarded")) == 3
    assert state.fragments[0] == 4 - 1 + 1


def test_untouchable_play_blocks_other_plays_effects_and_the_sandman() -> None:
    state = scenario(3, hands={0: ["blanket-fort", "paper-slingshot"]}, fragments={0: 3})
    state.apply("play:blanket-fort", player=0)
    assert [a.id for a in state.legal_actions(0) if a.id.startswith("play")] == []
    play(state, 0)
    reveal(state, "grinning-moth")
    assert state.fragments[0] == 3  # no Sandman damage
    assert kinds(state, "untouched")[0].data == {"seat": 0}
    state3 = at_play(3, hands={0: ["blanket-fort"], 2: ["elbow-jab"]}, frags={0: 3})
    play(state3, 0, "play:blanket-fort")
    play(state3, 2, "play:elbow-jab")  # the player to seat 2's left is seat 0
    reveal(state3)
    assert state3.fragments[0] == 3
    assert kinds(state3, "protected")


def test_all_actions_played_against_you_fail() -> None:
    # "Card Examples": all Action cards played against you by other players fail.
    state = scenario(3, hands={0: ["mirror-ward"], 2: ["elbow-jab"]}, fragments={0: 3})
    play(state, 0, "play:mirror-ward")
    play(state, 2, "play:elbow-jab")
    reveal(state)
    assert state.fragments[0] == 2  # only the Sandman's damage
    assert kinds(state, "protected")[0].data == {"seat": 0, "source": 2}


def test_draw_three_then_shuffle_two_back() -> None:
    # "Card Examples": draw 3 cards, then shuffle 2 back (not necessarily the drawn ones).
    state = scenario(3, hands={0: ["frantic-search", "tantrum"]}, fragments={0: 3})
    play(state, 0, "play:frantic-search")
    reveal(state)
    for card in ("nightlight", "pickpocket", "gather-glimmers"):
        state.apply("draw:" + card)
    assert state.decision().kind == "return_card"  # type: ignore[union-attr]
    deck = len(state.action_deck)
    state.apply("return:tantrum")
    state.apply("return:nightlight")
    assert sorted(state.hands[0]) == ["gather-glimmers", "pickpocket"]
    assert len(state.action_deck) == deck + 2
