"""Record kinds of Slumbers (etherfields design §2.2, P3): Slumber tiles, Slumber map tiles
with their Quirk spaces, and Fate cards with their Quirks (their effects and their map
actions); the ops ``add_slumber``, ``remove_slumber`` and ``unlock_deliverance``.

Registered by ``pack.py`` (which file holds which kind); what the ops do in play is in
``steps/slumber.py``, ``steps/fate.py`` and ``steps/delta.py``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from ...core.content import LocalText, Record, Ref
from ...core.effects import Args, Effect, NoArgs
from .language import LANGUAGE
from .records import Ability, MapTile, Part

EntityId = Annotated[str, Ref("entity")]


class SlumberCode(Args):
    code: Annotated[str, Ref("slumber")]


LANGUAGE.register(
    "add_slumber",
    "effect",
    SlumberCode,
    'Add a Slumber tile to the bottom of the Slumber deck ("Slumbers").',
)
LANGUAGE.register(
    "remove_slumber",
    "effect",
    NoArgs,
    "Remove the current Slumber tile from the game: it does not go back to the Slumber "
    'deck ("Slumber Entity Tiles": Deliverance).',
)
LANGUAGE.register(
    "unlock_deliverance",
    "effect",
    NoArgs,
    'Unlock Deliverance for the rest of the campaign ("Slumber Entity Tiles").',
)


class SlumberMapTile(MapTile):
    """A Slumber Dreamscape map tile ("The Slumber Dreamscape Map"): one of the 2 Setup
    tiles, or one placed by a Fate card; ``quirk_slots`` are its Quirk spaces (printed
    space numbers, "Fate Cards")."""

    setup: bool = False
    quirk_slots: list[Literal[1, 2, 3, 4]] = []


class Quirk(Part):
    """The Quirk of a Fate card lying in a Quirk space ("Fate Cards": Quirks "create
    opportunities for certain spaces on the Map or negative/positive effects for the whole
    Dreamscape"): at the start of each Slumber Turn its ``effects`` resolve, for each
    Dreamer on its space (``space``) or once for the whole Dreamscape (``dreamscape``, the
    First Player acting); its ``actions`` are map actions of its space ("Map Actions"),
    offered to a Dreamer standing there (``use:map:<space>:<id>``)."""

    scope: Literal["space", "dreamscape"]
    effects: Effect | None = None
    actions: list[Ability] = []
    text: LocalText

    @model_validator(mode="after")
    def _something(self) -> Quirk:
        if self.effects is None and not self.actions:
            raise ValueError("a Quirk needs its effects, its map actions, or both")
        if self.actions and self.scope != "space":
            raise ValueError("map actions belong to a Quirk of a space (scope = 'space')")
        return self


class FateCard(Record):
    """A Fate card ("Fate Cards"): its effects, whether it draws and places a Slumber map
    tile, and its Quirk."""

    name: LocalText
    text: LocalText
    effects: Effect | None = None
    place_tile: bool = False
    quirk: Quirk | None = None


class SlumberTile(Record):
    """A tile of the Slumber deck ("Slumbers"): a Slumber Entity tile ("Slumber Entity
    Tiles": Setup with its Turns, Out of Turns / Skip, Deliverance), an instruction tile
    (its ``effects``), or the green Delta Phase tile ("Delta Phase")."""

    name: LocalText
    kind: Literal["entity", "instruction", "delta"]
    text: LocalText
    entity: EntityId | None = None
    turns: int = Field(default=0, ge=0, le=12)
    setup: Effect | None = None
    effects: Effect | None = None
    out_of_turns: Effect | None = None
    """The Out of Turns / Skip effect; None: the Slumber cannot be skipped."""
    skip_before_setup: bool = False
    """The Out of Turns effect uses nothing placed at set-up: Skip before it starts."""
    deliverance: Effect | None = None
    """The tile's Deliverance ("Slumber Entity Tiles"; "A Brief Strategy Guide": it lets
    the Dreamers "remove or alter certain Slumbers"): once the team has unlocked
    Deliverance, offered at the start of each Turn of this Slumber in the place of playing
    on; it resolves and the Slumber ends (``steps/slumber.py`` ``deliver``)."""
    deliverance_text: LocalText | None = None
    """What the Deliverance section says (the choice and its event quote it)."""
    in_deck: bool = True
    """In the Slumber deck at the start of a journey (else added by a card: ``add_slumber``)."""

    @model_validator(mode="after")
    def _shape(self) -> SlumberTile:
        if self.kind == "entity" and (self.entity is None or self.turns < 1):
            raise ValueError("a Slumber Entity tile needs its entity and at least 1 Turn")
        if self.kind == "instruction" and self.effects is None:
            raise ValueError("an instruction tile needs its effects")
        if self.skip_before_setup and self.out_of_turns is None:
            raise ValueError("skip_before_setup needs an out_of_turns effect")
        if self.deliverance is not None and self.kind != "entity":
            raise ValueError("Deliverance is printed on Slumber Entity tiles only")
        return self


__all__ = ["FateCard", "Quirk", "SlumberMapTile", "SlumberTile"]
