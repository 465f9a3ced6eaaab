"""Campaigns between the lobby and the terminal: the number of players changed in the
lobby's continue flow (etherfields "Adding a New Dreamer"), "save and leave" during a
session (etherfields "Saving Your Game": inside a Dream a Death, elsewhere the session waits),
and secret links for campaigns started at the terminal (``oneiros campaign link``), each
surface continuing what the other saved."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner, Result

import oneiros
from oneiros.campaign_store import CampaignStore
from oneiros.cli.main import app
from tests.cli.helpers import oneiros as run_cli
from tests.etherfields.campaign_scenarios import campaign

from .helpers import Player, close_all, make_app
from .test_campaigns import new_campaign


def saved(db_url: str, name: str, doc: Any) -> str:
    """A campaign saved as the terminal saves it (the scenario builder's snapshot), and a
    secret link to it."""
    store = CampaignStore(db_url)
    data = doc.model_copy(update={"name": name}).to_json()
    store.create(name, "etherfields", data)
    token = store.new_link(name)
    store.dispose()
    return token


def cli(*args: str, env: dict[str, str] | None = None) -> Result:
    """``oneiros ARGS`` in this process (the commands that do not play)."""
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "200", **(env or {})})


def head(db_url: str, name: str) -> tuple[int, dict[str, Any]]:
    store = CampaignStore(db_url)
    try:
        _game, n, doc = store.head(name)
        return n, doc
    finally:
        store.dispose()


# -- the number of players ("Adding a New Dreamer") --------------------------------------------


def test_a_new_campaign_takes_a_third_dreamer_before_its_first_session(
    client: TestClient, db_url: str
) -> None:
    made = new_campaign(client)
    seen = client.get(f"/api/campaigns/{made['token']}").json()
    assert seen["players"] == {"count": 2, "min": 1, "max": 4, "fixed": None}
    r = client.post(f"/api/campaigns/{made['token']}/continue", json={"name": "Ana", "players": 3})
    assert r.status_code == 200, r.text
    table = client.get(f"/api/tables/{r.json()['table']}").json()
    assert [s["kind"] for s in table["seats"]] == ["human", "bot", "bot"]
    n, doc = head(db_url, "night")
    assert n == 1 and doc["players"] == 3
    assert [h["dreamer"] for h in doc["dreamers"]][:2] == ["dicer", "tinkerer"]
    seen = client.get(f"/api/campaigns/{made['token']}").json()
    assert seen["summary"]["players"] == 3 and seen["playing"]["n"] == 1
    # while the session is played the number is refused, and nothing changes
    busy = client.post(f"/api/campaigns/{made['token']}/continue", json={"players": 2})
    assert busy.status_code == 409 and "in progress" in busy.json()["error"]
    assert head(db_url, "night")[0] == 1
    # the newcomer entered the First Dream with the others: a save there (a Death) gives
    # each of the three back what they held at its Gate
    assert client.post(f"/api/campaigns/{made['token']}/save").json()["ended"]
    n, doc = head(db_url, "night")
    assert n == 2 and doc["progress"]["deaths"] == 1 and len(doc["dreamers"]) == 3
    assert [len(h["deck"]) for h in doc["dreamers"]] == [22, 22, 22]


def test_after_a_save_one_dreamer_sits_out_and_comes_back(client: TestClient, db_url: str) -> None:
    between = campaign(2, nxt="dreamworld", phase="setup").model_copy(update={"snapshot": 4})
    token = saved(db_url, "evenings", between)
    r = client.post(f"/api/campaigns/{token}/continue", json={"players": 1})
    assert r.status_code == 200, r.text
    assert len(client.get(f"/api/tables/{r.json()['table']}").json()["seats"]) == 1
    _n, doc = head(db_url, "evenings")
    assert doc["players"] == 1 and [h["dreamer"] for h in doc["benched"]] == ["tinkerer"]
    shown = client.get(f"/api/campaigns/{token}").json()
    assert "-: tinkerer" in [row[0] for row in shown["describe"]["sections"]["Dreamers"]]


def test_the_player_count_is_refused_during_an_evening_with_the_rules_reason(
    client: TestClient, db_url: str
) -> None:
    mid = campaign(2, nxt="dream:OD-02X").model_copy(update={"snapshot": 3})
    token = saved(db_url, "midway", mid)
    seen = client.get(f"/api/campaigns/{token}").json()
    assert "between evenings" in seen["players"]["fixed"]
    for players, status, needle in [
        (3, 409, "changes only between evenings: play on until the team saves"),
        (5, 400, "from 1 to 4 players, not 5"),
        (0, 400, "players"),
    ]:
        r = client.post(f"/api/campaigns/{token}/continue", json={"players": players})
        assert r.status_code == status and needle in r.json()["error"], r.text
    # nothing was stored: no snapshot, no session
    assert head(db_url, "midway")[0] == 0
    assert client.get(f"/api/campaigns/{token}").json()["sessions"] == []
    # the same number is no change: the session starts
    same = client.post(f"/api/campaigns/{token}/continue", json={"players": 2})
    assert same.status_code == 200 and same.json()["label"] == "dream:OD-02X"


# -- save and leave ("Saving Your Game") -------------------------------------------------------


def test_saving_inside_a_dream_at_the_web_table_is_a_death(client: TestClient, db_url: str) -> None:
    made = new_campaign(client)
    token = made["token"]
    opened = client.post(f"/api/campaigns/{token}/continue", json={"name": "Ana"}).json()
    seat_token = opened["url"].split("#token=")[1]
    ana = Player(client, opened["table"], seat_token)
    ana.wait(lambda m: m.get("decision_id") is not None)  # the Dreamer's Entrance
    seen = client.get(f"/api/campaigns/{token}").json()
    assert seen["playing"]["save"]["ends"] and "Death" in seen["playing"]["save"]["note"]

    r = client.post(f"/api/campaigns/{token}/save")
    assert r.status_code == 200, r.text
    assert r.json() == {
        "ended": True,
        "session": 1,
        "snapshot": 1,
        "note": seen["playing"]["save"]["note"],
    }
    # the table is closed: its players see it over and no move is accepted
    closed = ana.wait(lambda m: m.get("status") == "finished")
    assert closed["end_reason"] is None and closed["legal"] == []
    ana.act("anything", decision=None)
    assert ana.error()["code"] == "game_over"
    ana.close()
    assert client.get(f"/api/tables/{opened['table']}").json()["status"] == "finished"
    # the Death snapshot: the team Awakens, the Gate is kept; the record replays as it stood
    _n, doc = head(db_url, "night")
    assert doc["progress"]["deaths"] == 1 and doc["phase"] == "awaken"
    assert "OD-01X" in doc["gates"]
    store = CampaignStore(db_url)
    record = store.sessions("night")[0]["record"]
    store.dispose()
    assert not oneiros.replay(record).is_terminal() and record["web"]["table"] == opened["table"]
    seen = client.get(f"/api/campaigns/{token}").json()
    assert seen["playing"] is None
    assert seen["sessions"] == [{"n": 1, "status": "done", "table": opened["table"]}]
    # saving again has nothing to save; the lobby continues from the Death snapshot
    again = client.post(f"/api/campaigns/{token}/save")
    assert again.status_code == 409 and "no session" in again.json()["error"]
    nxt = client.post(f"/api/campaigns/{token}/continue", json={}).json()
    assert nxt["session"] == 2 and nxt["label"] == seen["summary"]["next"]


@pytest.mark.postgres
def test_saving_inside_a_dream_closes_the_table_on_postgresql(postgres_url: str) -> None:
    with TestClient(make_app(postgres_url)) as client:
        try:
            name = f"pg {secrets.token_hex(4)}"
            made = new_campaign(client, name=name)
            opened = client.post(f"/api/campaigns/{made['token']}/continue", json={}).json()
            ana = Player(client, opened["table"], opened["url"].split("#token=")[1])
            ana.wait(lambda m: m.get("decision_id") is not None)
            saved_now = client.post(f"/api/campaigns/{made['token']}/save")
            assert saved_now.status_code == 200 and saved_now.json()["ended"], saved_now.text
            ana.wait(lambda m: m.get("status") == "finished")
            assert client.get(f"/api/tables/{opened['table']}").json()["status"] == "finished"
            n, doc = head(postgres_url, name)
            assert n == 1 and doc["progress"]["deaths"] == 1
        finally:
            close_all()


@pytest.mark.parametrize(
    ("where", "needle"),
    [
        ({"location": "lamp-row"}, "Save the campaign and stop for tonight"),
        ({"location": "mist-ford", "nxt": "slumber"}, "cannot be saved inside"),
    ],
    ids=["dreamworld", "slumber"],
)
def test_a_leg_or_a_journey_is_kept_as_it_is_and_resumed(
    client: TestClient, db_url: str, where: dict[str, str], needle: str
) -> None:
    token = saved(db_url, "kept", campaign(1, **where))
    opened = client.post(f"/api/campaigns/{token}/continue", json={}).json()
    seen = client.get(f"/api/campaigns/{token}").json()
    assert not seen["playing"]["save"]["ends"] and needle in seen["playing"]["save"]["note"]
    r = client.post(f"/api/campaigns/{token}/save")
    assert r.status_code == 200, r.text
    assert r.json() == {"ended": False, "session": 1, "note": seen["playing"]["save"]["note"]}
    assert client.get(f"/api/tables/{opened['table']}").json()["status"] == "running"
    back = client.post(f"/api/campaigns/{token}/continue", json={}).json()
    assert back["resumed"] and back["table"] == opened["table"]
    assert head(db_url, "kept")[0] == 0


def test_a_session_at_the_terminal_is_saved_there(
    client: TestClient, db_url: str, tmp_path: Path
) -> None:
    made = new_campaign(client, name="solo", players=1)
    quit_ = run_cli(
        tmp_path, "campaign", "continue", "solo", "--seats", "human", "--db", db_url,
        answers=["quit"],
    )  # fmt: skip
    assert quit_.returncode == 0, quit_.stderr
    r = client.post(f"/api/campaigns/{made['token']}/save")
    assert r.status_code == 409
    assert "at a terminal: save it there (oneiros campaign continue solo)" in r.json()["error"]


# -- both surfaces, one campaign ----------------------------------------------------------------


def test_a_terminal_campaign_gets_a_web_link_and_each_side_continues_the_other(
    client: TestClient, db_url: str, tmp_path: Path
) -> None:
    made = cli("campaign", "new", "etherfields", "--name", "Ada's night", "--db", db_url)
    assert made.exit_code == 0, made.output
    assert f"`oneiros serve --db {db_url}`" in made.output  # how to play it in the browser
    linked = cli("campaign", "link", "Ada's night", "--url", "http://testserver", "--db", db_url)
    assert linked.exit_code == 0, linked.output
    url = linked.output.splitlines()[0]
    assert url.startswith("http://testserver/#campaign=")
    token = url.split("#campaign=")[1]

    # the web lobby reaches it, plays its First Dream and saves inside it (a Death)
    seen = client.get(f"/api/campaigns/{token}").json()
    assert seen["name"] == "Ada's night" and seen["summary"]["next"] == "dream:OD-01X"
    assert seen["terminal"] == 'oneiros campaign continue "Ada\'s night"'
    client.post(f"/api/campaigns/{token}/continue", json={"name": "Ada"})
    shown = cli("campaign", "show", "Ada's night", "--db", db_url)
    assert "Session 1 in progress at a web table" in shown.output
    assert client.post(f"/api/campaigns/{token}/save").json()["ended"]

    # the terminal continues from the web's snapshot: the team's next leg, between bots
    played = run_cli(
        tmp_path, "campaign", "continue", "Ada's night", "--seats", "heuristic,heuristic",
        "--delay", "0", "--sessions", "1", "--seed", "3", "--db", db_url, timeout=120,
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    assert "Session 2 (dreamworld) ends" in played.stdout
    # ... and the lobby sees it, and continues after it
    seen = client.get(f"/api/campaigns/{token}").json()
    assert seen["snapshot"] == 2 and [s["table"] for s in seen["sessions"]][1] is None
    nxt = client.post(f"/api/campaigns/{token}/continue", json={})
    assert nxt.status_code == 200 and nxt.json()["session"] == 3


def test_link_and_show_explain_the_web_and_refuse_bad_input(db_url: str) -> None:
    assert cli("campaign", "new", "etherfields", "--name", "n", "--db", db_url).exit_code == 0
    env = {"ONEIROS_WEB_URL": "https://play.example.org/"}
    shown = cli("campaign", "show", "n", "--db", db_url, env=env)
    assert "In the browser (https://play.example.org): `oneiros campaign link n" in shown.output
    linked = cli("campaign", "link", "n", "--db", db_url, env=env)
    assert linked.output.startswith("https://play.example.org/#campaign=")
    token = linked.output.split("#campaign=")[1].split()[0]
    store = CampaignStore(db_url)
    assert store.by_link(token) == "n"
    store.dispose()
    for args, needle in [
        (("link", "nope"), "no campaign named 'nope' (saved campaigns: n)"),
        (("link", "n", "--url", "ftp://x"), "give the server's address"),
    ]:
        bad = cli("campaign", *args, "--db", db_url)  # one line: main() prints ConfigError
        assert bad.exit_code != 0 and needle in bad.output + str(bad.exception), bad.output
