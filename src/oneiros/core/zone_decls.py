"""The declarations of a table (zones, pools and their visibility) and the view a seat
gets of it: the vocabulary of :mod:`oneiros.core.zones`, which re-exports every name here."""

from __future__ import annotations

import dataclasses
import enum
from typing import Any


class Visibility(enum.Enum):
    PUBLIC = "public"
    OWNER = "owner"
    COUNT_ONLY = "count"
    NOBODY = "nobody"


PUBLIC = Visibility.PUBLIC
OWNER = Visibility.OWNER
COUNT_ONLY = Visibility.COUNT_ONLY
NOBODY = Visibility.NOBODY


@dataclasses.dataclass(frozen=True)
class Zone:
    """A place entities are in: a deck, a hand (``per_seat``), a discard pile."""

    name: str
    visibility: Visibility = PUBLIC
    per_seat: bool = False
    ordered: bool = False
    """Order matters (the last entity is on top); otherwise a view lists ids sorted."""
    counted_in: str | None = None
    hidden_content: bool = False
    standin: Any = None
    """The face ``determinize`` gives an unrevealed hidden-content entity (a value, or a
    function of the entity id)."""
    deal_group: str | None = None
    """The zones whose hidden faces ``determinize`` may exchange with this one's: those
    declaring the same name (None: this zone alone, or the group of its ``counted_in``)."""
    deal_per_owner: bool = True
    """For a per-seat zone: each owner's places are a group of their own (a Dreamer's own
    deck and hand); False joins every owner's places to the group's shared one."""


@dataclasses.dataclass(frozen=True)
class Pool:
    """Identical tokens with a capacity: taking from an empty pool gives nothing (a gain
    from it is lost), returning to a full one is refused."""

    name: str
    capacity: int
    per_seat: bool = False
    visibility: Visibility = PUBLIC


Place = tuple[str, int | None]
"""A zone name and its owner seat (None for a shared zone)."""


class ZoneError(ValueError):
    """An entity or zone that does not exist, or a move the declarations do not allow."""


class View:
    """What one seat (None: a spectator) sees of a table, derived from the declarations."""

    __slots__ = ("data",)

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    def _entry(self, zone: str, owner: int | None) -> dict[str, Any]:
        return self.data["zones"][zone][_key(owner)]

    def cards(self, zone: str, owner: int | None = None) -> list[Any] | None:
        """The faces in the zone (None for an entity whose face is hidden), or None when
        the seat cannot see into the zone."""
        return self._entry(zone, owner)["faces"]

    def ids(self, zone: str, owner: int | None = None) -> list[str] | None:
        return self._entry(zone, owner)["ids"]

    def count(self, zone: str, owner: int | None = None) -> int | None:
        """How many entities the seat sees there (None: not even that)."""
        return self._entry(zone, owner)["count"]

    def known(self, zone: str, owner: int | None = None) -> dict[str, Any]:
        """Entities of a zone the seat cannot see into that were revealed to it: id -> face."""
        return self._entry(zone, owner).get("known", {})

    def pool(self, name: str, owner: int | None = None) -> int | None:
        return self.data["pools"][name][_key(owner)]

    def to_json(self) -> dict[str, Any]:
        return self.data


def _key(owner: int | None) -> str:
    return "-" if owner is None else str(owner)
