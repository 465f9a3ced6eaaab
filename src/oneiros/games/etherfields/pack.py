"""The Etherfields pack format: which file holds which record kind, and the checks
``oneiros content check etherfields`` runs on top of the core's (etherfields design §2.4).

Errors: a starting deck of the wrong size, a ``script(n)`` or ``reveal(code)`` outside its
Dream, a Secret holding nothing, a tile off the map. Warnings (errors with ``--strict``): a
flag set but never read or read but never set, a script nothing reads, a space the
Dreamers cannot reach from the Entrance, a free repeatable ability without a limit, a wall
printed on one side of a shared edge only.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator
from pathlib import Path
from types import MappingProxyType

from pydantic import BaseModel

from ...core.board import BoardError, TileMap, TileSpace
from ...core.content import Catalog, Kind, PackFormat, Problem, Record, nodes
from .campaign.records import (
    Arrow,
    CampaignStart,
    Location,
    Note,
    Season,
    Wisdom,
    campaign_problems,
    card_problems,
)
from .language import LANGUAGE
from .records import (
    Ability,
    BasicActionsCard,
    Die,
    DreamerBoard,
    DreamGate,
    EntityTile,
    InfluenceCard,
    Item,
    MapTile,
    Mask,
    Morphing,
    Pool,
    Script,
    SecretCard,
    Space,
    StateToken,
    TurnCard,
    script_ident,
)
from .records_more import Companion, Flaw, Overlay
from .slumber_records import FateCard, SlumberMapTile, SlumberTile

DEFAULT_PACK = Path(__file__).parent / "data" / "original"
ENV_VAR = "ONEIROS_ETHERFIELDS_CONTENT"
MAP_COLUMNS, MAP_ROWS = 3, 2
"""The Dreamscape map area: slots A1..C2 (etherfields "The Dreamscape Map")."""


PACK = PackFormat(
    "etherfields",
    kinds=(
        Kind("pool", Pool, "components.toml", "pools", required=True),
        Kind("die", Die, "components.toml", "dice", required=True),
        Kind("morphing", Morphing, "components.toml", "morphings", required=True),
        Kind("state", StateToken, "components.toml", "states"),
        Kind("dreamer", DreamerBoard, "dreamers.toml", "dreamers", required=True),
        Kind("basic", BasicActionsCard, "dreamers.toml", "basic_actions", required=True),
        Kind("influence", InfluenceCard, "influence*.toml", "cards", required=True),
        Kind("item", Item, "items.toml", "items"),
        Kind("mask", Mask, "masks.toml", "masks"),
        Kind("flaw", Flaw, "flaws.toml", "flaws"),
        Kind("companion", Companion, "companions.toml", "companions"),
        Kind("turn", TurnCard, "turns.toml", "turns", required=True),
        Kind("gate", DreamGate, "dreams/*.toml", "gates"),
        Kind("tile", MapTile, "dreams/*.toml", "tiles"),
        Kind("entity", EntityTile, "*/*.toml", "entities"),  # dreams/ and slumbers/
        Kind("secret", SecretCard, "dreams/*.toml", "secrets"),
        Kind("script", Script, "dreams/*.toml", "scripts", ident=script_ident),
        Kind("overlay", Overlay, "dreams/*.toml", "overlays"),
        # part 3: Slumbers, their map and Entities, Fate cards (design §2.2)
        Kind("slumber", SlumberTile, "slumbers/*.toml", "slumbers"),
        Kind("slumber_map", SlumberMapTile, "slumbers/*.toml", "map_tiles"),
        Kind("fate", FateCard, "fate.toml", "fates"),
        # the campaign (part 4): the Dreamworld map, Seasons, a new campaign's start
        Kind("location", Location, "campaign/*.toml", "locations"),
        Kind("arrow", Arrow, "campaign/*.toml", "arrows"),
        Kind("season", Season, "campaign/*.toml", "seasons"),
        Kind("campaign", CampaignStart, "campaign/*.toml", "campaign"),
        Kind("wisdom", Wisdom, "wisdom.toml", "wisdom"),
        Kind("note", Note, "notes.toml", "notes"),
    ),
    default=DEFAULT_PACK,
    language=LANGUAGE,
)

PACK.check_with(campaign_problems)
PACK.check_with(card_problems)


@PACK.check_with
def _triggers(cat: Catalog) -> Iterator[Problem]:
    """Trigger abilities no rule of play fires are errors (``steps/triggers.py``)."""
    from .steps.triggers import trigger_problems

    yield from trigger_problems(cat)


STARTING_DECK = 22
"""etherfields "Starting the Campaign — Choosing Your Dreamer": a starting deck holds 22 cards."""


@PACK.check_with
def _starting_decks(cat: Catalog) -> Iterator[Problem]:
    for dreamer in cat.all("dreamer"):
        total = sum(dreamer.starting_deck.values())
        if total != STARTING_DECK:
            file, entry = cat.where("dreamer", dreamer.id)
            yield Problem(
                file,
                f"{entry}.starting_deck",
                f"{total} cards, a starting deck has {STARTING_DECK} (etherfields "
                '"Starting the Campaign — Choosing Your Dreamer")',
            )


@PACK.check_with
def _dream_references(cat: Catalog) -> Iterator[Problem]:
    """``script(n)`` and ``reveal(code)`` resolve within the Dream of the same file."""
    by_file: dict[str, dict[str, list[Record]]] = defaultdict(lambda: defaultdict(list))
    for loc in cat.located():
        by_file[loc.file][loc.kind].append(loc.record)  # type: ignore[arg-type]
    for file, kinds in by_file.items():
        gates = [g.id for g in kinds.get("gate", [])]
        scripts = {s.n for s in kinds.get("script", [])}  # type: ignore[attr-defined]
        scripts |= {
            int(i.rpartition("/")[2])
            for g in gates
            for i in cat.failed("script")
            if i.startswith(f"{g}/") and i.rpartition("/")[2].isdigit()
        }
        codes = {s.id for s in kinds.get("secret", [])}
        for loc in cat.located():
            if loc.file != file:
                continue
            for path, node in nodes(loc.record):
                if node.op == "script" and gates:
                    n = node.args.n  # type: ignore[attr-defined]
                    if n not in scripts:
                        yield Problem(
                            file,
                            f"{loc.entry}.{path}",
                            f"script({n}) names no script of this Dream ({_span(scripts)})",
                        )
                elif node.op == "reveal":
                    code = node.args.code  # type: ignore[attr-defined]
                    if code not in codes:
                        yield Problem(
                            file,
                            f"{loc.entry}.{path}",
                            f"reveal({code!r}) names no Secret card of this Dream ({', '.join(sorted(codes)) or 'none'})",
                        )
        for gate in kinds.get("gate", []):
            entry = cat.where("gate", gate.id)[1]
            for field_name in ("intro", "out_of_turns"):
                n = getattr(gate, field_name)
                if n not in scripts:
                    yield Problem(
                        file,
                        f"{entry}.{field_name}",
                        f"script {n} is not in this Dream ({_span(scripts)})",
                    )


def _span(numbers: set[int]) -> str:
    return f"scripts {min(numbers)}..{max(numbers)}" if numbers else "no scripts"


@PACK.check_with
def _secrets_hold_records(cat: Catalog) -> Iterator[Problem]:
    for secret in cat.all("secret"):
        if secret.holds_kind in cat.kinds() and not cat.known(secret.holds_kind, secret.holds):
            file, entry = cat.where("secret", secret.id)
            yield Problem(file, f"{entry}.holds", f"{secret.holds!r} names no {secret.holds_kind}")


def build_map(tiles: Iterable[MapTile]) -> TileMap:
    """The Dreamscape map with these tiles laid on their slots ("The Dreamscape Map")."""
    out = TileMap(MAP_COLUMNS, MAP_ROWS)
    for tile in tiles:
        out.place(tile.id, tile.at, [tile_space(s) for s in tile.spaces], tile.rotation)
    return out


@PACK.check_with
def _maps(cat: Catalog) -> Iterator[Problem]:
    """Every tile lays on its Dream's map (one map per file); walls printed on one side of a
    shared edge are warned."""
    maps: dict[str, TileMap] = defaultdict(lambda: TileMap(MAP_COLUMNS, MAP_ROWS))
    for tile in cat.all("tile"):
        file, entry = cat.where("tile", tile.id)
        try:
            maps[file].place(tile.id, tile.at, [tile_space(s) for s in tile.spaces], tile.rotation)
        except BoardError as exc:
            yield Problem(file, entry, str(exc))
    for tiles in maps.values():
        for ident, side in tiles.one_sided_walls():
            tile_id = tiles.board.spaces[ident]["tile"]
            file, entry = cat.where("tile", tile_id)
            yield Problem(file, entry, f"space {ident}: wall on its {side} side only", "warning")


def tile_space(space: Space) -> TileSpace:
    """A record's space as the board sees it (walls and the attributes movement needs)."""
    return TileSpace(
        frozenset(space.walls),
        MappingProxyType(
            {"blocked": space.blocked, "terrain": space.terrain, "spawn": space.spawn}
        ),
    )


