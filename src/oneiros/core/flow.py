"""The flow: typed, immutable step classes, one stack, one driver.

A game built on the flow keeps its pending work as a stack of small immutable step
values, each an instance of a step class that carries its own legality, effect, prompt and
rule reference. Progress is a new step (``dataclasses.replace(self, ...)``, or the faster
``evolve(self, ...)``), so what a
sequence of decisions remembers lives in the fields of the step that owns it, and a clone
copies the stack with one list copy.

Five kinds of step, by who acts:

==================  ====================================================================
``AutoStep``        nobody: ``run(s, flow)`` once, as soon as it is on top
``ChanceStep``      chance: ``outcomes(s)``, ``sample(s, rng)``, ``apply(s, flow, action)``
``DecisionStep``    one seat (``actor(s)``, by default the ``seat`` field):
                    ``legal(s)``, ``apply(s, flow, action)``
``SimultaneousStep`` every seat in ``waiting`` chooses in secret (``legal(s, seat)``); the
                    choices stay in the step until the last one, then ``close(s, flow,
                    choices)`` resolves them together
``GroupStep``       several seats under a ``policy``: ``"any"`` (any seat in ``seats`` may
                    act, ``apply(s, flow, seat, action)``), ``"each"`` (each seat in
                    ``seats`` acts once, in any order, in the open; then ``close``),
                    ``"leader"`` (only ``leader(s)`` decides for the group)
==================  ====================================================================

Every handler finds its step on top of the stack and changes the stack through ``flow``:
``flow.replace(*steps)`` takes the running step off and pushes ``steps`` in order (the
last one on top, resolved first), ``flow.push(*steps)`` pushes on top of it (a nested
step: the running one resumes afterwards), ``flow.pop()`` takes it off. An automatic step
that leaves the stack as it found it has run once and is taken off by the driver.

A decision or chance step with nothing left to do says so in ``done(s)``: the driver then
takes it off and calls ``finish(s, flow)``. A decision step may set ``skip_without_choice``
(taken off, with ``finish``, when no action is legal) or ``auto_single`` (its only legal
action is applied by the driver, without a record entry: nothing was chosen); any step
may override ``settle(s, flow)`` to resolve by itself what needs no one's choice.

A game may give its ``Flow`` a ``checkpoint(s, flow)``: a function the driver calls
between steps, before it looks at the step on top (after a step ran, was taken off or
settled, and after each action), for the rules that hold "at any moment" rather than at a
step: deaths, the ends of the game, a question a seat may be asked whenever a condition
holds. It returns True when it changed the stack (pushed a step, cleared the stack at the
end of the game): the driver then looks again, and calls it again first. It must return
False once nothing more is to be done, or the driver never stops.

Step kinds are registered per game with :class:`Kinds`; the decorator checks at import
that a kind is unique, names a rule key the game's references know, has a prompt when
someone sees it, and implements its handlers. A gap fails at import, not in play.

The actors ``AUTO``, ``SIMUL`` and ``GROUP`` are named values that never leave the core:
``State.to_move()`` still answers ``()``, ``(CHANCE,)`` or seats, as the contract says.

A game moving onto the flow one rule at a time may leave older ``core.steps.Step`` values
on the stack: the driver hands them to the game's ``legacy_to_move``, ``legacy_decision``,
``legacy_legal``, ``legacy_chance``, ``legacy_do`` and ``legacy_advance`` hooks.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import random
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from .components import weighted_choice
from .errors import IllegalAction
from .types import CHANCE, Action, Decision, Event, Namer

if TYPE_CHECKING:
    from .state import State


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
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

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


# ----- the registry -------------------------------------------------------------------------

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

Checkpoint = Callable[[Any, "Flow"], bool]
"""A game's check between steps (``Flow.checkpoint``): True when it changed the stack."""


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


# ----- the flow -----------------------------------------------------------------------------


