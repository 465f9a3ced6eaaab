"""lucidity-en "3. Roll and Resolve Dreams": the dreams kept are rolled one at a time (the
last drawn first), then resolved: hunt, exhaust and Power in any order (lucidity-es "Orden
de resolución": Power, then Hunt, then Exhaust), Shadowmarks first, shadows last in any
order; a Power dream of a colour may be spent to reroll (``steps/reroll.py``, "Re-rolling
dreams"). Where a resolved dream goes is ``place``: a row of the card, a claimed colour's
Nightmare (``steps/abilities.py``), a shadow's effect (``steps/shadows.py``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ....core import CHANCE, Action, Event
from ....core.flow import ChanceStep, DecisionStep, Flow, shared
from ..actions import (
    ALL_COLOURS,
    REROLL_ACTIONS,
    REROLL_COLOUR,
    RESOLVE_ACTIONS,
    RESOLVE_CATEGORY,
    RESOLVE_SHADOW_ACTIONS,
    RESOLVE_SHADOW_COLOUR,
    A,
)
from ..model import CATEGORY, Die, die
from ..params import MARKS_OUT
from .base import FAST_RANDOM, HOLDERS, KINDS, MORE, NO, STOP

PLACED_TEXTS = {
    "power1": "Seat {seat} gains {face} ({colour})",
    "power2": "Seat {seat} gains {face} ({colour})",
    "hunt": "Seat {seat} places a {colour} hunt dream",
    "exhaust": "Seat {seat} places a {colour} exhaust dream",
    "shadowmark": "Seat {seat} takes a Shadowmark",
}
"""The event text of a dream placed in a row of the card, by face (resolving the draw)."""

if TYPE_CHECKING:
    from ..state import LucidityState


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class Roll(ChanceStep):
    """Roll the dreams in hand one at a time, the last drawn first."""

    kind = "roll"
    rule = "roll"
    prompt = "Roll a dream"
    seat: int

    @property
    def player(self) -> int:
        return CHANCE

    def decision_data(self, s: LucidityState) -> dict[str, Any]:
        return {"seat": self.seat, "colour": s.hand[-1] if s.hand else None}

    def done(self, s: LucidityState) -> bool:
        return not s.hand

    def possible(self, s: LucidityState, action: Action) -> bool:
        return action.id in s.game.roll_ids[s.hand[-1]]

    def outcomes(self, s: LucidityState) -> list[tuple[Action, float]]:
        return s.game.roll_outcomes[s.hand[-1]]

    def sample(self, s: LucidityState, rng: Any) -> Action:
        faces = s.game.roll_actions[s.hand[-1]]
        n = len(faces)
        if rng.__class__ is FAST_RANDOM:
            # random.Random.randrange(n), written out (base.EXACT_BELOW): the same draw
            k = n.bit_length()
            r = rng.getrandbits(k)
            while r >= n:
                r = rng.getrandbits(k)
            return faces[r]
        # random.Random.randrange(n) is _randbelow(n) after argument checks: the same draws
        try:
            below = rng._randbelow
        except AttributeError:
            below = rng.randrange
        return faces[below(n)]

    def quick(self, s: LucidityState, flow: Flow, action: Action) -> int:
        """Roll the last dream drawn to the face ``action`` names, if that dream has it
        (``possible``; ``NO`` otherwise, and nothing changes): ``STOP`` while dreams are
        left to roll, ``MORE`` once the last one is rolled (the driver goes on to the
        resolution). ``LucidityState.apply``'s short path, and ``apply``. The state's
        ``apply`` writes this body out again for speed: a change here is a change there too
        (``tests/lucidity/test_apply_paths.py`` plays both and compares them)."""
        hand = s.hand
        if not hand:
            return NO
        found = s.game.roll_results[hand[-1]].get(action.id)  # the shared dream and event
        if found is None:
            return NO
        cache = flow._legal
        if cache:
            cache.clear()
        hand.pop()
        d, event = found
        # the rolled dream joins the unresolved ones, which the resolution below holds (the
        # step under this one, unless an interruption or a reroll pushed this roll)
        items = flow.items
        i = len(items) - 2
        below = items[i] if i >= 0 else None
        if below.__class__ is Resolve:
            # Resolve(below.seat, (*below.rolled, d)), field by field (the hot path)
            new = new_object(Resolve)
            set_seat(new, below.seat)
            set_rolled_field(new, (*below.rolled, d))
            items[i] = new
        else:
            add_rolled(s, d)
        s._events.append(event)
        return STOP if hand else MORE

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        self.quick(s, flow, action)


ROLLED_TEXT = "A {colour} dream rolls {face}"
"""The event text of a rolled dream (a message: ``locale/tables.txt``)."""


def roll_results(
    refs: Mapping[str, str], faces: Mapping[str, Sequence[str]]
) -> dict[str, dict[str, tuple[Die, Event]]]:
    """What a roll leaves, ``[colour][roll action id]``: the dream and its event. Both are
    values that never change, so every roll of a colour showing a face shares them (built
    once per game: the faces are the content's, the citation the rule set's)."""
    rule = refs["roll"]
    return {
        c: {
            "roll:" + f: (die(c, f), Event("rolled", ROLLED_TEXT, rule, {"colour": c, "face": f}))
            for f in fs
        }
        for c, fs in faces.items()
    }


def placed_events(refs: Mapping[str, str], seats: int) -> list[dict[str, dict[str, Event]]]:
    """The event of seat k placing a resolved dream showing face f of colour c in its row,
    ``[k][f][c]`` (a Power, hunt or exhaust dream, a Shadowmark; shared, as
    ``roll_results``)."""
    out: list[dict[str, dict[str, Event]]] = []
    for k in range(seats):
        table: dict[str, dict[str, Event]] = {}
        for f in ("power1", "power2", "hunt", "exhaust", "shadowmark"):
            row = "power" if f in ("power1", "power2") else f
            text = PLACED_TEXTS[f]
            rule = refs["shadowmark" if f == "shadowmark" else "resolve"]
            table[f] = {
                c: Event("placed", text, rule, {"seat": k, "colour": c, "face": f, "row": row})
                for c in ALL_COLOURS
            }
        out.append(table)
    return out


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class Resolve(DecisionStep):
    """Resolve the unresolved dreams ``rolled`` (the rolls above it add them), a category or
    a shadow at a time, or spend a Power dream to reroll a colour. Taken off once nothing
    is left; a single category left resolves by itself (there is nothing to choose)."""

    kind = "resolve"
    rule = "resolve"
    prompt = "Resolve your dreams or reroll"
    seat: int
    rolled: tuple[Die, ...] = ()

    @property
    def player(self) -> int:
        return self.seat

    def settle(self, s: LucidityState, flow: Flow) -> bool:
        # the flow's legal-action cache, filled here for the decision that may follow
        cache = flow._legal
        seat = self.seat
        if seat in cache:
            options = cache[seat]
        else:
            options = cache[seat] = self.legal(s)
        if not options:
            # nothing left to resolve: flow.pop(), written out
            cache.clear()
            flow.items.pop()
            return True
        if len(options) == 1 and options[0].id in AUTO_RESOLVED:
            flow._legal.clear()
            self.apply(s, flow, options[0])
            return True
        return False

    def legal(self, s: LucidityState) -> list[Action]:
        rolled = self.rolled
        if not rolled:
            return []
        # what the unresolved dreams hold, as bits (``dream_bits``): the resolutions follow
        # from the categories and shadows (``resolutions``, worked out once per rule set)
        bits = 0
        for d in rolled:
            found = DREAM_BITS.get(d)
            bits |= dream_bits(d) if found is None else found
        out = [*RESOLUTIONS[s.game.ruleset][bits & 255]]
        # rerolls: a Power dream of a colour with unresolved dreams of that colour
        if bits > 255:
            power_row = s.seats[self.seat].power
            if power_row:
                for c, action in REROLLS_OF[bits >> 8]:
                    for d in power_row:
                        if d[0] == c:
                            out.append(action)
                            break
        return out

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        seat = self.seat
        aid = action.id
        what = _category(aid)
        items = flow.items
        if what is None:
            c = _shadow_colour(aid)
            if c is None:  # reroll:<colour>
                _reroll.start_reroll(s, seat, REROLL_COLOUR[aid], "resolve", False)
                return
            left = list(self.rolled)
            for i, d in enumerate(left):
                if d[0] == c and d[1] == "shadow":
                    del left[i]
                    break
            items[-1] = resolution(seat, tuple(left)) if left else shared(Resolve, seat)
            place(s, seat, die(c, "shadow"), pool=True)
            return
        keep: list[Die] = []
        take: list[Die] = []
        for d in self.rolled:
            if FACE_CATEGORY.get(d[1]) == what:
                take.append(d)
            else:
                keep.append(d)
        items[-1] = resolution(seat, tuple(keep)) if keep else shared(Resolve, seat)
        # placing may push interrupting steps (a Nightmare ability); later dreams of the same
        # category wait among the unresolved ones until those are done
        for i, d in enumerate(take):
            pushed = place(s, seat, d, pool=True)
            if pushed:
                left = take[i + 1 :]
                if left:
                    if any(x.__class__ is Resolve for x in items):
                        set_rolled(s, left + list(rolled(s)))
                    else:
                        # the dreamer is out (a third Shadowmark) and the turn ends: what is
                        # left of the category goes back to the bag with the rest in hand
                        s._to_bag(left)
                return


_POWER, _HUNT, _EXHAUST, _MARKS = 1, 2, 4, 8
_SHADOWS = tuple(RESOLVE_SHADOW_ACTIONS)
"""The colours whose shadows resolve one at a time (``resolve:shadow:<colour>``): bits
4 to 7 of ``dream_bits``."""
REROLLS = tuple((256 << i, c, a) for i, (c, a) in enumerate(REROLL_ACTIONS.items()))
"""The rerolls in the order they are offered: a colour's bit in ``dream_bits`` (8 and up),
the colour, its action."""
REROLLS_OF = [
    tuple((c, a) for bit, c, a in REROLLS if (high << 8) & bit) for high in range(1 << len(REROLLS))
]
"""The colours (and their reroll actions) that bits 8 and up of ``dream_bits`` name, by
those bits (``bits >> 8``), in the order they are offered."""
_category = RESOLVE_CATEGORY.get
_shadow_colour = RESOLVE_SHADOW_COLOUR.get
"""Bound once (CPython 3.11 binds a method of an imported name anew at each call)."""
AUTO_RESOLVED = frozenset(aid for aid in A if aid.startswith("resolve:"))
"""The ids ``resolve:...``: a resolution that is the only option resolves by itself."""
DREAM_BITS: dict[Die, int] = {}
"""``dream_bits`` of each dream met so far."""


def dream_bits(d: Die) -> int:
    """What an unresolved dream adds to the choice, as bits: its category (1 Power, 2 hunt,
    4 exhaust, 8 a Shadowmark or any other face), the shadow of its colour (16 and up),
    and its colour, which a Power dream of that colour may reroll (256 and up)."""
    c, f, _ = d
    if f == "power1" or f == "power2":
        bits = _POWER
    elif f == "hunt":
        bits = _HUNT
    elif f == "exhaust":
        bits = _EXHAUST
    elif f == "shadow":
        bits = 16 << _SHADOWS.index(c) if c in _SHADOWS else 0
    else:
        bits = _MARKS
    for bit, colour, _a in REROLLS:
        if colour == c:
            bits |= bit
    DREAM_BITS[d] = bits
    return bits


def resolutions(low: int, ruleset: str) -> tuple[Action, ...]:
    """The resolutions offered for the categories and shadows ``low`` (bits 0 to 7 of
    ``dream_bits``): lucidity-en "Shadowmarks are always resolved first", then Power,
    hunt and exhaust in any order (lucidity-es "Orden de resolucion": only the first
    present of Power, Hunt, Exhaust), shadows last, one colour at a time."""
    out: list[Action] = []
    if low & _MARKS:
        out.append(RESOLVE_ACTIONS["shadowmark"])
    elif low & (_POWER | _HUNT | _EXHAUST):
        if low & _POWER:
            out.append(RESOLVE_ACTIONS["power"])
        if low & _HUNT:
            out.append(RESOLVE_ACTIONS["hunt"])
        if low & _EXHAUST:
            out.append(RESOLVE_ACTIONS["exhaust"])
        if ruleset == "es":
            del out[1:]
    else:
        for i, c in enumerate(_SHADOWS):
            if low & (16 << i):
                out.append(RESOLVE_SHADOW_ACTIONS[c])
    return tuple(out)


RESOLUTIONS = {rs: [resolutions(low, rs) for low in range(256)] for rs in ("en", "es")}
"""``resolutions`` of every combination of bits, per rule set."""


new_object = object.__new__
set_seat = vars(Resolve)["seat"].__set__
set_rolled_field = vars(Resolve)["rolled"].__set__
"""The slots of a resolution's fields: a roll builds the resolution it adds a dream to
field by field, which skips the frozen dataclass's ``__init__`` (the same value)."""


