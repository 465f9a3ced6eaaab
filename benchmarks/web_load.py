"""Load benchmark of the web table (not a test): N concurrent WebSocket clients, each playing
bot-filled games (one human seat, the others bots) against one ``oneiros serve`` process.

Reports, for each N, the human moves acknowledged per second, all applied actions per second
(bots and chance included) and the p50/p99 latency of an action: from sending ``act`` to
receiving the update that acknowledges it (the move is committed to the database by then).

    .venv/bin/python benchmarks/web_load.py --clients 50 200 --seconds 30

The server runs in its own process on 127.0.0.1 with a fresh SQLite file (``--db`` to use
another database); the clients share one asyncio loop in this process.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from websockets.asyncio.client import connect


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    actions: int = 0
    games: int = 0
    errors: list[str] = field(default_factory=list)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(port: int, db: str) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, "-m", "oneiros.cli.main", "serve", "--port", str(port), "--db", db]
    proc = subprocess.Popen([*cmd, "--log-level", "warning"], stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start")


async def client(
    base: str,
    http: httpx.AsyncClient,
    body: dict[str, object],
    stop: float,
    seed: int,
    stats: Stats,
    panels: bool,
) -> None:
    rng = random.Random(seed)
    while time.monotonic() < stop:
        r = await http.post("/api/tables", json=body)
        if r.status_code != 201:
            stats.errors.append(r.text)
            return
        made = r.json()
        token = next(s["token"] for s in made["seats"] if s["token"])
        async with connect(f"{base}/ws/{made['id']}", max_size=None) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token, "panels": panels}))
            acted: set[int] = set()
            pending: tuple[float, int] | None = None
            last_n = 0
            while time.monotonic() < stop:
                try:
                    raw = await asyncio.wait_for(
                        ws.recv(), timeout=max(0.1, stop - time.monotonic())
                    )
                except TimeoutError:
                    break
                msg = json.loads(raw)
                if msg["type"] == "error":
                    stats.errors.append(msg["message"])
                    pending = None
                    continue
                if msg["type"] not in ("snapshot", "update"):
                    continue
                stats.actions += max(0, msg["n"] - last_n)
                last_n = max(last_n, msg["n"])
                if pending is not None and msg["n"] > pending[1]:
                    stats.latencies.append(time.perf_counter() - pending[0])
                    stats.moves += 1
                    pending = None
                if msg["status"] == "finished":
                    stats.games += 1
                    break
                did = msg["decision_id"]
                if did is not None and did not in acted and pending is None:
                    acted.add(did)
                    action = rng.choice(msg["legal"])["id"]
                    pending = (time.perf_counter(), msg["n"])
                    await ws.send(json.dumps({"type": "act", "action": action, "decision": did}))


async def run(
    port: int, n: int, seconds: float, body: dict[str, object], panels: bool = False
) -> Stats:
    stats = Stats()
    limits = httpx.Limits(max_connections=n)
    async with httpx.AsyncClient(
        base_url=f"http://127.0.0.1:{port}", limits=limits, timeout=60
    ) as http:
        stop = time.monotonic() + seconds
        await asyncio.gather(
            *(
                client(f"ws://127.0.0.1:{port}", http, body, stop, i, stats, panels)
                for i in range(n)
            )
        )
    return stats


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    return (
        statistics.quantiles(values, n=100, method="inclusive")[q - 1]
        if len(values) > 1
        else values[0]
    )


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--clients", type=int, nargs="+", default=[50, 200])
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--game", default="lucidity")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--agent", default="random", help="the bots' spec")
    ap.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    ap.add_argument(
        "--panels",
        action="store_true",
        help="ask for analysis panels like the browser does (Lucidity's risk meter: Monte Carlo)",
    )
    args = ap.parse_args()

    body = {
        "game": args.game,
        "players": args.players,
        "seats": [{"kind": "human"}] + [{"kind": "bot", "agent": args.agent}] * (args.players - 1),
    }
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.clients:
            db = args.db or f"sqlite:///{Path(tmp) / f'load-{n}.db'}"
            port = free_port()
            server = start_server(port, db)
            try:
                cpu0 = cpu_seconds(server.pid)
                stats = asyncio.run(run(port, n, args.seconds, body, args.panels))
                cpu = (cpu_seconds(server.pid) - cpu0) / args.seconds
            finally:
                server.kill()
                server.wait()
            lat = sorted(stats.latencies)
            rows.append(
                (
                    n,
                    stats.moves / args.seconds,
                    stats.actions / args.seconds,
                    percentile(lat, 50) * 1000,
                    percentile(lat, 99) * 1000,
                    stats.games,
                    len(stats.errors),
                    cpu,
                )
            )
            if stats.errors:
                print(
                    f"N={n}: {len(stats.errors)} errors, first: {stats.errors[0]}", file=sys.stderr
                )
    print(
        f"{args.game}, {args.players} seats (1 human client + {args.players - 1} '{args.agent}' bots), "
        f"{args.seconds:.0f} s per run, {platform.python_version()}, {os.cpu_count()} CPUs, "
        f"{'SQLite' if not args.db else args.db.split(':')[0]}, "
        f"panels {'on' if args.panels else 'off'}\n"
    )
    print(
        "| clients | human moves/s | actions/s (all seats + chance) | p50 latency | p99 latency "
        "| games finished | errors | server CPU |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for n, mps, aps, p50, p99, games, errors, cpu in rows:
        print(
            f"| {n} | {mps:.0f} | {aps:.0f} | {p50:.1f} ms | {p99:.1f} ms | {games} | {errors} "
            f"| {cpu:.0%} of a core |"
        )


if __name__ == "__main__":
    main()
