"""Rule references and action ids as a whole: every reference met in play is explained
(``game.rule_text``), no rule key or action id is left over (``refs.py``, ``actions.py``)."""

from __future__ import annotations

import oneiros
from oneiros.games.lucidity.actions import ACTION_IDS

from .helpers import (
    rules_of,
)


def test_unused_rule_keys_are_gone():
    """Every rule key names a section some event or decision cites."""
    from oneiros.games.lucidity.refs import rule_refs

    assert "temptation" not in rule_refs("es") and "replacement" not in rule_refs("en")
    g = oneiros.make("lucidity")
    assert g.rule_text("lucidity-es \"La regla del 'peor caso'\"") is None


def test_every_rule_reference_used_is_explained():
    """Every event and decision reference of a few hundred random games has a rule text."""
    import random

    for ruleset, options in (
        ("en", {"bone_hunters": 3, "manifestations": True}),
        ("es", {"bone_hunters": 2, "temptation": "fear"}),
        ("en", {"dreamscapes": True, "table_slips": True, "fourth_shadow_space": True}),
        ("es", {"table_slips": True}),
    ):
        for players in (2, 4):
            game = oneiros.make("lucidity", players=players, ruleset=ruleset, options=options)
            for seed in range(15):
                state = game.new_state(seed=seed)
                rng = random.Random(seed)
                refs: set[str] = set()
                while not state.is_terminal():
                    d = state.decision()
                    if d is not None:
                        refs.add(d.rule)
                    if state.is_chance():
                        state.apply(state.sample_chance(rng))
                    else:
                        state.apply(rng.choice(state.legal_actions()))
                refs |= set(rules_of(state.events()))
                for ref in refs:
                    assert game.rule_text(ref), ref


def test_minion_none_is_no_longer_an_action_id():
    """lucidity-en "Send Minions": no decision gives nothing (Bone Hunters go back without
    one), so the action space has no `minion:none`; new ids come last."""
    assert "minion:none" not in ACTION_IDS
    assert ACTION_IDS[-2:] == ("reroll:chosen", "replace:bone")


def test_rule_text_for_every_reference_used():
    from oneiros.games.lucidity.refs import all_rule_refs

    g = oneiros.make("lucidity")
    for ref in all_rule_refs():
        assert g.rule_text(ref), ref
