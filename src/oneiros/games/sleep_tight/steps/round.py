"""The round of Sleep Tight: its program, sleep-tight "1. Draw Dreamscapes and Take Soul
Fragments" (the First Player passes left; every player draws a Dreamscape and, after the
first round, takes its Soul Fragments) and the end of the round (plays discarded, the
Sandman card beaten, the round's protections gone: "4. Resolve Actions and the Sandman
Card")."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from ....core import Action, Deck
from ....core.flow import AutoStep, Flow, FlowStep
from ....core.i18n import plural
from .. import refs as R
from .base import KINDS, DeckDraw
from .draw import BuyOpen, MandatoryDraws
from .play import Phase3Start, PlayOpen
from .reveal import Discards, ResolveAll, Reveal
from .sandman import SandmanDamage, SandmanDraw, SandmanEffect

if TYPE_CHECKING:
    from ..state import SleepTightState


@KINDS.step
class RoundStart(AutoStep):
    """A new round: the First Player moves left, the Dreamscapes of the last round are
    discarded, and the round's program is laid out."""

    kind = "round_start"
    rule = "setup"

    def run(self, s: SleepTightState, flow: Flow) -> None:
        s.round += 1
        if s.round > 1:
            nxt = s._left(s.first)
            if nxt is not None:
                s.first = nxt
        s.phase = "dreamscapes"
        s.emit(
            "round",
            "Round {round}: seat {first} is the First Player",
            R.SETUP,
            round=s.round,
            first=s.first,
        )
        living = s._order()
        for record in s.seats:
            if record.dreamscape is not None:
                s.dream_discard.append(record.dreamscape)
                record.dreamscape = None
        # the round's program, read bottom first (the last step is resolved first)
        program: list[FlowStep] = [
            RoundEnd(),
            ResolveAll(),
            SandmanDamage(),
            Discards(),
            SandmanEffect(),
            SandmanDraw(),
            Reveal(),
            PlayOpen(),
            Phase3Start(),
            BuyOpen(),
            MandatoryDraws(),
        ]
        program += [DreamDraw(seat) for seat in reversed(living)]
        flow.replace(*program)


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class DreamDraw(DeckDraw):
    """``seat`` draws a Dreamscape and, after the first round, takes its Soul Fragments."""

    kind = "dream"
    rule = "phase1"
    prompt = "Seat {seat} draws a Dreamscape"
    decision_kind = "draw_dreamscape"
    verb = "dream"
    seat: int

    def deck(self, s: SleepTightState) -> Deck[str]:
        return s.dream_deck

    def apply(self, s: SleepTightState, flow: Flow, action: Action) -> None:
        card = action.id[6:]
        seat = self.seat
        flow.pop()
        s.dream_deck.take(card)
        s.seats[seat].dreamscape = card
        info = s.c.dreamscape(card)
        got = 0
        if s.round > 1:
            got = s._gain(seat, info.fragments)
        s.moved(
            "dreamscape",
            plural(
                got,
                "Seat {seat} enters {name} ({dream}, {fragments}) and takes {got} Soul Fragment",
                "Seat {seat} enters {name} ({dream}, {fragments}) and takes {got} Soul Fragments",
            ),
            R.PHASE1,
            ("dream_deck", None),
            ("dreamscape", seat),
            seat=seat,
            card=card,
            name=info.name,
            dream=info.dream,
            fragments=info.fragments,
            got=got,
        )


@KINDS.step
class RoundEnd(AutoStep):
    """The played cards are discarded (a resolved Where Is The Sandman leaves the game), the
    Sandman card is beaten, the round's protections end; the next round starts."""

    kind = "round_end"
    rule = "phase4"

    def run(self, s: SleepTightState, flow: Flow) -> None:
        where = s.where_card
        for record in s.seats:
            for p in record.plays:
                cards = [p.card] + ([p.bottom] if p.bottom else [])
                for card in cards:
                    if card == where and p.card == card and p.status == "resolved":
                        s.removed_actions.append(card)
                    else:
                        s.action_discard.append(card)
            record.plays = []
        if s.sandman_current is not None:
            s.sandman_discard.append(s.sandman_current)
            s.sandman_current = None
        for record in s.seats:
            record.end_round()
        s.nullified = False
        s.emit("round_end", "Round {round} ends", R.PHASE4, round=s.round)
        flow.replace(RoundStart())
