"""The PettingZoo AEC environment: PettingZoo's own API and seed tests for every game that
declares the encodings, and Pebbles scenarios a player would recognise."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test

import oneiros
from oneiros.core import ConfigError, IllegalAction
from oneiros.interop.pettingzoo import env
from tests.interop.cases import CASES, OPTION_CASES
from tests.interop.shaped import PlainPebbles, ShapedPebbles

# Pebbles observation tensor, 2 seats: [seat 2][own card 6][per seat: odd, even, banked, current]
BET_ODD_OF_SEAT_0 = 2 + 6


def index(e, action_id: str) -> int:
    return e.game.action_ids().index(action_id)


# A dict observation with an action mask (as PettingZoo's classic games use) makes api_test
# say so; these two notes are expected.
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.parametrize(("name", "ruleset", "players"), CASES)
def test_pettingzoo_api_test(name, ruleset, players):
    api_test(env(name, players=players, ruleset=ruleset), num_cycles=1000)


@pytest.mark.parametrize(("name", "ruleset", "players"), CASES)
def test_pettingzoo_seed_test(name, ruleset, players):
    seed_test(lambda: env(name, players=players, ruleset=ruleset), num_cycles=500)


def test_deal_is_resolved_inside_and_bets_are_serialised_and_hidden():
    e = env("pebbles", players=2)
    e.reset(seed=4)
    state = e.game_state
    # The deal (chance) happened inside the environment: both seats hold a card.
    assert all(card is not None for card in state.cards)
    # Both seats bet "at the same time": the environment asks seat 0, then seat 1.
    assert state.to_move() == (0, 1)
    assert e.agent_selection == "player_0"
    mask0 = e.observe("player_0")["action_mask"]
    assert {e.game.action_ids()[i] for i in np.flatnonzero(mask0)} == {"bet:odd", "bet:even"}
    assert not e.observe("player_1")["action_mask"].any()
    e.step(index(e, "bet:odd"))
    assert e.agent_selection == "player_1"
    # Seat 1 does not see seat 0's bet before the reveal...
    assert e.observe("player_1")["observation"][BET_ODD_OF_SEAT_0] == 0.0
    assert e.observe("player_0")["observation"][BET_ODD_OF_SEAT_0] == 1.0
    e.step(index(e, "bet:even"))
    # ...and sees it once every bet is in.
    assert e.observe("player_1")["observation"][BET_ODD_OF_SEAT_0] == 1.0
    assert e.agent_selection == "player_0"
    assert e.game_state.decision().kind == "turn"


def test_same_seed_same_deal_and_different_seeds_differ():
    deals = []
    for seed in range(8):
        e = env("pebbles", players=3)
        e.reset(seed=seed)
        again = env("pebbles", players=3)
        again.reset(seed=seed)
        assert e.game_state.cards == again.game_state.cards
        deals.append(tuple(e.game_state.cards))
    assert len(set(deals)) > 1


def test_reset_without_seed_continues_the_generator():
    e = env("pebbles", players=3)
    e.reset(seed=1)
    first = list(e.game_state.cards)
    e.reset()
    other = env("pebbles", players=3)
    other.reset(seed=1)
    other.reset()
    assert e.game_state.cards == other.game_state.cards
    e.reset(seed=1)
    assert e.game_state.cards == first


def play_out(e, seed: int) -> dict[str, float]:
    """Random legal play to the end; returns each agent's summed rewards."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    finished = []
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _info = e.last()
        totals[agent] += reward
        if terminated or truncated:
            finished.append(agent)
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sorted(finished) == sorted(e.possible_agents)
    assert e.agents == []
    return totals


@given(seed=st.integers(0, 2**31 - 1), players=st.sampled_from([2, 3]))
def test_winners_get_plus_one_and_the_others_minus_one(seed, players):
    e = env("pebbles", players=players)
    totals = play_out(e, seed)
    state = e.game_state
    assert state.is_terminal()
    winners = state.winners()
    assert winners
    for seat, agent in enumerate(e.possible_agents):
        assert totals[agent] == (1.0 if seat in winners else -1.0)


@given(seed=st.integers(0, 2**31 - 1))
def test_score_rewards_are_the_final_scores(seed):
    e = env("pebbles", players=2, reward="score")
    totals = play_out(e, seed)
    assert [totals[a] for a in e.possible_agents] == e.game_state.scores()


