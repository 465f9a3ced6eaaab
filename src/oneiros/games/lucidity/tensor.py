"""Lucidity's observation tensor as a float32 numpy array, kept up to date from one call to
the next (for the RL adapters, which ask for it after every step).

``encode_array(state, viewer)`` is ``numpy.asarray(encode_state(state, viewer),
dtype=numpy.float32)`` entry for entry. The last tensor of a state is kept, as long as the
state lives, with copies of everything it was computed from: the bag, the Nightmare cards
and their holders, the Dreamscape, the dreams in hand (counted by colour), and each seat's
role, colour, track, stage, Shadowmarks and rows. At the next call the live values are compared with the
copies (a comparison of tuples, done in C) and only the entries of what differs are
computed again, from the state alone and as ``encode_state`` computes them; the tail (who
decides, whose tensor) is rewritten when it differs. A state changed in any way (``apply``,
a scenario builder) therefore gets the full computation's tensor: nothing is carried from
one change to the next. ``tests/interop/test_incremental_tensor.py`` plays random games
and compares the two at every step, for every seat.

The events of ``apply`` are not used to find what changed: random games show changes to a
seat that none of the events of that ``apply`` names (see ``docs/benchmarks.md``).

numpy is imported only when a tensor is first asked for (it comes with the ``rl`` extra).
"""

from __future__ import annotations

import weakref
from operator import attrgetter
from typing import Any

from ...core import CHANCE
from .content import COLOURS
from .encoding import (
    _BAG,
    _COLOUR_AT,
    _PER_SEAT,
    _ROLE_AT,
    _TRACK_AT,
    DEFAULT_GOAL,
    MAX_SEATS,
    _Layout,
    _layout,
    encode_state,
)
from .steps.base import HOLDERS
from .steps.resolve import Resolve, pending

__all__ = ["encode_array"]

_CARDS = attrgetter("cards", "holder", "dreamscape")
"""The Nightmare cards, their holders and the Dreamscape (whose Power goal every seat's
Power entry uses)."""
_SEAT_PARTS = attrgetter(
    "role", "colour", "track", "stage", "marks", "hunt", "exhaust", "power", "shadow"
)
"""What a seat's block is made from (its Power is the value of its Power row)."""
_ROW = len(_BAG)
"""Entries per row of a seat block: one per colour of the bag."""
_SHADOW_ROWS = tuple((3 + r) * _ROW for r in range(len(COLOURS)))
"""Where the Shadow rows start in a seat block (blue, green, yellow, red, as ``ROWS``)."""


def _in_hand(state: Any, colour_at: dict[str, int]) -> list[int]:
    """The dreams in hand (drawn, rolled, set aside, in the pool) by colour of the bag:
    moving a dream between these changes no entry of the tensor."""
    counts = [0, 0, 0, 0, 0]
    for c in state.hand:
        counts[colour_at[c]] += 1
    rolled, limbo = pending(state)  # held by the steps on the stack
    for d in rolled:
        counts[colour_at[d[0]]] += 1
    for d in limbo:
        counts[colour_at[d[0]]] += 1
    for d in state.pool:
        counts[colour_at[d[0]]] += 1
    return counts


def _copy_seat_parts(parts: tuple[Any, ...]) -> tuple[Any, ...]:
    role, colour, track, stage, marks, hunt, exhaust, power, shadow = parts
    return (
        role,
        colour,
        track,
        stage,
        list(marks),
        list(hunt),
        list(exhaust),
        list(power),
        {c: list(dice) for c, dice in shadow.items()},
    )


