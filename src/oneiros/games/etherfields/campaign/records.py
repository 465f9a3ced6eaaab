"""The campaign's record kinds (etherfields design §2.2, P4): the Dreamworld map's Locations
and Arrows, the Season cards, and a new campaign's start.

Each names the rulebook section it models: "Dreamworld Map" (Locations joined by big
arrows, free to follow, and shortcuts, each Dreamer Sealing 1), "Season Cards" (a Season
alters rules while traversing the Dreamworld; a Dream's victory or failure turns it),
"Starting the Campaign — Choosing Your Dreamer" and "Game Setup" (what a new campaign holds).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Literal

from pydantic import Field

from ....core.content import Catalog, LocalText, Problem, Record, Ref
from ..records import Ability

LocationId = Annotated[str, Ref("location")]
SeasonId = Annotated[str, Ref("season")]
GateRef = Annotated[str, Ref("gate")]
CardRef = Annotated[str, Ref("influence")]
ItemRef = Annotated[str, Ref("item")]

LocationKind = Literal["awakening", "plain", "keys", "ether", "shop", "gate", "slumber", "fate"]


class Location(Record):
    """A Location of the Dreamworld map ("Dreamworld Map"): its District and the effect
    resolved when the Team marker arrives (``kind`` and its amount)."""

    name: LocalText
    district: str = Field(min_length=1)
    kind: LocationKind = "plain"
    keys: int = Field(default=0, ge=0, le=5)
    """``keys``: the Keys the team gains here ("Dream Gate Tiles": Keys open Gates)."""
    ether: int = Field(default=0, ge=0, le=5)
    """``ether``: the Ether each Dreamer gains here."""
    gate: GateRef | None = None
    """``gate``: the Dream Gate entered here (its District must be this Location's)."""
    text: LocalText | None = None


class Arrow(Record):
    """An arrow between two Locations ("Dreamworld Map"): a big arrow is free to follow; a
    shortcut (``shortcut = true``) makes each Dreamer Seal 1 card."""

    start: LocationId
    end: LocationId
    shortcut: bool = False


class Season(Record):
    """A Season card ("Season Cards"): its polarity, its Dreamworld modifiers and the Dream
    outcomes that turn it active (the hint printed on it)."""

    name: LocalText
    polarity: Literal["neutral", "positive", "negative"]
    text: LocalText
    shortcut_seal: int = Field(default=1, ge=0, le=3)
    """Cards each Dreamer Seals to follow a shortcut under this Season (rulebook: 1)."""
    keys_bonus: int = Field(default=0, ge=-2, le=2)
    """Added to the Keys a Keys Location gives (never below 0)."""
    shop_draw: int = Field(default=3, ge=1, le=5)
    """Influence cards drawn from the Market when buying (rulebook: 3)."""
    after: list[tuple[GateRef, Literal["victory", "defeat"]]] = []
    """The Dream outcomes that make this Season the active one: the card's hints."""


WisdomProcedure = Literal["death", "awakening", "dreamworld_map"]


class Wisdom(Record):
    """A Wisdom card ("Wisdom Cards": "These cards add new rules that change the game or
    offer the Dreamers new possibilities"; "All the Wisdom cards you have gained are always
    considered active"). ``procedure`` names the built-in procedure the card holds the
    steps of: ``death`` ("Distress and Dying": "resolve the Death Wisdom card"),
    ``awakening`` ("Awakening": "See the Awakening Wisdom card for the detailed steps"),
    ``dreamworld_map`` ("Dreamworld Map": "The description of all icons visible on the
    Dreamworld Map can be found on the Dreamworld Map Wisdom card"); ``steps`` are its
    printed steps (for ``dreamworld_map``, one line per Location kind: ``kind: text``);
    ``abilities`` are the new possibilities it offers (``dreamworld``: on the map)."""

    name: LocalText
    procedure: WisdomProcedure | None = None
    steps: list[LocalText] = []
    abilities: list[Ability] = []
    text: LocalText | None = None


class Note(Record):
    """A Note card ("Note Cards": "usually one-use cards which can be used in a specific
    situation ... The instructions on how to use them are found on their back and front
    sides"; "All Note cards gained during the game are kept in the Storage and can be
    used by any Dreamer"). A one-use Note leaves the Storage once used."""

    name: LocalText
    front: LocalText
    back: LocalText
    abilities: list[Ability] = Field(min_length=1)
    one_use: bool = True


class CampaignStart(Record):
    """How a new campaign starts ("Starting the Campaign — Choosing Your Dreamer", "Game
    Setup", "Influence Market & Buying New Influence Cards")."""

    name: LocalText
    first_gate: GateRef
    """The First Dream: played first, ignoring District and Keys ("Dream Gate Tiles")."""
    awakening: LocationId
    """Where the team Awakens and starts on the Dreamworld map ("Dreamworld Map")."""
    season: SeasonId
    """The Season card on top of the Season deck at the start."""
    gates: list[GateRef] = []
    """The Dream Gate tiles available after the First Dream."""
    items: list[ItemRef] = []
    """The team's Items at the start (the first ``ITEM_SLOTS`` active, the rest in Storage)."""
    item_market: list[ItemRef] = []
    """The Item Market at the start (rulebook: empty)."""
    shopping: bool = True
    """Whether the team holds the Shopping card at the start ("Shopping")."""
    vouchers: int = Field(default=4, ge=0, le=8)
    """Copies of the Ether voucher card kept at a save ("Saving Your Game")."""


def card_problems(cat: Catalog) -> Iterator[Problem]:
    """Wisdom and Note cards (``oneiros content check``): one Wisdom card per procedure
    ("Wisdom Cards"); an ability marked ``dreamworld`` is used on the Dreamworld map, so
    its effect must be immediate there ("Playing Cards in the Dreamworld",
    ``campaign.world_cards``); a one-use Note's Dream ability is ``single_use``."""
    from .world_cards import unusable

    kinds = cat.kinds()
    seen: dict[str, str] = {}
    for card in cat.all("wisdom") if "wisdom" in kinds else []:
        if card.procedure is None:
            continue
        if card.procedure in seen:
            file, entry = cat.where("wisdom", card.id)
            yield Problem(
                file,
                f"{entry}.procedure",
                f"the {card.procedure} procedure is already on {seen[card.procedure]!r}",
            )
        seen[card.procedure] = card.id
    for kind in ("wisdom", "note", "influence", "item"):
        if kind not in kinds:
            continue
        for rec in cat.all(kind):
            for k, ability in enumerate(rec.abilities):
                one_use = kind == "note" and rec.one_use
                if one_use and not {"single_use", "dreamworld"} & set(ability.keywords):
                    file, entry = cat.where(kind, rec.id)
                    yield Problem(
                        file,
                        f"{entry}.abilities[{k}]",
                        "a one-use Note's ability in a Dream has the keyword single_use "
                        '(etherfields "Note Cards")',
                    )
                if "dreamworld" not in ability.keywords:
                    continue
                why = unusable(ability)
                if why is not None:
                    file, entry = cat.where(kind, rec.id)
                    yield Problem(
                        file,
                        f"{entry}.abilities[{k}]",
                        f"used on the Dreamworld map, but {why} (etherfields "
                        '"Playing Cards in the Dreamworld")',
                    )


def campaign_problems(cat: Catalog) -> Iterator[Problem]:
    """The campaign's cross-checks (``oneiros content check``): arrows join two different
    Locations, a gate Location's Gate lies in its District, every Location is reachable
    from the Awakening Location, a Keys Location gives Keys and a gate Location names its
    Gate, the start's Awakening is an awakening Location."""
    if not cat.kinds() or "location" not in cat.kinds():
        return
    locations = {loc.id: loc for loc in cat.all("location")}
    if not locations:
        return
    succ: dict[str, set[str]] = {k: set() for k in locations}
    for arrow in cat.all("arrow"):
        file, entry = cat.where("arrow", arrow.id)
        if arrow.start == arrow.end:
            yield Problem(file, entry, f"the arrow joins {arrow.start!r} to itself")
        if arrow.start in succ:
            succ[arrow.start].add(arrow.end)
    for loc in locations.values():
        file, entry = cat.where("location", loc.id)
        if loc.kind == "gate":
            if loc.gate is None:
                yield Problem(file, f"{entry}.gate", "a gate Location names its Dream Gate")
            elif cat.known("gate", loc.gate):
                district = cat.get("gate", loc.gate).district
                if district != loc.district:
                    yield Problem(
                        file,
                        f"{entry}.gate",
                        f"the Gate {loc.gate} lies in District {district!r}, not "
                        f'{loc.district!r} (etherfields "Dream Gate Tiles")',
                    )
        if loc.kind == "keys" and loc.keys == 0:
            yield Problem(file, f"{entry}.keys", "a Keys Location gives at least 1 Key")
        if not succ.get(loc.id):
            yield Problem(file, entry, "no arrow leaves this Location", "warning")
    for start in cat.all("campaign"):
        file, entry = cat.where("campaign", start.id)
        if start.awakening in locations and locations[start.awakening].kind != "awakening":
            yield Problem(file, f"{entry}.awakening", "the Awakening Location has kind awakening")
        seen = {start.awakening}
        todo = [start.awakening]
        while todo:
            for nxt in succ.get(todo.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        for loc in locations.values():
            if loc.id not in seen:
                file2, entry2 = cat.where("location", loc.id)
                yield Problem(
                    file2, entry2, "cannot be reached from the Awakening Location", "warning"
                )


__all__ = [
    "Arrow",
    "CampaignStart",
    "Location",
    "LocationKind",
    "Note",
    "Season",
    "Wisdom",
    "WisdomProcedure",
    "campaign_problems",
    "card_problems",
]
