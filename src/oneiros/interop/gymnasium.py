"""A single-agent Gymnasium environment: one seat of an Oneiros game against bots.

    from oneiros.interop.gymnasium import make
    env = make("lucidity", seat=0, opponents="heuristic", players=4)
    obs, info = env.reset(seed=7)
    while True:
        action = policy(obs["observation"], obs["action_mask"])
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

The observation is a dict with ``observation`` (the seat's ``observation_tensor``, float32)
and ``action_mask`` (int8 over the game's action space); ``env.action_masks()`` gives the
same mask as booleans (the convention of maskable PPO implementations). Chance is sampled
inside the environment from the seed given to ``reset``; the other seats are played by
``oneiros.agents`` bots that only see what their seat may know
(``oneiros.agents.base.view_for``). A step that chooses an action outside the mask ends
the episode with ``illegal_reward`` (``info["illegal_action"]`` names it) and leaves the
game as it was.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from ..agents import Agent, make_agent
from ..agents.base import RandomAgent, view_for
from ..core import ConfigError, Game, IllegalAction, State
from ._common import (
    _CHANCE_ONLY,
    Encoder,
    action_id_at,
    check_reward_mode,
    check_shaping,
    final_rewards,
    make_encoded_game,
    observation_bounds,
    potentials,
    render_text,
)

__all__ = ["OneirosEnv", "make"]

_INDICES = frozenset({int, np.int64, np.int32, np.intp, np.int16, np.int8})
"""The types of an action index that ``step`` looks up among the offered actions (others,
a float or a bool, go through ``action_id_at``'s checks)."""


class OneirosEnv(gymnasium.Env[dict[str, np.ndarray], np.int64]):
    """One seat of an Oneiros game; every other seat is a bot."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 1}

    def __init__(
        self,
        game: str | Game,
        seat: int = 0,
        opponents: str | Sequence[str] = "heuristic",
        players: int | None = None,
        ruleset: str | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        reward: str = "win",
        shaped: bool = False,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        self.game = make_encoded_game(game, players, ruleset, options)
        n = self.game.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ConfigError(f"seat must be a whole number from 0 to {n - 1}, not {seat!r}")
        self.seat = seat
        others = [s for s in range(n) if s != seat]
        if isinstance(opponents, str):
            specs = [opponents] * len(others)
        else:
            specs = list(opponents)
            if len(specs) != len(others) or not all(isinstance(s, str) for s in specs):
                raise ConfigError(
                    f"opponents is one agent spec or a list of {len(others)} specs "
                    f"(one per other seat), not {opponents!r}"
                )
        self.opponents: dict[int, Agent] = {
            s: make_agent(spec, self.game) for s, spec in zip(others, specs, strict=True)
        }
        self.reward_mode = check_reward_mode(reward)
        self.shaped = check_shaping(self.game, shaped)
        self.illegal_reward = float(illegal_reward)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ConfigError(
                f"unknown render_mode {render_mode!r} "
                f"(modes: {', '.join(self.metadata['render_modes'])})"
            )
        self.render_mode = render_mode

        size = self.game.action_space_size
        low, high = observation_bounds(self.game)
        self.action_space = spaces.Discrete(size)
        self.observation_space = spaces.Dict(  # type: ignore[assignment]
            {
                "observation": spaces.Box(
                    low, high, shape=tuple(self.game.observation_shape), dtype=np.float32
                ),
                "action_mask": spaces.Box(0, 1, shape=(size,), dtype=np.int8),
            }
        )
        self._encoder = Encoder(self.game)
        self.game_state: State | None = None
        self._done = True
        self._alone = (seat,)
        """``to_move`` when this seat alone decides."""
        self._tensor: Any = self._encoder.tensor
        self._tensor_to_move = self._encoder.tensor_to_move
        self._to_move: tuple[int, ...] = ()
        """``state.to_move()`` after the bots' decisions (``_advance``)."""
        self._offer: tuple[State, dict[int, Any]] | None = None
        """(state, index -> Action) of the legal actions the last observation offered:
        ``step`` applies the chosen Action itself (the engine's short path)."""

    # ----- the episode -----------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Start a new game; ``seed`` fixes chance and the bots' own randomness.
        ``options`` are not used (game options are given when the environment is made)."""
        super().reset(seed=seed)
        episode_seed = int(self.np_random.integers(0, 2**31 - 1))
        self._rng = random.Random(episode_seed)
        self._view_rng = random.Random(episode_seed + 1)
        for k, agent in enumerate(self.opponents.values()):
            agent.reset(episode_seed + 2 + k)
        self.game_state = self.game.new_state(seed=episode_seed)
        self._potential = potentials(self.game_state) if self.shaped else None
        self._advance()
        self._done = self.game_state.is_terminal()
        return self._observe(), self._info()

    def step(
        self, action: Any
    ) -> tuple[dict[str, np.ndarray], SupportsFloat, bool, bool, dict[str, Any]]:
        if self.game_state is None or self._done:
            raise RuntimeError("the episode is over: call reset() to start a new one")
        state = self.game_state
        offer = self._offer
        self._offer = None
        chosen = None
        if offer is not None and offer[0] is state and type(action) in _INDICES:
            chosen = offer[1].get(int(action))
        if chosen is not None and state.to_move() == self._alone:
            # the frequent case: an index of an action the observation offered, this seat
            # the only one deciding; the core still checks that it is legal in this state
            state.apply(chosen)
            return self._stepped(state)
        action_id = action_id_at(self.game, action, self._encoder.ids)
        try:  # the core refuses an illegal action and changes nothing
            state.apply(action_id, player=self.seat)
        except IllegalAction as exc:
            self._done = True
            info = self._info()
            info["illegal_action"] = action_id
            info["illegal_reason"] = str(exc)
            return self._observe(), self.illegal_reward, True, False, info
        return self._stepped(state)

    def _stepped(
        self, state: State
    ) -> tuple[dict[str, np.ndarray], SupportsFloat, bool, bool, dict[str, Any]]:
        """The rest of a step once this seat's action is applied."""
        reward = self._advance()
        to_move = self._to_move
        if not to_move:  # the game is over (``state.is_terminal()``)
            reward += final_rewards(state, self.reward_mode)[self.seat]
            self._done = True
            return self._observe(), reward, True, False, self._info()
        if to_move == self._alone:
            # the frequent case: this seat alone decides (``_observe``'s short path, and
            # ``_info`` of a game that goes on)
            mask, by_index = self._encoder.offered(state.legal_actions())
            self._offer = (state, by_index)
            tensor = (
                self._tensor(state, self.seat, to_move)
                if self._tensor_to_move
                else self._tensor(state, self.seat)
            )
            obs = {"observation": tensor, "action_mask": mask.copy()}
            return obs, reward, False, False, {"seat": self.seat, "turn": state.turn_number()}
        return self._observe(), reward, False, False, self._info()

    def _advance(self) -> float:
        """Resolve chance and the bots' decisions until this seat decides or the game ends;
        returns the shaping reward gathered on the way (0 without shaping)."""
        state = self.game_state
        assert state is not None
        shaped = 0.0
        rng = self._rng
        while True:
            to_move = state.to_move()
            while to_move == _CHANCE_ONLY:  # resolve_chance, written out
                state.apply(state.sample_chance(rng))
                to_move = state.to_move()
            if not to_move or self.seat in to_move:
                break
            seat = to_move[0] if len(to_move) == 1 else min(to_move)  # acting_seat
            agent = self.opponents[seat]
            if type(agent) is RandomAgent:
                # Its seat's legal actions are all it reads, and they are the seat's to see:
                # no determinized copy is needed.
                chosen = agent.act(state, seat)
            else:
                chosen = agent.act(view_for(state, seat, self._view_rng), seat)
            if len(to_move) == 1:  # the bot's seat alone decides: the engine's short path
                state.apply(chosen)
            else:
                state.apply(chosen.id, player=seat)
        self._to_move = to_move
        if self._potential is not None:
            now = potentials(state)
            shaped = now[self.seat] - self._potential[self.seat]
            self._potential = now
        return shaped

    def _observe(self) -> dict[str, np.ndarray]:
        state = self.game_state
        assert state is not None
        if not self._done and state.to_move() == self._alone:
            # the frequent case: this seat alone decides (the state's own short path); the
            # Actions offered by index are kept for ``step``
            mask, by_index = self._encoder.offered(state.legal_actions())
            self._offer = (state, by_index)
            return {
                "observation": self._encoder.tensor(state, self.seat),
                "action_mask": mask.copy(),
            }
        self._offer = None
        return {
            "observation": self._encoder.tensor(state, self.seat),
            "action_mask": self._mask(np.int8),
        }

    def _mask(self, dtype: Any) -> np.ndarray:
        """The seat's legal actions; once the episode is over, every action (Gymnasium's
        vector environments reset a finished one at the next step and ignore the action
        given there, so a policy that samples from the mask must find one to pick)."""
        state = self.game_state
        assert state is not None
        if self._done:
            return np.ones(self._encoder.size, dtype=dtype)
        return self._encoder.mask(state, self.seat, None if dtype is np.int8 else dtype)

    def _info(self) -> dict[str, Any]:
        state = self.game_state
        assert state is not None
        info: dict[str, Any] = {"seat": self.seat, "turn": state.turn_number()}
        if state.is_terminal():
            info["scores"] = list(state.scores())
            info["winners"] = list(state.winners())
            info["end_reason"] = state.end_reason()
        return info

    def action_masks(self) -> np.ndarray:
        """The legal actions of this seat now, as booleans over the action space (every
        action once the episode is over, as in the observation's mask)."""
        if self.game_state is None:
            raise RuntimeError("call reset() before asking for the action mask")
        return self._mask(bool)

    def action_id(self, index: int) -> str:
        """The stable id (``track:3-5-7``...) of an action index, for logs and people."""
        return action_id_at(self.game, index, self._encoder.ids)

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        if self.game_state is None:
            raise RuntimeError("call reset() before render()")
        text = render_text(self.game_state)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def make(
    game: str | Game,
    seat: int = 0,
    opponents: str | Sequence[str] = "heuristic",
    players: int | None = None,
    **kwargs: Any,
) -> OneirosEnv:
    """A Gymnasium environment where ``seat`` plays ``game`` against ``opponents`` (an agent
    spec such as ``"heuristic"``, ``"random"`` or ``"mcts:iterations=200"``, or one spec per
    other seat).

    Keyword arguments: ``ruleset``, ``options`` (the game's), ``reward`` (``"win"`` or
    ``"score"``), ``shaped`` (add the change of the game's ``reward_potential``),
    ``illegal_reward`` (default -1), ``render_mode`` (``"human"`` or ``"ansi"``).
    """
    return OneirosEnv(game, seat, opponents, players, **kwargs)


def register_envs() -> list[str]:
    """Register ``oneiros/<game>-v0`` with Gymnasium for every game that declares the
    encodings, so ``gymnasium.make("oneiros/lucidity-v0", players=4)`` works; returns the
    ids. Importing this module does it for the games registered then (call it again after
    registering a game of your own)."""
    from ..core import games
    from ..core import make as make_game
    from ._common import declares_encodings

    ids = []
    for info in games():
        if not declares_encodings(make_game(info.name)):
            continue
        env_id = f"oneiros/{info.name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(
                env_id,
                entry_point="oneiros.interop.gymnasium:OneirosEnv",
                kwargs={"game": info.name},
            )
        ids.append(env_id)
    return ids


# Gymnasium 1.x reads no entry-point group (plugins were removed in 1.0): an environment
# package registers its ids when imported, which ``gymnasium.make`` does itself for an id
# written "module:id" ("oneiros.interop.gymnasium:oneiros/lucidity-v0").
register_envs()
