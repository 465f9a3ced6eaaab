"""Lucidity's observation tensor as a float32 numpy array, kept up to date from one call to
the next (for the RL adapters, which ask for it after every step).

``encode_array(state, viewer)`` is ``numpy.asarray(encode_state(state, viewer),
dtype=numpy.float32)`` entry for entry. The last tensor of a state is kept, as long as the
state lives, with copies of everything it was computed from: the bag, the Nightmare cards
and their holders, the Dreamscape, and each seat's role, colour, track, stage, Shadowmarks
and rows; and with the counts by colour it holds, of the dreams in hand and of each row of
each seat. At the next call the live values are compared with the copies (comparisons of
lists and dicts, done in C) and only the entries of what differs are written again, from
the state alone and as ``encode_state`` computes them: a row that gained or lost its last
dream changes one count (the prefix is compared with the copy), any other change of a row
is counted again; a Power row that gained one dream adds that dream's Power to the kept
Power, any other change counts it again; a new track or stage clears the old flags and sets
the new ones. The dreams in hand are not counted again: no rule makes or removes a dream
(every dream comes out of the bag and goes back to it or onto a card; a Shadowmark is a Bone
Hunter, a Nightmare card holds dreams of its colour), so each dream of a colour that the
bag, a row, the Shadowmarks or a Nightmare card gained came out of the hand (the drawn,
rolled, held and pooled dreams) and each one they lost went into it: the kept counts in hand
follow those changes by the dreams' own colours (``tests/interop/test_incremental_tensor.py``
checks that every colour's count stays that of the game over random games of every
configuration). A state changed outside any step (a scenario builder: a turn started by
hand clears the stack and the dreams it held) says so with ``stack.changed()`` (the
core's contract for such changes, which also drops the cached legal actions); its count
(``Flow.outside``) differing from the kept one, the tensor is encoded again from scratch.
The tail (who decides, whose tensor) is rewritten when it differs, from the tails
already made. The entries live in a float32 ``array.array`` (writing one costs less than
writing an item of a numpy array) that a numpy array shares, handed over as a copy. A state
changed in any way (``apply``, a scenario builder) therefore gets the full computation's
tensor; a position whose seats or bag colours came or went, or whose Dreamscape changed, is
encoded again from scratch.
``tests/interop/test_incremental_tensor.py`` plays random games (hypothesis) and compares
the two at every step, for every seat.

The events of ``apply`` are not used to find what changed: random games show changes to a
seat that none of the events of that ``apply`` names (see ``docs/benchmarks.md``).

numpy is imported only when a tensor is first asked for (it comes with the ``rl`` extra).
"""

from __future__ import annotations

import weakref
from array import array
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
from .model import power_value
from .steps.base import HOLDERS
from .steps.resolve import Resolve

_ROW = len(_BAG)
"""Entries per row of a seat block: one per colour of the bag. The rows of a block are
hunt, exhaust, power, then the Shadow rows (blue, green, yellow, red)."""
_BAG_AT = tuple(enumerate(_BAG))
_BONE = _BAG.index("bone")
_POWER = {"power1": 1, "power2": 2}
"""The Power of a dream in a Power row, by face (``model.power_value``)."""
_SHADOWS = tuple((3 + k, c) for k, c in enumerate(COLOURS))
"""The Shadow rows: (row of the seat block, colour)."""


def _count(dice: Any, colour_at: dict[str, int]) -> list[int]:
    """The dreams of ``dice`` by colour of the bag."""
    counts = [0, 0, 0, 0, 0]
    for d in dice:
        counts[colour_at[d[0]]] += 1
    return counts


