"""A game: its identity (name, rule sets, player counts, options) and a factory of states."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from .errors import ConfigError

if TYPE_CHECKING:
    import random

    from .state import State
    from .types import Action


class Policy(Protocol):
    """Something that picks an action for a seat: the game's heuristic bot, for instance."""

    def __call__(self, state: State, player: int, rng: random.Random) -> Action: ...


_TRUE = {"1", "true", "yes", "on", "y", "t"}
_FALSE = {"0", "false", "no", "off", "n", "f"}


@dataclass(frozen=True)
class OptionSpec:
    """One game option: its name, default, help text and allowed values."""

    name: str
    default: Any
    help: str
    type: type = bool
    choices: tuple[Any, ...] | None = None
    min: int | None = None
    max: int | None = None
    labels: Mapping[Any, str] | None = field(default=None, hash=False, compare=False)
    """What a menu shows for a choice (the value itself when a choice has none)."""
    open_choices: bool = False
    """``choices`` is a menu of the usual values, not the only ones: any value of ``type``
    parses and the game's ``check_config`` decides (a Dream of another content pack)."""

    def parse(self, value: Any) -> Any:
        """Check and convert ``value`` (strings from a command line are accepted)."""
        allowed = self.describe_allowed()
        try:
            if self.type is bool:
                if isinstance(value, bool):
                    out: Any = value
                elif isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
                    out = value.strip().lower() in _TRUE
                elif isinstance(value, int) and value in (0, 1):
                    out = bool(value)
                else:
                    raise ValueError
            elif self.type is int:
                if isinstance(value, bool):
                    raise ValueError
                out = int(value)
                if isinstance(value, float) and value != out:
                    raise ValueError
            else:
                out = self.type(value)
        except (TypeError, ValueError):
            raise ConfigError(
                f"option {self.name!r}: {value!r} is not allowed ({allowed})"
            ) from None
        if self.choices is not None and not self.open_choices and out not in self.choices:
            raise ConfigError(f"option {self.name!r}: {value!r} is not allowed ({allowed})")
        if (self.min is not None and out < self.min) or (self.max is not None and out > self.max):
            raise ConfigError(f"option {self.name!r}: {value!r} is not allowed ({allowed})")
        return out

    def describe_allowed(self) -> str:
        if self.choices is not None:
            listed = ", ".join(map(str, self.choices))
            return (
                f"{listed} or another the game accepts" if self.open_choices else f"one of {listed}"
            )
        if self.type is bool:
            return "true or false"
        if self.type is int:
            lo = "" if self.min is None else str(self.min)
            hi = "" if self.max is None else str(self.max)
            return f"a whole number {lo}..{hi}".rstrip(".") if lo or hi else "a whole number"
        return self.type.__name__

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "default": self.default,
            "help": self.help,
            "type": self.type.__name__,
            "choices": list(self.choices) if self.choices is not None else None,
            "min": self.min,
            "max": self.max,
            "labels": {str(k): v for k, v in self.labels.items()} if self.labels else None,
            "open_choices": self.open_choices,
        }


@dataclass(frozen=True)
class GameInfo:
    """What ``oneiros.games()`` lists about a game."""

    name: str
    title: str
    summary: str
    rulesets: tuple[str, ...]
    default_ruleset: str
    min_players: int
    max_players: int
    default_players: int
    options: tuple[OptionSpec, ...] = ()
    max_decisions: int = 100_000
    """An upper bound on the number of applied actions (chance included) in one game."""
    cooperative: bool = False
    perfect_information: bool = True
    simultaneous: bool = False
    ruleset_titles: Mapping[str, str] = field(default_factory=dict)

    def option(self, name: str) -> OptionSpec:
        for spec in self.options:
            if spec.name == name:
                return spec
        allowed = ", ".join(s.name for s in self.options) or "none"
        raise ConfigError(f"{self.name}: unknown option {name!r} (options: {allowed})")

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "summary": self.summary,
            "rulesets": list(self.rulesets),
            "default_ruleset": self.default_ruleset,
            "ruleset_titles": dict(self.ruleset_titles),
            "players": [self.min_players, self.max_players],
            "default_players": self.default_players,
            "options": [o.to_dict() for o in self.options],
            "max_decisions": self.max_decisions,
            "cooperative": self.cooperative,
            "perfect_information": self.perfect_information,
            "simultaneous": self.simultaneous,
        }


@dataclass
class PlayoutResult:
    """How one playout ended (``Game.playout_results``)."""

    scores: list[float]
    winners: list[int]
    turns: int
    end_reason: str | None
    actions: int
    """Every applied action, chance outcomes included."""
    decisions: int
    """Actions chosen by seats."""
    stats: dict[str, Any] = field(default_factory=dict)
    """The game's ``State.stats()`` at the end."""
    fast: bool = True
    """Played by the game's kernel (False: through the engine)."""


