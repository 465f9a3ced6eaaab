"""Adapter throughput: PettingZoo and Gymnasium steps against the raw engine, in one run.

    .venv/bin/python benchmarks/interop_throughput.py            # both games, 2-4 players
    .venv/bin/python benchmarks/interop_throughput.py --seconds 3 --game lucidity --players 2

Every loop plays uniformly random legal moves from a seeded generator (Python's
``random.choice``, over the mask's nonzero indices for the adapters), on one core, for
``--seconds`` of CPU time (``time.process_time``, so other processes on the machine matter
less), games restarting as they end:

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
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import oneiros
from oneiros.core import CHANCE
from oneiros.interop.gymnasium import make
from oneiros.interop.pettingzoo import env as aec_env


def _timed(loop: Callable[[Callable[[], bool]], int], seconds: float) -> float:
    """Run ``loop`` until ``seconds`` of CPU time have passed; its count per CPU second."""
    start = time.process_time()
    deadline = start + seconds

    def more() -> bool:
        return time.process_time() < deadline

    count = loop(more)
    return count / (time.process_time() - start)


def engine(name: str, players: int, seconds: float) -> float:
    game = oneiros.make(name, players=players)
    rng = random.Random(1)

    def loop(more: Callable[[], bool]) -> int:
        decisions, seed = 0, 0
        while more():
            state = game.new_state(seed=seed)
            seed += 1
            while to_move := state.to_move():
                if to_move == (CHANCE,):
                    state.apply(state.sample_chance(rng))
                    continue
                seat = to_move[0]
                state.apply(rng.choice(state.legal_actions(seat)), player=seat)
                decisions += 1
                if decisions % 64 == 0 and not more():
                    return decisions
        return decisions

    return _timed(loop, seconds)


def pettingzoo(name: str, players: int, seconds: float) -> float:
    e = aec_env(name, players=players)
    rng = random.Random(1)

    def loop(more: Callable[[], bool]) -> int:
        steps, seed = 0, 0
        while more():
            e.reset(seed=seed)
            seed += 1
            for _agent in e.agent_iter():
                obs, _reward, terminated, truncated, _info = e.last()
                if terminated or truncated:
                    e.step(None)
                    continue
                e.step(int(rng.choice(obs["action_mask"].nonzero()[0])))
                steps += 1
                if steps % 64 == 0 and not more():
                    return steps
        return steps

    return _timed(loop, seconds)


def gymnasium(name: str, players: int, seconds: float) -> tuple[float, float]:
    """(decisions per CPU second, the bots' included; steps per CPU second)."""
    g = make(name, seat=0, opponents="random", players=players)
    bot_decisions = [0]
    for agent in g.opponents.values():  # count the bots' decisions
        act = agent.act

        def counted(state: oneiros.State, player: int, act: Any = act) -> oneiros.Action:
            bot_decisions[0] += 1
            return act(state, player)

        agent.act = counted  # type: ignore[method-assign]
    rng = random.Random(1)
    steps = [0]

    def loop(more: Callable[[], bool]) -> int:
        seed = 0
        while more():
            obs, _ = g.reset(seed=seed)
            seed += 1
            while True:
                obs, _r, terminated, truncated, _ = g.step(
                    int(rng.choice(obs["action_mask"].nonzero()[0]))
                )
                steps[0] += 1
                if terminated or truncated or (steps[0] % 64 == 0 and not more()):
                    break
        return steps[0] + bot_decisions[0]

    start = time.process_time()
    per_second = _timed(loop, seconds)
    spent = time.process_time() - start
    return per_second, steps[0] / spent


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=4.0, help="CPU seconds per measurement")
    p.add_argument("--game", action="append", help="a game (default: lucidity, sleep-tight)")
    p.add_argument("--players", type=int, action="append", help="player counts (default 2, 4)")
    args = p.parse_args(argv)
    games = args.game or ["lucidity", "sleep-tight"]
    counts = args.players or [2, 4]
    print(
        "| game | players | engine decisions/s | PettingZoo steps/s | ratio | "
        "Gymnasium decisions/s (steps/s) | ratio |"
    )
    print("|---|---|---|---|---|---|---|")
    for name in games:
        for n in counts:
            raw = engine(name, n, args.seconds)
            aec = pettingzoo(name, n, args.seconds)
            gym_decisions, gym_steps = gymnasium(name, n, args.seconds)
            print(
                f"| {name} | {n} | {raw:,.0f} | {aec:,.0f} | {aec / raw:.2f} | "
                f"{gym_decisions:,.0f} ({gym_steps:,.0f}) | {gym_decisions / raw:.2f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
