"""Hidden information never reaches another seat: every message every seat receives, over
many games, is exactly that seat's redacted view of the position it describes."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

import oneiros
from oneiros.server.hub import Position

from .helpers import Player, create, play_until


class Positions:
    """The real game at every position, rebuilt from the final record: what each seat (and
    a spectator) may see at each value of the public clock ``n`` (several positions share
    one when hidden choices changed nothing public)."""

    def __init__(self, record: dict[str, Any]) -> None:
        pos = Position(oneiros.replay({**record, "actions": []}))
        state = pos.state
        self.final = oneiros.replay(record)
        seats: list[int | None] = [*range(record["players"]), None]
        self.views: dict[int, list[dict[int | None, dict[str, Any]]]] = {}
        for entry in [*record["actions"], None]:
            views = {seat: self._view(state, seat) for seat in seats}
            self.views.setdefault(pos.clock.n, []).append(views)
            if entry is None:
                break
            pos.advance(entry)

    @staticmethod
    def _view(state: oneiros.State, seat: int | None) -> dict[str, Any]:
        mine = seat is not None and seat in state.to_move()
        decision = state.decision(seat) if mine else None
        return {
            "observation": state.observation(seat),
            "legal": [a.id for a in state.legal_actions(seat)] if mine else [],
            "decision": decision.to_dict() if decision else None,
        }


def check_messages(p: Player, positions: Positions) -> None:
    """Every message is exactly the seat's redacted view of the position it names."""
    seat = p.view["seat"]
    for msg in p.messages:
        if msg["type"] not in ("snapshot", "update"):
            continue
        assert msg["seat"] == seat
        candidates = [v[seat] for v in positions.views[msg["n"]]]
        matching = [v for v in candidates if v["observation"] == msg["observation"]]
        assert matching, f"no position at n={msg['n']} shows seat {seat} this observation"
        expected = matching[-1]
        if msg["legal"]:
            matching = [v for v in matching if [a["id"] for a in msg["legal"]] == v["legal"]]
            assert matching
            expected = matching[-1]
        for e in msg["events"]:
            assert e["visible_to"] is None or (seat is not None and seat in e["visible_to"]), e
        if msg["legal"]:
            assert [a["id"] for a in msg["legal"]] == expected["legal"]
            assert msg["decision"] == expected["decision"]
        else:
            assert msg["decision"] is None
        if seat is None:
            assert msg["insights"] == {} and msg["decision_id"] is None
    # and the seat's event log is exactly what it may see of the whole game
    assert p.events == [e.to_dict() for e in positions.final.events(seat)]


def check_seat(p: Player, positions: Positions) -> None:
    check_messages(p, positions)
    seat = p.view["seat"]
    revealed = False
    for msg in p.messages:
        if msg["type"] not in ("snapshot", "update"):
            continue
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


def _played_to_the_end(
    client: TestClient, seed: int, **table: Any
) -> tuple[list[Player], Player, Positions]:
    """A table made with ``table`` and ``seed``, its humans playing at random to the end
    and a spectator watching: the humans, the spectator and the positions of its record."""
    made = create(client, seed=seed, **table)
    watcher = Player(client, made["id"])
    humans = [Player(client, made["id"], s["token"]) for s in made["seats"] if s["kind"] == "human"]
    play_until(humans, seed=seed)
    watcher.wait(lambda m: m["type"] == "update" and m["status"] == "finished")
    record = client.get(f"/api/tables/{made['id']}/record").json()
    return humans, watcher, Positions(record)


@pytest.mark.parametrize("seed", range(12))
def test_every_message_is_the_seats_own_view(client: TestClient, seed: int) -> None:
    seats: list[dict[str, Any]]
    if seed % 3 == 0:
        game = "pebbles"
        seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]
    else:
        game = "pebbles4"
        seats = [{"kind": "human"}, {"kind": "bot", "agent": "random"}] * 2
    humans, watcher, positions = _played_to_the_end(client, seed, game=game, seats=seats)
    for p in [*humans, watcher]:
        check_seat(p, positions)
    assert sum(len(p.messages) for p in humans) > 10


@pytest.mark.parametrize("seed", range(3))
def test_sleep_tight_hands_and_face_down_plays_stay_hidden(client: TestClient, seed: int) -> None:
    if "sleep-tight" not in [g.name for g in oneiros.games()]:
        pytest.skip("Sleep Tight is not available in this checkout")
    seats = [{"kind": "human"}, {"kind": "bot", "agent": "random"}] * 2
    humans, watcher, positions = _played_to_the_end(
        client, seed, game="sleep-tight", players=4, seats=seats
    )
    for p in [*humans, watcher]:
        check_messages(p, positions)
        seat = p.view["seat"]
        for msg in p.messages:
            if msg["type"] in ("snapshot", "update") and msg["status"] != "finished":
                for other, view in enumerate(msg["observation"]["players"]):
                    if other != seat:
                        assert view["hand"] is None  # nobody else's hand, ever
