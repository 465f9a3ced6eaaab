"""A scripted WebSocket player for the web table tests."""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import anyio
import httpx2 as httpx
from fastapi import FastAPI
from fastapi.testclient import TestClient

from oneiros.server import create_app
from oneiros.server.config import LOCAL_HOSTS, Settings
from tests.cli.helpers import _ZYGOTE as ZYGOTE
from tests.cli.helpers import Forked

STATUS_RANK = {"open": 0, "running": 1, "finished": 2}
OPEN: list[Player] = []
"""Players not closed yet (closed by the ``client`` fixture at the end of a test)."""


TEST_SETTINGS: dict[str, Any] = {
    "allowed_hosts": (*LOCAL_HOSTS, "testserver"),
    "creator_seeds": True,
    "messages_per_second": 0,
    "requests_per_second": 0,
    "tables_per_minute": 0,
    "presence_delay": 0.0,
}
"""The tests' server: the test client's host, seeds that fix the chance outcomes (to script
games), no rate limits; the tests of those protections set them explicitly."""


def settings(**overrides: Any) -> Settings:
    return Settings(**{**TEST_SETTINGS, **overrides})


def make_app(db_url: str, **overrides: Any) -> FastAPI:
    return create_app(db_url, settings=settings(**overrides))


def close_all() -> None:
    while OPEN:
        OPEN[-1].close()


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()


class Player:
    """One WebSocket (a seat with its token, or a spectator) that keeps every message.

    Over the in-process test client by default; :class:`NetPlayer` talks to a real server.
    """

    def __init__(
        self,
        client: TestClient | None,
        table: str,
        token: str | None = None,
        name: str | None = None,
        panels: bool = True,
    ):
        self.messages: list[dict[str, Any]] = []
        self.view: dict[str, Any] = {}
        self.events: list[dict[str, Any]] = []
        self.acted: set[int] = set()
        self.closed = False
        self._connect(client, table)
        OPEN.append(self)
        hello: dict[str, Any] = {"type": "hello"}
        if token is not None:
            hello["token"] = token
        if name is not None:
            hello["name"] = name
        if token is not None and panels:
            hello["panels"] = True  # like the browser client
        self.send(hello)

    def _connect(self, client: Any, table: str) -> None:
        self._cm = client.websocket_connect(f"/ws/{table}")
        self.ws = self._cm.__enter__()

    def _send_text(self, text: str) -> None:
        self.ws.send_text(text)

    def _recv_text(self, timeout: float) -> str:
        ws = self.ws

        async def get() -> Any:
            with anyio.fail_after(timeout):
                return await ws._send_rx.receive()

        message = ws.portal.call(get)
        ws._raise_on_close(message)
        return str(message["text"])

    def close(self) -> None:
        if self in OPEN:
            OPEN.remove(self)
        if not self.closed:
            self.closed = True
            with contextlib.suppress(Exception):
                self._close()

    def _close(self) -> None:
        self._cm.__exit__(None, None, None)

    def send(self, message: Any) -> None:
        self._send_text(message if isinstance(message, str) else json.dumps(message))

    def recv(self, timeout: float = 20.0) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(self._recv_text(timeout))
        self.messages.append(data)
        if data["type"] == "snapshot":
            self.events = list(data["events"])
            self.view = data
        elif data["type"] == "update":
            self.events.extend(data["events"])
            self.view = data
        return data

    def wait(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 20.0) -> dict[str, Any]:
        while True:
            msg = self.recv(timeout)
            if pred(msg):
                return msg

    def error(self) -> dict[str, Any]:
        """The next error message (updates before it are kept)."""
        return self.wait(lambda m: m["type"] == "error")

    @property
    def key(self) -> tuple[int, int]:
        if not self.view:
            return (-1, -1)
        return (self.view["n"], STATUS_RANK[self.view["status"]])

    @property
    def deciding(self) -> bool:
        did = self.view.get("decision_id")
        return did is not None and did not in self.acted and self.view["status"] == "running"

    def act(self, action: str, decision: int | None = -1) -> None:
        msg: dict[str, Any] = {"type": "act", "action": action}
        did = self.view.get("decision_id") if decision == -1 else decision
        if did is not None:
            msg["decision"] = did
            self.acted.add(did)
        self.send(msg)


class NetPlayer(Player):
    """A player on a real server (``base`` like ``ws://127.0.0.1:8123``)."""

    def _connect(self, client: Any, table: str) -> None:
        from websockets.sync.client import connect

        self._cm = connect(f"{client}/ws/{table}", open_timeout=10, max_size=None)
        self.ws = self._cm.__enter__()

    def _send_text(self, text: str) -> None:
        self.ws.send(text)

    def _recv_text(self, timeout: float) -> str:
        return str(self.ws.recv(timeout=timeout))

    def _close(self) -> None:
        self._cm.__exit__(None, None, None)


