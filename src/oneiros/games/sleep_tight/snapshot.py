"""Sleep Tight's snapshots: the whole state as flat JSON and back (``state.to_snapshot()``,
``game.from_snapshot(data)``).

The layout is the core's (``core.flow.FlowState.to_snapshot``): configuration, content
hash, rules version, seed, history, events and the flow stack, with no ``table`` (Sleep
Tight's zones are the state's own lists, ``model.ZONES`` says who sees them) and the
state's fields under ``fields``: numbers, flags and card lists as they are, each seat
(``model.SeatState``) as an object of its fields, each ``core.Deck`` as ``{"top",
"unknown", "bottom"}`` with the unknown part as ``[card, copies]`` pairs in the deck's own
order (so a restored deck draws the same cards from the same random numbers). What the
configuration and the content give (the card index, the special cards' ids, the seat
count) is rebuilt by ``new_state``, not saved.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...core import ConfigError, Deck
from ...core.components import Bag
from ...core.flow import _to_json, evolve, restore_snapshot, snapshot_document
from ...core.i18n import plural
from ...core.state import SNAPSHOT_FORMAT
from .model import Play, SeatState
from .steps.base import hand_on
from .steps.reveal import Discard, Harm

if TYPE_CHECKING:
    from .game import SleepTightGame
    from .state import SleepTightState

DECKS = ("action_deck", "dream_deck", "sandman_deck")
"""The fields holding a ``core.Deck``."""
CARD_LISTS = (
    "exposed_cards",
    "removed_actions",
    "box_dreamscapes",
    "box_sandman",
    "action_discard",
    "dream_discard",
    "sandman_reserved",
    "sandman_discard",
)
"""The fields holding a list of card ids."""
SCALARS: dict[str, tuple[type, ...]] = {
    "pile": (int,),
    "sandman_top_left": (int,),
    "sandman_current": (str, type(None)),
    "round": (int,),
    "first": (int,),
    "phase": (str,),
    "frozen_hands": (list, type(None)),
    "nullified": (bool,),
    "result": (str, type(None)),
    "winner_seats": (list,),
    "discarded_by_players": (int,),
}
"""The other fields, with the JSON types they may hold."""
FIELDS = frozenset({"seats", "unfinished", *DECKS, *CARD_LISTS, *SCALARS})
OLD_FIELDS = frozenset({"consumer_cancelled", "consumer_active"})
"""Fields of snapshots made before the work owed moved into the flow's steps: still read."""

_SEAT_LISTS = ("hand", "known_hand")
_SEAT_SCALARS: dict[str, tuple[type, ...]] = {
    "fragments": (int,),
    "alive": (bool,),
    "role": (str,),
    "agent_round": (int,),
    "dreamscape": (str, type(None)),
    "buys": (int,),
    "prevent_sandman": (int,),
    "prevent_players": (int,),
    "shield": (bool,),
    "untouchable": (bool,),
}
_SEAT_PAIRS = ("killer", "wake_seen")
SEAT_FIELDS = frozenset({*_SEAT_LISTS, *_SEAT_SCALARS, *_SEAT_PAIRS, "plays"})
if frozenset(SeatState.__slots__) != SEAT_FIELDS:  # a new seat field must be saved too
    raise TypeError(
        f"snapshot.py does not save SeatState's {set(SeatState.__slots__) ^ SEAT_FIELDS}"
    )
OLD_SEAT_FIELDS = frozenset({"pending_offer", "pending_discards", "pending_harm", "consumer_extra"})
"""Seat fields of snapshots made before the work owed moved into the flow's steps (the
offer is read from the hand and role, the discards are handed to the steps that owe
them): such snapshots still load."""
_PLAY_FIELDS = frozenset(Play.__slots__)


# ----- to JSON ------------------------------------------------------------------------------


def deck_json(deck: Deck[str]) -> dict[str, Any]:
    return {
        "top": list(deck.top),
        "unknown": [[card, n] for card, n in deck.unknown.counts.items()],
        "bottom": list(deck.bottom),
    }


