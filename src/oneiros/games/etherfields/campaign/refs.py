"""Rule references of the campaign (etherfields "<heading>") and the texts ``?`` shows."""

from __future__ import annotations

from ....core import rule
from ....core.flow import Kinds
from ..refs import BOOK

_SECTIONS = {
    "setup": "Game Setup",
    "starting": "Starting the Campaign — Choosing Your Dreamer",
    "world": "Dreamworld Map",
    "world_faq": "FAQ / Clarifications — World Map",
    "gate": "Dream Gate Tiles",
    "cards_world": "Playing Cards in the Dreamworld",
    "seasons": "Season Cards",
    "shopping": "Shopping",
    "market": "Influence Market & Buying New Influence Cards",
    "deck_limits": "Influence Deck Card Limits (20-40)",
    "wisdom": "Wisdom Cards",
    "notes": "Note Cards",
    "awakening": "Awakening",
    "dying": "Distress and Dying",
    "saving": "Saving Your Game",
    "adding": "Adding a New Dreamer",
    "finishing": "Finishing Dreams/Slumbers",
    "slumbers": "Slumbers",
    "fate": "Fate Cards",
    "sealing": "Sealing and Unsealing Cards",
    "items": "Items",
    "limits": "Component Limitations",
    "choices": "Multiple Choices",
}
REFS = {key: rule(BOOK, section) for key, section in _SECTIONS.items()}

RULE_TEXTS = {
    REFS["world"]: "The Team marker follows the big arrows for free; a smaller arrow is a "
    "shortcut: each Dreamer Seals 1 card to follow it. Each Location's effect resolves on "
    "arrival. There are no Turns on the Dreamworld map.",
    REFS["world_faq"]: '"Relocate Team Marker" must go to a different Location; "once per '
    'Turn" effects are once per travel between Slumbers/Dreams.',
    REFS["seasons"]: "The active Season alters rules on the Dreamworld map; a Dream's "
    "victory or failure may turn it, as the Season card's hints say; dying never does.",
    REFS["shopping"]: "At a Shopping Location, with the Shopping card, each Dreamer either "
    "draws 3 Market cards and buys any of them with Ether (to the discard pile, the rest to "
    "the Market's bottom), or buys a random Item for 2 Ether; buying nothing gains 1 Ether. "
    "The Shopping card then returns to the Secrets.",
    REFS["deck_limits"]: "At setup or Awakening each Dreamer builds a deck of 20 to 40 "
    "cards (all of them if fewer than 20 are available); extra cards wait in the box; Flaws "
    "always go in and do not count.",
    REFS["awakening"]: "Awakening: discard all Influence cards, cure all Distress and "
    "unseal all cards, discard Keys and Shining Gems; then build decks and choose Masks.",
    REFS["saving"]: "After a Location effect the team may save: one buying step, leftover "
    "Ether becomes an Ether voucher per Dreamer, then Awakening steps 1-3. Saving inside a "
    "Dream is a Death.",
    REFS["gate"]: "A Dream Gate is entered at its District's Location by spending its Keys; "
    "the First Dream ignores both.",
    REFS["adding"]: "Each session may be played with a different number of Dreamers: a new "
    "player takes an unused Dreamer; absent Dreamers wait and may join later.",
}

KINDS = Kinds("etherfields", REFS)
"""The step kinds of the Dreamworld phase."""

__all__ = ["KINDS", "REFS", "RULE_TEXTS"]
