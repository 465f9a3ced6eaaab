"""Sleep Tight's pieces of state: a seat (one record per player) and a play (sleep-tight
"Components", "3. Play Actions Facedown")."""

from __future__ import annotations

from typing import Any

from .params import START_FRAGMENTS


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
    and protections (sleep-tight "Setup", "Playing the Game")."""

    __slots__ = (
        "agent_round",
        "alive",
        "buys",
        "consumer_extra",
        "dreamscape",
        "fragments",
        "hand",
        "killer",
        "pending_discards",
        "pending_harm",
        "pending_offer",
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
        self.role = "dreamer"
        """dreamer, undercover or exposed (sleep-tight "Playing as an Undercover Agent")."""
        self.agent_round = -1
        """The round in which the seat accepted the Sandman's offer."""
        self.pending_offer = False
        self.dreamscape: str | None = None
        self.plays: list[Play] = []
        self.pending_discards: list[str] = []
        """Cards discarded face down for a fragment each, taken at the reveal."""
        self.pending_harm: list[tuple[str, int]] = []
        """An exposed agent's discards, each dealing 1 damage to a target seat."""
        self.buys = 0
        self.prevent_sandman = 0
        self.prevent_players = 0
        self.shield = False
        self.untouchable = False
        self.consumer_extra = 0
        self.killer: tuple[int, str] | None = None
        self.wake_seen: tuple[int, int] | None = None

    def copy(self) -> SeatState:
        new = SeatState.__new__(SeatState)
        new.fragments = self.fragments
        new.alive = self.alive
        new.hand = list(self.hand)
        new.role = self.role
        new.agent_round = self.agent_round
        new.pending_offer = self.pending_offer
        new.dreamscape = self.dreamscape
        new.plays = [p.copy() for p in self.plays]
        new.pending_discards = list(self.pending_discards)
        new.pending_harm = list(self.pending_harm)
        new.buys = self.buys
        new.prevent_sandman = self.prevent_sandman
        new.prevent_players = self.prevent_players
        new.shield = self.shield
        new.untouchable = self.untouchable
        new.consumer_extra = self.consumer_extra
        new.killer = self.killer
        new.wake_seen = self.wake_seen
        return new

    def end_round(self) -> None:
        """The round's protections and Soul Consumer charge end (sleep-tight "4. Resolve
        Actions and the Sandman")."""
        self.prevent_sandman = 0
        self.prevent_players = 0
        self.shield = False
        self.untouchable = False
        self.consumer_extra = 0
