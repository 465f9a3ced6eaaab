"""Bots and simulator speed: MCTS iterations per second, and simulate throughput with 1 and
2 workers (the scaling ratio).

    .venv/bin/python benchmarks/agents_mcts.py                 # Lucidity, 2 players
    .venv/bin/python benchmarks/agents_mcts.py --game lucidity --players 4 --games 40

Prints a Markdown table to paste into docs/simulation.md (and docs/benchmarks.md). The
machine is shared, so each figure is a snapshot: the load average is printed with it.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from datetime import UTC, datetime

import oneiros
from oneiros.agents import make_agent
from oneiros.core import CHANCE
from oneiros.sim import RunConfig, run_games


def positions(game: oneiros.Game, count: int, seed: int) -> list[oneiros.State]:
    """Decision points with at least two legal actions, from heuristic (or random) games."""
    rng = random.Random(seed)
    policy = game.heuristic_policy()
    found: list[oneiros.State] = []
    while len(found) < count:
        state = game.new_state(seed=rng.randrange(2**31))
        while not state.is_terminal() and len(found) < count:
            to_move = state.to_move()
            if to_move == (CHANCE,):
                state.apply(state.sample_chance(rng))
                continue
            seat = to_move[0]
            legal = state.legal_actions(seat)
            if len(legal) > 1 and rng.random() < 0.1:
                found.append(state.clone())
            action = policy(state, seat, rng) if policy else rng.choice(legal)
            state.apply(action, player=seat if len(to_move) > 1 else None)
    return found


def mcts_speed(game: oneiros.Game, spec: str, count: int, seed: int) -> tuple[float, int]:
    agent = make_agent(spec, game, seed=seed)
    total = 0
    found = positions(game, count, seed)
    start = time.perf_counter()
    for state in found:
        seat = state.to_move()[0]
        view = state if game.info.perfect_information else state.determinize(seat, agent.rng)
        agent.act(view, seat)
        total += agent.last_iterations  # type: ignore[attr-defined]
    return total / (time.perf_counter() - start), total


def throughput(game: oneiros.Game, agents: list[str], games: int, workers: int) -> float:
    config = RunConfig.build(game, agents, seed=1)
    start = time.perf_counter()
    run_games(config, games, workers=workers)
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="lucidity")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--agents", default="heuristic")
    args = parser.parse_args()
    game = oneiros.make(args.game, players=args.players)
    rows = []
    for spec in (
        "mcts:iterations=100",
        "mcts:iterations=100,rollout=random",
        "ismcts:iterations=100",
    ):
        rate, total = mcts_speed(game, spec, args.positions, seed=3)
        rows.append(
            (
                f"`{spec}` iterations/s ({args.positions} positions, {total} iterations)",
                f"{rate:,.0f}",
            )
        )
    agents = [a.strip() for a in args.agents.split(",")]
    if len(agents) == 1:
        agents = agents * game.players
    one = throughput(game, agents, args.games, 1)
    two = throughput(game, agents, args.games, 2)
    label = ",".join(agents)
    rows.append((f"simulate `{label}`, 1 worker, games/s ({args.games} games)", f"{one:,.1f}"))
    rows.append((f"simulate `{label}`, 2 workers, games/s ({args.games} games)", f"{two:,.1f}"))
    rows.append(("scaling ratio 2 workers / 1 worker", f"{two / one:.2f}"))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"{args.game}, {args.players} players; {datetime.now(UTC):%Y-%m-%d %H:%M} UTC; "
        f"Python {sys.version.split()[0]}; {platform.machine()}, {os.cpu_count()} CPUs; "
        f"load average {load:.1f} at the end\n"
    )
    print("| measure | value |\n|---|---|")
    for name, value in rows:
        print(f"| {name} | {value} |")


if __name__ == "__main__":
    main()
