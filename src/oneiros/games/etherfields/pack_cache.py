"""A pack that passed every check is not checked again until it changes.

Loading the Etherfields pack validates every record and runs every check of ``pack.py``
(a tenth of a second or more, paid by every process that imports the game: the web
server, ``oneiros games``, each Etherfields command, since the game's scenario menu comes
from its pack). A pack that loaded without an error is stored, as its checked catalog, in
``$ONEIROS_CONTENT_CACHE`` (else ``$XDG_CACHE_HOME/oneiros/etherfields-packs``, that is
``~/.cache/oneiros/etherfields-packs``), under a hash of:

- every file of the pack directory (its path in the pack and its bytes): an edited,
  added or removed file gives another hash, so the pack is checked again;
- the pack directory's own path;
- the source of the engine's content loader and of the game (``oneiros/core`` and
  ``oneiros/games/etherfields``), Python's and pydantic's versions: a new record kind or
  check is never skipped because an older engine passed the pack.

A pack with an error is never stored (``load`` raises before), so its errors are reported
every time; ``oneiros content check`` always runs every check (it lists the warnings
too). The content hash is computed again by every process (it must not depend on the
process). ``ONEIROS_CONTENT_CACHE=off`` turns the cache off. The cache holds the newest
:data:`KEEP` packs; a file that does not read (or a cache folder that cannot be written)
is only a cache miss.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import pickle
import sys
import tempfile
from pathlib import Path

import pydantic

from ...core.content import Catalog
from .pack import PACK

CACHE_ENV_VAR = "ONEIROS_CONTENT_CACHE"
KEEP = 16
"""How many checked packs the cache keeps (the oldest are removed)."""
_FORMAT = b"oneiros etherfields checked pack 2"


def cache_dir() -> Path | None:
    """The cache folder, or None when ``ONEIROS_CONTENT_CACHE=off``."""
    base = os.environ.get(CACHE_ENV_VAR, "")
    if base.lower() == "off":
        return None
    if base:
        return Path(base)
    xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(xdg) / "oneiros" / "etherfields-packs"


@functools.cache
def _engine_digest() -> bytes:
    """The loader's and the game's source, and the versions a stored catalog depends on."""
    digest = hashlib.sha256(_FORMAT)
    digest.update(f"{sys.version} pydantic {pydantic.VERSION}".encode())
    package = Path(__file__).resolve().parents[2]  # src/oneiros
    for folder in ("core", "games/etherfields"):
        for file in sorted((package / folder).rglob("*.py")):
            digest.update(file.relative_to(package).as_posix().encode() + b"\0")
            digest.update(file.read_bytes())
    return digest.digest()


def pack_digest(root: Path) -> str:
    """A hash of every file of the pack directory, its path and the engine (see above)."""
    digest = hashlib.sha256(_engine_digest())
    digest.update(str(root.resolve()).encode() + b"\0")
    for file in sorted(p for p in root.rglob("*") if p.is_file()):
        digest.update(file.relative_to(root).as_posix().encode() + b"\0")
        data = file.read_bytes()
        digest.update(len(data).to_bytes(8, "little") + data)
    return digest.hexdigest()


def load(path: str | Path) -> Catalog:
    """The pack's catalog: the stored one when this very pack passed before, else every
    check (``PACK.load``, which raises :class:`ContentProblems` on errors)."""
    root = Path(path)
    folder = cache_dir()
    if folder is None or not root.is_dir():
        return PACK.load(root)
    try:
        key = pack_digest(root)
    except OSError:  # an unreadable file: the full check says which
        return PACK.load(root)
    file = folder / f"{key}.pickle"
    cached = _read(file, root)
    if cached is not None:
        return cached
    catalog = PACK.load(root)
    _write(folder, file, catalog)
    return catalog


def _read(file: Path, root: Path) -> Catalog | None:
    try:
        blob = file.read_bytes()
    except OSError:
        return None
    try:
        info, records, failed = pickle.loads(blob)  # the user's own cache folder
        catalog = Catalog(PACK, root, info)
        if set(records) != set(catalog._records):
            return None
        catalog._records = records
        catalog._failed = failed
    except Exception:  # a damaged or foreign file: check the pack again
        return None
    with contextlib.suppress(OSError):
        os.utime(file)  # recently used: kept by the pruning
    return catalog


def _write(folder: Path, file: Path, catalog: Catalog) -> None:
    blob = pickle.dumps(
        (catalog.info, catalog._records, catalog._failed),
        protocol=pickle.HIGHEST_PROTOCOL,
    )
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
    except OSError:  # a read-only home: no cache
        return
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(blob)
        os.replace(tmp, file)  # atomic: a parallel reader sees the old file or the new one
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        return
    with contextlib.suppress(OSError):
        stored = sorted(folder.glob("*.pickle"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in stored[KEEP:]:
            old.unlink(missing_ok=True)


__all__ = ["CACHE_ENV_VAR", "KEEP", "cache_dir", "load", "pack_digest"]
