"""The agent interface and the registry of agent kinds."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..core import CHANCE, Action, ConfigError, Game, State


class Agent:
    """Picks actions for one seat.

    ``act`` receives a state the seat may look at: for games with hidden information the
    caller passes ``state.determinize(seat, rng)`` (hidden parts resampled), never the real
    state, so an agent cannot read what its seat should not see.
    """

    name: str = "agent"

    def __init__(self, game: Game, seed: int | None = None, **params: Any) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self.params = params

    def act(self, state: State, player: int) -> Action:
        raise NotImplementedError

    def reset(self, seed: int | None = None) -> None:
        """Start a new game (reseeds the agent's own randomness)."""
        self.rng = random.Random(seed)

    @property
    def spec(self) -> str:
        if not self.params:
            return self.name
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in self.params.items())

    def __repr__(self) -> str:
        return f"<Agent {self.spec}>"


class RandomAgent(Agent):
    """Uniformly random legal action."""

    name = "random"

    def act(self, state: State, player: int) -> Action:
        return self.rng.choice(state.legal_actions(player))


class HeuristicAgent(Agent):
    """The game's own heuristic bot (``Game.heuristic_policy``)."""

    name = "heuristic"

    def __init__(self, game: Game, seed: int | None = None, **params: Any) -> None:
        super().__init__(game, seed, **params)
        policy = game.heuristic_policy()
        if policy is None:
            raise ConfigError(f"{game.name} has no heuristic bot")
        self.policy = policy

    def act(self, state: State, player: int) -> Action:
        return self.policy(state, player, self.rng)


@dataclass(frozen=True)
class AgentInfo:
    name: str
    summary: str
    factory: Callable[..., Agent]
    params: dict[str, str] = field(default_factory=dict)
    """Parameter name -> help text."""


_AGENTS: dict[str, AgentInfo] = {}


def register_agent(info: AgentInfo) -> None:
    _AGENTS[info.name] = info


register_agent(AgentInfo("random", "uniformly random legal moves", RandomAgent))
register_agent(AgentInfo("heuristic", "the game's own rule-of-thumb bot", HeuristicAgent))


def agent_specs() -> list[AgentInfo]:
    """Every registered agent kind."""
    _load_builtin()
    return list(_AGENTS.values())


def _load_builtin() -> None:
    import importlib

    for module in ("oneiros.agents.mcts", "oneiros.agents.policy"):
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise


def _parse_value(text: str) -> Any:
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return text


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"mcts:iterations=400,c=1.4"`` -> ``("mcts", {"iterations": 400, "c": 1.4})``."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, Any] = {}
    if rest:
        for part in rest.split(","):
            key, eq, value = part.partition("=")
            if not eq or not key.strip():
                raise ConfigError(f"agent spec {spec!r}: {part!r} is not key=value")
            params[key.strip()] = _parse_value(value.strip())
    return name, params


def make_agent(spec: str, game: Game, seed: int | None = None) -> Agent:
    """An agent from its spec string. Raises ``ConfigError`` for an unknown agent or
    parameter."""
    _load_builtin()
    name, params = parse_spec(spec)
    info = _AGENTS.get(name)
    if info is None:
        raise ConfigError(f"unknown agent {name!r} (agents: {', '.join(sorted(_AGENTS))})")
    unknown = set(params) - set(info.params)
    if unknown:
        allowed = ", ".join(sorted(info.params)) or "none"
        raise ConfigError(
            f"agent {name!r}: unknown parameter {sorted(unknown)[0]!r} (parameters: {allowed})"
        )
    try:
        return info.factory(game, seed=seed, **params)
    except TypeError as exc:
        raise ConfigError(f"agent {spec!r}: {exc}") from None


def view_for(state: State, player: int, rng: random.Random) -> State:
    """The state an agent of ``player`` may look at: the state itself for
    perfect-information games, a determinized copy otherwise."""
    if player == CHANCE or state.game.info.perfect_information:
        return state
    return state.determinize(player, rng)
