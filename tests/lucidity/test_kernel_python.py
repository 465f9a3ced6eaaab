"""The plain Python kernel (``kernel_python.py``: the kernel's source specialised for
CPython) and the runs of draws and rolls in ``play``: both must play exactly the games of
the kernel's source as written, step by step."""

from __future__ import annotations

import ast
import random
from typing import Any

import pytest

import oneiros
from oneiros.core import CHANCE
from oneiros.games.lucidity import kernel as K
from oneiros.games.lucidity import kernel_python


def lucidity(players: int, ruleset: str = "en", **options: Any) -> Any:
    return oneiros.make("lucidity", players=players, ruleset=ruleset, options=options)


def outcomes(results: list[K.Playout] | None) -> list[tuple[Any, ...]]:
    assert results is not None
    return [
        (p.scores, p.winners, p.turns, p.end_reason, p.actions, p.decisions, p.roles, p.log)
        for p in results
    ]


CONFIGS = [
    (2, "en", {}),
    (3, "es", {}),
    (4, "en", {"fourth_shadow_space": True}),
    (4, "es", {"bone_hunters": 2}),
]


@pytest.mark.parametrize(("players", "ruleset", "options"), CONFIGS)
@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_the_specialised_kernel_plays_the_games_of_the_source(
    players: int, ruleset: str, options: dict[str, Any], policy: str
) -> None:
    game = lucidity(players, ruleset, **options)
    source = K.playouts(game, 150, seed=21, policy=policy, kernel="source", stop_seat=-2)
    plain = K.playouts(game, 150, seed=21, policy=policy, kernel="python")
    step_by_step = K.playouts(game, 150, seed=21, policy=policy, kernel="python", stop_seat=-2)
    assert outcomes(plain) == outcomes(source) == outcomes(step_by_step)
    assert len({p.turns for p in plain or []}) > 5, "the games differ from one another"


def test_runs_of_draws_and_rolls_start_from_any_position() -> None:
    """Positions in the middle of a drawing stage or a roll: the runs pick up from there."""
    game = lucidity(4)
    rng = random.Random(3)
    state = game.new_state(seed=3)
    checked = 0
    while not state.is_terminal() and checked < 60:
        to_move = state.to_move()
        if to_move[0] == CHANCE:
            if rng.random() < 0.3:
                a = K.playouts(game, 3, seed=checked, start=state, kernel="python")
                b = K.playouts(game, 3, seed=checked, start=state, kernel="source", stop_seat=-2)
                assert outcomes(a) == outcomes(b)
                checked += 1
            state.apply(state.sample_chance(rng))
            continue
        seat = to_move[0]
        state.apply(rng.choice(state.legal_actions(seat)))
    assert checked >= 20


def test_the_specialiser_inlines_helpers_and_folds_constants() -> None:
    from oneiros.games.lucidity import kernel_step

    funcs = kernel_python.build(K.MODULES)
    advance = funcs[kernel_step.advance]
    names = set(advance.__code__.co_names)
    assert not names & {"top", "pop_frame", "bag_total", "H_SP", "K_DRAW"}, names
    # the modules themselves are left as they are (numba compiles them)
    assert {"top", "pop_frame", "H_SP"} <= set(kernel_step.advance.__code__.co_names)
    # the offsets of inlined rows are one constant: ``row(p, R_POW)`` is ``p * 799 + 1757``
    from oneiros.games.lucidity import kernel_turn

    tree = funcs[kernel_turn.place].specialised_tree  # type: ignore[attr-defined]
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Mult):
            assert not (
                isinstance(node.left, ast.Constant) and isinstance(node.right, ast.Constant)
            ), ast.unparse(node)
            if isinstance(node.left, ast.BinOp) and isinstance(node.left.op, ast.Add | ast.Sub):
                assert not (
                    isinstance(node.left.right, ast.Constant)
                    and isinstance(node.right, ast.Constant)
                ), ast.unparse(node)


def test_a_state_travels_compactly_to_the_compiled_kernel() -> None:
    """``compact`` keeps every filled part of a kernel state: ``unpack`` rebuilds it."""
    game = lucidity(4, "en", bone_hunters=1)
    rng = random.Random(5)
    state = game.new_state(seed=5)
    seen = 0
    while not state.is_terminal():
        S = K.from_state(state)
        assert S is not None
        rebuilt = [0] * len(S)
        K.unpack(K.compact(S), rebuilt)
        assert rebuilt == S
        seen += 1
        to_move = state.to_move()
        if to_move[0] == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions(to_move[0])))
    assert seen > 100


