"""Sleep Tight's pieces of state: a seat (one record per player), a play, and the zones
every component lies in, with who sees them (sleep-tight "Components", "3. Play Actions
Facedown")."""

from __future__ import annotations

from typing import Any

from ...core.zones import COUNT_ONLY, OWNER, PUBLIC, Pool, Zone
from .params import START_FRAGMENTS, TOTAL_FRAGMENTS


class Play:
    """A card (or a stack of two) played in phase 3."""

    __slots__ = ("bottom", "card", "face_up", "status")

    def __init__(self, card: str, bottom: str | None = None, face_up: bool = False) -> None:
        self.card = card
        self.bottom = bottom
        self.face_up = face_up
        self.status = "revealed" if face_up else "hidden"
        """hidden, revealed, failed (discarded or cancelled: no effect) or resolved."""

    def copy(self) -> Play:
        new = Play.__new__(Play)
        new.card, new.bottom, new.face_up, new.status = (
            self.card,
            self.bottom,
            self.face_up,
            self.status,
        )
        return new

    def to_dict(self) -> dict[str, Any]:
        return {
            "card": self.card,
            "bottom": self.bottom,
            "face_up": self.face_up,
            "status": self.status,
        }

    def public_dict(self) -> dict[str, Any]:
        """What other seats see before the reveal: a stack's bottom card is face up, its top
        card face down (sleep-tight "Reducing Fragment Requirements by Discarding Cards")."""
        out = self.to_dict()
        if self.status == "hidden":
            out["card"] = None
        return out


class SeatState:
    """One player's part of the state: fragments, hand, role, Dreamscape, the round's plays
    and protections (sleep-tight "Setup", "Playing the Game"). Work still owed (cards
    discarded face down until the reveal) lives in the flow's steps, not here."""

    __slots__ = (
        "agent_round",
        "alive",
        "buys",
        "dreamscape",
        "fragments",
        "hand",
        "killer",
        "known_hand",
        "plays",
        "prevent_players",
        "prevent_sandman",
        "role",
        "shield",
        "untouchable",
        "wake_seen",
    )

    def __init__(self) -> None:
        self.fragments = START_FRAGMENTS
        self.alive = True
        self.hand: list[str] = []
        self.known_hand: list[str] = []
        """Cards every seat knows are in this hand: shown at the table (a discard the pile
        could not pay, a play whose requirement was not met) and not seen leaving it since
        (sleep-tight "3. Play Actions Facedown"). Public, so it changes only with what every
        seat sees; while the face-down plays are hidden it may still count a card the seat
        has just played or discarded face down (settled at the reveal)."""
        self.role = "dreamer"
        """dreamer, undercover or exposed (sleep-tight "Playing as an Undercover Agent"); a
        living dreamer holding I Am the Sandman has the Sandman's offer still to answer
        (``SleepTightState.offer_open``)."""
        self.agent_round = -1
        """The round in which the seat accepted the Sandman's offer."""
        self.dreamscape: str | None = None
        self.plays: list[Play] = []
        self.buys = 0
        self.prevent_sandman = 0
        self.prevent_players = 0
        self.shield = False
        self.untouchable = False
        self.killer: tuple[int, str] | None = None
        self.wake_seen: tuple[int, int] | None = None

    def copy(self) -> SeatState:
        new = SeatState.__new__(SeatState)
        new.fragments = self.fragments
        new.alive = self.alive
        new.hand = list(self.hand)
        new.known_hand = list(self.known_hand)
        new.role = self.role
        new.agent_round = self.agent_round
        new.dreamscape = self.dreamscape
        new.plays = [p.copy() for p in self.plays]
        new.buys = self.buys
        new.prevent_sandman = self.prevent_sandman
        new.prevent_players = self.prevent_players
        new.shield = self.shield
        new.untouchable = self.untouchable
        new.killer = self.killer
        new.wake_seen = self.wake_seen
        return new

    def forget(self, card: str) -> None:
        """``card`` left the hand in view: one known copy of it is no longer in the hand."""
        if card in self.known_hand:
            self.known_hand.remove(card)

    def forget_unseen(self) -> None:
        """A card nobody else saw left the hand: any known card may be the one, so one copy
        of each is no longer known to be there."""
        for card in set(self.known_hand):
            self.known_hand.remove(card)

    def remember(self, card: str) -> None:
        """``card`` went back into the hand in view of every seat."""
        self.known_hand.append(card)
        self.known_hand.sort()

    def end_round(self) -> None:
        """The round's protections end (sleep-tight "4. Resolve Actions and the Sandman")."""
        self.prevent_sandman = 0
        self.prevent_players = 0
        self.shield = False
        self.untouchable = False


