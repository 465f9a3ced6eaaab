"""A flat numeric encoding of the Lucidity observation (for the RL adapters)."""

from __future__ import annotations

from typing import Any

from ...core import CHANCE
from .content import COLOURS
from .rules import MAX_SEATS, ROWS, TRACKS

_BAG = (*COLOURS, "bone")
_ROLES = ("dreamer", "nightmare", "eliminated")
_TRACKS = tuple(TRACKS)
_PER_SEAT = len(ROWS) * len(_BAG) + len(_ROLES) + len(COLOURS) + len(_TRACKS) + 3 + 2


_DECIDING = MAX_SEATS + 1
"""Who decides: one flag per seat (several when seats decide together), then chance."""


def shape(game: Any) -> int:
    return (
        len(_BAG)
        + MAX_SEATS * _PER_SEAT
        + len(COLOURS) * 2
        + len(_BAG)
        + MAX_SEATS
        + 1
        + _DECIDING
        + MAX_SEATS
    )


def encode(
    obs: dict[str, Any], game: Any, to_move: tuple[int, ...] = (), viewer: int | None = None
) -> list[float]:
    """Counts scaled by 1/20; one-hot roles, colours and tracks; seat-relative order is not used.

    The tail says who decides (``to_move``: one flag per seat, then chance; all zeros when the
    game is over) and which seat this tensor is for (``viewer``, one-hot), so a policy shared
    by several seats can tell whose decision it is.
    """
    out: list[float] = [obs["bag"].get(c, 0) / 20 for c in _BAG]
    players = obs["players"]
    for i in range(MAX_SEATS):
        if i >= len(players):
            out.extend([0.0] * _PER_SEAT)
            continue
        p = players[i]
        for row in ROWS:
            dice = p["rows"].get(row, [])
            for c in _BAG:
                out.append(sum(1 for d in dice if d["colour"] == c) / 10)
        out.extend(1.0 if p["role"] == r else 0.0 for r in _ROLES)
        out.extend(1.0 if p["colour"] == c else 0.0 for c in COLOURS)
        out.extend(1.0 if p["track"] == t else 0.0 for t in _TRACKS)
        stage = p.get("track_stage")
        out.extend(1.0 if stage == s else 0.0 for s in range(3))
        out.append(obs["power"][i] / 15)
        out.append(len(p["rows"].get("shadowmark", [])) / 3)
    for c in COLOURS:
        card = obs["nightmare_cards"][c]
        out.append(len(card["dice"]) / 10)
        out.append(0.0 if card["holder"] is None else 1.0)
    for c in _BAG:
        out.append(sum(1 for d in obs["in_hand"] if d["colour"] == c) / 10)
    out.extend(1.0 if obs["current"] == i else 0.0 for i in range(MAX_SEATS))
    out.append(1.0 if obs.get("final_turns") is not None else 0.0)
    out.extend(1.0 if i in to_move else 0.0 for i in range(MAX_SEATS))
    out.append(1.0 if CHANCE in to_move else 0.0)
    out.extend(1.0 if viewer == i else 0.0 for i in range(MAX_SEATS))
    return out
