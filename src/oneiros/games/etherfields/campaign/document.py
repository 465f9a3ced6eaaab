"""The ``Campaign`` document: everything "Saving Your Game" keeps between sessions, as one
versioned, validated JSON object (etherfields design §1, P4).

A snapshot is a ``Campaign``; each session starts from one and, finished, gives the next
(``snapshot`` counts them, ``parent`` is the hash of the one before). The document names
the content pack it was played with (``content``): loading it under another pack checks
every id it holds and either loads, saying what changed, or fails with one line naming the
missing ids. A document of a newer ``format`` fails with one line; an older one is
migrated (``migrate``), with a note saying what changed:

- format 2 (Wisdom and Note cards, Fate Locations): ``wisdom`` holds the Wisdom cards the
  team has gained ("Wisdom Cards"), ``notes`` the Note cards Storage ("Dividers": "Note
  cards Storage"), ``progress.fates`` the Fate cards drawn at Fate Locations. A format 1
  document gains the Wisdom cards its campaign had earned (the Awakening and Dreamworld
  Map cards once the First Dream was played, the Death card after a Death), and the Notes
  it kept among the Items in Storage move to ``notes``.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ....core.content import Catalog
from ....core.errors import ConfigError

FORMAT = 2
"""The document format this engine writes (and the newest it reads)."""

Phase = Literal["setup", "awaken", "travel"]
"""How the next Dreamworld leg begins: ``setup`` after a save ("Game Setup" step 8: the
Awakening card from step 4), ``awaken`` after the First Dream or a Death ("Awakening"),
``travel`` after another Dream ("Finishing Dreams/Slumbers")."""

DEATH_REASONS = frozenset({"distress", "empty_pool", "too_few_cards"})
"""The end reasons of a Dream that are a Death ("Distress and Dying")."""


class Part(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Holding(Part):
    """What one Dreamer holds between sessions ("Saving Your Game": each Dreamer's deck,
    Basic Actions card and Masks; "Finishing Dreams/Slumbers": hand, placed Progress,
    Shining Gems, Distress and Sealed cards stay as they are).

    ``deck`` is unordered (it is shuffled before any draw); ``discard`` and ``sealed`` are
    bottom to top; ``aside`` holds the collection cards out of the deck ("Influence Deck
    Card Limits (20-40)": kept in the box for the next deckbuilding step)."""

    dreamer: str
    deck: list[str] = []
    hand: list[str] = []
    discard: list[str] = []
    sealed: list[str] = []
    progress: list[str] = []
    aside: list[str] = []
    ether: int = Field(default=0, ge=0)
    gems: int = Field(default=0, ge=0)
    distress: int = Field(default=0, ge=0)
    mask: str | None = None
    masks: list[str] = []
    vouchers: int = Field(default=0, ge=0)

    def cards(self) -> list[str]:
        """Every Influence card the Dreamer owns, wherever it lies."""
        return self.deck + self.hand + self.discard + self.sealed + self.progress + self.aside


class SessionLog(Part):
    """One played session: what it was, the snapshot it started from, how it ended."""

    n: int
    kind: str
    scenario: str
    start: int
    """The snapshot number it started from."""
    start_hash: str
    seed: int
    end: str
    decisions: int = 0
    seconds: float = 0.0


class Progress(Part):
    """How far the campaign has come ("Saving Your Game": the Dream Gate tiles, removed
    cards and the Season deck record it at a table)."""

    sessions: int = 0
    evenings: int = 1
    """Evenings played: a save ends one ("Saving Your Game")."""
    dreams: dict[str, list[str]] = {}
    """Each Dream entered and its outcomes, in order (victory, defeat, death)."""
    deaths: int = 0
    locations: int = 0
    """Locations resolved on the Dreamworld map."""
    journeys: int = 0
    """Slumber journeys played ("Slumbers")."""
    slumbers: list[list[str]] = []
    """Each Slumber tile met on a journey and how it went: ``[tile, won|lost|skipped|done]``."""
    fates: list[str] = []
    """The Fate cards drawn at Fate Locations, in order ("Fate Cards"; format 2)."""
    log: list[SessionLog] = []


class Campaign(Part):
    """One snapshot of a campaign: the saved game, as the box holds it between sessions."""

    format: int = FORMAT
    game: Literal["etherfields"] = "etherfields"
    name: str = Field(min_length=1, max_length=60)
    content: str
    """The hash of the content pack the campaign is played with."""
    snapshot: int = Field(default=0, ge=0)
    parent: str | None = None
    """The hash of the snapshot this one followed (None for a new campaign)."""
    players: int = Field(ge=1, le=4)
    dreamers: list[Holding]
    """The Dreamers at the table, in seat order."""
    benched: list[Holding] = []
    """Dreamers who sit this session out ("Adding a New Dreamer": they join again later)."""
    first: int = 0
    """The First Player ("Multiple Choices")."""
    location: str
    """The Team marker's Location ("Dreamworld Map")."""
    season: str
    """The active Season: the card on top of the Season deck ("Season Cards")."""
    keys: int = Field(default=0, ge=0)
    items: list[str] = []
    """Active Items (at most 3, "Items"); ``storage`` holds the others and Note cards."""
    storage: list[str] = []
    item_market: list[str] = []
    market: list[str] = []
    """The Influence Market: shuffled before drawing, unbought cards to its bottom."""
    notes: list[str] = []
    """The Note cards Storage: Notes the team has gained, usable by any Dreamer ("Note
    Cards"); a one-use Note, once used, goes to ``removed``."""
    wisdom: list[str] = []
    """Wisdom cards gained: always active ("Wisdom Cards")."""
    gates: list[str] = []
    """Dream Gate tiles available (the envelope)."""
    flags: list[str] = []
    revealed: list[str] = []
    removed: list[str] = []
    """Cards removed from the game ("Dividers — Removed cards")."""
    shopping: bool = True
    """Whether the team holds the Shopping card ("Shopping")."""
    vouchers_left: int = Field(default=4, ge=0)
    """Ether voucher cards still in the Secrets ("Saving Your Game")."""
    next: str
    """What the next session plays: ``dream:<gate>``, ``dreamworld`` or ``slumber``."""
    phase: Phase = "travel"
    slumber: dict[str, Any] = {}
    """The Slumber Dreamscape between two Slumbers ("Slumber Entity Tiles": "This Slumber
    ends."; map tiles, Quirk cards and the Dreamers' spaces remain, "The next Slumber will
    begin with everything as it is now"), the Hours, and what lies at the bottom of the
    Slumber and Fate decks: ``campaign.slumber`` writes and reads it ({} before the first
    journey and after a save)."""
    entry: list[Holding] | None = None
    """The Dreamers' holdings when the current Dream was entered (the Death procedure)."""
    finished: bool = False
    """True once every Dream Gate is won: the campaign is over."""
    progress: Progress = Progress()
    options: dict[str, str | int | bool] = {}
    """The table's game options, the same for every session (``open_hands``, ...)."""

    # -- identity --------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")

    def dumps(self) -> str:
        """The canonical text (sorted keys, no spaces): what the hash is taken of."""
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))

    def hash(self) -> str:
        return "sha256:" + hashlib.sha256(self.dumps().encode()).hexdigest()[:16]

    def following(self, **changes: Any) -> Campaign:
        """The next snapshot: ``changes`` applied, numbered one more, naming this one."""
        data = self.to_json()
        data.update(changes)
        data["snapshot"] = self.snapshot + 1
        data["parent"] = self.hash()
        return Campaign.model_validate(data)

    def copy_json(self) -> dict[str, Any]:
        return json.loads(self.dumps())


