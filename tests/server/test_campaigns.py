"""Campaigns at the web table: start one, continue it (a table per session, the snapshot
in its options), a finished session saves the next snapshot, secret links, and the same
saves as ``oneiros campaign`` at the terminal."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

import oneiros
from oneiros.campaign_store import CampaignStore
from tests.cli.helpers import oneiros as run_cli

BOTS = [{"kind": "bot", "agent": "heuristic"}, {"kind": "bot", "agent": "heuristic"}]


def new_campaign(client: TestClient, name: str = "night", **extra: Any) -> dict[str, Any]:
    r = client.post(
        "/api/campaigns", json={"game": "etherfields", "name": name, "players": 2, **extra}
    )
    assert r.status_code == 201, r.text
    return r.json()


def wait_for_snapshot(client: TestClient, token: str, snapshot: int) -> dict[str, Any]:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        seen = client.get(f"/api/campaigns/{token}").json()
        if seen["snapshot"] >= snapshot and seen["playing"] is None:
            return seen
        time.sleep(0.2)
    raise AssertionError(f"the campaign never reached snapshot {snapshot}: {seen}")


def test_games_with_campaigns_are_offered(client: TestClient) -> None:
    offered = client.get("/api/campaign-games").json()
    assert [g["name"] for g in offered] == ["etherfields"]


def test_a_new_campaign_gives_a_secret_link_and_shows_where_it_stands(
    client: TestClient,
) -> None:
    made = new_campaign(client)
    assert made["url"].endswith(f"/#campaign={made['token']}")
    assert len(made["token"]) >= 30
    seen = client.get(f"/api/campaigns/{made['token']}").json()
    assert seen["name"] == "night" and seen["game"] == "etherfields"
    assert seen["snapshot"] == 0 and seen["playing"] is None and seen["sessions"] == []
    assert seen["summary"]["next"] == "dream:OD-01X"
    assert "Dreamworld map" in seen["describe"]["sections"]


def test_continue_opens_the_table_of_the_next_session(client: TestClient) -> None:
    made = new_campaign(client, name="evening")
    r = client.post(f"/api/campaigns/{made['token']}/continue", json={"name": "Ana"})
    assert r.status_code == 200, r.text
    opened = r.json()
    assert opened["session"] == 1 and opened["label"] == "dream:OD-01X"
    assert "#token=" in opened["url"] and not opened["resumed"]
    table = client.get(f"/api/tables/{opened['table']}").json()
    assert table["game"] == "etherfields"
    assert table["seats"][0]["name"] == "Ana" and table["seats"][1]["kind"] == "bot"
    # continuing again while the session is played returns the same table and seat
    again = client.post(f"/api/campaigns/{made['token']}/continue", json={}).json()
    assert again["table"] == opened["table"] and again["url"] == opened["url"]
    assert again["resumed"]
    seen = client.get(f"/api/campaigns/{made['token']}").json()
    assert seen["playing"]["table"] == opened["table"]
    assert opened["invites"] == []  # you against a bot


def test_a_friend_gets_an_invite_link_to_the_session(client: TestClient) -> None:
    made = new_campaign(client, name="two")
    friends = [{"kind": "human", "name": "Ana"}, {"kind": "human"}]
    opened = client.post(f"/api/campaigns/{made['token']}/continue", json={"seats": friends})
    assert opened.status_code == 200, opened.text
    invites = opened.json()["invites"]
    assert [i["seat"] for i in invites] == [1]
    token = invites[0]["url"].split("#token=")[1]
    joined = client.post(f"/api/tables/{opened.json()['table']}/join", json={"token": token})
    assert joined.status_code == 200 and joined.json()["seat"] == 1


def test_a_finished_session_stores_the_next_snapshot_that_the_terminal_sees(
    client: TestClient, db_url: str, tmp_path: Any
) -> None:
    made = new_campaign(client)
    token = made["token"]
    opened = client.post(f"/api/campaigns/{token}/continue", json={"seats": BOTS}).json()
    seen = wait_for_snapshot(client, token, 1)
    assert seen["sessions"] == [{"n": 1, "status": "done", "table": opened["table"]}]
    assert seen["summary"]["next"] != "dream:OD-01X"  # the Dream is behind the Dreamers
    table = client.get(f"/api/tables/{opened['table']}").json()
    assert table["status"] == "finished"
    # the saves are the terminal's: same store, same snapshot, a record that replays alone
    store = CampaignStore(db_url)
    game, head, doc = store.head("night")
    assert game == "etherfields" and head == 1 and doc["snapshot"] == 1
    record = store.sessions("night")[0]["record"]
    assert oneiros.replay(record).is_terminal()
    store.dispose()
    listed = run_cli(tmp_path, "campaign", "list", "--db", db_url)
    assert listed.returncode == 0, listed.stderr
    assert "night" in listed.stdout
    # the next session starts from that snapshot
    nxt = client.post(f"/api/campaigns/{token}/continue", json={"seats": BOTS}).json()
    assert nxt["session"] == 2 and nxt["label"] == seen["summary"]["next"]


def test_a_session_played_in_the_browser_is_not_resumed_at_the_terminal(
    client: TestClient, db_url: str, tmp_path: Any
) -> None:
    made = new_campaign(client)
    client.post(f"/api/campaigns/{made['token']}/continue", json={})
    shown = run_cli(
        tmp_path,
        "campaign",
        "continue",
        "night",
        "--seats",
        "heuristic,heuristic",
        "--db",
        db_url,
    )
    assert shown.returncode != 0
    assert "being played at a web table" in shown.stdout + shown.stderr
    assert "Traceback" not in shown.stdout + shown.stderr


@pytest.mark.parametrize("token", ["nope", "x" * 40, "night", "y" * 200])
def test_bad_links_are_refused(client: TestClient, token: str) -> None:
    new_campaign(client)
    for r in (
        client.get(f"/api/campaigns/{token}"),
        client.post(f"/api/campaigns/{token}/continue", json={}),
    ):
        assert r.status_code == 404, r.text
        assert r.json() == {"error": "no campaign for this link (check that it was copied whole)"}


def test_clear_errors(client: TestClient) -> None:
    new_campaign(client)
    cases = [
        ({"game": "etherfields", "name": "night", "players": 2}, "already exists"),
        ({"game": "pebbles", "name": "p", "players": 2}, "pebbles has no campaigns"),
        ({"game": "etherfields", "name": "", "players": 2}, "name"),
        ({"game": "etherfields", "name": "x" * 61, "players": 2}, "name"),
        ({"game": "etherfields", "name": "z", "players": 9}, "1 to 4 Dreamers, not 9"),
        (
            {"game": "etherfields", "name": "z", "options": {"scenario": "OD-02"}},
            "scenario is set by the campaign itself",
        ),
        ({"game": "etherfields", "name": "z", "seed": 1}, "seed"),
    ]
    for body, needle in cases:
        r = client.post("/api/campaigns", json=body)
        assert r.status_code in (400, 404), r.text
        assert needle in r.json()["error"], (body, r.json())
    huge = client.post(
        "/api/campaigns",
        content=b"{" + b" " * 70_000 + b"}",
        headers={"content-type": "application/json"},
    )
    assert huge.status_code == 413
    made = new_campaign(client, name="solo")
    bad = client.post(
        f"/api/campaigns/{made['token']}/continue",
        json={"seats": [{"kind": "bot", "agent": "nosuchbot"}, {"kind": "human"}]},
    )
    assert bad.status_code == 400 and "nosuchbot" in bad.json()["error"]


def test_a_session_that_ended_unseen_is_saved_when_the_campaign_is_read(
    db_url: str,
) -> None:
    """A table finished where the hook did not run (another process, a restart) is
    settled, once, the first time its campaign is read."""
    from .helpers import close_all, make_app

    with TestClient(make_app(db_url)) as other:
        other.app.state.hub.on_finished.clear()  # type: ignore[attr-defined]
        made = new_campaign(other, name="unseen")
        opened = other.post(f"/api/campaigns/{made['token']}/continue", json={"seats": BOTS})
        table = opened.json()["table"]
        deadline = time.monotonic() + 120
        while other.get(f"/api/tables/{table}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the bots' table never finished"
            time.sleep(0.2)
    close_all()
    store = CampaignStore(db_url)
    assert store.playing("unseen") is not None  # nobody stored the next snapshot yet
    store.dispose()
    with TestClient(make_app(db_url)) as server:
        seen = server.get(f"/api/campaigns/{made['token']}").json()
        assert seen["snapshot"] == 1 and seen["playing"] is None
        assert seen["sessions"] == [{"n": 1, "status": "done", "table": table}]
        assert server.get(f"/api/campaigns/{made['token']}").json()["snapshot"] == 1
    close_all()


def test_starting_campaigns_counts_like_creating_tables(db_url: str) -> None:
    from .helpers import close_all, make_app

    with TestClient(make_app(db_url, tables_per_minute=1)) as slow:
        new_campaign(slow, name="first")
        r = slow.post("/api/campaigns", json={"game": "etherfields", "name": "second"})
        assert r.status_code == 429 and "too many requests" in r.json()["error"]
    close_all()


def test_a_whole_original_campaign_plays_to_its_end_at_web_tables(
    client: TestClient, db_url: str
) -> None:
    """The original campaign, session after session at web tables (the Dreamworld map, the
    two Dreams, the Slumbers met on the way), each session's end saved as the next snapshot,
    until the campaign is over; every stored session's record replays alone."""
    token = new_campaign(client, name="whole")["token"]
    labels: list[str] = []
    seen: dict[str, Any] = {}
    for n in range(1, 41):
        opened = client.post(f"/api/campaigns/{token}/continue", json={"seats": BOTS})
        assert opened.status_code in (200, 201), opened.text
        labels.append(opened.json()["label"])
        seen = wait_for_snapshot(client, token, n)
        if seen["finished"]:
            break
    assert seen["finished"] and seen["summary"]["next"] == "over", labels
    assert {"dream:OD-01X", "dream:OD-02X"} <= set(labels), labels
    assert any(label.startswith("dreamworld") for label in labels), labels
    assert all(s["status"] == "done" for s in seen["sessions"])
    store = CampaignStore(db_url)
    try:
        for session in store.sessions("whole"):
            assert oneiros.replay(session["record"]).is_terminal()
    finally:
        store.dispose()
