"""Small rules the Dreamworld's steps share: Ether under its pool ("Component
Limitations"), Flaws outside the deck count ("Flaw Cards"), a card's name."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .dreamworld import DreamworldState

DECK_MIN, DECK_MAX = 20, 40
"""etherfields "Influence Deck Card Limits (20-40)"."""
ITEM_PRICE = 2
"""etherfields "Shopping": a random Item from the Item Market for 2 Ether."""


def gain_ether(s: DreamworldState, seat: int, n: int) -> int:
    """ "Component Limitations": Ether is per Dreamer under the pool's size."""
    held = sum(h["ether"] for h in s.doc["dreamers"])
    got = max(0, min(n, s.pool("ether") - held))
    s.doc["dreamers"][seat]["ether"] += got
    return got


def card_label(s: DreamworldState, face: str) -> str:
    """A card as a player reads it: its name and id."""
    cat = s.catalog
    return f"{cat.get('influence', face).name} ({face})" if cat.has("influence", face) else face


def is_flaw(s: DreamworldState, face: str) -> bool:
    """A Flaw card: always in the deck, outside the 20-40 count ("Flaw Cards")."""
    cat = s.catalog
    return "flaw" in cat.kinds() and cat.has("flaw", face)


def counted(s: DreamworldState, cards: list[str]) -> int:
    """Cards that count toward the deck limits (Flaws do not)."""
    return sum(1 for c in cards if not is_flaw(s, c))
