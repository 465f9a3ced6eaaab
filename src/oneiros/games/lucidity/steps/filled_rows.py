"""lucidity-en "4. Check for Filled Rows": after a dreamer's dreams are resolved, a full Hunt
row eats the dreamer (or three Shadowmarks eliminate them, Bone Hunters), a full Exhaust row
costs a draw and the Power of its colour, and a full Shadow row makes the dreamer a
Nightmare; the same check follows a dream given by a Nightmare's minion."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from ....core import CHANCE, Action
from ....core.flow import AutoStep, ChanceStep, DecisionStep, Flow, shared
from ....core.i18n import plural
from ..actions import DRAW_COLOUR, A
from ..content import COLOURS
from ..model import die
from ..params import MARKS_OUT, MAX_SEATS
from .base import AUTO, KINDS, below, take_limbo
from .rest import Rest

if TYPE_CHECKING:
    from ..state import LucidityState


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class CheckRows(AutoStep):
    """The check at the end of a dreamer's drawing stages. ``exhausted``: the Exhaust row
    filled this turn (no drawing again); ``checked``: its draw was made already."""

    kind = "check"
    rule = "check"
    seat: int
    exhausted: bool = False
    checked: bool = False

    @property
    def player(self) -> int:
        return AUTO

    def run(self, s: LucidityState, flow: Flow) -> None:
        seat = self.seat
        me = s.seats[seat]
        if me.role != "dreamer":
            flow.pop()
            _turn.end_turn(s)
            return
        hunt_full = len(me.hunt) >= s.rules["hunt_row"]
        if hunt_full or len(me.marks) >= MARKS_OUT:
            flow.pop()
            eliminate(s, seat, "hunt" if hunt_full else "shadowmarks")
            _turn.end_turn(s)
            return
        if not self.checked and len(me.exhaust) >= s.rules["exhaust_row"]:
            flow.emit("row_filled", "Seat {seat} is exhausted", "check", seat=seat, row="exhaust")
            flow.replace(shared(CheckRows, seat, True, True), ExhaustDraw(seat))
            return
        colour = nightmare_colour(s, seat)
        if colour is not None:
            flow.pop()
            if isinstance(colour, list):
                flow.push(Become(seat, tuple(colour)))
            else:
                become(s, seat, colour)
                _turn.end_turn(s)
            return
        if s.dream_end:
            flow.pop()
            _end.end_game(s, "dream")
            return
        # flow.replace(shared(Rest, ...)), written out
        flow.items[-1] = (_RESTS_EXHAUSTED if self.exhausted else _RESTS)[seat]
        flow._legal.clear()


_RESTS = tuple(shared(Rest, k, False) for k in range(MAX_SEATS))
_RESTS_EXHAUSTED = tuple(shared(Rest, k, True) for k in range(MAX_SEATS))
"""``shared(Rest, seat, exhausted)`` by seat."""


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class ExhaustDraw(ChanceStep):
    """A full Exhaust row: draw a dream; the dreamer loses every Power dream of its colour
    (the drawn dream goes straight back to the bag)."""

    kind = "exhaust_draw"
    rule = "check"
    prompt = "Draw a dream: lose the Power of its colour"
    decision_kind = "draw"
    seat: int

    @property
    def player(self) -> int:
        return CHANCE

    def decision_data(self, s: LucidityState) -> dict[str, int]:
        return {"seat": self.seat}

    def done(self, s: LucidityState) -> bool:
        return s.bag_total() == 0

    def finish(self, s: LucidityState, flow: Flow) -> None:
        _end.trigger_dream_end(s, self.seat)

    def possible(self, s: LucidityState, action: Action) -> bool:
        """``action`` is among the outcomes (a colour left in the bag), without listing them."""
        c = DRAW_COLOUR.get(action.id)
        return c is not None and s.bag[c] > 0

    def outcomes(self, s: LucidityState) -> list[tuple[Action, float]]:
        total = s.bag_total()
        return [(A["draw:" + c], n / total) for c, n in s.bag.items() if n > 0]

    def sample(self, s: LucidityState, rng: object) -> Action:
        r = below(rng, s.bag_total())
        for c, n in s.bag.items():
            if r < n:
                return A["draw:" + c]
            r -= n
        raise AssertionError("unreachable")  # pragma: no cover

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        c = action.id[5:]
        seat = self.seat
        me = s.seats[seat]
        flow.pop()
        lost = [d for d in me.power if d[0] == c and c != "bone"]
        me.power = [d for d in me.power if not (d[0] == c and c != "bone")]
        s.bag[c] -= 1  # and straight back: this draw never leaves the bag empty
        s._to_bag([die(c, ""), *lost])
        flow.emit(
            "exhausted",
            plural(
                len(lost),
                "Seat {seat} draws a {colour} dream and loses {n} {colour} Power dream",
                "Seat {seat} draws a {colour} dream and loses {n} {colour} Power dreams",
            ),
            "check",
            seat=seat,
            colour=c,
            n=len(lost),
        )


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class Become(DecisionStep):
    """Two unclaimed Shadow rows tie as the most filled: the dreamer chooses its Nightmare.
    ``minion``: the row filled with a dream given by a Nightmare, outside the turn."""

    kind = "become"
    rule = "check"
    prompt = "Choose which Nightmare to become"
    decision_kind = "become_nightmare"
    seat: int
    colours: tuple[str, ...]
    minion: bool = False

    @property
    def player(self) -> int:
        return self.seat

    def legal(self, s: LucidityState) -> list[Action]:
        return [A["become:" + c] for c in self.colours]

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        flow.pop()
        become(s, self.seat, action.id[7:])
        if self.minion:
            # filled by a minion outside the player's turn: that turn is not theirs to end
            if not s.dreamers():
                _end.end_game(s, "nightmare")
            return
        _turn.end_turn(s)


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class MinionCheck(AutoStep):
    """Filled rows after a dream given by a Nightmare (no rest: it is not that turn)."""

    kind = "minion_check"
    rule = "check"
    seat: int

    @property
    def player(self) -> int:
        return AUTO

    def run(self, s: LucidityState, flow: Flow) -> None:
        flow.pop()
        seat = self.seat
        me = s.seats[seat]
        if me.role != "dreamer":
            return
        hunt_full = len(me.hunt) >= s.rules["hunt_row"]
        if hunt_full or len(me.marks) >= MARKS_OUT:
            eliminate(s, seat, "hunt" if hunt_full else "shadowmarks")
        else:
            colour = nightmare_colour(s, seat)
            if isinstance(colour, list):
                # a tie: the dreamer chooses, then the Nightmare's turn goes on
                flow.push(Become(seat, tuple(colour), True))
                return
            if colour is not None:
                become(s, seat, colour)
        if not s.dreamers():
            _end.end_game(s, "nightmare")


def nightmare_colour(s: LucidityState, seat: int) -> str | list[str] | None:
    """The Nightmare a dreamer becomes at the check, a tie to choose from, or None.
    lucidity-en "4. Check for Filled Rows": "You always become a Nightmare of the same
    colour shared by your most-filled Shadow row"; a claimed colour cannot be claimed
    again (lucidity-es: "nunca puede haber dos Pesadillas del mismo color"), so a full
    row of a claimed colour does not fill for this check: the most-filled full row among
    the unclaimed colours decides (the dreamer chooses on a tie), and with none the
    player stays a dreamer."""
    sh = s.seats[seat].shadow
    need = s.shadow_needed(seat)
    if max(len(sh["blue"]), len(sh["green"]), len(sh["yellow"]), len(sh["red"])) < need:
        return None
    holder = s.holder
    best = need
    tied: list[str] = []
    for c in COLOURS:
        if holder[c] is None:
            n = len(sh[c])
            if n > best:
                best, tied = n, [c]
            elif n == best:
                tied.append(c)
    if not tied:
        return None
    return tied[0] if len(tied) == 1 else tied


def become(s: LucidityState, seat: int, c: str) -> None:
    """The dreamer becomes the Nightmare of colour ``c``: every dream but Power goes back to
    the bag, the Nightmare card's dreams join its Power row."""
    me = s.seats[seat]
    need = s.shadow_needed(seat)
    back = (
        me.hunt
        + me.exhaust
        + me.shadow["blue"]
        + me.shadow["green"]
        + me.shadow["yellow"]
        + me.shadow["red"]
        + me.marks
    )
    s._to_bag(back)
    me.hunt, me.exhaust, me.marks = [], [], []
    me.shadow = {k: [] for k in COLOURS}
    taken = s.cards[c]
    me.power.extend(taken)
    s.cards[c] = []
    s.holder[c] = seat
    me.role = "nightmare"
    me.colour = c
    me.track = None
    s.log.append({"seat": seat, "became": c, "turn": s.turns})
    if len(s.seats) == 2 or s.game.options["fourth_shadow_space"]:
        s.emit(
            "shadow_row_full",
            "Seat {seat} fills a Shadow row of {need} spaces (the fourth space: {why})",
            s.R["two_player" if len(s.seats) == 2 else "fourth_space"],
            seat=seat,
            need=need,
            why="two players" if len(s.seats) == 2 else "the fourth Shadow space option",
        )
    s.emit(
        "became_nightmare",
        plural(
            len(taken),
            "Seat {seat} becomes the {colour} Nightmare and takes {n} Power dream from its card",
            "Seat {seat} becomes the {colour} Nightmare and takes {n} Power dreams from its card",
        ),
        s.R["check"],
        seat=seat,
        colour=c,
        n=len(taken),
    )


