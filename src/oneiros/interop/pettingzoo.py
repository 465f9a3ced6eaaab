"""PettingZoo environments for every Oneiros game that declares the ML encodings: the
agent-environment-cycle API (``env``) and the parallel API (``parallel_env``).

    from oneiros.interop.pettingzoo import env
    e = env("lucidity", players=4)
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else policy(obs["observation"], obs["action_mask"])
        e.step(action)

    from oneiros.interop.pettingzoo import parallel_env
    p = parallel_env("sleep-tight", players=4)
    observations, infos = p.reset(seed=7)
    while p.agents:
        actions = {a: policy(o["observation"], o["action_mask"])
                   for a, o in observations.items() if o["action_mask"].any()}
        observations, rewards, terminations, truncations, infos = p.step(actions)

Agents are ``player_0``...``player_{n-1}`` (seat order). Each observation is a dict with
``observation`` (the game's ``observation_tensor`` for that seat, float32) and
``action_mask`` (int8 over the game's whole action space; all zeros for an agent that does
not decide now). Chance (dice, bag and deck draws) is resolved inside the environment from
the seed given to ``reset``. In the AEC API simultaneous decisions are serialised: the
deciding seats act one after another in seat order; hidden choices stay hidden until the
reveal, but a later seat sees an earlier seat's public act (a Sleep Tight buy). In the
parallel API every deciding seat chooses from the same observations and the choices are
applied together. Rewards
come at the end (see ``reward``), plus, with ``shaped=True``, the change of the game's
declared potential after every step (taken as 0 once the game is over, so the shaping
terms of a game cancel out).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils.env import AECIterable

from ..core import CHANCE, ConfigError, Game, IllegalAction, State
from ._common import (
    _CHANCE_ONLY,
    Encoder,
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

__all__ = ["OneirosAECEnv", "OneirosParallelEnv", "env", "parallel_env", "raw_env"]

RENDER_MODES = ["human", "ansi"]


def _positive(name: str, value: int | None) -> int | None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value <= 0):
        raise ConfigError(f"{name} must be a positive whole number, not {value!r}")
    return value


class _Oneiros:
    """What both APIs share: the configured game, spaces, encoder, rewards, render."""

    metadata: dict[str, Any]
    render_mode: str | None

    def _configure(
        self,
        game: str | Game,
        players: int | None,
        ruleset: str | None,
        options: Mapping[str, Any] | None,
        reward: str,
        shaped: bool,
        render_mode: str | None,
    ) -> None:
        self.game = make_encoded_game(game, players, ruleset, options)
        self.reward_mode = check_reward_mode(reward)
        self.shaped = check_shaping(self.game, shaped)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ConfigError(
                f"unknown render_mode {render_mode!r} (modes: {', '.join(RENDER_MODES)})"
            )
        self.render_mode = render_mode
        self.metadata = {
            **type(self).metadata,
            "name": f"oneiros_{self.game.name.replace('-', '_')}_v0",
        }
        n = self.game.players
        self.possible_agents = [agent_name(seat) for seat in range(n)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._encoder = Encoder(self.game)
        size = self._encoder.size
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
        flat = int(np.prod(shape))
        self.state_space = spaces.Box(low, high, shape=(n * flat,), dtype=np.float32)
        self._np_random: np.random.Generator | None = None
        self.game_state: State | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def _state(self) -> State:
        if self.game_state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game_state

    def _new_game(self, seed: int | None) -> State:
        """A new game; ``seed`` fixes every chance outcome, without it the environment's
        generator continues."""
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        episode_seed = int(self._np_random.integers(0, 2**31 - 1))
        self._rng = random.Random(episode_seed)
        self.game_state = self.game.new_state(seed=episode_seed)
        resolve_chance(self.game_state, self._rng)
        self._potential = potentials(self.game_state) if self.shaped else None
        return self.game_state

    def _step_rewards(self, state: State) -> list[float] | None:
        """Each seat's reward for the last step (None: all zero)."""
        rewards: list[float] | None = None
        if self._potential is not None:
            now = potentials(state)
            rewards = [b - a for a, b in zip(self._potential, now, strict=True)]
            self._potential = now
        if state.is_terminal():
            final = final_rewards(state, self.reward_mode)
            rewards = (
                final if rewards is None else [r + f for r, f in zip(rewards, final, strict=True)]
            )
        return rewards

    def _final_info(self) -> dict[str, Any]:
        state = self._state
        return {
            "scores": list(state.scores()),
            "winners": list(state.winners()),
            "end_reason": state.end_reason(),
        }

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
            [self._encoder.tensor(state, seat).ravel() for seat in range(self.game.players)]
        )


