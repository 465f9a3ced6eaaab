"""Every rule of Lucidity is a typed flow step (``steps/<section>.py``): each kind cites a
rule the game explains, shows a prompt to whoever decides, and is plain data (its JSON
form rebuilds it); random games of every configuration meet only such steps."""

from __future__ import annotations

import random
from typing import Any

import pytest

import oneiros
from oneiros.core import CHANCE
from oneiros.core.flow import Actor
from oneiros.core.steps import Step
from oneiros.games.lucidity.kernel_base import KIND_NAMES
from oneiros.games.lucidity.refs import rule_refs
from oneiros.games.lucidity.steps.base import KINDS

CONFIGS: list[tuple[int, str, dict[str, Any]]] = [
    (4, "en", {}),
    (3, "es", {"temptation": "envy", "table_slips": True}),
    (4, "en", {"manifestations": True, "dreamscapes": True, "bone_hunters": 3}),
    (2, "es", {"temptation": "fear", "bone_hunters": 2, "manifestations": True}),
    (3, "en", {"first_player": "random", "table_slips": True, "fourth_shadow_space": True}),
]


@pytest.mark.parametrize("ruleset", ["en", "es"])
def test_every_step_kind_cites_an_explained_rule_and_prompts_who_decides(ruleset: str) -> None:
    game = oneiros.make("lucidity", players=3, ruleset=ruleset)
    refs = rule_refs(ruleset)
    for kind, cls in KINDS.by_kind.items():
        assert game.rule_text(refs[cls.rule]), (kind, cls.rule)
        if cls.actor_kind is not Actor.AUTO:
            assert cls.prompt, kind


def test_every_kind_the_playout_kernel_knows_is_a_step_kind() -> None:
    assert set(KIND_NAMES) <= set(KINDS.by_kind)


@pytest.mark.parametrize(("players", "ruleset", "options"), CONFIGS)
def test_random_games_meet_only_typed_steps_that_rebuild_from_json(
    players: int, ruleset: str, options: dict[str, Any]
) -> None:
    game = oneiros.make("lucidity", players=players, ruleset=ruleset, options=options)
    kinds_met: set[str] = set()
    for seed in range(6):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            for step in state.stack:
                assert type(step) is not Step, step
                assert KINDS.from_json(step.to_json()) == step
                kinds_met.add(step.kind)
            decision = state.decision()
            assert decision is not None and decision.rule and decision.prompt
            if state.to_move() == (CHANCE,):
                state.apply(state.sample_chance(rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
    assert {"track", "draw", "return", "roll", "resolve", "rest"} <= kinds_met
