"""The registry of a game's step kinds (``core.flow``): ``Kinds`` checks at import that a
step class is complete (unique kind, a known rule key, a prompt, its handlers) and rebuilds
steps from JSON. Import it from ``oneiros.core.flow``."""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping
from typing import Any, TypeVar

from .flow_steps import (
    _AUTO,
    _CHANCE,
    _GROUP,
    _SEAT,
    _SIMUL,
    POLICIES,
    AutoStep,
    ChanceStep,
    DecisionStep,
    FlowStep,
    GroupStep,
    SimultaneousStep,
    _from_json,
)

_HANDLERS: dict[int, tuple[str, ...]] = {
    _AUTO: ("run",),
    _CHANCE: ("outcomes", "apply"),
    _SEAT: ("legal", "apply"),
    _SIMUL: ("legal", "close"),
    _GROUP: ("legal", "apply"),
}
_BASES = {_AUTO: AutoStep, _CHANCE: ChanceStep, _SEAT: DecisionStep, _SIMUL: SimultaneousStep}
_BASES[_GROUP] = GroupStep

S = TypeVar("S", bound=type[FlowStep])


class StepKindError(TypeError):
    """A step class is incomplete or clashes with another kind (raised at import)."""


class Kinds:
    """The step kinds of one game, checked as they are declared.

    ``refs`` holds the rule keys the game can cite (a mapping from key to citation, or a
    collection of keys): a kind whose ``rule`` is not among them fails at import.
    """

    def __init__(self, game: str, refs: Mapping[str, Any] | Collection[str]) -> None:
        self.game = game
        self.refs = frozenset(refs)
        self.by_kind: dict[str, type[FlowStep]] = {}

    def step(self, cls: S) -> S:
        """Make ``cls`` a frozen slotted dataclass and register its kind."""
        if "__dataclass_fields__" not in cls.__dict__ or not cls.__dict__.get("__slots__"):
            cls = dataclasses.dataclass(frozen=True, slots=True)(cls)  # type: ignore[assignment]
        self._check(cls)
        self.by_kind[cls.kind] = cls
        return cls

    __call__ = step

    def _check(self, cls: Any) -> None:
        where = f"{self.game} step {cls.__qualname__}"
        role = getattr(cls, "_role", None)
        if role is None or not issubclass(cls, FlowStep):
            raise StepKindError(f"{where}: not an AutoStep, ChanceStep, DecisionStep, ...")
        if not cls.kind:
            raise StepKindError(f"{where}: no kind")
        if cls.kind in self.by_kind and self.by_kind[cls.kind].__qualname__ != cls.__qualname__:
            other = self.by_kind[cls.kind].__qualname__
            raise StepKindError(f"{where}: kind {cls.kind!r} is already {other}")
        if not cls.rule:
            raise StepKindError(f"{where}: no rule key")
        if cls.rule not in self.refs:
            raise StepKindError(f"{where}: rule key {cls.rule!r} is not in {self.game}'s refs")
        if role != _AUTO and not cls.prompt:
            raise StepKindError(f"{where}: no prompt")
        base = _BASES[role]
        for name in _HANDLERS[role]:
            if getattr(cls, name) is getattr(base, name):
                raise StepKindError(f"{where}: does not implement {name}()")
        if role == _SEAT and cls.actor is DecisionStep.actor:
            names = {f.name for f in dataclasses.fields(cls)}
            if "seat" not in names:
                raise StepKindError(f"{where}: no seat field and no actor()")
        if role == _GROUP and cls.policy not in POLICIES:
            raise StepKindError(f"{where}: policy {cls.policy!r} is not one of {POLICIES}")
        fields = {f.name for f in dataclasses.fields(cls)}
        if cls.prompt:
            try:
                cls.prompt.format(**dict.fromkeys(fields, 0))
            except (KeyError, IndexError) as exc:
                raise StepKindError(f"{where}: prompt names {exc} which is no field") from None
            except ValueError:
                pass  # a format spec a placeholder 0 cannot satisfy: checked in play

    def from_json(self, data: Mapping[str, Any]) -> FlowStep:
        """Rebuild a step from ``step.to_json()`` (or an older ``Step`` from its dict)."""
        if "legacy_step" in data:
            from .steps import Step

            old = data["legacy_step"]
            values = {k: _from_json(v) for k, v in old["data"].items()}
            return Step(old["kind"], old["player"], **values)  # type: ignore[return-value]
        kind = data.get("kind")
        cls = self.by_kind.get(kind)  # type: ignore[arg-type]
        if cls is None:
            raise ValueError(f"{self.game}: unknown step kind {kind!r}")
        values = {k: _from_json(v) for k, v in data.items() if k != "kind"}
        return cls(**values)