class Flow:
    """The stack of pending steps, the event sink and the legal-action cache of one state.

    ``refs`` maps the rule keys of the steps to their citations; ``emit`` cites the running
    step's rule unless told otherwise.
    """

    __slots__ = ("_events", "_legal", "checkpoint", "items", "names", "refs", "running")

    def __init__(
        self,
        refs: Mapping[str, str],
        events: list[Event] | None = None,
        steps: Sequence[FlowStep] = (),
        checkpoint: Checkpoint | None = None,
        names: Namer | None = None,
    ) -> None:
        self.items: list[FlowStep] = list(steps)
        self.refs = refs
        self._events: list[Event] = events if events is not None else []
        self.running: FlowStep | None = None
        self._legal: dict[int, list[Action]] = {}
        self.checkpoint = checkpoint
        """Called by the driver between steps (see the module's docstring): a plain
        function of the state and the flow, kept by copies (never a bound method)."""
        self.names = names
        """How the events emitted name the ids of their data (``Event.names``), or None."""

    # the stack
    @property
    def top(self) -> FlowStep | None:
        items = self.items
        return items[-1] if items else None

    def replace(self, *steps: FlowStep) -> None:
        """Take the top step off and push ``steps`` in order (the last on top)."""
        items = self.items
        items.pop()
        items.extend(steps)
        self._legal.clear()

    def push(self, *steps: FlowStep) -> None:
        """Push ``steps`` in order on top (the last is resolved first)."""
        self.items.extend(steps)
        self._legal.clear()

    def pop(self) -> FlowStep:
        self._legal.clear()
        return self.items.pop()

    # what older code calls on a StepStack, while a game moves onto the flow
    def replace_top(self, step: Any) -> None:
        """Put ``step`` in place of the top step."""
        self.items[-1] = step
        self._legal.clear()

    @property
    def _items(self) -> list[Any]:
        return self.items

    def clear(self) -> None:
        """Nothing left to do: the game is over."""
        self.items.clear()
        self._legal.clear()

    def changed(self) -> None:
        """Forget the cached legal actions (the state changed outside any step)."""
        self._legal.clear()

    def __len__(self) -> int:
        return len(self.items)

    def __iter__(self) -> Iterator[FlowStep]:
        """From the bottom of the stack to the top."""
        return iter(self.items)

    def find(self, cls: type[FlowStep]) -> FlowStep | None:
        """The topmost step of class ``cls``, if any."""
        for item in reversed(self.items):
            if isinstance(item, cls):
                return item
        return None

    # events
    def emit(
        self,
        kind: str,
        fmt: str,
        rule: str | None = None,
        visible_to: tuple[int, ...] | None = None,
        **data: Any,
    ) -> None:
        """Record an event citing ``rule`` (a rule key or a citation; by default the running
        step's rule). ``fmt`` is formatted with ``data`` only when its text is read."""
        if rule is None:
            running = self.running
            if running is None:
                rule = ""
            else:
                rule = running.rule if running._fixed_rule else running.rule_key()
        self._events.append(
            Event(kind, fmt, self.refs.get(rule, rule), data, visible_to, self.names)
        )

    def cite(self, key: str) -> str:
        """The citation of a rule key."""
        return self.refs.get(key, key)

    # copies
    def copy(self, events: list[Event] | None = None) -> Flow:
        """A copy for a cloned state whose event list is ``events`` (by default the same
        list: pass the clone's own)."""
        new = Flow.__new__(Flow)
        new.items = self.items.copy()
        new.refs = self.refs
        new._events = self._events if events is None else events
        new.running = None
        new._legal = {}
        new.checkpoint = self.checkpoint
        new.names = self.names
        return new

    def __repr__(self) -> str:
        return f"Flow({self.items!r})"


def who(step: Any, s: Any) -> tuple[int, ...]:
    """The seats (or ``(CHANCE,)``) deciding at ``step``."""
    role = step._role
    if role == _SEAT:
        return (step.actor(s),)
    if role == _CHANCE:
        return (CHANCE,)
    if role == _SIMUL:
        return step.waiting
    if role == _GROUP:
        return step.deciders(s)
    if role == _LEGACY:
        return s.legacy_to_move(step)
    return ()


