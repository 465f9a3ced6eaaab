"""A Dream played from a campaign snapshot, and the snapshot it leaves.

The Dream itself is the one ``EtherfieldsState`` plays (``scenario=dream:<gate>``); with the
option ``campaign`` (the snapshot's JSON) its Dreamers start from what they hold in the
snapshot instead of their starting decks (``lay_out``, called by the state), and at its end
``finish`` reads the table back into the next snapshot:

- victory or defeat: "Finishing Dreams/Slumbers": hand, placed Progress, Shining Gems,
  Distress and Sealed cards stay as they are, nothing is reshuffled; the Dreamers return to
  the Team marker; Items and Masks revealed as rewards are gained; the Season the Dream's
  outcome names becomes active ("Season Cards"); a won Dream's Gate leaves the envelope;
  after the First Dream the team Awakens ("Finishing Dreams/Slumbers") and holds the
  Awakening and Dreamworld Map Wisdom cards; Notes revealed go to the Note cards Storage
  ("Note Cards"), Wisdom cards revealed are kept ("Wisdom Cards"), and so are those
  ``gain_note`` and ``gain_wisdom`` gave; Deliverance unlocked in
  the Dream stays unlocked ("Slumber Entity Tiles", the campaign's flag ``deliverance``).
- a Death ("Distress and Dying"): the original Death Wisdom card's steps: every card gained
  in the Dream is lost and each Dreamer takes back what they held at the Gate, Ether and
  Gems as they were; the Gate is kept; the Season does not change ("Season Cards": dying
  does not cause Seasons to change); then the team Awakens. The first Death gains the
  Death Wisdom card ("reveal II-42 I Secret card if it is not revealed yet").
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import TYPE_CHECKING, Any

from ....core.errors import ConfigError
from .document import DEATH_REASONS, Campaign, Holding
from .wisdom import AFTER_FIRST_DREAM, gained

if TYPE_CHECKING:
    from ..state import EtherfieldsState

ZONES = ("deck", "hand", "discard", "sealed", "progress")


@functools.lru_cache(maxsize=32)
def _parse(raw: str) -> Campaign:
    try:
        return Campaign.model_validate_json(raw)
    except ValueError as exc:
        first = str(exc).splitlines()
        raise ConfigError(
            f"etherfields: the option campaign is not a Campaign document: {first[0]}"
        ) from None


def snapshot_of(options: dict[str, Any]) -> Campaign | None:
    """The campaign snapshot a session starts from (option ``campaign``), or None."""
    raw = options.get("campaign") or ""
    return _parse(raw) if raw else None


def card_ident(face: str, seat: int, back: str, counts: Counter[str]) -> str:
    """The entity id of a Dreamer's card: ``gained.<card>`` for a Secret card (it exists
    once, "Component Limitations"), else ``<seat>.<card>.<k>`` as in a starting deck."""
    if back == "secret":
        return f"gained.{face}"
    counts[face] += 1
    return f"{seat}.{face}.{counts[face]}"


def lay_out(s: EtherfieldsState, doc: Campaign) -> None:
    """Put each Dreamer's holdings, the team's Items and Keys on the table of a Dream that
    starts from ``doc`` ("Game Setup" step 4: each Dreamer takes their Influence cards)."""
    cat = s.catalog
    table = s.table
    for seat, held in enumerate(doc.dreamers):
        counts: Counter[str] = Counter()
        for zone in ZONES:
            faces = getattr(held, zone)
            for face in sorted(faces) if zone == "deck" else faces:
                # a Flaw or another non-Influence card is numbered like a starting card
                back = cat.get("influence", face).back if cat.has("influence", face) else ""
                table.create(card_ident(face, seat, back, counts), face, zone, seat)
    for item in doc.items:
        table.create(f"item.{item}", item, "items")
    for item in doc.storage:
        if cat.has("item", item):
            table.create(f"item.{item}", item, "storage")


def restore(s: EtherfieldsState, doc: Campaign) -> None:
    """The Dreamers' Ether, Gems and Distress and the team's Keys, taken from their pools
    ("Component Limitations")."""
    for seat, held in enumerate(doc.dreamers):
        s.ether[seat] = s.table.take("ether", held.ether)
        s.gems[seat] = s.table.take("gems", held.gems)
        s.distress[seat] = s.table.take("distress", held.distress)
    if doc.keys:
        s.team["keys"] = s.table.take("keys", doc.keys)


def holdings(s: EtherfieldsState, doc: Campaign | None = None) -> list[Holding]:
    """Each Dreamer's holdings as the session's table (a Dream's or a Slumber's) shows them
    now; with ``doc``, the snapshot the session started from, what never comes to the table
    (cards in the box, Masks owned, Ether vouchers) is taken from it."""
    out = []
    faces = s.table.faces
    for seat, dreamer in enumerate(s.dreamers):
        zones: dict[str, Any] = {z: [faces[i] for i in s.table.ids(z, seat)] for z in ZONES}
        zones["deck"] = sorted(zones["deck"])
        zones.update(
            dreamer=dreamer,
            ether=s.ether[seat],
            gems=s.gems[seat],
            distress=s.distress[seat],
            mask=s.masks[seat],
        )
        out.append(Holding.model_validate(zones))
    for old, held in zip(doc.dreamers if doc is not None else (), out, strict=True):
        held.aside = list(old.aside)
        held.masks = list(old.masks)
        held.vouchers = old.vouchers
    return out


def team_cards(s: EtherfieldsState) -> list[tuple[str, str, Any]]:
    """The Note and Wisdom abilities a Dream of the campaign offers ("Note Cards": "can be
    used in a specific situation or in a particular Dream", "by any Dreamer"; "Wisdom
    Cards": always active): ``(kind, id, ability)`` for the Notes in the snapshot's Storage
    and its Wisdom cards, but not an ability marked ``dreamworld`` (the map's) nor a
    one-use Note already used in this Dream."""
    doc = snapshot_of(s.game.options)
    if doc is None:
        return []
    cat = s.catalog
    out = []
    for kind, held in (("note", doc.notes), ("wisdom", doc.wisdom)):
        if kind not in cat.kinds():
            continue
        for ident in held:
            if not cat.has(kind, ident) or (kind == "note" and ident in used_notes(s)):
                continue
            for ability in cat.get(kind, ident).abilities:
                if "dreamworld" not in ability.keywords:
                    out.append((kind, ident, ability))
    return out


def team_card_ability(s: EtherfieldsState, kind: str, ident: str, ab: str) -> Any:
    """The ability ``use:<kind>:<id>:<ab>`` names (``team_cards``), or None."""
    return next(
        (a for k, i, a in team_cards(s) if (k, i, a.id) == (kind, ident, ab)),
        None,
    )


def used_notes(s: EtherfieldsState) -> set[str]:
    """The one-use Notes used in this Dream ("Note Cards": usually one-use)."""
    cat = s.catalog
    out = set()
    for key in s.used:
        kind, _, rest = key.partition(":")
        ident = rest.split(":", 1)[0]
        known = kind == "note" and "note" in cat.kinds() and cat.has("note", ident)
        if known and cat.get("note", ident).one_use:
            out.add(ident)
    return out


def team_items(s: EtherfieldsState, doc: Campaign) -> tuple[list[str], list[str]]:
    """The team's active Items and Storage as the session's table shows them ("Items"),
    Note cards in Storage kept from ``doc``."""
    faces = s.table.faces
    items = [faces[i] for i in s.table.ids("items")]
    storage = [faces[i] for i in s.table.ids("storage")] + [
        n for n in doc.storage if not s.catalog.has("item", n)
    ]
    return items, storage


def finish(doc: Campaign, s: EtherfieldsState) -> Campaign:
    """The snapshot after the Dream ``s`` played from ``doc`` has ended (or was saved inside,
    "Saving Your Game": treated as a Death)."""
    gate = s.gate_id
    reason = s.reason if s.outcome is not None else "saved"
    outcome = s.outcome or "defeat"
    died = reason in DEATH_REASONS or reason == "saved"
    progress = doc.progress.model_copy(deep=True)
    progress.dreams.setdefault(gate, []).append("death" if died else outcome)
    # "Finishing Dreams/Slumbers": after the First Dream the Dreamers Awaken
    first_dream = gate == _first_gate(s) and sum(map(len, progress.dreams.values())) == 1
    cat = s.catalog
    # "Awakening", "Dreamworld Map": their Wisdom cards come with the end of the First Dream
    wisdom = gained(cat, doc.wisdom, *AFTER_FIRST_DREAM) if first_dream else list(doc.wisdom)
    if died:
        progress.deaths += 1
        entry = doc.entry or doc.dreamers
        return doc.following(
            dreamers=[h.model_dump(mode="json") for h in _kept(entry, doc)],
            wisdom=gained(cat, wisdom, "death"),  # "resolve the Death Wisdom card"
            entry=None,
            next="dreamworld",
            phase="awaken",
            progress=progress.model_dump(mode="json"),
        )
    held = holdings(s, doc)
    items, storage = team_items(s, doc)
    spent = used_notes(s)  # a one-use Note used in the Dream leaves the Storage
    notes = [n for n in doc.notes if n not in spent]
    for code in s.revealed:  # rewards revealed by the Dream's scripts ("Reveal")
        if not cat.has("secret", code):
            continue
        secret = cat.get("secret", code)
        if secret.holds_kind == "item" and secret.holds not in items + storage:
            storage.append(secret.holds)
        elif secret.holds_kind == "mask":
            owner = cat.get("mask", secret.holds).owner
            seat = next((k for k, h in enumerate(held) if h.dreamer == owner), s.first)
            if secret.holds not in held[seat].masks:
                held[seat].masks.append(secret.holds)
        elif secret.holds_kind == "note" and secret.holds not in notes + doc.removed:
            notes.append(secret.holds)  # "Note Cards": kept in the Storage
        elif secret.holds_kind == "wisdom" and secret.holds not in wisdom:
            wisdom.append(secret.holds)  # "Wisdom Cards": always active
    notes, wisdom = with_gained(s, doc, notes, wisdom)
    season = doc.season
    for card in cat.all("season"):  # "Season Cards": the hint of the active card
        if (gate, outcome) in [tuple(x) for x in card.after]:
            season = card.id
    gates = [g for g in doc.gates if not (g == gate and outcome == "victory")]
    keys = s.team.get("keys", 0)
    from ..slumber_state import DELIVERANCE

    # "Slumber Entity Tiles": Deliverance unlocked in the Dream stays unlocked for the rest
    # of the campaign (``unlock_deliverance`` keeps it as the Dream's flag)
    flags = sorted(set(doc.flags) | ({DELIVERANCE} & set(s.flags)))
    return doc.following(
        dreamers=[h.model_dump(mode="json") for h in held],
        entry=None,
        flags=flags,
        items=items,
        storage=storage,
        notes=notes,
        wisdom=wisdom,
        keys=keys,
        season=season,
        gates=gates,
        revealed=sorted(set(doc.revealed) | set(s.revealed)),
        removed=[*doc.removed, *sorted(spent)],
        next="dreamworld",
        phase="awaken" if first_dream else "travel",
        finished=not gates,
        progress=progress.model_dump(mode="json"),
    )


def with_gained(
    s: EtherfieldsState, doc: Campaign, notes: list[str], wisdom: list[str]
) -> tuple[list[str], list[str]]:
    """The Note cards Storage and the Wisdom cards with what ``gain_note`` and
    ``gain_wisdom`` gave in the session ``s`` ("Note Cards": kept in the Storage, found
    once; "Wisdom Cards": always active)."""
    from ..ops_extra import gained_cards

    notes, wisdom = list(notes), list(wisdom)
    for note in gained_cards(s, "note"):
        if note not in notes + doc.removed:
            notes.append(note)
    for card in gained_cards(s, "wisdom"):
        if card not in wisdom:
            wisdom.append(card)
    return notes, wisdom


def _kept(entry: list[Holding], doc: Campaign) -> list[Holding]:
    """The Death card's holdings: what each Dreamer held at the Gate (cards gained in the
    Dream lost), their Masks as they own them now."""
    out = []
    for old, now in zip(entry, doc.dreamers, strict=True):
        kept = old.model_copy(deep=True)
        kept.masks = list(now.masks)
        out.append(kept)
    return out


def _first_gate(s: EtherfieldsState) -> str | None:
    starts = s.catalog.all("campaign")
    return starts[0].first_gate if starts else None


__all__ = [
    "finish",
    "holdings",
    "lay_out",
    "restore",
    "snapshot_of",
    "team_card_ability",
    "team_cards",
    "team_items",
    "used_notes",
    "with_gained",
]
