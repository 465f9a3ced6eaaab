"""sleep-tight "3. Play Actions Facedown": the cards with the face-up symbol are played face
up first ("Card Symbols"); then every player, at the same time, plays cards face down whose
requirement their Soul Fragments meet (in their Dreamscape: "Dreamscapes Can Change Fragment
Requirements"), stacks a card on a face-up one to lower its requirement ("Reducing Fragment
Requirements by Discarding Cards", 3 players or more), discards cards for 1 Soul Fragment
each (taken at the reveal), or, as the exposed agent, discards cards to deal 1 damage each
("Playing as an Exposed Agent").

The discards owed until the reveal live in the ``Play`` step's fields while the seats
choose, then in the steps that settle them: ``Reveal.discards`` (the fragments taken) and
``Discards.harm`` (the damage dealt, "first" in phase 4); ``owed`` reads them from the
stack.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from ....core import Action
from ....core.flow import AutoStep, Flow, FlowStep, evolve
from .. import refs as R
from ..model import Play as Played
from ..params import DISCARD_LIMIT
from .base import KINDS, hand_on
from .reveal import Discard, Discards, Harm, ResolveCard, Reveal
from .specials import OpenChoice

if TYPE_CHECKING:
    from ..state import SleepTightState


@KINDS.step
class Phase3Start(AutoStep):
    """Cards with the face-up symbol are played face up at the start of the phase, and
    resolved at once (sleep-tight "Card Symbols")."""

    kind = "phase3_start"
    rule = "symbols"

    def run(self, s: SleepTightState, flow: Flow) -> None:
        s.phase = "play"
        forced: list[FlowStep] = []
        for seat in s._order():
            me = s.seats[seat]
            for card in sorted(set(me.hand)):
                info = s.cards[card]
                if not info.face_up or info.special:
                    continue
                for _ in range(me.hand.count(card)):
                    if s.requirement(seat, card) > me.fragments:
                        break
                    s._hand_remove(seat, card)
                    me.plays.append(Played(card, face_up=True))
                    idx = len(me.plays) - 1
                    s.moved(
                        "face_up",
                        "Seat {seat} must play {name} face up",
                        R.SYMBOLS,
                        ("hand", seat),
                        ("in_play", seat),
                        seat=seat,
                        card=card,
                        name=info.name,
                    )
                    forced.append(ResolveCard(seat, idx))
        if forced:
            flow.replace(*reversed(forced))


@KINDS.step
class PlayOpen(AutoStep):
    """The face-down plays begin: the hand sizes the other seats see are frozen until the
    reveal."""

    kind = "play_open"
    rule = "phase3"

    def run(self, s: SleepTightState, flow: Flow) -> None:
        s.phase = "play"
        s.frozen_hands = [len(seat.hand) for seat in s.seats]
        flow.replace(Play(waiting=tuple(s._order())))


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class Play(OpenChoice):
    """Every player plays, stacks or discards cards face down, at the same time, until
    done. ``discards``: the ``(seat, card)`` discarded face down for a fragment each, and
    ``harm``: the exposed agent's ``(seat, card, target)`` discarded to deal 1 damage each,
    in the order chosen; both are handed on when the step ends (``finish``)."""

    kind = "play"
    rule = "phase3"
    prompt = "Play Action cards face down, stack two, discard for fragments; then done"
    discards: tuple[Discard, ...] = ()
    harm: tuple[Harm, ...] = ()

    def legal(self, s: SleepTightState, seat: int) -> list[Action]:
        discards = self.discards
        return play_actions(s, seat, sum(x == seat for x, _c in discards) if discards else 0)

    def finish(self, s: Any, flow: Flow) -> None:
        """Every seat is done: the discards go to the reveal (on top now), the harm to the
        discards of phase 4."""
        if self.discards:
            hand_on(flow, Reveal, discards=self.discards)
        if self.harm:
            hand_on(flow, Discards, harm=self.harm)

    def on_choose(self, s: SleepTightState, flow: Flow, seat: int, action: Action) -> None:
        verb, _, rest = action.id.partition(":")
        vis = (seat,)
        me = s.seats[seat]
        if verb == "done":
            self.leave(flow, seat)
            s.emit("ready", "You are done playing", R.PHASE3, vis, seat=seat)
        elif verb == "play":
            s._hand_remove(seat, rest, "face_down")
            me.plays.append(Played(rest))
            s.moved(
                "played",
                "You play {name} face down",
                R.PHASE3,
                ("hand", seat),
                ("face_down", seat),
                seat=seat,
                card=rest,
                name=s._name(rest),
            )
        elif verb == "stack":
            card, bottom = rest.split(":")
            s._hand_remove(seat, card, "face_down")
            s._hand_remove(seat, bottom)
            me.plays.append(Played(card, bottom))
            # The bottom card is placed face up: every seat sees it at once, and the two
            # cards leave the hand in view.
            s.frozen_hands[seat] -= 2  # type: ignore[index]
            s.moved(
                "stack_bottom",
                "Seat {seat} plays a card face down on top of {bottom_name} (face up)",
                R.STACKING,
                ("hand", seat),
                ("in_play", seat),
                seat=seat,
                bottom=bottom,
                bottom_name=s._name(bottom),
            )
            s.moved(
                "stacked",
                "You play {name} face down on top of {bottom_name}",
                R.STACKING,
                ("hand", seat),
                ("stack_top", seat),
                seat=seat,
                card=card,
                bottom=bottom,
                name=s._name(card),
                bottom_name=s._name(bottom),
            )
        elif verb == "discard":
            s._hand_remove(seat, rest, "face_down")
            flow.replace_top(evolve(self, discards=(*self.discards, (seat, rest))))
            s.moved(
                "discard_pending",
                "You discard {name} for 1 Soul Fragment (taken at the reveal)",
                R.PHASE3,
                ("hand", seat),
                ("discarding", seat),
                seat=seat,
                card=rest,
                name=s._name(rest),
            )
        elif verb == "harm":
            card, target = rest.split(":")
            s._hand_remove(seat, card, "face_down")
            flow.replace_top(evolve(self, harm=(*self.harm, (seat, card, int(target)))))
            s.moved(
                "harm_pending",
                "You discard {name} to deal 1 damage to seat {target} at the reveal",
                R.EXPOSED,
                ("hand", seat),
                ("discarding", seat),
                seat=seat,
                card=card,
                name=s._name(card),
                target=int(target),
            )


def play_actions(s: SleepTightState, seat: int, gain: int = 0) -> list[Action]:
    """What ``seat`` may do at the face-down plays, in a fixed order: play, stack (3
    players or more), harm (the exposed agent) or discard for a fragment, then done. A card
    that makes its player untouchable is played alone. ``gain``: the fragments the seat's
    discards so far will take at the reveal (counted for the requirements)."""
    out: list[Action] = []
    me = s.seats[seat]
    plays = me.plays
    effects = s._kinds  # each card's effect kinds
    locked = any("untouchable" in effects[p.card] for p in plays)
    frags = me.fragments + gain
    hand = me.hand
    kinds = sorted(set(hand))
    a = s._a
    if not locked:
        face_down = s._face_down  # the cards ``s.playable`` lets be played face down
        for card in kinds:
            if card not in face_down:
                continue
            req = s.requirement(seat, card)
            untouch = "untouchable" in effects[card]
            if req <= frags and not (untouch and plays):
                out.append(a(f"play:{card}"))
            if s.n >= 3 and req > frags and not untouch:
                for bottom in kinds:
                    if bottom == s.iam or (bottom == card and hand.count(card) < 2):
                        continue
                    reduced = max(0, req - s.cards[bottom].requirement)
                    if reduced <= frags:
                        out.append(a(f"stack:{card}:{bottom}"))
    if me.role == "exposed":
        for card in kinds:
            if card == s.iam:
                continue
            for t in s._others(seat):
                out.append(a(f"harm:{card}:{t}"))
    elif frags + 1 < DISCARD_LIMIT and s.pile - gain > 0:
        for card in kinds:
            if card != s.iam:
                out.append(a(f"discard:{card}"))
    out.append(a("done"))
    return out


def owed(s: SleepTightState) -> tuple[tuple[Discard, ...], tuple[Harm, ...]]:
    """The discards for fragments and the exposed agent's harm still owed, from the steps
    that hold them: the ``Play`` step while the seats choose, then ``Reveal`` and
    ``Discards``; at the end of the game, the steps it left unfinished."""
    items: Any = s.flow.items or s.unfinished
    discards: tuple[Discard, ...] = ()
    harm: tuple[Harm, ...] = ()
    for step in reversed(items):
        cls = type(step)
        if cls is Play:
            return step.discards, step.harm
        if cls is Reveal:
            discards = step.discards
        elif cls is Discards:
            return discards, step.harm
    return discards, harm
