"""The plain Python playout kernel against the reference floor, in same-run pairs.

    PYTHONPATH=src python benchmarks/lucidity_kernel_python.py --pairs 5 --seconds 2
    PYTHONPATH=src python benchmarks/lucidity_kernel_python.py --count 20

Each pair runs the floor's ``play`` (``shared/bench/lucidity_floor.py``) for ``--seconds``
CPU seconds, then ``game.playouts(10)`` random 4-player Lucidity with the plain Python
kernel (``ONEIROS_KERNEL=python``) for as long, then the floor again, and prints the
kernel's games per CPU second and its ratio to the mean of the two floor runs around it
(the target of issue "Fast playouts" is 1/8). ``--count N`` counts instead the bytecodes a
game executes (``sys.settrace`` opcode events over N games: slow, the figures are counts,
not times), per kernel function.
"""

from __future__ import annotations

import argparse
import collections
import os
import statistics
import sys
from pathlib import Path
from typing import Any

os.environ["ONEIROS_KERNEL"] = "python"

import oneiros
from oneiros.benchmark import _cpu_rate, find_floor, run_floor_cpu
from oneiros.games.lucidity import kernel as K


def pairs(count: int, seconds: float) -> None:
    floor = find_floor(Path(__file__).resolve().parent)
    if floor is None:
        sys.exit("shared/bench/lucidity_floor.py not found beside the checkout")
    game = oneiros.make("lucidity", players=4)
    game.playouts(2, seed=0)  # builds the specialised kernel
    batch = iter(range(1 << 30))
    ratios = []
    for i in range(count):
        before = run_floor_cpu(floor, seconds)
        rate = _cpu_rate(lambda: len(game.playouts(10, seed=next(batch))), seconds)
        after = run_floor_cpu(floor, seconds)
        ratio = rate / ((before + after) / 2)
        ratios.append(ratio)
        print(
            f"pair {i + 1}: floor {before:,.0f} and {after:,.0f} games/s, "
            f"plain Python kernel {rate:,.0f} games/s = 1/{1 / ratio:.1f} of the floor",
            flush=True,
        )
    median = statistics.median(ratios)
    print(f"median 1/{1 / median:.2f} of the floor (target 1/8)")


def count(games: int) -> None:
    game = oneiros.make("lucidity", players=4)
    K.playouts(game, 1, seed=0, kernel="python")
    ops: collections.Counter[str] = collections.Counter()
    calls: collections.Counter[str] = collections.Counter()

    def tracer(frame: Any, event: str, arg: Any) -> Any:
        if event == "call":
            frame.f_trace_opcodes = True
            frame.f_trace_lines = False
            calls[frame.f_code.co_name] += 1
            return tracer
        if event == "opcode":
            ops[frame.f_code.co_name] += 1
        return tracer

    sys.settrace(tracer)
    results = K.playouts(game, games, seed=7, kernel="python") or []
    sys.settrace(None)
    total = sum(ops.values())
    actions = sum(r.actions for r in results) / games
    print(
        f"{total / games:,.0f} bytecodes a game, {actions:.0f} applied actions a game "
        f"({total / games / actions:.0f} a action), {sum(calls.values()) / games:,.0f} calls"
    )
    for name, n in ops.most_common(20):
        print(
            f"  {name:18s} {n / games:9,.0f}  {100 * n / total:5.1f}%  calls {calls[name] / games:6.0f}"
        )


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--pairs", type=int, default=5, help="same-run pairs (5)")
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds of each run (2)")
    ap.add_argument(
        "--count", type=int, default=0, metavar="N", help="count bytecodes over N games"
    )
    args = ap.parse_args()
    if args.count:
        count(args.count)
    else:
        pairs(args.pairs, args.seconds)


if __name__ == "__main__":
    main()
