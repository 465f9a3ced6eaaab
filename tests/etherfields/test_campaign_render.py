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
