"""CPU time of random 4-player Lucidity games through the per-action API (``to_move``,
``legal_actions`` or ``sample_chance``, ``apply``: every draw and die roll its own chance
decision), less sensitive to other processes than wall-clock figures; with ``--floor``,
also the ratio to the reference floor (``shared/bench/lucidity_floor.py``), its CPU time
measured in the same run. The per-action path's targets: at least 1/25 of the floor and
200,000 applied actions/s (``oneiros bench`` states them too).

    .venv/bin/python benchmarks/lucidity_speed.py 200
    .venv/bin/python benchmarks/lucidity_speed.py 200 --floor
    .venv/bin/python benchmarks/lucidity_speed.py 200 --floor --repeats 5   # medians
"""

from __future__ import annotations

import os
import random
import re
import resource
import statistics
import subprocess
import sys
import time

import oneiros
from oneiros.benchmark import find_floor
from oneiros.core import CHANCE


def engine(games: int) -> tuple[float, float]:
    """Games and applied actions per CPU second."""
    game = oneiros.make("lucidity", players=4)
    rng = random.Random(1)
    choice = rng.choice
    actions = 0
    start = time.process_time()
    for i in range(games):
        state = game.new_state(seed=i)
        to_move_of, apply = state.to_move, state.apply
        legal_actions, sample_chance = state.legal_actions, state.sample_chance
        while True:
            to_move = to_move_of()
            if not to_move:
                break
            if to_move[0] == CHANCE:
                apply(sample_chance(rng))
            else:
                apply(choice(legal_actions()))
            actions += 1
    spent = time.process_time() - start
    return games / spent, actions / spent


def floor(games: int = 5000) -> tuple[float, float]:
    """The floor's games per second: as it prints them (wall clock) and per CPU second."""
    path = find_floor()
    if path is None:
        raise SystemExit("the reference floor shared/bench/lucidity_floor.py was not found")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(
        [sys.executable, str(path), str(games)], capture_output=True, text=True, check=True
    ).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    match = re.search(r"([\d.]+) games/s", out)
    if not match:
        raise SystemExit(f"unexpected floor output: {out!r}")
    return float(match.group(1)), games / cpu


def main(games: int, with_floor: bool, repeats: int = 1) -> None:
    ratios: list[float] = []
    micros: list[float] = []
    for _ in range(repeats):
        gps, aps = engine(games)
        micros.append(1e6 / aps)
        print(
            f"lucidity 4p, CPU time: {gps:.1f} games/s, {aps:,.0f} actions/s "
            f"({1e6 / aps:.2f} µs per applied action; target 200,000 actions/s)"
        )
        if with_floor:
            wall, cpu = floor()
            ratios.append(cpu / gps)
            print(
                f"floor: {wall:,.0f} games/s (its own wall clock), {cpu:,.0f} per CPU second; "
                f"Lucidity = 1/{cpu / gps:.1f} of the floor (CPU time), target 1/25"
            )
    if repeats > 1:
        line = f"median of {repeats}: {statistics.median(micros):.2f} µs per applied action"
        if ratios:
            line += f", 1/{statistics.median(ratios):.1f} of the floor"
        print(f"{line} (load average {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    import argparse

    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("games", type=int, nargs="?", default=200, help="games to play (200)")
    ap.add_argument("--floor", action="store_true", help="also the ratio to the reference floor")
    ap.add_argument(
        "--repeats", type=int, default=1, help="runs, then their medians (1)", metavar="N"
    )
    ns = ap.parse_args()
    if ns.repeats < 1:
        ap.error("--repeats must be at least 1")
    main(ns.games, ns.floor, ns.repeats)
