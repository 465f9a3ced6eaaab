"""Placed Progress cards in play (etherfields "Progress Influence Cards"): their actions
("From then on, you may use any action or effect on this card"), flipping ("Being told to
flip a progress card causes you to turn it face-down. The card's action can no longer be
used until it is unflipped but the card still counts toward your placed Progress cards
limit"; "flipped cards do not count" for colour icons) and discarding them when "a game
effect forces you to discard them".

The flipped cards are ``state.flipped`` (card ids, public); the list is replaced, never
changed in place, so copies and older snapshots (which lack it) stay sound.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ....core import Action
from ....core.effects import Ctx
from ....core.flow import DecisionStep, Flow, evolve
from ..kinds import KINDS, RUNTIME
from ..names import names_of

if TYPE_CHECKING:
    from ..state import EtherfieldsState


def flipped(s: EtherfieldsState) -> list[str]:
    return list(getattr(s, "flipped", ()))


def is_flipped(s: EtherfieldsState, card: str) -> bool:
    return card in getattr(s, "flipped", ())


def mark(s: EtherfieldsState, card: str) -> None:
    s.flipped = [*flipped(s), card]


def unmark(s: EtherfieldsState, card: str) -> None:
    if is_flipped(s, card):
        s.flipped = [c for c in flipped(s) if c != card]


def placed_actions(s: EtherfieldsState, seat: int) -> list[Action]:
    """``use:card:<card>:<ability>`` for the actions of the Dreamer's active, face-up
    placed Progress cards whose cost they can pay and whose requirement holds."""
    from .actions import affordable, spent
    from .progress import active

    out = []
    for card in active(s, seat):
        rec = s.card(s.table.face(card))
        for ability in rec.abilities:
            if ability.kind != "action" or "dreamworld" in ability.keywords:
                continue
            key = f"card:{card}:{ability.id}"
            ctx = Ctx(seat=seat, source=key)
            if spent(s, key, ability, seat) or not affordable(s, seat, ability, ctx):
                continue
            if not RUNTIME.holds(s, ability.requires, ctx):
                continue
            name = names_of(s).piece(s.table.face(card))
            out.append(Action(f"use:{key}", f"{name}: {ability.text}"))
    return out


def choices(s: EtherfieldsState, seat: int, what: str) -> list[str]:
    """The placed cards a ``flip``, ``unflip`` or ``discard`` effect may take."""
    cards = [c for c in s.table.ids("progress", seat) if s.table.face(c) in _progress(s)]
    if what == "flip":
        return [c for c in cards if not is_flipped(s, c)]
    if what == "unflip":
        return [c for c in cards if is_flipped(s, c)]
    return cards


def _progress(s: EtherfieldsState) -> set[str]:
    return {c.id for c in s.catalog.all("influence") if c.type == "progress"}


def start(s: EtherfieldsState, flow: Flow, seat: int, what: str, n: int) -> None:
    """Flip, unflip or discard n placed cards: the Dreamer chooses when more could go."""
    options = choices(s, seat, what)
    if n <= 0 or not options:
        return
    if len(options) <= n:
        for card in reversed(options):
            do(s, flow, seat, what, card)
        return
    flow.push(FlipChoice(seat, what, n))


def do(s: EtherfieldsState, flow: Flow, seat: int, what: str, card: str) -> None:
    if what == "flip":
        mark(s, card)
        text = "Dreamer {seat} flips {face} face down"
    elif what == "unflip":
        unmark(s, card)
        text = "Dreamer {seat} turns {face} face up again"
    else:
        unmark(s, card)
        s.table.move(
            card,
            "discard",
            seat,
            flow=flow,
            kind="progress_discarded",
            fmt="Dreamer {seat} discards {face} from the Progress zone",
            rule="progress",
            seat=seat,
        )
        return
    face = s.table.face(card)
    flow.emit(f"progress_{what}ped", text, "progress", seat=seat, face=face, card=card)


@KINDS.step
@dataclass(frozen=True, slots=True)
class FlipChoice(DecisionStep):
    """etherfields "Progress Influence Cards": the Dreamer picks the placed card to flip,
    unflip (``target:progress:<card>``) or discard (``discard:<card>``)."""

    kind = "progress_choice"
    rule = "progress"
    prompt = "Choose a placed Progress card to {what}"
    seat: int
    what: str
    left: int

    def done(self, s: EtherfieldsState) -> bool:
        return self.left <= 0 or not choices(s, self.seat, self.what)

    def legal(self, s: EtherfieldsState) -> list[Action]:
        out = []
        for card in choices(s, self.seat, self.what):
            name = names_of(s).piece(s.table.face(card))
            aid = f"discard:{card}" if self.what == "discard" else f"target:progress:{card}"
            out.append(Action(aid, f"{self.what.title()} {name}"))
        return out

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        card = action.id.rsplit(":", 1)[1]
        flow.replace_top(evolve(self, left=self.left - 1))
        do(s, flow, self.seat, self.what, card)


def progress_op(what: str) -> Any:
    def handler(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
        seat = ctx.seat if ctx.seat is not None else s.first
        start(s, flow, seat, what, RUNTIME.amount(s, a.n, ctx))

    handler.__doc__ = f'etherfields "Progress Influence Cards": {what} n placed cards.'
    return handler


for _what in ("flip", "unflip", "discard"):
    RUNTIME.language.handler(f"{_what}_progress")(progress_op(_what))
