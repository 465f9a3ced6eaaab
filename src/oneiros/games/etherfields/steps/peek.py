"""Peeking and discard costs (etherfields "Basic Actions Card": Peek a Card; "Dreamers
Actions": a cost of discarding cards from hand)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ....core import Action
from ....core.flow import DecisionStep, Flow, evolve
from ....core.i18n import plural
from ..kinds import KINDS
from ..names import discards

if TYPE_CHECKING:
    from ..state import EtherfieldsState


PEEK_BACKS = ("influence", "item", "flaw", "fate", "slumber")
"""etherfields "Basic Actions Card": Peek at a Secret card with one of these backs."""


def peekable(s: EtherfieldsState) -> list[str]:
    """The Dream's unrevealed Secret cards a Dreamer may peek at, by letter."""
    prefix = s.gate.id[:-1] + " "
    out = []
    for secret in s.catalog.all("secret"):
        if (
            secret.id.startswith(prefix)
            and secret.back in PEEK_BACKS
            and secret.id not in s.revealed
        ):
            out.append(secret.id[len(prefix) :])
    return out


@KINDS.step
@dataclass(frozen=True, slots=True)
class DiscardCost(DecisionStep):
    """etherfields "Dreamers Actions": a cost of discarding cards from hand, one at a time."""

    kind = "discard_cost"
    rule = "actions"
    prompt = "Discard {left} cards to pay for: {key}"
    seat: int
    key: str
    left: int

    def prompt_text(self, s: EtherfieldsState) -> str:
        fmt = plural(self.left, "Discard {left} card to pay for: {key}", self.prompt)
        fields = self.fields()
        names = s.flow.names  # the key named as the player reads it (``names.py``)
        return fmt.format(**(names(self.kind, fields, str) if names else fields))

    def legal(self, s: EtherfieldsState) -> list[Action]:
        return discards(s, self.seat)

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        card = action.id.split(":", 1)[1]
        s.table.move(
            card,
            "discard",
            self.seat,
            flow=flow,
            kind="paid",
            fmt="Dreamer {seat} discards {face}",
            seat=self.seat,
        )
        if self.left > 1:
            flow.replace_top(evolve(self, left=self.left - 1))
            return
        flow.pop()
        from .actions import perform

        perform(s, flow, self.seat, self.key, 1)
        if self.key == "basic:peek":
            flow.push(Peek(self.seat))


@KINDS.step
@dataclass(frozen=True, slots=True)
class Peek(DecisionStep):
    """etherfields "Basic Actions Card": "a 5-second peek at 1 Secret card" with an
    Influence, Item, Flaw, Fate or Slumber back; what is seen reaches that Dreamer only and
    stays in their memory (design §3, reading 19)."""

    kind = "peek"
    rule = "basic"
    prompt = "Peek at a Secret card"
    seat: int

    def legal(self, s: EtherfieldsState) -> list[Action]:
        return [Action(f"target:secret:{k}", f"Peek at {s.gate.id[:-1]} {k}") for k in peekable(s)]

    skip_without_choice = True

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        flow.pop()
        code = f"{s.gate.id[:-1]} {action.id.split(':')[2]}"
        holds = s.catalog.get("secret", code).holds
        s.memory.append([self.seat, code, holds])
        flow.emit("peeked", "Dreamer {seat} peeks at {code}", seat=self.seat, code=code)
        flow.emit(
            "peek_seen", "{code} holds {holds}", visible_to=(self.seat,), code=code, holds=holds
        )