def seat_json(seat: SeatState) -> dict[str, Any]:
    out: dict[str, Any] = {name: getattr(seat, name) for name in _SEAT_SCALARS}
    for name in _SEAT_LISTS:
        out[name] = list(getattr(seat, name))
    for name in _SEAT_PAIRS:
        value = getattr(seat, name)
        out[name] = list(value) if value is not None else None
    out["plays"] = [p.to_dict() for p in seat.plays]
    return out


def to_snapshot(s: SleepTightState) -> dict[str, Any]:
    """The whole state as flat JSON (the layout of ``core.flow.FlowState.to_snapshot``)."""
    fields: dict[str, Any] = {
        "seats": [seat_json(seat) for seat in s.seats],
        "unfinished": [step.to_json() for step in s.unfinished],
    }
    for name in DECKS:
        fields[name] = deck_json(getattr(s, name))
    for name in CARD_LISTS:
        fields[name] = list(getattr(s, name))
    for name in SCALARS:
        fields[name] = _to_json(getattr(s, name))
    return snapshot_document(s, s.flow, fields)


# ----- from JSON ----------------------------------------------------------------------------


class _Bad(ValueError):
    """A field of the snapshot that does not describe a Sleep Tight state."""


def _typed(where: str, value: Any, types: tuple[type, ...]) -> Any:
    # bool is an int in Python: an int field takes no flag, a flag field no number
    ok = isinstance(value, types) and not (isinstance(value, bool) and bool not in types)
    if not ok:
        names = " or ".join("null" if t is type(None) else t.__name__ for t in types)
        raise _Bad(f"{where} is {value!r}, not {names}")
    return value


def _cards(where: str, value: Any, known: frozenset[str]) -> list[str]:
    if not isinstance(value, list):
        raise _Bad(f"{where} is {value!r}, not a list of cards")
    for card in value:
        if card not in known:
            raise _Bad(f"{where} holds {card!r}, which is no card of this content")
    return list(value)


def _keys(
    where: str, value: Any, expected: frozenset[str], old: frozenset[str] = frozenset()
) -> Mapping[str, Any]:
    """``value`` as an object with the ``expected`` keys; an older snapshot may lack the
    keys added since and have the ``old`` ones."""
    if not isinstance(value, Mapping):
        raise _Bad(f"{where} is {value!r}, not an object")
    older = bool(old & set(value))
    missing = sorted(expected - set(value) - (_ADDED if older else frozenset()))
    extra = sorted(set(value) - expected - old)
    if missing:
        raise _Bad(f"{where} has no {', '.join(missing)}")
    if extra:
        fields = plural(len(extra), "field", "fields")
        raise _Bad(f"{where} has unknown {fields} {', '.join(extra)}")
    return value


def _deck(where: str, value: Any, known: frozenset[str]) -> Deck[str]:
    data = _keys(where, value, frozenset({"top", "unknown", "bottom"}))
    deck: Deck[str] = Deck()
    deck.top = _cards(f"{where}.top", data["top"], known)
    deck.bottom = _cards(f"{where}.bottom", data["bottom"], known)
    bag: Bag[str] = Bag()
    if not isinstance(data["unknown"], list):
        raise _Bad(f"{where}.unknown is {data['unknown']!r}, not a list of [card, copies]")
    for pair in data["unknown"]:
        if not (isinstance(pair, list) and len(pair) == 2):
            raise _Bad(f"{where}.unknown holds {pair!r}, not [card, copies]")
        card, n = pair
        _cards(f"{where}.unknown", [card], known)
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise _Bad(f"{where}.unknown gives {card!r} {n!r} copies")
        bag.add(card, n)
    deck.unknown = bag
    return deck


def _pair(where: str, value: Any) -> tuple[Any, Any] | None:
    if value is None:
        return None
    if not (isinstance(value, list) and len(value) == 2):
        raise _Bad(f"{where} is {value!r}, not a pair or null")
    return (value[0], value[1])


