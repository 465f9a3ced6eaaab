"""Structured rounds (etherfields "Variants — Structured Rounds", option
``turn_order=structured``): from the First Player, clockwise, each Dreamer plays a round of
one Dream action (a Map action, the Dream's Flying rule, an Entity interaction) and as many
other actions as they want, then ``pass``; a Dreamer who passed may act again in a later
round; the step ends when every Dreamer has passed in a row without acting."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ....core import Action
from ....core.flow import DecisionStep, Flow, evolve
from ..kinds import KINDS
from .actions import CardAction, act, available

if TYPE_CHECKING:
    from ..state import EtherfieldsState

DREAM_ACTIONS = ("use:map:", "use:flying:", "use:entity:")
"""The Dream actions, one per round ("Map Action, Dream or Entity tile interaction")."""


@KINDS.step
@dataclass(frozen=True, slots=True)
class Round(DecisionStep):
    """A Dreamer's round: ``dream`` once its Dream action is spent, ``acted`` once it did
    anything, ``streak`` the Dreamers before it who passed in a row without acting."""

    kind = "round"
    rule = "rounds"
    prompt = "Your round: act, or pass"
    seat: int
    dream: bool = False
    acted: bool = False
    streak: int = 0

    def legal(self, s: EtherfieldsState) -> list[Action]:
        out = [
            a
            for a in available(s, self.seat)
            if not (self.dream and a.id.startswith(DREAM_ACTIONS))
        ]
        return [*out, Action("pass", "End your round" if self.acted else "Pass")]

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        if action.id == "pass":
            streak = 0 if self.acted else self.streak + 1
            flow.emit(
                "passed",
                "Dreamer {seat} ends their round" if self.acted else "Dreamer {seat} passes",
                seat=self.seat,
            )
            if streak >= s.game.players:
                flow.pop()  # everyone passed in a row: the Dreamscape Phase
                return
            flow.replace_top(Round((self.seat + 1) % s.game.players, streak=streak))
            return
        dream = self.dream or action.id.startswith(DREAM_ACTIONS)
        flow.replace_top(evolve(self, dream=dream, acted=True))
        act(s, flow, self.seat, action.id)


def action_step(s: EtherfieldsState) -> CardAction | Round:
    """The Card and Action step of the configured turn order ("Turn Order", "Variants")."""
    if s.game.options.get("turn_order") == "structured":
        return Round(s.first)
    return CardAction(seats=tuple(range(s.game.players)))
