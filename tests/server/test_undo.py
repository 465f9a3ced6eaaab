"""Undo at the web table (docs/web.md, "Undo"): a seat takes back its last decision when
nobody else has acted since (in solo play the bots' replies go with it), never past a
chance outcome or a move that showed it hidden information; the cut record is durable."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient

from .helpers import NetPlayer, Player, ServerProcess, close_all, create, make_app

SOLO = [{"kind": "human", "name": "Luna"}, {"kind": "bot", "agent": "random"}]
SEED = 3
"""With this seed (creator seeds, as in every server test) Luna's card is a 6 and the random
bot banks at once when Luna banks."""


def view(p: Player) -> dict[str, Any]:
    return p.wait(lambda m: m["type"] in ("snapshot", "update"))


def texts(p: Player) -> list[str]:
    return [e["text"] for e in p.events]


def until_my_turn(p: Player) -> dict[str, Any]:
    """The next view where ``p`` alone is to decide (the current one if it is)."""
    while not (p.view.get("to_move") == [p.view["seat"]] and p.view.get("legal")):
        view(p)
    return p.view


def play(p: Player, action: str) -> dict[str, Any]:
    """``p`` plays ``action``; returns the view when it is ``p``'s decision again."""
    n = p.view["n"]
    p.act(action)
    while p.view["n"] == n:
        view(p)
    return until_my_turn(p)


def solo_game(client: TestClient) -> tuple[dict[str, Any], Player]:
    made = create(client, game="pebbles", players=2, seed=SEED, seats=SOLO)
    luna = Player(client, made["id"], made["seats"][0]["token"])
    view(luna)
    return made, luna


def bet_then_bank(luna: Player) -> None:
    """Luna bets (pebbles "Setup"), banks her empty pot (pebbles "Turn") and the bot banks."""
    play(luna, "bet:odd")
    play(luna, "stop")
    assert "Seat 0 banks 0" in texts(luna)
    assert "Seat 1 banks 0" in texts(luna)  # the bot's reply (seed 3)


def test_solo_undo_takes_back_the_move_and_the_bots_reply(client: TestClient) -> None:
    _made, luna = solo_game(client)
    bet_then_bank(luna)
    assert luna.view["can_undo"] is True
    luna.send({"type": "undo"})
    snap = luna.wait(lambda m: m["type"] == "snapshot")
    notice = luna.wait(lambda m: m["type"] == "notice")
    assert notice["code"] == "undo" and notice["message"] == "Luna took back a move"
    # back at Luna's turn decision: neither bank happened
    assert snap["to_move"] == [0]
    assert [a["id"] for a in snap["legal"]] == ["roll", "stop"]
    assert snap["observation"]["banked"] == [0, 0] and snap["observation"]["current"] == 0
    assert "Seat 0 banks 0" not in texts(luna) and "Seat 1 banks 0" not in texts(luna)
    # the bet before it showed Luna the bot's secret bet: that cannot be taken back
    assert snap["can_undo"] is False
    luna.send({"type": "undo"})
    err = luna.error()
    assert err["code"] == "undo_refused" and "hidden information" in err["message"]
    # the game goes on from there
    play(luna, "stop")
    assert "Seat 0 banks 0" in texts(luna)


def test_no_peeking_at_a_chance_outcome(client: TestClient) -> None:
    _made, luna = solo_game(client)
    play(luna, "bet:odd")
    play(luna, "roll")  # pebbles "Turn": the die is rolled (chance) and Luna sees it
    assert any(t.startswith("Rolled") for t in texts(luna))
    seen = texts(luna)
    assert luna.view["can_undo"] is False
    luna.send({"type": "undo"})
    err = luna.error()
    assert err["code"] == "undo_refused" and "chance" in err["message"]
    luna.send({"type": "sync"})
    snap = luna.wait(lambda m: m["type"] == "snapshot")
    assert [e["text"] for e in snap["events"]] == seen  # nothing was taken back


def test_with_another_human_only_before_they_act(client: TestClient) -> None:
    made = create(
        client,
        game="pebbles",
        players=2,
        seed=SEED,
        seats=[{"kind": "human", "name": "Luna"}, {"kind": "human", "name": "Mo"}],
    )
    luna = Player(client, made["id"], made["seats"][0]["token"])
    mo = Player(client, made["id"], made["seats"][1]["token"], name="Mo")
    view(luna)
    view(mo)
    luna.act("bet:odd")
    mo.wait(lambda m: m["type"] == "update" and m["to_move"] == [1])
    mo.act("bet:even")
    until_my_turn(luna)
    luna.act("stop")
    until_my_turn(mo)
    assert luna.wait(lambda m: m["type"] == "update" and m["to_move"] == [1])["can_undo"]
    # Mo has not acted yet: Luna may take her bank back, and Mo is told
    luna.send({"type": "undo"})
    snap = mo.wait(lambda m: m["type"] == "snapshot")
    assert snap["to_move"] == [0] and snap["can_undo"] is False
    assert mo.wait(lambda m: m["type"] == "notice")["message"] == "Luna took back a move"
    until_my_turn(luna)
    luna.act("stop")
    until_my_turn(mo)
    mo.act("stop")
    # Mo acted: Luna's bank stands
    until_my_turn(luna)
    assert luna.view["can_undo"] is False
    luna.send({"type": "undo"})
    err = luna.error()
    assert err["code"] == "undo_refused" and "another player has acted" in err["message"]
    # a spectator has no move to take back
    watcher = Player(client, made["id"])
    view(watcher)
    watcher.send({"type": "undo"})
    assert watcher.error()["code"] == "spectator"


