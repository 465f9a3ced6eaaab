"""The playout kernel's equivalence guard: a recorded engine game replayed into the kernel
action by action (the kernel takes its choices and chance outcomes from a script instead of
its policy and random numbers) must give the engine's option lists at every decision, its
counts at every turn boundary and its end, scores and winners. Used by the tests and by
``benchmarks/lucidity_kernel_equivalence.py`` (thousands of games, compiled kernel)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core import CHANCE
from . import kernel_base as kb
from . import kernel_legal, kernel_policy
from .content import COLOURS
from .kernel import MAX_ACTIONS, REASONS, _array, _impl, covers
from .kernel_state import ALL, ROLE, from_state

if TYPE_CHECKING:
    from .game import LucidityGame
    from .state import LucidityState


@dataclass
class Replay:
    """What the kernel saw replaying an engine game: where it refused an action (0: never),
    its turn snapshots, the option list of every seat decision, and the final state."""

    error_at: int
    snapshots: list[list[int]]
    options: list[list[int]]
    state: list[int]


def replay(
    game: LucidityGame,
    action_ids: list[str],
    start: LucidityState | None = None,
    kernel: str | None = None,
) -> Replay:
    """Feed the engine's actions (chance included) to the kernel one by one from ``start``
    (default: a new game), recording what it does."""
    index = {aid: i for i, aid in enumerate(kb.IDS)}
    script = [index[a] for a in action_ids]
    trace_cap = kb.SNAP * 420
    dcap = 40 * len(script) + 8
    extra = len(script) + trace_cap + dcap
    state = start if start is not None else game.new_state(seed=0)
    S = from_state(state, extra)
    if S is None:
        raise ValueError(f"the kernel does not cover this configuration: {covers(game)}")
    s0 = kb.SIZE
    S[kb.H_SCRIPT0] = s0
    S[kb.H_SCRIPTN] = len(script)
    S[s0 : s0 + len(script)] = script
    S[kb.H_TRACE0] = s0 + len(script)
    S[kb.H_TRACECAP] = 420
    S[kb.H_DTRACE0] = s0 + len(script) + trace_cap
    S[kb.H_DTRACECAP] = dcap
    impl = _impl(kernel)
    arr = _array(S, impl)
    impl["play"](arr, MAX_ACTIONS)
    S = [int(x) for x in arr]
    t0 = S[kb.H_TRACE0]
    snaps = [S[t0 + kb.SNAP * i : t0 + kb.SNAP * (i + 1)] for i in range(S[kb.H_TRACEN])]
    options = []
    d0, pos = S[kb.H_DTRACE0], 0
    while pos < S[kb.H_DTRACEN]:
        n = S[d0 + pos]
        options.append(S[d0 + pos + 1 : d0 + pos + 1 + n])
        pos += n + 1
    return Replay(S[kb.H_ERR], snaps, options, S[: kb.SIZE])


RANDOM_KINDS = frozenset(("offer", "hunt_move"))
"""Decisions the heuristic bot leaves to chance (``heuristic.py`` has no rule for them)."""


def heuristic_action(state: LucidityState) -> str | None:
    """The kernel heuristic's choice at the engine's decision (plain Python kernel); None
    where the heuristic chooses at random or the kernel does not cover the position."""
    top = state.stack.top
    if top is None or top.player < 0 or top.kind in RANDOM_KINDS:
        return None
    S = from_state(state)
    if S is None:
        return None
    f = kb.top(S)
    n = kernel_legal.legal(S, f)
    if n == 1:
        return kb.IDS[S[kb.OPT]]
    return kb.IDS[S[kb.OPT + kernel_policy.heuristic_choice(S, f, n)]]


def engine_snapshot(state: LucidityState) -> list[int]:
    """The engine's counts in the layout of the kernel's turn snapshots."""
    out = [state.turns, state.current, *(state.bag[c] for c in ALL)]
    ft = -1
    if state.final_turns is not None:
        ft = 0
        for seat in state.final_turns:
            ft = ft * 5 + seat + 1
    out.append(ft)
    for p in range(4):
        if p >= len(state.seats):
            out += [0] * 12
            continue
        s = state.seats[p]
        out += [ROLE[s.role], -1 if s.colour is None else COLOURS.index(s.colour)]
        rows = [s.hunt, s.exhaust, s.power, *(s.shadow[c] for c in COLOURS), s.marks]
        out += [len(r) for r in rows]
        out += [state.power_of(p), 0]
    return out


def record(
    game: LucidityGame, seed: int, policy: str = "random"
) -> tuple[LucidityState, list[str], list[list[int]], list[list[str]]]:
    """Play an engine game (seats random or heuristic, chance sampled, all from ``seed``):
    the final state, every applied action id (chance included), the counts at each turn
    boundary (taken as each turn starts) and the legal ids of every seat decision."""
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    snaps: list[list[int]] = []
    start_turn = state._start_turn

    def watched(seat: int) -> None:
        snaps.append(engine_snapshot(state))
        start_turn(seat)

    state._start_turn = watched
    heuristic = game.heuristic_policy()
    ids: list[str] = []
    options: list[list[str]] = []
    while state.to_move():
        seat = state.to_move()[0]
        if seat == CHANCE:
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            options.append([a.id for a in legal])
            if policy == "heuristic" and heuristic is not None:
                action = heuristic(state, seat, rng)
            else:
                action = rng.choice(legal)
        ids.append(action.id)
        state.apply(action)
    return state, ids, snaps, options


def mismatch(
    game: LucidityGame, seed: int, policy: str = "random", kernel: str | None = "python"
) -> str | None:
    """Play one engine game and replay it into the kernel: None when they agree at every
    step, else where they first differ."""
    state, ids, snaps, options = record(game, seed, policy)
    r = replay(game, ids, kernel=kernel)
    kernel_options = [[kb.IDS[c] for c in opts] for opts in r.options]
    for i, (a, b) in enumerate(zip(options, kernel_options, strict=False)):
        if a != b:
            return f"decision {i}: engine offers {a}, kernel {b}"
    if r.error_at:
        return f"the kernel refuses action {r.error_at - 1}: {ids[r.error_at - 1]}"
    expected = [*snaps, engine_snapshot(state)]
    for i, (mine, theirs) in enumerate(zip(expected, r.snapshots, strict=False)):
        if mine != theirs:
            return f"turn boundary {i}: engine {mine}, kernel {theirs}"
    if len(expected) != len(r.snapshots):
        return f"{len(expected)} turn boundaries in the engine, {len(r.snapshots)} in the kernel"
    S = r.state
    if S[kb.H_SP] != 0:
        return "the kernel's game is not over"
    won = [i for i in range(game.players) if S[kb.H_WON] >> i & 1]
    if won != state.winners():
        return f"winners: engine {state.winners()}, kernel {won}"
    if REASONS[S[kb.H_REASON]] != state.end_reason():
        return f"end: engine {state.end_reason()}, kernel {REASONS[S[kb.H_REASON]]}"
    scores = [float(kb.power_value(S, i)) for i in range(game.players)]
    if scores != state.scores():
        return f"scores: engine {state.scores()}, kernel {scores}"
    return None