@pytest.mark.parametrize(("players", "ruleset", "options"), CONFIGS)
def test_the_kept_power_counts_follow_the_power_rows(
    players: int, ruleset: str, options: dict[str, Any]
) -> None:
    """Each seat's Power and its Power dreams per colour and value are kept up to date
    through every action (spent, consumed, taken by a Nightmare, lost to exhaustion,
    stripped, offered, a Nightmare card's dreams, elimination): the end-of-turn Power check
    and the reroll and consume options read them instead of the row."""
    from oneiros.games.lucidity import kernel_base as kb
    from oneiros.games.lucidity import kernel_step

    game = lucidity(players, ruleset, **options)
    checked = 0
    for seed in range(6):
        S = K.from_state(game.new_state(seed=seed))
        assert S is not None
        S[kb.H_RNG] = 2654435761 * (seed + 1) & 0xFFFFFFFF
        S[kb.H_STOP] = -2  # one action at a time
        for p in range(players):
            S[kb.H_POL + p] = p % 2  # random and heuristic seats
        while S[kb.H_SP] > 0:
            kernel_step.play(S, S[kb.H_ACTIONS] + 1)
            for p in range(players):
                b = kb.row(p, kb.R_POW)
                dice = S[b + 1 : b + 1 + S[b]]
                sb = kb.seat_base(p)
                assert S[sb + kb.SEAT_POWER] == sum(2 if d >> 3 == kb.P2 else 1 for d in dice)
                for c in range(5):
                    for face in (kb.P1, kb.P2):
                        held = S[sb + kb.SEAT_PC + 2 * c + face]
                        assert held == dice.count(c + 8 * face), (seed, p, c, face)
            checked += 1
    assert checked > 1000


@pytest.mark.parametrize(("players", "ruleset", "options"), CONFIGS)
def test_random_and_heuristic_seats_mixed_play_the_games_of_the_source(
    players: int, ruleset: str, options: dict[str, Any]
) -> None:
    """``kernel_pyturn`` plays the turns of the random seats only: a heuristic seat's turn
    goes through the step machinery, the random seats' in one go, in the same game."""
    game = lucidity(players, ruleset, **options)
    policy = ["random", "heuristic", "random", "heuristic"][:players]
    source = K.playouts(game, 100, seed=5, policy=policy, kernel="source", stop_seat=-2)
    plain = K.playouts(game, 100, seed=5, policy=policy, kernel="python")
    assert outcomes(plain) == outcomes(source)


def _kept(S: list[int]) -> list[int]:
    """What a kernel state holds (``K.compact``), but the option buffer's flags."""
    from oneiros.games.lucidity import kernel_base as kb

    T = list(S)
    T[kb.H_OPTFOR] = T[kb.H_OPTN] = 0
    return K.compact(T)


def test_the_turns_in_one_go_stop_where_the_source_stops() -> None:
    """A game stopped by ``max_actions`` in the middle (a stage, a resolve, a Nightmare's
    turn): the plain Python kernel, whose random turns are played in one go, holds
    exactly the state of the source played one frame at a time, frames included."""
    from oneiros.games.lucidity import kernel_base as kb
    from oneiros.games.lucidity import kernel_pyturn, kernel_step

    impl = K._impl("python")
    play = impl["play"]
    # the plain Python build plays from its own frame loop (kernel_pystep.advance)
    assert play.__globals__["advance"].__module__.endswith("kernel_pystep")
    assert play.__globals__["advance"] is not kernel_step.advance
    # the plain Python build ends turns with its own mirror of ``kernel_flow.end_turn``
    assert play.__globals__["end_turn"].__module__.endswith("kernel_pybase")
    game = lucidity(4, "en", bone_hunters=1)
    stopped = 0
    for seed in range(12):
        start = K.from_state(game.new_state(seed=seed))
        assert start is not None
        start[kb.H_RNG] = 2654435761 * (seed + 1) & 0xFFFFFFFF
        for limit in (kernel_pyturn.MARGIN + 37, 333, 412, 529, 611, 707):
            fast, slow = list(start), list(start)
            play(fast, limit)
            kernel_step.play(slow, limit)
            assert _kept(fast) == _kept(slow), (seed, limit)
            stopped += fast[kb.H_SP] > 0
    assert stopped > 30, "most limits stop a game in the middle"
