"""Entities and zones: where every component is, and who may see it, declared once.

A game declares its zones (a deck, a hand per seat, a discard pile, a face-down row) and
its pools (tokens with a capacity); a :class:`Table` holds the entities (each with a stable
id and a face) and the pool amounts. What a seat may see follows from the declarations, so
the observation, the events of a move, ``determinize`` and the JSON snapshot are derived,
never written by hand per game.

Visibility of a zone (for a per-seat zone, "owner" is its seat):

=============  ===================================================================
``PUBLIC``     everyone sees the entities and their faces
``OWNER``      the owner sees them; the others see how many there are
``COUNT_ONLY`` nobody sees them; everyone sees how many (a shuffled deck)
``NOBODY``     nobody sees them, not even how many
=============  ===================================================================

``counted_in="hand"`` makes a zone count, for those who cannot see into it, among the
entities of another zone of the same owner (a face-down play still looks like a card in
hand). ``hidden_content=True`` hides the *faces* of entities whose ids and places are
seen (Etherfields' Secret cards: "an unrevealed card with code X"); ``determinize`` gives
such an entity the zone's ``standin`` face, never the real one, until it is revealed.

``determinize`` exchanges hidden faces only within one *deal group*: the entities a seat
cannot tell apart and that could really be in each other's places. By default a zone is a
group of its own (a zone ``counted_in`` another joins that zone's group), per owner for a
per-seat zone; zones that declare the same ``deal_group`` share one (a Dreamer's own deck
and hand), across owners too with ``deal_per_owner=False`` (hands dealt from one deck).

An entity's id names the component, never its hidden face: where ids are hidden, so is
everything about the entity; ``reveal(entity, to=...)`` shows it to some seats until it
next moves.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .zone_decls import (
    COUNT_ONLY,
    NOBODY,
    OWNER,
    PUBLIC,
    Place,
    Pool,
    View,
    Visibility,
    Zone,
    ZoneError,
    _key,
)

if TYPE_CHECKING:
    from .flow import Flow

__all__ = [
    "COUNT_ONLY",
    "NOBODY",
    "OWNER",
    "PUBLIC",
    "Place",
    "Pool",
    "Table",
    "View",
    "Visibility",
    "Zone",
    "ZoneError",
]


_Plan = tuple[tuple[Any, ...], tuple[Any, ...], tuple[Any, ...]]
"""A seat's view worked out from the declarations (``Table._seat_plan``)."""

_SPECTATOR = -1
"""Stands for the spectators in a reveal to everyone."""


