"""Campaigns of Etherfields as the command line and the simulator see them (the game's
``campaign_support``): make, load and describe documents, configure the next session and
turn its end into the next snapshot. Everything returned is plain data."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ....core import State
from ....core.errors import ConfigError
from .. import catalog as content
from . import sessions
from .document import FORMAT, Campaign, load, migrate
from .render import wisdom_rows

GAME = "etherfields"


def _catalog(options: dict[str, Any] | None = None) -> Any:
    return content.catalog(content.pack_path(str((options or {}).get("content", ""))))


def new(
    name: str,
    players: int,
    dreamers: list[str] | None = None,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A new campaign document ("Starting the Campaign — Choosing Your Dreamer")."""
    return sessions.new_campaign(_catalog(options), name, players, dreamers, options).to_json()


def check(data: Any) -> tuple[dict[str, Any], list[str]]:
    """A saved document checked against this engine: the document and notes on what
    changed; a one-line ``ConfigError`` when it cannot continue."""
    opts = data.get("options", {}) if isinstance(data, dict) else {}
    doc, notes = load(data, _catalog(opts))
    return doc.to_json(), notes


def _doc(data: dict[str, Any]) -> Campaign:
    """The document, an older format read as the current one (``document.migrate``)."""
    if isinstance(data, dict) and int(data.get("format", FORMAT)) < FORMAT:
        data, _notes = migrate(data, _catalog(data.get("options")))
    return Campaign.model_validate(data)


def change_players(data: dict[str, Any], players: int) -> dict[str, Any]:
    """ "Adding a New Dreamer": the document for another number of players."""
    doc = _doc(data)
    return sessions.with_players(_catalog(doc.options), doc, players).to_json()


def players(data: dict[str, Any]) -> dict[str, Any]:
    """ "Adding a New Dreamer": how many Dreamers play (``count``), how many may (``min``,
    ``max``) and why the number cannot change now (``fixed``; None when it can)."""
    doc = _doc(data)
    return {"count": doc.players, "min": 1, "max": 4, "fixed": sessions.players_fixed(doc)}


def saving(data: dict[str, Any]) -> dict[str, Any]:
    """ "Saving Your Game" while the session ``doc.next`` is played: whether saving ends it
    (``ends``: inside a Dream, a Death; see :func:`interrupt`) and what it means (``note``)."""
    kind = sessions.kind_of(_doc(data))
    if kind == "dream":
        return {
            "ends": True,
            "note": 'Saving inside a Dream is treated as a Death ("Saving Your Game", '
            '"Distress and Dying"): the Dream ends now, each Dreamer takes back what they '
            "held at its Gate, the Gate can be tried again and the team Awakens.",
        }
    if kind == "dreamworld":
        note = (
            "On the Dreamworld map the team saves after a Location's effect: choose "
            '"Save the campaign and stop for tonight" ("Saving Your Game"). Until then the '
            "leg waits where it stopped."
        )
    else:
        note = (
            "A Slumber journey cannot be saved inside: it waits where it stopped and "
            "continues when you come back."
        )
    return {"ends": False, "note": note}


def session(data: dict[str, Any]) -> tuple[Any, str]:
    """The configured game of the next session, and what it is (``dream:OD-01X``...)."""
    doc = _doc(data)
    if doc.finished:
        raise ConfigError(f"the campaign {doc.name!r} is over: every Dream Gate is won")
    return sessions.session_game(doc), doc.next


def finish(data: dict[str, Any], state: State, seconds: float = 0.0) -> dict[str, Any]:
    """The next snapshot, once the session ``state`` is over."""
    return sessions.next_snapshot(_doc(data), state, seconds).to_json()


def interrupt(data: dict[str, Any], state: State) -> dict[str, Any] | None:
    """ "Saving Your Game" in the middle of a session: inside a Dream it is a Death and
    gives the next snapshot; elsewhere None (the session is kept and resumed as it is)."""
    doc = _doc(data)
    if sessions.kind_of(doc) != "dream":
        return None
    new = sessions.save_inside_dream(doc, state)
    progress = new.progress.model_copy(deep=True)
    progress.sessions += 1
    return new.model_copy(update={"progress": progress}).to_json()


def summary(data: dict[str, Any]) -> dict[str, Any]:
    """One line of ``campaign list``."""
    doc = _doc(data)
    p = doc.progress
    won = sum(1 for v in p.dreams.values() if "victory" in v)
    return {
        "players": doc.players,
        "dreamers": ", ".join(h.dreamer for h in doc.dreamers),
        "snapshot": doc.snapshot,
        "sessions": p.sessions,
        "evenings": p.evenings,
        "dreams won": f"{won}/{won + len(doc.gates)}",
        "next": "over" if doc.finished else doc.next,
    }


