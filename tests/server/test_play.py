"""A whole game over the WebSocket: lobby, seats, bots, events, the end and the record."""

from __future__ import annotations

import io
import threading
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import oneiros
from oneiros.cli.main import main

from .helpers import Player, create, play_until


def test_two_humans_two_bots_play_to_the_end(
    client: TestClient,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    made = create(
        client,
        game="pebbles4",
        seed=11,
        seats=[
            {"kind": "human", "name": "Ada"},
            {"kind": "bot", "agent": "random"},
            {"kind": "human"},
            {"kind": "bot", "agent": "random"},
        ],
    )
    assert made["status"] == "open"
    tokens = [s["token"] for s in made["seats"]]
    assert tokens[1] is None and tokens[3] is None and tokens[0] and tokens[2]
    assert made["seats"][0]["url"].endswith(f"/t/{made['id']}#token={tokens[0]}")

    ada = Player(client, made["id"], tokens[0])
    snap = ada.wait(lambda m: m["type"] == "snapshot")
    assert snap["seat"] == 0 and snap["status"] == "open" and snap["legal"] == []
    listed = client.get("/api/tables", params={"status": "open"}).json()
    assert made["id"] in [t["id"] for t in listed]

    bob = Player(client, made["id"], tokens[2], name="Bob")
    bob.send({"type": "name", "name": "  Bob   the  Builder "})
    ada.wait(lambda m: m["type"] == "update" and m["seats"][2]["name"] == "Bob the Builder")
    bob.send({"type": "name", "name": "Bob"})
    ada.wait(lambda m: m["type"] == "update" and m["seats"][2]["name"] == "Bob")
    play_until([ada, bob])

    final = ada.view
    assert final["status"] == "finished"
    assert len(final["scores"]) == 4 and final["winners"]
    assert bob.view["scores"] == final["scores"]
    names = [s["name"] for s in final["seats"]]
    assert names[0] == "Ada" and names[2] == "Bob" and "random" in names[1]
    # every event carries its rule reference; the log ends with the game over
    assert ada.events[-1]["kind"] == "game_over"
    assert all(e["rule"].startswith("pebbles ") for e in ada.events)

    # the record replays to the same result, and is offered for download
    r = client.get(f"/api/tables/{made['id']}/record")
    assert r.status_code == 200
    assert "attachment" in r.headers["content-disposition"]
    state = oneiros.replay(r.json())
    assert state.is_terminal() and state.scores() == final["scores"]
    summary = client.get(f"/api/tables/{made['id']}").json()
    assert summary["status"] == "finished" and summary["scores"] == final["scores"]
    path = tmp_path / "record.json"
    path.write_bytes(r.content)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    main(["replay", str(path), "--end"])  # `oneiros replay FILE` loads it
    assert "Game over" in capsys.readouterr().out
    step = client.get(f"/api/tables/{made['id']}/replay/3").json()
    assert step["step"] == 3 and step["steps"] == len(r.json()["actions"])
    ada.close()
    bob.close()


def test_a_table_of_bots_plays_itself_and_spectators_watch(client: TestClient) -> None:
    made = create(
        client,
        game="pebbles",
        seed=5,
        seats=[{"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "random"}],
    )
    assert made["status"] == "running"
    watcher = Player(client, made["id"])
    watcher.wait(lambda m: m["type"] in ("snapshot", "update") and m["status"] == "finished")
    assert watcher.view["seat"] is None and watcher.view["legal"] == []
    assert watcher.events[-1]["kind"] == "game_over"
    watcher.close()


def test_lobby_join_takes_the_first_free_public_seat_with_a_fresh_token(
    client: TestClient,
) -> None:
    made = create(client, game="pebbles", seats=[{"kind": "human"}, {"kind": "human"}])
    # the creator holds seat 0 from creation: joining gives only the other seat
    r = client.post(f"/api/tables/{made['id']}/join", json={"name": "Cleo"})
    assert r.status_code == 200, r.text
    joined = r.json()
    assert joined["seat"] == 1 and joined["token"] != made["seats"][1]["token"]
    # the unused invite link for that seat no longer works; the creator's still does
    stale = client.post(f"/api/tables/{made['id']}/join", json={"token": made["seats"][1]["token"]})
    assert stale.status_code == 403
    mine = client.post(f"/api/tables/{made['id']}/join", json={"token": made["seats"][0]["token"]})
    assert mine.status_code == 200 and mine.json()["seat"] == 0
    full = client.post(f"/api/tables/{made['id']}/join", json={"name": "Eve"})
    assert full.status_code == 409 and "no free seat" in full.json()["error"]
    assert client.get(f"/api/tables/{made['id']}").json()["status"] == "running"


def test_reconnecting_resumes_exactly_where_the_seat_was(client: TestClient) -> None:
    made = create(
        client,
        game="pebbles",
        seed=3,
        seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}],
    )
    token = made["seats"][0]["token"]
    p = Player(client, made["id"], token)
    play_until([p], stop=lambda ps: ps[0].view["n"] >= 6 and ps[0].deciding)
    before = p.view
    events_before = p.events
    p.close()
    again = Player(client, made["id"], token)
    snap = again.wait(lambda m: m["type"] == "snapshot")
    for key in ("n", "observation", "decision", "decision_id", "legal", "to_move"):
        assert snap[key] == before[key], key
    assert again.events == events_before
    play_until([again])
    again.close()


def test_rest_api_is_described_and_healthy(client: TestClient) -> None:
    assert client.get("/healthz").json()["status"] == "ok"
    spec = client.get("/openapi.json").json()
    for path in ("/api/tables", "/api/tables/{table_id}/join", "/api/tables/{table_id}/record"):
        assert path in spec["paths"]
    names = [g["name"] for g in client.get("/api/games").json()]
    assert "pebbles" in names
    assert "random" in [a["name"] for a in client.get("/api/agents").json()]
    page = client.get("/")
    assert page.status_code == 200 and "<html" in page.text.lower()
    # the pages run only this server's scripts and never leak an invite token in a Referer
    table_page = client.get("/t/anything")
    assert "script-src" not in table_page.headers["content-security-policy"]
    assert "default-src 'self'" in table_page.headers["content-security-policy"]
    assert table_page.headers["referrer-policy"] == "no-referrer"
    for asset in ("/static/js/table.js", "/static/js/views/lucidity.js", "/static/app.css"):
        assert client.get(asset).status_code == 200, asset


def test_hint_and_analysis_panel_for_the_deciding_seat(client: TestClient) -> None:
    made = create(
        client,
        game="pebbles-coach",
        seed=3,
        seats=[{"kind": "human"}, {"kind": "bot", "agent": "heuristic"}],
    )
    p = Player(client, made["id"], made["seats"][0]["token"])
    plain = Player(client, made["id"], made["seats"][0]["token"], panels=False)
    watcher = Player(client, made["id"])
    p.wait(lambda m: m["type"] in ("snapshot", "update") and p.deciding and m["to_move"] == [0])
    assert p.view["hints"] is True
    p.act("bet:odd")
    # on its turn the seat gets its panel (computed off the event loop) and may ask a hint
    panel = p.wait(lambda m: m["type"] == "insights")
    assert panel["insights"]["risk"]["eaten"] == pytest.approx(1 / 6)
    assert panel["n"] == p.view["n"] and p.view["decision"]["kind"] == "turn"
    p.send({"type": "hint"})
    hint = p.wait(lambda m: m["type"] == "hint")
    assert hint["action"] == "roll" and hint["decision_id"] == p.view["decision_id"]
    p.send({"type": "sync"})
    assert p.wait(lambda m: m["type"] == "snapshot")["insights"]["risk"]["pot"] == 0
    # spectators get neither panels nor hints
    watcher.send({"type": "hint"})
    assert watcher.error()["code"] == "spectator"
    assert all(m.get("insights", {}) == {} for m in watcher.messages if m["type"] != "error")
    assert not any(m["type"] == "insights" for m in watcher.messages)
    # a client that does not show panels (a script, a bot) does not get them computed
    plain.send({"type": "sync"})
    assert plain.wait(lambda m: m["type"] == "snapshot")["insights"] == {}
    assert not any(m["type"] == "insights" for m in plain.messages)


def test_a_slow_bot_never_stalls_other_games(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from oneiros.agents import base

    release = threading.Event()
    thinking = threading.Event()

    class Sleepy(base.RandomAgent):
        name = "sleepy"

        def act(self, state: oneiros.State, player: int) -> oneiros.Action:
            thinking.set()
            release.wait(60)  # thinks until the test lets it go
            return super().act(state, player)

    monkeypatch.setitem(base._AGENTS, "sleepy", base.AgentInfo("sleepy", "slow", Sleepy))
    try:
        slow = create(
            client,
            game="pebbles",
            seed=1,
            seats=[{"kind": "human"}, {"kind": "bot", "agent": "sleepy"}],
        )
        waiting = Player(client, slow["id"], slow["seats"][0]["token"])
        assert thinking.wait(30), "the sleepy bot never started thinking"
        stalled = client.get(f"/api/tables/{slow['id']}").json()["actions"]
        # while that bot thinks, another table plays a whole game
        fast = create(
            client,
            game="pebbles",
            seed=2,
            seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}],
        )
        other = Player(client, fast["id"], fast["seats"][0]["token"])
        play_until([other])
        assert other.view["status"] == "finished"
        assert (
            client.get(f"/api/tables/{slow['id']}").json()["actions"] == stalled
        )  # still thinking
        release.set()
        play_until([waiting])
        assert waiting.view["status"] == "finished"
    finally:
        release.set()  # never leave a bot thread waiting
