"""A Nightmare's turn, lucidity-en "Turn Order (Nightmare)": "Consume Power" (take a Power
dream of your colour from a dreamer) or "Send Minions" (draw two dreams, give one to a
dreamer who rolls and resolves it at once, return the other; the dreamer's rows are then
checked, ``steps/filled_rows.py`` ``MinionCheck``). The Nightmare of the Depths' ability
sends a minion the same way (``ref`` "ability"); Bone Hunters are never given."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ....core import Action
from ....core.flow import DecisionStep, Flow, evolve
from ....core.i18n import plural
from ..actions import A
from ..content import COLOURS
from ..model import Die, die
from .base import KINDS, BagDraw, HoldsDreams, Seated, hold, take_limbo
from .end import took_last

if TYPE_CHECKING:
    from ..state import LucidityState


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class NightmareTurn(Seated):
    """Consume a Power dream of your colour from a dreamer, or send minions; with neither
    possible the turn ends."""

    kind = "nightmare"
    rule = "nightmare"
    prompt = "Consume Power or send minions"
    decision_kind = "nightmare_turn"
    skip_without_choice = True
    seat: int

    def decision_data(self, s: LucidityState) -> dict[str, Any]:
        return {}

    def finish(self, s: LucidityState, flow: Flow) -> None:
        _turn.end_turn(s)

    def legal(self, s: LucidityState) -> list[Action]:
        me = self.seat
        c = s.seats[me].colour
        out: list[Action] = []
        for i, other in enumerate(s.seats):
            if i == me:
                continue
            one = two = False
            for d in other.power:
                if d[0] == c:
                    if d[1] == "power1":
                        one = True
                    elif d[1] == "power2":
                        two = True
            if one:
                out.append(A[f"consume:seat{i}:power1"])
            if two:
                out.append(A[f"consume:seat{i}:power2"])
        if s.bag_total() > 0 and s.dreamers():
            out.append(A["minions"])
        return out

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        me = self.seat
        flow.pop()
        if action.id == "minions":
            s.emit("minions", "The Nightmare (seat {seat}) sends minions", s.R["minions"], seat=me)
            s.stack.items.extend(
                (
                    _turn.END_TURN,
                    MinionPick(me, None, "minions"),
                    MinionDraw(me, "minions"),
                    MinionDraw(me, "minions"),
                )
            )
            return
        _, who, f = action.id.split(":")
        victim = int(who[4:])
        c = s.seats[me].colour
        assert c is not None
        s.seats[victim].power.remove(die(c, f))
        s.seats[me].power.append(die(c, f))
        s.emit(
            "consume",
            "The Nightmare (seat {seat}) consumes a {face} dream from seat {victim}",
            s.R["consume"],
            seat=me,
            victim=victim,
            face=f,
        )
        _turn.end_turn(s)


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class MinionDraw(BagDraw):
    """Draw a dream for the Nightmare (``ref``: "minions", or "ability" for an ability)."""

    kind = "minion_draw"
    rule = "minions"
    prompt = "Draw a dream for the Nightmare"
    decision_kind = "draw"
    ref: str = "minions"

    def rule_key(self) -> str:
        return self.ref

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        c = action.id[5:]
        s.bag[c] -= 1
        flow.pop()
        hold(s, die(c, ""))  # the Nightmare's choice below holds it
        s.emit(
            "drawn",
            "The Nightmare (seat {seat}) draws a {colour} dream",
            s.R[self.ref],
            seat=self.seat,
            colour=c,
        )
        if not s.bag[c]:
            took_last(s, self.seat)


def give_back_limbo(s: LucidityState, ref: str = "minions") -> None:
    """Every dream drawn for an effect and not given (held by the steps on the stack) goes
    back to the bag."""
    give_back(s, take_limbo(s), ref)


def give_back(s: LucidityState, dice: Sequence[Die], ref: str = "minions") -> None:
    """The dreams ``dice``, drawn for an effect and not given, go back to the bag."""
    if dice:
        s._to_bag(list(dice))
        if all(d[0] == "bone" for d in dice):
            # Bone Hunters are never given as minions
            text = plural(
                len(dice),
                "{n} Bone Hunter goes back to the bag",
                "{n} Bone Hunters go back to the bag",
            )
            s.emit("returned", text, s.R["bone"], n=len(dice))
        else:
            text = plural(
                len(dice), "{n} dream goes back to the bag", "{n} dreams go back to the bag"
            )
            s.emit("returned", text, s.R[ref], n=len(dice))


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class MinionPick(DecisionStep, HoldsDreams):
    """The Nightmare chooses which drawn dream to give (to ``target``, or to the dreamer it
    chooses next when None); the others go back to the bag. ``drawn``: the dreams drawn
    for it so far (the draws above it add them)."""

    kind = "minion_pick"
    rule = "minions"
    prompt = "Choose the dream to give"
    skip_without_choice = True
    nightmare: int
    target: int | None
    ref: str
    drawn: tuple[Die, ...] = ()

    def held(self) -> tuple[Die, ...]:
        return self.drawn

    def emptied(self) -> MinionPick:
        return evolve(self, drawn=())

    def holding(self, d: Die) -> MinionPick:
        return MinionPick(self.nightmare, self.target, self.ref, (*self.drawn, d))

    @property
    def player(self) -> int:
        return self.nightmare

    def actor(self, s: LucidityState) -> int:
        return self.nightmare

    def rule_key(self) -> str:
        return self.ref

    def finish(self, s: LucidityState, flow: Flow) -> None:
        give_back(s, self.drawn, self.ref)

    def legal(self, s: LucidityState) -> list[Action]:
        target = self.target
        if target is not None and s.seats[target].role != "dreamer":
            return []
        if target is None and not s.dreamers():
            return []
        held = {d[0] for d in self.drawn}
        return [A["minion:" + c] for c in COLOURS if c in held]

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        keep = die(action.id[7:], "")
        others = list(self.drawn)
        others.remove(keep)
        flow.pop()
        give_back(s, others, self.ref)
        if self.target is None:
            s.stack.items.append(MinionTarget(self.nightmare, keep))
        else:
            send_to(s, self.nightmare, self.target, keep, self.ref)


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class MinionTarget(DecisionStep, HoldsDreams):
    """The Nightmare chooses the dreamer who rolls the minion ``dream``; with no dreamer
    left to choose, the dream goes back to the bag."""

    kind = "minion_target"
    rule = "minions"
    prompt = "Choose the dreamer who rolls it"
    skip_without_choice = True
    nightmare: int
    dream: Die | None = None

    def held(self) -> tuple[Die, ...]:
        return (self.dream,) if self.dream is not None else ()

    def emptied(self) -> MinionTarget:
        return evolve(self, dream=None)

    def finish(self, s: LucidityState, flow: Flow) -> None:
        if self.dream is not None:
            give_back(s, (self.dream,))

    @property
    def player(self) -> int:
        return self.nightmare

    def actor(self, s: LucidityState) -> int:
        return self.nightmare

    def legal(self, s: LucidityState) -> list[Action]:
        return [A[f"target:seat{i}"] for i in s.dreamers()]

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        flow.pop()
        assert self.dream is not None
        send_to(s, self.nightmare, int(action.id[11:]), self.dream)


def send_to(s: LucidityState, nm: int, target: int, dream: Die, ref: str = "minions") -> None:
    """Give ``dream`` to ``target``, who rolls and resolves it at once (``ref``: "minions"
    on the Nightmare's turn, "ability" for the Nightmare of the Depths')."""
    s.emit(
        "minion",
        "Seat {target} must roll the {colour} dream sent by seat {seat}",
        s.R[ref],
        seat=nm,
        target=target,
        colour=dream[0],
    )
    if s.current != target:
        s.stack.items.append(_filled_rows.MinionCheck(target))
    s.stack.items.append(_shadows.RollNow(target, False, ref, dream))


# the sections a Nightmare's turn leads to (imported last: they start turns)
from . import filled_rows as _filled_rows  # noqa: E402
from . import shadows as _shadows  # noqa: E402
from . import turn as _turn  # noqa: E402
