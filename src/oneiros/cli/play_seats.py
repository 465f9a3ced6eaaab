"""Who sits where at a terminal game, and the saved game file.

A saved game is the core record plus the seats (``human`` or a bot spec each), written
atomically after every move (:func:`save_game`); :func:`actors_of` tells who made each move
of a record (``undo`` steps back to the seat's own last real decision).
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..agents import make_agent
from ..core import CHANCE, ConfigError, Game, State
from ..core.i18n import plural
from .common import make_game

HUMAN = "human"


def save_game(path: Path, state: State, seats: Sequence[str]) -> None:
    """Write the record plus the seats atomically (a crash never leaves half a file)."""
    data: dict[str, Any] = state.record()
    data["seats"] = list(seats)
    path = path.expanduser()
    directory = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=".oneiros-", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(data, out, indent=1)
            out.write("\n")
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def default_players(name: str) -> int:
    """Four players when the game allows it (``make play``), else the game's default."""
    probe = make_game(name, None, None, None)
    info = probe.info
    return 4 if info.min_players <= 4 <= info.max_players else info.default_players


def default_bot(game: Game) -> str:
    return "heuristic" if game.heuristic_policy() is not None else "random"


def parse_seats(text: str | None, game: Game) -> list[str]:
    """``human,heuristic,mcts`` -> a checked list, one entry per seat."""
    if text is None:
        return [HUMAN] + [default_bot(game)] * (game.players - 1)
    seats = [s.strip() for s in text.split(",")]
    if len(seats) != game.players:
        raise ConfigError(
            f"--seats names {len(seats)} {plural(len(seats), 'seat', 'seats')} but the game "
            f"has {game.players} players"
        )
    for spec in seats:
        if not spec:
            raise ConfigError(f"--seats {text!r}: a seat is empty (use human or a bot spec)")
        if spec != HUMAN:
            make_agent(spec, game)  # raises ConfigError for an unknown bot or parameter
    return seats


def check_seats(seats: Any, players: int) -> list[str]:
    if (
        not isinstance(seats, list)
        or len(seats) != players
        or not all(isinstance(s, str) and s for s in seats)
    ):
        raise ConfigError(f"the saved game's seats must be a list of {players} seat specs")
    return list(seats)


def actors_of(game: Game, record: dict[str, Any]) -> list[tuple[int, int]]:
    """For each action of a record: the seat (or CHANCE) that made it, and how many
    choices it had."""
    state = game.new_state(seed=record.get("seed"))
    out: list[tuple[int, int]] = []
    for entry in record["actions"]:
        if isinstance(entry, list):
            seat, aid = int(entry[0]), str(entry[1])
        else:
            current = state.current_player()
            seat, aid = (CHANCE if current is None else current), str(entry)
        out.append((seat, len(state.legal_actions(seat))))
        state.apply(aid, player=seat)
    return out
