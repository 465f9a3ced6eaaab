"""The web table in Spanish: the language switch, the texts the server sends in it, the
rule and card texts, and the web client's catalogue built from the gettext one."""

from __future__ import annotations

import json
import re

from fastapi.testclient import TestClient

from oneiros.core.i18n import WEB_CATALOGUES, ui_messages, web_catalogue

from .helpers import Player, create


def test_a_seat_switches_the_table_to_spanish_and_back(client: TestClient) -> None:
    made = create(client, game="lucidity", players=3, seed=4, seats=[{"kind": "human"}] + [
        {"kind": "bot", "agent": "random"}] * 2)  # fmt: skip
    me = Player(client, made["id"], made["seats"][0]["token"])
    snap = me.wait(lambda m: m.get("decision") is not None)
    assert snap["lang"] == "en" and snap["decision"]["kind"] == "choose_track"
    me.send({"type": "lang", "lang": "es"})
    es = me.wait(lambda m: m["type"] == "snapshot" and m["lang"] == "es")
    assert es["decision"]["prompt"] == "Elige tu pista de sueño"
    assert es["decision"]["rule"] == 'lucidity-en "1. Set Level of Control"'  # citations stay
    labels = {a["id"]: a["label"] for a in es["legal"]}
    assert labels["track:3-5-7"] == "Elegir la pista de sueño 3-5-7 (control 3)"
    assert all(e["text"] != "" and "Seat " not in e["text"] for e in es["events"])
    me.send({"type": "lang", "lang": "en"})
    en = me.wait(lambda m: m["type"] == "snapshot" and m["lang"] == "en")
    assert en["decision"]["prompt"] == "Choose your sleep track"
    me.send({"type": "lang", "lang": "fr"})
    assert me.error()["code"] == "bad_message"


def test_the_spanish_rule_set_opens_in_spanish_for_a_spectator(client: TestClient) -> None:
    made = create(client, game="lucidity", players=2, ruleset="es", seed=2,
                  seats=[{"kind": "bot", "agent": "random"}] * 2)  # fmt: skip
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"type": "hello"})
        snap = ws.receive_json()
        assert snap["lang"] == "es"
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_json({"type": "hello", "lang": "en"})
        assert ws.receive_json()["lang"] == "en"


def test_rule_and_card_texts_come_in_the_language_asked(client: TestClient) -> None:
    table = create(client, game="lucidity", players=3)["id"]
    ref = 'lucidity-en "Shadow of Envy"'
    en = client.get(f"/api/tables/{table}/rule", params={"ref": ref}).json()
    es = client.get(f"/api/tables/{table}/rule", params={"ref": ref, "lang": "es"}).json()
    assert es["lang"] == "es" and es["text"] != en["text"]
    assert "sueño" in es["text"]
    bad = client.get(f"/api/tables/{table}/rule", params={"ref": ref, "lang": "fr"})
    assert bad.status_code == 400 and "lang" in bad.text  # a clear error, not a crash
    cards = client.get(f"/api/tables/{table}/glossary", params={"lang": "es"}).json()["cards"]
    assert cards["row:shadow_green"]["name"] == "Sombra de la envidia"


def test_the_web_catalogue_is_the_gettext_one_and_covers_the_page() -> None:
    shipped = json.loads((WEB_CATALOGUES / "es.json").read_text(encoding="utf-8"))
    assert shipped == web_catalogue("es"), "rebuild with python -m oneiros.core.i18n"
    page = [m for m, where in ui_messages().items() if "static" in where[0][0]]
    assert "Language" in page and "Your turn. " in page
    assert not [m for m in page if not shipped.get(m)]


def test_the_web_client_names_the_seats_of_singular_and_plural_texts() -> None:
    """The page replaces the seat numbers of engine texts with the players' names
    (``humanize`` in ``common.js``): "Winner: seat 0", "Winners: seats [1, 2]", the Spanish
    "Ganadores: asientos [1, 2]", and the "seat(s) [0]" of a log saved before."""
    source = (WEB_CATALOGUES.parent / "js" / "common.js").read_text(encoding="utf-8")
    literal = re.search(r"^const SEAT_RE = /(.*)/g;$", source, re.MULTILINE)
    assert literal is not None
    seat_re = re.compile(literal.group(1))  # the same syntax in JavaScript and Python here

    def seats(text: str) -> list[list[int]]:
        out = []
        for m in seat_re.finditer(text):
            listed = m.group(4) if m.group(4) is not None or m.group(5) is not None else m.group(1)
            one = m.group(5) if m.group(4) is not None or m.group(5) is not None else m.group(2)
            shown = listed if listed is not None else one
            out.append([int(x) for x in shown.split(",") if x.strip()])
        return out

    assert seats("Winner: seat 0") == [[0]]
    assert seats("Winners: seats [1, 2]") == [[1, 2]]
    assert seats("Seats [0, 2] reach 15 Power: every other dreamer takes one final turn") == [
        [0, 2]
    ]
    assert seats("Winner(s): seat(s) [3]") == [[3]]
    assert seats("Ganadores: asientos [1, 2]") == [[1, 2]]
    assert seats("Ganador: asiento 0") == [[0]]