class _Tracker:
    """One state's tensor (``base``, float32, the tail included), copies of what it was
    computed from, and the counts by colour it holds (of the dreams in hand and of each
    row of each seat)."""

    __slots__ = (
        "arr",
        "bag",
        "base",
        "cards",
        "in_hand",
        "lay",
        "outside",
        "power",
        "ref",
        "rows",
        "seats",
        "tail",
    )

    seats: list[list[Any]]
    rows: list[list[list[int]]]

    def __init__(self, state: Any, lay: _Layout) -> None:
        import numpy as np

        key = id(state)

        def forget(ref: weakref.ref[Any]) -> None:  # the state is gone: so is its tensor
            if _TRACKERS.get(key) is self:
                del _TRACKERS[key]

        self.ref = weakref.ref(state, forget)
        self.lay = lay
        self.arr = array("f", bytes(4 * lay.size))
        """The tensor's entries (float32, written one by one: cheaper than numpy's items)."""
        self.base = np.frombuffer(self.arr, dtype=np.float32)
        """The same memory as a numpy array (handed over as a copy)."""
        self.rebuild(state)

    def rebuild(self, state: Any) -> None:
        """Encode the whole state again (the tail is written by the next call)."""
        lay = self.lay
        colour_at = lay.colour_at
        self.base[:] = encode_state(state, None, remember=False)
        self.tail: tuple[Any, ...] | None = None
        self.outside = state.stack.outside
        self.bag = dict(state.bag)
        self.cards = _card_parts(state)
        self.in_hand = _in_hand(state, colour_at)
        self.seats = []
        self.rows = []
        self.power = [state.power_of(i) for i in range(len(state.seats))]
        for s in state.seats:
            sh = s.shadow
            self.seats.append(_parts(s))
            self.rows.append(
                [
                    _count(row, colour_at)
                    for row in (
                        s.hunt,
                        s.exhaust,
                        s.power,
                        sh["blue"],
                        sh["green"],
                        sh["yellow"],
                        sh["red"],
                    )
                ]
            )


def _card_parts(state: Any) -> tuple[Any, ...]:
    """Copies of what the Nightmare cards' entries are made from, in this
    order: the dreams on each card, who holds it, the Dreamscape (its Power goal)."""
    return (
        {c: list(dice) for c, dice in state.cards.items()},
        dict(state.holder),
        state.dreamscape,
    )


def _parts(s: Any) -> list[Any]:
    """Copies of what a seat's block is made from: its (role, colour, track, stage), and its
    (Shadowmarks, Hunt, Exhaust and Power rows, Shadow rows) (its Power is the value of its
    Power row)."""
    return [
        (s.role, s.colour, s.track, s.stage),
        (
            list(s.marks),
            list(s.hunt),
            list(s.exhaust),
            list(s.power),
            {c: list(dice) for c, dice in s.shadow.items()},
        ),
    ]


def _in_hand(state: Any, colour_at: dict[str, int]) -> list[int]:
    """The dreams in hand by colour of the bag: drawn (``hand``), rolled and unresolved (the
    ``rolled`` of the resolution nearest the top), held by the steps on the stack, in the
    pool (``steps.resolve.pending``, written out). Moving a dream between these changes no
    entry of the tensor."""
    counts = [0, 0, 0, 0, 0]
    for c in state.hand:
        counts[colour_at[c]] += 1
    rolled: Any = ()
    for step in state.stack.items:
        cls = step.__class__
        if cls is Resolve:
            rolled = step.rolled
        elif cls in HOLDERS:
            for d in step.held():
                counts[colour_at[d[0]]] += 1
    for d in rolled:
        counts[colour_at[d[0]]] += 1
    for d in state.pool:
        counts[colour_at[d[0]]] += 1
    return counts


def _flags(t: _Tracker, at: int, now: tuple[Any, ...], was: tuple[Any, ...]) -> None:
    """A seat's role, colour, track and stage one-hot entries (as ``encoding._seat_block``;
    ``at``: where the seat's block starts, ``now`` and ``was``: (role, colour, track, stage)
    live and kept)."""
    base, lay = t.base, t.lay
    role, colour, track, stage = now
    if role != was[0]:
        base[at + lay.role_at : at + lay.colour_of] = 0.0
        if role in _ROLE_AT:
            base[at + lay.role_at + _ROLE_AT[role]] = 1.0
    if colour != was[1]:
        base[at + lay.colour_of : at + lay.track_at] = 0.0
        if colour in _COLOUR_AT:
            base[at + lay.colour_of + _COLOUR_AT[colour]] = 1.0
    old_track, old_stage = was[2], was[3]
    if track != old_track or stage != old_stage:
        # the entries hold ``was``'s flags: clear those, then set the new ones (the track
        # changes at every turn: cheaper than clearing the whole group)
        arr = t.arr
        if old_track is not None:
            if old_track in _TRACK_AT:
                arr[at + lay.track_at + _TRACK_AT[old_track]] = 0.0
            if 0 <= old_stage < 3:
                arr[at + lay.stage_at + old_stage] = 0.0
        if track is not None:
            if track in _TRACK_AT:
                arr[at + lay.track_at + _TRACK_AT[track]] = 1.0
            if 0 <= stage < 3:
                arr[at + lay.stage_at + stage] = 1.0


def _moved(t: _Tracker, k: int, n: int) -> None:
    """``n`` dreams of colour ``k`` came out of the hand (went in, if negative): its count
    and entry follow (dreams are only moved, see the module docstring)."""
    lay, hand = t.lay, t.in_hand
    c = hand[k] = hand[k] - n
    t.arr[lay.hand + k] = c / lay.totals[k]