class OneirosAECEnv(_Oneiros, AECEnv[str, dict[str, np.ndarray], int]):
    """An agent-environment-cycle view of one Oneiros game."""

    metadata: dict[str, Any] = {
        "render_modes": RENDER_MODES,
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
        max_cycles: int | None = None,
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self._configure(game, players, ruleset, options, reward, shaped, render_mode)
        self.max_cycles = _positive("max_cycles", max_cycles)
        self.max_steps = _positive("max_steps", max_steps)
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = self.possible_agents[0]
        self._acting: int | None = None
        self._rewards_given = False
        self._offer: tuple[Any, int, dict[int, Any]] | None = None
        """(state, seat, index -> Action) of the legal actions the last observation offered
        the acting seat: ``step`` applies the chosen Action itself (the engine's short path)."""
        self._tensor: Any = self._encoder.tensor
        self._tensor_to_move = self._encoder.tensor_to_move
        self._leaving = False
        """Whether an agent is terminated or truncated (then ``step`` may be its last)."""
        self._limit: int | None = None
        self._plain = False
        self._alone = [(seat,) for seat in range(self.game.players)]
        """``to_move`` when seat ``k`` alone decides (``_alone[k]``)."""
        self._offers = self._encoder.offers

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game. ``seed`` fixes every chance outcome of the episode; without it
        the environment's generator continues. ``options`` are not used (game options are
        given when the environment is made)."""
        self._new_game(seed)
        self._steps = 0
        self.agents = self.possible_agents[:]
        self._zero = dict.fromkeys(self.agents, 0.0)
        self.rewards = dict(self._zero)
        self._rewards_given = False
        self._cumulative_rewards = dict(self._zero)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._leaving = False
        self._limit = self._step_limit()
        self._plain = (
            self._potential is None and self._limit is None and self.render_mode != "human"
        )
        """Whether a step has nothing to add up, no limit to check and nothing to render."""
        self._select()

    def _select(self, to_move: tuple[int, ...] | None = None) -> None:
        """Select the agent that acts next (``to_move``: the state's, when known)."""
        seat = self._acting = acting_seat(self._state, to_move)
        if seat is None:  # the game ended: every agent leaves with a last step(None)
            self.terminations = dict.fromkeys(self.agents, True)
            self._leaving = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[seat]

    def _step_limit(self) -> int | None:
        """Agent steps before truncation: ``max_cycles`` cycles of one step per agent, or
        the older ``max_steps`` agent steps (the smaller when both are given)."""
        limits = [self.max_steps] if self.max_steps is not None else []
        if self.max_cycles is not None:
            limits.append(self.max_cycles * self.game.players)
        return min(limits) if limits else None

    def agent_iter(self, max_iter: int = 2**63) -> AECIterable[str, dict[str, np.ndarray], int]:
        """Yields the agent that acts next (``agent_selection``) until every agent has
        left or ``max_iter`` agents were yielded (PettingZoo's ``agent_iter``, iterated by a
        generator)."""
        return _AgentIterable(self, max_iter)

    def last(
        self, observe: bool = True
    ) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation, cumulative reward, termination, truncation and
        info (PettingZoo's ``last``)."""
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self.game_state
        if state is None:
            raise RuntimeError("call reset() before using the environment")
        seat = self._seat[agent]
        if seat == self._acting and agent == self.agent_selection:
            # The mask is the seat's legal actions when it is the selected agent and decides
            # now (checked against the state too, should it have been changed from outside).
            to_move = state.to_move()
            if to_move == self._alone[seat]:
                # the only seat deciding: the state's own short path (no seat to check)
                legal = state.legal_actions()
            elif seat in to_move:
                legal = state.legal_actions(seat)
            else:
                legal = None
            if legal is not None:
                # Encoder.offered, its look-up written out (a few lists of Actions recur)
                key = tuple(map(id, legal))
                offer = self._offers.get(key)
                if offer is None:
                    offer = self._encoder.offered(legal, key)
                self._offer = (state, seat, offer[1])
                tensor = (
                    self._tensor(state, seat, to_move)
                    if self._tensor_to_move
                    else self._tensor(state, seat)
                )
                return {"observation": tensor, "action_mask": offer[0].copy()}
        return {
            "observation": self._tensor(state, seat),
            "action_mask": self._encoder.mask(state, None),
        }

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self._leaving and (self.terminations[agent] or self.truncations[agent]):
            self._was_dead_step(action)
            return
        state = self.game_state
        if state is None:
            raise RuntimeError("call reset() before using the environment")
        seat = self._seat[agent]
        offer = self._offer
        self._offer = None
        chosen = None
        if offer is not None and type(action) is int and offer[0] is state and offer[1] == seat:
            chosen = offer[2].get(action)
        if chosen is not None:
            if state.to_move() == self._alone[seat]:
                # the frequent case: an index of an action the observation offered, the seat
                # the only one deciding; the core still checks that it is legal in this state
                state.apply(chosen)
            else:
                # one of several seats deciding together (the core checks the seat and the
                # action)
                state.apply(chosen, player=seat)
        else:
            ids = self._encoder.ids
            if type(action) is int and 0 <= action < len(ids):
                action_id = ids[action]  # checked
            elif action is None:
                raise IllegalAction(
                    f"{agent} must choose an action (None is only for a finished agent)"
                )
            else:
                action_id = action_id_at(self.game, action, ids)
            # The core refuses an illegal action and changes nothing.
            state.apply(action_id, player=seat)
        self._cumulative_rewards[agent] = 0.0
        to_move = state.to_move()
        if to_move == _CHANCE_ONLY:  # resolve_chance, written out
            rng = self._rng
            while to_move == _CHANCE_ONLY:
                state.apply(state.sample_chance(rng))
                to_move = state.to_move()
        self._steps += 1
        if self._plain and to_move:
            # the frequent case: the game goes on (one seat or several decide next: the
            # first in seat order acts, see ``acting_seat``), nothing to add up, no step
            # limit, nothing to render, and the rewards are already all zero unless a reward
            # was given at the last step
            if self._rewards_given:
                self._zero_rewards()
            seat = self._acting = to_move[0] if len(to_move) == 1 else min(to_move)
            self.agent_selection = self.possible_agents[seat]
            return
        if len(to_move) == 1 and self._potential is None and self._limit is None:
            if self._rewards_given:
                self._zero_rewards()
            seat = self._acting = to_move[0]
            self.agent_selection = self.possible_agents[seat]
        else:
            self._after_step(state, agent, to_move)
        if self.render_mode == "human":
            self.render()

    def _after_step(self, state: State, agent: str, to_move: tuple[int, ...]) -> None:
        """The rest of ``step`` when the game ended, rewards are given, a limit is set or
        several seats decide next."""
        over = not to_move
        if self._potential is None and not over:
            if self._rewards_given:
                self._zero_rewards()
        else:
            rewards = self._step_rewards(state)
            if rewards is None:
                if self._rewards_given:
                    self._zero_rewards()
            else:
                self._rewards_given = True
                self.rewards = {a: rewards[self._seat[a]] for a in self.agents}
                for a in self.agents:
                    self._cumulative_rewards[a] += self.rewards[a]
        if over:
            self.infos = {a: self._final_info() for a in self.agents}
        elif self._limit is not None and self._steps >= self._limit:
            self.truncations = dict.fromkeys(self.agents, True)
            self._leaving = True
        self._select(to_move)

    def _zero_rewards(self) -> None:
        """Every agent's reward back to 0 (after a step that gave one)."""
        self.rewards = dict(self._zero)
        self._rewards_given = False


class _AgentIterable(AECIterable[str, dict[str, np.ndarray], int]):
    """``agent_iter``'s iterable: each iteration a generator over ``agent_selection``,
    which stops when the agents have all left or after ``max_iter`` agents, as
    PettingZoo's iterator does."""

    def __iter__(self) -> Iterator[str]:
        env = self.env
        left = self.max_iter
        while env.agents and left > 0:
            left -= 1
            yield env.agent_selection


class OneirosParallelEnv(_Oneiros, ParallelEnv[str, dict[str, np.ndarray], int]):
    """The parallel view of one Oneiros game: at each step every seat that decides now
    (several at a simultaneous decision, one otherwise) chooses from the same
    observations; the choices are applied in seat order.

    A seat's action must be legal in the mask it was given. When an earlier seat's public
    act in the same step makes it illegal (the last card bought, say), it is not applied
    and the seat decides again at the next step, having seen that act. Actions given for
    agents that do not decide now are ignored.
    """

    metadata: dict[str, Any] = {
        "render_modes": RENDER_MODES,
        "name": "oneiros_v0",
        "is_parallelizable": True,
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
        max_cycles: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        self._configure(game, players, ruleset, options, reward, shaped, render_mode)
        self.max_cycles = _positive("max_cycles", max_cycles)
        self.agents: list[str] = []

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, Any]]]:
        """Start a new game (``seed`` as in the AEC environment); returns every agent's
        observation and an empty info."""
        self._new_game(seed)
        self._steps = 0
        self.agents = self.possible_agents[:]
        return self._observations(), {a: {} for a in self.agents}

    def _deciding(self, state: State) -> list[int]:
        return [s for s in state.to_move() if s != CHANCE]

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        state = self._state
        deciding = self._deciding(state)
        enc = self._encoder
        return {
            a: {
                "observation": enc.tensor(state, self._seat[a]),
                "action_mask": enc.mask(
                    state, self._seat[a] if self._seat[a] in deciding else None
                ),
            }
            for a in self.agents
        }

    def step(
        self, actions: Mapping[str, Any]
    ) -> tuple[
        dict[str, dict[str, np.ndarray]],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        if not self.agents:
            raise RuntimeError("the game is over: call reset() to start a new one")
        state = self._state
        chosen: list[tuple[int, str]] = []
        for seat in self._deciding(state):
            agent = self.possible_agents[seat]
            if actions.get(agent) is None:
                raise IllegalAction(f"{agent} decides now and must be given an action")
            action_id = action_id_at(self.game, actions[agent], self._encoder.ids)
            if action_id not in {a.id for a in state.legal_actions(seat)}:
                # Every seat's action is checked before any is applied: nothing changes.
                raise IllegalAction(describe_illegal(state, seat, action_id))
            chosen.append((seat, action_id))
        for seat, action_id in chosen:
            if seat not in state.to_move():
                continue
            if any(a.id == action_id for a in state.legal_actions(seat)):
                state.apply(action_id, player=seat)
                resolve_chance(state, self._rng)
        self._steps += 1
        agents = self.agents
        step_rewards = self._step_rewards(state)
        rewards = {a: 0.0 if step_rewards is None else step_rewards[self._seat[a]] for a in agents}
        over = state.is_terminal()
        truncated = not over and self.max_cycles is not None and self._steps >= self.max_cycles
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, truncated)
        infos: dict[str, dict[str, Any]] = {a: self._final_info() if over else {} for a in agents}
        observations = self._observations()
        if over or truncated:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos


