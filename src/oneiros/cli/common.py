"""Helpers shared by the command modules: consoles, errors, option parsing."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape

from ..core import ConfigError, Game, make

console = Console()
err_console = Console(stderr=True)


def fail(message: str, code: int = 2) -> NoReturn:
    """Print a one-line error and exit with a non-zero code."""
    err_console.print(f"[bold red]error:[/] {escape(message)}", highlight=False, soft_wrap=True)
    sys.exit(code)


def parse_options(pairs: list[str] | None) -> dict[str, Any]:
    """``["bone_hunters=2", "first_player=random"]`` -> a dict (values checked by the game)."""
    out: dict[str, Any] = {}
    for pair in pairs or []:
        key, eq, value = pair.partition("=")
        if not eq or not key.strip():
            raise ConfigError(f"--option takes key=value, not {pair!r}")
        out[key.strip()] = value.strip()
    return out


def make_game(
    name: str, players: int | None, ruleset: str | None, options: list[str] | None
) -> Game:
    return make(name, players=players, ruleset=ruleset, options=parse_options(options))


def load_json(path: Path) -> Any:
    """Read a JSON file, failing with a one-line message when it is missing or malformed."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        fail(f"{path}: no such file")
    except json.JSONDecodeError as exc:
        fail(f"{path}: not valid JSON ({exc.msg} at line {exc.lineno})")
    except OSError as exc:
        fail(f"{path}: {exc.strerror}")


def load_json_object(path: Path, what: str) -> dict[str, Any]:
    """``load_json`` for a file that must hold a JSON object (``what`` it should be, such
    as "a saved game"), failing with a one-line message otherwise."""
    data = load_json(path)
    if not isinstance(data, dict):
        fail(f"{path}: not {what} (expected a JSON object)")
    return data


GAME_ARG = typer.Argument(..., help="The game, e.g. lucidity (see `oneiros games`).")
PLAYERS_OPT = typer.Option(None, "--players", "-p", help="Number of players (game default).")
RULESET_OPT = typer.Option(None, "--ruleset", "-r", help="Rule set (game default).")
OPTION_OPT = typer.Option(
    None, "--option", "-o", help="A game option as key=value; repeat for several."
)
SEED_OPT = typer.Option(None, "--seed", "-s", help="Random seed (a fresh one if omitted).")
