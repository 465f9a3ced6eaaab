"""Rule references for Sleep Tight (sections of the sleep-tight rulebook)."""

from __future__ import annotations

from ...core import rule

BOOK = "sleep-tight"

COMPONENTS = rule(BOOK, "Components")
GOAL = rule(BOOK, "Goal")
SETUP = rule(BOOK, "Setup")
PHASE1 = rule(BOOK, "1. Draw Dreamscapes and Take Soul Fragments")
PHASE2 = rule(BOOK, "2. Draw Actions")
PHASE3 = rule(BOOK, "3. Play Actions Facedown")
MODIFIERS = rule(BOOK, "Dreamscapes Can Change Fragment Requirements")
ACTION_TYPE = rule(BOOK, "The Action Type")
STACKING = rule(BOOK, "Reducing Fragment Requirements by Discarding Cards")
PHASE4 = rule(BOOK, "4. Resolve Actions and the Sandman Card")
DREAMS = rule(BOOK, "Dreamscapes and Dreams")
EASIER = rule(BOOK, "Dreamscapes and Dreams")  # "Make the Game a Little Easier" sits there
SPECIAL = rule(BOOK, "Special Cards")
UNDERCOVER = rule(BOOK, "Playing as an Undercover Agent")
EXPOSED = rule(BOOK, "Playing as an Exposed Agent")
SYMBOLS = rule(BOOK, "Card Symbols")
EXAMPLES = rule(BOOK, "Card Examples")

SECTIONS = (
    "Components",
    "Goal",
    "Setup",
    "1. Draw Dreamscapes and Take Soul Fragments",
    "2. Draw Actions",
    "3. Play Actions Facedown",
    "Dreamscapes Can Change Fragment Requirements",
    "The Action Type",
    "Reducing Fragment Requirements by Discarding Cards",
    "4. Resolve Actions and the Sandman Card",
    "Dreamscapes and Dreams",
    "Special Cards",
    "Playing as an Undercover Agent",
    "Playing as an Exposed Agent",
    "Card Symbols",
    "Card Examples",
)

RULES = {
    "components": COMPONENTS,
    "goal": GOAL,
    "setup": SETUP,
    "phase1": PHASE1,
    "phase2": PHASE2,
    "phase3": PHASE3,
    "modifiers": MODIFIERS,
    "stacking": STACKING,
    "phase4": PHASE4,
    "easier": EASIER,
    "special": SPECIAL,
    "undercover": UNDERCOVER,
    "exposed": EXPOSED,
    "symbols": SYMBOLS,
    "examples": EXAMPLES,
}
"""The rule keys the step classes cite (``rule = "phase2"``), with their citations."""
