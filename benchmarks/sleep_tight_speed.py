"""CPU time of the same random Sleep Tight games (seeds 0 to GAMES-1), through the core API
only: a seat at a simultaneous step is drawn at random, chance is sampled. Run it on two
checkouts, alternately, to compare engines on identical games.

    PYTHONPATH=src .venv/bin/python benchmarks/sleep_tight_speed.py 300
    PYTHONPATH=src .venv/bin/python benchmarks/sleep_tight_speed.py 300 --players 2
"""

from __future__ import annotations

import argparse
import random
import time

import oneiros
from oneiros.core import CHANCE


def play(game: oneiros.Game, seed: int) -> int:
    """One random game; the number of actions applied (chance included)."""
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    n = 0
    while True:
        to_move = state.to_move()
        if not to_move:
            return n
        if to_move[0] == CHANCE:
            state.apply(state.sample_chance(rng))
        elif len(to_move) == 1:
            state.apply(rng.choice(state.legal_actions()))
        else:
            seat = rng.choice(to_move)
            state.apply(rng.choice(state.legal_actions(seat)), player=seat)
        n += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=300)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    game = oneiros.make("sleep-tight", players=args.players)
    start = time.process_time()
    actions = sum(play(game, seed) for seed in range(args.games))
    spent = time.process_time() - start
    print(
        f"sleep-tight {args.players} players: {args.games / spent:.1f} games/s, "
        f"{actions / spent:,.0f} actions/s (CPU time, {args.games} games)"
    )


if __name__ == "__main__":
    main()
