"""The effect language of Lucidity's cards (``core.effects``): what a Nightmare card's
ability (lucidity-en "Activating Nightmare Abilities") and a Manifestation (de-lux
"Manifestations Expansion") do, written as data in the content file and checked when it
loads.

A card's effect is one node, in the object form (``{"op": "send_minion", "draw": 2}``,
the shape the content file has always had) or the authoring form (``"send_minion(draw=2)"``);
the core composites combine them (``[cleanse(row="hunt"), shield()]`` is a sequence,
``repeat(2, harvest())``, ``when(...)``, ``choose(...)``). The ops:

===================  ===================================================================
``send_minion``      draw ``draw`` dreams; the Nightmare gives one to the dreamer, who
                     rolls it at once (the others go back)
``strip_power``      the dreamer returns a Power dream of the Nightmare's choice
``draw_to_exhaust``  a dream drawn into the dreamer's Exhaust row, not rolled
``shadow_to_hunt``   a shadow dream of the dreamer, of the Nightmare's choice, moves to
                     its Hunt row
``offer_power``      (Temptation, provisional) the Nightmare gives one of its Power dreams;
                     the dreamer must draw and roll a dream
``cleanse``          return up to ``count`` dreams of a ``row`` (hunt, exhaust, shadow)
``shield``           the next ``count`` hunt dreams rolled go back to the bag
``harvest``          draw ``count`` dreams, each kept as 1 Power
===================  ===================================================================

The first five are Nightmare abilities, the last three Manifestation effects (a content
check refuses one in the other's place). How each op runs is registered by the section
that plays it: ``steps/abilities.py`` and ``steps/manifestations.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any, Literal

from pydantic import Field, PlainSerializer, PlainValidator, model_validator

from ...core.effects import Args, EffectLanguage, LanguageError, Node, render

LANGUAGE = EffectLanguage("lucidity")
"""The ops of Lucidity's cards, with the core composites."""

Row = Literal["hunt", "exhaust", "shadow"]


class _AbilityArgs(Args):
    """The arguments every Nightmare ability accepts (the content file's older shape):
    ``draw`` dreams for a minion (``send_minion``), ``count`` (1: the books' number)."""

    draw: int = Field(default=2, ge=1, le=4)
    count: int = Field(default=1, ge=1, le=3)


@LANGUAGE.op("send_minion")
class SendMinion(_AbilityArgs):
    """Draw ``draw`` dreams; give one to the dreamer, who rolls it at once."""


@LANGUAGE.op("strip_power")
class StripPower(_AbilityArgs):
    """The dreamer returns a Power dream of the Nightmare's choice to the bag."""


@LANGUAGE.op("draw_to_exhaust")
class DrawToExhaust(_AbilityArgs):
    """A dream drawn from the bag goes to the dreamer's Exhaust row, not rolled."""


@LANGUAGE.op("shadow_to_hunt")
class ShadowToHunt(_AbilityArgs):
    """A shadow dream of the dreamer, of the Nightmare's choice, moves to its Hunt row."""


@LANGUAGE.op("offer_power")
class OfferPower(_AbilityArgs):
    """The Nightmare gives one of its Power dreams; the dreamer draws and rolls a dream."""


class _CardArgs(Args):
    """The arguments every Manifestation effect accepts (the content file's older shape)."""

    row: Row | None = None
    count: int = Field(default=1, ge=1, le=9)


@LANGUAGE.op("cleanse")
class Cleanse(_CardArgs):
    """Return up to ``count`` dreams of the ``row`` to the bag (shadow: the fullest)."""

    @model_validator(mode="after")
    def _row_for_cleanse(self) -> Cleanse:
        if self.row is None:
            raise ValueError("a cleanse effect needs a row (hunt, exhaust or shadow)")
        return self


@LANGUAGE.op("shield")
class Shield(_CardArgs):
    """The next ``count`` hunt dreams rolled go back to the bag instead."""


@LANGUAGE.op("harvest")
class Harvest(_CardArgs):
    """Draw ``count`` dreams from the bag, each kept as 1 Power."""


ABILITY_OPS = ("send_minion", "strip_power", "draw_to_exhaust", "shadow_to_hunt", "offer_power")
CARD_OPS = ("cleanse", "shield", "harvest")


def _parse(value: Any) -> Node:
    if isinstance(value, Node):
        return value
    try:
        node = LANGUAGE.parse(value, "effect")
    except LanguageError as exc:
        raise ValueError(str(exc)) from None
    if not isinstance(node, Node):  # pragma: no cover - an effect is always a node
        raise ValueError(f"{value!r} is not an effect")
    return node


EffectNode = Annotated[
    Node,
    PlainValidator(_parse),
    PlainSerializer(lambda node: node.to_raw(), return_type=dict),
]
"""A content field holding an effect of this language (object or authoring form)."""


def misplaced(node: Node, allowed: tuple[str, ...]) -> Iterator[str]:
    """The ops of ``node`` that are neither composites nor among ``allowed``."""
    for sub in node.walk():
        if (
            sub.category == "effect"
            and sub.op not in allowed
            and sub.op
            in (
                *ABILITY_OPS,
                *CARD_OPS,
            )
        ):
            yield sub.op


class AbilitySpec:
    """A Nightmare card's ability as the playout kernel reads it: ``op`` (a composite's
    name for a composite) and ``draw`` (the minions of ``send_minion``), and the ``node``."""

    __slots__ = ("draw", "node", "op")

    def __init__(self, node: Node) -> None:
        self.node = node
        self.op = node.op
        self.draw = int(getattr(node.args, "draw", 2))

    def __repr__(self) -> str:
        return f"AbilitySpec({render(self.node)})"
