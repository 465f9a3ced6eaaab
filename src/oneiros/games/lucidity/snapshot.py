"""Lucidity's snapshots: the whole state as plain JSON, and back (``core-v2`` item 4).

``state.to_snapshot()`` writes the layout every game on the flow writes
(``core.flow.FlowState.to_snapshot``): the configuration, the content hash and rules
version, the seed, the history, every event, the flow stack (each step's ``to_json``) and
the state's own ``fields`` (the bag, each seat's card, the Nightmare cards' holders, the
dreams drawn and not rolled, the Manifestation deck...). The dreams rolled and not yet
resolved, and those drawn or rerolled by an effect, are fields of the steps that hold them
(``Resolve.rolled``, ``RollNow.dream``, ``MinionPick.drawn``...), so they travel with the
flow. A snapshot written before they moved there (with ``fields.rolled`` and
``fields.limbo``) still loads: its dreams are given to the steps that hold them now. ``game.from_snapshot(data)`` rebuilds a state
that shows the same ``snapshot()`` and goes on identically under the same actions and
chance outcomes. A snapshot of another game, configuration, content or rules version, or
one that does not have the shape written here, fails with a one-line ``ConfigError``.

A dream is written ``[colour, face, rotated]``; the Manifestation deck
``{"top": [...], "unknown": [[card, copies], ...], "bottom": [...]}``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from ...core import ConfigError, Deck, Event
from ...core.flow import Flow, _to_json, snapshot_document
from ...core.i18n import reword
from ...core.registry import check_provenance
from ...core.state import SNAPSHOT_FORMAT, State
from .model import Die, Seat, die
from .steps.base import KINDS, HoldsDreams
from .steps.nightmare import MinionPick
from .steps.resolve import Resolve

if TYPE_CHECKING:
    from .game import LucidityGame
    from .state import LucidityState

Colour = Literal["blue", "green", "yellow", "red"]
DieColour = Literal["blue", "green", "yellow", "red", "bone"]
DieJson = tuple[DieColour, str, bool]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _SeatJson(_Strict):
    role: Literal["dreamer", "nightmare", "eliminated"]
    colour: Colour | None
    hunt: list[DieJson]
    exhaust: list[DieJson]
    power: list[DieJson]
    shadow: dict[Colour, list[DieJson]]
    marks: list[DieJson]
    track: str | None
    stage: int
    manifested: list[str]
    shield: int


class _DeckJson(_Strict):
    top: list[str]
    unknown: list[tuple[str, int]]
    bottom: list[str]


class _FieldsJson(_Strict):
    bag: dict[DieColour, int]
    seats: list[_SeatJson]
    cards: dict[Colour, list[DieJson]]
    holder: dict[Colour, int | None]
    hand: list[DieColour]
    rolled: list[DieJson] = []  # older snapshots only: now ``Resolve.rolled``
    limbo: list[DieJson] = []  # older snapshots only: now held by the steps
    current: int
    turns: int
    final_turns: tuple[int, ...] | None
    dream_end: bool
    reason: str | None
    won: list[int]
    rolloff: dict[int, int]
    log: list[dict[str, Any]]
    rules: dict[str, int]
    dreamscape: str | None
    mdeck: _DeckJson
    revealed: list[str]
    pool: list[DieJson]


def _dice(row: list[Die]) -> list[list[Any]]:
    return [[d[0], d[1], d[2]] for d in row]


def _undice(row: list[Any]) -> list[Die]:
    return [die(c, f, r) for c, f, r in row]


def _seat_json(seat: Seat) -> dict[str, Any]:
    return {
        "role": seat.role,
        "colour": seat.colour,
        "hunt": _dice(seat.hunt),
        "exhaust": _dice(seat.exhaust),
        "power": _dice(seat.power),
        "shadow": {c: _dice(row) for c, row in seat.shadow.items()},
        "marks": _dice(seat.marks),
        "track": seat.track,
        "stage": seat.stage,
        "manifested": list(seat.manifested),
        "shield": seat.shield,
    }


def _seat(data: _SeatJson) -> Seat:
    seat = Seat()
    seat.role = data.role
    seat.colour = data.colour
    seat.hunt = _undice(data.hunt)
    seat.exhaust = _undice(data.exhaust)
    seat.power = _undice(data.power)
    shadow: dict[str, Any] = {str(c): row for c, row in data.shadow.items()}
    seat.shadow = {c: _undice(shadow.get(c, [])) for c in seat.shadow}
    seat.marks = _undice(data.marks)
    seat.track = data.track
    seat.stage = data.stage
    seat.manifested = list(data.manifested)
    seat.shield = data.shield
    return seat


def to_snapshot(s: LucidityState) -> dict[str, Any]:
    """The whole state ``s`` as plain JSON (see the module's docstring)."""
    deck = s.mdeck
    fields = {
        "bag": dict(s.bag),
        "seats": [_seat_json(seat) for seat in s.seats],
        "cards": {c: _dice(row) for c, row in s.cards.items()},
        "holder": dict(s.holder),
        "hand": list(s.hand),
        "current": s.current,
        "turns": s.turns,
        "final_turns": list(s.final_turns) if s.final_turns is not None else None,
        "dream_end": s.dream_end,
        "reason": s.reason,
        "won": list(s.won),
        "rolloff": {str(k): v for k, v in s.rolloff.items()},
        "log": [_to_json(entry) for entry in s.log],
        "rules": dict(s.rules),
        "dreamscape": s.dreamscape,
        "mdeck": {
            "top": list(deck.top),
            "unknown": [[card, n] for card, n in deck.unknown.counts.items()],
            "bottom": list(deck.bottom),
        },
        "revealed": list(s.revealed),
        "pool": _dice(s.pool),
    }
    return snapshot_document(s, s.stack, fields)


def _problem(exc: ValidationError) -> str:
    first = exc.errors()[0]
    where = ".".join(str(x) for x in first["loc"]) or "fields"
    more = exc.error_count() - 1
    return f"{where}: {first['msg']}" + (f" (and {more} more problems)" if more else "")


def _older_pending(s: LucidityState, rolled: list[Die], limbo: list[Die]) -> None:
    """A snapshot written while the state kept the unresolved dreams (``rolled``) and the
    dreams drawn for an effect (``limbo``) in lists of its own: give them to the steps
    that hold them now (the resolution, and the step nearest the top that rolls, gives or
    returns a dream drawn for an effect)."""
    items = s.stack.items
    if rolled:
        owner = [i for i, step in enumerate(items) if isinstance(step, Resolve)]
        if not owner:
            raise ConfigError("the snapshot's fields.rolled has no resolution on its flow")
        i = owner[-1]
        items[i] = Resolve(items[i].seat, (*items[i].rolled, *rolled))
    if limbo:
        owner = [i for i, step in enumerate(items) if isinstance(step, HoldsDreams)]
        if not owner:
            raise ConfigError("the snapshot's fields.limbo has no step on its flow to hold it")
        i = owner[-1]
        step: Any = items[i]
        if isinstance(step, MinionPick):
            items[i] = dataclasses.replace(step, drawn=(*step.drawn, *limbo))
        else:
            items[i] = dataclasses.replace(step, dream=limbo[-1])


def from_snapshot(game: LucidityGame, data: Mapping[str, Any]) -> LucidityState:
    """The state a snapshot describes; a bad snapshot raises a one-line ``ConfigError``."""
    from .state import LucidityState

    if not isinstance(data, Mapping) or data.get("snapshot") != SNAPSHOT_FORMAT:
        raise ConfigError(f"not a snapshot of format {SNAPSHOT_FORMAT} (state.to_snapshot())")
    cfg = game.config()
    for key in ("game", "ruleset", "players", "options"):
        if data.get(key) != cfg[key]:
            raise ConfigError(
                f"the snapshot is of {key} {data.get(key)!r}, this game has {cfg[key]!r}"
            )
    check_provenance(game, data)
    try:
        fields = _FieldsJson.model_validate(data["fields"])
    except ValidationError as exc:
        raise ConfigError(f"the snapshot's fields do not load: {_problem(exc)}") from None
    except KeyError as exc:
        raise ConfigError(f"the snapshot has no {exc}") from None
    if len(fields.seats) != game.players:
        raise ConfigError(
            f"the snapshot has {len(fields.seats)} seats, this game has {game.players} players"
        )
    seed = data.get("seed")
    try:
        if seed is not None and not isinstance(seed, int):
            raise TypeError(f"seed {seed!r} is not an integer")
        steps = [KINDS.from_json(step) for step in data["flow"]]
        events = [
            Event(kind, fmt, rule, ev_data, tuple(vis) if vis is not None else None)
            for kind, fmt, rule, ev_data, vis in reword(data["events"], game.reworded)
        ]
        history = [h if isinstance(h, str) else list(h) for h in data["history"]]
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ConfigError(f"the snapshot does not load: {exc}") from None
    s: LucidityState = LucidityState.__new__(LucidityState)
    State.__init__(s, game, seed)
    s._history = history
    s._events = events
    s.R = game.refs
    s.stack = Flow(game.refs, events, steps)
    s.bag = {c: n for c, n in fields.bag.items()}
    s.seats = [_seat(seat) for seat in fields.seats]
    s.cards = {c: _undice(fields.cards.get(c, [])) for c in ("blue", "green", "yellow", "red")}
    s.holder = {c: fields.holder.get(c) for c in ("blue", "green", "yellow", "red")}
    s.hand = list(fields.hand)
    _older_pending(s, _undice(fields.rolled), _undice(fields.limbo))
    s.current = fields.current
    s.turns = fields.turns
    s.final_turns = tuple(fields.final_turns) if fields.final_turns is not None else None
    s.dream_end = fields.dream_end
    s.reason = fields.reason
    s.won = list(fields.won)
    s.rolloff = dict(fields.rolloff)
    s.log = [dict(entry) for entry in fields.log]
    s.rules = dict(fields.rules)
    s.dreamscape = fields.dreamscape
    deck: Deck[str] = Deck()
    deck.top = list(fields.mdeck.top)
    for card, n in fields.mdeck.unknown:
        deck.unknown.counts[card] = n
        deck.unknown.total += n
    deck.bottom = list(fields.mdeck.bottom)
    s.mdeck = deck
    s.revealed = list(fields.revealed)
    s.pool = _undice(fields.pool)
    return s