ZONES: tuple[Zone | Pool, ...] = (
    # Action cards (sleep-tight "Components", "Setup", "3. Play Actions Facedown")
    Zone("action_deck", COUNT_ONLY, deal_group="actions"),
    Zone("hand", OWNER, per_seat=True, deal_group="actions", deal_per_owner=False),
    # cards played face down, and discarded face down (for a fragment, or as the exposed
    # agent's harm) until the reveal: to the other seats, still cards in the hand
    Zone("face_down", OWNER, per_seat=True, ordered=True, counted_in="hand"),
    Zone("discarding", OWNER, per_seat=True, ordered=True, counted_in="hand"),
    # the exposed agent's harm discards after the reveal, until they deal their damage
    Zone("harm", OWNER, per_seat=True, ordered=True),
    # the face-down top card of a stack ("Reducing Fragment Requirements by Discarding
    # Cards"): it left the hand in view, onto a face-up bottom card
    Zone(
        "stack_top", OWNER, per_seat=True, ordered=True, deal_group="actions", deal_per_owner=False
    ),
    Zone("in_play", PUBLIC, per_seat=True, ordered=True),
    Zone("action_discard", PUBLIC),
    Zone("removed", PUBLIC),
    Zone("exposed", PUBLIC, ordered=True),
    # Dreamscapes ("1. Draw Dreamscapes and Take Soul Fragments")
    Zone("dream_deck", COUNT_ONLY),
    Zone("dreamscape", PUBLIC, per_seat=True),
    Zone("dream_discard", PUBLIC, ordered=True),
    Zone("dream_box", COUNT_ONLY),
    # The Sandman ("4. Resolve Actions and the Sandman Card"; "Make the Game a Little Easier")
    Zone("sandman_deck", COUNT_ONLY),
    Zone("sandman_reserved", COUNT_ONLY, counted_in="sandman_deck"),
    Zone("sandman_card", PUBLIC),
    Zone("sandman_discard", PUBLIC, ordered=True),
    Zone("sandman_box", COUNT_ONLY),
    # Soul Fragments: 26 in the whole game ("Components")
    Pool("pile", TOTAL_FRAGMENTS),
    Pool("fragments", TOTAL_FRAGMENTS, per_seat=True),
)
"""Where every Sleep Tight component is and who sees it (``core.zones``): the observation
and ``determinize`` are derived from these declarations (``observation.py``)."""

Place = tuple[str, int | None]
"""A zone of ``ZONES`` and its owner seat (None for a shared zone)."""

_DECLARED: dict[str, Zone] = {d.name: d for d in ZONES if isinstance(d, Zone)}
_WATCHERS: dict[tuple[Place, ...], tuple[int, ...] | None] = {}


def _face_seen_by(place: Place) -> tuple[int, ...] | None:
    """The seats that see the faces of cards in ``place`` by its declaration: None for
    every seat (public), the owner (owner-only), nobody (count only, hidden content)."""
    zone, owner = place
    d = _DECLARED.get(zone)
    if d is None:
        raise KeyError(f"{zone!r} is not a zone of model.ZONES")
    if d.hidden_content:
        return ()
    if d.visibility is PUBLIC:
        return None
    if d.visibility is OWNER and owner is not None:
        return (owner,)
    return ()


def watchers(*places: Place) -> tuple[int, ...] | None:
    """Who may see a card's face in any of ``places`` (where it was and where it goes):
    None when one of them is public, else the seats their declarations let see it, in the
    order of ``places`` (an empty tuple: nobody). The ``visible_to`` of an event that
    names a moved card (``SleepTightState.moved``), as ``core.zones.Table.move`` derives
    it from the same declarations."""
    found = _WATCHERS.get(places)
    if found is not None or places in _WATCHERS:
        return found
    seats: list[int] = []
    out: tuple[int, ...] | None = None
    for place in places:
        seen = _face_seen_by(place)
        if seen is None:
            break
        seats.extend(x for x in seen if x not in seats)
    else:
        out = tuple(seats)
    _WATCHERS[places] = out
    return out