def _ids(doc: Campaign) -> dict[str, set[str]]:
    """Every content id the document names, by record kind."""
    cards: set[str] = set()
    for h in doc.dreamers + doc.benched + (doc.entry or []):
        cards |= set(h.cards())
    cards |= set(doc.market)
    masks = {m for h in doc.dreamers + doc.benched for m in [*h.masks, h.mask] if m}
    return {
        "dreamer": {h.dreamer for h in doc.dreamers + doc.benched},
        "influence": cards,
        "item": set(doc.items + doc.storage + doc.item_market),
        "note": set(doc.notes),
        "wisdom": set(doc.wisdom),
        "mask": masks,
        "gate": set(doc.gates),
        "location": {doc.location},
        "season": {doc.season},
    }


def load(data: Any, cat: Catalog) -> tuple[Campaign, list[str]]:
    """A saved document, checked against the content pack ``cat``: the document and the
    notes on what changed (an empty list when nothing did). Raises a one-line
    ``ConfigError`` naming what is wrong or what changed, never a traceback."""
    if isinstance(data, str | bytes):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise ConfigError(
                f"the campaign is not valid JSON: {exc.msg} (line {exc.lineno})"
            ) from None
    if not isinstance(data, dict):
        raise ConfigError("a campaign is a JSON object (Campaign document)")
    fmt = data.get("format")
    if not isinstance(fmt, int):
        raise ConfigError("the campaign document has no format number: it is not a campaign")
    if fmt > FORMAT:
        raise ConfigError(
            f"the campaign was saved in document format {fmt} by a newer engine; this "
            f"engine reads format {FORMAT} and older: update Oneiros to continue it"
        )
    notes: list[str] = []
    if fmt < FORMAT:
        data, notes = migrate(data, cat)
    try:
        doc = Campaign.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "(document)"
        raise ConfigError(f"the campaign does not load: {where}: {err['msg']}") from None
    if doc.content != cat.hash:
        missing = [
            f"{kind} {ident!r}"
            for kind, idents in _ids(doc).items()
            for ident in sorted(idents)
            if not cat.has(kind, ident)
        ]
        if missing:
            raise ConfigError(
                f"the campaign was saved with content {doc.content[:19]}, this engine loads "
                f"{cat.hash[:19]}, which lacks {', '.join(missing[:5])}"
                + (f" and {len(missing) - 5} more" if len(missing) > 5 else "")
                + ": it cannot continue with this pack"
            )
        notes.append(
            f"the content pack changed since the save ({doc.content[:19]} -> {cat.hash[:19]}); "
            "every card, Location and Gate the campaign holds is still in it"
        )
        doc = doc.model_copy(update={"content": cat.hash})
    for h in doc.dreamers:
        if not h.cards():
            raise ConfigError(f"the campaign's Dreamer {h.dreamer!r} holds no cards")
    return doc, notes


