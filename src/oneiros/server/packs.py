"""Content packs: the only content a web table may use besides the shipped one.

A game option named ``content`` is a file path for the command line; over the web it is
the *name* of a pack the operator installed as ``DIR/<game>/<name>.json`` (``oneiros serve
--content-dir DIR``), or as a directory ``DIR/<game>/<name>/`` for a game whose pack is a
directory (Etherfields). Every pack is checked once at start (a regular file of at most
``MAX_PACK`` bytes, or a directory of at most ``MAX_PACK_FILES`` regular files and no
links, ``MAX_PACK_DIR`` bytes in all, that the game itself accepts), off the event loop; a
request naming anything else gets one line listing the installed names, never a path or a
file error. An option whose menu comes from the content (``open_choices``: Etherfields'
``scenario``) gets each pack's own menu (:meth:`ContentPacks.menus`).
"""

from __future__ import annotations

import logging
import os
import re
import stat
from pathlib import Path
from typing import Any

from ..core import ConfigError, Game, make

log = logging.getLogger("oneiros.server")

CONTENT_OPTIONS = ("content",)
"""Game options that name a content file."""
MAX_PACK = 1 << 20
MAX_PACK_DIR = 4 << 20
"""A pack directory: its files' sizes added up."""
MAX_PACK_FILES = 200
NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")


class MissingPack(ConfigError):
    """A stored table names a pack that is not installed (any more)."""


class ContentPacks:
    """The installed packs: ``(game, name) -> path``, filled by :meth:`scan`."""

    def __init__(self, directory: str | None) -> None:
        self.directory = directory
        self.packs: dict[tuple[str, str], str] = {}
        self._menus: dict[tuple[str, str], dict[str, dict[str, Any]]] = {}

    def scan(self) -> None:
        """Find and check every pack (blocking: call it in a thread)."""
        self.packs = {}
        self._menus = {}
        if not self.directory:
            return
        root = Path(self.directory)
        if not root.is_dir():
            raise ConfigError(f"--content-dir {self.directory!r} is not a directory")
        for game_dir in sorted(p for p in root.iterdir() if p.is_dir()):
            files = sorted(game_dir.glob("*.json"))
            folders = sorted(p for p in game_dir.iterdir() if p.is_dir() and p not in files)
            for file in files + folders:
                name = file.stem if file in files else file.name
                if not NAME.match(name):
                    log.warning("content pack %s skipped: name must match %s", file, NAME.pattern)
                    continue
                problem, menus = _check(game_dir.name, file)
                if problem:
                    log.warning("content pack %s skipped: %s", file, problem)
                    continue
                self.packs[(game_dir.name, name)] = str(file.resolve())
                self._menus[(game_dir.name, name)] = menus
        if self.packs:
            log.info("content packs: %s", ", ".join(f"{g}/{n}" for g, n in sorted(self.packs)))

    def names(self, game: str) -> list[str]:
        return sorted(n for g, n in self.packs if g == game)

    def menus(self, game: str, option: str) -> dict[str, dict[str, Any]]:
        """The menu of ``option`` under each installed pack of ``game`` that has its own
        (``{pack: {"choices": [...], "labels": {...}}}``): what the lobby offers once that
        pack is chosen (Etherfields: the pack's Dreams and Slumbers)."""
        out = {}
        for (g, name), menus in sorted(self._menus.items()):
            if g == game and option in menus:
                out[name] = menus[option]
        return out

    def check_request(self, game: str, options: dict[str, Any]) -> None:
        """Refuse a content option that is not an installed pack's name (a web request)."""
        for key in CONTENT_OPTIONS:
            value = options.get(key)
            if value in (None, ""):
                continue
            if not isinstance(value, str) or (game, value) not in self.packs:
                installed = ", ".join(self.names(game)) or "none"
                raise ConfigError(
                    f"option {key!r}: {str(value)[:40]!r} is not a content pack of this server "
                    f"(installed for {game}: {installed}; empty for the shipped content)"
                )

    def resolve(self, game: str, options: dict[str, Any]) -> dict[str, Any]:
        """The options with each pack name replaced by its file (for the engine)."""
        out = dict(options)
        for key in CONTENT_OPTIONS:
            value = out.get(key)
            if value in (None, ""):
                continue
            path = self.packs.get((game, str(value)))
            if path is None:
                raise MissingPack(f"content pack {value!r} of {game} is not installed")
            out[key] = path
        return out

    def public(self, game: str, options: dict[str, Any]) -> dict[str, Any]:
        """The options as a client sees them: a pack by its name, never its file."""
        out = dict(options)
        by_path = {p: n for (g, n), p in self.packs.items() if g == game}
        for key in CONTENT_OPTIONS:
            value = out.get(key)
            if value not in (None, ""):
                out[key] = by_path.get(str(value), value)
        return out


def _check(game: str, file: Path) -> tuple[str | None, dict[str, dict[str, Any]]]:
    """What is wrong with a pack (None when the game accepts it) and the menus of its
    options whose choices come from the content."""
    try:
        info = os.lstat(file)
    except OSError as exc:
        return exc.strerror or str(exc), {}
    if stat.S_ISDIR(info.st_mode):
        problem = _check_folder(file)
        if problem:
            return problem, {}
    elif not stat.S_ISREG(info.st_mode):
        return "not a regular file", {}
    elif info.st_size > MAX_PACK:
        return f"larger than {MAX_PACK} bytes", {}
    try:
        g: Game = make(game, options={CONTENT_OPTIONS[0]: str(file)})
        menus = {}
        for spec in g.info.options:
            menu = g.option_menu(spec.name) if spec.open_choices else None
            if menu is not None:
                choices, labels = menu
                menus[spec.name] = {"choices": list(choices), "labels": dict(labels)}
    except Exception as exc:  # an unknown game, a bad file: the pack is not offered
        return (str(exc).splitlines()[0] if str(exc) else type(exc).__name__), {}
    return None, menus


def _check_folder(folder: Path) -> str | None:
    """A pack directory holds regular files and folders only (no links, devices or FIFOs),
    at most ``MAX_PACK_FILES`` files of ``MAX_PACK_DIR`` bytes in all."""
    files = size = 0
    for root, dirs, names in os.walk(folder, followlinks=False):
        for entry in [*dirs, *names]:
            mode = os.lstat(os.path.join(root, entry)).st_mode
            if stat.S_ISDIR(mode):
                continue
            if not stat.S_ISREG(mode):
                return f"{entry!r} is not a regular file"
            files += 1
            size += os.lstat(os.path.join(root, entry)).st_size
            if files > MAX_PACK_FILES or size > MAX_PACK_DIR:
                return f"more than {MAX_PACK_FILES} files or {MAX_PACK_DIR} bytes"
    return None


__all__ = [
    "CONTENT_OPTIONS",
    "MAX_PACK",
    "MAX_PACK_DIR",
    "MAX_PACK_FILES",
    "ContentPacks",
    "MissingPack",
]
