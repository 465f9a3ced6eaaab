"""Bots and simulator speed: MCTS iterations per second, and simulate throughput with 1 and
2 workers (the scaling ratio).

    .venv/bin/python benchmarks/agents_mcts.py                 # Lucidity, 2 players
    .venv/bin/python benchmarks/agents_mcts.py --game lucidity --players 4 --games 40

Prints a Markdown table to paste into docs/simulation.md (and docs/benchmarks.md). The
machine is shared, so each figure is a snapshot: the load average is printed with it.

With ``--compare``, candidate searches are measured against a much longer search instead
(cheaper and less noisy than a strength match): on decision points of heuristic games,
how often each candidate chooses the long search's move, how much mean reward its choice
gives away by the long search's values (the loss, in thousandths of a reward in [0, 1]),
and its CPU time per move. The long search's results are kept in ``--cache``:

    .venv/bin/python benchmarks/agents_mcts.py --compare mcts "mcts:c=0.7" \
        --positions 60 --seeds 1 2 --cache runs/reference-2p.json --workers 2
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

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


_FOUND: list[oneiros.State] = []


def _setup(name: str, players: int, count: int, seed: int) -> None:
    global _FOUND
    _FOUND = positions(oneiros.make(name, players=players), count, seed)
    warm = _FOUND[0]  # load the compiled kernel before any search is timed
    make_agent("mcts:iterations=20", warm.game, seed=0).act(warm, warm.to_move()[0])


def _search(task: tuple[str, int, int]) -> dict[str, Any]:
    """One search of position ``index`` by ``spec`` with ``seed``: its move, its root values,
    its iterations and its CPU time."""
    spec, index, seed = task
    state = _FOUND[index]
    agent = make_agent(spec, state.game, seed=seed)
    seat = state.to_move()[0]
    view = state if state.game.info.perfect_information else state.determinize(seat, agent.rng)
    start = time.process_time()
    move = agent.act(view, seat).id
    cpu = time.process_time() - start
    return {
        "index": index,
        "seed": seed,
        "move": move,
        "iterations": agent.last_iterations,  # type: ignore[attr-defined]
        "stats": agent.last_stats,  # type: ignore[attr-defined]
        "cpu": cpu,
    }


def compare(args: argparse.Namespace) -> None:
    """Candidates against a long search's choices (see the module docs)."""
    key = f"{args.game}/{args.players}/{args.positions}/{args.position_seed}/{args.reference}"
    cache: dict[str, Any] = {}
    if args.cache and args.cache.exists():
        cache = json.loads(args.cache.read_text(encoding="utf-8"))
    setup = (args.game, args.players, args.positions, args.position_seed)
    with ProcessPoolExecutor(args.workers, initializer=_setup, initargs=setup) as pool:
        if key not in cache:
            tasks = [(args.reference, i, 0) for i in range(args.positions)]
            cache[key] = list(pool.map(_search, tasks))
            if args.cache:
                args.cache.parent.mkdir(parents=True, exist_ok=True)
                args.cache.write_text(json.dumps(cache), encoding="utf-8")
        reference = cache[key]
        # decisions the search settles without searching (one move, or a routine one)
        searched = [r for r in reference if r["iterations"] > 0]
        load = os.getloadavg()[0]
        print(
            f"{args.game}, {args.players} players; {datetime.now(UTC):%Y-%m-%d %H:%M} UTC; "
            f"{len(searched)} searched positions of {args.positions} "
            f"(positions(game, {args.positions}, {args.position_seed})); reference "
            f"`{args.reference}`; seeds {args.seeds}; load average {load:.1f} at the start\n"
        )
        print("| search | same move | loss (1/1000) | CPU per move | iterations a move |")
        print("|---|---|---|---|---|")
        for spec in args.compare:
            tasks = [(spec, r["index"], s) for r in searched for s in args.seeds]
            same = 0
            loss = cpu = iterations = 0.0
            for result in pool.map(_search, tasks):
                ref = reference[result["index"]]
                stats = ref["stats"]
                best = stats[ref["move"]][1]
                worst = min(mean for _, mean in stats.values())
                same += result["move"] == ref["move"]
                loss += best - stats.get(result["move"], (0, worst))[1]
                cpu += result["cpu"]
                iterations += result["iterations"]
            n = len(tasks)
            print(
                f"| `{spec}` | {same} of {n}, {same / n:.1%} | {1000 * loss / n:.1f} | "
                f"{cpu / n:.3f} s | {iterations / n:,.0f} |",
                flush=True,
            )


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
    parser.add_argument("--compare", nargs="+", metavar="SPEC", help="candidate searches")
    parser.add_argument("--reference", default="mcts:iterations=20000")
    parser.add_argument("--position-seed", type=int, default=11)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--cache", type=Path, help="a JSON file of the reference's results")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    if args.compare:
        compare(args)
        return
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
