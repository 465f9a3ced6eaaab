"""Scripted play and invariants for the Lucidity tests."""

from __future__ import annotations

from collections import Counter
from typing import Any

from oneiros.core import CHANCE, State

from . import builder

ROW_KEYS = (
    "hunt",
    "exhaust",
    "power",
    "shadow_blue",
    "shadow_green",
    "shadow_yellow",
    "shadow_red",
)


def new(players: int = 3, ruleset: str = "en", **options: Any) -> Any:
    """A new game, seat 0 first unless ``first_player`` says otherwise (``builder.scenario``)."""
    return builder.scenario(players, ruleset, **options)


def play(state: State, *ids: str) -> None:
    """Apply action ids in order (chance outcomes included), checking invariants each time."""
    for aid in ids:
        state.apply(aid)
        check_invariants(state)


def draw_keep_one(state: State, colour: str, *then: str, returned: str = "blue") -> None:
    """The seat to move starts its turn keeping one dream: it chooses the 3-5-7 track, draws
    ``colour`` then two ``returned`` dreams and returns those two (lucidity-en "1. Set Level
    of Control", "2. Draw and Select Dreams"); then ``then`` is played (``play``)."""
    _draw_and_return(state, "3-5-7", (colour,), returned, then)


def draw_keep_two(
    state: State, first: str, second: str, *then: str, returned: str = "blue"
) -> None:
    """As ``draw_keep_one`` on the 4-6-8 track: ``first`` and ``second`` are drawn and kept,
    then two ``returned`` dreams drawn and returned."""
    _draw_and_return(state, "4-6-8", (first, second), returned, then)


def _draw_and_return(
    state: State, track: str, kept: tuple[str, ...], returned: str, then: tuple[str, ...]
) -> None:
    draws = [f"draw:{colour}" for colour in (*kept, returned, returned)]
    play(state, f"track:{track}", *draws, f"return:{returned}", f"return:{returned}", *then)


def dice_places(obs: dict[str, Any]) -> Counter[str]:
    """Every dream counted once per place it is in, by colour."""
    count: Counter[str] = Counter()
    for colour, n in obs["bag"].items():
        assert n >= 0, f"negative bag count {colour}={n}"
        count[colour] += n
    for p in obs["players"]:
        for _row, dice in p["rows"].items():
            for d in dice:
                count[d["colour"]] += 1
    for card in obs["nightmare_cards"].values():
        for d in card["dice"]:
            count[d["colour"]] += 1
    for d in obs["in_hand"]:
        count[d["colour"]] += 1
    return count


def check_invariants(state: Any) -> None:
    """Every dream in exactly one place, no negative count, winners follow the tie-breaks."""
    obs = state.observation(None)
    expected = Counter({c: n for c, n in state.game.start_bag.items() if n})
    got = dice_places(obs)
    got = Counter({c: n for c, n in got.items() if n})
    assert got == expected, f"dice are lost or duplicated: {dict(got)} != {dict(expected)}"
    for i, p in enumerate(obs["players"]):
        if p["role"] != "dreamer":
            assert p["track"] is None or p["role"] == "dreamer"
        if p["role"] == "eliminated":
            assert all(not dice for dice in p["rows"].values()), "an eaten dreamer keeps no dream"
        if p["role"] == "nightmare":
            assert p["colour"] in ("blue", "green", "yellow", "red")
            assert obs["nightmare_cards"][p["colour"]]["holder"] == i
            assert not any(p["rows"][k] for k in ROW_KEYS if k != "power"), (
                "a Nightmare keeps only Power"
            )
    assert obs["power"] == [
        sum(
            2 if d["face"] == "power2" else 1 if d["face"] == "power1" else 0
            for d in p["rows"]["power"]
        )
        for p in obs["players"]
    ]
    if state.is_terminal():
        check_winners(state)


def check_winners(state: Any) -> None:
    scores = state.scores()
    winners = state.winners()
    if state.end_reason() == "eliminated":
        # every player eliminated, no Nightmare left: nobody wins (lucidity-en "How to win")
        assert winners == []
        assert all(p["role"] == "eliminated" for p in state.observation(None)["players"])
        return
    assert winners, "a finished game has winners"
    best = max(scores)
    assert all(scores[w] == best for w in winners), "a winner has the most Power"
    if state.game.ruleset == "en" and len(winners) < len([s for s in scores if s == best]):
        # broken tie: the winners hold at least as many dreams as the other tied players
        obs = state.observation(None)
        held = [sum(len(d) for d in p["rows"].values()) for p in obs["players"]]
        tied = [i for i, s in enumerate(scores) if s == best]
        most = max(held[i] for i in tied)
        assert all(held[w] == most for w in winners)


def rules_of(events: Any) -> list[str]:
    return [e.rule for e in events]


def chance_ids(state: State) -> list[str]:
    assert state.to_move() == (CHANCE,)
    return [a.id for a, _ in state.chance_outcomes()]


def give(state: Any, seat: int, row: str, *dice: str) -> None:
    """Test set-up: move dreams from the bag to a row (see ``builder.place``); each die is
    'colour:face' (a rotated exhaust dream is 'yellow:exhaust:rotated')."""
    builder.place(state, seat, row, dice)
    check_invariants(state)


def legal(state: Any) -> list[str]:
    return [a.id for a in state.legal_actions()]


def empty_bag_but(state: Any, keep: dict[str, int]) -> None:
    """Test set-up: the bag holds only ``keep`` (see ``builder.keep_in_bag``)."""
    builder.keep_in_bag(state, keep)


def make_nightmare(state: Any, seat: int, colour: str) -> None:
    """Make ``seat`` the Nightmare of ``colour`` (its card claimed)."""
    builder.set_nightmare(state, seat, colour)


def nightmare_turn(state: Any, seat: int, advance: bool = False) -> None:
    """Start ``seat``'s turn now, dropping whatever was pending; with ``advance``, also run
    the steps that need no decision."""
    builder.start_turn(state, seat, advance)