class _Tracker:
    """One state's tensor (``base``, float32, the tail included) and copies of what it was
    computed from."""

    __slots__ = ("bag", "base", "cards", "counts", "hand", "lay", "ref", "seats", "tail")

    tail: tuple[Any, ...] | None

    def __init__(self, state: Any, lay: _Layout) -> None:
        import numpy as np

        key = id(state)

        def forget(ref: weakref.ref[Any]) -> None:  # the state is gone: so is its tensor
            if _TRACKERS.get(key) is self:
                del _TRACKERS[key]

        self.ref = weakref.ref(state, forget)
        self.lay = lay
        self.base = np.zeros(lay.size, dtype=np.float32)
        self.rebuild(state)

    def rebuild(self, state: Any) -> None:
        """Encode the whole state again (the tail is written by the next call)."""
        lay = self.lay
        self.base[:] = encode_state(state, None, remember=False)
        self.tail = None
        self.counts: dict[int, list[int]] = {}
        self.bag = dict(state.bag)
        cards, holder, dreamscape = _CARDS(state)
        self.cards = ({c: list(dice) for c, dice in cards.items()}, dict(holder), dreamscape)
        self.hand = _in_hand(state, lay.colour_at)
        self.seats = [_copy_seat_parts(p) for p in map(_SEAT_PARTS, state.seats)]

    def update_bag(self, bag: dict[str, int]) -> None:
        """The bag's entries, those of the colours whose count changed (a step draws or
        returns a dream or two: writing an entry of the array costs more than comparing)."""
        base, totals = self.base, self.lay.totals
        get, was = bag.get, self.bag.get
        for i, c in enumerate(_BAG):
            n = get(c, 0)
            if n != was(c, 0):
                base[i] = n / totals[i]
        self.bag = dict(bag)

    def update_cards(self, state: Any, parts: tuple[Any, ...]) -> None:
        """The Nightmare cards, or everything when the Dreamscape changed (its Power goal
        changes every seat's Power entry)."""
        cards, holder, dreamscape = parts
        if dreamscape != self.cards[2]:
            self.rebuild(state)
            return
        base, lay = self.base, self.lay
        totals, at = lay.totals, lay.cards
        for k, c in enumerate(COLOURS):
            base[at + 2 * k] = len(cards[c]) / totals[k]
            base[at + 2 * k + 1] = 0.0 if holder[c] is None else 1.0
        self.cards = ({c: list(dice) for c, dice in cards.items()}, dict(holder), dreamscape)

    def update_hand(self, counts: list[int]) -> None:
        """The dreams in hand, ``counts`` by colour of the bag (the entries that changed)."""
        base, lay = self.base, self.lay
        at, totals = lay.hand, lay.totals
        was = self.hand
        for k, n in enumerate(counts):
            if n != was[k]:
                base[at + k] = n / totals[k]
        self.hand = counts

    def _row(self, at: int, dice: list[Any]) -> list[Any]:
        """Write the dream counts of one row of a seat from ``at`` (those that changed since
        the row was last written); a copy of the row."""
        counts = [0] * len(_BAG)
        colour_at = self.lay.colour_at
        for d in dice:
            counts[colour_at[d[0]]] += 1
        base, totals = self.base, self.lay.totals
        was = self.counts.get(at)
        if was is None:
            for k, n in enumerate(counts):
                base[at + k] = n / totals[k]
        else:
            for k, n in enumerate(counts):
                if n != was[k]:
                    base[at + k] = n / totals[k]
        self.counts[at] = counts
        return list(dice)

    def _seat(
        self, state: Any, i: int, now: tuple[Any, ...], was: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        """Write the entries of seat ``i`` that changed (as ``encoding._seat_block``);
        returns the copy of its parts to keep."""
        base, lay = self.base, self.lay
        at = lay.seats + i * _PER_SEAT
        role, colour, track, stage, marks, hunt, exhaust, power, shadow = now
        if role != was[0]:
            base[at + lay.role_at : at + lay.colour_of] = 0.0
            if role in _ROLE_AT:
                base[at + lay.role_at + _ROLE_AT[role]] = 1.0
        if colour != was[1]:
            base[at + lay.colour_of : at + lay.track_at] = 0.0
            if colour in _COLOUR_AT:
                base[at + lay.colour_of + _COLOUR_AT[colour]] = 1.0
        if track != was[2] or stage != was[3]:
            base[at + lay.track_at : at + lay.power_at] = 0.0
            if track is not None:
                if track in _TRACK_AT:
                    base[at + lay.track_at + _TRACK_AT[track]] = 1.0
                if 0 <= stage < 3:
                    base[at + lay.stage_at + stage] = 1.0
        if marks != was[4]:
            base[at + lay.power_at + 1] = len(marks) / lay.totals[-1]
            marks = list(marks)
        else:
            marks = was[4]
        hunt = self._row(at, hunt) if hunt != was[5] else was[5]
        exhaust = self._row(at + _ROW, exhaust) if exhaust != was[6] else was[6]
        if power != was[7]:
            power = self._row(at + 2 * _ROW, power)
            p = state.power_of(i)
            goal = DEFAULT_GOAL if state.dreamscape is None else lay.goals[state.dreamscape]
            base[at + lay.power_at] = p / (p + goal) if p else 0.0
        else:
            power = was[7]
        if shadow != was[8]:
            before = was[8]
            for start, c in zip(_SHADOW_ROWS, COLOURS, strict=True):
                if shadow[c] != before[c]:
                    self._row(at + start, shadow[c])
            shadow = {c: list(dice) for c, dice in shadow.items()}
        else:
            shadow = was[8]
        return (role, colour, track, stage, marks, hunt, exhaust, power, shadow)

    def write_tail(self, tail: tuple[Any, ...]) -> None:
        """Who decides and whose tensor (``encode_state``'s last entries), from the arrays
        of the tails already met (a few dozen)."""
        lay = self.lay
        made = lay.tails.get(tail)
        if made is None:
            import numpy as np

            current, final, to_move, viewer = tail
            out = [0.0] * (lay.size - lay.current)
            if 0 <= current < MAX_SEATS:
                out[current] = 1.0
            if final:
                out[lay.final - lay.current] = 1.0
            deciding = lay.deciding - lay.current
            for seat_id in to_move:
                if seat_id == CHANCE:
                    out[deciding + MAX_SEATS] = 1.0
                elif 0 <= seat_id < MAX_SEATS:
                    out[deciding + seat_id] = 1.0
            if viewer is not None and 0 <= viewer < MAX_SEATS:
                out[lay.viewer - lay.current + viewer] = 1.0
            if len(lay.tails) > 4096:
                lay.tails.clear()
            made = lay.tails[tail] = np.asarray(out, dtype=np.float32)
        self.base[lay.current :] = made
        self.tail = tail


_TRACKERS: dict[int, _Tracker] = {}
"""The live states whose tensor is kept, by ``id(state)`` (an entry goes with its state)."""
_TRACKERS_KEPT = 4096


def encode_array(state: Any, viewer: int | None = None) -> Any:
    """``encode_state(state, viewer)`` as a new float32 numpy array (see the module
    docstring): only what changed since the last call for this state is encoded again."""
    tracker = _TRACKERS.get(id(state))
    if tracker is None or id(tracker.ref()) != id(state):  # None once its state is gone
        if len(_TRACKERS) >= _TRACKERS_KEPT:
            _TRACKERS.clear()
        tracker = _TRACKERS[id(state)] = _Tracker(state, _layout(state.game))
    else:
        if state.bag != tracker.bag:
            tracker.update_bag(state.bag)
        # _in_hand, written out (this runs after every step, and the counts change at
        # most steps: comparing the lists first costs more than it saves); the dreams not
        # yet rolled are counted in C, the others are few
        drawn = state.hand.count
        hand = [drawn("blue"), drawn("green"), drawn("yellow"), drawn("red"), drawn("bone")]
        colour_at = tracker.lay.colour_at
        for step in state.stack.items:  # the dreams the steps hold (steps.resolve.pending)
            cls = step.__class__
            if cls is Resolve:
                for d in step.rolled:
                    hand[colour_at[d[0]]] += 1
            elif cls in HOLDERS:
                for d in step.held():
                    hand[colour_at[d[0]]] += 1
        for d in state.pool:
            hand[colour_at[d[0]]] += 1
        if hand != tracker.hand:
            tracker.update_hand(hand)
        cards = (state.cards, state.holder, state.dreamscape)  # _CARDS, written out
        if cards != tracker.cards:
            tracker.update_cards(state, cards)
        # the seats: each seat's nine parts (_SEAT_PARTS, attribute reads
        # rather than attrgetter's) compared once with their copies (this runs after every
        # step, and a seat changes at most of them)
        kept = tracker.seats
        seats = state.seats
        if len(seats) != len(kept):
            tracker.rebuild(state)
        else:
            for i, s in enumerate(seats):
                now = (
                    s.role, s.colour, s.track, s.stage, s.marks, s.hunt, s.exhaust, s.power,
                    s.shadow,
                )  # fmt: skip
                was = kept[i]
                if now != was:
                    kept[i] = tracker._seat(state, i, now, was)
    tail = (state.current, state.final_turns is not None, state.to_move(), viewer)
    if tail != tracker.tail:
        made = tracker.lay.tails.get(tail)
        if made is None:
            tracker.write_tail(tail)
        else:
            tracker.base[tracker.lay.current :] = made
            tracker.tail = tail
    return tracker.base.copy()
