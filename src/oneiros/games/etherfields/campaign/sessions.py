"""Sessions: how a campaign chains its Dreams, Dreamworld legs and (to come) Slumbers.

Every session has one interface: a game of ``etherfields`` configured by ``session_game``
(the option ``campaign`` holds the snapshot's JSON, so the session's record replays on its
own) whose state starts from the Dreamers' holdings in the snapshot, and whose
``carry_over()`` at the end returns the next snapshot with the Dreamers' holdings as they
are then. ``doc.next`` says which kind comes next:

==============  ===========================================  ======================
``next``        session                                      scenario option
``dream:<g>``   the Dream of Gate ``g`` (``campaign.dream``)  ``dream:<g>``
``dreamworld``  a Dreamworld leg (``campaign.dreamworld``)    ``dreamworld``
``slumber``     one Slumber (``campaign.slumber``)            ``visit``
``fate``        one Fate card (``campaign.slumber``)          ``fate``
==============  ===========================================  ======================

``campaign.slumber`` joins with ``register(SessionKind("slumber", scenario=...))``; its
state's ``carry_over()`` returns the next ``Campaign`` as JSON (``campaign.dream.holdings``
reads a table's Dreamer zones back into ``Holding`` values, for a Dream and a Slumber
alike). A session recorded before format 2 played ``journey`` (Slumbers up to the Delta
Phase): its record names that scenario and still replays.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ....core.content import Catalog
from ....core.errors import ConfigError
from .document import Campaign, Holding, SessionLog

if TYPE_CHECKING:
    from ....core import State
    from ..game import EtherfieldsGame


@dataclass(frozen=True)
class SessionKind:
    """A kind of session: the ``scenario`` option it plays for a snapshot."""

    name: str
    scenario: Callable[[Campaign], str]


SESSIONS: dict[str, SessionKind] = {}


def register(kind: SessionKind) -> None:
    SESSIONS[kind.name] = kind


register(SessionKind("dream", lambda doc: doc.next))
register(SessionKind("dreamworld", lambda doc: "dreamworld"))


def kind_of(doc: Campaign) -> str:
    return doc.next.split(":", 1)[0]


def session_options(doc: Campaign) -> dict[str, Any]:
    """The game options of the session that plays ``doc.next``."""
    kind = SESSIONS.get(kind_of(doc))
    if kind is None:
        raise ConfigError(
            f"the campaign's next session is a {kind_of(doc)}, which this engine does not play yet"
        )
    return {
        **doc.options,
        "scenario": kind.scenario(doc),
        "campaign": doc.dumps(),
        "dreamers": ",".join(h.dreamer for h in doc.dreamers),
        "masks": ",".join(h.mask or "-" for h in doc.dreamers),
    }


def session_game(doc: Campaign) -> EtherfieldsGame:
    from ..game import EtherfieldsGame

    return EtherfieldsGame(players=doc.players, options=session_options(doc))


def next_snapshot(doc: Campaign, state: State, seconds: float = 0.0) -> Campaign:
    """The snapshot a finished session leaves, its log entry added."""
    data = state.carry_over()
    if not data:
        raise ConfigError("the session is not over: it leaves no snapshot yet")
    new = Campaign.model_validate(data)
    progress = new.progress.model_copy(deep=True)
    progress.sessions += 1
    progress.log.append(
        SessionLog(
            n=progress.sessions,
            kind=kind_of(doc),
            scenario=session_options(doc)["scenario"],
            start=doc.snapshot,
            start_hash=doc.hash(),
            seed=int(getattr(state, "seed", 0) or 0),
            end=str(state.end_reason() or "over"),
            decisions=len(state.history()),
            seconds=round(seconds, 3),
        )
    )
    return new.model_copy(update={"progress": progress})


def save_inside_dream(doc: Campaign, state: State) -> Campaign:
    """ "Saving Your Game": saving inside a Dream is a Death ("Distress and Dying")."""
    from .dream import finish

    if kind_of(doc) != "dream":
        raise ConfigError("only a Dream in progress is saved as a Death")
    return finish(doc, state)  # type: ignore[arg-type]


# -- a new campaign, and a change of players ---------------------------------------------------


def starting_holding(cat: Catalog, dreamer: str) -> Holding:
    """ "Starting the Campaign — Choosing Your Dreamer": the Dreamer's 22-card deck."""
    board = cat.get("dreamer", dreamer)
    deck = sorted(face for face, n in board.starting_deck.items() for _ in range(n))
    return Holding(dreamer=dreamer, deck=deck)