def _play(where: str, value: Any, known: frozenset[str]) -> Play:
    data = _keys(where, value, _PLAY_FIELDS)
    play = Play(_cards(f"{where}.card", [data["card"]], known)[0])
    bottom = data["bottom"]
    play.bottom = None if bottom is None else _cards(f"{where}.bottom", [bottom], known)[0]
    play.face_up = _typed(f"{where}.face_up", data["face_up"], (bool,))
    play.status = _typed(f"{where}.status", data["status"], (str,))
    return play


_ADDED = frozenset({"unfinished"})
"""Fields an older snapshot (one with ``OLD_FIELDS`` or ``OLD_SEAT_FIELDS``) lacks."""


def _seat(where: str, value: Any, known: frozenset[str]) -> SeatState:
    data = _keys(where, value, SEAT_FIELDS, OLD_SEAT_FIELDS)
    seat = SeatState()
    for name, types in _SEAT_SCALARS.items():
        setattr(seat, name, _typed(f"{where}.{name}", data[name], types))
    for name in _SEAT_LISTS:
        setattr(seat, name, _cards(f"{where}.{name}", data[name], known))
    for name in _SEAT_PAIRS:
        setattr(seat, name, _pair(f"{where}.{name}", data[name]))
    plays = data["plays"]
    if not isinstance(plays, list):
        raise _Bad(f"{where}.plays is {plays!r}, not a list")
    seat.plays = [_play(f"{where}.plays[{i}]", p, known) for i, p in enumerate(plays)]
    return seat


def _old_owed(
    where: str, value: Any, known: frozenset[str]
) -> tuple[list[str], list[tuple[str, int]]]:
    """A seat's discards for fragments and harm discards as older snapshots kept them."""
    data = value if isinstance(value, Mapping) else {}
    discards = _cards(f"{where}.pending_discards", data.get("pending_discards", []), known)
    harm = data.get("pending_harm", [])
    if not isinstance(harm, list):
        raise _Bad(f"{where}.pending_harm is {harm!r}, not a list")
    out: list[tuple[str, int]] = []
    for i, pair in enumerate(harm):
        got = _pair(f"{where}.pending_harm[{i}]", pair)
        if got is None:
            raise _Bad(f"{where}.pending_harm[{i}] is null, not [card, seat]")
        card = _cards(f"{where}.pending_harm[{i}]", [got[0]], known)[0]
        target = _typed(f"{where}.pending_harm[{i}][1]", got[1], (int,))
        out.append((card, target))
    return discards, out


def _migrate(s: SleepTightState, data: Mapping[str, Any], known: frozenset[str]) -> None:
    """An older snapshot kept the work owed beside the flow: the seats' pending discards
    and harm, the Sandman's offer, a cancelled Soul Consumer. Hand each to the step that
    owes it now (``Play`` before the reveal, then ``Reveal`` and ``Discards``;
    ``ConsumerApply``), and check that each offer is what the seat's hand and role say."""
    from .steps.play import Play as PlayStep
    from .steps.reveal import Discards, Reveal
    from .steps.specials import Cancel, ConsumerApply

    discards: list[Discard] = []
    harm: list[Harm] = []
    for i, raw in enumerate(data["seats"]):
        where = f"fields.seats[{i}]"
        mine, hits = _old_owed(where, raw, known)
        discards += [(i, card) for card in mine]
        harm += [(i, card, target) for card, target in hits]
        offer = raw.get("pending_offer", False) if isinstance(raw, Mapping) else False
        if _typed(f"{where}.pending_offer", offer, (bool,)) != s.offer_open(i):
            raise _Bad(
                f"{where}.pending_offer is {offer!r}, but the seat's hand and role say "
                f"{s.offer_open(i)!r}"
            )
    flow = s.flow
    if discards or harm:
        owner = flow.find(PlayStep)
        if owner is not None:
            flow.items[flow.items.index(owner)] = evolve(
                owner, discards=tuple(discards), harm=tuple(harm)
            )
        elif s.result is not None:
            s.unfinished = (Discards(harm=tuple(harm)), Reveal(discards=tuple(discards)))
        elif not discards and flow.find(Discards) is not None:
            hand_on(flow, Discards, harm=tuple(harm))
        else:
            raise _Bad("fields.seats hold discards owed, but no step on the stack owes them")
    if data.get("consumer_active"):
        _migrate_consumer(s, data["seats"])
    if data.get("consumer_cancelled") and flow.find(Cancel) is None:
        # (while the question is open, ``Cancel.used`` holds it and hands it on)
        if flow.find(ConsumerApply) is None:
            raise _Bad("fields.consumer_cancelled is true, but no Soul Consumer is on the stack")
        hand_on(flow, ConsumerApply, cancelled=True)


