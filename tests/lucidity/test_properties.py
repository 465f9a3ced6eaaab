"""Generic property checks with Lucidity's invariants: every dream always in exactly one
place, counts never negative, finished games follow the tie-breaks, records replay."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import oneiros
from oneiros.testing import check_observations_json, check_replay, check_terminal, random_playout

from .helpers import ROW_KEYS, check_invariants, check_winners

CONFIGS = [
    (2, "en", {}),
    (3, "en", {}),
    (4, "en", {}),
    (4, "es", {}),
    (3, "es", {"temptation": "envy", "table_slips": True}),
    (4, "en", {"replacement_dice": True, "bone_hunters": 4, "fourth_shadow_space": True}),
    (2, "en", {"bone_hunters": 8, "table_slips": True}),
    (4, "en", {"manifestations": True, "dreamscapes": True}),
    (3, "es", {"manifestations": True, "dreamscapes": True, "bone_hunters": 2}),
]


@pytest.mark.parametrize(("players", "ruleset", "options"), CONFIGS)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_random_play_keeps_every_dream_in_one_place(players, ruleset, options, seed):
    game = oneiros.make("lucidity", players=players, ruleset=ruleset, options=options)
    state = random_playout(game, seed, check=check_invariants)
    check_terminal(state)
    check_winners(state)
    assert state.end_reason() in ("power", "nightmare", "dream", "eliminated")
    check_observations_json(state)
    check_replay(state)
    for event in state.events():
        # every rule the engine applies names its rulebook section
        assert event.rule.startswith(('lucidity-en "', 'lucidity-es "')), event
        assert game.rule_text(event.rule), event.rule


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_heuristic_play_keeps_the_invariants_and_clones_are_independent(seed):
    game = oneiros.make("lucidity", players=4)
    policy = game.heuristic_policy()
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    for _ in range(3000):
        if state.is_terminal():
            break
        if state.is_chance():
            state.apply(state.sample_chance(rng))
        else:
            seat = state.to_move()[0]
            before = state.clone()
            snap = before.snapshot()
            state.apply(policy(state, seat, rng))
            assert before.snapshot() == snap  # the clone did not move with the state
        check_invariants(state)
    assert state.is_terminal()


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_chance_outcomes_sum_to_one_and_sample_is_among_them(seed):
    game = oneiros.make("lucidity", players=3, options={"bone_hunters": 3})
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    while not state.is_terminal():
        if state.is_chance():
            outs = state.chance_outcomes()
            assert abs(sum(p for _, p in outs) - 1) < 1e-9
            a = state.sample_chance(rng)
            assert a in [o for o, _ in outs]
            state.apply(a)
        else:
            acts = state.legal_actions()
            assert len({a.id for a in acts}) == len(acts)
            mask = state.legal_action_mask()
            assert sum(mask) == len(acts)
            state.apply(rng.choice(acts))


def test_observation_format_and_tensor():
    game = oneiros.make("lucidity", players=4)
    state = random_playout(game, 5)
    obs = state.observation(1)
    assert set(obs) >= {"bag", "players", "nightmare_cards", "in_hand", "current", "power"}
    assert set(obs["bag"]) == {"blue", "green", "yellow", "red", "bone"}
    row_keys = set(ROW_KEYS)
    for p in obs["players"]:
        assert set(p) >= {"role", "colour", "rows", "track", "control"}
        assert set(p["rows"]) >= row_keys
    assert obs == state.observation(None) or obs["players"] == state.observation(None)["players"]
    tensor = state.observation_tensor(0)
    assert len(tensor) == game.observation_shape[0]
    assert game.action_space_size == len(set(game.action_ids()))


def test_stats_end_reason_and_turns():
    game = oneiros.make("lucidity", players=3)
    state = random_playout(game, 11)
    st_ = state.stats()
    assert st_["end_reason"] == state.end_reason()
    assert st_["turns"] == state.turn_number() > 0
    assert set(st_) >= {"nightmares", "eaten", "final_power_by_role"}