def _recount(t: _Tracker, start: int, counts: list[int], dice: list[Any]) -> None:
    """Count a row again and write the counts that differ from ``counts`` (updated)."""
    arr, lay = t.arr, t.lay
    colour_at, totals = lay.colour_at, lay.totals
    new = [0, 0, 0, 0, 0]
    for d in dice:
        new[colour_at[d[0]]] += 1
    for k in range(5):
        n = new[k]
        if n != counts[k]:
            _moved(t, k, n - counts[k])
            counts[k] = n
            arr[start + k] = n / totals[k]


def _row(t: _Tracker, start: int, counts: list[int], dice: list[Any], old: list[Any]) -> list[Any]:
    """Write the counts of a row that changed from ``old`` to ``dice`` (from ``start``);
    ``counts`` (the row's counts by colour) is updated; returns the copy of the row."""
    n, m = len(dice), len(old)
    if n == m + 1 and dice[:m] == old:  # one dream placed at the end
        lay, hand = t.lay, t.in_hand
        k = lay.colour_at[dice[m][0]]
        c = counts[k] = counts[k] + 1
        t.arr[start + k] = c / lay.totals[k]
        c = hand[k] = hand[k] - 1
        t.arr[lay.hand + k] = c / lay.totals[k]
    elif n == m - 1 and old[:n] == dice:  # the last dream taken
        lay, hand = t.lay, t.in_hand
        k = lay.colour_at[old[n][0]]
        c = counts[k] = counts[k] - 1
        t.arr[start + k] = c / lay.totals[k]
        c = hand[k] = hand[k] + 1
        t.arr[lay.hand + k] = c / lay.totals[k]
    else:
        _recount(t, start, counts, dice)
    return dice[:]


def _seat(t: _Tracker, state: Any, i: int, now: tuple[Any, ...], was: tuple[Any, ...]) -> Any:
    """Write the entries of seat ``i``'s rows that changed (``now``: its live Shadowmarks and
    rows, ``was``: the copies kept); the copies to keep."""
    marks, hunt, exhaust, power, shadow = now
    lay = t.lay
    at = lay.seats + i * _PER_SEAT
    kept = was[0]
    if marks != kept:
        n = len(marks)
        t.arr[at + lay.power_at + 1] = n / lay.totals[-1]
        _moved(t, _BONE, n - len(kept))  # a Shadowmark is a Bone Hunter
        marks = marks[:]
    else:
        marks = kept
    rows = t.rows[i]
    kept = was[1]
    hunt = _row(t, at, rows[0], hunt, kept) if hunt != kept else kept
    kept = was[2]
    exhaust = _row(t, at + _ROW, rows[1], exhaust, kept) if exhaust != kept else kept
    kept = was[3]
    if power != kept:
        m = len(kept)
        start = at + 2 * _ROW
        counts = rows[2]
        if len(power) == m + 1 and power[:m] == kept:  # one dream placed: add its Power
            d = power[m]
            p = t.power[i] + _POWER.get(d[1], 0)
            k = lay.colour_at[d[0]]
            n = counts[k] = counts[k] + 1
            t.arr[start + k] = n / lay.totals[k]
            _moved(t, k, 1)
        elif len(power) == m - 1 and kept[: m - 1] == power:  # the last dream taken
            d = kept[m - 1]
            p = t.power[i] - _POWER.get(d[1], 0)
            k = lay.colour_at[d[0]]
            n = counts[k] = counts[k] - 1
            t.arr[start + k] = n / lay.totals[k]
            _moved(t, k, -1)
        else:
            p = power_value(power)
            _recount(t, start, counts, power)
        power = power[:]
        t.power[i] = p
        goal = DEFAULT_GOAL if state.dreamscape is None else lay.goals[state.dreamscape]
        t.arr[at + lay.power_at] = p / (p + goal) if p else 0.0
    else:
        power = kept
    kept = was[4]
    if shadow != kept:
        shadows = {}
        for r, c in _SHADOWS:
            x = shadow[c]
            y = kept[c]
            shadows[c] = _row(t, at + _ROW * r, rows[r], x, y) if x != y else y
        shadow = shadows
    else:
        shadow = kept
    return (marks, hunt, exhaust, power, shadow)


