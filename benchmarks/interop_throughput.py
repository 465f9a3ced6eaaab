"""Adapter throughput: PettingZoo and Gymnasium steps against the raw engine, in one run.

    .venv/bin/python benchmarks/interop_throughput.py            # both games, 2-4 players
    .venv/bin/python benchmarks/interop_throughput.py --seconds 3 --game lucidity --players 2
    .venv/bin/python benchmarks/interop_throughput.py --parts --game lucidity   # where it goes

Every loop plays uniformly random legal moves from a seeded generator (Python's
``random.choice``, over the indices of the mask's nonzero entries for the adapters, found
by ``nonzero`` on the mask's bool view: ``nonzero`` on the int8 mask itself costs about 1 µs
more per step, charged to the adapter though it is the loop's drawing; ``--int8-nonzero``
measures that way), on one core, for ``--seconds`` of CPU time each
(``time.process_time``, so other processes on the machine matter less), games restarting
as they end. The three loops take turns, 0.05 s of CPU time each, until each has had its
``--seconds``: a change of the machine's load in the middle of a run then weighs on all
three alike, and the ratios hold from run to run better than when one loop runs after the
other.

- **engine**: the core API alone: ``to_move``, ``legal_actions``, ``apply`` and chance
  sampled with ``sample_chance``; decisions per CPU second (chance does not count);
- **PettingZoo**: the AEC loop of the docs, ``last()`` (the acting seat's observation
  tensor and action mask) then ``step(action drawn from the mask)``; agent steps per CPU
  second (one decision each; the finished agents' closing ``step(None)`` do not count);
- **Gymnasium**: one seat against ``random`` bots, ``step(action drawn from the mask)``;
  decisions per CPU second, the bots' included (a step covers the seat's decision and the
  bots' decisions up to its next one), and steps per second.

The ratio is the adapter's decisions per second over the engine's: what the observation
tensors, masks and bookkeeping cost.

``--parts`` says where a PettingZoo step goes instead, in CPU microseconds: the same games
(seeds 0, 1, ...) played game by game in turn, three times, by (1) the engine replaying the
actions the environment chose, with what the environment's loop asks of it (``to_move``,
``legal_actions()`` and a draw from them at a decision, ``sample_chance`` at chance), (2)
the PettingZoo loop above and (3) the same loop with the observation tensor replaced by a
copy of a constant array: the tensor is (2) - (3), the rest of the adapter (masks,
``agent_iter``, ``last()``, ``step``'s bookkeeping, the loop's drawing from the mask) is (3)
- (1).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

import oneiros
from oneiros.core import CHANCE
from oneiros.interop.gymnasium import make
from oneiros.interop.pettingzoo import env as aec_env


def _interleaved(
    runs: list[Iterator[int]], seconds: float, slice_s: float = 0.05
) -> tuple[list[float], list[float]]:
    """Run the loops ``runs`` in turn, ``slice_s`` of CPU time each, until each has had
    ``seconds``; each one's count per CPU second, and the CPU seconds each had. Taking turns puts every loop under the
    same load of the machine, so the ratios hold better than with one loop after another."""
    counts = [0] * len(runs)
    spent = [0.0] * len(runs)
    clock = time.process_time
    while min(spent) < seconds:
        for i, run in enumerate(runs):
            start = clock()
            deadline = start + slice_s
            n = 0
            while clock() < deadline:
                n += next(run)
            counts[i] += n
            spent[i] += clock() - start
    return [c / t for c, t in zip(counts, spent, strict=True)], spent


def engine(name: str, players: int) -> Iterator[int]:
    """Decisions of the engine alone, 64 at a time (see the module docstring)."""
    game = oneiros.make(name, players=players)
    rng = random.Random(1)
    decisions, seed = 0, 0
    while True:
        state = game.new_state(seed=seed)
        seed += 1
        while to_move := state.to_move():
            if to_move == (CHANCE,):
                state.apply(state.sample_chance(rng))
                continue
            seat = to_move[0]
            state.apply(rng.choice(state.legal_actions(seat)), player=seat)
            decisions += 1
            if decisions == 64:
                yield decisions
                decisions = 0


def _indices(int8: bool) -> Callable[[Any], Any]:
    """The indices of a mask's nonzero entries (see the module docstring)."""
    if int8:
        return lambda mask: mask.nonzero()[0]
    return lambda mask: mask.view(bool).nonzero()[0]


def pettingzoo(name: str, players: int, int8: bool = False) -> Iterator[int]:
    """PettingZoo agent steps, 64 at a time."""
    e = aec_env(name, players=players)
    rng = random.Random(1)
    legal = _indices(int8)
    steps, seed = 0, 0
    while True:
        e.reset(seed=seed)
        seed += 1
        for _agent in e.agent_iter():
            obs, _reward, terminated, truncated, _info = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            e.step(int(rng.choice(legal(obs["action_mask"]))))
            steps += 1
            if steps == 64:
                yield steps
                steps = 0