def legal(s: Any, flow: Flow, seat: int) -> list[Action]:
    """The legal actions of ``seat`` at the top step, cached until the flow changes."""
    cache = flow._legal
    out = cache.get(seat)
    if out is not None:
        return out
    top: Any = flow.items[-1]
    role = top._role
    if role == _SEAT:
        out = top.legal(s) if seat == top.actor(s) else []
    elif role == _CHANCE:
        out = [a for a, _p in top.outcomes(s)]
    elif role == _LEGACY:
        if seat == CHANCE:
            out = [a for a, _p in s.legacy_chance(top)]
        else:
            out = s.legacy_legal(top, seat) if seat in who(top, s) else []
    elif seat in who(top, s):
        out = top.legal(s, seat)
    else:
        out = []
    cache[seat] = out
    return out


def advance(s: Any, flow: Flow) -> None:
    """The one driver: run automatic steps, take off steps with nothing left to decide,
    stop at chance or a decision (or when the stack is empty: the game is over). The flow's
    ``checkpoint``, if any, runs before each look at the top step."""
    items = flow.items
    check = flow.checkpoint
    while True:
        if check is not None:
            flow.running = None
            if check(s, flow):
                flow._legal.clear()
                continue
        if not items:
            break
        top: Any = items[-1]
        role = top._role
        if role == _AUTO:
            n = len(items)
            flow.running = top
            top.run(s, flow)
            if len(items) == n and items[-1] is top:
                items.pop()  # it ran once and left the stack as it was: it is done
            flow._legal.clear()
            continue
        flags = top._flags
        if not flags & ~_F_FINISH:
            if role == _LEGACY and s.legacy_advance(top):
                flow._legal.clear()
                continue
            break  # a decision or chance node with nothing to check: stop here
        if flags & _F_DONE and top.done(s):
            flow.running = top
            items.pop()
            flow._legal.clear()
            if flags & _F_FINISH:
                top.finish(s, flow)
            continue
        if flags & (_F_SKIP | _F_SINGLE):
            seat = top.actor(s)
            options = legal(s, flow, seat)
            if not options and flags & _F_SKIP:
                flow.running = top
                items.pop()
                flow._legal.clear()
                top.finish(s, flow)
                continue
            if len(options) == 1 and flags & _F_SINGLE:
                flow.running = top
                flow._legal.clear()
                top.apply(s, flow, options[0])
                continue
        elif flags & _F_PENDING:
            pending = top.waiting if role == _SIMUL else top.deciders(s)
            if not pending:
                flow.running = top
                items.pop()
                flow._legal.clear()
                top.finish(s, flow)
                continue
        if flags & _F_SETTLE:
            flow.running = top
            if top.settle(s, flow):
                flow._legal.clear()
                continue
        flow.running = None
        return
    flow.running = None


def act(s: Any, flow: Flow, action: Action, seat: int) -> None:
    """Apply an action already found legal for ``seat`` (``CHANCE`` at chance), then advance."""
    top: Any = flow.items[-1]
    flow.running = top
    flow._legal.clear()
    role = top._role
    if role in (_SEAT, _CHANCE):
        top.apply(s, flow, action)
    elif role == _SIMUL:
        new: Any = top.after_choice(s, seat, action)
        flow.items[-1] = new
        flow.running = new
        new.on_choose(s, flow, seat, action)
        if not new.waiting and flow.items and flow.items[-1] is new:
            new.close(s, flow, dict(new.chosen))  # type: ignore[attr-defined]
    elif role == _GROUP:
        policy = top.policy
        if policy == EACH:
            left = tuple(x for x in top.seats if x != seat)
            new2: Any = evolve(top, seats=left)
            new = new2
            flow.items[-1] = new
            flow.running = new
            new.apply(s, flow, seat, action)
            if not left and flow.items and flow.items[-1] is new:
                new.close(s, flow)  # type: ignore[attr-defined]
        else:
            top.apply(s, flow, seat, action)
    elif role == _LEGACY:
        s.legacy_do(top, action, seat)
    else:  # pragma: no cover - the driver never stops at an automatic step
        raise IllegalAction(f"no one decides at {top.kind}")
    advance(s, flow)


# ----- a State on the flow ------------------------------------------------------------------


