"""What the state's short paths (``LucidityState.apply``, ``to_move``, ``legal_actions``)
know of each step class, as tables by class: who decides, whether the driver's first
rounds only ask whether the step is done, let it settle, run it or stop there, and which
chance steps check and apply an action in one go. Built once every kind is registered
(``steps/__init__.py`` imports every section first)."""

from __future__ import annotations

from typing import Any

from ....core.flow import _AUTO, _F_DONE, _F_FINISH, _F_SETTLE, Actor, DecisionStep
from .base import KINDS


def _typed(actor: Actor) -> frozenset[Any]:
    return frozenset(c for c in KINDS.by_kind.values() if c.actor_kind is actor)


# the step classes by who decides (``steps`` registered every kind on import)
CHANCE_STEPS = _typed(Actor.CHANCE)
SEAT_STEPS = _typed(Actor.SEAT)
HAS_FINISH = frozenset(c for c in KINDS.by_kind.values() if c._flags & _F_FINISH)
"""The steps with a ``finish`` of their own."""


class _ByClass(dict[type, Any]):
    """A table by step class; a class it does not name answers 0 (looked up by
    subscription: no method call on the hot path)."""

    def __missing__(self, key: type) -> int:
        return 0


_DONE, _STOP, _SETTLE = "done", "stop", "settle"  # compared by identity (``is``)
SHORT = _ByClass()
"""What the first rounds of the driver do with a chance step or decision on top, by
class: ``_DONE`` it only asks whether the step is done (a draw, a roll, a return), ``_STOP``
it stops there (nothing to check), ``_SETTLE`` it only lets the step settle (resolve); an
automatic step (``_RUN``, set below) runs as ``core.flow.advance`` runs it; any other step
(0) goes through ``core.flow.advance`` (Lucidity's flow has no ``checkpoint``)."""
for _cls in CHANCE_STEPS | SEAT_STEPS:
    _rest = _cls._flags & ~_F_FINISH
    if _rest == _F_DONE:
        SHORT[_cls] = _DONE
    elif not _rest:
        SHORT[_cls] = _STOP
    elif _rest == _F_SETTLE:
        SHORT[_cls] = _SETTLE
_RUN = "run"
for _cls in KINDS.by_kind.values():
    if _cls._role == _AUTO:
        SHORT[_cls] = _RUN
SEATED_STEPS = frozenset(c for c in SEAT_STEPS if c.actor is DecisionStep.actor)
"""The decisions whose ``seat`` field names who decides."""
_BY_CHANCE, _BY_SEAT, _BY_ACTOR = 1, 2, 3
DECIDED_BY = _ByClass(
    {
        **{c: _BY_ACTOR for c in SEAT_STEPS},
        **{c: _BY_SEAT for c in SEATED_STEPS},
        **{c: _BY_CHANCE for c in CHANCE_STEPS},
    }
)
"""Who decides at a step, by class: chance, the seat its ``seat`` field names, or the
seat its ``actor`` names (0: no one of these)."""
QUICK = _ByClass({c: c.quick for c in CHANCE_STEPS if "quick" in vars(c)})
"""The steps that check and apply an action in one go (``quick``: a draw, a roll), by
class (0: none). Only a class that defines ``quick`` itself: a subclass with an ``apply``
of its own goes the checked way."""
for _cls in KINDS.by_kind.values():  # every class met: no look-up misses
    SHORT.setdefault(_cls, 0)
    DECIDED_BY.setdefault(_cls, 0)
    QUICK.setdefault(_cls, 0)
_SHORT, _DECIDED_BY, _QUICK = dict(SHORT), dict(DECIDED_BY), dict(QUICK)
"""The same tables as plain dicts, which CPython looks up faster than a dict subclass; the
hot paths fall back on the tables above for a class registered later (``KeyError``)."""
