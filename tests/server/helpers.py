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
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import anyio
import httpx2 as httpx
from fastapi.testclient import TestClient

STATUS_RANK = {"open": 0, "running": 1, "finished": 2}
OPEN: list[Player] = []
"""Players not closed yet (closed by the ``client`` fixture at the end of a test)."""


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
) -> None:
    """Let the human seats play scripted moves until the game ends (or ``stop`` says so)."""
    for _ in range(limit):
        sync(humans)
        if any(p.view["status"] == "finished" for p in humans):
            return
        if stop is not None and stop(humans):
            return
        deciders = [p for p in humans if p.deciding]
        p = deciders[0] if deciders else humans[0]
        before = p.key
        if deciders:
            p.act(scripted_choice(p.view, seed))
        msg = p.wait(newer(before))
        if msg["type"] == "error" and msg["code"] == "stale":
            continue  # another seat's move changed this decision first: look again
        assert msg["type"] != "error", msg
    raise AssertionError("the game did not end")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


ROOT = Path(__file__).resolve().parents[2]


class ServerProcess:
    """A real ``uvicorn`` server in its own process, which a test may kill outright."""

    def __init__(self, db_url: str, port: int | None = None) -> None:
        self.db_url = db_url
        self.port = port or free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> ServerProcess:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.server.run_server", str(self.port), self.db_url],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            start_new_session=True,  # its own process group, killed whole
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode() if self.proc.stderr else ""
                raise AssertionError(f"the server exited: {err[-2000:]}")
            try:
                if httpx.get(f"{self.http}/healthz", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.kill()
        raise AssertionError("the server did not start")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, exactly like a crash."""
        if self.proc is not None and self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)
        if self.proc is not None and self.proc.stderr:
            self.proc.stderr.close()
        self.proc = None