def new_campaign(
    cat: Catalog,
    name: str,
    players: int,
    dreamers: list[str] | None = None,
    options: dict[str, Any] | None = None,
) -> Campaign:
    """A new campaign: the Dreamers with their starting decks, the Market of every plain
    card ("Influence Market & Buying New Influence Cards"), an empty Item Market, the
    content's start; the first session is the First Dream ("Game Setup")."""
    starts = cat.all("campaign")
    if not starts:
        raise ConfigError("the content pack has no campaign (campaign/*.toml)")
    start = starts[0]
    if not 1 <= players <= 4:
        raise ConfigError(f"an Etherfields campaign has 1 to 4 Dreamers, not {players}")
    known = cat.ids("dreamer")
    chosen = dreamers or known[:players]
    if len(chosen) != players or len(set(chosen)) != players:
        raise ConfigError(f"{players} players need {players} different Dreamers")
    for d in chosen:
        if d not in known:
            raise ConfigError(f"unknown Dreamer {d!r} (Dreamers: {', '.join(known)})")
    holdings = [starting_holding(cat, d) for d in chosen]
    market = sorted(
        c.id
        for c in cat.all("influence")
        if c.back == "plain" and c.ether_cost is not None
        for _ in range(c.copies)
    )
    from ..params import ITEM_SLOTS

    return Campaign(
        name=name,
        content=cat.hash,
        players=players,
        dreamers=holdings,
        location=start.awakening,
        season=start.season,
        items=list(start.items[:ITEM_SLOTS]),
        storage=list(start.items[ITEM_SLOTS:]),
        item_market=list(start.item_market),
        market=market,
        gates=list(start.gates),
        shopping=start.shopping,
        vouchers_left=start.vouchers,
        next=f"dream:{start.first_gate}",
        phase="awaken",
        entry=holdings,
        options=dict(options or {}),
    )


def players_fixed(doc: Campaign) -> str | None:
    """Why the number of Dreamers cannot change now ("Adding a New Dreamer": only between
    evenings, that is before the first session or after a save), or None when it can."""
    if doc.finished:
        return f"the campaign {doc.name!r} is over"
    if not (doc.next == "dreamworld" and doc.phase == "setup") and doc.snapshot > 0:
        return (
            "the number of Dreamers changes only between evenings: play on until the team "
            'saves on the Dreamworld map ("Saving Your Game")'
        )
    return None


def with_players(cat: Catalog, doc: Campaign, players: int) -> Campaign:
    """ "Adding a New Dreamer": between evenings the team may grow or shrink. A Dreamer who
    sat out returns with what they held; a new one takes an unused Dreamer and its starting
    deck; absentees wait in ``benched``. The player count then sets Hours and the Player
    Count icon in every later session."""
    if players == doc.players:
        return doc
    if not 1 <= players <= 4:
        raise ConfigError(f"{players} players is not allowed (from 1 to 4)")
    fixed = players_fixed(doc)
    if fixed:
        raise ConfigError(fixed)
    seated = list(doc.dreamers)
    benched = list(doc.benched)
    while len(seated) > players:
        benched.append(seated.pop())
    while len(seated) < players:
        if benched:
            seated.append(benched.pop(0))
            continue
        used = {h.dreamer for h in seated + benched}
        free = [d for d in cat.ids("dreamer") if d not in used]
        if not free:
            raise ConfigError("no unused Dreamer is left")
        seated.append(starting_holding(cat, free[0]))
    update: dict[str, Any] = {"players": players, "dreamers": seated, "benched": benched}
    if doc.entry is not None:  # before the First Dream: what each Dreamer holds at its Gate
        update["entry"] = [h.model_copy(deep=True) for h in seated]
    return doc.model_copy(update={**update, "first": 0})


from . import slumber as _slumber  # noqa: E402, F401  (registers the slumber session kind)


class Timer:
    """Seconds a session took (``next_snapshot``'s ``seconds``)."""

    def __init__(self) -> None:
        self.t0 = time.perf_counter()

    def __call__(self) -> float:
        return time.perf_counter() - self.t0


__all__ = [
    "SESSIONS",
    "SessionKind",
    "Timer",
    "kind_of",
    "new_campaign",
    "next_snapshot",
    "register",
    "save_inside_dream",
    "session_game",
    "session_options",
    "with_players",
]
