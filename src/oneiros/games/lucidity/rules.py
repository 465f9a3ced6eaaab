"""The older home of the rule references and the action table, kept so that existing imports
work: the references are in ``refs.py``, the action ids in ``actions.py``, the numbers in
``params.py``."""

from __future__ import annotations

from .actions import (
    ACTION_IDS,
    ALL_COLOURS,
    LABELS,
    PICK_FACES,
    ROW_FACES,
    ROWS,
    SEAT_PICK_IDS,
    SEAT_PICK_LABELS,
    A,
    seat_pick_ids,
)
from .params import MAX_SEATS, TRACKS
from .refs import EN, ES, all_rule_refs, rule_refs

__all__ = [
    "ACTION_IDS",
    "ALL_COLOURS",
    "EN",
    "ES",
    "LABELS",
    "MAX_SEATS",
    "PICK_FACES",
    "ROWS",
    "ROW_FACES",
    "SEAT_PICK_IDS",
    "SEAT_PICK_LABELS",
    "TRACKS",
    "A",
    "all_rule_refs",
    "rule_refs",
    "seat_pick_ids",
]
