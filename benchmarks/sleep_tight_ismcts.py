"""Where the default ``ismcts`` spends its time in Sleep Tight: iterations per CPU second,
CPU seconds per move and the share of that time in playouts, on mid-game 4-player
positions, with the Lucidity reference floor in the same run (the figures behind the
decision on a Sleep Tight playout kernel in docs/benchmarks.md).

    PYTHONPATH=src .venv/bin/python benchmarks/sleep_tight_ismcts.py --positions 6
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import time
from datetime import UTC, datetime

import oneiros
from oneiros.agents import make_agent
from oneiros.agents.base import view_for
from oneiros.benchmark import find_floor, machine_line, run_floor_cpu
from oneiros.core import CHANCE


def positions(game: oneiros.Game, count: int, seed: int, skip: int) -> list[oneiros.State]:
    """Decisions with a choice, ``skip`` decisions or more into heuristic games."""
    rng = random.Random(seed)
    policy = game.heuristic_policy()
    found: list[oneiros.State] = []
    while len(found) < count:
        state = game.new_state(seed=rng.randrange(2**31))
        decisions = 0
        while not state.is_terminal() and len(found) < count:
            to_move = state.to_move()
            if to_move[0] == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            seat = to_move[0]
            legal = state.legal_actions(seat)
            decisions += 1
            if decisions >= skip and len(legal) > 1:
                found.append(state.clone())
                skip = decisions + 25
            action = policy(state, seat, rng) if policy else rng.choice(legal)
            state.apply(action, player=seat if len(to_move) > 1 else None)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--spec", default="ismcts")
    args = parser.parse_args()
    game = oneiros.make("sleep-tight", players=args.players)
    found = positions(game, args.positions, seed=1, skip=30)
    floor_path = find_floor()
    floor = run_floor_cpu(floor_path, 3.0) if floor_path else 0.0
    agent = make_agent(args.spec, game, seed=1)
    iterations = 0
    start = time.process_time()
    for state in found:
        seat = state.to_move()[0]
        agent.act(view_for(state, seat, random.Random(0)), seat)
        iterations += agent.last_iterations  # type: ignore[attr-defined]
    spent = time.process_time() - start
    # the same moves again under cProfile, for the share of playouts only
    agent = make_agent(args.spec, game, seed=1)
    profile = cProfile.Profile()
    profile.enable()
    for state in found:
        seat = state.to_move()[0]
        agent.act(view_for(state, seat, random.Random(0)), seat)
    profile.disable()
    stats = pstats.Stats(profile)
    total = playout = 0.0
    for (_file, _line, name), row in stats.stats.items():  # type: ignore[attr-defined]
        if name == "act":
            total = max(total, row[3])
        if name == "_playout":
            playout = max(playout, row[3])
    if floor_path:
        floor = (floor + run_floor_cpu(floor_path, 3.0)) / 2
    load = os.getloadavg()[0]
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(f"Measured {now} on {machine_line()}, load average {load:.1f}.")
    print(f"`{args.spec}` on {len(found)} Sleep Tight {args.players}-player positions:")
    rate = iterations / spent
    print(f"- {rate:,.0f} iterations per CPU second, {spent / len(found):.2f} s of CPU per move")
    if floor:
        print(f"- the floor in the same run: {floor:,.0f} games per CPU second; iterations/s")
        print(f"  are {rate / floor:.4f} (1/{floor / rate:,.0f}) of the floor's games/s")
    if total:
        share = playout / total
        print(f"- playouts (under cProfile): {playout:.1f} of {total:.1f} s in `act` ({share:.0%})")


if __name__ == "__main__":
    main()
