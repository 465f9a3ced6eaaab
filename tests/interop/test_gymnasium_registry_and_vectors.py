"""Gymnasium ids without a registration call, and vector environments: the action mask is
valid (not all zeros) on every observation a policy acts on, in both of Gymnasium's
autoreset modes, with sync and async vectorisation."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

import oneiros.interop.gymnasium  # noqa: F401  (registers the ids)
from oneiros.interop.gymnasium import make

SRC = Path(__file__).resolve().parents[2] / "src"


def test_make_by_module_id_works_in_a_fresh_interpreter():
    code = (
        "import gymnasium\n"
        "env = gymnasium.make('oneiros.interop.gymnasium:oneiros/lucidity-v0', players=2,"
        " opponents='random')\n"
        "obs, info = env.reset(seed=1)\n"
        "print(sorted(i for i in gymnasium.registry if i.startswith('oneiros/')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(SRC)},
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "'oneiros/lucidity-v0', 'oneiros/sleep-tight-v0'" in done.stdout


def test_importing_the_adapter_registers_every_encoded_game():
    assert {"oneiros/lucidity-v0", "oneiros/sleep-tight-v0"} <= set(gymnasium.registry)
    env = gymnasium.make("oneiros/sleep-tight-v0", players=3, opponents="random")
    assert env.unwrapped.game.players == 3


def test_the_mask_of_a_finished_episode_allows_every_action():
    env = make("lucidity", seat=0, opponents="random", players=2)
    obs, _ = env.reset(seed=2)
    rng = np.random.default_rng(0)
    terminated = truncated = False
    while not (terminated or truncated):
        assert obs["action_mask"].any()
        assert not obs["action_mask"].all()  # during play: the legal actions only
        obs, _r, terminated, truncated, _ = env.step(
            int(rng.choice(np.flatnonzero(obs["action_mask"])))
        )
    # Gymnasium's vector autoreset ignores the action given on the step after the end.
    assert obs["action_mask"].all()
    assert env.action_masks().all()


@pytest.mark.parametrize("mode", ["sync", "async"])
@pytest.mark.parametrize("autoreset", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP])
def test_vector_envs_always_offer_an_action_to_sample(mode, autoreset):
    envs = gymnasium.make_vec(
        "oneiros/lucidity-v0",
        num_envs=2,
        vectorization_mode=mode,
        vector_kwargs={"autoreset_mode": autoreset},
        players=2,
        opponents="random",
    )
    try:
        obs, _ = envs.reset(seed=5)
        rng = np.random.default_rng(5)
        episodes = 0
        for _ in range(400):
            masks = obs["action_mask"]
            assert masks.any(axis=1).all()  # sampling from each mask never fails
            actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
            obs, _rewards, terminated, truncated, infos = envs.step(actions)
            done = terminated | truncated
            episodes += int(done.sum())
            if autoreset == AutoresetMode.SAME_STEP and done.any():
                # The observation returned is the new episode's first; the last one of the
                # finished episode is in infos["final_obs"].
                assert masks.shape == obs["action_mask"].shape
                assert "final_obs" in infos
        assert episodes >= 2
    finally:
        envs.close()
