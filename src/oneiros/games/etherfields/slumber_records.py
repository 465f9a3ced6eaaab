"""Record kinds of Slumbers (etherfields design §2.2, P3): Slumber tiles, Slumber map tiles
with their Quirk spaces, and Fate cards with their Quirks; the ``add_slumber`` op.

Registered by ``pack.py`` (which file holds which kind); what the ops do in play is in
``steps/slumber.py``, ``steps/fate.py`` and ``steps/delta.py``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from ...core.content import LocalText, Record, Ref
from ...core.effects import Args, Effect
from .language import LANGUAGE
from .records import MapTile, Part

EntityId = Annotated[str, Ref("entity")]


class SlumberCode(Args):
    code: Annotated[str, Ref("slumber")]


LANGUAGE.register(
    "add_slumber",
    "effect",
    SlumberCode,
    'Add a Slumber tile to the bottom of the Slumber deck ("Slumbers").',
)


class SlumberMapTile(MapTile):
    """A Slumber Dreamscape map tile ("The Slumber Dreamscape Map"): one of the 2 Setup
    tiles, or one placed by a Fate card; ``quirk_slots`` are its Quirk spaces (printed
    space numbers, "Fate Cards")."""

    setup: bool = False
    quirk_slots: list[Literal[1, 2, 3, 4]] = []


class Quirk(Part):
    """The Quirk of a Fate card lying in a Quirk space ("Fate Cards"): at the start of each
    Slumber Turn its effect resolves, for each Dreamer on its space (``space``) or once
    for the whole Dreamscape (``dreamscape``, the First Player acting)."""

    scope: Literal["space", "dreamscape"]
    effects: Effect
    text: LocalText


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
    """A later mechanic of the campaign ("Slumber Entity Tiles"): kept, never resolved."""
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
        return self


__all__ = ["FateCard", "Quirk", "SlumberMapTile", "SlumberTile"]
