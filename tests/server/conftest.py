"""Fixtures of the web table tests: the test games, an app on a fresh database, clients."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web table needs the web extra")

from fastapi.testclient import TestClient

import oneiros
from oneiros.server import create_app
from tests.tinygame import Pebbles

from .helpers import close_all


class Pebbles4(Pebbles):
    """Pebbles for up to four seats (two humans and two bots at one table)."""

    info = dataclasses.replace(Pebbles.info, name="pebbles4", max_players=4, default_players=4)


oneiros.register("pebbles", Pebbles)
oneiros.register("pebbles4", Pebbles4)


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.db'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url)) as c:
        try:
            yield c
        finally:
            close_all()