def migrate(data: dict[str, Any], cat: Catalog) -> tuple[dict[str, Any], list[str]]:
    """An older document brought to ``FORMAT``, and notes on what changed."""
    from .wisdom import AFTER_FIRST_DREAM, gained

    data = json.loads(json.dumps(data))
    notes = []
    if data.get("format", 1) == 1:
        wisdom = list(data.get("wisdom") or [])
        progress = data.get("progress") or {}
        if progress.get("dreams"):
            wisdom = gained(cat, wisdom, *AFTER_FIRST_DREAM)
        if progress.get("deaths"):
            wisdom = gained(cat, wisdom, "death")
        kept = "note" in cat.kinds()
        storage = list(data.get("storage") or [])
        moved = [x for x in storage if kept and cat.has("note", x)]
        data["storage"] = [x for x in storage if x not in moved]
        data["notes"] = list(data.get("notes") or []) + moved
        added = [w for w in wisdom if w not in (data.get("wisdom") or [])]
        data["wisdom"] = wisdom
        data["format"] = 2
        notes.append(
            "the campaign was saved in document format 1 and is read as format 2: "
            + (
                f"the team holds the Wisdom cards it earned ({', '.join(added)})"
                if added
                else "no Wisdom card earned yet"
            )
            + (f", the Notes {', '.join(moved)} move to the Note cards Storage" if moved else "")
            + "; a Slumber Location now plays one Slumber, not a journey"
        )
    return data, notes


__all__ = [
    "DEATH_REASONS",
    "FORMAT",
    "Campaign",
    "Holding",
    "Phase",
    "Progress",
    "load",
    "migrate",
]
