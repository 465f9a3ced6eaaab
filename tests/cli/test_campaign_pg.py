"""``oneiros campaign`` on PostgreSQL (``--db postgresql://...``): the same saves."""

from __future__ import annotations

import pytest

pytest.importorskip("sqlalchemy")
pytest.importorskip("psycopg")

from oneiros.cli.campaign_store import CampaignStore
from tests.cli.helpers import oneiros
from tests.server.conftest import postgres_url  # noqa: F401  (the fixture)


def test_a_campaign_saved_in_postgresql(tmp_path, postgres_url):  # noqa: F811
    db = ["--db", postgres_url]
    made = oneiros(tmp_path, "campaign", "new", "etherfields", "--name", "pg", *db)
    assert made.returncode == 0, made.stderr
    played = oneiros(
        tmp_path,
        "campaign",
        "continue",
        "pg",
        "--seats",
        "heuristic,heuristic",
        "--delay",
        "0",
        "--sessions",
        "1",
        *db,
        timeout=180,
    )
    assert played.returncode == 0, played.stderr
    store = CampaignStore(postgres_url)
    game, head, doc = store.head("pg")
    assert (game, head, doc["snapshot"]) == ("etherfields", 1, 1)
    assert store.sessions("pg")[0]["status"] == "done"
    shown = oneiros(tmp_path, "campaign", "show", "pg", *db)
    assert "Dreamworld map" in shown.stdout
    store.dispose()
