"""Content packs: the only content a web table may use besides the shipped one.

A game option named ``content`` is a file path for the command line; over the web it is
the *name* of a pack the operator installed as ``DIR/<game>/<name>.json`` (``oneiros serve
--content-dir DIR``). Every pack is checked once at start (a regular file of at most
``MAX_PACK`` bytes that the game itself accepts), off the event loop; a request naming
anything else gets one line listing the installed names, never a path or a file error.
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
NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")


class MissingPack(ConfigError):
    """A stored table names a pack that is not installed (any more)."""


class ContentPacks:
    """The installed packs: ``(game, name) -> path``, filled by :meth:`scan`."""

    def __init__(self, directory: str | None) -> None:
        self.directory = directory
        self.packs: dict[tuple[str, str], str] = {}

    def scan(self) -> None:
        """Find and check every pack (blocking: call it in a thread)."""
        self.packs = {}
        if not self.directory:
            return
        root = Path(self.directory)
        if not root.is_dir():
            raise ConfigError(f"--content-dir {self.directory!r} is not a directory")
        for game_dir in sorted(p for p in root.iterdir() if p.is_dir()):
            for file in sorted(game_dir.glob("*.json")):
                name = file.stem
                if not NAME.match(name):
                    log.warning("content pack %s skipped: name must match %s", file, NAME.pattern)
                    continue
                problem = _check(game_dir.name, file)
                if problem:
                    log.warning("content pack %s skipped: %s", file, problem)
                    continue
                self.packs[(game_dir.name, name)] = str(file.resolve())
        if self.packs:
            log.info("content packs: %s", ", ".join(f"{g}/{n}" for g, n in sorted(self.packs)))

    def names(self, game: str) -> list[str]:
        return sorted(n for g, n in self.packs if g == game)

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


def _check(game: str, file: Path) -> str | None:
    try:
        info = os.stat(file)
    except OSError as exc:
        return exc.strerror or str(exc)
    if not stat.S_ISREG(info.st_mode):
        return "not a regular file"
    if info.st_size > MAX_PACK:
        return f"larger than {MAX_PACK} bytes"
    try:
        g: Game = make(game, options={CONTENT_OPTIONS[0]: str(file)})
    except Exception as exc:  # an unknown game, a bad file: the pack is not offered
        return str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    del g
    return None


__all__ = ["CONTENT_OPTIONS", "MAX_PACK", "ContentPacks", "MissingPack"]
