"""``ismcts`` against the cooperative ``heuristic`` on the hardest shipped Etherfields setting:
the original Dream played solo by the Drifter (the heuristic loses about one game in six
there, to an 8th Distress or to too few cards), every game on the same seeds for both bots,
with 95% Wilson intervals and the CPU seconds each bot spends per decision.

Resumable: each finished game is one JSON line in ``--out`` (bot, seed, end, decisions,
CPU seconds); a run plays only the (bot, seed) pairs the file does not hold yet, so a long
match is run in pieces and two processes may share the work (``--part 0/2``, ``--part
1/2``: every other seed).

    PYTHONPATH=src nice -n 10 .venv/bin/python benchmarks/etherfields_ismcts_strength.py \\
        --games 200 --out benchmarks/results/etherfields_ismcts_strength.jsonl
    PYTHONPATH=src .venv/bin/python benchmarks/etherfields_ismcts_strength.py \\
        --out benchmarks/results/etherfields_ismcts_strength.jsonl --summary

"Equal time per move": both bots are given the same budget at every decision, the search's
fixed iteration budget (``--spec``, default 4 trust playouts and 24 iterations); the
heuristic is a fixed rule that answers in a fraction of a millisecond and cannot use the
rest (more time changes nothing it plays). The CPU seconds per decision each bot actually
spent are measured and printed (``time.process_time`` around each decision with a choice).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import oneiros
from oneiros.agents import make_agent
from oneiros.agents.base import view_for
from oneiros.benchmark import machine_line
from oneiros.core import CHANCE

SPEC = "ismcts:iterations=24,trust=4"
OPTIONS = {"scenario": "dream:OD-01X", "dreamers": "drifter"}


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    d = 1 + z * z / games
    c = p + z * z / (2 * games)
    r = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    return (c - r) / d, (c + r) / d


def sign_test(a: int, b: int) -> float:
    """The exact two-sided binomial (McNemar) p-value of ``a`` against ``b`` discordant
    games, under the hypothesis that both bots win a discordant game equally often."""
    n = a + b
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(a, b) + 1)) / 2**n
    return min(1.0, 2 * tail)


def play(game: oneiros.Game, seed: int, bot: str) -> dict[str, Any]:
    """One Dream with every Dreamer played by ``bot`` (``heuristic`` or an agent spec)."""
    state = game.new_state(seed=seed)
    chance = random.Random(seed)
    agents = [make_agent(bot, game, seed=seed * 8 + k) for k in range(game.players)]
    views = random.Random(seed ^ 0x5EED)
    decisions, cpu, wall = 0, 0.0, time.perf_counter()
    while not state.is_terminal():
        to_move = state.to_move()
        if to_move == (CHANCE,):
            state.apply(state.sample_chance(chance))
            continue
        seat = to_move[0]
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            state.apply(legal[0], player=seat)
            continue
        start = time.process_time()
        action = agents[seat].act(view_for(state, seat, views), seat)  # what the seat may know
        cpu += time.process_time() - start
        decisions += 1
        state.apply(action, player=seat)
    return {
        "bot": bot,
        "seed": seed,
        "end": str(state.stats()["end_reason"]),
        "decisions": decisions,
        "cpu": round(cpu, 4),
        "wall": round(time.perf_counter() - wall, 2),
    }


def load(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def summary(rows: list[dict[str, Any]], bots: list[str], games: int, first: int) -> list[str]:
    out = []
    for bot in bots:
        mine = [r for r in rows if r["bot"] == bot and first <= r["seed"] < first + games]
        won = sum(r["end"] == "victory" for r in mine)
        n = len(mine)
        lo, hi = wilson(won, n)
        ends: dict[str, int] = {}
        for r in mine:
            ends[r["end"]] = ends.get(r["end"], 0) + 1
        dec = sum(r["decisions"] for r in mine)
        per = sum(r["cpu"] for r in mine) / max(1, dec)
        out.append(
            f"{bot}: victory in {won} of {n} ({won / max(n, 1):.1%}, 95% Wilson "
            f"[{lo:.1%}, {hi:.1%}]); ends {ends}; {per * 1000:.2f} ms CPU per decision "
            f"with a choice ({dec / max(n, 1):.0f} such decisions a game)"
        )
    both = {r["seed"] for r in rows if r["bot"] == bots[0]} & {
        r["seed"] for r in rows if r["bot"] == bots[-1]
    }
    if len(bots) == 2 and both:
        win = {(r["bot"], r["seed"]): r["end"] == "victory" for r in rows}
        a = sum(win[(bots[0], s)] and not win[(bots[1], s)] for s in both)
        b = sum(win[(bots[1], s)] and not win[(bots[0], s)] for s in both)
        out.append(
            f"on the {len(both)} seeds both played: only {bots[0]} won {a}, "
            f"only {bots[1]} won {b} (exact two-sided sign test on those seeds: "
            f"p = {sign_test(a, b):.3f})"
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--spec", default=SPEC, help=f"the search agent (default {SPEC})")
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--dreamers", default=OPTIONS["dreamers"])
    parser.add_argument("--part", default="0/1", help="k/n: play every n-th seed from the k-th")
    parser.add_argument(
        "--only", choices=("heuristic", "search"), help="play one bot's games (default: both)"
    )
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--summary", action="store_true", help="only print the result so far")
    args = parser.parse_args()
    bots = ["heuristic", args.spec]
    options = {**OPTIONS, "dreamers": args.dreamers}
    if not args.summary:
        game = oneiros.make("etherfields", players=args.players, options=options)
        k, n = (int(x) for x in args.part.split("/"))
        done = {(r["bot"], r["seed"]) for r in load(args.out)}
        args.out.parent.mkdir(parents=True, exist_ok=True)
        for seed in range(args.seed + k, args.seed + args.games, n):
            for bot in bots:
                skip = args.only and bot != (bots[0] if args.only == "heuristic" else bots[1])
                if skip or (bot, seed) in done:
                    continue
                row = play(game, seed, bot)
                with args.out.open("a", encoding="utf-8") as out:
                    out.write(json.dumps(row, separators=(",", ":")) + "\n")
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(f"{now}, {machine_line()}, load average {os.getloadavg()[0]:.1f}")
    print(
        f"the original Dream, {args.players} Dreamer(s) ({args.dreamers}), "
        f"seeds {args.seed}..{args.seed + args.games - 1}"
    )
    for line in summary(load(args.out), bots, args.games, args.seed):
        print(line)


if __name__ == "__main__":
    main()
