"""sleep-tight "Setup": the decks without the cards marked for more players, 7 Action cards
dealt to each player, who keep 4 and shuffle the rest back (a seat dealt I Am the Sandman
answers the Sandman's offer first)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....core import Action
from ....core.flow import AutoStep, Flow, FlowStep
from .. import refs as R
from ..params import DEAL, KEEP
from .base import KINDS
from .draw import Draw, shuffle_back
from .round import RoundStart
from .specials import OpenChoice, answer_offer, offer_legal

if TYPE_CHECKING:
    from ..state import SleepTightState


def setup(s: SleepTightState) -> list[FlowStep]:
    """The setup's events, and the first steps, bottom first: the deal (seat 0 first), the
    keeping, then the first round."""
    s.emit(
        "setup",
        "{players} players; {dreams} Dreamscape and {sandman} Sandman cards in play, "
        "{boxed} marked cards back in the box",
        R.SETUP,
        players=s.n,
        dreams=len(s.dream_deck),
        sandman=s.sandman_left(),
        boxed=len(s.box_dreamscapes) + len(s.box_sandman),
    )
    if s.sandman_reserved:
        s.emit(
            "easier",
            "The Soul Consumer is shuffled into the bottom half of the Sandman deck",
            R.EASIER,
        )
    steps: list[FlowStep] = [RoundStart(), KeepOpen()]
    steps += [Draw(seat, DEAL, "setup") for seat in reversed(range(s.n))]
    return steps


def keep_needs(s: SleepTightState, seat: int) -> bool:
    """Whether ``seat`` still has an offer to answer or cards to shuffle back."""
    me = s.seats[seat]
    return s.offer_open(seat) or (len(me.hand) > KEEP and bool(s._movable(seat)))


@KINDS.step
class KeepOpen(AutoStep):
    kind = "keep_open"
    rule = "setup"

    def run(self, s: SleepTightState, flow: Flow) -> None:
        s.phase = "keep"
        waiting = tuple(x for x in range(s.n) if keep_needs(s, x))
        flow.replace(Keep(waiting=waiting))


@KINDS.step
class Keep(OpenChoice):
    """Every player shuffles cards back until 4 are left, at the same time."""

    kind = "keep"
    rule = "setup"
    prompt = "Choose the cards to shuffle back: keep 4 of the 7"
    offers = True

    def legal(self, s: SleepTightState, seat: int) -> list[Action]:
        if s.offer_open(seat):
            return offer_legal(s, seat)
        return [s._a(f"return:{c}") for c in s._movable(seat)]

    def on_choose(self, s: SleepTightState, flow: Flow, seat: int, action: Action) -> None:
        aid = action.id
        if not answer_offer(s, aid, seat):
            card = aid[7:]  # return:CARD
            shuffle_back(s, seat, card, R.SETUP)
        if not keep_needs(s, seat):
            self.leave(flow, seat)

    def finish(self, s: Any, flow: Flow) -> None:
        s.emit("kept", "Every player keeps {n} Action cards", R.SETUP, n=KEEP)
