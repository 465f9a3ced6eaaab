"""Sleep Tight's event texts worded anew (``SleepTightGame.reworded``): a snapshot saved
before a rewording shows its log in today's words (``core.i18n.reword``)."""

from __future__ import annotations

from typing import Any

from ...core.i18n import Reworded, by_count


def _fragments(field: str, former: str) -> Any:
    """The singular and plural texts that replaced a former "Soul Fragment(s)" text."""
    return by_count(field, former.replace("(s)", ""), former.replace("(s)", "s"))


REWORDED: Reworded = {
    former: _fragments(field, former)
    for field, former in [
        (
            "lost",
            "Seat {seat} loses {lost} Soul Fragment(s) to seat {source} ({prevented} prevented)",
        ),
        (
            "have",
            "Seat {seat} holds {have} Soul Fragment(s), not the {need} that {name} requires: "
            "it goes back to their hand",
        ),
        ("count", "Seat {seat} reveals {count} play(s): {names}"),
        ("got", "Seat {seat} discarded {names} and takes {got} Soul Fragment(s)"),
        (
            "got",
            "Seat {seat} enters {name} ({dream}, {fragments}) and takes {got} Soul Fragment(s)",
        ),
        ("lost", "{name} takes {lost} Soul Fragment(s) from seat {seat} ({prevented} prevented)"),
        ("lost", "The Sandman takes {lost} Soul Fragment(s) from seat {seat}"),
        ("got", "Seat {seat} takes {got} Soul Fragment(s) from the pile"),
        ("n", "Seat {seat} takes {n} Soul Fragment(s) from seat {victim}"),
    ]
}
"""Event texts of older snapshots worded anew (2026-12-02: singular and plural instead of
"(s)"): the former text -> the text chosen by the event's data (``core.i18n.reword``)."""
