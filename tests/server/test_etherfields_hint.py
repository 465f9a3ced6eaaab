"""The web table's hint on Etherfields: the heuristic's action for the seat's decision and
the seat's estimated win chance after it."""

from __future__ import annotations

from fastapi.testclient import TestClient

from .helpers import Player, create


def test_an_etherfields_hint_names_an_action_and_a_win_chance(client: TestClient) -> None:
    made = create(
        client,
        game="etherfields",
        players=2,
        seed=5,
        seats=[{"kind": "human"}, {"kind": "bot", "agent": "heuristic"}],
    )
    p = Player(client, made["id"], made["seats"][0]["token"])
    p.wait(lambda m: m["type"] in ("snapshot", "update") and 0 in m.get("to_move", []))
    assert p.view["hints"] is True
    p.send({"type": "hint"})
    hint = p.wait(lambda m: m["type"] == "hint", timeout=60)
    legal = {a["id"] for a in p.view["legal"]}
    assert hint["action"] in legal and hint["label"]
    assert hint["decision_id"] == p.view["decision_id"]
    assert 0.0 <= hint["win_chance"] <= 1.0 and hint["playouts"] >= 1
