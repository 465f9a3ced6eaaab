"""Sleep Tight's card effects in the core effect language (``core.effects``): one op per
effect kind of the card file (sleep-tight "Card Symbols", "Card Examples", "Special
Cards"), each with a validated argument model. A card's effects are data in the content
(``cards.json``: ``{"kind": "draw", "amount": 3}``); ``card_program`` reads them as nodes
of this language (``{"op": "draw", "n": 3}``), which ``steps/symbols.py`` runs on the flow
through the core's runtime, one node per effect, in order.

The passive effects (prevent damage, shield, untouchable, dodge, discard a type of action)
act at the reveal and on the Sandman's damage; their nodes do nothing when the card
resolves. The special cards held in the hand are never resolved.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import Field

from ...core.effects import Args, EffectLanguage, NoArgs, Node
from .content import ActionCard, Effect

LANGUAGE = EffectLanguage("sleep-tight")

TargetName = Literal["self", "other", "left", "right", "others"]


@LANGUAGE.op("draw")
class Draw(Args):
    """Draw ``n`` Action cards."""

    n: int = Field(1, ge=0, le=10)


@LANGUAGE.op("return_cards")
class ReturnCards(Args):
    """Shuffle ``n`` cards of your hand back into the Action deck."""

    n: int = Field(1, ge=0, le=10)


@LANGUAGE.op("gain")
class Gain(Args):
    """Take ``n`` Soul Fragments from the pile, or (``from_player``) from another player."""

    n: int = Field(1, ge=0, le=10)
    from_player: bool = False


@LANGUAGE.op("damage")
class Damage(Args):
    """The affected players lose ``n`` Soul Fragments."""

    n: int = Field(1, ge=0, le=10)
    target: TargetName = "other"


@LANGUAGE.op("steal_random")
class StealRandom(Args):
    """Take a random card from the affected player's hand."""

    target: TargetName = "other"


@LANGUAGE.op("look_take")
class LookTake(Args):
    """The affected player shows you their hand; take any card you want."""

    target: TargetName = "other"


@LANGUAGE.op("discard_sandman")
class DiscardSandman(Args):
    """Discard ``n`` Sandman cards (the exposed agent damages a player instead)."""

    n: int = Field(1, ge=0, le=10)


@LANGUAGE.op("discard_type")
class DiscardType(Args):
    """Discard every played action of this type: they have no effect (at the reveal)."""

    action_type: Literal["hide", "attack", "run", "collect"]


@LANGUAGE.op("prevent_sandman")
class PreventSandman(Args):
    """Prevent ``n`` damage the Sandman deals you this round (passive)."""

    n: int = Field(1, ge=0, le=10)


@LANGUAGE.op("prevent_players")
class PreventPlayers(Args):
    """Prevent ``n`` damage other players deal you this round (passive)."""

    n: int = Field(1, ge=0, le=10)


@LANGUAGE.op("dodge")
class Dodge(Args):
    """Take no Sandman damage: pay 1 fragment (he revives a card), pass it on to
    ``target``, or have him damage ``target`` instead (passive)."""

    options: tuple[Literal["pay", "pass", "redirect"], ...] = ("pay", "pass")
    target: TargetName = "other"


for _name, _doc in (
    ("shield", "All actions other players play against you fail this round (passive)."),
    ("untouchable", "No other effect and no Sandman damage touch you this round (passive)."),
    ("where_is_sandman", "Whoever holds I Am the Sandman reveals it and is exposed."),
    ("cancel_soul_consumer", "Used from the hand when the Soul Consumer is revealed."),
    ("wake_up", "Used from the hand with 10 Soul Fragments: win alone."),
    ("i_am_sandman", "Drawn: accept the Sandman's offer or refuse it."),
):
    LANGUAGE.register(_name, "effect", NoArgs, _doc)

PASSIVE = frozenset(
    {
        "discard_type",
        "prevent_sandman",
        "prevent_players",
        "dodge",
        "shield",
        "untouchable",
        "cancel_soul_consumer",
        "wake_up",
        "i_am_sandman",
    }
)
"""Ops that do nothing when their card resolves."""

_ARGS = {
    "draw": ("n",),
    "return_cards": ("n",),
    "gain": ("n", "from_player"),
    "damage": ("n", "target"),
    "steal_random": ("target",),
    "look_take": ("target",),
    "discard_sandman": ("n",),
    "discard_type": ("action_type",),
    "prevent_sandman": ("n",),
    "prevent_players": ("n",),
    "dodge": ("options", "target"),
}
_FROM_FILE = {"n": "amount"}


@cache
def node_of(effect: Effect) -> Node:
    """One effect of the card file as a node of the language (validated)."""
    raw: dict[str, object] = {"op": effect.kind}
    for name in _ARGS.get(effect.kind, ()):
        value = getattr(effect, _FROM_FILE.get(name, name))
        raw[name] = list(value) if isinstance(value, tuple) else value
    node = LANGUAGE.parse(raw)
    assert isinstance(node, Node)
    return node


@cache
def card_program(card: ActionCard) -> tuple[Node, ...]:
    """What a card does when it resolves: its effects' nodes, in order."""
    return tuple(node_of(e) for e in card.effects)
