"""Masks (etherfields "Masks"): each Dreamer wears at most one (game option ``masks``; the
original Dream starts with none); its ability "may be used at any time" (``use:mask``: in
the Card and Action step, inside its Dreamer's payment, and before each Turn-card step,
design §6 reading 2); a once-per-Turn Mask is refused a second time that Turn; its passives
(hand limit, Progress limit, Drawing Bonus) count while it is active; under the Morphing
"Bare Face" every Mask is inactive and "limit reductions cause immediate discards"
("Morphings")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ....core import Action
from ....core.effects import Ctx
from ....core.flow import DecisionStep, Flow, evolve
from ..kinds import KINDS, RUNTIME
from ..names import discards
from ..records import Ability

if TYPE_CHECKING:
    from ..state import EtherfieldsState

BARE_FACE = "no_masks"
"""The Morphing under which Masks are inactive ("Morphings")."""


def masks_active(s: EtherfieldsState) -> bool:
    return not any(s.table.face(t) == BARE_FACE for t in s.table.ids("morph_on"))


def worn(s: EtherfieldsState, seat: int) -> str | None:
    """The Mask the Dreamer wears, if it is active."""
    mask = s.masks[seat] if seat < len(s.masks) else None
    return mask if mask and masks_active(s) else None


def mask_ability(s: EtherfieldsState, seat: int) -> Ability | None:
    """The worn Mask's ability used with ``use:mask`` (its first action or anytime one)."""
    mask = s.masks[seat] if seat < len(s.masks) else None
    if not mask:
        return None
    rec = s.catalog.get("mask", mask)
    return next((a for a in rec.abilities if a.kind in ("anytime", "action")), None)


def may_use(s: EtherfieldsState, seat: int) -> bool:
    """What every seat sees: an active Mask with an "at any time" ability not spent this
    Turn (the windows open on this alone)."""
    from .actions import spent
    from .progress import forbidden

    ability = mask_ability(s, seat)
    return (
        not forbidden(s, seat, "masks")
        and worn(s, seat) is not None
        and ability is not None
        and ability.kind == "anytime"
        and not spent(s, f"mask:{seat}", ability, seat)
    )


def usable(s: EtherfieldsState, seat: int, anytime_only: bool = False) -> list[Action]:
    """``use:mask`` when the Dreamer may use their Mask now (affordable, requirement)."""
    from .actions import affordable

    ability = mask_ability(s, seat)
    if ability is None or not may_use(s, seat):
        return []
    if anytime_only and ability.kind != "anytime":
        return []
    ctx = Ctx(seat=seat, source=f"mask:{seat}")
    if not affordable(s, seat, ability, ctx) or not RUNTIME.holds(s, ability.requires, ctx):
        return []
    return [Action("use:mask", f"Mask: {ability.text}")]


def limits_now(s: EtherfieldsState, flow: Flow) -> None:
    """After a Mask or Progress card turned inactive: every Dreamer over their hand limit
    discards at once ("Morphings": "limit reductions cause immediate discards")."""
    for seat in reversed(range(s.game.players)):
        if s.table.count("hand", seat) > s.hand_limit(seat):
            flow.push(DiscardDown(seat))


@KINDS.step
@dataclass(frozen=True, slots=True)
class DiscardDown(DecisionStep):
    """etherfields "Morphings", "Hand Size Limit": the Dreamer discards (their choice)
    down to the hand limit."""

    kind = "discard_down"
    rule = "morphings"
    prompt = "Your hand limit dropped: discard a card"
    seat: int

    def done(self, s: EtherfieldsState) -> bool:
        return s.table.count("hand", self.seat) <= s.hand_limit(self.seat)

    def legal(self, s: EtherfieldsState) -> list[Action]:
        return discards(s, self.seat)

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        s.table.move(
            action.id.split(":", 1)[1],
            "discard",
            self.seat,
            flow=flow,
            fmt="Dreamer {seat} discards {face}",
            rule="hand",
            seat=self.seat,
        )
        flow.replace_top(evolve(self))