# -- consistency and reachability: warnings ----------------------------------------------------

ENGINE_FLAGS = frozenset({"full_vocabulary"})
"""Flags the engine sets, never a script: ``full_vocabulary`` once every op a Dream uses is
supported (its branches stay closed until then; etherfields design §5.1)."""


def _by_file(cat: Catalog) -> dict[str, list[tuple[str, str, Record]]]:
    out: dict[str, list[tuple[str, str, Record]]] = defaultdict(list)
    for loc in cat.located():
        out[loc.file].append((loc.kind, loc.entry, loc.record))  # type: ignore[arg-type]
    return out


def _warn(file: str, entry: str, problem: str) -> Problem:
    return Problem(file, entry, problem, "warning")


@PACK.check_with
def _flags_and_scripts(cat: Catalog) -> Iterator[Problem]:
    """Per Dream: a flag set and never read, read and never set; a script nothing reads."""
    for file, records in _by_file(cat).items():
        gates = [r for k, _, r in records if k == "gate"]
        if not gates:
            continue
        set_at: dict[str, str] = {}
        read_at: dict[str, str] = {}
        called: set[int] = set()
        for gate in gates:
            called |= {gate.intro, gate.out_of_turns}  # type: ignore[attr-defined]
        for _kind, entry, record in records:
            for path, node in nodes(record):
                args = node.args
                if node.op in ("set_flag", "clear_flag"):
                    set_at.setdefault(args.name, f"{entry}.{path}")  # type: ignore[attr-defined]
                elif node.op == "flag":
                    read_at.setdefault(args.name, f"{entry}.{path}")  # type: ignore[attr-defined]
                elif node.op == "script":
                    called.add(args.n)  # type: ignore[attr-defined]
        for name, where in sorted(set_at.items()):
            if name not in read_at:
                yield _warn(file, where, f"flag {name!r} is set but never read")
        for name, where in sorted(read_at.items()):
            if name not in set_at and name not in ENGINE_FLAGS:
                yield _warn(file, where, f"flag {name!r} is read but never set")
        for kind, entry, record in records:
            if kind == "script" and record.n not in called:  # type: ignore[attr-defined]
                yield _warn(file, entry, f"script {record.n} is read by nothing")  # type: ignore[attr-defined]