def eliminate(s: LucidityState, seat: int, cause: str) -> None:
    """Eaten (``cause`` "hunt": a full Hunt row) or eliminated by the Bone Hunters
    ("shadowmarks": three Shadowmarks): every dream on the card goes back to the bag."""
    me = s.seats[seat]
    eaten = cause == "hunt"
    s._to_bag(me.all_dice())
    me.hunt, me.exhaust, me.power, me.marks = [], [], [], []
    me.shadow = {k: [] for k in COLOURS}
    me.role = "eliminated"
    me.track = None
    s.log.append({"seat": seat, "eaten": eaten, "cause": cause, "turn": s.turns})
    if eaten:
        s.emit("eliminated", "Seat {seat} is eaten by the Nightmares", s.R["check"], seat=seat)
    else:
        s.emit(
            "eliminated",
            "Seat {seat} has three Shadowmarks and is eliminated",
            s.R["shadowmark"],
            seat=seat,
        )


def marked_out(s: LucidityState, seat: int) -> None:
    """The third Shadowmark eliminates at once, when it is placed (de-lux booklet, "The
    Shadowmark": "If you ever have three or more Shadowmarks on your Dreamer card, you
    are eliminated"). Nothing more of that dreamer resolves: everything on the card,
    unresolved, in hand or drawn by an effect goes back to the bag. In the dreamer's own
    turn the turn ends; outside it (a dream given by a Nightmare) the Nightmare's turn
    goes on."""
    eliminate(s, seat, "shadowmarks")
    held = take_limbo(s)
    if held:
        s._to_bag(held)
    items = s.stack.items
    if s.current == seat:
        # the unresolved dreams go back to the bag (the resolution that holds them is
        # dropped), the hand when the turn ends
        unresolved = _resolve.take_rolled(s)
        if unresolved:
            s._to_bag(list(unresolved))
        items.clear()
        items.append(_turn.END_TURN)
        return
    # drop what is left of the given dream's resolution, down to the check of its rows
    while items and not (isinstance(items[-1], MinionCheck) and items[-1].seat == seat):
        items.pop()
    if not items:  # pragma: no cover - a dream outside one's turn is always a minion
        items.append(_turn.END_TURN)


# the turn and the end of the game follow a check (imported last: they push checks)
from . import end as _end  # noqa: E402
from . import resolve as _resolve  # noqa: E402
from . import turn as _turn  # noqa: E402
