"""Etherfields record kinds (etherfields design §2.2), registered with the core catalog.

A pack is a directory (``data/original/`` ships with the game); ``PACK`` declares which
file holds which kind. Every field typed ``Effect``, ``Cost``, ``Condition`` is a string of
the effect language (``language.py``), checked on load; every ``Ref`` must name a record of
the pack. This module holds the records needed to play one Dream (part 1) and the checks
``oneiros content check etherfields`` runs on top of the core's.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ...core.board import BoardError, TileMap, TileSpace
from ...core.content import Catalog, Kind, LocalText, PackFormat, Problem, Record, Ref, nodes
from ...core.effects import Condition, Cost, Effect, Expr, Node, Selector
from .language import LANGUAGE, Colour, Suit, Terrain, TurnStep

DEFAULT_PACK = Path(__file__).parent / "data" / "original"
ENV_VAR = "ONEIROS_ETHERFIELDS_CONTENT"
MAP_COLUMNS, MAP_ROWS = 3, 2
"""The Dreamscape map area: slots A1..C2 (etherfields "The Dreamscape Map")."""

DreamerId = Annotated[str, Ref("dreamer")]
CardId = Annotated[str, Ref("influence")]
EntityId = Annotated[str, Ref("entity")]
GateId = Annotated[str, Ref("gate")]
TileId = Annotated[str, Ref("tile")]
Slot = Annotated[str, Field(pattern=r"^[A-C][1-2]$")]
Trigger = Annotated[Node, Expr("trigger")]
Modifier = Annotated[Node, Expr("modifier")]


# -- shared parts -------------------------------------------------------------------------------


class Part(BaseModel):
    """A part of a record (an Intent icon, a space of a tile): frozen, no unknown field."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Ability(Part):
    """A printed action or effect, wherever it is printed ("Dreamers Actions")."""

    id: str = Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
    kind: Literal["action", "rapid", "passive", "trigger", "anytime"] = "action"
    cost: Cost = Field(default_factory=lambda: LANGUAGE.parse("free", "cost"))
    keywords: frozenset[Literal["assault", "contact", "single_use", "dreamworld"]] = frozenset()
    range: int | Literal["any", "anywhere"] | None = None
    requires: Condition | None = None
    limit: (
        Literal["once_per_turn", "once_per_phase", "once_per_dream", "once_per_journey"] | None
    ) = None
    on: Trigger | None = None
    effects: Effect = Field(default_factory=lambda: LANGUAGE.parse("done"))
    modifiers: list[Modifier] = []
    text: LocalText
    hint: dict[str, int | str] | None = None


class IntentValue(Part):
    """One Intent icon: a colour and a value ("Influence Cards")."""

    colour: Colour
    value: int = Field(ge=1, le=6)


# -- components ------------------------------------------------------------------------------------


class Pool(Record):
    """A supply of tokens with its size ("Component Limitations"): Distress 16, Ether, ..."""

    name: LocalText
    size: int = Field(ge=0, le=200)


class Die(Record):
    """A die's six faces ("Luck Die", "Entity Movement")."""

    faces: tuple[str, str, str, str, str, str]


class Morphing(Record):
    """A Morphing token kind and how many the pool holds ("Morphings")."""

    name: LocalText
    count: int = Field(ge=0, le=12)
    text: LocalText


# -- Dreamers and cards ---------------------------------------------------------------------------


class DreamerBoard(Record):
    """A Dreamer: limits and starting deck ("Starting the Campaign — Choosing Your Dreamer")."""

    name: LocalText
    hand_limit: int = Field(default=6, ge=1, le=10)
    progress_limit: int = Field(default=4, ge=0, le=8)
    starting_deck: dict[CardId, int]
    back_action: Ability | None = None
    text: LocalText | None = None


class BasicActionsCard(Record):
    """The Basic Actions card: Move, Effort, Peek, Gems, Remove Morphings ("Basic Actions Card")."""

    name: LocalText
    abilities: list[Ability] = Field(min_length=1)


class InfluenceCard(Record):
    """An Influence card ("Influence Cards")."""

    name: LocalText
    copies: int = Field(default=1, ge=1, le=10)
    owner: DreamerId | None = None
    back: Literal["starting", "plain", "secret"] = "starting"
    intent: list[IntentValue] = Field(min_length=1)
    ether_cost: int | None = Field(default=None, ge=0)
    type: Literal["normal", "progress"] = "normal"
    placement_cost: Cost | None = None
    abilities: list[Ability] = []
    text: LocalText | None = None


class Item(Record):
    """An Item card ("Items")."""

    name: LocalText
    intent: list[IntentValue] = []
    abilities: list[Ability] = []
    discard_to: Literal["storage", "market"] = "storage"
    starting: bool = False
    unlocks_slot: bool = False


class LootOption(Part):
    scope: Literal["team", "each"] = "team"
    effects: Effect


class TurnCard(Record):
    """A Turn card: suit, steps top to bottom, Loot ("Turn Cards")."""

    suit: Suit
    steps: list[TurnStep] = Field(min_length=1, max_length=5)
    loot: list[LootOption] = []


# -- the Dreamscape ----------------------------------------------------------------------------


class Space(Part):
    """One of a map tile's four spaces (1 NW, 2 NE, 3 SW, 4 SE): full walls only ("Walls")."""

    walls: frozenset[Literal["n", "e", "s", "w"]] = frozenset()
    blocked: bool = False
    stairs: bool = False
    special: bool = False
    terrain: frozenset[Terrain] = frozenset()
    spawn: bool | Suit = False
    trap: Effect | None = None
    gem_slot: Ability | None = None
    draw_bonus: int = Field(default=0, ge=0, le=3)
    actions: list[Ability] = []
    name: LocalText | None = None


