"""sleep-tight "Goal": deaths and the ends of the game, checked between steps.

These rules hold at any moment, not at one step: a player with no Soul Fragment left dies
(their hand is discarded), the game ends as soon as the Sandman deck or the Dreamscape deck
runs out, when everyone is dead or when the exposed agent is the last one standing, and a
player holding Wake Up! with 10 Soul Fragments may wake up whenever they get there. The
flow's driver calls ``checkpoint`` before each look at the step on top
(``core.flow.Flow.checkpoint``).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from ....core import Action
from ....core.flow import DecisionStep, Flow
from .. import refs as R
from ..params import WAKE_AT
from .base import KINDS

if TYPE_CHECKING:
    from ..state import SleepTightState


def checkpoint(s: SleepTightState, flow: Flow) -> bool:
    """Deaths, the ends of the game and Wake Up! questions between steps: True when the
    stack changed (a question pushed, or the game ended and the stack was cleared)."""
    if s.result is not None:
        if flow.items:
            flow.clear()
        return False
    items = flow.items
    top = items[-1] if items else None
    most = 0
    for i, record in enumerate(s.seats):
        if record.alive and record.fragments <= 0:
            die(s, i)
        if record.fragments > most:
            most = record.fragments
    if check_end(s):
        return True
    if top is not None and top.kind == "wake":
        return False
    if s.wake_card is None or most < WAKE_AT:
        return False
    if s.frozen_hands is not None:
        # While the face-down plays are hidden a question would show that a seat acted
        # (its hand size changed); it comes back at the reveal.
        return False
    for seat in s._order():
        record = s.seats[seat]
        if record.fragments >= WAKE_AT:
            snap = (record.fragments, len(record.hand))
            if record.wake_seen != snap:
                record.wake_seen = snap
                flow.push(Wake(seat))
                return True
    return False


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class Wake(DecisionStep):
    """A player with 10 Soul Fragments may play Wake Up! and win alone (sleep-tight "Goal",
    "Special Cards"): asked whenever a seat gets there, or its hand changes there."""

    kind = "wake"
    rule = "goal"
    prompt = "You have 10 Soul Fragments: wake up now, or wait"
    decision_kind = "wake_up"
    seat: int

    def legal(self, s: SleepTightState) -> list[Action]:
        me = s.seats[self.seat]
        out = []
        if s.wake_card in me.hand and me.role == "dreamer" and me.fragments >= WAKE_AT:
            out.append(s._a("wake"))
        out.append(s._a("wait"))
        return out

    def apply(self, s: SleepTightState, flow: Flow, action: Action) -> None:
        flow.pop()
        if action.id == "wake":
            end(
                s,
                "wake_up",
                [self.seat],
                "Seat {seat} plays Wake Up! with {n} Soul Fragments, escapes the nightmare and "
                "wins alone",
                R.GOAL,
                seat=self.seat,
                n=s.seats[self.seat].fragments,
            )


def die(s: SleepTightState, seat: int) -> None:
    """A player with no Soul Fragment left dies; their hand is discarded. A death dealt by
    the undercover agent (a steal or passed damage) wins the game for that agent (sleep-tight
    "Playing as an Undercover Agent")."""
    record = s.seats[seat]
    record.alive = False
    hand = record.hand
    record.hand = []
    record.known_hand = []
    s.action_discard.extend(hand)
    s.moved(
        "died",
        "Seat {seat} has no Soul Fragment left and dies; their hand is discarded: {names}",
        R.GOAL,
        ("hand", seat),
        ("action_discard", None),
        seat=seat,
        cards=hand,
        names=s._names(hand),
    )
    killer = record.killer
    if killer is not None:
        src, how = killer
        if (
            src != seat
            and s.seats[src].role == "undercover"
            and how in ("steal", "pass")
            and s.seats[src].alive
        ):
            end(
                s,
                "undercover_agent",
                [src],
                "Seat {seat} was the Sandman's undercover agent and delivered the killing "
                "blow: they win, the others lose",
                R.UNDERCOVER,
                seat=src,
            )


def check_end(s: SleepTightState) -> bool:
    """Whether the game is over (and, if it just ended, end it)."""
    if s.result is not None:
        s.flow.clear()
        return True
    exposed_agent = anyone_alive = False
    for record in s.seats:
        if record.role == "exposed":
            exposed_agent = True
        if record.alive:
            anyone_alive = True
    if (
        not exposed_agent
        and anyone_alive
        and ((s.sandman_left() > 0 and len(s.dream_deck) > 0) or s.phase == "setup")
    ):
        return False
    n = s.n
    living = [x for x in range(n) if s.seats[x].alive]
    exposed = [x for x in living if s.seats[x].role == "exposed"]
    if exposed and len(living) == 1 and n > 1:
        end(
            s,
            "exposed_agent",
            exposed,
            "Every other player is dead: seat {seat}, the exposed agent, wins",
            R.EXPOSED,
            seat=exposed[0],
        )
        return True
    if not living:
        end(s, "all_dead", [], "Everyone is dead: the players lose", R.GOAL)
        return True
    if s.sandman_left() == 0 and s.phase != "setup":
        agents = {x for x in range(n) if s.seats[x].role != "dreamer"}
        if s.game.options.get("most_fragments_wins"):
            pool = [x for x in range(n) if x not in agents]
            best = max((s.seats[x].fragments for x in pool), default=0)
            winners = [x for x in pool if s.seats[x].fragments == best]
            text = (
                "The Sandman deck is empty: the Sandman is dead. Most Soul Fragments wins: {names}"
            )
        else:
            winners = [x for x in range(n) if x not in agents]
            text = "The Sandman deck is empty: the Sandman is dead and the players win"
        end(
            s,
            "sandman_defeated",
            winners,
            text,
            R.GOAL,
            seats=winners,
            names=", ".join(f"seat {w}" for w in winners) or "nobody",
        )
        return True
    if len(s.dream_deck) == 0 and s.phase != "setup":
        # As soon as its last card is drawn, as for the Sandman deck: the players do not
        # play a round with no Dreamscape left (sleep-tight "Goal").
        end(
            s,
            "trapped",
            [],
            "The Dreamscape deck is empty: the nightmare traps the players and they lose",
            R.GOAL,
        )
        return True
    return False


def end(
    s: SleepTightState, reason: str, winners: list[int], fmt: str, ref: str, **data: Any
) -> None:
    """The game is over: ``reason``, the winning seats, and the event saying so. The steps
    still on the stack are kept as ``unfinished``: the work they owed is never done (an
    exposed agent's harm discards stay by their seat)."""
    s.result = reason
    s.winner_seats = sorted(winners)
    s.phase = "over"
    s.unfinished = tuple(s.flow.items)
    s.flow.clear()
    s.emit("game_over", fmt, ref, reason=reason, **data)
