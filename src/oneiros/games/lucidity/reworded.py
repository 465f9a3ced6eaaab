"""Lucidity's event texts worded anew (``LucidityGame.reworded``): a snapshot saved before
a rewording shows its log in today's words (``core.i18n.reword``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.i18n import Reworded, by_count, plural


def _cleansed(data: Mapping[str, Any]) -> str:
    """A Manifestation's return of dreams: one row (Hunt, exhaust) or the Shadow rows."""
    if data["row"] in ("hunt", "exhaust"):
        return plural(
            data["n"],
            "Seat {seat} returns {n} dream from the {row} row",
            "Seat {seat} returns {n} dreams from the {row} row",
        )
    return plural(
        data["n"],
        "Seat {seat} returns {n} dream from the {row} rows",
        "Seat {seat} returns {n} dreams from the {row} rows",
    )


REWORDED: Reworded = {
    "Seat {seat} draws a {colour} dream and loses {n} {colour} Power dream(s)": by_count(
        "n",
        "Seat {seat} draws a {colour} dream and loses {n} {colour} Power dream",
        "Seat {seat} draws a {colour} dream and loses {n} {colour} Power dreams",
    ),
    "Seat {seat} becomes the {colour} Nightmare and takes {n} Power dream(s) from its card": (
        by_count(
            "n",
            "Seat {seat} becomes the {colour} Nightmare and takes {n} Power dream from its card",
            "Seat {seat} becomes the {colour} Nightmare and takes {n} Power dreams from its card",
        )
    ),
    "Winner(s): seat(s) {seats}": by_count(
        "seats", "Winner: seat {seats[0]}", "Winners: seats {seats}"
    ),
    "Seat(s) {holders} reach {goal} Power: every other dreamer takes one final turn": by_count(
        "holders",
        "Seat {holders[0]} reaches {goal} Power: every other dreamer takes one final turn",
        "Seats {holders} reach {goal} Power: every other dreamer takes one final turn",
    ),
    "Seat {seat} spends a {colour} Power dream ({where}) to reroll {n} {colour} dream(s)": (
        by_count(
            "n",
            "Seat {seat} spends a {colour} Power dream ({where}) to reroll {n} {colour} dream",
            "Seat {seat} spends a {colour} Power dream ({where}) to reroll {n} {colour} dreams",
        )
    ),
    "Seat {seat} rolls the {n} dream(s) it keeps again": by_count(
        "n",
        "Seat {seat} rolls the dream it keeps again",
        "Seat {seat} rolls the {n} dreams it keeps again",
    ),
    "{n} Bone Hunter(s) go back to the bag": by_count(
        "n", "{n} Bone Hunter goes back to the bag", "{n} Bone Hunters go back to the bag"
    ),
    "{n} dream(s) go back to the bag": by_count(
        "n", "{n} dream goes back to the bag", "{n} dreams go back to the bag"
    ),
    "Seat {seat} rests and returns {n} dream(s)": by_count(
        "n", "Seat {seat} rests and returns {n} dream", "Seat {seat} rests and returns {n} dreams"
    ),
    "Seat {seat} returns {n} dream(s) from the {row} row(s)": _cleansed,
}
"""Event texts of older snapshots worded anew (2026-12-02: singular and plural instead of
"(s)"): the former text -> the text chosen by the event's data (``core.i18n.reword``)."""
