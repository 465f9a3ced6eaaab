"""The playout kernel's equivalence guard over thousands of games.

Plays seeded engine games (random and heuristic seats) over every rule set and every option
the kernel covers, replays each into the kernel action by action (compiled with numba when
it is installed and built, else plain Python) and reports every game where the kernel's
option lists, turn-boundary counts, end, scores or winners differ from the engine's.

    PYTHONPATH=src .venv/bin/python benchmarks/lucidity_kernel_equivalence.py --games 100

``--games`` is per configuration and per policy (15 configurations, 2 policies).
"""

from __future__ import annotations

import argparse
import sys
import time

import oneiros
from oneiros.games.lucidity import kernel
from oneiros.games.lucidity.kernel_guard import mismatch

CONFIGS = [
    (4, "en", {}),
    (4, "es", {}),
    (3, "en", {}),
    (3, "es", {}),
    (2, "en", {}),
    (2, "es", {}),
    (4, "en", {"bone_hunters": 3}),
    (3, "es", {"bone_hunters": 8}),
    (2, "en", {"bone_hunters": 1, "replacement_dice": True}),
    (4, "en", {"fourth_shadow_space": True}),
    (3, "en", {"replacement_dice": True}),
    (4, "es", {"temptation": "envy"}),
    (4, "es", {"temptation": "fear"}),
    (2, "en", {"first_player": "1"}),
    (4, "es", {"first_player": "3", "fourth_shadow_space": True}),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per configuration and policy")
    parser.add_argument("--seed", type=int, default=1000, help="first seed")
    parser.add_argument("--kernel", choices=("auto", "python", "numba"), default="auto")
    args = parser.parse_args()
    which = None if args.kernel == "auto" else args.kernel
    print(f"kernel: {kernel.backend(which)}")
    start = time.perf_counter()
    total = bad = 0
    for players, ruleset, options in CONFIGS:
        game = oneiros.make("lucidity", players=players, ruleset=ruleset, options=options)
        for policy in ("random", "heuristic"):
            for seed in range(args.seed, args.seed + args.games):
                total += 1
                why = mismatch(game, seed, policy, kernel=which)
                if why is not None:
                    bad += 1
                    print(f"MISMATCH {players}p {ruleset} {options} {policy} seed {seed}: {why}")
    print(f"{total} games, {bad} mismatches, {time.perf_counter() - start:.0f} s")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
