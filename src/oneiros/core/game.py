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
        if self.choices is not None and out not in self.choices:
            raise ConfigError(f"option {self.name!r}: {value!r} is not allowed ({allowed})")
        if (self.min is not None and out < self.min) or (self.max is not None and out > self.max):
            raise ConfigError(f"option {self.name!r}: {value!r} is not allowed ({allowed})")
        return out

    def describe_allowed(self) -> str:
        if self.choices is not None:
            return "one of " + ", ".join(map(str, self.choices))
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
