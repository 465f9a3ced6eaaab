"""The game configurations the interop conformance tests run on: every registered game
that declares the machine-learning encodings, for each rule set (default player count)
and for its smallest and largest player counts, plus the test game Pebbles."""

from __future__ import annotations

import pytest

import oneiros
from oneiros.core import ConfigError, register
from oneiros.interop._common import declares_encodings
from tests.tinygame import Pebbles

register("pebbles", Pebbles)


def encoded_configs() -> list[tuple[str, str, int]]:
    configs: list[tuple[str, str, int]] = []
    for info in oneiros.games():
        if not declares_encodings(oneiros.make(info.name)):
            continue
        for ruleset in info.rulesets:
            configs.append((info.name, ruleset, info.default_players))
        for players in (info.min_players, info.max_players):
            config = (info.name, info.default_ruleset, players)
            if config not in configs:
                configs.append(config)
    return configs


def all_switches_on(name: str) -> dict[str, bool]:
    """Every yes/no option of the game switched on (expansions, variants), or {} when the
    game has none or refuses that combination."""
    info = oneiros.make(name).info
    options = {o.name: True for o in info.options if o.type is bool and o.default is False}
    try:
        oneiros.make(name, options=options)
    except ConfigError:
        return {}
    return options


CONFIGS = encoded_configs()
CASES = [pytest.param(*c, id=f"{c[0]}-{c[1]}-{c[2]}p") for c in CONFIGS]
OPTION_CASES = [
    pytest.param(name, options, id=f"{name}-{'+'.join(sorted(options))}")
    for name in sorted({c[0] for c in CONFIGS})
    if (options := all_switches_on(name))
]
OPTION_CASES.append(
    pytest.param("etherfields", {"scenario": "journey"}, id="etherfields-scenario=journey")
)
"""Each game with all its yes/no options on, default rule set and player count; and
Etherfields playing a journey of Slumbers (its other tensor and action parts)."""


def opponent_spec(name: str) -> str:
    """The heuristic bot when the game has one, random play otherwise."""
    return "heuristic" if oneiros.make(name).heuristic_policy() is not None else "random"


def perfect_information(name: str) -> bool:
    info = oneiros.make(name).info
    return info.perfect_information and not info.simultaneous
