"""The PettingZoo parallel API: PettingZoo's own ``parallel_api_test`` and ``state_test``
for every game that declares the encodings, the ``max_cycles`` truncation both APIs share,
and Pebbles and Sleep Tight scenarios where seats decide at the same time."""

from __future__ import annotations

import random

import numpy as np
import pytest
from gymnasium import spaces
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import parallel_api_test, state_test

from oneiros.core import ConfigError, IllegalAction
from oneiros.interop.pettingzoo import env, parallel_env
from tests.interop.cases import CASES, OPTION_CASES
from tests.interop.shaped import ShapedPebbles

# Pebbles observation tensor, 2 seats: [seat 2][own card 6][per seat: odd, even, banked, current]
BET_ODD_OF_SEAT_0 = 2 + 6


def index(p, action_id: str) -> int:
    return p.game.action_ids().index(action_id)


def legal_ids(p, obs) -> set[str]:
    return {p.game.action_ids()[i] for i in np.flatnonzero(obs["action_mask"])}


@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize(("name", "ruleset", "players"), CASES)
def test_pettingzoo_parallel_api_test(name, ruleset, players):
    parallel_api_test(parallel_env(name, players=players, ruleset=ruleset), num_cycles=1000)


@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize(("name", "options"), OPTION_CASES)
def test_pettingzoo_parallel_api_test_with_every_option_on(name, options):
    parallel_api_test(parallel_env(name, options=options), num_cycles=500)


class LegalSampling(spaces.Discrete):
    """An action space whose ``sample()`` draws a legal action of the agent now.

    PettingZoo's ``state_test`` steps the AEC environment with ``action_space.sample()``
    over the whole space; an Oneiros game refuses illegal actions (``IllegalAction``), so
    the test is given spaces that sample from the agent's mask."""

    def __init__(self, e, agent: str) -> None:
        super().__init__(e.game.action_space_size, seed=0)
        self.e, self.agent = e, agent

    def sample(self, mask=None, probability=None):
        legal = np.flatnonzero(self.e.observe(self.agent)["action_mask"])
        return int(self.np_random.choice(legal)) if len(legal) else 0


def with_legal_sampling(e):
    e.action_spaces = {a: LegalSampling(e, a) for a in e.possible_agents}
    return e


@pytest.mark.filterwarnings("ignore:State numpy array is all zeros")
@pytest.mark.parametrize(("name", "ruleset", "players"), CASES)
def test_pettingzoo_state_test(name, ruleset, players):
    aec = with_legal_sampling(env(name, players=players, ruleset=ruleset))
    state_test(aec, parallel_env(name, players=players, ruleset=ruleset), num_cycles=200)


def test_simultaneous_bets_are_chosen_together_and_applied_together():
    p = parallel_env("pebbles", players=2)
    obs, infos = p.reset(seed=4)
    assert infos == {"player_0": {}, "player_1": {}}
    # Both seats decide now, from the same position: each is offered its bet.
    assert legal_ids(p, obs["player_0"]) == legal_ids(p, obs["player_1"]) == {"bet:odd", "bet:even"}
    obs, rewards, terminations, truncations, _ = p.step(
        {"player_0": index(p, "bet:odd"), "player_1": index(p, "bet:even")}
    )
    state = p.game_state
    assert state.bets == ["odd", "even"]
    # After the step both bets are revealed to both seats, and seat 0 takes its turn.
    assert obs["player_1"]["observation"][BET_ODD_OF_SEAT_0] == 1.0
    assert legal_ids(p, obs["player_0"]) == {"roll", "stop"}
    assert not obs["player_1"]["action_mask"].any()
    assert rewards == {"player_0": 0.0, "player_1": 0.0}
    assert not any(terminations.values()) and not any(truncations.values())


def test_an_illegal_or_missing_action_changes_nothing():
    p = parallel_env("pebbles", players=2)
    p.reset(seed=2)
    before = p.game_state.history()
    with pytest.raises(IllegalAction, match="'roll' is not legal for seat 1 at bet"):
        p.step({"player_0": index(p, "bet:odd"), "player_1": index(p, "roll")})
    with pytest.raises(IllegalAction, match="player_1 decides now"):
        p.step({"player_0": index(p, "bet:odd")})
    assert p.game_state.history() == before
    # An action for a seat that does not decide is ignored.
    p.step({"player_0": index(p, "bet:odd"), "player_1": index(p, "bet:odd")})
    p.step({"player_0": index(p, "stop"), "player_1": 0})
    assert p.game_state.history()[-1] == "stop"


def play_out(p, seed: int) -> tuple[dict[str, float], dict]:
    rng = np.random.default_rng(seed)
    obs, _ = p.reset(seed=seed)
    totals = dict.fromkeys(p.possible_agents, 0.0)
    infos: dict = {}
    while p.agents:
        actions = {
            a: int(rng.choice(np.flatnonzero(o["action_mask"])))
            for a, o in obs.items()
            if o["action_mask"].any()
        }
        obs, rewards, terminations, _truncations, infos = p.step(actions)
        for a, r in rewards.items():
            totals[a] += r
    assert all(terminations.values())
    return totals, infos


