"""Dreams rolled or drawn and not yet placed are held by the steps that own them (core-v2,
"pending work lives in step fields"): the unresolved dreams by the resolution (lucidity-en
"3. Roll and Resolve Dreams"), a Nightmare's minions by its choice and then by the roll of
the dreamer it sends them to (lucidity-en "Send Minions"), a dream of the Shadow of the
Depths by its roll. What a player sees (the dreams in hand), snapshots and older snapshots
follow them."""

from __future__ import annotations

import json
from typing import Any

from .builder import set_nightmare, start_turn
from .helpers import give, new, play


def _in_hand(state: Any) -> list[tuple[str, str | None]]:
    return [(d["colour"], d["face"]) for d in state.observation(None)["in_hand"]]


def _restored(state: Any) -> Any:
    return state.game.from_snapshot(json.loads(json.dumps(state.to_snapshot())))


def _older(snapshot: dict[str, Any]) -> dict[str, Any]:
    """The snapshot as it was written while the state kept ``rolled`` and ``limbo`` lists:
    the steps without the fields that hold dreams, the dreams in the state's fields."""
    older = json.loads(json.dumps(snapshot))
    rolled: list[Any] = []
    limbo: list[Any] = []
    for step in older["flow"]:
        rolled += step.pop("rolled", [])
        limbo += step.pop("drawn", [])
        dream = step.pop("dream", None)
        if dream is not None:
            limbo.append(dream)
    older["fields"]["rolled"] = rolled
    older["fields"]["limbo"] = limbo
    return older


def test_send_minions_the_nightmare_holds_its_draws_until_it_gives_one():
    """lucidity-en "Send Minions": the two dreams drawn are in the Nightmare's hand while it
    chooses; the one given is in hand until the dreamer rolls it, the other goes back."""
    s = new(3)
    set_nightmare(s, 0, "green")
    start_turn(s, 0)
    bag = dict(s.bag)
    play(s, "minions", "draw:red", "draw:blue")
    assert s.stack.top.kind == "minion_pick"
    assert _in_hand(s) == [("red", None), ("blue", None)]
    again = _restored(s)
    assert _in_hand(again) == _in_hand(s)
    play(s, "minion:red")
    assert _in_hand(s) == [("red", None)]
    assert s.bag["blue"] == bag["blue"] and s.bag["red"] == bag["red"] - 1
    play(s, "target:seat1")
    assert s.stack.top.kind == "roll_now" and _in_hand(s) == [("red", None)]
    play(s, "roll:hunt")
    assert _in_hand(s) == [] and [d[0] for d in s.seats[1].hunt] == ["red"]
    # the restored copy plays on the same
    play(again, "minion:red", "target:seat1", "roll:hunt")
    assert again.observation(None) == s.observation(None)


def test_the_unresolved_dreams_are_in_hand_until_they_resolve():
    """lucidity-en "3. Roll and Resolve Dreams": the dreams rolled stay in hand, with their
    faces, until each category or shadow is resolved."""
    s = new(3)
    play(s, "track:4-6-8", "draw:blue", "draw:green", "draw:red", "draw:red")
    play(s, "return:red", "return:red", "roll:exhaust", "roll:power1")
    assert _in_hand(s) == [("green", "exhaust"), ("blue", "power1")]
    assert s.rolled == [("green", "exhaust", False), ("blue", "power1", False)]
    play(s, "resolve:power")  # the exhaust dream left then resolves by itself
    assert _in_hand(s) == [] and s.rolled == []
    assert [d[0] for d in s.seats[0].power] == ["blue"]
    assert [d[0] for d in s.seats[0].exhaust] == ["green"]


def test_an_older_snapshot_with_the_dreams_in_its_fields_still_loads():
    """A snapshot written while the state kept the unresolved dreams and the dreams drawn
    for an effect in lists of its own loads: the dreams go to the steps that hold them now,
    and play goes on the same."""
    s = new(3)
    give(s, 0, "power", "blue:power1")
    play(s, "track:4-6-8", "draw:blue", "draw:green", "draw:red", "draw:red")
    play(s, "return:red", "return:red", "roll:shadow", "roll:shadow")
    play(s, "resolve:shadow:blue", "draw:blue", "roll:exhaust")
    # a dream of the Depths rolled, the reroll offered; a green shadow unresolved
    assert s.stack.top.kind == "now"
    assert s.rolled == [("green", "shadow", False)] and s.limbo == [("blue", "exhaust", False)]
    older = _older(s.to_snapshot())
    assert "rolled" not in json.dumps(older["flow"])
    loaded = s.game.from_snapshot(older)
    assert loaded.snapshot() == s.snapshot()
    for state in (s, loaded):
        play(state, "reroll:blue", "roll:power1")  # the green shadow then resolves by itself
    assert loaded.observation(None) == s.observation(None)
    assert loaded.snapshot() == s.snapshot()
