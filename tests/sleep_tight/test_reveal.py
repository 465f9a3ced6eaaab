"""sleep-tight "4. Resolve Actions and the Sandman Card", the players' side (``steps/reveal.py``):
the reveal, the discards for fragments settled then (a requirement needs fragments really
held: "3. Play Actions Facedown"), the order of resolution."""

from __future__ import annotations

import random

from oneiros.games.sleep_tight.state import SleepTightState

from .helpers import (
    all_done,
    at_play,
    kinds,
    play,
    reveal,
    run_until,
    step_top,
)


def test_fragments_for_discards_are_taken_at_the_reveal_first_player_first() -> None:
    state = at_play(
        4,
        hands={0: ["elbow-jab"], 1: ["heel-kick"], 2: ["tantrum"]},
        frags={0: 6, 1: 5, 2: 5, 3: 9},
    )
    assert state.pile == 1
    state.apply("discard:heel-kick", player=1)
    state.apply("discard:tantrum", player=2)
    reveal(state)
    got = {e.data["seat"]: e.data["got"] for e in kinds(state, "discarded_for_fragments")}
    assert got == {1: 1}  # seat 1 comes first and takes the last fragment
    assert [e.data["seat"] for e in kinds(state, "discard_refused")] == [2]
    assert "heel-kick" in state.action_discard and "tantrum" in state.hands[2]


def test_discards_happen_before_damage_and_damage_before_other_actions() -> None:
    # Seat 1 would prevent the Sandman's damage with Under the Covers and discard a Sandman
    # card; seat 0 discards all played Attack cards first.
    state = at_play(
        3,
        hands={0: ["hold-your-breath"], 1: ["paper-slingshot", "under-the-covers"]},
        frags={1: 3},
    )
    play(state, 0, "play:hold-your-breath")
    play(state, 1, "play:paper-slingshot", "play:under-the-covers")
    reveal(state)
    order = [
        e.kind
        for e in state.events()
        if e.kind in ("discard_type", "sandman_damage", "resolve", "round_end")
    ]
    assert order == ["discard_type", *["sandman_damage"] * 3, "resolve", "resolve", "round_end"]
    assert kinds(state, "discard_type")[0].data["hit"] == ["seat 1: Paper Slingshot"]
    resolved = [e.data["card"] for e in kinds(state, "resolve")]
    assert resolved == ["hold-your-breath", "under-the-covers"]
    assert state.fragments[1] == 3  # Under the Covers prevented the 1 damage
    assert not kinds(state, "sandman_discarded")


def short_pile(pile: int) -> SleepTightState:
    """Seat 0 (the First Player) discards Elbow Jab for a fragment; seat 1, with 2 fragments,
    discards Heel Kick and counts on that fragment to play Tantrum (requires 3). The pile
    holds ``pile`` fragments."""
    state = at_play(
        3,
        hands={0: ["elbow-jab"], 1: ["heel-kick", "tantrum"]},
        frags={0: 3, 1: 2, 2: 23 - pile - 2},
    )
    assert state.pile == pile
    play(state, 0, "discard:elbow-jab")
    assert "play:tantrum" not in [a.id for a in state.legal_actions(1)]
    state.apply("discard:heel-kick", player=1)
    play(state, 1, "play:tantrum")  # 2 held + 1 to come from the pile
    all_done(state)
    while step_top(state) == "wake":  # seat 2 holds most of the fragments
        state.apply("wait")
    reveal(state)  # a Sandman card lurking in no dream: 1 damage to each
    run_until(state, "dream")  # the end of the round (seat 2 waits when asked to wake up)
    return state


def test_play_actions_facedown_a_discard_the_pile_cannot_pay_is_refused() -> None:
    # One fragment left: seat 0, first, takes it. Seat 1's discard is refused (Heel Kick stays
    # in hand) and Tantrum, which counted on that fragment, is not played.
    state = short_pile(1)
    assert kinds(state, "discarded_for_fragments")[0].data["seat"] == 0
    refused = kinds(state, "discard_refused")[0].data
    assert (refused["seat"], refused["cards"]) == (1, ["heel-kick"])
    unmet = kinds(state, "requirement_unmet")[0].data
    assert (unmet["seat"], unmet["card"], unmet["need"], unmet["have"]) == (1, "tantrum", 3, 2)
    assert sorted(state.hands[1]) == ["heel-kick", "tantrum"]
    assert not kinds(state, "resolve")
    assert state.fragments == [3 + 1 - 1, 2 - 1, 20 - 1]  # no Tantrum damage


def test_play_actions_facedown_a_discard_the_pile_pays_meets_the_requirement() -> None:
    state = short_pile(2)
    assert not kinds(state, "discard_refused") and not kinds(state, "requirement_unmet")
    assert [e.data["card"] for e in kinds(state, "resolve")] == ["tantrum"]
    # Tantrum: every other player loses 1, after the Sandman's 1.
    assert state.fragments == [3 + 1 - 1 - 1, 2 + 1 - 1, 19 - 1 - 1]


def test_play_actions_facedown_a_refused_discard_stays_known_in_the_hand() -> None:
    # Every seat sees Heel Kick (refused discard) and Tantrum (requirement not met) go back
    # into seat 1's hand at the reveal: they are public, and no state another seat samples
    # puts them anywhere else (interpretation 7).
    state = short_pile(1)
    for viewer in (0, 2, None):
        seat1 = state.observation(viewer)["players"][1]
        assert seat1["known_hand"] == ["heel-kick", "tantrum"]
        assert seat1["hand"] is None
    rng = random.Random(7)
    for viewer in (0, 2):
        for _ in range(30):
            view = state.determinize(viewer, rng)
            assert {"heel-kick", "tantrum"} <= set(view.hands[1])
            assert len(view.hands[1]) == len(state.hands[1])
            assert view.observation(viewer) == state.observation(viewer)
    # Round 2: a face-down play of Heel Kick changes nothing others know until the reveal;
    # then it has been seen leaving the hand, and only Tantrum is still known to be there.
    run_until(state, "play")
    assert "heel-kick" in state.hands[1]
    before = state.observation(0)
    play(state, 1, "play:heel-kick")
    assert state.observation(0)["players"][1]["known_hand"] == ["heel-kick", "tantrum"]
    assert state.observation(0)["players"][1] == before["players"][1]
    for _ in range(10):
        view = state.determinize(0, rng)
        assert {"heel-kick", "tantrum"} <= set(view.hands[1])
    reveal(state)
    assert state.observation(0)["players"][1]["known_hand"] == ["tantrum"]
    for _ in range(10):
        assert "tantrum" in state.determinize(2, rng).hands[1]