class TerrainEdge(Part):
    between: tuple[int, int]
    terrain: Terrain

    @model_validator(mode="after")
    def _adjacent(self) -> TerrainEdge:
        a, b = sorted(self.between)
        if (a, b) not in ((1, 2), (3, 4), (1, 3), (2, 4)):
            raise ValueError(f"spaces {a} and {b} share no edge (1 NW, 2 NE, 3 SW, 4 SE)")
        return self


class MapTile(Record):
    """A Dreamscape map tile ("The Dreamscape Map"); ``at`` is its slot (A1..C2)."""

    name: LocalText
    at: Slot
    rotation: Literal[0, 90, 180, 270] = 0
    spaces: tuple[Space, Space, Space, Space]
    terrain_centre: Terrain | None = None
    terrain_edges: list[TerrainEdge] = []
    entrance: tuple[int, int] | None = None
    flying: list[Ability] = []


class EntityEffects(Part):
    morphing: Effect | None = None
    basic: Effect | None = None
    special: Effect | None = None


class EntityTile(Record):
    """An Entity tile ("Entity Tiles"): movement, effects per Turn step, interactions."""

    name: LocalText
    big: bool = False
    miniature: Literal["unique", "human_shapeshifter", "creature_shapeshifter", "token"]
    copies: int = Field(default=1, ge=1, le=8)
    movement: int = Field(ge=0, le=6)
    movement_special: Effect | None = None
    moves_toward: Selector = Field(default_factory=lambda: LANGUAGE.parse("each", "selector"))
    setup: Effect | None = None
    interactions: list[Ability] = []
    effects: EntityEffects


class DreamGate(Record):
    """A Dream Gate tile, both sides ("Dream Gate Tiles")."""

    name: LocalText
    district: str
    keys: int = Field(ge=0)
    turns: int = Field(ge=1, le=12)
    setup: Effect
    intro: int = Field(ge=1)
    goal: LocalText
    flying: list[Ability] = []
    out_of_turns: int = Field(ge=1)


class SecretCard(Record):
    """An unrevealed Secret card or tile: its code, back class and what it holds ("Reveal")."""

    back: Literal["influence", "item", "flaw", "fate", "slumber", "plain", "tile"]
    holds: str
    holds_kind: Literal["tile", "entity", "item", "influence", "note", "mask", "overlay"]


class Script(Record):
    """A Secret script of a Dream ("Secret Scripts"); its id is ``<gate>/<n>``."""

    dream: GateId
    n: int = Field(ge=1)
    text: LocalText
    effects: Effect | None = None

    @model_validator(mode="before")
    @classmethod
    def _ident(cls, data: Any) -> Any:
        if isinstance(data, dict) and "id" not in data:
            return {**data, "id": f"{data.get('dream')}/{data.get('n')}"}
        return data


def _script_ident(raw: Any) -> str | None:
    if isinstance(raw, dict) and "dream" in raw and "n" in raw:
        return str(raw.get("id") or f"{raw['dream']}/{raw['n']}")
    return None


PACK = PackFormat(
    "etherfields",
    kinds=(
        Kind("pool", Pool, "components.toml", "pools", required=True),
        Kind("die", Die, "components.toml", "dice", required=True),
        Kind("morphing", Morphing, "components.toml", "morphings", required=True),
        Kind("dreamer", DreamerBoard, "dreamers.toml", "dreamers", required=True),
        Kind("basic", BasicActionsCard, "dreamers.toml", "basic_actions", required=True),
        Kind("influence", InfluenceCard, "influence.toml", "cards", required=True),
        Kind("item", Item, "items.toml", "items"),
        Kind("turn", TurnCard, "turns.toml", "turns", required=True),
        Kind("gate", DreamGate, "dreams/*.toml", "gates"),
        Kind("tile", MapTile, "dreams/*.toml", "tiles"),
        Kind("entity", EntityTile, "dreams/*.toml", "entities"),
        Kind("secret", SecretCard, "dreams/*.toml", "secrets"),
        Kind("script", Script, "dreams/*.toml", "scripts", ident=_script_ident),
    ),
    default=DEFAULT_PACK,
    language=LANGUAGE,
)

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
    """Every tile lays on the map; walls printed on one side of a shared edge are warned."""
    tiles = TileMap(MAP_COLUMNS, MAP_ROWS)
    for tile in cat.all("tile"):
        file, entry = cat.where("tile", tile.id)
        try:
            tiles.place(tile.id, tile.at, [tile_space(s) for s in tile.spaces], tile.rotation)
        except BoardError as exc:
            yield Problem(file, entry, str(exc))
    for ident, side in tiles.one_sided_walls():
        tile_id = tiles.board.spaces[ident]["tile"]
        file, entry = cat.where("tile", tile_id)
        yield Problem(file, entry, f"space {ident}: wall on its {side} side only", "warning")


def tile_space(space: Space) -> TileSpace:
    """A record's space as the board sees it (walls and the attributes movement needs)."""
    from types import MappingProxyType

    return TileSpace(
        frozenset(space.walls),
        MappingProxyType(
            {"blocked": space.blocked, "terrain": space.terrain, "spawn": space.spawn}
        ),
    )


__all__ = [
    "DEFAULT_PACK",
    "PACK",
    "Ability",
    "BasicActionsCard",
    "Die",
    "DreamGate",
    "DreamerBoard",
    "EntityTile",
    "InfluenceCard",
    "Item",
    "MapTile",
    "Morphing",
    "Pool",
    "Script",
    "SecretCard",
    "Space",
    "TurnCard",
    "build_map",
    "tile_space",
]
