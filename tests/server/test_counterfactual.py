"""What every other seat can see never depends on a seat's hidden choice: two games that
differ only in a hidden choice give every other seat (and spectators) identical messages
(issue: the history length ``n`` once told watchers that a Sleep Tight player had accepted
the Sandman's offer)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

import oneiros

from .helpers import Player, create, play_until


def strip(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The messages without the table id (the only thing two tables may differ in)."""
    return [{k: v for k, v in m.items() if k != "table"} for m in messages]


def drain(players: list[Player], quiet: float = 0.3) -> None:
    """Read every message sent so far: until the first player has heard nothing for
    ``quiet`` seconds, then what the others already hold (the server sends a move's messages
    to every connection at once, so one quiet period serves them all)."""
    for k, p in enumerate(players):
        while True:
            try:
                p.recv(timeout=quiet if k == 0 else 0.05)
            except TimeoutError:
                break


def settle(players: list[Player], quiet: float = 0.3) -> None:
    """Read every message still on its way to every player: each one until it has heard
    nothing for ``quiet`` seconds (before the lists are compared: a message late on a
    loaded machine must not be missing from one game's list)."""
    for p in players:
        while True:
            try:
                p.recv(timeout=quiet)
            except TimeoutError:
                break


def start_here(players: list[Player]) -> None:
    """Forget how the connections came up (timing): keep a fresh snapshot each."""
    drain(players)
    for p in players:
        p.send({"type": "sync"})
        p.wait(lambda m: m["type"] == "snapshot")
        p.messages = [p.messages[-1]]


def whisper_game(client: TestClient, whisper: bool) -> list[list[dict[str, Any]]]:
    made = create(client, game="pebbles-whisper", players=3, seed=4, seats=[{}, {}, {}])
    watcher = Player(client, made["id"])
    seats = [Player(client, made["id"], s["token"]) for s in made["seats"]]
    for p in seats:
        p.wait(lambda m: m["type"] == "snapshot")
    seats[0].wait(lambda m: m["status"] == "running" and seats[0].deciding)
    start_here([*seats, watcher])
    zero = seats[0]
    if whisper:  # the hidden extra move: a private event and one more history entry
        zero.act("whisper")
        zero.wait(lambda m: m["type"] == "update")
        assert zero.events[-1]["kind"] == "whisper"
    for p in seats:  # then every seat bets, in the same order in both games
        p.act("bet:odd")
        p.wait(lambda m: m["type"] == "update")
        drain([*seats, watcher])
    play_until(seats, seed=4)
    settle([*seats, watcher])
    record = client.get(f"/api/tables/{made['id']}/record").json()
    assert ("whisper" in str(record["actions"])) is whisper
    return [strip(p.messages) for p in [seats[1], seats[2], watcher]]


def test_a_hidden_extra_move_changes_nothing_the_others_receive(client: TestClient) -> None:
    plain = whisper_game(client, whisper=False)
    secret = whisper_game(client, whisper=True)
    for seen_plain, seen_secret in zip(plain, secret, strict=True):
        assert len(seen_plain) > 5
        assert seen_plain == seen_secret


def sleep_tight_keep(client: TestClient, returned: int) -> tuple[list[Any], list[Any], list[str]]:
    """Sleep Tight's setup with seat 0 shuffling back a different card of its seven."""
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "agent": "random"}]
    made = create(client, game="sleep-tight", players=3, seed=2, seats=seats)
    watcher = Player(client, made["id"])
    zero = Player(client, made["id"], made["seats"][0]["token"])
    one = Player(client, made["id"], made["seats"][1]["token"])
    for p in (zero, one, watcher):
        p.wait(lambda m: m["type"] == "snapshot")
    one.wait(lambda m: m["to_move"] == [0, 1, 2] or (one.deciding and 0 in m["to_move"]))
    start_here([zero, one, watcher])
    # seat 0 shuffles back three of its seven cards (which ones: its hidden choice); what
    # the others receive meanwhile is compared (afterwards the Action deck differs, so the
    # cards drawn from it may too: that is the game, not a leak)
    while zero.deciding and zero.view["decision"]["kind"] == "keep":
        legal = [a["id"] for a in zero.view["legal"]]
        zero.act(legal[returned % len(legal)])
        zero.wait(lambda m: m["type"] in ("update", "error"))
        drain([zero, one, watcher])
    settle([zero, one, watcher])
    mine = [e["text"] for e in zero.events if e["kind"] == "returned_card"]
    assert len(mine) == 3
    return strip(one.messages), strip(watcher.messages), mine


def test_a_hidden_sleep_tight_choice_changes_nothing_the_others_receive(
    client: TestClient,
) -> None:
    if "sleep-tight" not in [g.name for g in oneiros.games()]:
        pytest.skip("Sleep Tight is not available in this checkout")
    *first, kept_first = sleep_tight_keep(client, returned=0)
    *other, kept_other = sleep_tight_keep(client, returned=1)
    assert kept_first != kept_other  # seat 0 really chose differently
    assert len(first[0]) >= 3  # the snapshot, then "Seat 0 shuffles a card back" each time
    assert first == other
