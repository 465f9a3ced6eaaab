"""A content pack installed on the server brings its own menu: Etherfields' packs are
directories (``DIR/etherfields/<name>/``), and the lobby's ``scenario`` menu lists the
Dreams and Slumbers of the pack chosen (``by_content`` in ``/api/games``), not only the
shipped pack's. A pack directory is checked like a pack file: no links, bounded size."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import oneiros
from oneiros.games.etherfields.pack import DEFAULT_PACK

from .helpers import close_all, create, make_app

HOUSE_SLUMBER = """
[[slumbers]]
id = "HS-01"
name = "The Lantern Market"
kind = "instruction"
effects = "[cure(1, who=each), end_slumber]"
text = "Stalls of paper lanterns. Each Dreamer removes 1 Distress, then this Slumber ends."
"""


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    """A server whose content directory holds ``house``, a corrected copy of the shipped
    Etherfields pack with one more Slumber, and three packs it must refuse."""
    packs = tmp_path / "packs" / "etherfields"
    shutil.copytree(DEFAULT_PACK, packs / "house")
    (packs / "house" / "slumbers" / "house.toml").write_text(HOUSE_SLUMBER, encoding="utf-8")
    shutil.copytree(DEFAULT_PACK, packs / "linked")
    os.symlink("/etc/passwd", packs / "linked" / "extra-link.toml")
    shutil.copytree(DEFAULT_PACK, packs / "broken")
    (packs / "broken" / "fate.toml").write_text("[[fates]]\nid = 3\n", encoding="utf-8")
    os.symlink(packs / "house", packs / "alias")  # a link to a pack is no pack
    with TestClient(
        make_app(f"sqlite:///{tmp_path / 'web.db'}", content_dir=str(tmp_path / "packs"))
    ) as c:
        yield c
    close_all()


def _options(client: TestClient) -> dict[str, Any]:
    info = {g["name"]: g for g in client.get("/api/games").json()}
    return {o["name"]: o for o in info["etherfields"]["options"]}


def test_the_scenario_menu_of_an_installed_pack_lists_its_slumbers(client):
    options = _options(client)
    assert options["content"]["choices"] == ["", "house"]  # linked, broken, alias refused
    shipped = options["scenario"]
    assert "slumber:HS-01" not in shipped["choices"]
    house = shipped["by_content"]["house"]
    assert "slumber:HS-01" in house["choices"] and "journey" in house["choices"]
    assert house["labels"]["slumber:HS-01"] == "Slumber: The Lantern Market"
    assert [c for c in house["choices"] if c != "slumber:HS-01"] == shipped["choices"]
    assert list(shipped["by_content"]) == ["house"]  # never a path, only pack names


def test_a_table_plays_a_slumber_of_the_chosen_pack(client):
    body = {"game": "etherfields", "players": 1, "seats": [{"kind": "bot", "agent": "random"}]}
    made = create(client, **body, options={"content": "house", "scenario": "slumber:HS-01"})
    table = client.get(f"/api/tables/{made['id']}").json()
    assert table["options"]["content"] == "house"  # the name, never the directory
    assert table["options"]["scenario"] == "slumber:HS-01"
    r = client.post("/api/tables", json={**body, "options": {"scenario": "slumber:HS-01"}})
    assert r.status_code == 400 and "unknown scenario 'slumber:HS-01'" in r.json()["error"]


def test_option_menu_is_the_packs_own():
    """The core's ``Game.option_menu``: the declared menu, or the pack's for Etherfields."""
    game = oneiros.make("etherfields")
    choices, labels = game.option_menu("scenario")
    assert "slumber:OS-03" in choices and labels["slumber:OS-03"].startswith("Slumber: ")
    assert game.option_menu("turn_order") == (("free", "structured"), {})
    assert game.option_menu("dreamers") is None
