"""The registry of Lucidity's typed step kinds (``core.flow.Kinds``): each kind is checked
when its module is imported (unique, a rule key of ``refs.py``, a prompt, its handlers),
and the small bases the sections share: a step's ``player`` (who decides, as the playout
kernel and the analysis tools read it) and the draw of one dream from the bag."""

from __future__ import annotations

import dataclasses
import random
from typing import TYPE_CHECKING, Any

from ....core import CHANCE, Action
from ....core.flow import AutoStep, ChanceStep, DecisionStep, Flow, Kinds
from ..actions import DRAW_COLOUR, A
from ..model import Die
from ..refs import rule_refs

if TYPE_CHECKING:
    from ..state import LucidityState

KINDS = Kinds("lucidity", rule_refs("en"))
"""Every typed step kind of Lucidity (the en rule keys name every section of both books)."""

AUTO = -2
"""The ``player`` of an automatic step (the value the playout kernel's frames hold)."""

new_object = object.__new__
"""``object.__new__``: the draw and the return build their ``Event`` field by field, which
skips the call of its ``__init__`` and gives an equal object (every field set)."""


def _exact_below() -> bool:
    """Whether ``random.Random._randbelow(n)`` is ``getrandbits(n.bit_length())`` drawn
    again until below ``n`` (CPython's ``_randbelow_with_getrandbits``), checked on a few
    draws: the draw's ``sample`` then draws that way in place, the same draws."""
    a, b = random.Random(7), random.Random(7)
    for n in (1, 2, 3, 5, 6, 7, 40, 70, 71, 100):
        for _ in range(20):
            k = n.bit_length()
            r = b.getrandbits(k)
            while r >= n:
                r = b.getrandbits(k)
            if a._randbelow(n) != r:  # type: ignore[attr-defined]
                return False
    return True


NO, STOP, MORE = 0, 1, 2
"""What a step's ``quick`` (the short path of ``LucidityState.apply``) did: ``NO`` nothing
(the action is not one it takes here: the checked path decides), ``STOP`` it applied the
action and the step on top waits for the next one (no driver round is due), ``MORE`` it
applied the action and the driver's rounds must run."""

EXACT_BELOW = _exact_below()
"""``random.Random._randbelow`` draws as written out in the draw's ``sample``."""
Random = random.Random
FAST_RANDOM: Any = Random if EXACT_BELOW else None
"""The class of the random generators the draw and the roll draw from in place: ``Random``
where ``EXACT_BELOW`` holds (one class check on the hot path), else none."""


def below(rng: Any, n: int) -> int:
    """``rng.randrange(n)``, the same draw: for a ``random.Random`` (``FAST_RANDOM``) drawn
    in place, one call where ``randrange`` makes three."""
    if rng.__class__ is FAST_RANDOM and n > 0:
        k = n.bit_length()
        r = rng.getrandbits(k)
        while r >= n:
            r = rng.getrandbits(k)
        return r
    return int(rng.randrange(n))


@dataclasses.dataclass(frozen=True, slots=True)
class Auto(AutoStep):
    """An automatic step (its ``player`` is ``AUTO``)."""

    @property
    def player(self) -> int:
        return AUTO


@dataclasses.dataclass(frozen=True, slots=True)
class Chance(ChanceStep):
    """A chance step (its ``player`` is ``CHANCE``); ``possible`` says whether an outcome
    can happen here without listing every outcome (the short path of ``apply``)."""

    @property
    def player(self) -> int:
        return CHANCE

    def possible(self, s: LucidityState, action: Action) -> bool:
        return any(a is action for a, _p in self.outcomes(s))


@dataclasses.dataclass(frozen=True, slots=True)
class Seated(DecisionStep):
    """A decision of the seat its ``seat`` field names."""

    @property
    def player(self) -> int:
        return self.seat  # type: ignore[attr-defined]