def _migrate_consumer(s: SleepTightState, seats: list[Any]) -> None:
    """An older snapshot's Soul Consumer losses (``consumer_active`` and each seat's
    ``consumer_extra``) go to the steps that deal them: ``SandmanDamage.consumer``, or the
    ``SandmanHit`` steps already laid out."""
    from .steps.sandman import SandmanDamage, SandmanHit

    losses = []
    for i, raw in enumerate(seats):
        value = raw.get("consumer_extra", 0) if isinstance(raw, Mapping) else 0
        losses.append(_typed(f"fields.seats[{i}].consumer_extra", value, (int,)))
    items = s.flow.items
    for i, step in enumerate(items):
        if type(step) is SandmanDamage:
            items[i] = evolve(step, consumer=tuple(losses))
        elif type(step) is SandmanHit:
            items[i] = evolve(step, consumer=losses[step.seat])


def _steps(s: SleepTightState, where: str, value: Any) -> tuple[Any, ...]:
    if not isinstance(value, list):
        raise _Bad(f"{where} is {value!r}, not a list of steps")
    try:
        return tuple(s.KINDS.from_json(step) for step in value)
    except (KeyError, TypeError, ValueError) as exc:
        raise _Bad(f"{where}: {exc}") from None


def _load_fields(s: SleepTightState, value: Any) -> None:
    data = _keys("fields", value, FIELDS, OLD_FIELDS)
    seats = data.get("seats")
    older = bool(OLD_FIELDS & set(data)) or (
        isinstance(seats, list)
        and any(isinstance(x, Mapping) and OLD_SEAT_FIELDS & set(x) for x in seats)
    )
    c = s.c
    known = frozenset(
        [a.id for a in c.actions] + [d.id for d in c.dreamscapes] + [x.id for x in c.sandman]
    )
    seats = data["seats"]
    if not isinstance(seats, list) or len(seats) != s.n:
        raise _Bad(f"fields.seats is not a list of {s.n} seats")
    loaded: dict[str, Any] = {
        "seats": [_seat(f"fields.seats[{i}]", seat, known) for i, seat in enumerate(seats)]
    }
    for name in DECKS:
        loaded[name] = _deck(f"fields.{name}", data[name], known)
    for name in CARD_LISTS:
        loaded[name] = _cards(f"fields.{name}", data[name], known)
    for name, types in SCALARS.items():
        loaded[name] = _typed(f"fields.{name}", data[name], types)
    loaded["unfinished"] = _steps(s, "fields.unfinished", data.get("unfinished", []))
    s.__dict__.update(loaded)
    if older:
        _migrate(s, data, known)


def from_snapshot(game: SleepTightGame, data: Mapping[str, Any]) -> SleepTightState:
    """The state ``to_snapshot`` described; anything else fails with a one-line
    ``ConfigError`` naming the first field that does not load."""
    if not isinstance(data, Mapping):
        raise ConfigError(f"not a snapshot of format {SNAPSHOT_FORMAT} (state.to_snapshot())")
    if data.get("snapshot") == SNAPSHOT_FORMAT and data.get("table") is not None:
        raise ConfigError("the snapshot does not load: Sleep Tight snapshots have no table")
    state: Any = restore_snapshot(game, {**data, "fields": {}})
    try:
        _load_fields(state, data.get("fields"))
    except _Bad as exc:
        raise ConfigError(f"the snapshot does not load: {exc}") from None
    state.flow.changed()
    return state
