"""The flow's stack and its one driver (``core.flow``): ``Flow`` (the pending steps, the
event sink, the legal-action cache), ``who``, ``legal``, ``advance`` (run automatic steps,
take off finished ones, stop at chance or a decision) and ``act``. Import them from
``oneiros.core.flow``."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from .errors import IllegalAction
from .flow_steps import (
    _AUTO,
    _CHANCE,
    _F_DONE,
    _F_FINISH,
    _F_PENDING,
    _F_SETTLE,
    _F_SINGLE,
    _F_SKIP,
    _GROUP,
    _LEGACY,
    _SEAT,
    _SIMUL,
    EACH,
    FlowStep,
    evolve,
)
from .types import CHANCE, Action, Event, Namer

Checkpoint = Callable[[Any, "Flow"], bool]
"""A game's check between steps (``Flow.checkpoint``): True when it changed the stack."""


# ----- the flow -----------------------------------------------------------------------------


class Flow:
    """The stack of pending steps, the event sink and the legal-action cache of one state.

    ``refs`` maps the rule keys of the steps to their citations; ``emit`` cites the running
    step's rule unless told otherwise.
    """

    __slots__ = (
        "_events",
        "_legal",
        "checkpoint",
        "items",
        "names",
        "outside",
        "refs",
        "running",
    )

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
        self.outside = 0
        """How many times the state was changed outside any step (``changed``)."""

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
        """The state was changed outside any step (a scenario builder, a test, a tool that
        sets a position up by hand): forget the cached legal actions and count the change
        (``outside``), so that whatever a game keeps up to date from step to step (Lucidity's
        observation tensor) is computed again. Code that changes a state other than through
        ``apply`` calls this once it is done."""
        self._legal.clear()
        self.outside += 1

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
        new.outside = self.outside
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
