"""The one game loop every surface uses: simulation, the terminal UI, the web table.

Seeds: game ``i`` of a run with base seed ``S`` is played with :func:`game_seed` ``(S, i)``,
whatever the number of workers or the backend, and everything random in that game (chance
outcomes, each agent's own randomness, the determinizations handed to agents) is derived
from that one number. So a run is reproducible game by game.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..agents.base import Agent, view_for
from ..core import CHANCE, Action, ConfigError, Game, IllegalAction, State

DECISION_LIMIT = "decision-limit"
"""End reason recorded when a game passes ``GameInfo.max_decisions`` without ending."""


def derive_seed(*parts: object) -> int:
    """A stable 63-bit seed from any printable parts (same on every machine and Python)."""
    text = ":".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def game_seed(base_seed: int, index: int) -> int:
    """The seed of game ``index`` in a run started with ``base_seed``."""
    return derive_seed("game", base_seed, index)


@dataclass
class GameResult:
    """What one finished game tells a statistician (one JSON line in ``runs.jsonl``)."""

    index: int
    seed: int
    game: str
    ruleset: str
    players: int
    options: dict[str, Any]
    agents: list[str]
    """The agent spec of each seat."""
    scores: list[float]
    winners: list[int]
    turns: int
    decisions: int
    """Actions chosen by seats (chance outcomes not counted)."""
    actions: int
    """Every applied action, chance outcomes included."""
    end_reason: str | None
    stats: dict[str, Any] = field(default_factory=dict)
    record: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "index": self.index,
            "seed": self.seed,
            "game": self.game,
            "ruleset": self.ruleset,
            "players": self.players,
            "options": self.options,
            "seats": list(range(self.players)),
            "agents": self.agents,
            "scores": self.scores,
            "winners": self.winners,
            "turns": self.turns,
            "decisions": self.decisions,
            "actions": self.actions,
            "end_reason": self.end_reason,
            "stats": self.stats,
        }
        if self.record is not None:
            out["record"] = self.record
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameResult:
        try:
            return cls(
                index=int(data["index"]),
                seed=int(data["seed"]),
                game=str(data["game"]),
                ruleset=str(data["ruleset"]),
                players=int(data["players"]),
                options=dict(data.get("options") or {}),
                agents=[str(a) for a in data["agents"]],
                scores=[float(s) for s in data["scores"]],
                winners=[int(w) for w in data["winners"]],
                turns=int(data["turns"]),
                decisions=int(data["decisions"]),
                actions=int(data.get("actions", data["decisions"])),
                end_reason=data.get("end_reason"),
                stats=dict(data.get("stats") or {}),
                record=data.get("record"),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ConfigError(f"not a game result line ({type(exc).__name__}: {exc})") from None


StepHook = Callable[[State, int, Action], None]
"""Called after each seat's decision with the real state (already advanced), the seat and
the action: for viewers, never for agents."""


def choose(agent: Agent, state: State, seat: int, view_rng: random.Random) -> Action:
    """Ask ``agent`` for ``seat``'s action, showing it only what the seat may know, and
    check the answer is legal in the real state."""
    view = view_for(state, seat, view_rng)
    action = agent.act(view, seat)
    legal = state.legal_actions(seat)
    aid = action.id if isinstance(action, Action) else action
    for candidate in legal:
        if candidate.id == aid:
            return candidate
    raise IllegalAction(
        f"agent {agent.spec!r} (seat {seat}) chose {aid!r}, which is not legal "
        f"({', '.join(a.id for a in legal[:12])})"
    )


def play_game(
    game: Game,
    agents: Sequence[Agent],
    seed: int,
    *,
    index: int = 0,
    keep_record: bool = False,
    on_step: StepHook | None = None,
    state: State | None = None,
) -> GameResult:
    """Play one game to the end with one agent per seat; return its result.

    Chance is sampled from an RNG derived from ``seed``; agents are reseeded from it, and each
    agent is shown ``view_for(state, seat, rng)`` (a determinized copy in hidden-information
    games), never the real state of such a game.
    """
    if len(agents) != game.players:
        raise ConfigError(
            f"{game.name} with {game.players} players needs {game.players} agents, got {len(agents)}"
        )
    chance_rng = random.Random(derive_seed("chance", seed))
    view_rngs = [random.Random(derive_seed("view", seed, seat)) for seat in range(game.players)]
    for seat, agent in enumerate(agents):
        agent.reset(derive_seed("agent", seed, seat))
    if state is None:
        state = game.new_state(seed=seed)
    limit = game.info.max_decisions
    actions = decisions = 0
    while actions < limit:
        to_move = state.to_move()
        if not to_move:
            break
        if to_move == (CHANCE,):
            state.apply(state.sample_chance(chance_rng))
            actions += 1
            continue
        seat = to_move[0]
        action = choose(agents[seat], state, seat, view_rngs[seat])
        state.apply(action, player=seat if len(to_move) > 1 else None)
        actions += 1
        decisions += 1
        if on_step is not None:
            on_step(state, seat, action)
    terminal = state.is_terminal()
    return GameResult(
        index=index,
        seed=seed,
        game=game.name,
        ruleset=game.ruleset,
        players=game.players,
        options=dict(game.options),
        agents=[a.spec for a in agents],
        scores=[float(s) for s in state.scores()] if terminal else [],
        winners=list(state.winners()) if terminal else [],
        turns=state.turn_number(),
        decisions=decisions,
        actions=actions,
        end_reason=state.end_reason() if terminal else DECISION_LIMIT,
        stats=state.stats(),
        record=state.record() if keep_record else None,
    )
