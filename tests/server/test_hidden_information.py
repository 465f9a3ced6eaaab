"""Hidden information never reaches another seat: every message every seat receives, over
many games, is exactly that seat's redacted view of the position it describes."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

import oneiros

from .helpers import Player, create, play_until


class Positions:
    """The real game at every position, rebuilt from the final record."""

    def __init__(self, record: dict[str, Any]) -> None:
        self.states = []
        entries = record["actions"]
        for n in range(len(entries) + 1):
            self.states.append(oneiros.replay({**record, "actions": entries[:n]}))

    def at(self, n: int) -> oneiros.State:
        return self.states[n]


def check_seat(p: Player, positions: Positions) -> None:
    seat = p.view["seat"]
    final = positions.at(len(positions.states) - 1)
    revealed = False
    for msg in p.messages:
        if msg["type"] not in ("snapshot", "update"):
            continue
        assert msg["seat"] == seat
        state = positions.at(msg["n"])
        # exactly the seat's own observation: nothing more
        assert msg["observation"] == state.observation(seat)
        for e in msg["events"]:
            assert e["visible_to"] is None or (seat is not None and seat in e["visible_to"]), e
        if msg["legal"]:
            assert seat in state.to_move()
            assert [a["id"] for a in msg["legal"]] == [a.id for a in state.legal_actions(seat)]
            assert msg["decision"] == state.decision(seat).to_dict()
        else:
            assert msg["decision"] is None
        if seat is None:
            assert msg["insights"] == {} and msg["decision_id"] is None
        # what a pebbles player would notice: nobody else's secret card before the end,
        # nobody else's bet before all bets are revealed
        revealed = revealed or any(e["kind"] == "bets_revealed" for e in msg["events"])
        obs = msg["observation"]
        for other in range(len(obs["cards"])):
            if other == seat:
                continue
            if msg["status"] != "finished":
                assert obs["cards"][other] is None
            if not revealed:
                assert obs["bets"][other] is None
        if msg["status"] != "finished":
            for e in msg["events"]:
                if e["kind"] in ("card", "bet"):
                    assert e["visible_to"] == [seat]
    # and the seat's event log is exactly what it may see of the whole game
    assert p.events == [e.to_dict() for e in final.events(seat)]


@pytest.mark.parametrize("seed", range(12))
def test_every_message_is_the_seats_own_view(client: TestClient, seed: int) -> None:
    seats: list[dict[str, Any]]
    if seed % 3 == 0:
        game = "pebbles"
        seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]
    else:
        game = "pebbles4"
        seats = [{"kind": "human"}, {"kind": "bot", "agent": "random"}] * 2
    made = create(client, game=game, seed=seed, seats=seats)
    watcher = Player(client, made["id"])
    humans = [Player(client, made["id"], s["token"]) for s in made["seats"] if s["kind"] == "human"]
    play_until(humans, seed=seed)
    watcher.wait(lambda m: m["type"] == "update" and m["status"] == "finished")
    record = client.get(f"/api/tables/{made['id']}/record").json()
    positions = Positions(record)
    for p in [*humans, watcher]:
        check_seat(p, positions)
    assert sum(len(p.messages) for p in humans) > 10