class PlayoutRoot(Protocol):
    """Playouts from the positions a search reaches from one root (``Game.playout_root``)."""

    def outcomes(
        self, path: Sequence[str], count: int, seed: int
    ) -> list[tuple[list[float], list[int]]] | None:
        """Each game's scores and winners from the position the action ids ``path`` (chance
        included) lead to from the root: the games of ``playout_results(count, seed,
        policy, start=position)``; None when ``path`` cannot be replayed."""
        ...


def play_out(state: State, policies: Sequence[str], rng: Any, limit: int) -> tuple[int, int]:
    """Play ``state`` on in place, each seat by its policy (``"random"`` or
    ``"heuristic"``, the game's own), chance sampled from ``rng``, until nobody is to move
    or ``limit`` steps; returns (steps applied, seats' decisions)."""
    from .types import CHANCE

    heuristic = state.game.heuristic_policy()
    actions = decisions = 0
    while actions < limit:
        to_move = state.to_move()
        if not to_move:
            break
        if to_move[0] == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            seat = to_move[0]
            if policies[seat] == "heuristic" and heuristic is not None:
                action = heuristic(state, seat, rng)
            else:
                legal = state.legal_actions(seat)
                action = legal[rng.randrange(len(legal))]
            state.apply(action, player=seat if len(to_move) > 1 else None)
            decisions += 1
        actions += 1
    return actions, decisions


def engine_playouts(
    game: Game,
    count: int,
    seed: int = 0,
    policy: str | Sequence[str] = "random",
    start: State | None = None,
    seeds: Sequence[int] | None = None,
) -> list[PlayoutResult]:
    """Playouts through the per-action API: the fallback of a kernel that does not cover a
    configuration. Game ``g`` draws its random numbers from ``random.Random(seeds[g])``
    (default: from ``seed`` and ``g``)."""
    import random as _random

    names = [policy] * game.players if isinstance(policy, str) else list(policy)
    heuristic = game.heuristic_policy()
    for name in names:
        if name not in ("random", "heuristic") or (name == "heuristic" and heuristic is None):
            raise ConfigError(f"{game.name}: no playout policy {name!r}")
    out = []
    if seeds is None:
        seeds = [seed * 1_000_003 + g for g in range(count)]
    for game_seed in seeds:
        rng = _random.Random(game_seed)
        state = start.clone() if start is not None else game.new_state(seed=seed)
        actions, decisions = play_out(state, names, rng, game.info.max_decisions)
        done = state.is_terminal()
        out.append(
            PlayoutResult(
                scores=[float(x) for x in state.scores()] if done else [],
                winners=list(state.winners()) if done else [],
                turns=state.turn_number(),
                end_reason=state.end_reason(),
                actions=actions,
                decisions=decisions,
                stats=state.stats(),
                fast=False,
            )
        )
    return out


