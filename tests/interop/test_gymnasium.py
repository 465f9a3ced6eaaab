"""The single-seat Gymnasium environment: Gymnasium's own ``check_env`` for every game that
declares the encodings, and Pebbles scenarios against bots."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import given
from hypothesis import strategies as st

import oneiros
from oneiros.agents import Agent, register_agent
from oneiros.agents.base import AgentInfo
from oneiros.core import ConfigError
from oneiros.interop.gymnasium import make, register_envs
from tests.interop.cases import CASES, OPTION_CASES, opponent_spec
from tests.interop.shaped import ShapedPebbles


# Render modes are checked through the registered ids below (check_env needs a spec).
@pytest.mark.filterwarnings("ignore:.*Not able to test alternative render modes")
@pytest.mark.parametrize(("name", "ruleset", "players"), CASES)
def test_gymnasium_check_env_every_seat_end(name, ruleset, players):
    for seat in (0, players - 1):
        env = make(name, seat=seat, opponents=opponent_spec(name), players=players, ruleset=ruleset)
        check_env(env)


@pytest.mark.parametrize(("name", "ruleset", "players"), CASES)
def test_registered_ids_pass_check_env_with_render_modes(name, ruleset, players):
    assert f"oneiros/{name}-v0" in register_envs()
    env = gymnasium.make(
        f"oneiros/{name}-v0", opponents=opponent_spec(name), players=players, ruleset=ruleset
    )
    check_env(env.unwrapped)


def mask_ids(env, obs) -> set[str]:
    return {env.game.action_ids()[i] for i in np.flatnonzero(obs["action_mask"])}


def test_reset_hands_over_at_the_seats_first_decision():
    env = make("pebbles", seat=1, opponents="random", players=3)
    obs, info = env.reset(seed=11)
    state = env.game_state
    assert all(card is not None for card in state.cards)  # the deal happened inside
    assert 1 in state.to_move()
    assert mask_ids(env, obs) == {"bet:odd", "bet:even"}
    assert np.array_equal(env.action_masks(), obs["action_mask"].astype(bool))
    assert info == {"seat": 1, "turn": 0}


def test_opponents_play_until_it_is_our_turn_again():
    env = make("pebbles", seat=0, opponents="random", players=2)
    obs, _ = env.reset(seed=3)
    obs, reward, terminated, truncated, _ = env.step(env.game.action_ids().index("bet:odd"))
    assert (reward, terminated, truncated) == (0.0, False, False)
    state = env.game_state
    # Seat 1 has bet (a bot), so seat 0 now faces its turn: roll or stop.
    assert state.bets[1] is not None
    assert state.to_move() == (0,)
    assert mask_ids(env, obs) == {"roll", "stop"}


def test_illegal_action_ends_the_episode_with_the_penalty_and_changes_nothing():
    env = make("pebbles", seat=0, opponents="random", players=2, illegal_reward=-5)
    env.reset(seed=1)
    before = env.game_state.history()
    _, reward, terminated, truncated, info = env.step(env.game.action_ids().index("stop"))
    assert (reward, terminated, truncated) == (-5.0, True, False)
    assert info["illegal_action"] == "stop"
    assert "not legal for seat 0 at bet" in info["illegal_reason"]
    assert env.game_state.history() == before
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(0)


def run_episode(env, seed: int) -> tuple[float, dict]:
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    total = 0.0
    while True:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        total += float(reward)
        if terminated or truncated:
            return total, info


@given(seed=st.integers(0, 2**31 - 1), seat=st.sampled_from([0, 1, 2]))
def test_the_final_reward_is_plus_one_for_a_win_else_minus_one(seed, seat):
    env = make("pebbles", seat=seat, opponents="random", players=3)
    total, info = run_episode(env, seed)
    assert env.game_state.is_terminal()
    assert info["winners"] == env.game_state.winners()
    assert total == (1.0 if seat in info["winners"] else -1.0)


def test_banking_gives_a_shaped_reward():
    env = make(ShapedPebbles(players=2), seat=0, opponents="random", shaped=True)
    env.reset(seed=5)
    ids = env.game.action_ids()
    env.step(ids.index("bet:odd"))
    state = env.game_state
    state.apply("roll")  # force the die: seat 0 rolls a 2, then banks it
    state.apply("roll:2")
    _, reward, terminated, _, _ = env.step(ids.index("stop"))
    assert not terminated
    assert state.banked[0] == 2
    assert reward == pytest.approx(2 / 6)  # the change of seat 0's own potential


@given(seed=st.integers(0, 2**31 - 1))
def test_shaping_terms_cancel_over_an_episode(seed):
    env = make(ShapedPebbles(players=2), seat=1, opponents="random", shaped=True)
    total, info = run_episode(env, seed)
    assert total == pytest.approx(1.0 if 1 in info["winners"] else -1.0)


def test_same_seed_same_episode():
    a = make("pebbles", seat=0, opponents="random", players=3)
    b = make("pebbles", seat=0, opponents="random", players=3)
    run_episode(a, 21)
    run_episode(b, 21)
    assert a.game_state.history() == b.game_state.history()


class SpyAgent(Agent):
    """Records what it was shown, then plays the first legal action."""

    name = "spy"
    seen: list = []

    def act(self, state, player):
        SpyAgent.seen.append((state, player))
        return state.legal_actions(player)[0]


def test_bots_only_see_their_seats_view():
    register_agent(AgentInfo("spy", "records what it sees", SpyAgent))
    SpyAgent.seen.clear()
    env = make("pebbles", seat=0, opponents="spy", players=2)
    env.reset(seed=8)
    env.step(env.game.action_ids().index("bet:even"))
    real = env.game_state
    assert SpyAgent.seen
    for shown, seat in SpyAgent.seen:
        assert seat == 1
        # Pebbles hides cards: the bot gets a determinized copy, never the real state.
        assert shown is not real


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"seat": 2}, "seat must be a whole number from 0 to 1"),
        ({"opponents": ["random", "random"]}, "one agent spec or a list of 1 specs"),
        ({"opponents": "heuristic"}, "pebbles has no heuristic bot"),
        ({"opponents": "genius"}, "unknown agent 'genius'"),
        ({"reward": "money"}, "unknown reward"),
        ({"shaped": True}, "declares no shaped reward"),
        ({"render_mode": "rgb_array"}, "unknown render_mode"),
    ],
)
def test_bad_configuration_is_a_config_error(kwargs, message):
    args = {"opponents": "random", "players": 2, **kwargs}
    with pytest.raises(ConfigError, match=message):
        make("pebbles", **args)


def test_render_ansi():
    env = make("pebbles", opponents="random", players=2, render_mode="ansi")
    env.reset(seed=0)
    assert "decide at the same time: Bet on your card's parity" in env.render()
    assert oneiros.make("pebbles").info.title in env.render()


@pytest.mark.filterwarnings("ignore:.*Not able to test alternative render modes")
@pytest.mark.parametrize(("name", "options"), OPTION_CASES)
def test_gymnasium_check_env_with_every_option_on(name, options):
    # Random opponents: this checks the environment, the bots are tested in their games.
    check_env(make(name, opponents="random", options=options))