@PACK.check_with
def _reachable_spaces(cat: Catalog) -> Iterator[Problem]:
    """Every open space of a Dream's full map can be reached from the Dreamer's Entrance."""
    for file, records in _by_file(cat).items():
        tiles: list[MapTile] = [r for k, _, r in records if k == "tile"]  # type: ignore[misc]
        entrances = [(t, t.entrance) for t in tiles if t.entrance is not None]
        if not tiles or not entrances:
            continue
        try:
            board = build_map(tiles).board
        except BoardError:
            continue  # reported by _maps
        tile, pair = entrances[0]
        start = f"{tile.at}.{pair[0]}"
        reach = board.within(start, None)
        for ident in board.spaces:
            if ident not in reach and not board.is_blocked(ident):
                space_tile = board.spaces[ident]["tile"]
                entry = cat.where("tile", space_tile)[1]
                yield _warn(file, entry, f"space {ident} cannot be reached from the Entrance")


@PACK.check_with
def _limits(cat: Catalog) -> Iterator[Problem]:
    """A free repeatable action needs a limit (etherfields design §6, "Engine limits")."""
    for loc in cat.located():
        for path, ability in _abilities(loc.record, ""):
            free = ability.cost.op == "free"
            single = "single_use" in ability.keywords
            if ability.kind == "action" and free and not single and ability.limit is None:
                yield _warn(loc.file, f"{loc.entry}.{path}", "free and repeatable, with no limit")


