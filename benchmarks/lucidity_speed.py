"""CPU time of random 4-player Lucidity games (less sensitive to other processes than
wall-clock figures), through the core API only.

    .venv/bin/python benchmarks/lucidity_speed.py 200
"""

from __future__ import annotations

import random
import sys
import time

import oneiros
from oneiros.core import CHANCE


def main(games: int) -> None:
    game = oneiros.make("lucidity", players=4)
    rng = random.Random(1)
    actions = 0
    start = time.process_time()
    for i in range(games):
        state = game.new_state(seed=i)
        while True:
            to_move = state.to_move()
            if not to_move:
                break
            if to_move[0] == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
            actions += 1
    spent = time.process_time() - start
    print(f"lucidity 4p, CPU time: {games / spent:.1f} games/s, {actions / spent:,.0f} actions/s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
