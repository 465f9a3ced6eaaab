"""The playout kernel plays the engine's game: recorded engine games (random seats, every
rule set and covered option) replayed into the kernel action by action give the same option
lists at every decision, the same counts (bag, rows, roles, turn, final turns) at every turn
boundary, and the same end, scores and winners. Runs the plain Python kernel (the compiled
build is the same source; ``test_kernel_fast.py`` compares them)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import oneiros
from oneiros.core import CHANCE
from oneiros.games.lucidity import kernel as K
from oneiros.games.lucidity.kernel_guard import engine_snapshot, mismatch, replay

from .helpers import new, play

CONFIGS: list[tuple[int, str, dict[str, Any]]] = [
    (4, "en", {}),
    (4, "es", {}),
    (3, "en", {}),
    (3, "es", {}),
    (2, "en", {}),
    (2, "es", {}),
    (4, "en", {"bone_hunters": 3}),
    (3, "es", {"bone_hunters": 8}),
    (2, "en", {"bone_hunters": 1, "replacement_dice": True}),
    (4, "en", {"fourth_shadow_space": True}),
    (3, "en", {"replacement_dice": True}),
    (4, "es", {"temptation": "envy"}),
    (4, "es", {"temptation": "fear"}),
    (2, "en", {"first_player": "1"}),
    (4, "es", {"first_player": "3", "fourth_shadow_space": True}),
]


@pytest.mark.parametrize(("players", "ruleset", "options"), CONFIGS)
def test_random_engine_games_replay_identically(
    players: int, ruleset: str, options: dict[str, Any]
) -> None:
    game = oneiros.make("lucidity", players=players, ruleset=ruleset, options=options)
    assert K.covers(game) is None
    for seed in range(16):
        assert mismatch(game, seed) is None, (players, ruleset, options, seed)


@pytest.mark.parametrize("ruleset", ["en", "es"])
def test_heuristic_engine_games_replay_identically(ruleset: str) -> None:
    """Heuristic games reach Nightmares, consumes and minions far more often."""
    game = oneiros.make("lucidity", players=4, ruleset=ruleset)
    for seed in range(12):
        assert mismatch(game, seed, "heuristic") is None, (ruleset, seed)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "ruleset", "options"), CONFIGS)
def test_many_engine_games_replay_identically(
    players: int, ruleset: str, options: dict[str, Any]
) -> None:
    game = oneiros.make("lucidity", players=players, ruleset=ruleset, options=options)
    for seed in range(16, 56):
        assert mismatch(game, seed) is None, (players, ruleset, options, seed)
        assert mismatch(game, seed, "heuristic") is None, (players, ruleset, options, seed)


def test_the_kernel_refuses_what_the_engine_would_refuse() -> None:
    """A replayed action the rules do not allow stops the kernel where it is offered."""
    game = oneiros.make("lucidity", players=2, options={"first_player": "0"})
    r = replay(
        game, ["track:3-5-7", "draw:blue", "draw:blue", "draw:blue", "return:red"], kernel="python"
    )
    assert r.error_at == 5


def test_a_mid_game_position_converts_and_plays_on_identically() -> None:
    """The engine's state converts to the kernel's at a decision point inside a turn
    (here: Shadow of Envy pending), and both play on the same way."""
    state = new(players=3)
    play(state, "track:5-7-9", *["draw:green"] * 5, "return:green", "return:green")
    play(state, "roll:shadow", "roll:power1", "roll:power1")
    assert state.decision().kind == "resolve"  # the Power resolved by itself
    play(state, "resolve:shadow:green")
    assert state.decision().kind == "envy_pick"
    rng = random.Random(3)
    probe = state.clone()
    ids = []
    while probe.to_move():
        if probe.to_move()[0] == CHANCE:
            action = probe.sample_chance(rng)
        else:
            action = rng.choice(probe.legal_actions())
        ids.append(action.id)
        probe.apply(action)
    r = replay(state.game, ids, start=state, kernel="python")
    assert r.error_at == 0
    assert r.snapshots[-1] == engine_snapshot(probe)


def test_configurations_the_kernel_does_not_cover_are_named_and_played_by_the_engine() -> None:
    for option, what in K.UNCOVERED_OPTIONS.items():
        game = oneiros.make("lucidity", players=3, options={option: True})
        assert K.covers(game) == what
        assert game.kernel_gap() == what
        assert K.playouts(game, 2) is None
        results = game.playout_results(2, seed=1)
        assert results is not None and len(results) == 2
        assert all(not r.fast and r.end_reason for r in results)
