"""The flow's step classes (``core.flow``): the named actors, the five step bases a game's
step classes derive from (``AutoStep``, ``ChanceStep``, ``DecisionStep``,
``SimultaneousStep``, ``GroupStep``), and ``evolve`` / ``shared`` to make new immutable
steps. Import them from ``oneiros.core.flow``."""

from __future__ import annotations

import dataclasses
import enum
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from .components import weighted_choice
from .types import Action

if TYPE_CHECKING:
    from .flow_driver import Flow

_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
"""The names of each step class's fields (``FlowStep.fields``), found once per class."""


class Actor(enum.Enum):
    """Who acts at a step, beside a seat: named values internal to the core."""

    AUTO = "auto"
    CHANCE = "chance"
    SEAT = "seat"
    SIMUL = "simultaneous"
    GROUP = "group"


AUTO = Actor.AUTO
SIMUL = Actor.SIMUL
GROUP = Actor.GROUP

# the driver branches on these small ints (one attribute read, no isinstance)
_AUTO, _CHANCE, _SEAT, _SIMUL, _GROUP, _LEGACY = range(6)
_F_DONE, _F_SKIP, _F_SINGLE, _F_PENDING, _F_SETTLE, _F_FINISH = 1, 2, 4, 8, 16, 32
# (_F_FINISH: the class has its own ``finish``; the driver calls no empty one)

ANY = "any"
EACH = "each"
LEADER = "leader"
POLICIES = (ANY, EACH, LEADER)


# ----- the step classes ---------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class FlowStep:
    """The base of every step class. Subclasses set the class attributes ``kind`` (unique
    within the game), ``rule`` (a key of the game's rule references) and, for a step
    someone sees, ``prompt`` (a format string over the step's fields)."""

    kind: ClassVar[str] = ""
    rule: ClassVar[str] = ""
    prompt: ClassVar[str] = ""
    decision_kind: ClassVar[str] = ""
    """The ``Decision.kind`` shown for this step when it differs from ``kind`` (several
    step kinds may present the same decision, such as a draw)."""
    actor_kind: ClassVar[Actor]
    _role: ClassVar[int]
    _flags: ClassVar[int] = 0
    _fixed_rule: ClassVar[bool] = True

    def __init_subclass__(cls) -> None:
        # what the driver must look at for this class, worked out once (no zero-argument
        # super() here: the slotted dataclass is a new class)
        flags = 0
        if cls.done is not FlowStep.done:
            flags |= _F_DONE
        if getattr(cls, "skip_without_choice", False):
            flags |= _F_SKIP
        if getattr(cls, "auto_single", False):
            flags |= _F_SINGLE
        if getattr(cls, "_role", None) in (_SIMUL, _GROUP):
            flags |= _F_PENDING
        if cls.settle is not FlowStep.settle:
            flags |= _F_SETTLE
        if cls.finish is not FlowStep.finish:
            flags |= _F_FINISH
        cls._flags = flags
        cls._fixed_rule = cls.rule_key is FlowStep.rule_key

    def rule_key(self) -> str:
        """The rule key this step cites (by default its class's ``rule``; a step pushed by
        another rule's effect may cite that rule instead)."""
        return self.rule

    def done(self, s: Any) -> bool:
        """True when this step has nothing left to decide: the driver takes it off."""
        return False

    def finish(self, s: Any, flow: Flow) -> None:
        """Called after the driver took off a step that was ``done`` (or had no choice)."""

    def settle(self, s: Any, flow: Flow) -> bool:
        """Called by the driver before it stops at this step: resolve what needs no one's
        choice (a single legal action of a given form, a payment already complete) and
        return True once the stack or the state changed, or False to stop for the
        decision. Only steps that override it pay for the call."""
        return False

    def prompt_text(self, s: Any) -> str:
        """The prompt shown to whoever decides (``prompt`` formatted with the fields)."""
        return self.prompt.format(**self.fields())

    def decision_data(self, s: Any) -> dict[str, Any]:
        """Extra data for the ``Decision`` (``{}`` unless a game says more)."""
        return {}

    def fields(self) -> dict[str, Any]:
        """The step's fields by name (its local state)."""
        cls = type(self)
        names = _FIELD_NAMES.get(cls)
        if names is None:
            names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(self))
        return {name: getattr(self, name) for name in names}

    def to_json(self) -> dict[str, Any]:
        """The step as JSON: its kind and its fields (tuples become lists)."""
        out: dict[str, Any] = {"kind": self.kind}
        for name, value in self.fields().items():
            out[name] = _to_json(value)
        return out


@dataclasses.dataclass(frozen=True, slots=True)
class AutoStep(FlowStep):
    """A step nobody decides: the driver calls ``run`` as soon as it is on top."""

    actor_kind: ClassVar[Actor] = Actor.AUTO
    _role: ClassVar[int] = _AUTO

    def run(self, s: Any, flow: Flow) -> None:
        raise NotImplementedError


@dataclasses.dataclass(frozen=True, slots=True)
class ChanceStep(FlowStep):
    """A chance node: a die roll, a draw. ``outcomes`` lists ``(Action, probability)``."""

    actor_kind: ClassVar[Actor] = Actor.CHANCE
    _role: ClassVar[int] = _CHANCE

    def outcomes(self, s: Any) -> list[tuple[Action, float]]:
        raise NotImplementedError

    def sample(self, s: Any, rng: random.Random) -> Action:
        """One outcome with the distribution of ``outcomes`` (override for speed)."""
        return weighted_choice(self.outcomes(s), rng)

    def apply(self, s: Any, flow: Flow, action: Action) -> None:
        raise NotImplementedError