class Table:
    """The entities, zones and pools of one game state."""

    __slots__ = (
        "_owned",
        "amounts",
        "contents",
        "deal",
        "decl",
        "faces",
        "moved",
        "plans",
        "players",
        "revealed",
        "sighted",
        "unseen",
        "watch",
        "where",
    )

    def __init__(self, players: int, declarations: Sequence[Zone | Pool]) -> None:
        self.players = players
        self.decl: dict[str, Zone | Pool] = {}
        for d in declarations:
            if d.name in self.decl:
                raise ZoneError(f"zone {d.name!r} is declared twice")
            self.decl[d.name] = d
        for d in declarations:
            if isinstance(d, Zone) and d.counted_in is not None:
                other = self.decl.get(d.counted_in)
                if not isinstance(other, Zone) or other.per_seat != d.per_seat:
                    raise ZoneError(f"zone {d.name!r}: counted_in {d.counted_in!r} is no such zone")
        self.faces: dict[str, Any] = {}
        self.where: dict[str, Place] = {}
        self.contents: dict[Place, list[str]] = {}
        self._owned: set[Place] = set()
        """Places whose list this table may change in place (copies share the others)."""
        self.amounts: dict[Place, int] = {}
        self.revealed: dict[str, frozenset[int]] = {}
        self.sighted: set[int] = set()
        """Seats that came to see something new since ``sighted`` was last cleared."""
        self.moved: list[str] | None = None
        """When a list (the generic checks set one), the entities moved since."""
        self.unseen: dict[Place, list[Any]] | None = None
        """In a redacted copy: per deal group, the faces hidden from its seat, unassigned."""
        for d in declarations:
            for owner in self._owners(d):
                if isinstance(d, Zone):
                    self.contents[(d.name, owner)] = []
                    self._owned.add((d.name, owner))
                else:
                    self.amounts[(d.name, owner)] = d.capacity if owner is None else 0
        self.watch = {place: self._face_watchers(place) for place in self.contents}
        """Per place: (spectators see the faces there, the seats that do)."""
        self.deal = {place: self._deal_key(place) for place in self.contents}
        """Per place: its deal group (a name and an owner), see ``determinize``."""
        self.plans: dict[tuple[int | None, frozenset[str] | None], _Plan] = {}
        """Per seat (and zones shown): what it sees of each place and pool (``_seat_plan``)."""

    def _deal_key(self, place: Place) -> Place:
        zone, owner = place
        d = self._zone(zone)
        group = d.deal_group
        seen = {zone}
        while group is None and d.counted_in is not None and d.counted_in not in seen:
            seen.add(d.counted_in)
            d = self._zone(d.counted_in)
            group = d.deal_group
        if group is None:
            group = d.name
        return group, owner if d.per_seat and d.deal_per_owner else None

    def _owners(self, d: Zone | Pool) -> list[int | None]:
        return list(range(self.players)) if d.per_seat else [None]

    def _zone(self, name: str) -> Zone:
        d = self.decl.get(name)
        if not isinstance(d, Zone):
            raise ZoneError(f"no zone {name!r} (zones: {', '.join(self.decl)})")
        return d

    def _place(self, zone: str, owner: int | None) -> Place:
        place = (zone, owner)
        if place not in self.contents:
            d = self._zone(zone)
            need = "a seat" if d.per_seat else "no owner"
            raise ZoneError(f"zone {zone!r} takes {need}, not owner {owner!r}")
        return place

    # ----- entities --------------------------------------------------------------------
    def create(self, entity: str, face: Any, zone: str, owner: int | None = None) -> str:
        """Put a new entity with a stable id in a zone (at setup)."""
        if entity in self.faces:
            raise ZoneError(f"entity {entity!r} exists already")
        place = self._place(zone, owner)
        self.faces[entity] = face
        self.where[entity] = place
        self._own(place).append(entity)
        return entity

    def _own(self, place: Place) -> list[str]:
        """The list of a place, copied first if another table shares it."""
        if place in self._owned:
            return self.contents[place]
        items = self.contents[place] = self.contents[place].copy()
        self._owned.add(place)
        return items

    def face(self, entity: str) -> Any:
        return self.faces[entity]

    def place(self, entity: str) -> Place:
        return self.where[entity]

    def ids(self, zone: str, owner: int | None = None) -> list[str]:
        """The entities in a zone (bottom to top for an ordered zone); read only."""
        return self.contents[self._place(zone, owner)]

    def faces_in(self, zone: str, owner: int | None = None) -> list[Any]:
        return [self.faces[e] for e in self.ids(zone, owner)]

    def count(self, zone: str, owner: int | None = None) -> int:
        return len(self.ids(zone, owner))

    def top(self, zone: str, owner: int | None = None) -> str | None:
        items = self.ids(zone, owner)
        return items[-1] if items else None

    def find(self, zone: str, face: Any, owner: int | None = None) -> str | None:
        """An entity of the zone with this face (the first), or None."""
        faces = self.faces
        for e in self.ids(zone, owner):
            if faces[e] == face:
                return e
        return None

    def outcomes(self, zone: str, owner: int | None = None) -> list[tuple[Any, float]]:
        """A draw from an unordered zone as chance: each distinct face with its probability."""
        items = self.ids(zone, owner)
        counts: dict[Any, int] = {}
        faces = self.faces
        for e in items:
            f = faces[e]
            counts[f] = counts.get(f, 0) + 1
        n = len(items)
        return [(f, c / n) for f, c in counts.items()]

    def sample(self, zone: str, rng: random.Random, owner: int | None = None) -> Any:
        """A face drawn with the distribution of ``outcomes`` (one random index)."""
        items = self.ids(zone, owner)
        return self.faces[items[rng.randrange(len(items))]]

    # ----- visibility ------------------------------------------------------------------
    def sees_into(self, seat: int | None, zone: str, owner: int | None) -> bool:
        """Whether ``seat`` sees the entities (ids) of a zone."""
        vis = self._zone(zone).visibility
        if vis is PUBLIC:
            return True
        return vis is OWNER and seat is not None and seat == owner

    def sees_face(self, seat: int | None, entity: str) -> bool:
        zone, owner = self.where[entity]
        d = self._zone(zone)
        if self.knows(seat, entity):
            return True
        return not d.hidden_content and self.sees_into(seat, zone, owner)

    def sees_entity(self, seat: int | None, entity: str) -> bool:
        zone, owner = self.where[entity]
        if self.knows(seat, entity):
            return True
        return self.sees_into(seat, zone, owner)

    def knows(self, seat: int | None, entity: str) -> bool:
        """Whether the entity was revealed to ``seat`` (None: spectators) since it moved."""
        known = self.revealed.get(entity)
        return known is not None and (_SPECTATOR if seat is None else seat) in known

    def _face_watchers(self, place: Place) -> tuple[bool, frozenset[int]]:
        """(spectators see it, the seats) that see the faces of entities in a place."""
        zone, owner = place
        d = self._zone(zone)
        vis = d.visibility
        if d.hidden_content:
            return False, frozenset()
        if vis is PUBLIC:
            return True, frozenset(range(self.players))
        if vis is OWNER and owner is not None:
            return False, frozenset((owner,))
        return False, frozenset()

    # ----- changes ---------------------------------------------------------------------
    def move(
        self,
        entity: str,
        zone: str,
        owner: int | None = None,
        *,
        flow: Flow | None = None,
        fmt: str = "",
        public: str = "",
        kind: str = "moved",
        rule: str | None = None,
        bottom: bool = False,
        **data: Any,
    ) -> str:
        """Move an entity to a zone (on top, or at the bottom) and emit the event.

        ``fmt`` (with ``entity``, ``face``, ``src``, ``dst`` and ``data``) reaches the seats
        that see the entity where it was or where it goes; ``public`` (without the face)
        reaches everyone, for a move the others notice without seeing what moved.
        """
        src = self.where.get(entity)
        if src is None:
            raise ZoneError(f"no entity {entity!r}")
        dst = self._place(zone, owner)
        self._own(src).remove(entity)
        if bottom:
            self._own(dst).insert(0, entity)
        else:
            self._own(dst).append(entity)
        self.where[entity] = dst
        if self.moved is not None:
            self.moved.append(entity)
        known = self.revealed.pop(entity, frozenset())
        a_all, a_seats = self.watch[src]
        b_all, b_seats = self.watch[dst]
        self.sighted |= b_seats - a_seats - known
        if _SPECTATOR in known:
            a_all = True
        if flow is not None:
            if public:
                flow.emit(kind, public, rule, None, src=src[0], dst=dst[0], **data)
                kind = kind + "_seen"
            if fmt:
                seats = a_seats | b_seats | (known - {_SPECTATOR})
                visible = None if (a_all or b_all) else tuple(sorted(seats))
                if visible != ():
                    flow.emit(
                        kind,
                        fmt,
                        rule,
                        visible,
                        entity=entity,
                        face=self.faces[entity],
                        src=src[0],
                        dst=dst[0],
                        **data,
                    )
        return entity

    def reveal(
        self,
        entity: str,
        to: Iterable[int] | None = None,
        *,
        flow: Flow | None = None,
        fmt: str = "",
        kind: str = "revealed",
        rule: str | None = None,
        **data: Any,
    ) -> None:
        """Show an entity (id and face) to some seats (None: every seat) until it moves."""
        seats = frozenset((*range(self.players), _SPECTATOR) if to is None else to)
        new = seats - self.revealed.get(entity, frozenset())
        self.sighted |= new
        self.revealed[entity] = self.revealed.get(entity, frozenset()) | seats
        if flow is not None and fmt:
            visible = None if to is None else tuple(sorted(seats))
            self.sighted.discard(_SPECTATOR)
            flow.emit(kind, fmt, rule, visible, entity=entity, face=self.faces[entity], **data)

    def set_face(self, entity: str, face: Any) -> None:
        """Change an entity's face (a card turned into another, a token flipped)."""
        self.faces[entity] = face

    # ----- pools -----------------------------------------------------------------------
    def _pool(self, name: str, owner: int | None) -> tuple[Pool, Place]:
        d = self.decl.get(name)
        if not isinstance(d, Pool):
            raise ZoneError(f"no pool {name!r}")
        place = (name, owner)
        if place not in self.amounts:
            raise ZoneError(f"pool {name!r} takes {'a seat' if d.per_seat else 'no owner'}")
        return d, place

    def amount(self, name: str, owner: int | None = None) -> int:
        return self.amounts[self._pool(name, owner)[1]]

    def take(self, name: str, n: int, owner: int | None = None) -> int:
        """Take up to ``n`` tokens; returns how many there were (the rest is lost)."""
        _d, place = self._pool(name, owner)
        got = min(n, self.amounts[place])
        self.amounts[place] -= got
        return got

    def give(self, name: str, n: int, owner: int | None = None) -> int:
        """Put up to ``n`` tokens back, never above the capacity; returns how many fit."""
        d, place = self._pool(name, owner)
        room = d.capacity - self.amounts[place]
        put = min(n, room)
        self.amounts[place] += put
        return put

    # ----- derived views ---------------------------------------------------------------
    def _seat_plan(self, seat: int | None, only: frozenset[str] | None) -> _Plan:
        """What ``seat`` sees of each place and pool, worked out once from the declarations
        (``view``): the places whose entities count in another place for it; per place
        shown (all, or those of the zones and pools named in ``only``), whether it sees into
        it; per pool, whether the amount is shown. Tables copied from one another share it."""
        plan = self.plans.get((seat, only))
        if plan is not None:
            return plan
        if only is not None and not only <= self.decl.keys():
            unknown = ", ".join(sorted(only - self.decl.keys()))
            raise ZoneError(f"no zone or pool {unknown} (declared: {', '.join(self.decl)})")
        folds = []
        places = []
        for place in self.contents:
            name, owner = place
            d = self._zone(name)
            sees = self.sees_into(seat, name, owner)
            if not sees and d.counted_in is not None:
                folds.append((place, (d.counted_in, owner)))
            if only is not None and name not in only:
                continue
            counted = d.visibility is not NOBODY and d.counted_in is None
            places.append((place, name, _key(owner), sees, d.ordered, d.hidden_content, counted))
        pools = []
        for place in self.amounts:
            name, owner = place
            if only is not None and name not in only:
                continue
            pd = self.decl[name]
            seen = pd.visibility is PUBLIC or (
                pd.visibility is OWNER and seat is not None and seat == owner
            )
            pools.append((place, name, _key(owner), seen or pd.visibility is COUNT_ONLY))
        plan = self.plans[(seat, only)] = (tuple(folds), tuple(places), tuple(pools))
        return plan

    def view(self, seat: int | None, only: Iterable[str] | None = None) -> View:
        """What ``seat`` (None: a spectator) sees, derived from the declarations; ``only``
        names the zones and pools to show (None: all of them), for a reader that needs a
        few (the others are then missing from the view).

        A zone the seat sees into lists its ids (sorted unless ordered) and their faces
        (None for a hidden-content entity not revealed to it); any other zone shows its
        count (with the entities of zones ``counted_in`` it; None for ``NOBODY`` and a
        counted-in zone) and, under ``known``, its entities revealed to the seat."""
        folds, places, pools_plan = self._seat_plan(seat, None if only is None else frozenset(only))
        contents = self.contents
        faces = self.faces
        mine: set[str] | frozenset[str] = frozenset()
        if self.revealed:
            who = _SPECTATOR if seat is None else seat
            mine = {e for e, seats in self.revealed.items() if who in seats}
        folded: dict[Place, int] = {}
        for place, into in folds:
            n = len(contents[place])
            if n:
                folded[into] = folded.get(into, 0) + n
        zones: dict[str, dict[str, Any]] = {}
        for place, name, key, sees, ordered, hidden, counted in places:
            items = contents[place]
            entry: dict[str, Any]
            if sees:
                shown = list(items) if ordered else sorted(items)
                if hidden:
                    seen = [faces[e] if e in mine else None for e in shown]
                else:
                    seen = [faces[e] for e in shown]
                entry = {"ids": shown, "faces": seen, "count": len(items)}
            else:
                n = len(items) + folded.get(place, 0) if folded else len(items)
                entry = {"ids": None, "faces": None, "count": n if counted else None}
                if mine and items:
                    known = {e: faces[e] for e in items if e in mine}
                    if known:
                        entry["known"] = known
            found = zones.get(name)
            if found is None:
                zones[name] = {key: entry}
            else:
                found[key] = entry
        pools: dict[str, dict[str, Any]] = {}
        amounts = self.amounts
        for place, name, key, shown_amount in pools_plan:
            got = pools.get(name)
            if got is None:
                got = pools[name] = {}
            got[key] = amounts[place] if shown_amount else None
        return View({"zones": zones, "pools": pools})

    def hidden_from(self, seat: int | None) -> list[str]:
        """Entities whose face ``seat`` does not see."""
        return [e for e in self.faces if not self.sees_face(seat, e)]

    def _hidden(self, seat: int | None) -> tuple[dict[str, Any], dict[Place, list[str]]]:
        """The stand-in faces of the hidden-content entities ``seat`` sees but cannot read,
        and per deal group the entities whose faces are hidden from it."""
        standins: dict[str, Any] = {}
        groups: dict[Place, list[str]] = {}
        for e in self.faces:
            if self.sees_face(seat, e):
                continue
            place = self.where[e]
            d = self._zone(place[0])
            if d.hidden_content and self.sees_entity(seat, e):
                standins[e] = d.standin(e) if callable(d.standin) else d.standin
            else:
                groups.setdefault(self.deal[place], []).append(e)
        return standins, groups

    def determinize(self, seat: int | None, rng: random.Random) -> Table:
        """A copy in which what ``seat`` cannot see is dealt anew: the faces of entities
        hidden from it are shuffled among them within each deal group (a zone keeps its
        count, an owner's cards stay that owner's), and a hidden-content entity not
        revealed to it gets its zone's stand-in face."""
        new = self.copy()
        standins, groups = self._hidden(seat)
        new.faces.update(standins)
        for key, entities in groups.items():
            if self.unseen is None:
                faces = [self.faces[e] for e in entities]
            else:
                faces = list(self.unseen.get(key, ()))
            rng.shuffle(faces)
            for e, f in zip(entities, faces, strict=True):
                new.faces[e] = f
        new.unseen = None
        return new

    def redacted(self, seat: int | None, mask: Any) -> Table:
        """The copy ``seat`` may hold: every face hidden from it is ``mask`` (a
        hidden-content entity gets its stand-in) and the hidden faces are kept apart per
        deal group, unassigned and sorted, so that ``determinize`` can deal them again."""
        new = self.copy()
        if self.unseen is not None:
            return new  # redacted already
        standins, groups = self._hidden(seat)
        new.faces.update(standins)
        new.unseen = {}
        for key, entities in groups.items():
            new.unseen[key] = sorted((self.faces[e] for e in entities), key=repr)
            for e in entities:
                new.faces[e] = mask
        return new

    # ----- copies and JSON -------------------------------------------------------------
    def copy(self) -> Table:
        new = Table.__new__(Table)
        new.players = self.players
        new.decl = self.decl
        new.watch = self.watch
        new.deal = self.deal
        new.plans = self.plans
        new.faces = self.faces.copy()
        new.where = self.where.copy()
        new.contents = self.contents.copy()  # the lists are shared until one side moves
        new._owned = set()
        self._owned = set()
        new.amounts = self.amounts.copy()
        new.revealed = self.revealed.copy()
        new.sighted = set()
        new.moved = None
        new.unseen = self.unseen
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self.copy()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Table):
            return NotImplemented
        return (self.faces, self.contents, self.amounts, self.revealed) == (
            other.faces,
            other.contents,
            other.amounts,
            other.revealed,
        )

    __hash__ = None  # type: ignore[assignment]

    def to_json(self) -> dict[str, Any]:
        """Every entity (id, face, zone, owner, in zone order), pool amounts and reveals."""
        return {
            "entities": [
                [e, self.faces[e], name, owner]
                for (name, owner), items in self.contents.items()
                for e in items
            ],
            "pools": [[name, owner, n] for (name, owner), n in self.amounts.items()],
            "revealed": {e: sorted(s) for e, s in self.revealed.items()},
        }

    def load_json(self, data: Mapping[str, Any], face: Callable[[Any], Any] = lambda f: f) -> None:
        """Fill an empty table (made from the same declarations) from ``to_json``."""
        for e, f, name, owner in data["entities"]:
            self.create(e, face(f), name, owner)
        for name, owner, n in data["pools"]:
            self.amounts[self._pool(name, owner)[1]] = n
        self.revealed = {e: frozenset(s) for e, s in data["revealed"].items()}
