"""A Slumber (or a Fate card) played from a campaign snapshot, and the snapshot it leaves.

The Dreamworld's Slumber Location ends a leg with ``next = "slumber"`` ("Slumbers"); the
session is the ``visit`` that ``SlumberState`` plays: one tile from the Slumber deck (the
Delta tile when only the played tiles lie under it), then back to the Dreamworld Map. A
Fate Location ends a leg with ``next = "fate"``; the session draws and resolves one Fate
card ("Fate Cards"). A session recorded before format 2 played a whole ``journey`` (tiles
one after another, a Fate card and the choice to Awaken between two, up to the Delta
Phase) and still replays so. With
the option ``campaign`` its Dreamers start from what they hold in the snapshot
(``campaign.dream.lay_out`` and ``restore``, as a Dream does) and the Slumber Dreamscape
from ``Campaign.slumber`` (``SlumberState.load_slumber``). At its end ``finish`` reads the
table back into the next snapshot:

- "Finishing Dreams/Slumbers": hand, placed Progress, Shining Gems, Distress and Sealed
  cards stay as they are, nothing is reshuffled; Ether and Keys gained (Loot) are kept;
  the Dreamers return to the Team marker on the Dreamworld Map ("This Slumber ends. ...
  Now, go back to the Dreamworld Map"); the Note and Wisdom cards ``gain_note`` and
  ``gain_wisdom`` gave join the Storage and the Wisdom cards ("Note Cards", "Wisdom
  Cards").
- "Slumber Entity Tiles" ("This Slumber ends."): the Slumber map tiles, the Quirk cards and
  the Dreamers' spaces remain for the next Slumber; "Delta Phase": the Hours it reset and
  the Slumber deck with the Delta tile at its bottom stay so (``Campaign.slumber``).
- "Awakening" chosen between two Slumbers of a format 1 ``journey``: its ``awaken`` has
  removed Distress and Sealed cards at the cost of Keys, Gems and placed Progress and put
  the Slumber map back to its Setup tiles; the team then stands at the Awakening Location
  and the next Dreamworld leg resolves the Awakening card from step 4 (deckbuilding,
  Masks). After a ``visit`` the team Awakens on the map, when it chooses.
- a Death ("Distress and Dying"): the Death card's steps read for a Slumber or a Fate
  card: every card gained in it is lost and each Dreamer takes back what they held when it
  began, Ether and Gems as they were; the Slumber Dreamscape is discarded; the team gains
  the Death Wisdom card if it lacks it; then the team Awakens.

The Slumber Dreamscape is discarded when a Dream is entered ("Dream Gate Tiles": "If the
Slumber Dreamscape is present, discard it first (i.e.: all Slumber Map tiles, Quirk cards,
etc.)", ``discard_dreamscape``) and put back to its Setup tiles at an Awakening ("The
Slumber Map"); a save stores every deck in the box and the next evening sets up anew
("Saving Your Game", "Game Setup" steps 3 and 7), so ``Campaign.slumber`` is emptied.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .document import DEATH_REASONS, Campaign
from .dream import holdings, team_items, with_gained
from .sessions import SessionKind, register
from .wisdom import gained

if TYPE_CHECKING:
    from ..slumber_state import SlumberState

JOURNEY = "journey"
"""The scenario a campaign's Slumber session played in format 1 saves (a whole journey, up
to the Delta Phase): a session recorded so still replays as one."""
VISIT = "visit"
"""The scenario a Slumber Location plays: one Slumber tile from the Slumber deck, then back
to the Dreamworld Map ("Slumbers": "mini-encounters you will sometimes discover when
moving around the Dreamworld, drawn from a SLUMBER TILE deck"; "Slumber Entity Tiles":
"This Slumber ends. ... Now, go back to the Dreamworld Map"; the Delta Phase tile:
"resolve the Delta Phase instead of a Slumber")."""
FATE = "fate"
"""The scenario a Fate Location plays: one Fate card ("Fate Cards": "When you enter a Fate
location, draw a FATE card from the top of the FATE DECK and resolve it")."""

register(SessionKind("slumber", lambda doc: VISIT))
register(SessionKind("fate", lambda doc: FATE))


def discard_dreamscape(slumber: dict[str, Any]) -> dict[str, Any]:
    """ "Dream Gate Tiles" / "The Slumber Map": the Slumber map tiles go back face down
    (the Setup tiles stay), the Quirk cards to the bottom of the Fate deck ("Fate Cards":
    a discarded Fate card goes to the bottom of that deck), the Dreamers leave their spaces.
    The Hours and the Slumber deck's bottom are kept."""
    if not slumber:
        return {}
    out = dict(slumber)
    out["fate_bottom"] = list(slumber.get("fate_bottom", [])) + [
        face for _ref, face in slumber.get("quirks", [])
    ]
    out["quirks"] = []
    out["tiles"] = []
    out["spaces"] = []
    return out


def dreamscape_of(s: SlumberState) -> dict[str, Any]:
    """What ``Campaign.slumber`` keeps of the journey's table (``SlumberState.carry_over``
    without the Dreamers' cards, which the snapshot's holdings carry)."""
    carry = s.slumber_carry()
    return {
        "tiles": carry["tiles"],
        "quirks": carry["quirks"],
        "spaces": [d["space"] for d in carry["dreamers"]],
        "hours": carry["hours"],
        "slumber_bottom": carry["slumber_bottom"],
        "slumber_removed": carry["slumber_removed"],  # by a Deliverance
        "fate_bottom": carry["fate_bottom"],
    }


def finish(doc: Campaign, s: SlumberState) -> Campaign:
    """The snapshot after the journey ``s`` played from ``doc`` has ended."""
    progress = doc.progress.model_copy(deep=True)
    if s.mode == FATE:
        drawn = [e.data.get("card") for e in s.events() if e.kind == "fate"]
        progress.fates += [str(c) for c in drawn if c]
    else:
        progress.journeys += 1
        progress.slumbers += [list(r) for r in s.results]
    if s.outcome == "defeat" and s.reason in DEATH_REASONS:
        progress.deaths += 1
        return doc.following(
            wisdom=gained(s.catalog, doc.wisdom, "death"),  # "resolve the Death Wisdom card"
            slumber=discard_dreamscape(dreamscape_of(s)),
            next="dreamworld",
            phase="awaken",
            progress=progress.model_dump(mode="json"),
        )
    held = holdings(s, doc)
    items, storage = team_items(s, doc)
    awake = bool(getattr(s, "awake", False))
    notes, wisdom = with_gained(s, doc, doc.notes, doc.wisdom)  # "Note Cards", "Wisdom Cards"
    return doc.following(
        dreamers=[h.model_dump(mode="json") for h in held],
        items=items,
        storage=storage,
        notes=notes,
        wisdom=wisdom,
        keys=s.team.get("keys", 0),
        # Deliverance: unlocked for the rest of the campaign; the tiles it removed are out
        # of the game ("Dividers — Removed cards"), whatever a save does to the decks
        flags=sorted(set(doc.flags) | ({"deliverance"} if s.deliverance else set())),
        removed=sorted(set(doc.removed) | set(s.slumber_carry()["slumber_removed"])),
        slumber=dreamscape_of(s),
        revealed=sorted(set(doc.revealed) | set(s.revealed)),
        next="dreamworld",
        phase="awaken" if awake else "travel",
        progress=progress.model_dump(mode="json"),
    )


__all__ = ["JOURNEY", "discard_dreamscape", "dreamscape_of", "finish"]