def sync(players: Iterable[Player]) -> None:
    """Read until every player has seen the newest position any of them has seen."""
    players = list(players)
    for p in players:
        if not p.view:
            p.wait(lambda m: m["type"] == "snapshot")
    target = max(p.key for p in players)
    for p in players:
        while p.key < target:
            msg = p.recv()
            # a refused stale move is the only error a scripted player may meet
            assert msg["type"] != "error" or msg["code"] == "stale", msg


def scripted_choice(view: dict[str, Any], seed: int = 0) -> str:
    """A deterministic choice among the legal actions (depends on seat and position)."""
    rng = random.Random(f"{seed}:{view['seat']}:{view['n']}")
    return rng.choice(view["legal"])["id"]


def newer(before: tuple[int, int]) -> Callable[[dict[str, Any]], bool]:
    """Matches an error, or a view of a later position than ``before``."""

    def pred(m: dict[str, Any]) -> bool:
        if m["type"] == "error":
            return True
        return m["type"] in ("update", "snapshot") and (m["n"], STATUS_RANK[m["status"]]) > before

    return pred


def play_until(
    humans: list[Player],
    stop: Callable[[list[Player]], bool] | None = None,
    seed: int = 0,
    limit: int = 5000,
    deadline: float = 120.0,
) -> None:
    """Let the human seats play scripted moves until the game ends (or ``stop`` says so).

    A seat gets a message only when its own view changed, so after a move the mover waits
    for its next view (or an error), and with nobody to move every seat is watched."""
    end = time.monotonic() + deadline
    for _ in range(limit):
        sync(humans)
        if any(p.view["status"] == "finished" for p in humans):
            return
        if stop is not None and stop(humans):
            return
        deciders = [p for p in humans if p.deciding]
        if not deciders:
            wait_any(humans, end)
            continue
        p = deciders[0]
        did = p.view["decision_id"]
        p.act(scripted_choice(p.view, seed))
        # the answer: an error, or the seat's view after its move (a new decision id; an
        # update already on its way, such as who is connected, still shows the old one)
        msg = p.wait(
            lambda m, did=did: (
                m["type"] == "error"  # type: ignore[misc]
                or (m["type"] in ("update", "snapshot") and m["decision_id"] != did)
            )
        )
        if msg["type"] == "error" and msg["code"] == "stale":
            continue  # another seat's move changed this decision first: look again
        assert msg["type"] != "error", msg
    raise AssertionError("the game did not end")


def wait_any(players: list[Player], end: float) -> None:
    """Wait until any of the players receives a message."""
    while time.monotonic() < end:
        for p in players:
            try:
                msg = p.recv(timeout=0.05)
            except TimeoutError:
                continue
            assert msg["type"] != "error" or msg["code"] == "stale", msg
            return
    raise AssertionError("nothing happened at the table")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


ROOT = Path(__file__).resolve().parents[2]


class ServerProcess:
    """A real ``uvicorn`` server in its own process, which a test may kill outright."""

    def __init__(self, db_url: str, port: int | None = None, workers: int = 1) -> None:
        self.db_url = db_url
        self.port = port or free_port()
        self.workers = workers
        self.proc: subprocess.Popen[bytes] | Forked | None = None

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> ServerProcess:
        args = [str(self.port), self.db_url, str(self.workers)]
        # a fork of the process that imported the command and the server once (in its own
        # session, killed whole like the subprocess below: ``tests/cli/zygote.py``), else a
        # fresh ``python -m tests.server.run_server``
        read, write = os.pipe()
        try:
            forked = ZYGOTE.spawn(ROOT, "tests.server.run_server", args, write)
        finally:
            os.close(write)
        if forked is not None:
            self.proc = forked
            self._stderr: Any = os.fdopen(read, "rb")
        else:
            os.close(read)
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "tests.server.run_server", *args],
                cwd=ROOT,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                start_new_session=True,  # its own process group, killed whole
            )
            self._stderr = self.proc.stderr
        # read the server's log as it comes: a full pipe would block the server's writes
        # (and so its event loop) once it has logged 64 KiB
        self._log = bytearray()
        threading.Thread(target=self._drain, args=(self._stderr,), daemon=True).start()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                time.sleep(0.2)  # the rest of the log
                err = self._log.decode(errors="replace")
                raise AssertionError(f"the server exited: {err[-2000:]}")
            try:
                if httpx.get(f"{self.http}/healthz", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.kill()
        raise AssertionError("the server did not start")

    def _drain(self, stderr: Any) -> None:
        for line in stderr:
            self._log += line
            del self._log[: max(0, len(self._log) - 65536)]

    def worker_pids(self) -> list[int]:
        """The worker processes of a ``workers > 1`` server (children of the supervisor)."""
        assert self.proc is not None
        pid = self.proc.pid
        try:
            text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
        except OSError:
            return []
        out = []
        for child in text.split():
            try:
                cmd = Path(f"/proc/{child}/cmdline").read_bytes()
            except OSError:
                continue
            if b"spawn_main" in cmd:
                out.append(int(child))
        return out

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, exactly like a crash."""
        if self.proc is not None and self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):  # workers included
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)
        if self.proc is not None:
            with contextlib.suppress(OSError):  # the drain may be reading it: it ends then
                self._stderr.close()
        self.proc = None
