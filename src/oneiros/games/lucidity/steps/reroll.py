"""lucidity-en "Re-rolling dreams": at any time while resolving, a dreamer may spend a Power
dream of a colour (to the unclaimed Nightmare card of that colour, else the bag) to reroll
the unresolved dreams of that colour (lucidity-es: "cualquier número" of them, chosen), a
dream drawn or rerolled by an effect included, before it resolves."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from ....core import Action
from ....core.flow import DecisionStep, Flow, evolve, shared
from ....core.i18n import plural
from ..actions import A
from ..model import REROLL_FACES, Die, die
from .base import KINDS, HoldsDreams
from .resolve import Roll, rolled, set_rolled

if TYPE_CHECKING:
    from ..state import LucidityState


def start_reroll(
    s: LucidityState, seat: int, c: str, then: str, pool: bool, dream: Die | None = None
) -> None:
    """A reroll of colour ``c`` was chosen (``then``: "resolve" from the unresolved dreams,
    "now" for ``dream``, drawn or rerolled by an effect). With both a 1-Power and a 2-Power
    dream of the colour, the dreamer chooses which one to spend (``spend:<colour>:<face>``)."""
    one = two = False
    for d in s.seats[seat].power:
        if d[0] == c:
            if d[1] == "power1":
                one = True
            elif d[1] == "power2":
                two = True
    if one and two:
        s.stack.items.append(Spend(seat, c, then, pool, dream))
        return
    reroll_with(s, seat, c, "power1" if one else "power2", then, pool)


def reroll_with(s: LucidityState, seat: int, c: str, face: str, then: str, pool: bool) -> None:
    """Spend the Power dream ``face`` of colour ``c`` and reroll."""
    where = spend(s, seat, c, face)
    es = s.game.ruleset == "es"
    items = s.stack.items
    if then == "now":
        # the dream drawn or rerolled by an effect is rerolled; so are the dreamer's other
        # unresolved dreams of the colour (en: all of them; es: any number, chosen)
        unresolved = rolled(s) if s.current == seat else ()
        others = [x for x in unresolved if x[0] == c]
        if others:
            items.append(shared(Roll, seat))
        # the new dream is rolled (and resolved) first, then the others
        items.append(_shadows.RollNow(seat, pool, "reroll", die(c, "")))
        if others and es:
            items.append(RerollPick(seat, c, 1, 1, where))
            return
        if others:
            set_rolled(s, [x for x in unresolved if x[0] != c])
            s.hand.extend(x[0] for x in others)
        reroll_event(s, seat, c, where, len(others) + 1)
        return
    unresolved = rolled(s)
    again = [d for d in unresolved if d[0] == c]
    items.append(shared(Roll, seat))
    if es and len(again) > 1:
        # lucidity-es: "cualquier número de sueños sin resolver" of the colour
        items.append(RerollPick(seat, c, 0, 1, where))
        return
    set_rolled(s, [d for d in unresolved if d[0] != c])
    for d in again:
        s.hand.append(d[0])
    reroll_event(s, seat, c, where, len(again))


def reroll_event(s: LucidityState, seat: int, c: str, where: str, n: int) -> None:
    s.emit(
        "reroll",
        plural(
            n,
            "Seat {seat} spends a {colour} Power dream ({where}) to reroll {n} {colour} dream",
            "Seat {seat} spends a {colour} Power dream ({where}) to reroll {n} {colour} dreams",
        ),
        s.R["reroll"],
        seat=seat,
        colour=c,
        where=where,
        n=n,
    )


def spend(s: LucidityState, seat: int, c: str, face: str) -> str:
    """Spend a Power dream of colour ``c`` showing ``face``; where it went."""
    me = s.seats[seat]
    spent = die(c, face)
    me.power.remove(spent)
    if s.holder[c] is None:
        s.cards[c].append(spent)
        return f"the {c} Nightmare card"
    s.bag[c] += 1
    return "the bag"


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class Spend(DecisionStep, HoldsDreams):
    """The dreamer holds a 1-Power and a 2-Power dream of the colour: which one is spent
    (``dream``: the dream drawn or rerolled by an effect that is rerolled, if any)."""

    kind = "spend"
    rule = "reroll"
    prompt = "Choose the Power dream to spend for the reroll"
    seat: int
    colour: str
    then: str
    pool: bool
    dream: Die | None = None

    def held(self) -> tuple[Die, ...]:
        return (self.dream,) if self.dream is not None else ()

    def emptied(self) -> Spend:
        return evolve(self, dream=None)

    @property
    def player(self) -> int:
        return self.seat

    def legal(self, s: LucidityState) -> list[Action]:
        c = self.colour
        return [A[f"spend:{c}:power1"], A[f"spend:{c}:power2"]]

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        flow.pop()
        reroll_with(s, self.seat, self.colour, action.id.rpartition(":")[2], self.then, self.pool)


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class RerollPick(DecisionStep):
    """lucidity-es: which unresolved dreams of the colour are rerolled, one id per dream
    (``n`` chosen so far, at least ``least``); taken off once none is left to choose."""

    kind = "reroll_pick"
    rule = "reroll"
    prompt = "Choose the unresolved dreams of the colour to reroll"
    seat: int
    colour: str
    n: int
    least: int
    where: str

    @property
    def player(self) -> int:
        return self.seat

    def done(self, s: LucidityState) -> bool:
        c = self.colour
        return not any(d[0] == c for d in rolled(s))

    def finish(self, s: LucidityState, flow: Flow) -> None:
        reroll_event(s, self.seat, self.colour, self.where, self.n)

    def legal(self, s: LucidityState) -> list[Action]:
        c = self.colour
        faces = {d[1] for d in rolled(s) if d[0] == c}
        out = [A[f"reroll:{c}:{f}"] for f in REROLL_FACES if f in faces]
        if self.n >= self.least:
            out.append(A["reroll:chosen"])
        return out

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        aid = action.id
        if aid == "reroll:chosen":
            flow.pop()
            reroll_event(s, self.seat, self.colour, self.where, self.n)
            return
        _, c, f = aid.split(":")
        unresolved = list(rolled(s))
        for i in range(len(unresolved) - 1, -1, -1):
            d = unresolved[i]
            if d[0] == c and d[1] == f:
                del unresolved[i]
                break
        set_rolled(s, unresolved)
        s.hand.append(c)
        flow.replace(dataclasses.replace(self, n=self.n + 1))


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class Now(DecisionStep, HoldsDreams):
    """A ``dream`` drawn or rerolled by an effect (rolled), held by a dreamer with Power of
    its colour: resolve it now, or reroll it first. Taken off when it holds none."""

    kind = "now"
    rule = "reroll"
    prompt = "Resolve the new dream now, or reroll it"
    decision_kind = "resolve"
    seat: int
    pool: bool
    dream: Die | None = None

    @property
    def player(self) -> int:
        return self.seat

    def held(self) -> tuple[Die, ...]:
        return (self.dream,) if self.dream is not None else ()

    def emptied(self) -> Now:
        return evolve(self, dream=None)

    def done(self, s: LucidityState) -> bool:
        return self.dream is None

    def legal(self, s: LucidityState) -> list[Action]:
        return [A["resolve:now"], A["reroll:" + self.dream[0]]]  # type: ignore[index]

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        seat = self.seat
        d = self.dream
        assert d is not None
        flow.pop()
        if action.id == "resolve:now":
            _resolve.place(s, seat, d, pool=self.pool)
            return
        start_reroll(s, seat, d[0], "now", self.pool, d)


# the sections a reroll leads back to (imported last)
from . import resolve as _resolve  # noqa: E402
from . import shadows as _shadows  # noqa: E402
