"""sleep-tight "2. Draw Actions": every player draws 1 Action card, then may return Soul
Fragments to draw more, up to their Dreamscape's number; an undercover agent may expose
themselves instead. An empty Action deck is made anew from its discard pile. The draw step
also deals the setup hands and the cards an effect draws."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from ....core import Action, Deck
from ....core.flow import AutoStep, Flow
from .. import refs as R
from .base import KINDS, DeckDraw
from .specials import OpenChoice, answer_offer, expose, offer_legal

if TYPE_CHECKING:
    from ..state import SleepTightState


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class Draw(DeckDraw):
    """``n`` Action cards for ``seat``, one chance decision each; ``why``: ``setup`` (the
    deal), ``phase2`` (the round's draws and purchases) or ``effect`` (a card's draw)."""

    kind = "draw"
    rule = "phase2"
    prompt = "Seat {seat} draws an Action card"
    decision_kind = "draw_action"
    verb = "draw"
    seat: int
    n: int
    why: str

    def rule_key(self) -> str:
        why = self.why
        return "setup" if why == "setup" else ("phase2" if why == "phase2" else "symbols")

    def deck(self, s: SleepTightState) -> Deck[str]:
        return s.action_deck

    def settle(self, s: SleepTightState, flow: Flow) -> bool:
        """A dead seat draws nothing; an empty deck is made anew from the discard pile, and
        with both empty the draw is lost."""
        seat = self.seat
        if not s.seats[seat].alive or self.n <= 0:
            flow.pop()
            return True
        if len(s.action_deck) == 0:
            if not s.action_discard:
                flow.pop()
                s.emit(
                    "no_card",
                    "The Action deck and its discard pile are empty: seat {seat} draws nothing",
                    R.PHASE2,
                    seat=seat,
                )
                return True
            for card in s.action_discard:
                s.action_deck.add_unknown(card)
            count = len(s.action_discard)
            s.action_discard.clear()
            s.emit(
                "reshuffled",
                "The Action discard pile ({n} cards) is shuffled into a new deck",
                R.PHASE2,
                n=count,
            )
        return False

    def apply(self, s: SleepTightState, flow: Flow, action: Action) -> None:
        card = action.id[5:]
        seat = self.seat
        s.action_deck.take(card)
        s._hand_add(seat, card)
        why = self.why
        ref = R.SETUP if why == "setup" else (R.PHASE2 if why == "phase2" else R.SYMBOLS)
        s.emit("drew", "Seat {seat} draws an Action card", ref, seat=seat)
        s.moved(
            "drew_card",
            "You draw {name}",
            ref,
            ("action_deck", None),
            ("hand", seat),
            seat=seat,
            card=card,
            name=s._name(card),
        )
        if self.n > 1:
            flow.replace_top(Draw(seat, self.n - 1, why))
        else:
            flow.pop()


@KINDS.step
class MandatoryDraws(AutoStep):
    kind = "mandatory_draws"
    rule = "phase2"

    def run(self, s: SleepTightState, flow: Flow) -> None:
        s.phase = "draw"
        flow.replace(*[Draw(seat, 1, "phase2") for seat in reversed(s._order())])


@KINDS.step
class BuyOpen(AutoStep):
    kind = "buy_open"
    rule = "phase2"

    def run(self, s: SleepTightState, flow: Flow) -> None:
        for seat in s.seats:
            seat.buys = 0
        flow.replace(Buy(waiting=tuple(s._order())))


@KINDS.step
class Buy(OpenChoice):
    """Every player buys Action cards (1 Soul Fragment each, up to the Dreamscape's number,
    never the last fragment), at the same time, until done."""

    kind = "buy"
    rule = "phase2"
    prompt = (
        "Return Soul Fragments to draw more Action cards (up to your Dreamscape's number), "
        "then done"
    )
    offers = True

    def legal(self, s: SleepTightState, seat: int) -> list[Action]:
        me = s.seats[seat]
        if s.offer_open(seat):
            return offer_legal(s, seat)
        out = []
        ds = me.dreamscape
        cap = s.c.dreamscape(ds).fragments if ds else 0
        if me.buys < cap and me.fragments > 1 and (len(s.action_deck) or s.action_discard):
            out.append(s._a("buy"))
        if me.role == "undercover" and me.agent_round < s.round and me.buys == 0:
            out.append(s._a("expose"))
        out.append(s._a("done"))
        return out

    def on_choose(self, s: SleepTightState, flow: Flow, seat: int, action: Action) -> None:
        aid = action.id
        if answer_offer(s, aid, seat):
            return
        if aid == "done":
            self.leave(flow, seat)
        elif aid == "expose":
            expose(s, seat, forced=False)
        elif aid == "buy":
            s._lose(seat, 1, None, "buy")
            s.seats[seat].buys += 1
            s.emit(
                "bought",
                "Seat {seat} returns 1 Soul Fragment to draw an Action card",
                R.PHASE2,
                seat=seat,
            )
            flow.push(Draw(seat, 1, "phase2"))


def shuffle_back(s: SleepTightState, seat: int, card: str, ref: str) -> None:
    """``seat`` shuffles ``card`` from its hand back into the Action deck (citing ``ref``):
    the other seats see that a card went back, not which."""
    s._hand_remove(seat, card, "unseen")
    s.action_deck.add_unknown(card)
    s.emit("returned", "Seat {seat} shuffles a card back", ref, seat=seat)
    s.moved(
        "returned_card",
        "You shuffle {name} back into the Action deck",
        ref,
        ("hand", seat),
        ("action_deck", None),
        card=card,
        name=s._name(card),
    )
