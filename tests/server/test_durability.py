"""Nothing acknowledged is lost: a stopped or killed server rebuilds every unfinished game
from its record and the game continues exactly as it would have."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient

from .helpers import NetPlayer, Player, ServerProcess, close_all, create, make_app, play_until

pytestmark = pytest.mark.slow  # kills and restarts real servers

SEATS = [
    {"kind": "human", "name": "Ada"},
    {"kind": "bot", "agent": "random"},
    {"kind": "human", "name": "Bob"},
    {"kind": "bot", "agent": "random"},
]
SEED = 21


def reference(tmp_path: Path) -> dict[str, Any]:
    """The same game (same seed, same scripted choices) played without interruption."""
    with TestClient(make_app(f"sqlite:///{tmp_path / 'reference.db'}")) as client:
        try:
            made = create(client, game="pebbles4", seed=SEED, seats=SEATS)
            humans = [Player(client, made["id"], s["token"]) for s in made["seats"] if s["token"]]
            play_until(humans, seed=SEED)
            record: dict[str, Any] = client.get(f"/api/tables/{made['id']}/record").json()
            return record
        finally:
            close_all()


def test_stopping_and_starting_the_server_continues_identically(tmp_path: Path) -> None:
    ref = reference(tmp_path)
    half = len(ref["actions"]) // 2
    url = f"sqlite:///{tmp_path / 'web.db'}"
    with TestClient(make_app(url)) as client:
        try:
            made = create(client, game="pebbles4", seed=SEED, seats=SEATS)
            tokens = [s["token"] for s in made["seats"] if s["token"]]
            humans = [Player(client, made["id"], t) for t in tokens]
            play_until(humans, stop=lambda ps: ps[0].view["n"] >= half, seed=SEED)
            seen = {p.view["seat"]: (p.view, p.events) for p in humans}
        finally:
            close_all()
    with TestClient(make_app(url)) as client:
        try:
            assert client.get(f"/api/tables/{made['id']}").json()["status"] == "running"
            humans = [Player(client, made["id"], t) for t in tokens]
            for p in humans:
                snap = p.wait(lambda m: m["type"] == "snapshot")
                view, events = seen[snap["seat"]]
                assert snap["n"] == view["n"]
                assert snap["observation"] == view["observation"]
                assert snap["legal"] == view["legal"]
                assert p.events == events
            play_until(humans, seed=SEED)
            record = client.get(f"/api/tables/{made['id']}/record").json()
        finally:
            close_all()
    assert record["actions"] == ref["actions"]


def kill_and_resume(db_url: str, ref: dict[str, Any]) -> None:
    half = len(ref["actions"]) // 2
    server = ServerProcess(db_url).start()
    try:
        made = httpx.post(
            f"{server.http}/api/tables", json={"game": "pebbles4", "seed": SEED, "seats": SEATS}
        ).json()
        tokens = [s["token"] for s in made["seats"] if s["token"]]
        humans = [NetPlayer(server.ws, made["id"], t) for t in tokens]
        # every move below was acknowledged (its update arrived) before the next one
        play_until(humans, stop=lambda ps: ps[0].view["n"] >= half, seed=SEED)
        acked = max(p.view["n"] for p in humans)
        log = {p.view["seat"]: p.events for p in humans}
        server.kill()
        close_all()
        server.start()
        humans = [NetPlayer(server.ws, made["id"], t) for t in tokens]
        for p in humans:
            snap = p.wait(lambda m: m["type"] == "snapshot")
            assert snap["n"] >= acked
            assert p.events[: len(log[snap["seat"]])] == log[snap["seat"]]
        play_until(humans, seed=SEED)
        record = httpx.get(f"{server.http}/api/tables/{made['id']}/record").json()
        assert record["actions"] == ref["actions"]
    finally:
        close_all()
        server.kill()


def test_a_killed_server_loses_no_acknowledged_move(tmp_path: Path) -> None:
    kill_and_resume(f"sqlite:///{tmp_path / 'killed.db'}", reference(tmp_path))


@pytest.mark.postgres
def test_a_killed_server_loses_no_acknowledged_move_on_postgresql(
    tmp_path: Path, postgres_url: str
) -> None:
    kill_and_resume(postgres_url, reference(tmp_path))