def gymnasium(name: str, players: int, int8: bool = False) -> tuple[Iterator[int], list[int]]:
    """Gymnasium decisions (the bots' included), 64 steps at a time; and a list whose one
    entry counts the steps."""
    g = make(name, seat=0, opponents="random", players=players)
    legal = _indices(int8)
    bot_decisions = [0]
    for agent in g.opponents.values():  # count the bots' decisions
        act = agent.act

        def counted(state: oneiros.State, player: int, act: Any = act) -> oneiros.Action:
            bot_decisions[0] += 1
            return act(state, player)

        agent.act = counted  # type: ignore[method-assign]
    rng = random.Random(1)
    steps = [0]

    def loop() -> Iterator[int]:
        seed = 0
        done = 0
        while True:
            obs, _ = g.reset(seed=seed)
            seed += 1
            while True:
                obs, _r, terminated, truncated, _ = g.step(
                    int(rng.choice(legal(obs["action_mask"])))
                )
                steps[0] += 1
                if steps[0] % 64 == 0:
                    total = steps[0] + bot_decisions[0]
                    yield total - done
                    done = total
                if terminated or truncated:
                    break

    return loop(), steps


def parts(name: str, players: int, seconds: float, int8: bool = False) -> tuple[float, ...]:
    """(engine, PettingZoo step, tensor, rest of the adapter) in CPU microseconds per
    decision (see the module docstring), over the games played in about ``seconds``."""
    game = oneiros.make(name, players=players)
    full = aec_env(game)
    flat = aec_env(game)
    constant = np.zeros(flat._encoder.shape, dtype=np.float32)
    flat._tensor = flat._encoder.tensor = lambda state, seat, to_move=None: constant.copy()
    legal = _indices(int8)

    def play(e: Any, seed: int) -> int:
        rng = random.Random(seed)
        e.reset(seed=seed)
        steps = 0
        for _agent in e.agent_iter():
            obs, _reward, terminated, truncated, _info = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            e.step(int(rng.choice(legal(obs["action_mask"]))))
            steps += 1
        return steps

    def replay(seed: int, actions: list[tuple[Any, int | None]]) -> None:
        rng = random.Random(seed)
        state = game.new_state(seed=episodes[seed])
        for action, seat in actions:
            if seat is not None:  # one of several seats deciding together
                rng.choice(state.legal_actions(seat))
            elif state.to_move() == (CHANCE,):
                state.sample_chance(rng)
            else:
                rng.choice(state.legal_actions())
            state.apply(action, player=seat)

    def recorded(episode: int, history: list[Any]) -> list[tuple[Any, int | None]]:
        """The Action objects of a game's record, with the seat of an entry made when
        several seats decided together."""
        state = game.new_state(seed=episode)
        out: list[tuple[Any, int | None]] = []
        for entry in history:
            seat, action_id = (None, entry) if isinstance(entry, str) else entry
            if state.to_move() == (CHANCE,):
                options = [a for a, _p in state.chance_outcomes()]
            else:
                options = state.legal_actions(seat)
            action = next(a for a in options if a.id == action_id)
            state.apply(action, player=seat)
            out.append((action, seat))
        return out

    games: list[list[tuple[Any, int | None]]] = []
    episodes: list[int] = []
    start = time.process_time()
    while time.process_time() - start < seconds / 4 or not games:
        play(full, len(games))
        state = full.game_state
        assert state is not None and state.seed is not None
        episodes.append(state.seed)
        games.append(recorded(state.seed, state.history()))
    spent = [0.0, 0.0, 0.0]
    decisions = 0
    clock = time.process_time
    for _round in range(3):
        for seed, actions in enumerate(games):
            t0 = clock()
            replay(seed, actions)
            t1 = clock()
            decisions += play(full, seed)
            t2 = clock()
            play(flat, seed)
            t3 = clock()
            spent[0] += t1 - t0
            spent[1] += t2 - t1
            spent[2] += t3 - t2
    engine_us, step_us, flat_us = (1e6 * t / decisions for t in spent)
    return engine_us, step_us, step_us - flat_us, flat_us - engine_us


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=4.0, help="CPU seconds per measurement")
    p.add_argument("--game", action="append", help="a game (default: lucidity, sleep-tight)")
    p.add_argument("--players", type=int, action="append", help="player counts (default 2, 4)")
    p.add_argument(
        "--parts",
        action="store_true",
        help="where a PettingZoo step goes (engine, tensor, rest of the adapter), in µs",
    )
    p.add_argument(
        "--int8-nonzero",
        action="store_true",
        help="draw from nonzero() of the int8 mask itself (about 1 µs more per step)",
    )
    args = p.parse_args(argv)
    games = args.game or ["lucidity", "sleep-tight"]
    counts = args.players or [2, 4]
    int8 = args.int8_nonzero
    if args.parts:
        print(
            "| game | players | engine µs | PettingZoo step µs | tensor µs | rest of the adapter µs |"
        )
        print("|---|---|---|---|---|---|")
        for name in games:
            for n in counts:
                engine_us, step_us, tensor_us, rest_us = parts(name, n, args.seconds, int8)
                print(
                    f"| {name} | {n} | {engine_us:.1f} | {step_us:.1f} | {tensor_us:.1f} | "
                    f"{rest_us:.1f} |",
                    flush=True,
                )
        return
    print(
        "| game | players | engine decisions/s | PettingZoo steps/s | ratio | "
        "Gymnasium decisions/s (steps/s) | ratio |"
    )
    print("|---|---|---|---|---|---|---|")
    for name in games:
        for n in counts:
            gym, gym_steps = gymnasium(name, n, int8)
            (raw, aec, gym_decisions), spent = _interleaved(
                [engine(name, n), pettingzoo(name, n, int8), gym], args.seconds
            )
            steps_per_second = gym_steps[0] / spent[2]
            print(
                f"| {name} | {n} | {raw:,.0f} | {aec:,.0f} | {aec / raw:.2f} | "
                f"{gym_decisions:,.0f} ({steps_per_second:,.0f}) | {gym_decisions / raw:.2f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
