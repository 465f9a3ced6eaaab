"""The Lucidity scenario builder: a position described as data.

Tests state a position here instead of reaching into the engine's fields: the rows of each
seat's card, the roles, what is left in the bag, shields, and whose turn starts now. This is
the one test module that knows the engine's fields; when they move, only it changes.

A dream is written ``"colour:face"`` (a turned exhaust dream is ``"yellow:exhaust:rotated"``).
Rows are ``hunt``, ``exhaust``, ``power``, ``marks``, ``shadow_<colour>`` and, for the dreams
on a Nightmare card, ``card_<colour>``. Every dream placed comes out of the bag, so each dream
stays in exactly one place.

::

    s = scenario(
        3,
        rows={0: {"power": ["red:power2"]}, 1: {"power": ["green:power1"]}},
        nightmares={1: "green"},
        turn=1,
    )
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import oneiros

ROWS = ("hunt", "exhaust", "power", "marks")


def _die(spec: str) -> Any:
    from oneiros.games.lucidity.model import die

    parts = spec.split(":")
    if len(parts) not in (2, 3) or (len(parts) == 3 and parts[2] != "rotated"):
        raise ValueError(f"a dream is 'colour:face' or 'colour:exhaust:rotated', not {spec!r}")
    return die(parts[0], parts[1], len(parts) == 3)


def place(state: Any, seat: int, row: str, dice: Iterable[str]) -> None:
    """Move dreams from the bag to a row of ``seat``'s card (or to a Nightmare card with
    ``row="card_<colour>"``, whatever ``seat``)."""
    s = state.seats[seat]
    for spec in dice:
        d = _die(spec)
        if state.bag[d[0]] <= 0:
            raise ValueError(f"no {d[0]} dream is left in the bag for {spec!r}")
        state.bag[d[0]] -= 1
        if row in ROWS:
            getattr(s, row).append(d)
        elif row.startswith("shadow_"):
            s.shadow[row[7:]].append(d)
        elif row.startswith("card_"):
            state.cards[row[5:]].append(d)
        else:
            raise ValueError(f"unknown row {row!r}")
    changed(state)


def set_nightmare(state: Any, seat: int, colour: str) -> None:
    """``seat`` is the Nightmare of ``colour`` (its card claimed)."""
    state.seats[seat].role = "nightmare"
    state.seats[seat].colour = colour
    state.holder[colour] = seat
    changed(state)


def set_eliminated(state: Any, seat: int) -> None:
    """``seat`` was eaten: it takes no further turn."""
    state.seats[seat].role = "eliminated"
    changed(state)


def set_shield(state: Any, seat: int, shield: int) -> None:
    """``seat`` holds ``shield`` Manifestation shields."""
    state.seats[seat].shield = shield
    changed(state)


def keep_in_bag(state: Any, keep: Mapping[str, int]) -> None:
    """Park dreams on a far Nightmare card (yellow's) so the bag holds only ``keep``."""
    from oneiros.games.lucidity.model import die

    for colour in list(state.bag):
        extra = state.bag[colour] - keep.get(colour, 0)
        if extra > 0:
            state.bag[colour] -= extra
            state.cards["yellow"].extend([die(colour, "power1")] * extra)
    changed(state)


def start_turn(state: Any, seat: int, advance: bool = False) -> None:
    """``seat``'s turn starts now, whatever was pending; with ``advance``, the steps that
    need no decision run too."""
    state.stack.clear()
    changed(state)
    state._start_turn(seat)
    if advance:
        state._advance()


def pending(state: Any) -> dict[str, Any]:
    """The step on top of the stack as data: its kind and its fields."""
    top = state.stack.top
    if top is None:
        return {}
    return {"kind": top.kind, **top.fields()}


def changed(state: Any) -> None:
    """The cached legal actions no longer hold (the position was changed from outside)."""
    state.stack.changed()


def scenario(
    players: int = 3,
    ruleset: str = "en",
    *,
    rows: Mapping[int, Mapping[str, Sequence[str]]] | None = None,
    cards: Mapping[str, Sequence[str]] | None = None,
    nightmares: Mapping[int, str] | None = None,
    eliminated: Iterable[int] = (),
    shields: Mapping[int, int] | None = None,
    bag: Mapping[str, int] | None = None,
    turn: int | None = None,
    advance: bool = False,
    seed: int = 0,
    **options: Any,
) -> Any:
    """A Lucidity position: a new game (seat 0 first unless ``first_player`` says
    otherwise) with ``rows`` of dreams per seat (``{seat: {row: ["colour:face", ...]}}``),
    dreams on the Nightmare ``cards`` by colour, the ``nightmares`` (seat -> colour), the
    ``eliminated`` seats, ``shields`` per seat, a ``bag`` holding only the given counts (the
    rest parked on the yellow Nightmare card) and, with ``turn``, that seat's turn starting
    now (``advance``: run what needs no decision)."""
    options.setdefault("first_player", "0")
    game = oneiros.make("lucidity", players=players, ruleset=ruleset, options=options)
    state = game.new_state(seed=seed)
    for seat, colour in (nightmares or {}).items():
        set_nightmare(state, seat, colour)
    for seat in eliminated:
        set_eliminated(state, seat)
    for seat, seat_rows in (rows or {}).items():
        for row, dice in seat_rows.items():
            place(state, seat, row, dice)
    for colour, dice in (cards or {}).items():
        place(state, 0, f"card_{colour}", dice)
    for seat, shield in (shields or {}).items():
        set_shield(state, seat, shield)
    if bag is not None:
        keep_in_bag(state, bag)
    if turn is not None:
        start_turn(state, turn, advance)
    return state
