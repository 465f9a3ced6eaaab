"""lucidity-en "2. Draw and Select Dreams": the dreamer draws from the bag up to the control
of the sleep track's stage, then returns two of the dreams drawn (a Bone Hunter is never
returned). With the table slips option, the FAQ's "worst case" too: a dreamer who drew,
returned or rolled too many, and the next player who puts it right."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ....core import CHANCE, Action, Event
from ....core.flow import ChanceStep, DecisionStep, Flow, shared
from ....core.i18n import plural
from ..actions import ALL_COLOURS, DRAW_ACTIONS, DRAW_COLOUR, RETURN_ACTIONS, RETURN_COLOUR, A
from ..content import COLOURS
from ..model import die
from ..params import TRACKS
from .base import FAST_RANDOM, KINDS, MORE, NO, STOP
from .end import took_last, trigger_dream_end

if TYPE_CHECKING:
    from ..state import LucidityState


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class Draw(ChanceStep):
    """Draw dreams one by one until ``upto`` are in hand; an empty bag ends the dream
    (lucidity-en "Dream Victory")."""

    kind = "draw"
    rule = "draw"
    prompt = "Draw a dream from the bag"
    seat: int
    upto: int

    @property
    def player(self) -> int:
        return CHANCE

    def decision_data(self, s: LucidityState) -> dict[str, int]:
        return {"seat": self.seat}

    def done(self, s: LucidityState) -> bool:
        if len(s.hand) >= self.upto:
            return True
        b = s.bag
        return b["blue"] + b["green"] + b["yellow"] + b["red"] + b["bone"] == 0

    def finish(self, s: LucidityState, flow: Flow) -> None:
        if len(s.hand) < self.upto:  # the bag is empty
            trigger_dream_end(s, self.seat)

    def possible(self, s: LucidityState, action: Action) -> bool:
        """``action`` is among the outcomes (a colour left in the bag), without listing them."""
        c = DRAW_COLOUR.get(action.id)
        return c is not None and s.bag[c] > 0

    def outcomes(self, s: LucidityState) -> list[tuple[Action, float]]:
        total = s.bag_total()
        return [(A["draw:" + c], n / total) for c, n in s.bag.items() if n > 0]

    def sample(self, s: LucidityState, rng: Any) -> Action:
        b = s.bag
        total = b["blue"] + b["green"] + b["yellow"] + b["red"] + b["bone"]
        if rng.__class__ is FAST_RANDOM and total > 0:
            # random.Random.randrange(total), written out (base.EXACT_BELOW): the same draw
            k = total.bit_length()
            r = rng.getrandbits(k)
            while r >= total:
                r = rng.getrandbits(k)
        else:
            # random.Random.randrange(n) is _randbelow(n) after argument checks: the same draws
            try:
                below = rng._randbelow
            except AttributeError:
                below = rng.randrange
            r = below(total) if total > 0 else rng.randrange(total)
        for c, n in b.items():
            if r < n:
                return DRAW_ACTIONS[c]
            r -= n
        raise AssertionError("unreachable")  # pragma: no cover

    def quick(self, s: LucidityState, flow: Flow, action: Action) -> int:
        """Draw the dream ``action`` names, if it is one left in the bag (``possible``;
        ``NO`` otherwise, and nothing changes): ``STOP`` while more dreams are to be drawn
        from a bag that still holds some, ``MORE`` when the driver must look (this draw is
        done, or a colour ran out). ``LucidityState.apply``'s short path, and ``apply``."""
        c = DRAW_COLOUR.get(action.id)
        if c is None:
            return NO
        bag = s.bag
        left = bag[c] - 1
        if left < 0:
            return NO
        cache = flow._legal
        if cache:
            cache.clear()
        bag[c] = left
        hand = s.hand
        hand.append(c)
        seat = self.seat
        s._events.append(s.game.drawn_events[seat][c])  # the shared event (drawn_events)
        if left:
            # a dream of this colour is left, so the bag is not empty
            return STOP if len(hand) < self.upto else MORE
        if took_last(s, seat):
            flow.pop()
        return MORE

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        self.quick(s, flow, action)


DRAWN_TEXT = "Seat {seat} draws a {colour} dream"
"""The event text of a drawn dream (a message: ``locale/tables.txt``)."""


def drawn_events(refs: Mapping[str, str], seats: int) -> list[dict[str, Event]]:
    """The event of seat k drawing a dream of colour c, ``[k][c]``: an event is a value that
    never changes once emitted, so every such draw emits the same one (built once per game,
    whose rule set gives the citation)."""
    rule = refs["draw"]
    return [
        {c: Event("drawn", DRAWN_TEXT, rule, {"seat": k, "colour": c}) for c in ALL_COLOURS}
        for k in range(seats)
    ]


