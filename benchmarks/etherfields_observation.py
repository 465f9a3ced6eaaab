"""The cost of Etherfields observations: ``state.observation(seat)``,
``state.observation_tensor(seat)`` and the tensor as the float32 array the RL adapters read
(``game.observation_array``; the list converted for a version without it), for every seat
of positions taken along random games of 1 to 4 Dreamers (the same seeds every run: the
original Dream and a journey of Slumbers), in CPU time, with the Lucidity reference floor
(``shared/bench/lucidity_floor.py``) timed in the same run, so that the figures hold as
ratios on a loaded machine. Each repeat times the floor, then the observations; the
medians of the repeats are printed, with the load average before and after.

``--reference`` also times the plain implementation the test suite holds the fast one
equal to (``tests/etherfields/observation_reference.py``: the redaction entity by entity,
the encoder vocabulary by vocabulary), run from the repository's root.

    PYTHONPATH=src .venv/bin/python benchmarks/etherfields_observation.py --reference
    PYTHONPATH=src .venv/bin/python benchmarks/etherfields_observation.py --repeats 7 --every 3
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import oneiros
from oneiros.benchmark import find_floor, machine_line, run_floor_cpu
from oneiros.testing import random_step

SCENARIOS = ("dream:OD-01X", "journey")


def positions(games: int, every: int, steps: int) -> list[Any]:
    """Every ``every``-th position of random games (``games`` per player count and
    scenario, at most ``steps`` steps each), the same ones every run."""
    found = []
    for players in (1, 2, 3, 4):
        for scenario in SCENARIOS:
            game = oneiros.make("etherfields", players=players, options={"scenario": scenario})
            for k in range(games):
                seed = 1000 * players + k
                state = game.new_state(seed=seed)
                rng = random.Random(seed)
                for step in range(steps):
                    if state.is_terminal():
                        break
                    if step % every == 0:
                        found.append(state.clone())
                    random_step(state, rng)
    return found


def per_second(states: list[Any], read: Callable[[Any, int], Any]) -> float:
    """Observations (one seat each) per CPU second over every seat of every position."""
    count = sum(s.game.players for s in states)
    start = time.process_time()
    for s in states:
        for seat in range(s.game.players):
            read(s, seat)
    return count / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games per player count (2)")
    parser.add_argument("--every", type=int, default=5, help="a position every N steps (5)")
    parser.add_argument("--steps", type=int, default=400, help="steps per game at most (400)")
    parser.add_argument("--repeats", type=int, default=5, help="repeats; medians shown (5)")
    parser.add_argument("--floor-seconds", type=float, default=2.0, help="floor CPU s (2)")
    parser.add_argument(
        "--reference", action="store_true", help="also the plain reference of the tests"
    )
    args = parser.parse_args()
    print(machine_line())
    print(f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, load before {_load()}")
    states = positions(args.games, args.every, args.steps)
    seats = sum(s.game.players for s in states)
    print(f"{len(states)} positions, {seats} seat observations per pass")
    readers: dict[str, Callable[[Any, int], Any]] = {
        "observation": lambda s, seat: s.observation(seat),
        "observation_tensor": lambda s, seat: s.observation_tensor(seat),
    }
    if hasattr(states[0].game, "observation_array"):  # the float32 array RL adapters read
        readers["observation_array"] = lambda s, seat: s.game.observation_array(s, seat)
    else:  # the list converted, as the adapters do without it
        import numpy as np

        readers["tensor as float32"] = lambda s, seat: np.asarray(
            s.observation_tensor(seat), dtype=np.float32
        )
    if args.reference:
        sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
        from tests.etherfields.observation_reference import (
            reference_observation,
            reference_tensor,
        )

        readers["reference observation"] = reference_observation
        readers["reference tensor"] = reference_tensor
    floor_path = find_floor()
    floors: list[float] = []
    rates: dict[str, list[float]] = {name: [] for name in readers}
    ratios: dict[str, list[float]] = {name: [] for name in readers}
    for _ in range(args.repeats):
        floor = run_floor_cpu(floor_path, args.floor_seconds) if floor_path else 0.0
        floors.append(floor)
        for name, read in readers.items():
            rate = per_second(states, read)
            rates[name].append(rate)
            if floor:
                ratios[name].append(rate / floor)
    floor_text = f"{statistics.median(floors):,.0f} games/CPU s" if floor_path else "not found"
    print(f"floor (shared/bench/lucidity_floor.py): {floor_text}")
    for name in readers:
        rate = statistics.median(rates[name])
        line = f"{name:>22}: {rate:9,.0f}/CPU s ({1e6 / rate:6.1f} us each)"
        if ratios[name]:
            line += f", {statistics.median(ratios[name]):.2f} x the floor's games/s"
        print(line)
    if args.reference:
        for kind in ("observation", "tensor"):
            fast = "observation" if kind == "observation" else "observation_tensor"
            pairs = zip(rates[fast], rates[f"reference {kind}"], strict=True)
            speedup = statistics.median(a / b for a, b in pairs)
            print(f"{kind}: {speedup:.1f} x the reference (median of the repeats' ratios)")
    print(f"load after {_load()} ({os.cpu_count()} cores)")


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


if __name__ == "__main__":
    main()