@dataclasses.dataclass(frozen=True, slots=True)
class DecisionStep(FlowStep):
    """One seat decides: ``actor(s)`` (by default the step's ``seat`` field)."""

    actor_kind: ClassVar[Actor] = Actor.SEAT
    _role: ClassVar[int] = _SEAT
    skip_without_choice: ClassVar[bool] = False
    """Taken off (then ``finish``) when no action is legal, instead of a stuck seat."""
    auto_single: ClassVar[bool] = False
    """A single legal action is applied by the driver (nothing to choose, nothing recorded)."""

    def actor(self, s: Any) -> int:
        return self.seat  # type: ignore[attr-defined]

    def legal(self, s: Any) -> list[Action]:
        raise NotImplementedError

    def apply(self, s: Any, flow: Flow, action: Action) -> None:
        raise NotImplementedError


@dataclasses.dataclass(frozen=True, slots=True)
class SimultaneousStep(FlowStep):
    """Seats choose in secret, in any order; ``close`` resolves the choices together.

    ``waiting`` lists the seats still to choose and ``chosen`` the ``(seat, action id)``
    pairs made so far: a seat's choice is in no other seat's view until ``close``.
    """

    actor_kind: ClassVar[Actor] = Actor.SIMUL
    _role: ClassVar[int] = _SIMUL

    waiting: tuple[int, ...] = dataclasses.field(default=(), kw_only=True)
    chosen: tuple[tuple[int, str], ...] = dataclasses.field(default=(), kw_only=True)

    def legal(self, s: Any, seat: int) -> list[Action]:
        raise NotImplementedError

    def after_choice(self, s: Any, seat: int, action: Action) -> SimultaneousStep:
        """The step once ``seat`` has chosen ``action``: by default the choice is kept and
        the seat is done. A step where a seat makes several choices (cards played one by
        one, then ``done``) keeps the seat in ``waiting`` until its last one."""
        waiting = tuple(x for x in self.waiting if x != seat)
        return evolve(self, waiting=waiting, chosen=(*self.chosen, (seat, action.id)))

    def on_choose(self, s: Any, flow: Flow, seat: int, action: Action) -> None:
        """Called when ``seat`` chooses (emit a private event here, ``visible_to=(seat,)``)."""

    def close(self, s: Any, flow: Flow, choices: dict[int, str]) -> None:
        """Every seat has chosen: resolve ``choices`` (seat -> action id)."""
        raise NotImplementedError


@dataclasses.dataclass(frozen=True, slots=True)
class GroupStep(FlowStep):
    """Several seats decide under ``policy``: ``"any"``, ``"each"`` or ``"leader"``.

    ``seats`` lists the seats concerned: under ``any`` those who may act now, under
    ``each`` those still to act (each acts once, in the open, in any order; ``close``
    follows the last), under ``leader`` the group whose ``leader(s)`` decides.
    """

    actor_kind: ClassVar[Actor] = Actor.GROUP
    _role: ClassVar[int] = _GROUP
    policy: ClassVar[str] = ANY

    seats: tuple[int, ...] = dataclasses.field(default=(), kw_only=True)

    def leader(self, s: Any) -> int:
        """The seat deciding for the group under ``leader`` (by default the first)."""
        return self.seats[0]

    def deciders(self, s: Any) -> tuple[int, ...]:
        if self.policy == LEADER:
            return (self.leader(s),)
        return self.seats

    def legal(self, s: Any, seat: int) -> list[Action]:
        raise NotImplementedError

    def apply(self, s: Any, flow: Flow, seat: int, action: Action) -> None:
        raise NotImplementedError

    def close(self, s: Any, flow: Flow) -> None:
        """Under ``each``: every seat has acted. By default the step is taken off."""
        flow.pop()


def _to_json(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_to_json(v) for v in value]
    if isinstance(value, dict):
        return {k: _to_json(v) for k, v in value.items()}
    return value


def _from_json(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_from_json(v) for v in value)
    if isinstance(value, dict):
        return {k: _from_json(v) for k, v in value.items()}
    return value


_SHARED: dict[tuple[Any, ...], FlowStep] = {}
_NAMES: dict[type, tuple[str, ...]] = {}
_set = object.__setattr__

T = TypeVar("T", bound=FlowStep)


def evolve(step: T, **changes: Any) -> T:
    """``dataclasses.replace(step, **changes)``, about twice as fast: a copy of a step with
    some fields changed (no ``__post_init__`` runs; steps have none)."""
    cls = type(step)
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    new = object.__new__(cls)
    for name in names:
        _set(new, name, changes[name] if name in changes else getattr(step, name))
    return new


def shared(cls: Callable[..., FlowStep], *values: Any) -> Any:
    """The one shared ``cls(*values)``: frequent steps are built once (steps are immutable,
    so every state and turn may hold the same object). ``values`` must be hashable."""
    key = (cls, *values)
    found = _SHARED.get(key)
    if found is None:
        found = _SHARED[key] = cls(*values)
    return found