_NOT_COPIED = frozenset({"game", "_history", "_events", "flow"})


class FlowState:
    """A mixin for ``State`` subclasses built on the flow: it implements the hooks
    ``to_move``, ``decision``, ``_legal``, ``_chance``, ``_do``, ``_lookup`` and
    ``sample_chance`` from ``self.flow``, so a game writes no driver.

    Use as ``class MyState(FlowState, State)`` and create ``self.flow = Flow(refs,
    self._events, steps)`` in ``__init__``, then call ``self.start()``.
    """

    flow: Flow
    _events: list[Event]

    def _copy(self) -> Any:
        """A copy: the flow is copied by ``clone``; other attributes are deep-copied unless
        the game overrides this with something faster."""
        new = copy.copy(self)
        for key, value in self.__dict__.items():
            if key not in _NOT_COPIED:
                setattr(new, key, copy.deepcopy(value))
        return new

    def clone(self) -> Any:
        new = super().clone()  # type: ignore[misc]
        new.flow = self.flow.copy(new._events)
        return new

    def determinize(self, player: int, rng: random.Random) -> Any:
        """A state consistent with what ``player`` may know: the table's hidden faces dealt
        anew (see ``Table.determinize``), the other seats' secret simultaneous choices
        chosen again among their legal ones, the events it may not see dropped, and no
        history (it would name hidden outcomes)."""
        new = self.clone()
        table = getattr(new, "table", None)
        if table is not None:
            new.table = table.determinize(player, rng)
        items = new.flow.items
        for i, step in enumerate(items):
            if step._role == _SIMUL and step.chosen:
                chosen = tuple(
                    (seat, aid if seat == player else rng.choice(step.legal(new, seat)).id)
                    for seat, aid in step.chosen
                )
                items[i] = evolve(step, chosen=chosen)
        new._events = [e for e in self._events if e.visible(player)]
        new.flow._events = new._events
        new._history = []
        return new

    def to_snapshot(self) -> dict[str, Any]:
        """The whole state as flat JSON: configuration, history, events, the flow stack,
        the table (``self.table``, when there is one) and every other attribute (which
        must hold JSON values). ``game.from_snapshot`` rebuilds it."""
        from .state import SNAPSHOT_FORMAT

        game = self.game  # type: ignore[attr-defined]
        fields = {}
        for key, value in self.__dict__.items():
            if key in _NOT_COPIED or key in ("seed", "table"):
                continue
            fields[key] = _to_json(value)
        table = getattr(self, "table", None)
        return {
            "snapshot": SNAPSHOT_FORMAT,
            **game.config(),
            "content": game.content_hash(),
            "rules": game.rules_version,
            "seed": self.seed,  # type: ignore[attr-defined]
            "history": [h if isinstance(h, str) else list(h) for h in self._history],  # type: ignore[attr-defined]
            "events": [
                [e.kind, e._fmt, e.rule, _to_json(dict(e.data)), _to_json(e.visible_to)]
                for e in self._events
            ],
            "flow": [
                step.to_json() if step._role != _LEGACY else {"legacy_step": step.to_dict()}  # type: ignore[attr-defined]
                for step in self.flow.items
            ],
            "table": table.to_json() if table is not None else None,
            "fields": fields,
        }

    def start(self) -> None:
        """Run the first automatic steps (call once the initial steps are on the stack)."""
        advance(self, self.flow)

    def view(self, seat: int | None) -> Any:
        """What ``seat`` (None: a spectator) sees of the state's table (a
        ``core.zones.View``), derived from the zone declarations."""
        return self.table.view(seat)  # type: ignore[attr-defined]

    def to_move(self) -> tuple[int, ...]:
        items = self.flow.items
        if not items:
            return ()
        return who(items[-1], self)

    def decision(self, player: int | None = None) -> Decision | None:
        items = self.flow.items
        if not items:
            return None
        top: Any = items[-1]
        if top._role == _LEGACY:
            return self.legacy_decision(top, player)  # type: ignore[attr-defined]
        deciders = who(top, self)
        if top._role == _CHANCE:
            seat = CHANCE
        elif player is not None:
            seat = player
        elif len(deciders) == 1:
            seat = deciders[0]
        else:
            seat = deciders[0] if deciders else CHANCE
        return Decision(
            top.decision_kind or top.kind,
            seat,
            top.prompt_text(self),
            self.flow.cite(top.rule_key()),
            top.decision_data(self),
        )

    def _legal(self, player: int) -> list[Action]:
        return legal(self, self.flow, player)

    def _chance(self) -> list[tuple[Action, float]]:
        top: Any = self.flow.items[-1]
        if top._role == _LEGACY:
            return self.legacy_chance(top)  # type: ignore[attr-defined]
        return top.outcomes(self)

    def _lookup(self, action_id: str, player: int) -> Action | None:
        for action in legal(self, self.flow, player):
            if action.id == action_id:
                return action
        return None

    def sample_chance(self, rng: random.Random) -> Action:
        top: Any = self.flow.items[-1]
        if top._role == _LEGACY:
            return weighted_choice(self.legacy_chance(top), rng)  # type: ignore[attr-defined]
        return top.sample(self, rng)

    def _do(self, action: Action, player: int) -> None:
        act(self, self.flow, action, player)

    def apply(self, action: Action | str, player: int | None = None) -> list[Event]:
        """``State.apply`` with a short path for the frequent case (one seat or chance
        decides, no seat is named, the action is an ``Action`` found among the cached legal
        ones); anything else goes through the checks of ``State.apply``."""
        flow = self.flow
        items = flow.items
        if player is None and items and action.__class__ is Action:
            top: Any = items[-1]
            role = top._role
            seat = top.actor(self) if role == _SEAT else CHANCE if role == _CHANCE else None
            if seat is not None:
                options = flow._legal.get(seat)
                if options is None:
                    options = legal(self, flow, seat)
                if action in options:
                    events = self._events
                    start = len(events)
                    act(self, flow, action, seat)
                    self._history.append(action.id)  # type: ignore[attr-defined]
                    return events[start:]
        return super().apply(action, player)  # type: ignore[misc]


