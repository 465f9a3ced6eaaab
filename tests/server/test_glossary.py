"""The texts a table shows next to its pieces: rule citations and card texts."""

from __future__ import annotations

from fastapi.testclient import TestClient

from .helpers import create


def test_a_rule_citation_and_the_cards_of_a_table(client: TestClient) -> None:
    made = create(client, game="sleep-tight", players=3)
    table = made["id"]
    r = client.get(f"/api/tables/{table}/rule", params={"ref": 'sleep-tight "Goal"'})
    assert r.status_code == 200 and "Sandman" in r.json()["text"]
    cards = client.get(f"/api/tables/{table}/glossary").json()["cards"]
    assert cards["blanket-fort"]["name"] == "Blanket Fort"
    assert cards["blanket-fort"]["cost"] == 3 and cards["blanket-fort"]["text"]


def test_lucidity_rows_and_nightmare_cards_have_names_and_texts(client: TestClient) -> None:
    table = create(client, game="lucidity", players=3)["id"]
    cards = client.get(f"/api/tables/{table}/glossary").json()["cards"]
    assert cards["row:shadow_green"]["name"] == "Shadow of Envy"
    assert cards["row:shadow_green"]["rule"] == 'lucidity-en "Shadow of Envy"'
    assert cards["nightmare:blue"]["name"] == "Nightmare of the Depths"
    assert "gives one to a dreamer" in cards["nightmare:blue"]["text"]
    assert cards["face:power2"]["name"] == "2 Power"


def test_an_unknown_rule_or_table_is_a_clear_404(client: TestClient) -> None:
    table = create(client, game="lucidity", players=3)["id"]
    r = client.get(f"/api/tables/{table}/rule", params={"ref": "no such rule"})
    assert r.status_code == 404 and "no rule text" in r.json()["error"]
    assert client.get("/api/tables/nope/glossary").status_code == 404
