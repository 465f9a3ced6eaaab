"""``Game.playout_root``: playouts from the positions a search reaches from one root, the
kernel replaying the actions since the root instead of converting each position. The same
games as ``playout_results`` from the position itself, in the plain Python kernel and the
compiled one; a path the kernel cannot replay says so; a tree search makes the same
searches with it as without it."""

from __future__ import annotations

import random
from typing import Any

import pytest

import oneiros
from oneiros.agents.base import make_agent
from oneiros.core import CHANCE
from oneiros.games.lucidity import kernel as K

CONFIGS = [
    (2, "en", {}),
    (4, "en", {"bone_hunters": 3}),
    (3, "es", {"temptation": "fear"}),
    (4, "es", {"temptation": "envy", "replacement_dice": True}),
]


def lucidity(players: int, ruleset: str = "en", **options: Any) -> Any:
    return oneiros.make("lucidity", players=players, ruleset=ruleset, options=options)


def walk(state: Any, steps: int, rng: random.Random) -> tuple[Any, list[str]]:
    """A position ``steps`` actions (chance included, random moves) after ``state``, and
    the action ids that lead there."""
    leaf = state.clone()
    path: list[str] = []
    while len(path) < steps and not leaf.is_terminal():
        seat = leaf.to_move()[0]
        legal = leaf.legal_actions(seat) if seat != CHANCE else []
        action = leaf.sample_chance(rng) if seat == CHANCE else rng.choice(legal)
        path.append(action.id)
        leaf.apply(action)
    return leaf, path


def backends() -> list[str]:
    out = ["python"]
    if lucidity(2).kernel_backend() == "numba":
        out.append("numba")
    return out


@pytest.mark.parametrize("backend", backends())
@pytest.mark.parametrize(("players", "ruleset", "options"), CONFIGS)
def test_a_path_from_the_root_plays_the_games_of_the_position_it_leads_to(
    backend: str,
    players: int,
    ruleset: str,
    options: dict[str, Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("ONEIROS_KERNEL", backend)
    game = lucidity(players, ruleset, **options)
    rng = random.Random(players)
    start, _ = walk(game.new_state(seed=3), 40, rng)  # a root some way into the game
    root = game.playout_root(start, "heuristic")
    assert root is not None
    for steps in (0, 1, 7, 30, 90):
        leaf, path = walk(start, steps, rng)
        if leaf.is_terminal():
            continue
        expected = [
            (r.scores, r.winners)
            for r in game.playout_results(5, seed=steps, policy="heuristic", start=leaf)
        ]
        assert root.outcomes(path, 5, steps) == expected, steps
    assert K.backend(backend) == backend


def test_a_path_the_kernel_cannot_replay_gives_none() -> None:
    game = lucidity(2)
    rng = random.Random(1)
    start, _ = walk(game.new_state(seed=1), 25, rng)
    while start.to_move()[0] == CHANCE:  # a seat's decision
        start, _ = walk(start, 1, rng)
    root = game.playout_root(start)
    assert root is not None
    _, path = walk(start, 12, rng)
    assert root.outcomes(path, 2, 0) is not None
    assert root.outcomes(["no such action"], 2, 0) is None
    # an action the kernel knows that is not legal at the root
    legal = {a.id for a in start.legal_actions()}
    assert root.outcomes([next(a for a in K.kb.IDS if a not in legal)], 2, 0) is None
    assert root.outcomes([path[0]] * (K.PlayoutRoot.ROOM + 1), 2, 0) is None


def test_no_root_where_the_kernel_does_not_play() -> None:
    assert (
        lucidity(3, manifestations=True).playout_root(
            lucidity(3, manifestations=True).new_state(seed=0)
        )
        is None
    )
    game = lucidity(2)
    state = game.new_state(seed=0)
    rng = random.Random(0)
    while not state.is_terminal():
        seat = state.to_move()[0]
        state.apply(
            state.sample_chance(rng) if seat == CHANCE else rng.choice(state.legal_actions(seat))
        )
    assert game.playout_root(state) is None
    assert oneiros.make("sleep-tight").playout_root(oneiros.make("sleep-tight").new_state()) is None


@pytest.mark.parametrize("players", [2, 4])
def test_a_tree_search_searches_the_same_with_the_root_as_without(players: int) -> None:
    game = lucidity(players)
    rng = random.Random(players)
    state, _ = walk(game.new_state(seed=8), 30, rng)
    while state.to_move()[0] == CHANCE or len(state.legal_actions()) < 2:
        state, _ = walk(state, 1, rng)
    seat = state.to_move()[0]
    spec = "mcts:iterations=150,playouts=2"
    with_root = make_agent(spec, game, seed=5)
    move = with_root.act(state, seat)
    without = make_agent(spec, game, seed=5)
    game.playout_root = lambda *args, **kwargs: None  # type: ignore[method-assign]
    assert without.act(state, seat) == move
    assert without.last_stats == with_root.last_stats  # type: ignore[attr-defined]
    assert with_root.last_iterations > 50  # type: ignore[attr-defined]
