"""Heuristic bot vs the random bot in 2-player Lucidity, through the core API only.

    .venv/bin/python benchmarks/lucidity_heuristic_vs_random.py 2000

Seats alternate (the heuristic plays seat 0 in even games, seat 1 in odd ones); the first
player is random. A shared win counts as half. Prints the win rate and its Wilson 95%
interval."""

from __future__ import annotations

import math
import random

import oneiros
from oneiros.agents.base import make_agent


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return centre - half, centre + half


def main(games: int, ruleset: str = "en") -> None:
    game = oneiros.make("lucidity", players=2, ruleset=ruleset)
    rng = random.Random(2026)
    wins = 0.0
    for i in range(games):
        heur = i % 2
        agents = {
            heur: make_agent("heuristic", game, seed=i),
            1 - heur: make_agent("random", game, seed=i),
        }
        state = game.new_state(seed=i)
        while not state.is_terminal():
            if state.is_chance():
                state.apply(state.sample_chance(rng))
            else:
                seat = state.to_move()[0]
                state.apply(agents[seat].act(state, seat))
        w = state.winners()
        if heur in w:
            wins += 1 / len(w)
    lo, hi = wilson(wins, games)
    print(
        f"lucidity {ruleset} 2p heuristic vs random: {wins / games:.3f} ({wins:g}/{games}), 95% Wilson [{lo:.3f}, {hi:.3f}]"
    )


if __name__ == "__main__":
    import argparse

    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("games", type=int, nargs="?", default=2000, help="games to play (2000)")
    ap.add_argument("ruleset", nargs="?", default="en", help="rule set (en)")
    ns = ap.parse_args()
    main(ns.games, ns.ruleset)