def resolution(seat: int, dice: tuple[Die, ...]) -> Resolve:
    """``Resolve(seat, dice)``, built field by field (the same value, about twice as fast)."""
    new = new_object(Resolve)
    set_seat(new, seat)
    set_rolled_field(new, dice)
    return new


FACE_CATEGORY = {**CATEGORY, "shadowmark": "shadowmark"}
"""The category a face resolves with (``resolve:<category>``); a shadow resolves alone."""


def pending(s: LucidityState) -> tuple[tuple[Die, ...], list[Die]]:
    """The dreams rolled or drawn and not yet placed, as the steps on the stack hold them,
    in one look: the unresolved ones (``rolled``) and those drawn or rerolled by an effect
    (``base.limbo``)."""
    unresolved: tuple[Die, ...] = ()
    held: list[Die] = []
    for step in s.stack.items:
        cls = step.__class__
        if cls is Resolve:
            unresolved = step.rolled  # the nearest to the top holds them
        elif cls in HOLDERS:
            held += step.held()
    return unresolved, held


def rolled(s: LucidityState) -> tuple[Die, ...]:
    """The unresolved (rolled) dreams of the turn: the ``rolled`` field of the resolution
    on the stack (none without one)."""
    items = s.stack.items
    for i in range(len(items) - 1, -1, -1):
        step = items[i]
        if step.__class__ is Resolve:
            return step.rolled
    return ()


