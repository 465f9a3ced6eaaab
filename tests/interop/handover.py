"""A check shared by the fast-tensor tests: what the PettingZoo and Gymnasium environments
hand over, step after step, is a reference encoding of the acting seat's observation, and
the mask its legal actions."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np

from oneiros.interop.gymnasium import make as gym_make
from oneiros.interop.pettingzoo import env as aec_env


def check_handover(
    name: str, reference: Callable[[Any, int], Any], players: int, seed: int
) -> None:
    """A random AEC game of ``players`` seats, then a 2-player Gymnasium episode as seat 1
    against random opponents, each observation compared with ``reference(state, seat)``."""
    e = aec_env(name, players=players)
    e.reset(seed=seed)
    rng = random.Random(seed)
    checked = 0
    for agent in e.agent_iter():
        obs, _r, terminated, truncated, _i = e.last()
        seat = int(agent.split("_")[1])
        state = e.game_state
        np.testing.assert_array_equal(obs["observation"], reference(state, seat))
        if terminated or truncated:
            e.step(None)
            continue
        np.testing.assert_array_equal(
            obs["action_mask"], np.array(state.legal_action_mask(seat), dtype=np.int8)
        )
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        checked += 1
    assert checked > 50

    g = gym_make(name, seat=1, opponents="random", players=2)
    obs, _ = g.reset(seed=3)
    while True:
        np.testing.assert_array_equal(obs["observation"], reference(g.game_state, 1))
        obs, _r, terminated, truncated, _i = g.step(
            int(rng.choice(np.flatnonzero(obs["action_mask"])))
        )
        if terminated or truncated:
            break
