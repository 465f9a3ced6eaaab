"""The game configurations the interop conformance tests run on: every registered game
that declares the machine-learning encodings, for each rule set (default player count)
and for its smallest and largest player counts, plus the test game Pebbles."""

from __future__ import annotations

import pytest

import oneiros
from oneiros.core import register
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


CONFIGS = encoded_configs()
CASES = [pytest.param(*c, id=f"{c[0]}-{c[1]}-{c[2]}p") for c in CONFIGS]


def opponent_spec(name: str) -> str:
    """The heuristic bot when the game has one, random play otherwise."""
    return "heuristic" if oneiros.make(name).heuristic_policy() is not None else "random"


def perfect_information(name: str) -> bool:
    info = oneiros.make(name).info
    return info.perfect_information and not info.simultaneous