def set_rolled(s: LucidityState, dice: Sequence[Die]) -> None:
    """The unresolved dreams are now ``dice`` (the resolution on the stack holds them)."""
    items = s.stack.items
    for i in range(len(items) - 1, -1, -1):
        step = items[i]
        if step.__class__ is Resolve:
            items[i] = resolution(step.seat, tuple(dice))
            return
    if dice:  # pragma: no cover - a dream is rolled only with a resolution to follow
        raise AssertionError("unresolved dreams with no resolution on the stack")


def add_rolled(s: LucidityState, d: Die) -> None:
    """A rolled dream joins the unresolved ones."""
    set_rolled(s, (*rolled(s), d))


def take_rolled(s: LucidityState) -> tuple[Die, ...]:
    """Take the unresolved dreams off the resolution that holds them (the caller returns
    them to the bag)."""
    dice = rolled(s)
    if dice:
        set_rolled(s, ())
    return dice


def place(s: LucidityState, seat: int, d: Die, pool: bool) -> bool:
    """Resolve one rolled dream for ``seat``; True if steps were pushed to resolve first.
    ``pool``: it came from the turn's own dreams (see ``steps/shadows.py`` ``RollNow``)."""
    c, f, _ = d
    R = s.R
    me = s.seats[seat]
    if c != "bone":
        h = s.holder[c]
        if h is not None and h != seat and f in s.game.takes[c]:
            return _abilities.nightmare_takes(s, seat, c, f, h)
    if f == "power1" or f == "power2":
        me.power.append(d)
        s._events.append(s.game.placed_events[seat][f][c])  # the shared event
        return False
    if f == "hunt" and me.shield > 0 and c != "bone":
        # de-lux "Manifestations Expansion": a shield turns a hunt dream back to the bag
        me.shield -= 1
        s.bag[c] += 1
        s.emit(
            "shielded",
            "Seat {seat}'s Manifestation turns a hunt dream back to the bag",
            R["manifestations"],
            seat=seat,
            colour=c,
        )
        return False
    if f == "hunt" or f == "exhaust":
        (me.hunt if f == "hunt" else me.exhaust).append(d)
        s._events.append(s.game.placed_events[seat][f][c])
        return False
    if f == "shadowmark":
        me.marks.append(d)
        s._events.append(s.game.placed_events[seat][f][c])
        if len(me.marks) >= MARKS_OUT and me.role == "dreamer":
            _filled_rows.marked_out(s, seat)
            return True
        return False
    # a shadow: place it in its colour's Shadow row, then its effect
    me.shadow[c].append(d)
    return _shadows.shadow_effect(s, seat, c, pool)


# the sections a resolved dream leads to (they roll with Roll, so they are imported last)
from . import abilities as _abilities  # noqa: E402
from . import filled_rows as _filled_rows  # noqa: E402
from . import reroll as _reroll  # noqa: E402
from . import shadows as _shadows  # noqa: E402