def _cards(t: _Tracker, state: Any) -> None:
    """The Nightmare cards that changed, or everything when the Dreamscape changed (its
    Power goal changes every seat's Power entry)."""
    cards, holder = state.cards, state.holder
    kept_cards, kept_holder, dreamscape = t.cards
    if state.dreamscape != dreamscape:
        t.rebuild(state)
        return
    arr, lay = t.arr, t.lay
    totals, at = lay.totals, lay.cards
    if cards != kept_cards:
        for k, c in enumerate(COLOURS):
            dice = cards[c]
            was = kept_cards[c]
            if dice != was:
                arr[at + 2 * k] = len(dice) / totals[k]
                # the dreams that came or went, by their own colour (a card holds dreams
                # of its colour in play; a position set up by hand may park others there)
                now, before = _count(dice, lay.colour_at), _count(was, lay.colour_at)
                for j in range(5):
                    if now[j] != before[j]:
                        _moved(t, j, now[j] - before[j])
                kept_cards[c] = dice.copy()
    if holder != kept_holder:
        for k, c in enumerate(COLOURS):
            h = holder[c]
            if h != kept_holder[c]:
                arr[at + 2 * k + 1] = 0.0 if h is None else 1.0
                kept_holder[c] = h


def _tail(t: _Tracker, tail: tuple[Any, ...]) -> None:
    """Who decides and whose tensor (``encode_state``'s last entries), from the arrays of
    the tails already met (a few dozen)."""
    lay = t.lay
    made = _TAILS.get(tail)
    if made is None:
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
        if len(_TAILS) > 4096:
            _TAILS.clear()
        made = _TAILS[tail] = array("f", out)
    t.arr[lay.current :] = made
    t.tail = tail


_TAILS: dict[tuple[Any, ...], array[float]] = {}
"""The tails (who decides, whose tensor: the same entries in every configured game) already
made, as float32 arrays, by (current seat, final turns, to_move, viewer)."""

_TRACKERS: dict[int, _Tracker] = {}
"""The live states whose tensor is kept, by ``id(state)`` (an entry goes with its state)."""
_TRACKERS_KEPT = 4096


def encode_array(
    state: Any, viewer: int | None = None, to_move: tuple[int, ...] | None = None
) -> Any:
    """``encode_state(state, viewer)`` as a new float32 numpy array (see the module
    docstring): only what changed since the last call for this state is encoded again.
    ``to_move`` is ``state.to_move()`` when the caller has it."""
    t = _TRACKERS.get(id(state))
    if t is None or id(t.ref()) != id(state):  # None once its state is gone
        if len(_TRACKERS) >= _TRACKERS_KEPT:
            _TRACKERS.clear()
        t = _TRACKERS[id(state)] = _Tracker(state, _layout(state.game))
    elif state.stack.outside != t.outside:  # changed outside any step: from scratch
        t.rebuild(state)
    else:
        arr = t.arr
        lay = t.lay
        bag = state.bag
        before = t.bag
        if bag != before:
            totals, hand, at = lay.totals, t.in_hand, lay.hand
            try:
                for i, colour in _BAG_AT:
                    n = bag[colour]
                    d = n - before[colour]
                    if d:
                        arr[i] = n / totals[i]
                        c = hand[i] = hand[i] - d  # drawn or returned: to or from the hand
                        arr[at + i] = c / totals[i]
                t.bag = bag.copy()
            except KeyError:  # a colour missing (a position set up by hand)
                t.rebuild(state)
        # the dreams in hand are kept by the moves above and below: dreams are only moved
        # between the bag, the hand, the seats' rows and the Nightmare cards
        kept_cards = t.cards
        if (
            state.cards != kept_cards[0]
            or state.holder != kept_cards[1]
            or state.dreamscape != kept_cards[2]
        ):
            _cards(t, state)
        seats = state.seats
        kept = t.seats
        if len(seats) != len(kept):
            t.rebuild(state)
        else:
            for i, s in enumerate(seats):
                # a seat's flags (a new track or stage at every turn) and its rows (a dream
                # placed or taken) mostly change apart: two checks
                w = kept[i]
                flags = (s.role, s.colour, s.track, s.stage)
                if flags != w[0]:
                    _flags(t, lay.seats + i * _PER_SEAT, flags, w[0])
                    w[0] = flags
                now = (s.marks, s.hunt, s.exhaust, s.power, s.shadow)
                if now != w[1]:
                    w[1] = _seat(t, state, i, now, w[1])
    if to_move is None:
        to_move = state.to_move()
    tail = (state.current, state.final_turns is not None, to_move, viewer)
    if tail != t.tail:
        made = _TAILS.get(tail)
        if made is None:
            _tail(t, tail)
        else:
            t.arr[t.lay.current :] = made
            t.tail = tail
    return t.base.copy()
