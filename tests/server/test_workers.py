"""Several server processes on one PostgreSQL database: any process takes any client, a
table's moves are serialised by the database, news fans out with LISTEN/NOTIFY, and a
process killed with SIGKILL loses no acknowledged move."""

from __future__ import annotations

import os
import random
import signal
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient

from .helpers import NetPlayer, Player, ServerProcess, close_all, create, make_app, play_until
from .test_durability import SEATS, SEED, reference

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


def test_two_processes_share_one_table(tmp_path: Path, postgres_url: str) -> None:
    ref = reference(tmp_path)
    one = ServerProcess(postgres_url).start()
    two = ServerProcess(postgres_url).start()
    try:
        made = httpx.post(
            f"{one.http}/api/tables", json={"game": "pebbles4", "seed": SEED, "seats": SEATS}
        ).json()
        tokens = [s["token"] for s in made["seats"] if s["token"]]
        # Ada plays on the first process, Bob on the second: each sees the other's moves
        ada = NetPlayer(one.ws, made["id"], tokens[0])
        bob = NetPlayer(two.ws, made["id"], tokens[1])
        watcher = NetPlayer(two.ws, made["id"])
        play_until([ada, bob], seed=SEED)
        for p in (ada, bob, watcher):  # each sees the end, whichever process it is on
            if p.view.get("status") != "finished":
                p.wait(lambda m: m["type"] in ("update", "snapshot") and m["status"] == "finished")
        for server in (one, two):
            record = httpx.get(f"{server.http}/api/tables/{made['id']}/record").json()
            assert record["actions"] == ref["actions"]
        assert ada.view["scores"] == bob.view["scores"] == watcher.view["scores"]
    finally:
        close_all()
        one.kill()
        two.kill()


def test_a_late_goodbye_leaves_the_table_to_the_sockets_that_came_since(
    tmp_path: Path, postgres_url: str
) -> None:
    """A socket's goodbye may be handled after the table was dropped from memory and
    loaded again for a newer socket: that goodbye must not drop the newer copy, or the new
    socket would hear nothing of the moves made on the table from then on."""
    ref = reference(tmp_path)
    with TestClient(make_app(postgres_url)) as client:
        try:
            hub = client.app.state.hub  # type: ignore[attr-defined]
            made = create(client, game="pebbles4", seed=SEED, seats=SEATS)
            tokens = [s["token"] for s in made["seats"] if s["token"]]
            seated = [Player(client, made["id"], t) for t in tokens]
            for p in seated:
                p.wait(lambda m: m["type"] == "snapshot")
            old = hub.tables[made["id"]]
            close_all()
            deadline = time.monotonic() + 10  # nobody watches: the table leaves memory
            while made["id"] in hub.tables and time.monotonic() < deadline:
                time.sleep(0.02)
            assert made["id"] not in hub.tables
            ada = Player(client, made["id"], tokens[0])  # back: a fresh copy is loaded
            ada.wait(lambda m: m["type"] == "snapshot")
            client.portal.call(_goodbye, hub, old)  # the first socket's late goodbye
            bob = Player(client, made["id"], tokens[1])
            play_until([ada, bob], seed=SEED)
            record = client.get(f"/api/tables/{made['id']}/record").json()
            assert record["actions"] == ref["actions"]
            assert ada.view["status"] == bob.view["status"] == "finished"
        finally:
            close_all()


async def _goodbye(hub: object, table: object) -> None:
    hub.forget_if_idle(table)  # type: ignore[attr-defined]


def test_a_table_put_back_while_it_loads_stays_one_copy(postgres_url: str) -> None:
    """A socket may put back the copy of a table it holds while another request is
    loading the same table from the database: the load then gives that copy, so both
    sockets sit at one table and hear each other's moves."""
    with TestClient(make_app(postgres_url)) as client:
        try:
            hub = client.app.state.hub  # type: ignore[attr-defined]
            made = create(client, game="pebbles4", seed=SEED, seats=SEATS)
            held, loaded, now = client.portal.call(_load_while_put_back, hub, made["id"])
            assert loaded is held and now is held
        finally:
            close_all()


async def _load_while_put_back(hub: Any, table_id: str) -> tuple[object, object, object]:
    import asyncio

    held = hub.tables.pop(table_id)  # dropped from memory; a socket still holds it
    loading = asyncio.create_task(hub.get(table_id))
    for _ in range(3):  # the load is past its checks, reading the database
        await asyncio.sleep(0)
    assert not loading.done()
    hub.tables.setdefault(table_id, held)  # the socket puts its copy back
    loaded = await loading
    return held, loaded, hub.tables[table_id]


def connect(server: ServerProcess, table: str, tokens: list[str]) -> list[Player]:
    """The seats again, on whichever worker takes them (retrying while one restarts)."""
    deadline = time.monotonic() + 30
    while True:
        try:
            players: list[Player] = [NetPlayer(server.ws, table, t) for t in tokens]
            for p in players:
                p.wait(lambda m: m["type"] == "snapshot", timeout=10)
            return players
        except Exception:
            close_all()
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def test_killing_workers_at_random_moments_loses_no_acknowledged_move(
    tmp_path: Path, postgres_url: str
) -> None:
    ref = reference(tmp_path)
    total = len(ref["actions"])
    rng = random.Random(5)
    server = ServerProcess(postgres_url, workers=2).start()
    kills = 0
    try:
        made = httpx.post(
            f"{server.http}/api/tables", json={"game": "pebbles4", "seed": SEED, "seats": SEATS}
        ).json()
        tokens = [s["token"] for s in made["seats"] if s["token"]]
        humans = connect(server, made["id"], tokens)
        for _ in range(4):  # bounded: four kills at random points of the game
            goal = humans[0].view["n"] + rng.randint(1, 4)
            play_until(humans, stop=lambda ps, g=goal: ps[0].view["n"] >= g, seed=SEED)  # type: ignore[misc]
            if humans[0].view["status"] == "finished":
                break
            # every move so far was acknowledged: its update arrived before the next one
            acked = max(p.view["n"] for p in humans)
            log = {p.view["seat"]: list(p.events) for p in humans}
            pids = server.worker_pids()
            deadline = time.monotonic() + 30
            while len(pids) < 2 and time.monotonic() < deadline:  # a killed one restarting
                time.sleep(0.2)
                pids = server.worker_pids()
            assert len(pids) == 2, pids
            os.kill(rng.choice(pids), signal.SIGKILL)
            kills += 1
            close_all()
            humans = connect(server, made["id"], tokens)
            for p in humans:
                assert p.view["n"] >= acked
                assert p.events[: len(log[p.view["seat"]])] == log[p.view["seat"]]
        play_until(humans, seed=SEED)
        record = httpx.get(f"{server.http}/api/tables/{made['id']}/record").json()
        assert record["actions"] == ref["actions"], str(
            (record["actions"][:14], ref["actions"][:14])
        )
        assert len(record["actions"]) == total
        assert kills >= 2
    finally:
        close_all()
        server.kill()
