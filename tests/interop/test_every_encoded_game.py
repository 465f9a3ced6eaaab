"""Invariants of the three adapters on every game that declares the encodings, from random
seeds: the masks are the core's legal actions, only the deciding seat has one, rewards are
the winners' +1 and the others' -1, and OpenSpiel histories are the Oneiros record."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import oneiros
from oneiros.core import CHANCE
from oneiros.interop import openspiel
from oneiros.interop.gymnasium import make
from oneiros.interop.pettingzoo import env
from tests.interop.cases import CONFIGS, opponent_spec, perfect_information

openspiel.register()

DEFAULTS = [pytest.param(n, r, p, id=f"{n}-{r}-{p}p") for n, r, p in CONFIGS]
SEEDS = st.integers(0, 2**31 - 1)


@pytest.mark.parametrize(("name", "ruleset", "players"), DEFAULTS)
@settings(max_examples=4, deadline=None)
@given(seed=SEEDS)
def test_pettingzoo_masks_are_the_legal_actions_of_the_deciding_seat(name, ruleset, players, seed):
    e = env(name, players=players, ruleset=ruleset)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    ids = e.game.action_ids()
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        state = e.game_state
        seat = int(agent.split("_")[1])
        assert seat == min(state.to_move())
        legal = {a.id for a in state.legal_actions(seat)}
        assert {ids[i] for i in np.flatnonzero(obs["action_mask"])} == legal
        for other in e.agents:
            if other != agent:
                assert not e.observe(other)["action_mask"].any()
        assert np.array_equal(obs["observation"], np.float32(state.observation_tensor(seat)))
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    winners = e.game_state.winners()
    assert [totals[a] for a in e.possible_agents] == [
        1.0 if s in winners else -1.0 for s in range(players)
    ]


@pytest.mark.parametrize(("name", "ruleset", "players"), DEFAULTS)
@settings(max_examples=3, deadline=None)
@given(seed=SEEDS)
def test_gymnasium_episode_ends_with_the_seats_outcome(name, ruleset, players, seed):
    seat = seed % players
    environment = make(
        name, seat=seat, opponents=opponent_spec(name), players=players, ruleset=ruleset
    )
    obs, _ = environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total = 0.0
    while True:
        state = environment.game_state
        assert seat in state.to_move()
        obs, reward, terminated, truncated, info = environment.step(
            int(rng.choice(np.flatnonzero(obs["action_mask"])))
        )
        total += float(reward)
        if terminated or truncated:
            break
    assert "illegal_action" not in info
    assert total == (1.0 if seat in environment.game_state.winners() else -1.0)


@pytest.mark.parametrize(("name", "ruleset", "players"), DEFAULTS)
@settings(max_examples=3, deadline=None)
@given(seed=SEEDS)
def test_openspiel_history_is_the_oneiros_record(name, ruleset, players, seed):
    game = pyspiel.load_game(openspiel.game_name(name), {"players": players, "ruleset": ruleset})
    ids = game.oneiros_game.action_ids()
    rng = np.random.RandomState(seed % 2**32)
    state = game.new_initial_state()
    expected = []
    while not state.is_terminal():
        core = state.oneiros_state
        if state.is_chance_node():
            outcomes = dict(state.chance_outcomes())
            core_outcomes = {
                state.oneiros_state.action_index(a): p for a, p in core.chance_outcomes()
            }
            assert outcomes == pytest.approx(core_outcomes)
            action = int(rng.choice(list(outcomes), p=list(outcomes.values())))
            expected.append(ids[action])
        else:
            tm = core.to_move()
            assert state.current_player() == min(tm) and CHANCE not in tm
            action = int(rng.choice(state.legal_actions()))
            expected.append([min(tm), ids[action]] if len(tm) > 1 else ids[action])
        state.apply_action(action)
    assert state.oneiros_state.record()["actions"] == expected
    again = oneiros.replay(state.oneiros_state.record())
    assert again.snapshot() == state.oneiros_state.snapshot()


HIDDEN = [c for c in DEFAULTS if not perfect_information(c.values[0])]


@pytest.mark.parametrize(("name", "ruleset", "players"), HIDDEN)
@settings(max_examples=3, deadline=None)
@given(seed=SEEDS)
def test_resampled_worlds_look_the_same_to_the_deciding_seat(name, ruleset, players, seed):
    """What IS-MCTS relies on: a world resampled from a seat's information state gives that
    seat the same information state and the same legal actions."""
    game = pyspiel.load_game(openspiel.game_name(name), {"players": players, "ruleset": ruleset})
    rng = np.random.RandomState(seed % 2**32)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        seat = state.current_player()
        if rng.random_sample() < 0.2:
            world = state.resample_from_infostate(seat, sampler)
            assert world.current_player() == seat
            assert world.information_state_string(seat) == state.information_state_string(seat)
            assert world.observation_tensor(seat) == state.observation_tensor(seat)
            assert world.legal_actions() == state.legal_actions()
        state.apply_action(int(rng.choice(state.legal_actions())))