def describe(data: dict[str, Any]) -> dict[str, Any]:
    """What ``campaign show`` prints: sections of ``(label, value)`` rows."""
    doc = _doc(data)
    cat = _catalog(doc.options)
    season = cat.get("season", doc.season)
    rows_map = []
    for loc in cat.all("location"):
        outs = [
            f"{a.end}{' (shortcut)' if a.shortcut else ''}"
            for a in cat.all("arrow")
            if a.start == loc.id
        ]
        mark = " <- Team marker" if loc.id == doc.location else ""
        what = (
            loc.kind
            + (f" {loc.gate}" if loc.gate else "")
            + (f" +{loc.keys} Keys" if loc.keys else "")
            + (f" +{loc.ether} Ether" if loc.ether else "")
        )
        rows_map.append((f"{loc.id}{mark}", f"{loc.district}; {what}; to {', '.join(outs)}"))
    dreamers = []
    for seat, h in enumerate(doc.dreamers):
        dreamers.append(
            (
                f"{seat}: {h.dreamer}",
                f"deck {len(h.deck)}, hand {len(h.hand)}, discard {len(h.discard)}, "
                f"sealed {len(h.sealed)}, Progress {len(h.progress)}, in the box "
                f"{len(h.aside)}; Ether {h.ether}, Gems {h.gems}, Distress {h.distress}, "
                f"vouchers {h.vouchers}; Mask {h.mask or '-'} (owns {', '.join(h.masks) or '-'})",
            )
        )
    for h in doc.benched:
        dreamers.append((f"-: {h.dreamer}", f"sits out; {len(h.cards())} cards"))
    team = [
        ("Keys", str(doc.keys)),
        ("Active Items", ", ".join(doc.items) or "-"),
        ("Storage", ", ".join(doc.storage) or "-"),
        ("Shopping card", "held" if doc.shopping else "in the Secrets"),
        ("Influence Market", f"{len(doc.market)} cards"),
        ("Item Market", f"{len(doc.item_market)} Items"),
        ("Ether vouchers left", str(doc.vouchers_left)),
    ]
    seasons = [
        ("Active", f"{season.id}: {season.name} ({season.polarity}) - {season.text}"),
        *[(s.id, f"{s.name} ({s.polarity})") for s in cat.all("season") if s.id != season.id],
    ]
    flags = [
        ("Flags", ", ".join(doc.flags) or "-"),
        ("Revealed", ", ".join(doc.revealed) or "-"),
        ("Removed", ", ".join(doc.removed) or "-"),
    ]
    p = doc.progress
    progress = [
        ("Next", "over" if doc.finished else f"{doc.next} ({doc.phase})"),
        ("Dream Gates left", ", ".join(doc.gates) or "-"),
        *[(f"Dream {g}", ", ".join(v)) for g, v in p.dreams.items()],
        ("Sessions / evenings", f"{p.sessions} / {p.evenings}"),
        ("Deaths", str(p.deaths)),
        ("Slumbers visited", _journeys(p.journeys, p.slumbers)),
        ("Fate cards drawn", ", ".join(p.fates) or "-"),
        ("Slumber Dreamscape", _dreamscape(doc.slumber)),
        ("Locations resolved", str(p.locations)),
        ("Snapshot", f"{doc.snapshot} ({doc.hash()})"),
    ]
    return {
        "title": f"{doc.name}: Etherfields campaign, {doc.players} Dreamers",
        "sections": {
            "Dreamworld map": rows_map,
            "Dreamers": dreamers,
            "Team": team,
            "Wisdom and Notes": wisdom_rows(doc),
            "Seasons": seasons,
            "Flags": flags,
            "Progress": progress,
        },
    }


def _journeys(n: int, slumbers: list[list[str]]) -> str:
    """ "3 (Slumbers: won 5, skipped 1)": journeys played and the Slumbers met on them."""
    counts = Counter(r for _tile, r in slumbers)
    met = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
    return f"{n} (Slumbers: {met})" if met else str(n)


def _dreamscape(slumber: dict[str, Any]) -> str:
    """The Slumber map between two Slumbers ("Slumber Entity Tiles"), or its Setup tiles."""
    if not slumber.get("tiles"):
        return "the 2 Setup tiles (set up at the next Slumber)"
    quirks = ", ".join(f"{face} at {ref}" for ref, face in slumber.get("quirks", []))
    return (
        f"tiles {', '.join(slumber['tiles'])}; Quirks {quirks or '-'}; Hours "
        f"{slumber.get('hours', '-')}"
    )


__all__ = [
    "GAME",
    "change_players",
    "check",
    "describe",
    "finish",
    "interrupt",
    "new",
    "players",
    "saving",
    "session",
    "summary",
]
