"""Boards: spaces as nodes with attributes, edges with walls, direction and cost, occupancy
with capacity, and maps built from tiles placed by slot code.

A :class:`Board` is geometry: it is built once (or rebuilt when a tile or an overlay
arrives) and shared between state copies. What moves (miniatures, tokens, temporary
blocks) lives in the state: :class:`Occupancy` is a small copyable mapping, and the
queries take the extra blocked spaces and pass-through rules as arguments.

Distances count edge costs (1 per orthogonal step on a tiled map; a costed shortcut on a
directed map); a wall is an edge that cannot be crossed, and a blocked space can be
neither entered nor measured through.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Collection, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

SpaceId = str
Passable = Callable[[SpaceId], bool]

DIRECTIONS: dict[str, tuple[int, int]] = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
OPPOSITE = {"n": "s", "s": "n", "e": "w", "w": "e"}


@dataclass(frozen=True)
class Space:
    """A space: its id, an optional position ``(x, y)`` and free attributes."""

    id: SpaceId
    pos: tuple[int, int] | None = None
    attrs: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def __getitem__(self, key: str) -> Any:
        return self.attrs[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.attrs.get(key, default)


@dataclass(frozen=True)
class Edge:
    """A way from one space to another: its cost, whether a wall closes it, attributes."""

    src: SpaceId
    dst: SpaceId
    cost: int = 1
    wall: bool = False
    attrs: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))


class BoardError(ValueError):
    """A board built from inconsistent parts (an unknown space, a bad slot code)."""


class Board:
    """A graph of spaces. ``connect`` adds an edge (both ways unless ``directed``)."""

    def __init__(self) -> None:
        self.spaces: dict[SpaceId, Space] = {}
        self._out: dict[SpaceId, dict[SpaceId, Edge]] = {}
        self._at: dict[tuple[int, int], SpaceId] = {}

    # -- building ---------------------------------------------------------------------

    def add_space(self, ident: SpaceId, pos: tuple[int, int] | None = None, **attrs: Any) -> Space:
        if ident in self.spaces:
            raise BoardError(f"space {ident!r} already exists")
        if pos is not None and pos in self._at:
            raise BoardError(f"spaces {self._at[pos]!r} and {ident!r} overlap at {pos}")
        space = Space(ident, pos, MappingProxyType(dict(attrs)))
        self.spaces[ident] = space
        self._out[ident] = {}
        if pos is not None:
            self._at[pos] = ident
        return space

    def connect(
        self,
        a: SpaceId,
        b: SpaceId,
        *,
        cost: int = 1,
        wall: bool = False,
        directed: bool = False,
        **attrs: Any,
    ) -> None:
        """An edge from ``a`` to ``b`` (and back unless ``directed``)."""
        for s in (a, b):
            if s not in self.spaces:
                raise BoardError(f"unknown space {s!r}")
        if cost < 0:
            raise BoardError(f"an edge costs 0 or more, not {cost}")
        frozen = MappingProxyType(dict(attrs))
        self._out[a][b] = Edge(a, b, cost, wall, frozen)
        if not directed:
            self._out[b][a] = Edge(b, a, cost, wall, frozen)

    def set_wall(self, a: SpaceId, b: SpaceId, wall: bool = True) -> None:
        """Close (or open) the edges between ``a`` and ``b``, both directions."""
        found = False
        for x, y in ((a, b), (b, a)):
            edge = self._out.get(x, {}).get(y)
            if edge is not None:
                self._out[x][y] = Edge(x, y, edge.cost, wall, edge.attrs)
                found = True
        if not found:
            raise BoardError(f"no edge between {a!r} and {b!r}")

    # -- reading ----------------------------------------------------------------------

    def __contains__(self, ident: object) -> bool:
        return ident in self.spaces

    def __len__(self) -> int:
        return len(self.spaces)

    def at(self, pos: tuple[int, int]) -> SpaceId | None:
        """The space at a position, if any."""
        return self._at.get(pos)

    def edge(self, a: SpaceId, b: SpaceId) -> Edge | None:
        return self._out.get(a, {}).get(b)

    def edges(self, a: SpaceId) -> Iterator[Edge]:
        return iter(self._out[a].values())

    def is_blocked(self, ident: SpaceId, blocked: Collection[SpaceId] = ()) -> bool:
        """A Blocked space (its ``blocked`` attribute, or in the extra set)."""
        return ident in blocked or bool(self.spaces[ident].attrs.get("blocked", False))

    def neighbours(
        self,
        ident: SpaceId,
        blocked: Collection[SpaceId] = (),
        through_walls: bool = False,
    ) -> Iterator[tuple[SpaceId, int]]:
        """(space, cost) one edge away, skipping walls and blocked spaces."""
        for edge in self._out[ident].values():
            if edge.wall and not through_walls:
                continue
            if self.is_blocked(edge.dst, blocked):
                continue
            yield edge.dst, edge.cost

    def _check(self, *idents: SpaceId) -> None:
        for s in idents:
            if s not in self.spaces:
                raise BoardError(f"unknown space {s!r}")

    def distances(
        self,
        start: SpaceId,
        limit: int | None = None,
        blocked: Collection[SpaceId] = (),
        passable: Passable | None = None,
    ) -> dict[SpaceId, int]:
        """Cheapest cost from ``start`` to every reachable space (within ``limit``).

        ``passable(space)`` says whether a path may continue *through* a space (it can
        still end there): Dreamers cross a full space but cannot stop on it.
        """
        self._check(start)
        dist: dict[SpaceId, int] = {start: 0}
        heap: list[tuple[int, SpaceId]] = [(0, start)]
        while heap:
            d, cur = heapq.heappop(heap)
            if d > dist.get(cur, d):
                continue
            if cur != start and passable is not None and not passable(cur):
                continue
            for nxt, cost in self.neighbours(cur, blocked):
                nd = d + cost
                if limit is not None and nd > limit:
                    continue
                if nd < dist.get(nxt, nd + 1):
                    dist[nxt] = nd
                    heapq.heappush(heap, (nd, nxt))
        return dist

    def distance(self, a: SpaceId, b: SpaceId, blocked: Collection[SpaceId] = ()) -> int | None:
        """The cheapest cost from ``a`` to ``b``, or None when no legal path exists."""
        self._check(b)
        return self.distances(a, blocked=blocked).get(b)

    def within(
        self,
        start: SpaceId,
        reach: int | None,
        blocked: Collection[SpaceId] = (),
        passable: Passable | None = None,
    ) -> set[SpaceId]:
        """Spaces at range ``reach`` or closer (range 0 is the space itself); ``None`` is
        "any range": every space a legal path reaches."""
        return set(self.distances(start, reach, blocked, passable))

    def path(
        self,
        a: SpaceId,
        b: SpaceId,
        blocked: Collection[SpaceId] = (),
        passable: Passable | None = None,
    ) -> list[SpaceId] | None:
        """A cheapest path from ``a`` to ``b`` (both included), or None. Among equal paths
        the one whose spaces come first in the board's order is chosen."""
        self._check(a, b)
        order = {s: i for i, s in enumerate(self.spaces)}
        dist: dict[SpaceId, int] = {a: 0}
        prev: dict[SpaceId, SpaceId] = {}
        heap: list[tuple[int, int, SpaceId]] = [(0, order[a], a)]
        while heap:
            d, _, cur = heapq.heappop(heap)
            if cur == b:
                out = [b]
                while out[-1] != a:
                    out.append(prev[out[-1]])
                return out[::-1]
            if d > dist[cur]:
                continue
            if cur != a and passable is not None and not passable(cur):
                continue
            for nxt, cost in self.neighbours(cur, blocked):
                nd = d + cost
                if nd < dist.get(nxt, nd + 1):
                    dist[nxt] = nd
                    prev[nxt] = cur
                    heapq.heappush(heap, (nd, order[nxt], nxt))
        return None

    def toward(
        self,
        start: SpaceId,
        goals: Iterable[SpaceId],
        blocked: Collection[SpaceId] = (),
        passable: Passable | None = None,
    ) -> tuple[int | None, list[SpaceId], list[SpaceId]]:
        """Moving toward the closest goal: ``(distance, closest goals, first steps)``.

        The first steps are every neighbour of ``start`` on some cheapest path to some
        closest goal (a tie is the players' choice). No reachable goal gives
        ``(None, [], [])``; a goal at ``start`` gives ``(0, [start], [])``.
        """
        targets = set(goals)
        if not targets:
            return None, [], []
        from_start = self.distances(start, blocked=blocked, passable=passable)
        reach = {g: from_start[g] for g in targets if g in from_start}
        if not reach:
            return None, [], []
        best = min(reach.values())
        closest = [g for g in self.spaces if reach.get(g) == best]
        if best == 0:
            return 0, closest, []
        steps: list[SpaceId] = []
        for nxt, cost in self.neighbours(start, blocked):
            rest = self.distances(nxt, best - cost, blocked, passable)
            if any(rest.get(g) == best - cost for g in closest) and nxt not in steps:
                steps.append(nxt)
        return best, closest, steps