@given(seed=st.integers(0, 2**31 - 1))
def test_shaping_terms_cancel_over_a_game(seed):
    """The potential (banked pebbles / 6) is 0 at the start and taken as 0 at the end, so
    shaping moves rewards in time but each seat's total is still its outcome."""
    e = env(ShapedPebbles(players=2), shaped=True)
    totals = play_out(e, seed)
    state = e.game_state
    for seat, agent in enumerate(e.possible_agents):
        outcome = 1.0 if seat in state.winners() else -1.0
        assert totals[agent] == pytest.approx(outcome)


def test_shaping_gives_a_reward_when_pebbles_are_banked():
    e = env(ShapedPebbles(players=2), shaped=True)
    e.reset(seed=0)
    e.step(index(e, "bet:odd"))
    e.step(index(e, "bet:odd"))
    state = e.game_state
    state.apply("roll")  # force the die: seat 0 rolls a 2, then banks it
    state.apply("roll:2")
    e.step(index(e, "stop"))
    assert e.rewards == {"player_0": pytest.approx(2 / 6), "player_1": 0.0}


def test_illegal_action_is_refused_and_changes_nothing():
    e = env("pebbles", players=2)
    e.reset(seed=2)
    before = e.game_state.history()
    with pytest.raises(IllegalAction, match="'roll' is not legal for seat 0 at bet"):
        e.step(index(e, "roll"))
    with pytest.raises(IllegalAction, match=r"outside 0\.\.15"):
        e.step(99)
    with pytest.raises(IllegalAction, match="integer index"):
        e.step("bet")
    with pytest.raises(IllegalAction, match="must choose"):
        e.step(None)
    assert e.game_state.history() == before
    assert e.agent_selection == "player_0"


def test_truncation_after_max_steps():
    e = env("pebbles", players=2, max_steps=2)
    e.reset(seed=3)
    e.step(index(e, "bet:odd"))
    assert not any(e.truncations.values())
    e.step(index(e, "bet:odd"))
    assert all(e.truncations.values())
    assert not any(e.terminations.values())


def test_render_ansi_names_the_decision():
    e = env("pebbles", players=2, render_mode="ansi")
    e.reset(seed=0)
    text = e.render()
    assert "seats 0, 1 decide at the same time: Bet on your card's parity" in text


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: env("nope"), "unknown game 'nope'"),
        (lambda: env("pebbles", players=9), "9 players is not allowed"),
        (lambda: env("pebbles", reward="money"), "unknown reward 'money'"),
        (lambda: env("pebbles", shaped=True), "declares no shaped reward"),
        (lambda: env("pebbles", render_mode="rgb_array"), "unknown render_mode"),
        (lambda: env("pebbles", max_steps=0), "max_steps must be a positive"),
        (lambda: env(PlainPebbles()), "declares no machine-learning encodings"),
    ],
)
def test_bad_configuration_is_a_one_line_config_error(make, message):
    with pytest.raises(ConfigError, match=message):
        make()


def test_global_state_concatenates_every_seat_view():
    e = env("pebbles", players=3)
    e.reset(seed=5)
    assert e.state().shape == (3 * oneiros.make("pebbles", players=3).observation_shape[0],)


@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.parametrize(("name", "options"), OPTION_CASES)
def test_pettingzoo_api_and_seed_tests_with_every_option_on(name, options):
    api_test(env(name, options=options), num_cycles=1000)
    seed_test(lambda: env(name, options=options), num_cycles=500)


def test_agent_iter_yields_the_selected_agent_up_to_max_iter_and_again_when_iterated_again():
    """As PettingZoo's iterator: the agent to act, at most ``max_iter`` of them, each
    iteration of the iterable starting again; nothing once every agent has left."""
    e = env("pebbles", players=2)
    e.reset(seed=1)
    agents = e.agent_iter(3)
    seen = []
    for agent in agents:
        assert agent == e.agent_selection
        seen.append(agent)
        e.step(int(np.flatnonzero(e.last()[0]["action_mask"])[0]))
    assert seen[:2] == ["player_0", "player_1"] and len(seen) == 3
    assert len(list(zip(agents, range(5), strict=False))) == 3  # a new pass, up to 3 again
    play_out(e, 4)
    assert list(e.agent_iter()) == []
