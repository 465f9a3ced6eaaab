"""How often the Etherfields bots win the original Dream: the cooperative ``heuristic``
against the greedy part-1 bot (``heuristic.greedy_policy``), and a search agent (``ismcts``
by default) against the ``heuristic``, every Dreamer played by the same bot, on the same
seeds, with 95% Wilson intervals and the CPU time per decision.

    PYTHONPATH=src .venv/bin/python benchmarks/etherfields_bots.py heuristic --games 400
    PYTHONPATH=src .venv/bin/python benchmarks/etherfields_bots.py search --games 40 \\
        --spec ismcts:seconds=0.05
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime

import oneiros
from oneiros.agents import make_agent
from oneiros.agents.base import view_for
from oneiros.benchmark import machine_line
from oneiros.core import CHANCE, Action, State
from oneiros.games.etherfields import heuristic
from oneiros.sim.stats import proportion

Chooser = Callable[[State, int], Action]
PROGRESS = False
"""Print each game's end on standard error (``--progress``)."""


def play(game: oneiros.Game, seed: int, choose: Chooser) -> tuple[str, int, float]:
    """One Dream: its end reason, the decisions with a choice and their CPU seconds."""
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    decisions, spent = 0, 0.0
    while not state.is_terminal():
        to_move = state.to_move()
        if to_move == (CHANCE,):
            state.apply(state.sample_chance(rng))
            continue
        seat = to_move[0]
        start = time.process_time()
        action = choose(state, seat)
        spent += time.process_time() - start
        decisions += len(state.legal_actions(seat)) > 1
        state.apply(action, player=seat)
    return str(state.stats()["end_reason"]), decisions, spent


def policy_chooser(policy: oneiros.core.game.Policy, seed: int) -> Chooser:
    rng = random.Random(seed)
    return lambda state, seat: policy(state, seat, rng)


def agent_chooser(spec: str, game: oneiros.Game, seed: int) -> Chooser:
    agents = [make_agent(spec, game, seed=seed + k) for k in range(game.players)]
    rng = random.Random(seed ^ 0x5EED)

    def choose(state: State, seat: int) -> Action:
        if len(state.legal_actions(seat)) == 1:
            return state.legal_actions(seat)[0]
        return agents[seat].act(view_for(state, seat, rng), seat)  # what the seat may know

    return choose


def report(name: str, game: oneiros.Game, games: int, first: int, make: Callable) -> None:
    reasons: Counter[str] = Counter()
    decisions, spent = 0, 0.0
    for k in range(games):
        seed = first + k
        reason, n, cpu = play(game, seed, make(seed))
        if PROGRESS:
            print(f"  {name} seed {seed}: {reason}", file=sys.stderr, flush=True)
        reasons[reason] += 1
        decisions += n
        spent += cpu
    won = proportion(reasons["victory"], games)
    per = spent / max(1, decisions)
    print(
        f"{name}: victory in {reasons['victory']} of {games}, {won} "
        f"(95% Wilson); ends {dict(reasons.most_common())}; "
        f"{per * 1000:.2f} ms CPU per decision with a choice",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("compare", choices=("heuristic", "search"))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--spec", default="ismcts:seconds=0.05", help="the search agent")
    parser.add_argument("--progress", action="store_true", help="print each game's end")
    args = parser.parse_args()
    global PROGRESS
    PROGRESS = args.progress
    game = oneiros.make("etherfields", players=args.players)
    print(f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {machine_line()}")
    print(
        f"the original Dream, {args.players} Dreamers, seeds {args.seed}..{args.seed + args.games - 1}"
    )
    if args.compare == "heuristic":
        report(
            "greedy (part 1)",
            game,
            args.games,
            args.seed,
            lambda seed: policy_chooser(heuristic.greedy_policy, seed),
        )
    else:
        report(
            args.spec,
            game,
            args.games,
            args.seed,
            lambda seed: agent_chooser(args.spec, game, seed),
        )
    report(
        "heuristic (team plan)",
        game,
        args.games,
        args.seed,
        lambda seed: policy_chooser(heuristic.policy, seed),
    )


if __name__ == "__main__":
    main()