def test_the_undo_is_durable_across_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'web.db'}"
    with TestClient(make_app(url)) as client:
        try:
            made, luna = solo_game(client)
            bet_then_bank(luna)
            luna.send({"type": "undo"})
            before = luna.wait(lambda m: m["type"] == "snapshot")
        finally:
            close_all()
    with TestClient(make_app(url)) as client:
        try:
            luna = Player(client, made["id"], made["seats"][0]["token"])
            snap = luna.wait(lambda m: m["type"] == "snapshot")
            assert snap["events"] == before["events"]
            assert snap["observation"] == before["observation"]
            assert snap["to_move"] == [0] and snap["decision_id"] == before["decision_id"]
            assert "Seat 0 banks 0" not in [e["text"] for e in snap["events"]]
            # the game continues from the cut record, the same way as before the restart
            play(luna, "stop")
            assert "Seat 1 banks 0" in texts(luna)
        finally:
            close_all()


@pytest.mark.postgres
@pytest.mark.slow
def test_an_undo_reaches_another_process(postgres_url: str) -> None:
    """Two server processes on one PostgreSQL database: the process that did not take the
    move back rebuilds its copy and tells its own sockets."""
    one = ServerProcess(postgres_url).start()
    two = ServerProcess(postgres_url).start()
    try:
        made = httpx.post(
            f"{one.http}/api/tables",
            json={"game": "pebbles", "players": 2, "seed": SEED, "seats": SOLO},
        ).json()
        luna = NetPlayer(one.ws, made["id"], made["seats"][0]["token"])
        view(luna)
        watcher = NetPlayer(two.ws, made["id"])
        view(watcher)
        bet_then_bank(luna)
        luna.send({"type": "undo"})
        luna.wait(lambda m: m["type"] == "notice")
        snap = watcher.wait(lambda m: m["type"] == "snapshot")
        assert snap["to_move"] == [0]
        assert "Seat 0 banks 0" not in [e["text"] for e in snap["events"]]
        assert watcher.wait(lambda m: m["type"] == "notice")["seat"] == 0
        # the other process acts on the cut record: Luna plays on there
        luna.close()
        luna2 = NetPlayer(two.ws, made["id"], made["seats"][0]["token"])
        view(luna2)
        play(luna2, "stop")
        assert [e["text"] for e in luna2.events].count("Seat 0 banks 0") == 1
    finally:
        close_all()
        one.kill()
        two.kill()


def test_undo_requests_are_rate_limited(tmp_path: Path) -> None:
    """An undo replays the record: like hints, a client gets a few at once, then waits."""
    with TestClient(make_app(f"sqlite:///{tmp_path / 'web.db'}", hint_burst=2)) as client:
        try:
            _made, luna = solo_game(client)
            codes = []
            for _ in range(4):
                luna.send({"type": "undo"})
                codes.append(luna.error()["code"])
            assert codes[:2] == ["undo_refused", "undo_refused"]  # nothing to take back yet
            assert "rate_limited" in codes[2:]
        finally:
            close_all()


def test_another_seats_private_move_does_not_show_in_can_undo(client: TestClient) -> None:
    """pebbles-whisper: Mo's secret whisper changes nothing Luna sees, so it cannot block
    Luna's undo either (that would tell her it happened); it is taken back with her move
    and Mo is asked again."""
    made = create(
        client,
        game="pebbles-whisper",
        players=3,
        seed=4,
        seats=[{"name": "Luna"}, {"name": "Mo"}, {"name": "Ida"}],
    )
    luna = Player(client, made["id"], made["seats"][0]["token"])
    mo = Player(client, made["id"], made["seats"][1]["token"])
    ida = Player(client, made["id"], made["seats"][2]["token"])
    for p in (luna, mo, ida):
        while not p.view.get("legal"):  # the cards are dealt, then everyone bets
            view(p)
    luna.act("bet:odd")  # pebbles "Setup": the bets are placed at the same time
    mo.wait(lambda m: m["type"] == "update" and 0 not in m["to_move"])
    assert luna.wait(lambda m: m["type"] == "update" and 0 not in m["to_move"])["can_undo"]
    seen = len(luna.messages)
    mo.act("whisper")
    assert mo.wait(lambda m: m["type"] == "update")["events"][-1]["kind"] == "whisper"
    luna.send({"type": "ping"})
    assert luna.wait(lambda m: m["type"] == "pong")
    assert [m["type"] for m in luna.messages[seen:]] == ["pong"]  # nothing new for Luna
    luna.send({"type": "undo"})
    assert luna.wait(lambda m: m["type"] == "snapshot")["to_move"] == [0, 1, 2]
    snap = mo.wait(lambda m: m["type"] == "snapshot")
    assert snap["observation"]["whispered"] is False  # Mo chooses again
    assert "whisper" in [a["id"] for a in snap["legal"]]
    assert mo.wait(lambda m: m["type"] == "notice")["message"] == "Luna took back a move"
