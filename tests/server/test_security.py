"""The holes an outside security test found, each attacked the same way again: content
paths, oversized bodies, seat sniping, predictable seeds, decode errors, Host and Origin,
socket floods and rate limits, spoofing names."""

from __future__ import annotations

import json
import logging
import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import oneiros
from oneiros.games.sleep_tight.content import DEFAULT_CONTENT

from .helpers import Player, ServerProcess, close_all, create, make_app, play_until

HUMAN_AND_BOT = [{"kind": "human"}, {"kind": "bot", "agent": "random"}]


@pytest.fixture
def app_with(tmp_path: Path) -> Iterator[Any]:
    """``app_with(**settings)``: a test client on a fresh database with those settings."""
    opened: list[TestClient] = []

    def make(**overrides: Any) -> TestClient:
        c = TestClient(make_app(f"sqlite:///{tmp_path / f'web{len(opened)}.db'}", **overrides))
        c.__enter__()
        opened.append(c)
        return c

    try:
        yield make
    finally:
        close_all()
        for c in opened:
            c.__exit__(None, None, None)


# ----- 1. the content option names an installed pack, never a server path ----------------
def test_a_client_cannot_make_the_server_open_a_path(client: TestClient, tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    texts = []
    for path in ("/dev/zero", str(fifo), "/etc/passwd", "/no/such/file", "~/.bashrc", "../x"):
        start = time.monotonic()
        r = client.post("/api/tables", json={"game": "sleep-tight", "options": {"content": path}})
        assert time.monotonic() - start < 5  # nothing was read, nothing blocked
        assert r.status_code == 400, r.text
        error = r.json()["error"]
        assert "not a content pack of this server" in error and "installed for sleep-tight" in error
        texts.append(error.replace(repr(path[:40]), "PATH"))
    # the same words whether the path exists, is a device, a FIFO or nothing at all
    assert len(set(texts)) == 1, texts
    assert client.get("/healthz").status_code == 200


def test_content_packs_are_chosen_by_name(app_with: Any, tmp_path: Path) -> None:
    packs = tmp_path / "packs"
    (packs / "sleep-tight").mkdir(parents=True)
    shutil.copy(DEFAULT_CONTENT, packs / "sleep-tight" / "house.json")
    (packs / "sleep-tight" / "broken.json").write_bytes(b"\xff\xfe not utf-8")
    os.mkfifo(packs / "sleep-tight" / "fifo.json")  # skipped at start, never opened
    (packs / "lucidity").mkdir()
    (packs / "lucidity" / "huge.json").write_bytes(b" " * (2 << 20))
    client = app_with(content_dir=str(packs))
    info = {g["name"]: g for g in client.get("/api/games").json()}
    option = next(o for o in info["sleep-tight"]["options"] if o["name"] == "content")
    assert option["choices"] == ["", "house"]
    assert "pack" in option["help"] and "path" not in option["help"].lower()
    made = create(client, game="sleep-tight", players=2, options={"content": "house"})
    table = client.get(f"/api/tables/{made['id']}").json()
    assert table["options"]["content"] == "house"  # the name, never the file
    for bad in ("broken", "fifo", str(packs / "sleep-tight" / "house.json")):
        r = client.post("/api/tables", json={"game": "sleep-tight", "options": {"content": bad}})
        assert r.status_code == 400 and "installed for sleep-tight: house" in r.json()["error"]
    r = client.post("/api/tables", json={"game": "lucidity", "options": {"content": "huge"}})
    assert r.status_code == 400


# ----- 2. the body limit holds for chunked bodies too ----------------------------------
def test_a_chunked_body_is_cut_off_at_the_limit(tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'body.db'}").start()
    try:
        assert server.proc is not None
        rss = _rss(server.proc.pid)

        def chunks() -> Iterator[bytes]:
            for _ in range(256):  # 32 MiB in 128 KiB chunks, no Content-Length
                yield b"x" * (128 << 10)

        status = None
        try:
            r = httpx.post(f"{server.http}/api/tables", content=chunks(), timeout=30)
            status = r.status_code
            assert "larger than 65536 bytes" in r.json()["error"]
        except httpx.HTTPError:
            pass  # the server may close the connection while the client still writes
        assert status in (413, None)
        assert _rss(server.proc.pid) - rss < 16 << 20  # not 32 MiB more
        assert httpx.get(f"{server.http}/healthz").status_code == 200
    finally:
        server.kill()


def _rss(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def test_a_body_without_length_over_the_limit_is_refused(client: TestClient) -> None:
    r = client.post(
        "/api/tables",
        content=(b"{" + b" " * 1024 for _ in range(100)),
        headers={"content-type": "application/json"},
    )
    assert r.status_code == 413 and "larger than" in r.json()["error"]


# ----- 3. seat sniping -------------------------------------------------------------------
def test_a_stranger_cannot_take_the_creators_seat(client: TestClient) -> None:
    made = create(client, game="pebbles", seats=HUMAN_AND_BOT)
    assert made["status"] == "running"  # the creator holds seat 0 from creation
    r = client.post(f"/api/tables/{made['id']}/join", json={"name": "Mallory"})
    assert r.status_code == 409
    three = create(client, game="pebbles", players=3, seats=[{}, {}, {}])
    taken = [client.post(f"/api/tables/{three['id']}/join", json={}).json() for _ in range(2)]
    assert sorted(t["seat"] for t in taken) == [1, 2]
    r = client.post(f"/api/tables/{three['id']}/join", json={})
    assert r.status_code == 409
    # the creator's link still works, and a taken seat cannot be taken again with its link
    mine = Player(client, three["id"], three["seats"][0]["token"])
    assert mine.wait(lambda m: m["type"] == "snapshot")["seat"] == 0
    stale = client.post(
        f"/api/tables/{three['id']}/join", json={"token": three["seats"][1]["token"]}
    )
    assert stale.status_code == 403


def test_a_private_table_offers_no_seat(client: TestClient) -> None:
    made = create(client, game="pebbles", public=False, seats=[{}, {}])
    assert client.post(f"/api/tables/{made['id']}/join", json={}).status_code == 403


# ----- 4. the seed does not reveal hidden cards -----------------------------------------
def test_a_known_seed_does_not_predict_the_deal(app_with: Any) -> None:
    client = app_with(creator_seeds=False)
    seen = []
    for _ in range(3):
        made = create(client, game="pebbles", seed=7, seats=HUMAN_AND_BOT)
        p = Player(client, made["id"], made["seats"][0]["token"])
        p.wait(lambda m: m["type"] in ("snapshot", "update") and m["observation"]["cards"][0])
        seen.append(p.view["observation"]["cards"][0])
        p.close()
    offline = oneiros.make("pebbles").new_state(seed=7)
    while offline.is_chance():
        offline.apply(offline.sample_chance(__import__("random").Random(0)))
    # three tables with the creator's seed 7 do not all deal the same card
    assert len(set(seen)) > 1 or seen[0] != offline.observation(0)["cards"][0]


def test_the_record_discloses_the_seed_and_replays_exactly(app_with: Any) -> None:
    client = app_with(creator_seeds=False)
    made = create(client, game="pebbles", seed=7, seats=HUMAN_AND_BOT)
    p = Player(client, made["id"], made["seats"][0]["token"])
    r = client.get(f"/api/tables/{made['id']}/record")
    assert r.status_code == 409  # not before the end
    play_until([p])
    record = client.get(f"/api/tables/{made['id']}/record").json()
    assert record["seed"] != 7
    state = oneiros.replay(record)
    assert state.is_terminal() and state.scores() == p.view["scores"]


# ----- 5. malformed messages get an error, never a traceback ------------------------------
DECODE_ATTACKS = [
    '{"type": "act", "action": "roll", "decision": ' + "9" * 5000 + "}",
    "[" * 1000 + "]" * 1000,
    '{"a": ' * 900 + "1" + "}" * 900,
    '{"type": "name", "name": ' + "[" * 2000 + "]" * 2000 + "}",
]


@pytest.mark.parametrize("frame", DECODE_ATTACKS, ids=["long-int", "deep-list", "deep-obj", "mix"])
def test_decode_attacks_get_an_error_and_no_traceback(
    client: TestClient, frame: str, caplog: pytest.LogCaptureFixture
) -> None:
    made = create(client, game="pebbles", seats=HUMAN_AND_BOT)
    p = Player(client, made["id"], made["seats"][0]["token"])
    p.wait(lambda m: m["type"] == "snapshot")
    with caplog.at_level(logging.WARNING):
        p.send(frame[:8000])
        msg = p.error()
        assert msg["code"] in ("bad_json", "bad_message"), msg
        p.send({"type": "ping"})
        p.wait(lambda m: m["type"] == "pong")  # the socket is still open
    assert not [r for r in caplog.records if r.exc_info], "a traceback was logged"


def test_rest_decode_attacks_get_400(client: TestClient) -> None:
    for body in ('{"game": "pebbles", "seed": ' + "9" * 5000 + "}", "[" * 5000 + "]" * 5000):
        r = client.post(
            "/api/tables", content=body.encode(), headers={"content-type": "application/json"}
        )
        assert r.status_code in (400, 413), r.text
        assert "Traceback" not in r.text


# ----- 6. Host and Origin -----------------------------------------------------------------
def test_unknown_hosts_are_refused_and_links_use_the_public_url(app_with: Any) -> None:
    client = app_with()
    assert client.get("/healthz", headers={"host": "evil.example"}).status_code == 400
    made = create(client, game="pebbles", seats=HUMAN_AND_BOT)
    assert made["seats"][0]["url"].startswith("http://testserver/t/")
    public = app_with(public_url="https://play.example.org")
    made = create(public, game="pebbles", seats=HUMAN_AND_BOT)
    assert made["seats"][0]["url"].startswith("https://play.example.org/t/")
    assert made["spectate_url"] == f"https://play.example.org/t/{made['id']}"


def test_websockets_from_other_origins_are_refused(app_with: Any) -> None:
    client = app_with(allowed_origins=("https://friend.example",))
    made = create(client, game="pebbles", seats=HUMAN_AND_BOT)
    url = f"/ws/{made['id']}"
    evil = {"origin": "https://evil.example"}
    with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect(url, headers=evil):
        pass
    assert refused.value.code == 4403
    for origin in ("http://testserver", "https://friend.example"):
        with client.websocket_connect(url, headers={"origin": origin}) as ws:
            ws.send_text(json.dumps({"type": "hello"}))
            assert json.loads(ws.receive_text())["type"] == "snapshot"


# ----- 7. connection caps, coalesced presence, rate limits ---------------------------------
def test_sockets_are_capped_per_table_and_per_client(app_with: Any) -> None:
    client = app_with(max_sockets_per_table=3, max_sockets_per_client=5)
    made = create(client, game="pebbles", seats=HUMAN_AND_BOT)
    other = create(client, game="pebbles", seats=HUMAN_AND_BOT)
    watchers = [Player(client, made["id"]) for _ in range(3)]
    for w in watchers:
        w.wait(lambda m: m["type"] == "snapshot")
    extra = Player(client, made["id"])
    msg = extra.recv()
    assert msg["code"] == "too_many_sockets" and "this table" in msg["message"]
    more = [Player(client, other["id"]) for _ in range(2)]
    for w in more:
        w.wait(lambda m: m["type"] == "snapshot")
    sixth = Player(client, other["id"])
    msg = sixth.recv()
    assert msg["code"] == "too_many_sockets" and "your address" in msg["message"]


def test_presence_changes_are_coalesced(app_with: Any) -> None:
    client = app_with(presence_delay=0.3)
    made = create(client, game="pebbles", seats=HUMAN_AND_BOT)
    p = Player(client, made["id"], made["seats"][0]["token"])
    p.wait(lambda m: m["type"] == "snapshot")
    time.sleep(0.5)
    before = len(p.messages)
    watchers = [Player(client, made["id"]) for _ in range(20)]
    for w in watchers:
        w.wait(lambda m: m["type"] == "snapshot")
    for w in watchers:
        w.close()
    time.sleep(0.8)
    p.send({"type": "ping"})
    p.wait(lambda m: m["type"] == "pong")
    updates = [m for m in p.messages[before:] if m["type"] == "update"]
    assert len(updates) <= 2  # not one per socket that came and went


def test_messages_hints_and_requests_are_rate_limited(app_with: Any) -> None:
    client = app_with(
        messages_per_second=5,
        message_burst=5,
        hints_per_second=0.5,
        hint_burst=1,
        requests_per_second=2,
        request_burst=4,
    )
    made = create(client, game="pebbles-coach", seats=HUMAN_AND_BOT)
    p = Player(client, made["id"], made["seats"][0]["token"])
    p.wait(lambda m: m["type"] == "snapshot")
    for _ in range(30):
        p.send({"type": "ping"})
    time.sleep(0.5)
    got: list[dict[str, Any]] = []
    while True:
        try:
            got.append(p.recv(timeout=0.5))
        except TimeoutError:
            break
    pongs = [m for m in got if m["type"] == "pong"]
    limited = [m for m in got if m["type"] == "error" and m["code"] == "rate_limited"]
    assert len(pongs) < 12 and len(limited) == 1  # one warning, not one per message
    time.sleep(1.2)
    p.send({"type": "ping"})
    p.wait(lambda m: m["type"] == "pong")  # allowed again after a pause
    codes = [client.get("/api/tables").status_code for _ in range(10)]
    assert 429 in codes and codes[0] == 200
    r = next(r for r in (client.get("/api/tables") for _ in range(3)) if r.status_code == 429)
    assert "too many requests" in r.json()["error"] and int(r.headers["retry-after"]) >= 1


# ----- 8. names ---------------------------------------------------------------------------
SPOOFS = ["Ada\x00", "Ada\u202e", "Ad\u200ba", "Bot (random)\u2066", "x" * 41, "\u200b"]


@pytest.mark.parametrize("name", SPOOFS, ids=["nul", "bidi", "zwsp", "isolate", "long", "empty"])
def test_spoofing_names_are_refused(client: TestClient, name: str) -> None:
    r = client.post("/api/tables", json={"game": "pebbles", "seats": [{"name": name}, {}]})
    assert r.status_code == 400, r.text
    made = create(client, game="pebbles", seats=[{}, {}])
    r = client.post(f"/api/tables/{made['id']}/join", json={"name": name})
    assert r.status_code == 400
    p = Player(client, made["id"], made["seats"][0]["token"])
    p.wait(lambda m: m["type"] == "snapshot")
    p.send({"type": "name", "name": name})
    assert p.error()["code"] == "bad_message"


def names_round_trip(client: TestClient) -> None:
    made = create(client, game="pebbles", seats=[{"name": "Zoe\u0308 "}, {}])  # e + combining
    table = client.get(f"/api/tables/{made['id']}").json()
    assert table["seats"][0]["name"] == "Zo\u00eb"  # NFC, trimmed
    r = client.post(f"/api/tables/{made['id']}/join", json={"name": "Ada\x00"})
    assert r.status_code == 400


def test_names_are_normalised(client: TestClient) -> None:
    names_round_trip(client)


@pytest.mark.postgres
def test_names_are_normalised_on_postgresql(postgres_url: str) -> None:
    with TestClient(make_app(postgres_url)) as client:
        try:
            names_round_trip(client)
        finally:
            close_all()


def test_a_flooding_client_is_disconnected_and_cooled_down(app_with: Any) -> None:
    client = app_with(messages_per_second=5, message_burst=5)
    made = create(client, game="pebbles", seats=HUMAN_AND_BOT)
    p = Player(client, made["id"])
    p.wait(lambda m: m["type"] == "snapshot")
    for _ in range(400):  # bounded flood: far over the limit
        p.send({"type": "ping"})
    with pytest.raises(WebSocketDisconnect) as closed:
        while True:
            p.recv()
    assert closed.value.code == 4429
    assert any(m.get("code") == "rate_limited" for m in p.messages)
    with pytest.raises(WebSocketDisconnect) as refused:  # refused for a while, at once
        Player(client, made["id"]).recv()
    assert refused.value.code == 4429
    assert client.get("/healthz").status_code == 200


def test_a_table_whose_pack_is_removed_waits_for_it(tmp_path: Path) -> None:
    packs = tmp_path / "packs"
    (packs / "sleep-tight").mkdir(parents=True)
    shutil.copy(DEFAULT_CONTENT, packs / "sleep-tight" / "house.json")
    url = f"sqlite:///{tmp_path / 'packs.db'}"
    with TestClient(make_app(url, content_dir=str(packs))) as client:
        made = create(
            client, game="sleep-tight", players=2, seats=[{}, {}], options={"content": "house"}
        )
        assert made["status"] == "open"
    with TestClient(make_app(url)) as client:  # the operator removed the pack
        assert client.get(f"/api/tables/{made['id']}").status_code == 404
    with TestClient(make_app(url, content_dir=str(packs))) as client:  # and put it back
        table = client.get(f"/api/tables/{made['id']}").json()
        assert table["status"] == "open" and table["options"]["content"] == "house"