@dataclasses.dataclass(frozen=True, slots=True)
class ByNightmare(DecisionStep):
    """A decision of a Nightmare (``nightmare``) about the dreamer ``seat``."""

    nightmare: int
    seat: int

    @property
    def player(self) -> int:
        return self.nightmare

    def actor(self, s: LucidityState) -> int:
        return self.nightmare

    def decision_data(self, s: LucidityState) -> dict[str, Any]:
        return {"seat": self.seat}


@dataclasses.dataclass(frozen=True, slots=True)
class BagDraw(Chance):
    """One dream drawn from the bag for ``seat``; an empty bag ends the dream instead
    (lucidity-en "Dream Victory")."""

    seat: int

    def decision_data(self, s: LucidityState) -> dict[str, Any]:
        return {"seat": self.seat}

    def done(self, s: LucidityState) -> bool:
        b = s.bag
        return b["blue"] + b["green"] + b["yellow"] + b["red"] + b["bone"] == 0

    def finish(self, s: LucidityState, flow: Flow) -> None:
        from .end import trigger_dream_end

        trigger_dream_end(s, self.seat)

    def possible(self, s: LucidityState, action: Action) -> bool:
        c = DRAW_COLOUR.get(action.id)
        return c is not None and s.bag[c] > 0

    def outcomes(self, s: LucidityState) -> list[tuple[Action, float]]:
        total = s.bag_total()
        return [(A["draw:" + c], n / total) for c, n in s.bag.items() if n > 0]

    def sample(self, s: LucidityState, rng: Any) -> Action:
        r = below(rng, s.bag_total())
        for c, n in s.bag.items():
            if r < n:
                return A["draw:" + c]
            r -= n
        raise AssertionError("unreachable")  # pragma: no cover


class HoldsDreams:
    """A step that holds dreams drawn or rerolled by an effect and not yet rolled, given or
    returned (a Shadow of the Depths' draw, a Nightmare's minions, a dream rolled at once
    that may still be rerolled). What the state once kept in a side list is the fields of
    these steps; ``limbo`` reads them off the stack."""

    __slots__ = ()

    def held(self) -> tuple[Die, ...]:
        """The dreams this step holds (bottom to top: the order they came)."""
        raise NotImplementedError

    def emptied(self) -> Any:
        """The same step holding nothing (its dreams went back to the bag)."""
        raise NotImplementedError

    def holding(self, d: Die) -> Any:
        """The same step holding the newly drawn ``d`` too, or None if it takes none."""
        return None


HOLDERS: set[Any] = set()
"""Every ``HoldsDreams`` step class (a look-up by class is cheaper than ``isinstance``;
``steps/__init__.py`` fills it once every kind is registered)."""


def limbo(s: LucidityState) -> list[Die]:
    """Every dream drawn or rerolled by an effect and not yet resolved, as the steps on the
    stack hold them (bottom to top)."""
    out: list[Die] = []
    step: Any
    for step in s.stack.items:
        if step.__class__ in HOLDERS:
            out += step.held()
    return out


def hold(s: LucidityState, d: Die) -> None:
    """A dream drawn for an effect goes to the step on the stack that waits for it (the
    nearest to the top)."""
    items = s.stack.items
    for i in range(len(items) - 1, -1, -1):
        step = items[i]
        if isinstance(step, HoldsDreams):
            new = step.holding(d)
            if new is not None:
                items[i] = new
                return
    raise AssertionError(f"no step waits for the {d[0]} dream drawn")  # pragma: no cover


def take_limbo(s: LucidityState) -> list[Die]:
    """Take every dream drawn for an effect off the steps that hold it (they then hold
    nothing); the caller returns them to the bag."""
    items: list[Any] = s.stack.items
    out: list[Die] = []
    for i, step in enumerate(items):
        if step.__class__ in HOLDERS:
            dice = step.held()
            if dice:
                out += dice
                items[i] = step.emptied()
    return out