def returned_events(refs: Mapping[str, str], seats: int) -> list[dict[str, Event]]:
    """The event of seat k returning a dream of colour c to the bag, ``[k][c]`` (shared, as
    ``drawn_events``)."""
    rule = refs["draw"]
    return [
        {c: Event("returned", RETURNED_TEXT, rule, {"seat": k, "colour": c}) for c in ALL_COLOURS}
        for k in range(seats)
    ]


def returnable(s: LucidityState) -> bool:
    """A dream other than a Bone Hunter is in hand (lucidity-en "Bone Hunters Expansion":
    a dreamer never returns a Bone Hunter)."""
    hand = s.hand
    return hand.count("bone") < len(hand)


def _allowed(s: LucidityState, seat: int) -> int:
    me = s.seats[seat]
    return TRACKS[me.track][me.stage] - s.rules["returns"]  # type: ignore[index]


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class Return(DecisionStep):
    """Return ``left`` more dreams to the bag (``returned`` so far). With the table slips
    option the dreamer may go on returning, draw one too many, or roll too many."""

    kind = "return"
    rule = "draw"
    prompt = "Choose a dream to return to the bag"
    seat: int
    left: int
    returned: int = 0

    @property
    def player(self) -> int:
        return self.seat

    def done(self, s: LucidityState) -> bool:
        if s.dream_end:
            return True
        if self.left > 0:
            return not returnable(s)
        return not s.game.options["table_slips"]

    def finish(self, s: LucidityState, flow: Flow) -> None:
        if not s.dream_end and self.left > 0 and s.hand:
            s.emit(
                "bone_kept",
                "Seat {seat} holds only Bone Hunters: they are never returned",
                s.R["bone"],
                seat=self.seat,
            )

    def legal(self, s: LucidityState) -> list[Action]:
        seen: list[Action] = []
        hand = s.hand
        for c, action in _RETURNS:
            if c in hand:
                seen.append(action)
        if self.left <= 0:
            # table_slips: past the two returns, the dreamer may slip (FAQ) or go on
            if s.bag_total() > 0:
                seen.append(A["draw_extra"])
            seen.append(A["proceed"])
            seen.append(A["roll_anyway"])
        return seen

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        aid = action.id
        seat = self.seat
        returns = s.rules["returns"]
        if aid == "proceed":
            flow.pop()
            nxt = s.next_seat(seat)
            flow.push(Excess(nxt, seat, _allowed(s, seat)))
            if self.returned > returns:
                flow.push(Replace(nxt, seat, self.returned - returns))
            return
        if aid == "roll_anyway":
            # FAQ: rolled too many; the next player picks which rolled dreams go back
            flow.pop()
            roll = s.stack.items.pop()
            nxt = s.next_seat(seat)
            flow.push(RollExcess(nxt, seat, _allowed(s, seat)))
            s.stack.items.append(roll)
            if self.returned > returns:
                # returned too many as well: the replacements join the hand before the roll
                flow.push(Replace(nxt, seat, self.returned - returns))
            return
        if aid == "draw_extra":
            s.emit("slip", "Seat {seat} draws one dream too many", s.R["faq"], seat=seat)
            flow.push(Draw(seat, len(s.hand) + 1))
            return
        if self.left <= 0:
            s.emit("slip", "Seat {seat} returns one dream too many", s.R["faq"], seat=seat)
        c = RETURN_COLOUR[aid]
        s.hand.remove(c)
        s.bag[c] += 1
        s._events.append(s.game.returned_events[seat][c])  # the shared event
        # flow.replace_top, written out
        key = (seat, self.left - 1, self.returned + 1)
        step = _RETURN_STEPS.get(key)
        if step is None:
            step = _RETURN_STEPS[key] = shared(Return, *key)
        flow.items[-1] = step
        flow._legal.clear()


_RETURN_STEPS: dict[tuple[int, int, int], Return] = {}
"""``shared(Return, seat, left, returned)`` by its fields (one look-up, no call)."""
_RETURNS = tuple(RETURN_ACTIONS.items())
"""The return actions by colour, in the order they are offered."""

RETURNED_TEXT = "Seat {seat} returns a {colour} dream"
"""The event text of a returned dream (a message: ``locale/tables.txt``)."""