def _abilities(value: object, path: str) -> Iterator[tuple[str, Ability]]:
    if isinstance(value, Ability):
        yield path, value
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from _abilities(getattr(value, name), f"{path}.{name}" if path else name)
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            yield from _abilities(item, f"{path}[{i}]")


MODIFIED_STATS = frozenset({"hand_limit", "progress_limit", "draw_bonus", "item_slots"})
"""The statistics a ``modify`` passive changes in play (``steps/progress.py`` ``modifier``)."""


@PACK.check_with
def _modified_stats(cat: Catalog) -> Iterator[Problem]:
    """A passive that modifies a statistic no rule reads yet: a warning, never a silent
    no-op."""
    for loc in cat.located():
        for path, node in nodes(loc.record):
            stat = getattr(node.args, "stat", None) if node.op == "modify" else None
            if stat is not None and stat not in MODIFIED_STATS:
                yield _warn(
                    loc.file, f"{loc.entry}.{path}", f"modify({stat!r}) is not supported yet"
                )


@PACK.check_with
def _slumber_map(cat: Catalog) -> Iterator[Problem]:
    """The Slumber map ("The Slumber Dreamscape Map"): 2 Setup tiles, every tile lays on
    the map with the others; a journey needs exactly one Delta Phase tile ("Delta Phase")."""
    tiles = list(cat.all("slumber_map")) if "slumber_map" in cat.kinds() else []
    slumbers = list(cat.all("slumber")) if "slumber" in cat.kinds() else []
    if not tiles and not slumbers:
        return
    setup = [t for t in tiles if t.setup]
    if len(setup) != 2:
        yield Problem(
            "slumbers",
            "(pack)",
            f'{len(setup)} Setup Slumber map tiles, the map starts from 2 (etherfields "The Slumber Dreamscape Map")',
        )
    grid = TileMap(MAP_COLUMNS, MAP_ROWS)
    for tile in tiles:
        file, entry = cat.where("slumber_map", tile.id)
        try:
            grid.place(tile.id, tile.at, [tile_space(s) for s in tile.spaces], tile.rotation)
        except BoardError as exc:
            yield Problem(file, entry, str(exc))
    deltas = [s for s in slumbers if s.kind == "delta"]
    if slumbers and len(deltas) != 1:
        yield Problem(
            "slumbers",
            "(pack)",
            f'{len(deltas)} Delta Phase tiles, the Slumber deck has 1 (etherfields "Delta Phase")',
        )


PRINTED_COUNTS = {"Turn cards": 12, "Morphing tokens": 12, "starting Items": 5}
"""Counts every pack is held to: the game's components (etherfields "Components", design
§2.4) for a transcription, and the original pack's own design (§5) for the shipped one."""


@PACK.check_with
def _counts(cat: Catalog) -> Iterator[Problem]:
    """A pack short of (or over) the component counts: a warning (a transcription in
    progress is still usable)."""
    found = {
        "Turn cards": len(cat.all("turn")),
        "Morphing tokens": sum(m.count for m in cat.all("morphing")),
        "starting Items": sum(1 for i in cat.all("item") if i.starting),
    }
    files = {
        "Turn cards": "turns.toml",
        "Morphing tokens": "components.toml",
        "starting Items": "items.toml",
    }
    for what, expected in PRINTED_COUNTS.items():
        if found[what] != expected and (what != "starting Items" or cat.all("item")):
            yield _warn(
                files[what],
                "(pack)",
                f'{found[what]} {what}, the game has {expected} (etherfields "Components")',
            )


__all__ = [
    "DEFAULT_PACK",
    "ENGINE_FLAGS",
    "ENV_VAR",
    "PACK",
    "PRINTED_COUNTS",
    "build_map",
    "tile_space",
]