@settings(max_examples=30)
@given(seed=st.integers(0, 2**31 - 1), players=st.sampled_from([2, 3]))
def test_winners_get_plus_one_and_the_others_minus_one(seed, players):
    p = parallel_env("pebbles", players=players)
    totals, infos = play_out(p, seed)
    winners = p.game_state.winners()
    assert infos["player_0"]["winners"] == winners
    assert totals == {f"player_{s}": 1.0 if s in winners else -1.0 for s in range(players)}


@settings(max_examples=20)
@given(seed=st.integers(0, 2**31 - 1))
def test_shaping_terms_cancel_over_a_game(seed):
    p = parallel_env(ShapedPebbles(players=2), shaped=True)
    totals, _ = play_out(p, seed)
    winners = p.game_state.winners()
    for s in range(2):
        assert totals[f"player_{s}"] == pytest.approx(1.0 if s in winners else -1.0)


def test_same_seed_same_game():
    a, b = parallel_env("sleep-tight", players=3), parallel_env("sleep-tight", players=3)
    play_out(a, 9)
    play_out(b, 9)
    assert a.game_state.history() == b.game_state.history()


def test_sleep_tight_seats_deciding_together_act_in_one_step():
    # sleep-tight "Setup" and "Phase 2/3": the players keep, buy and play at the same time.
    # In the parallel API every deciding seat chooses from the observations taken before
    # any of them acts, and all the choices are applied in that one step.
    p = parallel_env("sleep-tight", players=3)
    obs, _ = p.reset(seed=3)
    rng = random.Random(0)
    together = 0
    for _ in range(300):
        if not p.agents:
            break
        deciding = [a for a, o in obs.items() if o["action_mask"].any()]
        actions = {a: rng.choice(sorted(legal_ids_index(obs[a]))) for a in deciding}
        before = len(p.game_state.history())
        obs, *_ = p.step(actions)
        if len(deciding) > 1:
            applied = [
                entry for entry in p.game_state.history()[before:] if isinstance(entry, list)
            ]
            ids = p.game.action_ids()
            # Each deciding seat's choice was applied in this step (unless an earlier
            # seat's act made it illegal, which then shows in the next observation).
            for a in deciding:
                seat = int(a.split("_")[1])
                if [seat, ids[actions[a]]] in applied:
                    together += 1
    assert together > 50


def legal_ids_index(o) -> set[int]:
    return {int(i) for i in np.flatnonzero(o["action_mask"])}


@pytest.mark.parametrize("name", ["pebbles", "lucidity", "sleep-tight"])
def test_max_cycles_truncates_the_parallel_env_after_that_many_steps(name):
    p = parallel_env(name, max_cycles=4)
    obs, _ = p.reset(seed=0)
    steps = 0
    rng = np.random.default_rng(0)
    while p.agents:
        actions = {
            a: int(rng.choice(np.flatnonzero(o["action_mask"])))
            for a, o in obs.items()
            if o["action_mask"].any()
        }
        obs, _r, terminations, truncations, _ = p.step(actions)
        steps += 1
    assert steps == 4
    assert all(truncations.values()) and not any(terminations.values())


def test_max_cycles_in_the_aec_env_is_one_step_per_agent_per_cycle():
    e = env("pebbles", players=2, max_cycles=2)
    e.reset(seed=3)
    counts = dict.fromkeys(e.possible_agents, 0)
    for agent in e.agent_iter():
        _obs, _r, terminated, truncated, _ = e.last()
        if terminated or truncated:
            assert truncated and not terminated
            e.step(None)
            continue
        counts[agent] += 1
        e.step(int(np.flatnonzero(e.observe(agent)["action_mask"])[0]))
    assert sum(counts.values()) == 2 * 2


def test_the_older_max_steps_still_counts_agent_steps():
    e = env("pebbles", players=2, max_steps=3)
    e.reset(seed=3)
    for _ in range(3):
        assert not any(e.truncations.values())
        e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    assert all(e.truncations.values())


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"max_cycles": 0}, "max_cycles must be a positive"),
        ({"max_cycles": True}, "max_cycles must be a positive"),
        ({"render_mode": "rgb_array"}, "unknown render_mode"),
        ({"reward": "money"}, "unknown reward"),
    ],
)
def test_bad_configuration_is_a_config_error(kwargs, message):
    with pytest.raises(ConfigError, match=message):
        parallel_env("pebbles", **kwargs)
    with pytest.raises(ConfigError, match=message):
        env("pebbles", **kwargs)


def test_step_after_the_end_asks_for_reset():
    p = parallel_env("pebbles", players=2)
    play_out(p, 1)
    with pytest.raises(RuntimeError, match="call reset"):
        p.step({})
