"""A Lucidity snapshot taken anywhere restores the whole state, flow stack included: every
seat sees the same, the same actions are legal, and play goes on identically."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import oneiros
from oneiros.core import CHANCE, ConfigError, State
from oneiros.games.lucidity.content import DEFAULT_FILE

from .builder import scenario
from .helpers import play

OPTIONS: list[tuple[str, dict[str, Any]]] = [
    ("en", {}),
    ("es", {}),
    ("en", {"manifestations": True, "dreamscapes": True}),
    ("en", {"bone_hunters": 4, "replacement_dice": True, "fourth_shadow_space": True}),
    ("es", {"temptation": "envy", "manifestations": True}),
    ("es", {"temptation": "fear", "bone_hunters": 2, "dreamscapes": True}),
    ("en", {"table_slips": True}),
]


def _step(state: State, rng: random.Random) -> None:
    if state.to_move() == (CHANCE,):
        state.apply(state.sample_chance(rng))
    else:
        state.apply(rng.choice(state.legal_actions()))


def _everything(state: State) -> dict[str, Any]:
    snap = state.snapshot()
    snap["legal"] = [a.id for a in state.legal_actions()] if not state.is_terminal() else []
    if state.is_chance():
        snap["chance"] = [(a.id, p) for a, p in state.chance_outcomes()]
    return snap


def _restored(state: State) -> State:
    text = json.dumps(state.to_snapshot())  # plain JSON: no tuple, no object survives
    return state.game.from_snapshot(json.loads(text))


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(2, 4),
    config=st.sampled_from(OPTIONS),
    seed=st.integers(0, 2**31 - 1),
    cut=st.integers(0, 700),
)
def test_a_snapshot_anywhere_restores_the_state_and_play_goes_on_the_same(
    players, config, seed, cut
):
    ruleset, options = config
    game = oneiros.make("lucidity", players=players, ruleset=ruleset, options=options)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(cut):
        if state.is_terminal():
            break
        _step(state, rng)
    back = _restored(state)
    assert _everything(back) == _everything(state)
    assert back.to_snapshot() == state.to_snapshot()
    rng_a, rng_b = random.Random(cut), random.Random(cut)
    while not state.is_terminal():
        _step(state, rng_a)
        _step(back, rng_b)
        assert back.to_move() == state.to_move()
    assert _everything(back) == _everything(state)
    assert back.scores() == state.scores() and back.winners() == state.winners()


def test_a_restored_state_is_independent_of_the_original():
    game = oneiros.make("lucidity", players=3)
    state = game.new_state(seed=5)
    rng = random.Random(5)
    for _ in range(40):
        _step(state, rng)
    before = _everything(state)
    back = _restored(state)
    for _ in range(30):
        if back.is_terminal():
            break
        _step(back, rng)
    assert _everything(state) == before


def _bad(game: Any, data: dict[str, Any], match: str) -> None:
    with pytest.raises(ConfigError, match=match) as err:
        game.from_snapshot(data)
    assert "\n" not in str(err.value)


def test_a_bad_snapshot_fails_with_a_one_line_error():
    game = oneiros.make("lucidity", players=3)
    state = game.new_state(seed=2)
    rng = random.Random(2)
    for _ in range(25):
        _step(state, rng)
    good = state.to_snapshot()
    _bad(game, {"seed": 2}, "not a snapshot")
    _bad(oneiros.make("lucidity", players=4), good, "players 3")
    _bad(oneiros.make("lucidity", players=3, ruleset="es"), good, "ruleset 'en'")
    _bad(game, {**good, "rules": 99}, "rules version 99")
    _bad(game, {**good, "content": "0" * 64}, "content pack changed")
    broken = copy.deepcopy(good)
    broken["fields"]["bag"]["purple"] = 3
    _bad(game, broken, "fields do not load: bag.purple")
    broken = copy.deepcopy(good)
    broken["fields"]["seats"][0]["hunt"] = [["blue", "hunt"]]
    _bad(game, broken, "seats.0.hunt.0")
    broken = copy.deepcopy(good)
    broken["fields"]["seats"].pop()
    _bad(game, broken, "2 seats")
    broken = copy.deepcopy(good)
    broken["flow"].append({"kind": "no_such_step"})
    _bad(game, broken, "unknown step kind 'no_such_step'")
    broken = copy.deepcopy(good)
    broken["flow"][-1]["surplus"] = 1
    _bad(game, broken, "does not load")
    broken = copy.deepcopy(good)
    del broken["events"]
    _bad(game, broken, "does not load")


def test_a_snapshot_in_the_middle_of_a_card_effect_keeps_the_rest_of_the_effect(tmp_path):
    """A house card for the red Nightmare (lucidity-en "Activating Nightmare Abilities"):
    a shadow dream to the Hunt row, then a dream drawn into the Exhaust row. Saved while the
    Nightmare chooses the shadow, the second part waits on the stack as an effect step and
    still runs after the state is restored."""
    data = json.loads(DEFAULT_FILE.read_text(encoding="utf-8"))
    data["nightmares"]["red"]["ability"] = "[shadow_to_hunt(), draw_to_exhaust()]"
    path = tmp_path / "content.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    s = scenario(
        3, content=str(path), nightmares={1: "red"}, rows={0: {"shadow_blue": ["blue:shadow"]}}
    )
    play(s, "track:3-5-7", "draw:red", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:shadow", "ability:use")
    saved = s.to_snapshot()
    assert "ability_effect" in [step["kind"] for step in saved["flow"]]
    back = s.game.from_snapshot(json.loads(json.dumps(saved)))
    assert back.to_move() == (1,) and back.decision().kind == "hunt_move"
    for state in (s, back):
        play(state, "pick:seat0:shadow_blue:blue:shadow")
        assert state.is_chance() and state.decision().kind == "draw"
        play(state, "draw:green")
    assert _everything(back) == _everything(s)
    assert [d[:2] for d in back.seats[0].exhaust] == [("green", "exhaust")]
