"""The content a game plays with: the pack's catalog, the Dream, and the map built from
the revealed tiles (cached: a map depends on the tiles alone)."""

from __future__ import annotations

import functools
import os
from pathlib import Path
from typing import Any

from ...core.board import Board, rotate_index
from ...core.content import Catalog
from . import pack_cache
from .pack import DEFAULT_PACK, ENV_VAR, build_map
from .records import MapTile, Space

TERRAINS = ("light", "darkness", "swamp", "water")
"""The Terrain tokens among the tokens on the map ("Terrain Symbols and Terrain Tokens")."""


@functools.lru_cache(maxsize=8)
def _load(path: str) -> Catalog:
    """The pack's catalog, checked once per process, and once per change of the pack across
    processes (``pack_cache.py``)."""
    return pack_cache.load(path)


def pack_path(option: str = "") -> Path:
    """The pack directory: the ``content`` option, else ``ONEIROS_ETHERFIELDS_CONTENT``,
    else the shipped original pack."""
    return Path(option or os.environ.get(ENV_VAR, "") or DEFAULT_PACK)


def catalog(path: str | Path | None = None) -> Catalog:
    return _load(str(path or pack_path()))


OVERLAY = "overlay:"
"""An Overlay card placed on the map is listed among the tiles as ``overlay:<id>``, in the
order placed (etherfields "Overlay Cards")."""


def _covered(cat: Catalog, records: list[MapTile], overlay_id: str) -> list[MapTile]:
    """The tiles with the spaces an Overlay covers replaced by its own ("Each Overlay card
    changes the Dreamscape in some way"); a covered space off the revealed tiles is
    skipped."""
    overlay = cat.get("overlay", overlay_id)
    out = list(records)
    for ref, new in zip(overlay.covers, overlay.spaces, strict=False):
        slot, _, index = ref.partition(".")
        for k, tile in enumerate(out):
            if tile.at != slot:
                continue
            spaces = list(tile.spaces)
            for printed in range(1, 5):
                if rotate_index(printed, tile.rotation) == int(index):
                    spaces[printed - 1] = new
            out[k] = tile.model_copy(update={"spaces": tuple(spaces)})
    return out


@functools.lru_cache(maxsize=256)
def _board(path: str, tiles: tuple[str, ...]) -> tuple[Board, dict[str, tuple[MapTile, Space]]]:
    cat = _load(path)
    # a Slumber map tile is a tile of its own kind ("The Slumber Dreamscape Map"); an
    # Overlay card covers spaces of the tiles ("Overlay Cards")
    records = [
        cat.get("tile", t) if cat.has("tile", t) else cat.get("slumber_map", t)
        for t in tiles
        if not t.startswith(OVERLAY)
    ]
    for t in tiles:
        if t.startswith(OVERLAY):
            records = _covered(cat, records, t[len(OVERLAY) :])
    spaces: dict[str, tuple[MapTile, Space]] = {}
    for tile in records:
        for printed, space in enumerate(tile.spaces, start=1):
            spaces[f"{tile.at}.{rotate_index(printed, tile.rotation)}"] = (tile, space)
    return build_map(records).board, spaces


def board(path: str, tiles: tuple[str, ...]) -> Board:
    """The Dreamscape map with these tiles revealed ("The Dreamscape Map")."""
    return _board(path, tiles)[0]


def space_record(path: str, tiles: tuple[str, ...], ref: str) -> tuple[MapTile, Space]:
    """The tile and printed space a map reference names."""
    return _board(path, tiles)[1][ref]


def space_terrain(path: str, tiles: tuple[str, ...], ref: str, tokens: Any = ()) -> set[str]:
    """The terrain of a space: the tile's centre, its edges, the space's own symbols and
    the tokens on it; Light cancels Darkness ("Terrain Symbols and Terrain Tokens")."""
    tile, space = space_record(path, tiles, ref)
    index = int(ref.rsplit(".", 1)[1])
    out: set[str] = set(space.terrain)
    if tile.terrain_centre:
        out.add(tile.terrain_centre)
    for edge in tile.terrain_edges:
        if index in {rotate_index(i, tile.rotation) for i in edge.between}:
            out.add(edge.terrain)
    for at, kind in tokens:
        if kind in TERRAINS and at in (ref, tile.at):
            out.add(kind)
    if "light" in out:
        out.discard("darkness")
    return out
