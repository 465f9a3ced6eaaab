"""The default ``mcts`` against the heuristic bot in 2-player Lucidity, seats alternating:
the bot-strength target of the playout kernel (at least 80% of 400 games, the 95% Wilson
interval's lower bound above 75%). Resumable: the games already in ``--out`` (one JSON
line per game, the format of ``oneiros simulate --out``) are kept and only the missing
ones are played, so a long match can be run in pieces.

    PYTHONPATH=src nice -n 10 .venv/bin/python benchmarks/lucidity_mcts_strength.py \\
        --games 400 --workers 2 --out runs/mcts-strength.jsonl
    PYTHONPATH=src .venv/bin/python benchmarks/lucidity_mcts_strength.py \\
        --out runs/mcts-strength.jsonl --summary          # the result so far

Game ``i`` is the game ``i`` of ``oneiros simulate lucidity -p 2 -a mcts,heuristic --rotate
-s SEED``, so a file written by that command resumes here too.
"""

from __future__ import annotations

import argparse
import json
import math
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import oneiros
from oneiros.benchmark import machine_line
from oneiros.sim import GameResult, RunConfig, run_games


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    d = 1 + z * z / games
    c = p + z * z / (2 * games)
    r = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    return (c - r) / d, (c + r) / d


def load(path: Path) -> dict[int, dict[str, Any]]:
    done: dict[int, dict[str, Any]] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                done[int(row["index"])] = row
    return done


def summary(rows: list[dict[str, Any]], spec: str) -> str:
    wins = shared = turns = 0
    by_seat = [[0, 0], [0, 0]]
    for row in rows:
        seat = row["agents"].index(spec)
        by_seat[seat][1] += 1
        turns += row["turns"]
        if seat in row["winners"]:
            wins += 1
            by_seat[seat][0] += 1
            shared += len(row["winners"]) > 1
    n = len(rows)
    low, high = wilson(wins, n)
    verdict = "meets" if n >= 400 and wins >= 0.8 * n and low > 0.75 else "not shown"
    return (
        f"{spec} won {wins} of {n} games ({wins / max(n, 1):.1%}, 95% Wilson interval "
        f"[{low:.1%}, {high:.1%}]; {shared} shared); in seat 0 {by_seat[0][0]}/{by_seat[0][1]}, "
        f"in seat 1 {by_seat[1][0]}/{by_seat[1][1]}; {turns / max(n, 1):.1f} turns a game. "
        f"Target (at least 80% of 400 games, lower bound above 75%): {verdict}."
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--spec", default="mcts", help="the searching bot (default: mcts)")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--summary", action="store_true", help="only print the result so far")
    args = parser.parse_args()
    done = load(args.out)
    if not args.summary:
        game = oneiros.make("lucidity", players=2)
        config = RunConfig.build(game, [args.spec, "heuristic"], seed=args.seed, rotate=True)
        missing = [i for i in range(args.games) if i not in done]
        args.out.parent.mkdir(parents=True, exist_ok=True)
        with args.out.open("a", encoding="utf-8") as out:

            def keep(result: GameResult) -> None:
                row = result.to_dict()
                out.write(json.dumps(row, separators=(",", ":")) + "\n")
                out.flush()
                done[int(row["index"])] = row

            while missing:
                first = missing[0]
                run = 1
                while run < len(missing) and missing[run] == first + run:
                    run += 1
                outcome = run_games(
                    config, run, args.workers, on_result=keep, start=first, batch_size=1
                )
                if outcome.interrupted:
                    break
                missing = missing[run:]
    rows = [done[i] for i in sorted(done) if i < args.games]
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(f"{now}, {machine_line()}, load average {os.getloadavg()[0]:.1f}:")
    print(summary(rows, args.spec))


if __name__ == "__main__":
    main()
