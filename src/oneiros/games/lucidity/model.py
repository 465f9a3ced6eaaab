"""The pieces of Lucidity: a dream (die), a player's card (``Seat``) and the bag."""

from __future__ import annotations

from itertools import repeat
from operator import itemgetter
from sys import intern
from typing import Any

from .content import COLOURS
from .params import TRACKS

Die = tuple[str, str, bool]
"""A dream: ``(colour, face, rotated)``; ``rotated`` marks an exhaust dream turned to its
shadow side (Shadow of Imprisonment)."""

POWER_FACES = ("power1", "power2")
REROLL_FACES = ("power1", "power2", "hunt", "exhaust", "shadow")
CATEGORY = {"power1": "power", "power2": "power", "hunt": "hunt", "exhaust": "exhaust"}

_DIES: dict[tuple[str, str, bool], Die] = {}


def die(colour: str, face: str, rotated: bool = False) -> Die:
    """The one shared dream value ``(colour, face, rotated)``."""
    key = (colour, face, rotated)
    d = _DIES.get(key)
    if d is None:
        # interned words: the rules compare faces and colours with the words they name
        d = _DIES[key] = (intern(colour), intern(face), rotated)
    return d


def die_dict(d: Die) -> dict[str, Any]:
    return {"colour": d[0], "face": d[1], "shadow_side": d[2] or d[1] == "shadow"}


_FACE_POWER = {"power1": 1, "power2": 2}
_face = itemgetter(1)


def power_value(row: list[Die]) -> int:
    """The Power of a row: 1 per ``power1`` dream, 2 per ``power2``, 0 for any other face
    (summed without a Python loop: the end of every turn asks it of each seat)."""
    return sum(map(_FACE_POWER.get, map(_face, row), repeat(0)))


def bag_total(bag: dict[str, int]) -> int:
    """The dreams left in the bag."""
    return bag["blue"] + bag["green"] + bag["yellow"] + bag["red"] + bag["bone"]


def to_bag(bag: dict[str, int], dice: list[Die]) -> None:
    """Put dreams back in the bag."""
    for d in dice:
        bag[d[0]] += 1


class Seat:
    """One player's card: rows of dreams, role and sleep track."""

    __slots__ = (
        "colour",
        "exhaust",
        "hunt",
        "manifested",
        "marks",
        "power",
        "role",
        "shadow",
        "shield",
        "stage",
        "track",
    )

    def __init__(self) -> None:
        self.role = "dreamer"
        self.colour: str | None = None
        self.hunt: list[Die] = []
        self.exhaust: list[Die] = []
        self.power: list[Die] = []
        self.shadow: dict[str, list[Die]] = {c: [] for c in COLOURS}
        self.marks: list[Die] = []
        self.track: str | None = None
        self.stage = 0
        self.manifested: list[str] = []
        self.shield = 0

    def copy(self) -> Seat:
        s = Seat.__new__(Seat)
        s.role = self.role
        s.colour = self.colour
        s.hunt = self.hunt.copy()
        s.exhaust = self.exhaust.copy()
        s.power = self.power.copy()
        sh = self.shadow
        s.shadow = {
            "blue": sh["blue"].copy(),
            "green": sh["green"].copy(),
            "yellow": sh["yellow"].copy(),
            "red": sh["red"].copy(),
        }
        s.marks = self.marks.copy()
        s.track = self.track
        s.stage = self.stage
        s.manifested = self.manifested.copy()
        s.shield = self.shield
        return s

    def all_dice(self) -> list[Die]:
        sh = self.shadow
        return (
            self.hunt
            + self.exhaust
            + self.power
            + sh["blue"]
            + sh["green"]
            + sh["yellow"]
            + sh["red"]
            + self.marks
        )

    def shadow_count(self, colour: str) -> int:
        """Dreams filling the Shadow row of ``colour``. A shadow moved to the Hunt row by
        Primeval Fear has left its Shadow row: it fills the Hunt row instead."""
        return len(self.shadow[colour])

    @property
    def control(self) -> int | None:
        if self.track is None:
            return None
        return TRACKS[self.track][self.stage]


def pick_id(seat: int, row: str, d: Die) -> str:
    """``pick:seat<k>:<row>:<colour>:<face>``: a dream on seat k's card (``rotated``: an
    exhaust dream turned to its shadow side)."""
    return f"pick:seat{seat}:{row}:{d[0]}:{'rotated' if d[2] else d[1]}"


def remove_pick(card: Seat, seat: int, aid: str) -> Die:
    """Take the dream a pick id names off ``card`` (seat ``seat``'s): the last one of its
    row that the id names."""
    _, who, row, _c, _face = aid.split(":")
    assert who == f"seat{seat}", aid
    rowlist = (
        card.hunt
        if row == "hunt"
        else card.exhaust
        if row == "exhaust"
        else card.power
        if row == "power"
        else card.shadow[row[7:]]
    )
    for i in range(len(rowlist) - 1, -1, -1):
        if pick_id(seat, row, rowlist[i]) == aid:
            return rowlist.pop(i)
    raise AssertionError(aid)  # pragma: no cover


def power_picks(card: Seat, seat: int) -> list[str]:
    """The pick ids of the Power dreams on ``card`` (seat ``seat``'s), each once, in row
    order (a Bone Hunter is never picked)."""
    seen: dict[str, None] = {}
    for d in card.power:
        if d[0] != "bone":
            seen.setdefault(pick_id(seat, "power", d))
    return list(seen)