class Occupancy:
    """Who stands where, with a capacity per space (a Big occupant fills its space).

    ``capacity`` is the default limit per space (a space's own ``capacity`` attribute wins
    when a board is given).
    """

    __slots__ = ("_big", "_where", "capacity", "spaces")

    def __init__(self, capacity: int | None = None) -> None:
        self.capacity = capacity
        self.spaces: dict[SpaceId, list[Hashable]] = {}
        self._where: dict[Hashable, SpaceId] = {}
        self._big: set[Hashable] = set()

    def copy(self) -> Occupancy:
        new = Occupancy.__new__(Occupancy)
        new.capacity = self.capacity
        new.spaces = {k: v.copy() for k, v in self.spaces.items()}
        new._where = self._where.copy()
        new._big = self._big.copy()
        return new

    def where(self, occupant: Hashable) -> SpaceId | None:
        return self._where.get(occupant)

    def occupants(self, space: SpaceId) -> list[Hashable]:
        return list(self.spaces.get(space, ()))

    def count(self, space: SpaceId) -> int:
        return len(self.spaces.get(space, ()))

    def has_big(self, space: SpaceId) -> bool:
        return any(o in self._big for o in self.spaces.get(space, ()))

    def is_full(self, space: SpaceId) -> bool:
        """Full: at capacity, or holding a Big occupant."""
        if self.has_big(space):
            return True
        return self.capacity is not None and self.count(space) >= self.capacity

    def place(self, occupant: Hashable, space: SpaceId, big: bool = False) -> None:
        """Put (or move) an occupant on a space; a full space refuses it (``ValueError``)."""
        current = self._where.get(occupant)
        if current == space:
            return
        if self.is_full(space):
            raise ValueError(f"space {space!r} is full")
        if current is not None:
            self.remove(occupant)
        self.spaces.setdefault(space, []).append(occupant)
        self._where[occupant] = space
        if big:
            self._big.add(occupant)

    def remove(self, occupant: Hashable) -> SpaceId:
        space = self._where.pop(occupant)
        self.spaces[space].remove(occupant)
        if not self.spaces[space]:
            del self.spaces[space]
        self._big.discard(occupant)
        return space

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Occupancy):
            return NotImplemented
        return (self.spaces, self._big, self.capacity) == (other.spaces, other._big, other.capacity)

    __hash__ = None  # type: ignore[assignment]


