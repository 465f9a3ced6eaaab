"""The PPO-style example runs, samples only legal actions and changes its policy."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

import oneiros
from tests.interop.cases import CONFIGS, opponent_spec

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "ppo_skeleton.py"


@pytest.fixture(scope="module")
def ppo():
    spec = importlib.util.spec_from_file_location("ppo_skeleton", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["ppo_skeleton"] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_masked_softmax_gives_illegal_actions_no_probability(ppo):
    p = ppo.masked_softmax(np.array([5.0, 1.0, 1.0, 9.0]), np.array([0, 1, 1, 0], dtype=np.int8))
    assert p.tolist() == [0.0, 0.5, 0.5, 0.0]


def test_training_loop_on_pebbles_updates_the_policy(ppo, capsys):
    history = ppo.main(
        ["--game", "pebbles", "--opponents", "random", "--iterations", "2", "--episodes", "3"]
    )
    assert [row["iteration"] for row in history] == [0, 1]
    assert all(row["steps"] > 0 for row in history)
    assert all(-1.0 <= row["mean_return"] <= 1.0 for row in history)
    assert "iteration 1:" in capsys.readouterr().out


def test_one_update_moves_the_policy_towards_advantaged_actions(ppo):
    env = ppo.make("pebbles", opponents="random", players=2)
    model = ppo.LinearActorCritic(env.observation_space["observation"].shape[0], env.action_space.n)
    batch, _ = ppo.collect(env, model, 2, np.random.default_rng(0), seed=0)
    adv, targets = ppo.gae(batch, gamma=0.99, lam=0.95)
    before = model.W.copy()
    ppo.ppo_update(model, batch, adv, targets)
    assert not np.array_equal(before, model.W)


@pytest.mark.parametrize("name", sorted({c[0] for c in CONFIGS} - {"pebbles"}))
def test_example_runs_against_each_games_bot(ppo, name):
    info = oneiros.make(name).info
    players = info.min_players if info.cooperative else None  # a solo Dream is shortest
    history = ppo.train(
        name, opponents=opponent_spec(name), iterations=1, episodes=1, players=players
    )
    assert history[0]["steps"] > 0


def test_bad_game_is_a_one_line_error(ppo, capsys):
    with pytest.raises(SystemExit) as exit_info:
        ppo.main(["--game", "nope"])
    assert exit_info.value.code == 2
    assert capsys.readouterr().err.startswith("error: unknown game 'nope' (games: ")
