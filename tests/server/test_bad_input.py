"""Bad input of any kind gets a clear error on that socket (or HTTP answer) and changes
nothing; the server keeps playing afterwards."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

from .helpers import Player, create, play_until

HUMAN_AND_BOT = [{"kind": "human"}, {"kind": "bot", "agent": "random"}]


def started(client: TestClient, seed: int = 1) -> tuple[dict[str, Any], Player]:
    made = create(client, game="pebbles", seed=seed, seats=HUMAN_AND_BOT)
    p = Player(client, made["id"], made["seats"][0]["token"])
    # the bot bets first; then only the human is left to decide
    p.wait(lambda m: m["type"] in ("snapshot", "update") and p.deciding and m["to_move"] == [0])
    return made, p


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "chess"}, ["unknown game 'chess'", "pebbles"]),
        ({"game": "pebbles", "players": 9}, ["players"]),
        ({"game": "pebbles", "ruleset": "advanced"}, ["rule set 'advanced'", "basic"]),
        ({"game": "pebbles", "options": {"colour": "red"}}, ["unknown option 'colour'"]),
        ({"game": "pebbles", "options": {"long": "maybe"}}, ["'long'", "true or false"]),
        (
            {"game": "pebbles", "seats": [{"kind": "bot", "agent": "oracle"}, {}]},
            ["unknown agent 'oracle'"],
        ),
        (
            {"game": "pebbles", "seats": [{"kind": "bot", "agent": "heuristic"}, {}]},
            ["no heuristic bot"],
        ),
        ({"game": "pebbles", "players": 3, "seats": [{}, {}]}, ["2 seats", "3-player"]),
        ({"game": "pebbles", "seats": [{"kind": "alien"}, {}]}, ["kind"]),
        ({"game": "pebbles", "seed": -4}, ["seed"]),
        ({"game": "pebbles", "seat": 3}, ["seat", "extra"]),
        ({}, ["game", "required"]),
    ],
)
def test_bad_table_requests_get_one_line_errors(
    client: TestClient, body: dict[str, Any], words: list[str]
) -> None:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400, r.text
    error = r.json()["error"]
    assert "\n" not in error and "Traceback" not in error
    for word in words:
        assert word.lower() in error.lower(), (word, error)
    assert client.get("/api/tables").json() == []


def test_bad_http_requests(client: TestClient) -> None:
    r = client.post(
        "/api/tables", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert r.status_code == 400 and "not valid JSON" in r.json()["error"]
    r = client.post("/api/tables", content=b"x" * 100_000)
    assert r.status_code == 413
    assert client.get("/api/tables/nope").status_code == 404
    assert "no table 'nope'" in client.get("/api/tables/nope").json()["error"]
    assert client.get("/api/tables", params={"status": "weird"}).status_code == 400
    assert client.get("/api/nothing-here").json() == {"error": "Not Found"}
    assert client.delete("/api/tables").status_code == 405
    made = create(client, game="pebbles", seats=[{"kind": "human"}, {"kind": "human"}])
    r = client.get(f"/api/tables/{made['id']}/record")
    assert r.status_code == 409 and "when the game is over" in r.json()["error"]
    r = client.post(f"/api/tables/{made['id']}/join", json={"token": "guess"})
    assert r.status_code == 403 and "not valid" in r.json()["error"]
    private = create(client, game="pebbles", public=False, seats=[{"kind": "human"}] * 2)
    r = client.post(f"/api/tables/{private['id']}/join", json={"name": "X"})
    assert r.status_code == 403 and "private" in r.json()["error"]
    assert private["id"] not in [t["id"] for t in client.get("/api/tables").json()]


def test_unknown_table_and_wrong_token_are_refused(client: TestClient) -> None:
    p = Player(client, "missing")
    msg = p.recv()
    assert msg["type"] == "error" and msg["code"] == "unknown_table"
    made = create(client, game="pebbles", seats=HUMAN_AND_BOT)
    p = Player(client, made["id"], token="not-a-real-token")
    msg = p.recv()
    assert msg["code"] == "unauthorized" and "not valid" in msg["message"]
    with pytest.raises(WebSocketDisconnect) as closed:
        p.recv()
    assert closed.value.code == 4401
    # the creator's seat is untouched: the real invite link still works
    good = Player(client, made["id"], token=made["seats"][0]["token"])
    assert good.wait(lambda m: m["type"] == "snapshot")["seat"] == 0


def test_messages_before_hello_are_refused(client: TestClient) -> None:
    made = create(client, game="pebbles", seats=HUMAN_AND_BOT)
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_text(json.dumps({"type": "act", "action": "roll"}))
        msg = json.loads(ws.receive_text())
        assert msg["code"] == "hello_first"
        ws.send_text(json.dumps({"type": "hello"}))
        assert json.loads(ws.receive_text())["type"] == "snapshot"


BAD_FRAMES = [
    ("{nope", "bad_json", "not valid JSON"),
    ("[1, 2]", "bad_message", "JSON object"),
    ('"act"', "bad_message", "JSON object"),
    ("{}", "bad_message", '"type"'),
    ('{"type": "dance"}', "bad_message", "unknown message type"),
    ('{"type": "act"}', "bad_message", "action"),
    ('{"type": "act", "action": 7}', "bad_message", "action"),
    ('{"type": "act", "action": "roll", "seat": 1}', "bad_message", "seat"),
    ('{"type": "act", "action": "roll", "decision": "x"}', "bad_message", "decision"),
    ('{"type": "act", "action": "fly"}', "illegal", "'fly' is not legal"),
    ('{"type": "hint"}', "no_hint", "no hints"),
    ('{"type": "name", "name": ""}', "bad_message", "name"),
    ('{"type": "name", "name": "   "}', "bad_message", "visible character"),
    ('{"type": "name", "name": "' + "x" * 41 + '"}', "bad_message", "40"),
    ('{"type": "hello"}', "already", "hello only once"),
    ("x" * 20_000, "too_large", "limit"),
]


@pytest.mark.parametrize(("frame", "code", "words"), BAD_FRAMES)
def test_bad_messages_get_an_error_and_change_nothing(
    client: TestClient, frame: str, code: str, words: str
) -> None:
    _made, p = started(client)
    before = dict(p.view)
    p.send(frame)
    msg = p.error()
    assert msg["code"] == code, msg
    assert words in msg["message"], msg
    p.send({"type": "sync"})
    snap = p.wait(lambda m: m["type"] == "snapshot")
    for key in ("n", "observation", "legal", "decision_id"):
        assert snap[key] == before[key]
    play_until([p])  # and the game goes on to the end
    p.close()


def test_binary_frames_are_refused(client: TestClient) -> None:
    _made, p = started(client)
    p.ws.send_bytes(b"\x00\x01")
    assert p.error()["code"] == "bad_frame"
    p.close()


def test_out_of_turn_stale_and_spectator_actions(client: TestClient) -> None:
    # seed 2: the first roll shows 1, so seat 0 decides again after it
    made = create(client, game="pebbles", seed=2, seats=[{"kind": "human"}, {"kind": "human"}])
    a = Player(client, made["id"], made["seats"][0]["token"])
    a.wait(lambda m: m["type"] == "snapshot")
    a.send({"type": "act", "action": "bet:odd"})
    msg = a.error()
    assert msg["code"] == "not_started" and "every seat" in msg["message"]
    b = Player(client, made["id"], made["seats"][1]["token"])
    # both bet at the same time; then it is seat 0's turn
    for p in (a, b):
        p.wait(lambda m: m["type"] != "error" and m["status"] == "running" and m["legal"] != [])
        p.act("bet:even")
    a.wait(lambda m: m["type"] == "update" and m["decision"] and m["decision"]["kind"] == "turn")
    b.wait(lambda m: m["type"] == "update" and m["n"] == a.view["n"])
    b.send({"type": "act", "action": "roll"})
    msg = b.error()
    assert msg["code"] == "not_your_turn" and "seat 0" in msg["message"]
    old = a.view["decision_id"]
    a.act("roll")
    a.wait(lambda m: m["type"] == "update" and m["n"] > 0 and m["decision_id"] != old)
    # still a's turn (same prompt, same buttons), but answering the old decision is stale
    assert a.view["decision"]["kind"] == "turn" and a.view["observation"]["pot"] == 1
    n = a.view["n"]
    a.act("roll", decision=old)
    msg = a.error()
    assert msg["code"] == "stale" and "earlier decision" in msg["message"]
    assert "nothing was played" in msg["message"]
    a.send({"type": "sync"})
    assert a.wait(lambda m: m["type"] == "snapshot")["n"] == n
    watcher = Player(client, made["id"])
    watcher.wait(lambda m: m["type"] == "snapshot")
    watcher.send({"type": "act", "action": "roll"})
    assert watcher.error()["code"] == "spectator"
    watcher.send({"type": "name", "name": "Eve"})
    assert watcher.error()["code"] == "spectator"
    play_until([a, b])
    a.act("roll", decision=None)
    assert a.error()["code"] == "game_over"
    for p in (a, b, watcher):
        p.close()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
messages = st.one_of(
    st.text(max_size=200),
    json_values.map(json.dumps),
    st.fixed_dictionaries(
        {"type": st.sampled_from(["act", "hello", "hint", "sync", "ping", "x"])},
        optional={"action": json_values, "decision": json_values, "token": json_values},
    ).map(json.dumps),
)


def test_no_message_whatever_crashes_the_server_or_changes_the_game(client: TestClient) -> None:
    _made, p = started(client, seed=9)
    before = dict(p.view)
    legal = {a["id"] for a in before["legal"]}

    @settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(messages)
    def one(text: str) -> None:
        try:
            data = json.loads(text)
        except ValueError:
            data = None
        if (
            isinstance(data, dict)
            and data.get("type") == "act"
            and str(data.get("action")) in legal
        ):
            return  # a legal move is not bad input
        p.send(text)
        p.send({"type": "ping"})
        p.wait(lambda m: m["type"] == "pong")
        assert p.view["n"] == before["n"]

    one()
    p.send({"type": "sync"})
    snap = p.wait(lambda m: m["type"] == "snapshot")
    assert snap["n"] == before["n"] and snap["observation"] == before["observation"]
    assert client.get("/healthz").status_code == 200
    play_until([p])


def test_a_move_the_database_cannot_store_is_refused_and_forgotten(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    _made, p = started(client, seed=3)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    before = dict(p.view)

    def broken(*_args: Any) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(hub.db, "append_batch", broken)
    monkeypatch.setattr(hub.db, "append_actions", broken)
    move = before["legal"][0]["id"]
    p.act(move)
    msg = p.error()
    assert msg["code"] == "storage" and "nothing changed" in msg["message"]
    snap = p.view  # the table as stored was sent again just before the error
    assert p.messages[-2]["type"] == "snapshot"
    assert snap["n"] == before["n"] and snap["observation"] == before["observation"]
    monkeypatch.undo()
    p.act(move, decision=snap["decision_id"])
    p.wait(lambda m: m["type"] == "update" and m["n"] > before["n"])
    play_until([p])