# ----------------------------------------------------------------------------------------
# Tiled maps: slots of 2 x 2 spaces
# ----------------------------------------------------------------------------------------

QUADRANTS: tuple[tuple[int, int], ...] = ((0, 0), (1, 0), (0, 1), (1, 1))
"""Space index 1..4 of a tile: 1 NW, 2 NE, 3 SW, 4 SE."""


def rotate_index(index: int, rotation: int) -> int:
    """Where printed space ``index`` (1..4) lands when the tile turns clockwise."""
    order = (1, 2, 4, 3)  # clockwise round the tile
    steps = (rotation // 90) % 4
    return order[(order.index(index) + steps) % 4]


def rotate_side(side: str, rotation: int) -> str:
    sides = ("n", "e", "s", "w")
    return sides[(sides.index(side) + (rotation // 90) % 4) % 4]


@dataclass(frozen=True)
class TileSpace:
    """One printed space of a tile: full walls on its sides, and its attributes."""

    walls: frozenset[str] = frozenset()
    attrs: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))


class TileMap:
    """A map of slots of 2 x 2 spaces, named by a letter column and a numbered row
    (``A1`` is the top-left slot); a space is ``<slot>.<index>`` (``B2.3``: slot B2,
    space 3, 1 NW .. 4 SE as placed).

    ``place(code, slot, spaces, rotation)`` lays a tile; each space's walls close the
    shared edge with its neighbour, whichever side prints the wall (a wall with an opening
    is written as no wall). ``board`` is rebuilt after every change.
    """

    def __init__(self, columns: int, rows: int) -> None:
        if not (1 <= columns <= 26 and rows >= 1):
            raise BoardError(
                f"a tile map has 1-26 columns and at least 1 row, not {columns}x{rows}"
            )
        self.columns = columns
        self.rows = rows
        self.tiles: dict[str, tuple[str, tuple[TileSpace, ...], int, tuple[int, int]]] = {}
        self.overlays: dict[str, dict[SpaceId, TileSpace]] = {}
        self.board = Board()

    def slot_origin(self, slot: str) -> tuple[int, int]:
        """The (x, y) of a slot's NW space."""
        if len(slot) < 2 or not slot[0].isalpha() or not slot[1:].isdigit():
            raise BoardError(f"{slot!r} is not a slot code (a letter and a row: A1, B2)")
        col = ord(slot[0].upper()) - ord("A")
        row = int(slot[1:]) - 1
        if not (0 <= col < self.columns and 0 <= row < self.rows):
            last = f"{chr(ord('A') + self.columns - 1)}{self.rows}"
            raise BoardError(f"slot {slot!r} is outside the map (A1..{last})")
        return 2 * col, 2 * row

    def place(
        self,
        code: str,
        slot: str,
        spaces: Sequence[TileSpace],
        rotation: int = 0,
        shift: tuple[int, int] = (0, 0),
    ) -> None:
        """Lay tile ``code`` on ``slot`` (a tile on an occupied slot replaces it)."""
        if len(spaces) != 4:
            raise BoardError(f"tile {code}: a map tile has 4 spaces, not {len(spaces)}")
        if rotation % 90:
            raise BoardError(f"tile {code}: rotation {rotation} is not a multiple of 90")
        self.slot_origin(slot)
        before = self.tiles.get(slot)
        self.tiles[slot] = (code, tuple(spaces), rotation % 360, shift)
        try:
            self._rebuild()
        except BoardError:
            if before is None:
                del self.tiles[slot]
            else:
                self.tiles[slot] = before
            raise

    def remove(self, slot: str) -> None:
        del self.tiles[slot]
        self._rebuild()

    def overlay(self, code: str, spaces: Mapping[SpaceId, TileSpace]) -> None:
        """Lay an overlay: each covered space takes the overlay's walls and attributes
        (what stands there stays: occupancy is not the board's)."""
        for ref in spaces:
            if ref not in self.board:
                raise BoardError(f"overlay {code}: {ref!r} is not a space of the map")
        self.overlays[code] = dict(spaces)
        self._rebuild()

    def remove_overlay(self, code: str) -> None:
        del self.overlays[code]
        self._rebuild()

    def ref(self, slot: str, index: int) -> SpaceId:
        return f"{slot}.{index}"

    def _rebuild(self) -> None:
        board = Board()
        walls: dict[tuple[int, int], set[str]] = {}
        for slot in sorted(self.tiles, key=lambda s: (int(s[1:]), s[0])):
            code, spaces, rotation, shift = self.tiles[slot]
            ox, oy = self.slot_origin(slot)
            ox, oy = ox + shift[0], oy + shift[1]
            placed: dict[int, TileSpace] = {}
            for printed, space in enumerate(spaces, start=1):
                placed[rotate_index(printed, rotation)] = space
            for index in (1, 2, 3, 4):
                space = placed[index]
                for cover in self.overlays.values():
                    space = cover.get(f"{slot}.{index}", space)
                dx, dy = QUADRANTS[index - 1]
                pos = (ox + dx, oy + dy)
                sides = {rotate_side(w, rotation) for w in space.walls}
                board.add_space(
                    f"{slot}.{index}", pos, tile=code, slot=slot, index=index, **space.attrs
                )
                walls[pos] = sides
        for ident, node in board.spaces.items():
            assert node.pos is not None
            x, y = node.pos
            for side in ("e", "s"):
                dx, dy = DIRECTIONS[side]
                other = board.at((x + dx, y + dy))
                if other is None:
                    continue
                wall = side in walls[(x, y)] or OPPOSITE[side] in walls[(x + dx, y + dy)]
                board.connect(ident, other, wall=wall)
        self.board = board

    def one_sided_walls(self) -> list[tuple[SpaceId, str]]:
        """Walls printed on one side of a shared edge only (a content warning)."""
        out: list[tuple[SpaceId, str]] = []
        for slot, (_code, spaces, rotation, _shift) in self.tiles.items():
            for printed, space in enumerate(spaces, start=1):
                ident = f"{slot}.{rotate_index(printed, rotation)}"
                pos = self.board.spaces[ident].pos
                assert pos is not None
                for w in space.walls:
                    side = rotate_side(w, rotation)
                    dx, dy = DIRECTIONS[side]
                    other = self.board.at((pos[0] + dx, pos[1] + dy))
                    if other is None or other.split(".")[0] == slot:
                        continue  # the map's edge, or inside one tile: one side suffices
                    oslot, oindex = other.split(".")
                    _ocode, ospaces, orot, _ = self.tiles[oslot]
                    printed_other = next(
                        i for i in (1, 2, 3, 4) if rotate_index(i, orot) == int(oindex)
                    )
                    back = {rotate_side(x, orot) for x in ospaces[printed_other - 1].walls}
                    if OPPOSITE[side] not in back:
                        out.append((ident, side))
        return out


__all__ = [
    "DIRECTIONS",
    "Board",
    "BoardError",
    "Edge",
    "Occupancy",
    "Space",
    "TileMap",
    "TileSpace",
    "rotate_index",
    "rotate_side",
]
