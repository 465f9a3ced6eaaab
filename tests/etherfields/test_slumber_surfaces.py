"""Slumbers on the surfaces: the ``scenario`` option declares the pack's Dreams, Slumbers
and journey as a menu (the web lobby's select, ``oneiros games``), the terminal map grows
when a Fate card places a tile, and the observation tensor carries the Slumber."""

from __future__ import annotations

import pytest

import oneiros
from oneiros.core import ConfigError
from oneiros.games.etherfields import catalog as content
from oneiros.games.etherfields.game import EtherfieldsGame, scenario_menu


def test_the_scenario_option_is_a_menu_of_the_packs_dreams_slumbers_and_journey() -> None:
    spec = EtherfieldsGame.info.option("scenario").to_dict()
    cat = content.catalog()
    slumbers = sorted(r.id for r in cat.all("slumber") if r.kind != "delta")
    assert spec["choices"] == [
        *(f"dream:{g}" for g in cat.ids("gate")),
        *(f"slumber:{s}" for s in slumbers),
        "journey",
    ]
    assert spec["labels"]["dream:OD-01X"] == "Dream: The Clockwork Orchard"
    assert spec["labels"]["slumber:OS-03"] == "Slumber: The Hollow Lamplighter"
    assert spec["labels"]["journey"] == "Journey: Slumbers up to the Delta Phase"
    assert set(spec["labels"]) == set(spec["choices"])
    # the lobby lists the game's declaration (GameInfo.to_dict is /api/games's entry)
    listed = next(i for i in oneiros.games() if i.name == "etherfields").to_dict()
    assert {"name": "scenario", **spec} == {"name": "scenario", **listed["options"][0]}


def test_the_menu_is_open_a_pack_decides_what_it_plays() -> None:
    """Another pack may hold other Dreams: the option parses any text, and the game refuses
    what its own pack cannot play, naming what it can."""
    spec = EtherfieldsGame.info.option("scenario")
    assert spec.open_choices and spec.parse("dream:OD-02") == "dream:OD-02"
    assert "or another the game accepts" in spec.describe_allowed()
    with pytest.raises(ConfigError, match=r"unknown scenario 'dream:OD-02' \(scenarios: "):
        oneiros.make("etherfields", players=2, options={"scenario": "dream:OD-02"})
    game = oneiros.make("etherfields", players=2, options={"scenario": "slumber:OS-03"})
    assert game.scenarios() == list(scenario_menu(content.catalog())[0])