def raw_env(game: str | Game, players: int | None = None, **kwargs: Any) -> OneirosAECEnv:
    """The AEC environment without wrappers."""
    return OneirosAECEnv(game, players, **kwargs)


def env(game: str | Game, players: int | None = None, **kwargs: Any) -> OneirosAECEnv:
    """A PettingZoo AEC environment for ``game`` (a name, as for ``oneiros.make``).

    Keyword arguments: ``ruleset``, ``options`` (the game's), ``reward`` (``"win"``:
    +1/-1 at the end, ``"score"``: the final scores), ``shaped`` (add the change of the
    game's ``reward_potential`` after every step), ``max_cycles`` (truncate after that many
    cycles, a cycle being one agent step per agent: ``max_cycles * players`` agent steps;
    the older ``max_steps`` counts agent steps), ``render_mode`` (``"human"`` or
    ``"ansi"``).

    Illegal or out-of-range actions raise ``oneiros.IllegalAction`` naming the action and
    the legal ones; the environment is left unchanged.
    """
    return raw_env(game, players, **kwargs)


def parallel_env(game: str | Game, players: int | None = None, **kwargs: Any) -> OneirosParallelEnv:
    """A PettingZoo parallel environment for ``game``: every seat that decides now acts in
    the same step. Keyword arguments as for ``env`` (``max_cycles`` counts parallel
    steps; there is no ``max_steps``)."""
    return OneirosParallelEnv(game, players, **kwargs)