@dataclasses.dataclass(frozen=True, slots=True)
class NextPlayerChooses(DecisionStep):
    """FAQ "worst case": the next player (``chooser``) decides for the dreamer ``seat``."""

    chooser: int
    seat: int

    @property
    def player(self) -> int:
        return self.chooser

    def actor(self, s: LucidityState) -> int:
        return self.chooser

    def decision_data(self, s: LucidityState) -> dict[str, int]:
        return {"seat": self.seat}


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class Replace(NextPlayerChooses):
    """FAQ "worst case": the dreamer returned too many; the next player (``chooser``) gives
    ``left`` dreams from the bag to make up the shortfall."""

    kind = "replace"
    rule = "faq"
    prompt = "Choose a replacement dream from the bag"
    left: int

    def done(self, s: LucidityState) -> bool:
        return self.left <= 0 or not self.legal(s)

    def legal(self, s: LucidityState) -> list[Action]:
        # any dream in the bag, a Bone Hunter included ("act like dreams in every mechanical
        # respect"; only a dreamer may not return one, only a Nightmare may not give one)
        return [A["replace:" + c] for c in ALL_COLOURS if s.bag[c] > 0]

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        c = action.id[8:]
        s.bag[c] -= 1
        s.hand.append(c)
        s.emit(
            "replaced",
            "Seat {chooser} gives seat {seat} a {colour} dream from the bag to make up the shortfall",
            s.R["faq"],
            chooser=self.chooser,
            seat=self.seat,
            colour=c,
        )
        if not s.bag[c]:
            took_last(s, self.seat)
        flow.replace(dataclasses.replace(self, left=self.left - 1))


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class Excess(NextPlayerChooses):
    """FAQ "worst case": the dreamer holds more than ``allowed``; the next player (``chooser``)
    returns the excess dreams to the bag."""

    kind = "excess"
    rule = "faq"
    prompt = "Choose an excess dream to return"
    allowed: int

    def done(self, s: LucidityState) -> bool:
        return len(s.hand) <= self.allowed or not returnable(s)

    def legal(self, s: LucidityState) -> list[Action]:
        return [A["excess:" + c] for c in COLOURS if c in s.hand]

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        c = action.id[7:]
        s.hand.remove(c)
        s.bag[c] += 1
        s.emit(
            "excess",
            "Seat {chooser} returns seat {seat}'s excess {colour} dream to the bag",
            s.R["faq"],
            chooser=self.chooser,
            seat=self.seat,
            colour=c,
        )


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class RollExcess(NextPlayerChooses):
    """FAQ "worst case": the dreamer rolled more than ``allowed``; the next player
    (``chooser``) returns the excess rolled dreams. ``fixed``: one went back already (in
    lucidity-es the dreams kept are then rolled again)."""

    kind = "rexcess"
    rule = "faq"
    prompt = "Choose an excess rolled dream to return"
    decision_kind = "excess"
    allowed: int
    fixed: bool = False

    def done(self, s: LucidityState) -> bool:
        return len(rolled(s)) <= self.allowed or not self.legal(s)

    def finish(self, s: LucidityState, flow: Flow) -> None:
        if self.fixed:
            reroll_kept(s, self.seat)

    def legal(self, s: LucidityState) -> list[Action]:
        seen: set[str] = set()
        out: list[Action] = []
        for d in rolled(s):
            if d[0] != "bone":
                aid = f"excess:{d[0]}:{d[1]}"
                if aid not in seen:
                    seen.add(aid)
                    out.append(A[aid])
        return out

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        _, c, f = action.id.split(":")
        unresolved = list(rolled(s))
        unresolved.remove(die(c, f))
        set_rolled(s, unresolved)
        s.bag[c] += 1
        if s.game.ruleset == "es" and not self.fixed:
            # lucidity-es "peor caso": "Entonces debes ... volver a tirar los sueños"
            flow.replace(dataclasses.replace(self, fixed=True))
        s.emit(
            "excess",
            "Seat {chooser} returns seat {seat}'s excess rolled {colour} dream ({face}) to the bag",
            s.R["faq"],
            chooser=self.chooser,
            seat=self.seat,
            colour=c,
            face=f,
        )


def reroll_kept(s: LucidityState, seat: int) -> None:
    """lucidity-es "Fin del juego", La regla del "peor caso": once the next player has
    returned the excess rolled dreams, "Entonces debes tirar / volver a tirar los
    sueños": the dreams kept are rolled again before anything resolves (a Bone Hunter,
    which may never be rerolled, keeps its result)."""
    from .resolve import Roll

    unresolved = rolled(s)
    again = [d for d in unresolved if d[0] != "bone"]
    if not again:
        return
    set_rolled(s, [d for d in unresolved if d[0] == "bone"])
    s.hand.extend(d[0] for d in again)
    s.emit(
        "reroll",
        plural(
            len(again),
            "Seat {seat} rolls the dream it keeps again",
            "Seat {seat} rolls the {n} dreams it keeps again",
        ),
        s.R["faq"],
        seat=seat,
        n=len(again),
    )
    s.stack.items.append(shared(Roll, seat))


# the unresolved dreams are held by the resolution (imported last: resolving rolls again)
from .resolve import rolled, set_rolled  # noqa: E402