class Game:
    """A configured game (player count, rule set, options) that creates states.

    Subclasses set ``info`` and implement :meth:`new_state`; the ML encodings and the
    heuristic bot are optional.
    """

    info: ClassVar[GameInfo]
    shared_outcome: ClassVar[bool] = False
    """A cooperative game whose seats always win or lose together (Sleep Tight is not: its
    hidden Sandman agent can win alone)."""
    observation_bounds: ClassVar[tuple[float, float] | None] = None
    """Lowest and highest value of any entry of ``observation_tensor``, when known."""
    reworded: ClassVar[Mapping[str, Any]] = {}
    """Event texts worded anew, for snapshots saved before (``core.i18n.Reworded``: the
    former text -> today's text chosen by the event's data): the snapshot loader shows such
    a log in today's words. Kinds and data never change with a rewording."""
    rules_version: ClassVar[int] = 1
    """The version of the game's rules in the engine, written into every record: raise it
    in a commit that changes how a recorded game plays (a rule fix), so that an older
    record fails to replay with a clear message instead of diverging silently."""

    def __init__(
        self,
        players: int | None = None,
        ruleset: str | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        info = self.info
        if players is None:
            players = info.default_players
        if isinstance(players, bool) or not isinstance(players, int):
            raise ConfigError(
                f"{info.name}: players must be a whole number from "
                f"{info.min_players} to {info.max_players}, not {players!r}"
            )
        if not info.min_players <= players <= info.max_players:
            raise ConfigError(
                f"{info.name}: {players} players is not allowed "
                f"(from {info.min_players} to {info.max_players})"
            )
        if ruleset is None:
            ruleset = info.default_ruleset
        if ruleset not in info.rulesets:
            raise ConfigError(
                f"{info.name}: unknown rule set {ruleset!r} (rule sets: {', '.join(info.rulesets)})"
            )
        parsed: dict[str, Any] = {spec.name: spec.default for spec in info.options}
        for key, value in (options or {}).items():
            parsed[key] = info.option(key).parse(value)
        self.players: int = players
        self.ruleset: str = ruleset
        self.options: dict[str, Any] = parsed
        self.check_config()

    def check_config(self) -> None:
        """Cross-checks between options and player count; raise ``ConfigError``."""

    @property
    def name(self) -> str:
        return self.info.name

    def config(self) -> dict[str, Any]:
        return {
            "game": self.name,
            "ruleset": self.ruleset,
            "players": self.players,
            "options": dict(self.options),
        }

    def new_state(self, seed: int | None = None) -> State:
        """The start of a game. ``seed`` is provenance only: it is recorded, not used."""
        raise NotImplementedError

    def content_hash(self) -> str | None:
        """A hash of the content pack this game plays with (written into records and
        checked by ``oneiros.replay``); None for a game without a content pack."""
        return None

    def option_menu(self, name: str) -> tuple[tuple[Any, ...], dict[Any, str]] | None:
        """The menu of option ``name`` for this configuration: its choices and the label of
        each (None for an option without a menu). By default the option's own; a game whose
        menu comes from its content (an ``open_choices`` menu read from a content pack)
        returns the menu of the pack it was made with."""
        spec = self.info.option(name)
        if spec.choices is None:
            return None
        return tuple(spec.choices), dict(spec.labels or {})

    def from_snapshot(self, data: Mapping[str, Any]) -> State:
        """The state ``state.to_snapshot()`` described (states built on the flow)."""
        from .flow import restore_snapshot

        return restore_snapshot(self, data)

    # ----- optional: bots and explanations -------------------------------------------------
    def heuristic_policy(self) -> Policy | None:
        """The game's own heuristic bot, if it has one."""
        return None

    def rule_text(self, ref: str) -> str | None:
        """A one-paragraph explanation of a rule reference, for the ``?`` command."""
        return None

    def card_texts(self) -> dict[str, dict[str, Any]]:
        """The named pieces a table shows (cards, rows...): id -> ``{"name", "text"}`` and
        optional ``"kind"``, ``"cost"``; the ids are those of the observation."""
        return {}

    # ----- optional: fast playouts ----------------------------------------------------------
    def kernel_gap(self) -> str | None:
        """None when the game has a playout kernel that plays this configuration; else what
        is missing (no kernel at all, or the options it does not cover)."""
        return f"{self.name} has no playout kernel"

    def kernel_backend(self, build: bool = False) -> str | None:
        """How the playout kernel runs ("numba" compiled, "python"), None without one.
        ``build``: compile it now if it is not compiled yet (once per kernel version)."""
        return None

    def playout_results(
        self,
        count: int,
        seed: int = 0,
        policy: str | Sequence[str] = "random",
        start: State | None = None,
        seeds: Sequence[int] | None = None,
    ) -> list[PlayoutResult] | None:
        """Play ``count`` whole games from ``start`` (a state; default a new game) with
        ``policy`` ("random" or "heuristic", or one per seat) and return how each ended;
        ``seeds``: one seed per game instead (then ``count`` is ignored), so a game's
        course depends on its own seed only. None for a game without a playout kernel; a
        game with one plays the configurations its kernel does not cover through the
        engine (never a different game)."""
        return None

    def playout_root(
        self, start: State, policy: str | Sequence[str] = "random"
    ) -> PlayoutRoot | None:
        """Optional, for searches: playouts from the positions reached from ``start``, each
        given by the action ids applied since ``start`` (chance included), without
        converting each position to the kernel's state (``PlayoutRoot``); None (the
        default) when the game has no such kernel or it does not cover ``start``."""
        return None

    def playouts(
        self,
        count: int,
        seed: int = 0,
        policy: str | Sequence[str] = "random",
        start: State | None = None,
    ) -> list[list[float]] | None:
        """``playout_results`` reduced to one ``scores()`` list per game (None for a game
        without a playout kernel)."""
        results = self.playout_results(count, seed, policy, start)
        return None if results is None else [r.scores for r in results]

    # ----- optional: machine-learning encodings --------------------------------------------
    def action_ids(self) -> Sequence[str]:
        """Every action id the game can ever offer, in a fixed order (the action space)."""
        raise NotImplementedError(f"{self.name} declares no action space")

    @property
    def action_space_size(self) -> int:
        return len(self._action_index())

    @property
    def observation_shape(self) -> tuple[int, ...]:
        raise NotImplementedError(f"{self.name} declares no observation tensor")

    def _action_index(self) -> dict[str, int]:
        cache = self.__dict__.get("_action_index_cache")
        if cache is None:
            cache = {aid: i for i, aid in enumerate(self.action_ids())}
            self.__dict__["_action_index_cache"] = cache
        return cache

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(players={self.players}, ruleset={self.ruleset!r}, "
            f"options={self.options!r})"
        )