def kinds_of(state: State) -> Kinds | None:
    """The step registry of a state built on the flow (its class attribute ``KINDS``)."""
    return getattr(type(state), "KINDS", None)


def restore_snapshot(game: Any, data: Mapping[str, Any]) -> Any:
    """The state a snapshot describes (``Game.from_snapshot``); a snapshot of another game,
    configuration, content or rules version fails with a one-line ``ConfigError``."""
    from .errors import ConfigError
    from .registry import check_provenance
    from .state import SNAPSHOT_FORMAT

    if not isinstance(data, Mapping) or data.get("snapshot") != SNAPSHOT_FORMAT:
        raise ConfigError(f"not a snapshot of format {SNAPSHOT_FORMAT} (state.to_snapshot())")
    cfg = game.config()
    for key in ("game", "ruleset", "players", "options"):
        if data.get(key) != cfg[key]:
            raise ConfigError(
                f"the snapshot is of {key} {data.get(key)!r}, this game has {cfg[key]!r}"
            )
    check_provenance(game, data)
    state = game.new_state(seed=data.get("seed"))
    kinds = kinds_of(state)
    if kinds is None:
        raise ConfigError(f"{game.name} is not built on the flow: it has no snapshots")
    try:
        steps = [kinds.from_json(step) for step in data["flow"]]
        events = [
            Event(
                kind, fmt, rule, ev_data, tuple(vis) if vis is not None else None, state.flow.names
            )
            for kind, fmt, rule, ev_data, vis in data["events"]
        ]
    except (KeyError, TypeError, ValueError) as exc:
        raise ConfigError(f"the snapshot does not load: {exc}") from None
    state._history = [h if isinstance(h, str) else list(h) for h in data["history"]]
    state._events = events
    state.flow = Flow(state.flow.refs, events, steps, state.flow.checkpoint, state.flow.names)
    if data.get("table") is not None:
        table = state.table.__class__(state.table.players, tuple(state.table.decl.values()))
        table.load_json(data["table"])
        state.table = table
    for key, value in data.get("fields", {}).items():
        setattr(state, key, value)
    return state
