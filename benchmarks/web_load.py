"""Load benchmark of the web table (not a test): N concurrent WebSocket clients, each playing
bot-filled games (one human seat, the others bots) against ``oneiros serve``.

Reports, for each N and each number of server processes, the human moves acknowledged per
second, the table steps per second (changes of the public view: bots and chance included)
and the p50/p99 latency of a move: from sending ``act`` to receiving the update that
acknowledges it (the move is committed to the database by then). By default each client
moves as soon as it may (a closed loop: the latency then grows with the number of clients
until the server keeps up); ``--think S`` makes each client wait 0.5 S to 1.5 S before each
move, like a player.

The CPU every part took is measured from /proc over the run, on the same cores: the server
processes, PostgreSQL (the cluster ``--postgres`` starts) and this load generator itself
(all its clients share one asyncio loop in one process), with the server's CPU per
acknowledged move. The generator shares the cores with the server, so its players use a
minimal WebSocket client driven by callbacks (``LightPlayer``) and create their tables
with a bare HTTP request: about 0.05 ms of CPU per move where the ``websockets`` library's
client (``--client websockets``) takes about 0.16 ms.

    .venv/bin/python benchmarks/web_load.py --clients 50 200 --seconds 30
    .venv/bin/python benchmarks/web_load.py --clients 200 --workers 1 2 --postgres
    .venv/bin/python benchmarks/web_load.py --clients 200 --workers 2 --postgres --abuse

The server runs in its own process(es) on 127.0.0.1 with a fresh SQLite file, a
PostgreSQL database (``--db``), or a throw-away PostgreSQL cluster this script starts
with initdb/pg_ctl (``--postgres``); the clients share one asyncio loop in this process,
each from its own loopback address (127.0.x.y), so the server's per-client limits apply
to them as to real players. ``--abuse`` adds, in the same run, a client that floods
messages, 500 idle spectator sockets and clients sending oversized frames, and reports
the players' latency with and without them. Everything is bounded in time and count and
uses loopback addresses only.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import os
import platform
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2 as httpx
from websockets.asyncio.client import connect

try:  # the web extra installs orjson; the standard library does the same, slower
    import orjson

    loads: Any = orjson.loads
    dumps: Any = orjson.dumps
except ImportError:  # pragma: no cover
    loads = json.loads

    def dumps(message: Any) -> bytes:
        return json.dumps(message, separators=(",", ":")).encode()


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


def cpu_seconds(pid: int, children: bool = False) -> float:
    """User + system CPU time of a process so far (Linux); with ``children`` also that of
    its children that have exited (PostgreSQL's backends come and go with connections)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    ticks = int(fields[11]) + int(fields[12])
    if children:
        ticks += int(fields[13]) + int(fields[14])
    return ticks / os.sysconf("SC_CLK_TCK")


def children_of(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


CLUSTER: dict[str, Path] = {}
"""The data directory of the PostgreSQL cluster ``--postgres`` started (its CPU is measured)."""


def postgres_cpu() -> float:
    """CPU seconds of the throw-away cluster so far: the postmaster, the backends alive
    and those that have exited (0 without ``--postgres``)."""
    data = CLUSTER.get("data")
    if data is None:
        return 0.0
    try:
        pid = int((data / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 0.0
    return cpu_seconds(pid, children=True) + sum(cpu_seconds(c) for c in children_of(pid))


def address(i: int) -> str:
    """The i-th client's own loopback address (127.0.0.0/8 is all loopback)."""
    return f"127.0.{1 + i // 250}.{1 + i % 250}"


def start_server(port: int, db: str, workers: int) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, "-m", "oneiros.cli.main", "serve", "--port", str(port), "--db", db]
    cmd += ["--workers", str(workers), "--log-level", "warning"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start")


def server_pids(proc: subprocess.Popen[bytes]) -> list[int]:
    """The server process and its workers."""
    return [proc.pid, *children_of(proc.pid)]


@contextmanager
def throwaway_postgres() -> Iterator[str]:
    """A PostgreSQL cluster in a temporary directory (initdb/pg_ctl), loopback only."""
    found = shutil.which("initdb")
    bindir = Path(found).parent if found else None
    if bindir is None:
        candidates = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
        bindir = candidates[-1].parent if candidates else None
    if bindir is None:
        raise SystemExit("--postgres needs the PostgreSQL server programs (initdb, pg_ctl)")
    root = tempfile.mkdtemp(prefix="oneiros-bench-pg-")
    prefix: list[str] = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        import pwd

        pw = pwd.getpwnam("postgres")
        os.chown(root, pw.pw_uid, pw.pw_gid)
        prefix = ["runuser", "-u", "postgres", "--"]
    data, port = os.path.join(root, "data"), free_port()
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "check": True}
    subprocess.run(
        [*prefix, str(bindir / "initdb"), "-D", data, "-U", "oneiros", "-A", "trust", "-E", "UTF8"],
        **quiet,  # type: ignore[arg-type]
    )
    opts = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c max_connections=200"
    subprocess.run(
        [
            *prefix,
            str(bindir / "pg_ctl"),
            "-D",
            data,
            "-l",
            f"{root}/log",
            "-w",
            "-o",
            opts,
            "start",
        ],
        **quiet,  # type: ignore[arg-type]
    )
    CLUSTER["data"] = Path(data)
    try:
        yield f"postgresql://oneiros@127.0.0.1:{port}/postgres"
    finally:
        CLUSTER.pop("data", None)
        subprocess.run(
            [*prefix, str(bindir / "pg_ctl"), "-D", data, "-m", "fast", "-w", "stop"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        shutil.rmtree(root, ignore_errors=True)


async def client(
    port: int,
    i: int,
    body: dict[str, object],
    stop: float,
    stats: Stats,
    panels: bool,
    think: float = 0.0,
) -> None:
    rng = random.Random(i)
    source = address(i)
    while time.monotonic() < stop:
        status, made = await post_json(port, source, "/api/tables", body)
        if status != 201:
            stats.errors.append(str(made))
            return
        token = next(s["token"] for s in made["seats"] if s["token"])
        await play_one(port, source, made["id"], token, stop, rng, stats, panels, think)


async def post_json(port: int, source: str, path: str, body: Any) -> tuple[int, Any]:
    """A JSON POST on a connection of its own from ``source`` (HTTP/1.1, closed after the
    answer): a fraction of the CPU of an HTTP client library, for the load generator."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    try:
        data = dumps(body)
        writer.write(
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
            "Connection: close\r\n\r\n".encode()
            + data
        )
        raw = await asyncio.wait_for(reader.read(), 60)
    finally:
        writer.close()
    head, _, payload = raw.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1]) if head.startswith(b"HTTP/") else 0
    try:
        return status, loads(payload)
    except ValueError:
        return status, payload.decode(errors="replace")


async def play_one(
    port: int,
    source: str,
    table: str,
    token: str,
    stop: float,
    rng: random.Random,
    stats: Stats,
    panels: bool,
    think: float = 0.0,
) -> None:
    """One game of one client on the light WebSocket client (``LightPlayer``), or on the
    ``websockets`` library's client with ``--client websockets``."""
    if CLIENT["kind"] == "websockets":
        await play_one_websockets(port, source, table, token, stop, rng, stats, panels, think)
        return
    loop = asyncio.get_running_loop()
    player = LightPlayer(
        f"/ws/{table}", f"127.0.0.1:{port}", token, stop, rng, stats, panels, think
    )
    await loop.create_connection(lambda: player, "127.0.0.1", port, local_addr=(source, 0))
    await player.done


CLIENT = {"kind": "light"}
"""Which WebSocket client the players use (``--client``)."""


class LightPlayer(asyncio.Protocol):
    """A player on a minimal WebSocket client (RFC 6455: the upgrade, unmasked text frames
    from the server, masked frames to it, ping and close), driven by callbacks on the
    event loop: no task, future or timeout per message, and only the fields the player
    needs are looked at. It plays like :func:`play_one_websockets` at a fraction of the
    CPU, so the load generator takes less of the cores it shares with the server."""

    def __init__(
        self,
        path: str,
        host: str,
        token: str,
        stop: float,
        rng: random.Random,
        stats: Stats,
        panels: bool,
        think: float,
    ) -> None:
        self.path, self.host, self.token = path, host, token
        self.stop, self.rng, self.stats = stop, rng, stats
        self.panels, self.think = panels, think
        self.done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.transport: asyncio.Transport | None = None
        self.buf = bytearray()
        self.upgraded = False
        self.acted: set[int] = set()
        self.pending: tuple[float, int] | None = None
        self.last_n = 0
        self.timer: asyncio.TimerHandle | None = None

    # ----- the connection -----------------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        key = base64.b64encode(os.urandom(16)).decode()
        transport.write(
            (
                f"GET {self.path} HTTP/1.1\r\nHost: {self.host}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        loop = asyncio.get_running_loop()
        self.timer = loop.call_later(max(0.0, self.stop - time.monotonic()), self.finish)

    def connection_lost(self, exc: Exception | None) -> None:
        self.finish()

    def finish(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
        if self.transport is not None and not self.transport.is_closing():
            self.send_frame(0x8, b"\x03\xe8")  # close, 1000
            self.transport.close()
        if not self.done.done():
            self.done.set_result(None)

    def send_frame(self, opcode: int, payload: bytes) -> None:
        """One masked frame (a client must mask what it sends)."""
        n = len(payload)
        if n < 126:
            head = bytes((0x80 | opcode, 0x80 | n))
        elif n < 65536:
            head = bytes((0x80 | opcode, 0x80 | 126)) + n.to_bytes(2, "big")
        else:
            head = bytes((0x80 | opcode, 0x80 | 127)) + n.to_bytes(8, "big")
        mask = os.urandom(4)
        masked = (
            int.from_bytes(payload, "big") ^ int.from_bytes((mask * (n // 4 + 1))[:n], "big")
        ).to_bytes(n, "big")
        assert self.transport is not None
        self.transport.write(head + mask + masked)

    def send_json(self, message: dict[str, Any]) -> None:
        self.send_frame(0x1, dumps(message))

    def data_received(self, data: bytes) -> None:
        buf = self.buf
        buf += data
        if not self.upgraded:
            end = buf.find(b"\r\n\r\n")
            if end < 0:
                return
            if not buf.startswith(b"HTTP/1.1 101"):
                self.stats.errors.append(bytes(buf[:200]).decode(errors="replace"))
                self.finish()
                return
            del buf[: end + 4]
            self.upgraded = True
            self.send_json({"type": "hello", "token": self.token, "panels": self.panels})
        while len(buf) >= 2:
            opcode, n, at = buf[0] & 0x0F, buf[1] & 0x7F, 2
            if n == 126:
                if len(buf) < 4:
                    return
                n, at = int.from_bytes(buf[2:4], "big"), 4
            elif n == 127:
                if len(buf) < 10:
                    return
                n, at = int.from_bytes(buf[2:10], "big"), 10
            if len(buf) < at + n:
                return
            payload = bytes(buf[at : at + n])
            del buf[: at + n]
            if opcode == 0x1:
                self.on_message(payload)
            elif opcode == 0x9:
                self.send_frame(0xA, payload)  # pong
            elif opcode == 0x8:
                self.finish()
                return
            if self.done.done():
                return

    # ----- the player ---------------------------------------------------------------------
    def on_message(self, raw: bytes) -> None:
        msg = loads(raw)
        kind = msg["type"]
        stats = self.stats
        if kind == "error":
            stats.errors.append(msg["message"])
            self.pending = None
            return
        if kind not in ("snapshot", "update"):
            return
        n = msg["n"]
        stats.actions += max(0, n - self.last_n)
        self.last_n = max(self.last_n, n)
        did = msg["decision_id"]
        # the acknowledgement: the seat's view after its move (a new decision id)
        if self.pending is not None and did != self.pending[1]:
            stats.latencies.append(time.perf_counter() - self.pending[0])
            stats.moves += 1
            self.pending = None
        if msg["status"] == "finished":
            stats.games += 1
            self.finish()
            return
        if did is not None and did not in self.acted and self.pending is None:
            self.acted.add(did)
            action = self.rng.choice(msg["legal"])["id"]
            if self.think:
                # a player reading the table (which waits for this seat meanwhile)
                delay = self.think * self.rng.uniform(0.5, 1.5)
                asyncio.get_running_loop().call_later(delay, self.act, action, did)
            else:
                self.act(action, did)

    def act(self, action: str, did: int) -> None:
        if self.done.done() or time.monotonic() >= self.stop:
            return
        self.pending = (time.perf_counter(), did)
        self.send_json({"type": "act", "action": action, "decision": did})


async def play_one_websockets(
    port: int,
    source: str,
    table: str,
    token: str,
    stop: float,
    rng: random.Random,
    stats: Stats,
    panels: bool,
    think: float = 0.0,
) -> None:
    """One game on the ``websockets`` library's client (a task, futures and a timeout per
    message: several times the CPU of :class:`LightPlayer`)."""
    url = f"ws://127.0.0.1:{port}/ws/{table}"
    async with connect(url, max_size=None, local_addr=(source, 0)) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "panels": panels}))
        acted: set[int] = set()
        pending: tuple[float, int] | None = None
        last_n = 0
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.monotonic()))
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
            if pending is not None and msg["decision_id"] != pending[1]:
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
                if think:
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                    if time.monotonic() >= stop:
                        break
                pending = (time.perf_counter(), did)
                await ws.send(json.dumps({"type": "act", "action": action, "decision": did}))


# ----- abuse: bounded, loopback only -----------------------------------------------------
async def flooder(port: int, stop: float, counts: dict[str, int]) -> None:
    """One client sending messages as fast as it can (as a spectator), reconnecting each
    time the server closes its socket for flooding."""
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as http:
        made = (await http.post("/api/tables", json=BOT_TABLE)).json()
    url = f"ws://127.0.0.1:{port}/ws/{made['id']}"
    while time.monotonic() < stop and counts["flood_sent"] < 2_000_000:
        try:
            async with connect(url, max_size=None, local_addr=("127.0.200.1", 0)) as ws:
                await ws.send(json.dumps({"type": "hello"}))

                async def drain(ws: Any = ws) -> None:
                    async for _ in ws:
                        counts["flood_replies"] += 1

                reader = asyncio.create_task(drain())
                try:
                    while time.monotonic() < stop:
                        await ws.send('{"type": "ping"}')
                        counts["flood_sent"] += 1
                        if counts["flood_sent"] % 100 == 0:
                            await asyncio.sleep(0)
                finally:
                    reader.cancel()
        except Exception:
            counts["flood_closed"] += 1
            await asyncio.sleep(0.05)


BOT_TABLE = {"game": "lucidity", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}
"""The abusers' tables: waiting for a second player, so the sockets on them are idle."""


async def idle_sockets(port: int, stop: float, total: int, counts: dict[str, int]) -> None:
    """``total`` spectator sockets that only listen, 50 per open table, 25 per address."""
    tables = []
    async with httpx.AsyncClient(
        base_url=f"http://127.0.0.1:{port}",
        transport=httpx.AsyncHTTPTransport(local_address="127.0.201.1"),
        timeout=30,
    ) as http:
        for _ in range((total + 49) // 50):
            tables.append((await http.post("/api/tables", json=BOT_TABLE)).json()["id"])

    async def one(k: int) -> None:
        source = f"127.0.{202 + k // 250}.{1 + (k // 25) % 250}"
        url = f"ws://127.0.0.1:{port}/ws/{tables[k // 50]}"
        try:
            async with connect(url, max_size=None, local_addr=(source, 0)) as ws:
                await ws.send(json.dumps({"type": "hello"}))
                counts["idle_open"] += 1
                while time.monotonic() < stop:
                    try:
                        await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.monotonic()))
                    except TimeoutError:
                        break
        except Exception:
            counts["idle_refused"] += 1

    await asyncio.gather(*(one(k) for k in range(total)))


async def giant_frames(port: int, stop: float, counts: dict[str, int]) -> None:
    """A client that keeps sending 2 MiB frames (the server closes with 1009 each time)."""
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as http:
        made = (await http.post("/api/tables", json=BOT_TABLE)).json()
    url = f"ws://127.0.0.1:{port}/ws/{made['id']}"
    frame = "x" * (2 << 20)
    while time.monotonic() < stop and counts["giant_sent"] < 200:
        try:
            async with connect(url, max_size=None, local_addr=("127.0.199.1", 0)) as ws:
                await ws.send(json.dumps({"type": "hello"}))
                await ws.send(frame)
                counts["giant_sent"] += 1
                await asyncio.wait_for(ws.recv(), timeout=2)
        except Exception:
            pass
        await asyncio.sleep(0.2)


async def abuse(port: int, seconds: float) -> dict[str, int]:
    counts = dict.fromkeys(
        ("flood_sent", "flood_replies", "flood_closed", "idle_open", "idle_refused", "giant_sent"),
        0,
    )
    stop = time.monotonic() + seconds
    await asyncio.gather(
        flooder(port, stop, counts),
        idle_sockets(port, stop, 500, counts),
        giant_frames(port, stop, counts),
    )
    return counts


def abuse_process(port: int, seconds: float, out: Any) -> None:
    """The abusers run in a process of their own: their own work must not slow down the
    measuring clients' event loop (only the server's answers may)."""
    out.put(asyncio.run(abuse(port, seconds)))


async def run(
    port: int,
    n: int,
    seconds: float,
    body: dict[str, object],
    panels: bool = False,
    with_abuse: bool = False,
    think: float = 0.0,
) -> tuple[Stats, dict[str, int]]:
    stats = Stats()
    counts: dict[str, int] = {}
    proc = None
    if with_abuse:
        import multiprocessing

        queue: Any = multiprocessing.Queue()
        proc = multiprocessing.Process(target=abuse_process, args=(port, seconds + 2, queue))
        proc.start()
        await asyncio.sleep(2)  # the sockets open first, then the players start
    stop = time.monotonic() + seconds
    await asyncio.gather(*(client(port, i, body, stop, stats, panels, think) for i in range(n)))
    if proc is not None:
        counts = queue.get(timeout=60)
        proc.join(10)
    return stats, counts


def percentile(values: list[float], q: int) -> float:
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
    ap.add_argument(
        "--workers",
        type=int,
        nargs="+",
        default=[1],
        help="server processes to measure, one run each (above 1 needs PostgreSQL)",
    )
    ap.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    ap.add_argument(
        "--postgres",
        action="store_true",
        help="start a throw-away PostgreSQL cluster (initdb/pg_ctl) and use it",
    )
    ap.add_argument(
        "--abuse",
        action="store_true",
        help="each run twice: alone, then with a flooding client, 500 idle sockets and "
        "oversized frames",
    )
    ap.add_argument(
        "--panels",
        action="store_true",
        help="ask for analysis panels like the browser does (Lucidity's risk meter: Monte Carlo)",
    )
    ap.add_argument(
        "--think",
        type=float,
        nargs="+",
        default=[0.0],
        metavar="S",
        help="seconds a client waits before each move (0.5 S to 1.5 S, like a player); "
        "0, the default: it moves at once (each value is a run of its own)",
    )
    ap.add_argument(
        "--client",
        choices=["light", "websockets"],
        default="light",
        help="the players' WebSocket client: 'light' (default), a minimal one on asyncio "
        "callbacks, so the generator takes little of the cores the server runs on; "
        "'websockets', the library's client (several times the CPU per message)",
    )
    ap.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="run the whole list of runs this many times, interleaved (1 2 1 2 ...)",
    )
    args = ap.parse_args()
    CLIENT["kind"] = args.client
    if args.clients and max(args.clients) > 60_000:
        raise SystemExit("--clients: at most 60000 (one loopback address each)")
    if not 1 <= args.repeat <= 20:
        raise SystemExit("--repeat: from 1 to 20")

    body = {
        "game": args.game,
        "players": args.players,
        "seats": [{"kind": "human"}] + [{"kind": "bot", "agent": args.agent}] * (args.players - 1),
    }
    rows = []
    before = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp:
        pg = throwaway_postgres() if args.postgres else None
        base_db = pg.__enter__() if pg is not None else args.db
        try:
            for k in range(args.repeat):
                for think in args.think:
                    for workers in args.workers:
                        for n in args.clients:
                            for abuse in [False, True] if args.abuse else [False]:
                                name = f"load-{n}-{workers}-{k}-{think}.db"
                                db = base_db or f"sqlite:///{Path(tmp) / name}"
                                rows.append(measure(db, n, workers, abuse, think, args, body))
        finally:
            if pg is not None:
                pg.__exit__(None, None, None)
    backend = (
        "PostgreSQL" if (args.postgres or (args.db or "").startswith("postgres")) else "SQLite"
    )
    load = os.getloadavg()
    print(
        f"{args.game}, {args.players} seats (1 human client + {args.players - 1} '{args.agent}' bots), "
        f"{args.seconds:.0f} s per run, Python {platform.python_version()}, {os.cpu_count()} CPUs, "
        f"{backend}, panels {'on' if args.panels else 'off'}, load average {before[0]:.1f} "
        f"before and {load[0]:.1f} after the runs\n"
    )
    print(
        "| processes | clients | think | abuse | human moves/s | table steps/s | p50 latency "
        "| p99 latency | games finished | errors | server CPU | server CPU per move "
        "| PostgreSQL CPU | load generator CPU |"
    )
    print("|---:|---:|---:|:---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for row in rows:
        print(row)


def measure(
    db: str,
    n: int,
    workers: int,
    abuse: bool,
    think: float,
    args: argparse.Namespace,
    body: dict[str, object],
) -> str:
    port = free_port()
    server = start_server(port, db, workers)
    try:
        pids = server_pids(server)
        cpu0 = sum(cpu_seconds(p) for p in pids)
        pg0, own0, t0 = postgres_cpu(), time.process_time(), time.monotonic()
        stats, counts = asyncio.run(run(port, n, args.seconds, body, args.panels, abuse, think))
        wall = time.monotonic() - t0
        cpu = sum(cpu_seconds(p) for p in pids) - cpu0
        pg, own = postgres_cpu() - pg0, time.process_time() - own0
    finally:
        server.kill()
        for pid in server_pids(server)[1:]:
            with contextlib.suppress(OSError):
                os.kill(pid, 9)
        server.wait()
    lat = sorted(stats.latencies)
    if stats.errors:
        print(f"N={n}: {len(stats.errors)} errors, first: {stats.errors[0]}", file=sys.stderr)
    what = "no"
    if abuse:
        what = (
            f"flood {counts['flood_sent']} msgs (closed {counts['flood_closed']}x), "
            f"{counts['idle_open']} idle sockets "
            f"({counts['idle_refused']} refused), {counts['giant_sent']} 2 MiB frames"
        )
    per_move = f"{cpu / stats.moves * 1000:.2f} ms" if stats.moves else "-"

    def each(seconds: float) -> str:
        return f" ({seconds / stats.moves * 1000:.2f} ms per move)" if stats.moves else ""

    return (
        f"| {workers} | {n} | {think:g} s | {what} | {stats.moves / args.seconds:.0f} | "
        f"{stats.actions / args.seconds:.0f} | {percentile(lat, 50) * 1000:.1f} ms | "
        f"{percentile(lat, 99) * 1000:.1f} ms | {stats.games} | {len(stats.errors)} "
        f"| {cpu / wall:.0%} of a core | {per_move} "
        f"| {f'{pg / wall:.0%} of a core{each(pg)}' if CLUSTER or pg else '-'} "
        f"| {own / wall:.0%} of a core{each(own)} |"
    )


if __name__ == "__main__":
    main()
