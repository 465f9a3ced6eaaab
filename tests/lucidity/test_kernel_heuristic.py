"""The kernel's heuristic policy chooses what the engine's heuristic bot chooses: every seat
decision of recorded heuristic games (every rule set, covered options, 2-4 players),
converted to the kernel's state, gets the same action."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import oneiros
from oneiros.core import CHANCE
from oneiros.games.lucidity.heuristic import heuristic_policy
from oneiros.games.lucidity.kernel_guard import heuristic_action

CONFIGS: list[tuple[int, str, dict[str, Any]]] = [
    (4, "en", {}),
    (4, "es", {}),
    (3, "en", {"bone_hunters": 3}),
    (2, "en", {}),
    (2, "es", {"replacement_dice": True}),
    (4, "es", {"temptation": "envy"}),
    (4, "es", {"temptation": "fear", "fourth_shadow_space": True}),
]


def compare(game: Any, seed: int, kinds: Counter[str]) -> str | None:
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    while state.to_move():
        seat = state.to_move()[0]
        if seat == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        mine = heuristic_action(state)
        action = heuristic_policy(state, seat, rng)
        if mine is not None and len(state.legal_actions()) > 1:
            kinds[state.stack.top.kind] += 1
            if mine != action.id:
                ids = [a.id for a in state.legal_actions()]
                return f"turn {state.turns} {state.stack.top.kind}: engine {action.id}, kernel {mine} of {ids}"
        state.apply(action)
    return None


@pytest.mark.parametrize(("players", "ruleset", "options"), CONFIGS)
def test_the_kernel_heuristic_chooses_as_the_engine_heuristic(
    players: int, ruleset: str, options: dict[str, Any]
) -> None:
    game = oneiros.make("lucidity", players=players, ruleset=ruleset, options=options)
    kinds: Counter[str] = Counter()
    for seed in range(6):
        assert compare(game, seed, kinds) is None, (players, ruleset, options, seed)
    assert kinds["track"] and kinds["rest"] and kinds["resolve"]


def test_every_heuristic_decision_kind_is_compared() -> None:
    kinds: Counter[str] = Counter()
    for players, ruleset, options in CONFIGS:
        game = oneiros.make("lucidity", players=players, ruleset=ruleset, options=options)
        for seed in range(6, 14):
            assert compare(game, seed, kinds) is None, (players, ruleset, options, seed)
    for kind in ("track", "return", "resolve", "rest", "now", "envy", "fear", "ability"):
        assert kinds[kind] > 0, (kind, kinds)
    for kind in ("nightmare", "minion_pick", "minion_target", "imprison", "strip"):
        assert kinds[kind] > 0, (kind, kinds)
