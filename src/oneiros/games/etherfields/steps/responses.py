"""Other Dreamers inside a payment (etherfields "Influence Cards", "Gradual Actions").

- Rapid cards "can be played at any time during your action (even in the middle of another
  action), other Dreamers rounds or during the Dreamscape Phase": after a card of a
  payment is paid and the cost is not met yet, the other Dreamers who may hold a Rapid card
  (``influence.may_hold``: by what every seat sees, so the window tells nothing of a hand)
  may play one (``play:<card>``) or say ``done`` (design §6, reading 2).
- "Any Intent marker placed on an action is considered to be yours, even if it was placed
  by another Dreamer": in a Gradual payment the other Dreamers holding cards may add their
  own cards to it in the same action (``pay:<card>:<colour>``, the colour the payment
  took), one at a time, as the payer does.

The payment resumes when every Dreamer of the window has said ``done``; a payment already
met settles then ("Performing Actions").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ....core import Action
from ....core.flow import ANY, Flow, GroupStep, evolve
from ..kinds import KINDS
from ..names import names_of

if TYPE_CHECKING:
    from ..state import EtherfieldsState
    from .actions import Pay


def responders(s: EtherfieldsState, pay: Pay) -> tuple[int, ...]:
    """The other Dreamers who may act inside this payment."""
    from .influence import may_hold

    out = []
    for seat in range(s.game.players):
        if seat == pay.seat:
            continue
        gradual = pay.mode == "gradual" and s.table.count("hand", seat) > 0
        if gradual or may_hold(s, seat, "other"):
            out.append(seat)
    return tuple(out)


def open_window(s: EtherfieldsState, flow: Flow, pay: Pay) -> None:
    """After a card paid: the window, when the cost is not met and someone may respond."""
    if pay.mode == "move" or pay.paid >= pay.need(s):
        return
    seats = responders(s, pay)
    if seats:
        flow.push(Contribute(pay.seat, seats=seats))


def _payment(flow: Flow) -> int:
    from .actions import Pay

    return max(k for k, step in enumerate(flow.items) if isinstance(step, Pay))


@KINDS.step
@dataclass(frozen=True, slots=True)
class Contribute(GroupStep):
    """etherfields "Influence Cards", "Gradual Actions": the other Dreamers may play a
    Rapid card, or add their own cards to a Gradual payment, in the middle of it."""

    kind = "payment_window"
    rule = "influence"
    prompt = "Dreamer {payer} is paying: play a Rapid card, add to a Gradual payment, or done"
    policy = ANY
    payer: int

    def legal(self, s: EtherfieldsState, seat: int) -> list[Action]:
        from .influence import playable

        out = [Action("done", "Let the payment go on")]
        pay: Any = s.flow.items[_payment(s.flow)]
        if pay.mode == "gradual":
            colours = {pay.colour} if pay.colour else {c for c, _ in pay.needs}
            names = names_of(s)
            for card in s.table.ids("hand", seat):
                name = names.piece(s.table.face(card))
                for icon in s.card(s.table.face(card)).intent:
                    if icon.colour in colours:
                        label = f"Add {name} for {icon.value} {names.colour(icon.colour)}"
                        out.append(Action(f"pay:{card}:{icon.colour}", label))
        return out + playable(s, seat, rapid_only=True)

    def apply(self, s: EtherfieldsState, flow: Flow, seat: int, action: Action) -> None:
        if action.id == "done":
            flow.replace_top(evolve(self, seats=tuple(x for x in self.seats if x != seat)))
            return
        if action.id.startswith("play:"):
            from .influence import play_card

            play_card(s, flow, seat, action.id.split(":", 1)[1])  # the window stays below
            return
        _kind, card, colour = action.id.split(":")
        value = next(i.value for i in s.card(s.table.face(card)).intent if i.colour == colour)
        s.table.move(
            card,
            "discard",
            seat,
            flow=flow,
            kind="contributed",
            fmt="Dreamer {seat} adds {face} for {value} {colour} to Dreamer {payer}'s payment",
            rule="gradual",
            seat=seat,
            payer=self.payer,
            value=value,
            colour=colour,
        )
        k = _payment(flow)
        pay: Any = flow.items[k]
        flow.items[k] = evolve(pay, colour=colour, paid=pay.paid + value, cards=pay.cards + 1)
        flow.changed()
