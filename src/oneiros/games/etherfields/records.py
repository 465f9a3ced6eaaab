"""Etherfields record kinds (etherfields design §2.2), registered with the core catalog.

``pack.py`` declares which file of a pack holds which kind, and the checks on top of the
core's. Every field typed ``Effect``, ``Cost``, ``Condition`` is a string of
the effect language (``language.py``), checked on load; every ``Ref`` must name a record of
the pack. This module holds the records needed to play one Dream (part 1).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ...core.content import LocalText, Record, Ref
from ...core.effects import Condition, Cost, Effect, Expr, Node, Selector
from .language import LANGUAGE, Colour, Suit, Terrain, TurnStep

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


StateKind = Literal["dazed", "stunned", "paralyzed", "poisoned"]


class StateToken(Record):
    """A two-sided State token ("State Tokens": "tokens share different States on the
    opposite sides"): its two States."""

    sides: tuple[StateKind, StateKind]


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


class Mask(Record):
    """A Mask ("Masks"): worn by its owner, its ability "may be used at any time"."""

    name: LocalText
    owner: DreamerId | None = None
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
    miniature_name: LocalText | None = None
    """One miniature's name, numbered when there are several copies ("Rust Moth 1"); by
    default the Entity's name."""
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
    holds_kind: Literal["tile", "entity", "item", "influence", "note", "mask", "overlay", "wisdom"]


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


def script_ident(raw: Any) -> str | None:
    """The id of a raw script entry (``<dream>/<n>``), even one that fails to validate."""
    if isinstance(raw, dict) and "dream" in raw and "n" in raw:
        return str(raw.get("id") or f"{raw['dream']}/{raw['n']}")
    return None


__all__ = [
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
    "script_ident",
]
