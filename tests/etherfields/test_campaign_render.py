"""The Dreamworld panel at the terminal."""

from __future__ import annotations

from rich.console import Console

from oneiros.cli.render import render_table
from tests.etherfields.campaign_scenarios import campaign, world


def test_the_dreamworld_panel_shows_the_map_marker_season_and_dreamers():
    s = world(campaign(location="bazaar", season="frost", keys=1, ether=[2, 0]))
    console = Console(width=120, record=True)
    console.print(render_table(s, 0, ["human", "heuristic"]))
    text = console.export_text()
    assert "Dreamworld: The Night Bazaar (Lowlands)" in text
    assert "Season of Rime (negative)" in text and "Keys 1" in text
    marker = next(line for line in text.splitlines() if "The Night Bazaar" in line and "│" in line)
    assert "T" in marker.split("│")[1]
    assert "dicer" in text and "tinkerer" in text and "~bazaar" in text


def test_the_panel_and_campaign_show_list_wisdom_and_notes(tmp_path):
    """ "Wisdom Cards", "Note Cards": the Dreamworld panel names the Wisdom cards and Notes
    held and the map's legend; ``oneiros campaign show`` has a "Wisdom and Notes" table."""
    import pytest

    pytest.importorskip("sqlalchemy")
    from oneiros.cli.campaign_store import CampaignStore
    from tests.cli.helpers import oneiros as cli

    doc = campaign(location="lamp-row", notes=["gardeners-note"])
    s = world(doc)
    console = Console(width=400, record=True)
    console.print(render_table(s, 0, ["human", "heuristic"]))
    text = console.export_text()
    assert "Wisdom: morning-light, cartographers-key" in text
    assert "Notes: gardeners-note" in text and "Map legend: awakening:" in text
    url = f"sqlite:///{tmp_path / 'c.db'}"
    store = CampaignStore(url)
    store.create("shown", "etherfields", doc.model_copy(update={"name": "shown"}).to_json())
    store.dispose()
    shown = cli(tmp_path, "campaign", "show", "shown", "--db", url)
    assert shown.returncode == 0, shown.stderr
    assert "Wisdom and Notes" in shown.stdout
    assert "The Gardener's Note" in shown.stdout and "Morning Light" in shown.stdout
    assert "Fate cards drawn" in shown.stdout
