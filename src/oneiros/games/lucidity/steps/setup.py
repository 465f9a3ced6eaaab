"""lucidity-en "Setting Up": the first player is chosen at random (a chance decision, unless
the option ``first_player`` names a seat); with the de-lux Dreamscapes expansion, one
Dreamscape is drawn before anything else and changes a rule for the whole game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....core import Action
from ....core.flow import Flow
from ..actions import A
from ..params import DEFAULT_RULES
from .base import KINDS, Chance

if TYPE_CHECKING:
    from ..state import LucidityState


def begin(s: LucidityState) -> None:
    """The game starts: the first player at random, or the seat the options name."""
    first = s.game.options["first_player"]
    if first == "random":
        s.stack.items.append(FirstPlayer())
    else:
        s._start_turn(int(first))


@KINDS.step  # no field of its own: the registry makes it a dataclass
class FirstPlayer(Chance):
    """Choose the first player at random."""

    kind = "first"
    rule = "setup"
    prompt = "Choose the first player at random"
    decision_kind = "first_player"

    def possible(self, s: LucidityState, action: Action) -> bool:
        kind, _, seat = action.id.partition(":")
        return kind == "first" and seat.isdigit() and int(seat) < len(s.seats)

    def outcomes(self, s: LucidityState) -> list[tuple[Action, float]]:
        n = len(s.seats)
        return [(A[f"first:{i}"], 1 / n) for i in range(n)]

    def sample(self, s: LucidityState, rng: Any) -> Action:
        return A[f"first:{rng.randrange(len(s.seats))}"]

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        seat = int(action.id.partition(":")[2])
        flow.pop()
        s.emit("first_player", "Seat {seat} goes first", s.R["setup"], seat=seat)
        s._start_turn(seat)


@KINDS.step  # no field of its own: the registry makes it a dataclass
class DreamscapeDraw(Chance):
    """de-lux "Dreamscapes Expansion": draw the Dreamscape of this game; its rule changes
    replace the defaults (``state.rules``)."""

    kind = "dreamscape"
    rule = "dreamscapes"
    prompt = "Draw a Dreamscape"

    def outcomes(self, s: LucidityState) -> list[tuple[Action, float]]:
        acts = s.game.actions
        ids = s.game.dreamscape_ids
        return [(acts["dreamscape:" + d], 1 / len(ids)) for d in ids]

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        card = action.id[11:]
        spec = s.game.content.dreamscapes[card]
        s.dreamscape = card
        s.rules = {**DEFAULT_RULES, **spec.rules.model_dump()}
        flow.pop()
        s.emit(
            "dreamscape",
            "Dreamscape: {name}: {text}",
            s.R["dreamscapes"],
            card=card,
            name=spec.name,
            text=spec.text,
        )
        begin(s)
