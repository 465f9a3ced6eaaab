"""Wisdom cards in a campaign (etherfields "Wisdom Cards": "All the Wisdom cards you have
gained are always considered active").

The three procedures the rulebook puts on Wisdom cards, and when the team gains them:

- ``awakening`` ("Awakening": "a recovery/reset mechanic discovered when you have
  completed the First Dream ... See the Awakening Wisdom card for the detailed steps"):
  gained at the end of the First Dream, whatever its outcome; the team may Awaken on the
  map only while it holds it (``knows``).
- ``dreamworld_map`` ("Dreamworld Map": "The description of all icons visible on the
  Dreamworld Map can be found on the Dreamworld Map Wisdom card. This card becomes
  available after finishing the First Dream"): gained with it; its steps are the legend
  of the map's Location kinds, shown on the map and by ``oneiros campaign show``.
- ``death`` ("Distress and Dying": "resolve the Death Wisdom card (reveal II-42 I Secret
  card if it is not revealed yet)"): gained the first time a Dreamer dies.

Other Wisdom cards are Secret cards a Dream reveals (``holds_kind = "wisdom"``); their
abilities are used on the Dreamworld map (``campaign.world_cards``). A pack without a
Wisdom card for a procedure runs that procedure without one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....core.content import Catalog
from ....core.flow import Flow

if TYPE_CHECKING:
    from .dreamworld import DreamworldState
    from .records import Wisdom

AFTER_FIRST_DREAM = ("awakening", "dreamworld_map")
"""The procedures whose Wisdom cards the First Dream's end gives."""


def by_procedure(cat: Catalog, procedure: str) -> Wisdom | None:
    """The pack's Wisdom card holding ``procedure``, or None."""
    if "wisdom" not in cat.kinds():
        return None
    return next((w for w in cat.all("wisdom") if w.procedure == procedure), None)


def gained(cat: Catalog, held: list[str], *procedures: str) -> list[str]:
    """``held`` with the Wisdom cards of ``procedures`` added (each once)."""
    out = list(held)
    for procedure in procedures:
        card = by_procedure(cat, procedure)
        if card is not None and card.id not in out:
            out.append(card.id)
    return out


def knows(s: DreamworldState, procedure: str) -> bool:
    """Whether the team may run ``procedure``: it holds its Wisdom card (or the pack has
    none for it)."""
    card = by_procedure(s.catalog, procedure)
    return card is None or card.id in s.doc["wisdom"]


def procedure_event(s: DreamworldState, flow: Flow, procedure: str) -> None:
    """The event that names the Wisdom card whose steps are being resolved."""
    card = by_procedure(s.catalog, procedure)
    if card is None:
        return
    flow.emit(
        "wisdom_procedure",
        "The Wisdom card {name} is resolved: {steps}",
        "wisdom",
        card=card.id,
        name=str(card.name),
        steps=" ".join(str(x) for x in card.steps),
    )


def legend(cat: Catalog, held: list[str]) -> dict[str, str]:
    """The Dreamworld Map Wisdom card's description of each Location kind, when held
    ({} before the team has it)."""
    card = by_procedure(cat, "dreamworld_map")
    if card is None or card.id not in held:
        return {}
    out = {}
    for line in card.steps:
        kind, _, text = str(line).partition(":")
        out[kind.strip()] = text.strip()
    return out


def describe(cat: Catalog, wisdom: list[str], notes: list[str]) -> list[tuple[str, str]]:
    """Rows for ``oneiros campaign show``: each Wisdom card and Note the team holds, with
    what it does."""
    rows: list[tuple[str, str]] = []
    for ident in wisdom:
        if "wisdom" not in cat.kinds() or not cat.has("wisdom", ident):
            rows.append((f"Wisdom {ident}", "(not in this pack)"))
            continue
        w: Any = cat.get("wisdom", ident)
        what = ([f"procedure {w.procedure}"] if w.procedure else []) + [
            str(a.text) for a in w.abilities
        ]
        rows.append((f"Wisdom {w.id}: {w.name}", "; ".join(what) or str(w.text or "")))
    for ident in notes:
        if "note" not in cat.kinds() or not cat.has("note", ident):
            rows.append((f"Note {ident}", "(not in this pack)"))
            continue
        n: Any = cat.get("note", ident)
        use = "one use" if n.one_use else "kept"
        rows.append(
            (
                f"Note {n.id}: {n.name}",
                f"{n.front} {'; '.join(str(a.text) for a in n.abilities)} ({use})",
            )
        )
    return rows


__all__ = [
    "AFTER_FIRST_DREAM",
    "by_procedure",
    "describe",
    "gained",
    "knows",
    "legend",
    "procedure_event",
]
