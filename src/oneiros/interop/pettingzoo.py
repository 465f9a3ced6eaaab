"""PettingZoo AEC environments for every Oneiros game that declares the ML encodings.

    from oneiros.interop.pettingzoo import env
    e = env("lucidity", players=4)
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else policy(obs["observation"], obs["action_mask"])
        e.step(action)

Agents are ``player_0``...``player_{n-1}`` (seat order). Each observation is a dict with
``observation`` (the game's ``observation_tensor`` for that seat, float32) and
``action_mask`` (int8 over the game's whole action space; all zeros for an agent that is
not selected). Chance (dice, bag and deck draws) is resolved inside the environment from
the seed given to ``reset``. Simultaneous decisions are serialised: the deciding seats act
one after another in seat order, and none of them sees another's choice before the reveal.
Rewards come at the end (see ``reward``), plus, with ``shaped=True``, the change of the
game's declared potential after every step (taken as 0 once the game is over, so the
shaping terms of a game cancel out).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from ..core import ConfigError, Game, IllegalAction, State
from ._common import (
    acting_seat,
    action_id_at,
    agent_name,
    check_reward_mode,
    check_shaping,
    describe_illegal,
    final_rewards,
    make_encoded_game,
    observation_bounds,
    potentials,
    render_text,
    resolve_chance,
)

__all__ = ["OneirosAECEnv", "env", "raw_env"]


class OneirosAECEnv(AECEnv[str, dict[str, np.ndarray], int]):
    """An agent-environment-cycle view of one Oneiros game."""

    metadata: dict[str, Any] = {
        "render_modes": ["human", "ansi"],
        "name": "oneiros_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        ruleset: str | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        reward: str = "win",
        shaped: bool = False,
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = make_encoded_game(game, players, ruleset, options)
        self.reward_mode = check_reward_mode(reward)
        self.shaped = check_shaping(self.game, shaped)
        if max_steps is not None and (isinstance(max_steps, bool) or max_steps <= 0):
            raise ConfigError(f"max_steps must be a positive whole number, not {max_steps!r}")
        self.max_steps = max_steps
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ConfigError(
                f"unknown render_mode {render_mode!r} "
                f"(modes: {', '.join(self.metadata['render_modes'])})"
            )
        self.render_mode = render_mode
        self.metadata = {
            **type(self).metadata,
            "name": f"oneiros_{self.game.name.replace('-', '_')}_v0",
        }

        n = self.game.players
        self.possible_agents = [agent_name(seat) for seat in range(n)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size = self.game.action_space_size
        shape = tuple(self.game.observation_shape)
        low, high = observation_bounds(self.game)
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low, high, shape=shape, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(size,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._np_random: np.random.Generator | None = None
        self.game_state: State | None = None
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = self.possible_agents[0]

    # ----- spaces ----------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ----- the cycle -------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game. ``seed`` fixes every chance outcome of the episode; without it
        the environment's generator continues. ``options`` are not used (game options are
        given when the environment is made)."""
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        episode_seed = int(self._np_random.integers(0, 2**31 - 1))
        self._rng = random.Random(episode_seed)
        self.game_state = self.game.new_state(seed=episode_seed)
        self._steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        resolve_chance(self.game_state, self._rng)
        self._potential = potentials(self.game_state) if self.shaped else None
        self._select()

    def _select(self) -> None:
        state = self._state
        seat = acting_seat(state)
        if seat is None:  # the game ended: every agent leaves with a last step(None)
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = agent_name(seat)

    @property
    def _state(self) -> State:
        if self.game_state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game_state

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self._state
        seat = self._seat[agent]
        obs = np.asarray(state.observation_tensor(seat), dtype=np.float32)
        mask = np.zeros(self.game.action_space_size, dtype=np.int8)
        if agent == self.agent_selection and acting_seat(state) == seat:
            mask[:] = state.legal_action_mask(seat)
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            self._was_dead_step(action)
            return
        state = self._state
        seat = self._seat[agent]
        if action is None:
            raise IllegalAction(
                f"{agent} must choose an action (None is only for a finished agent)"
            )
        action_id = action_id_at(self.game, action)
        if not state.legal_action_mask(seat)[state.action_index(action_id)]:
            raise IllegalAction(describe_illegal(state, seat, action_id))
        self._cumulative_rewards[agent] = 0.0
        state.apply(action_id, player=seat)
        resolve_chance(state, self._rng)
        self._steps += 1

        rewards = [0.0] * self.game.players
        if self._potential is not None:
            now = potentials(state)
            rewards = [b - a for a, b in zip(self._potential, now, strict=True)]
            self._potential = now
        if state.is_terminal():
            rewards = [
                r + f for r, f in zip(rewards, final_rewards(state, self.reward_mode), strict=True)
            ]
            self.infos = {a: self._final_info() for a in self.agents}
        self.rewards = {a: rewards[self._seat[a]] for a in self.agents}
        if not state.is_terminal() and self.max_steps is not None and self._steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _final_info(self) -> dict[str, Any]:
        state = self._state
        return {
            "scores": list(state.scores()),
            "winners": list(state.winners()),
            "end_reason": state.end_reason(),
        }

    # ----- people and tools ------------------------------------------------------------------
    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        text = render_text(self._state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

    def state(self) -> np.ndarray:
        """A global view for centralised critics: every seat's observation tensor, one after
        another (so it includes each seat's private information)."""
        state = self._state
        return np.concatenate(
            [
                np.asarray(state.observation_tensor(seat), dtype=np.float32)
                for seat in range(self.game.players)
            ]
        )


def raw_env(game: str | Game, players: int | None = None, **kwargs: Any) -> OneirosAECEnv:
    """The environment without wrappers."""
    return OneirosAECEnv(game, players, **kwargs)


def env(game: str | Game, players: int | None = None, **kwargs: Any) -> OneirosAECEnv:
    """A PettingZoo AEC environment for ``game`` (a name, as for ``oneiros.make``).

    Keyword arguments: ``ruleset``, ``options`` (the game's), ``reward`` (``"win"``:
    +1/-1 at the end, ``"score"``: the final scores), ``shaped`` (add the change of the
    game's ``reward_potential`` after every step), ``max_steps`` (truncate after that many
    agent steps), ``render_mode`` (``"human"`` or ``"ansi"``).

    Illegal or out-of-range actions raise ``oneiros.IllegalAction`` naming the action and
    the legal ones; the environment is left unchanged.
    """
    return raw_env(game, players, **kwargs)
