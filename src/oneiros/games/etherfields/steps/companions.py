"""Companions' own abilities and movement (etherfields "Companions").

"Companions are friendly beings that Dreamers can summon during Slumber/Dream. Companions
for purpose of rules are not Dreamers nor Entities. They still count to the
miniature/token space limit. They are ignored by all Actions and/or effects caused by
Dreamers, Dreams, or Entities unless their Progress/Note card says otherwise."

What the Companion's record prints is what "says otherwise", and it is its summoner's
(``state.companions``: [id, space, summoner]; ``overlays.py`` summons):

- its actions: ``use:companion:<id>:<ability>``, performed by the summoner in the Card and
  Action step like any action (cost, requirement, limit); the ``companion`` selector is
  the Companion's space, so ``in_range(1, of=companion)`` measures from it;
- its triggers fire for the summoner (``triggers.py``);
- ``moves``: once per Turn the summoner may move it up to that many spaces
  (``use:companion:<id>:walk``), orthogonally, never through Walls or Blocked spaces nor
  ending on a full space, as any miniature ("Movement Actions", "Limit of Miniatures &
  Entity Tokens per Space"); it triggers no Trap (effects ignore it).

Every selector still ignores it: no effect ever targets a Companion.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ....core import Action
from ....core.effects import Ctx
from ....core.flow import DecisionStep, Flow, evolve
from ..kinds import KINDS, RUNTIME
from ..params import SPACE_CAPACITY
from ..records import Ability
from .overlays import companions

if TYPE_CHECKING:
    from ..state import EtherfieldsState

WALK = "walk"
"""The id of a Companion's movement (``use:companion:<id>:walk``)."""

effect = RUNTIME.language.handler


def summoner(s: EtherfieldsState, comp: list[Any]) -> int:
    return int(comp[2]) if len(comp) > 2 else s.first


def companion_ability(s: EtherfieldsState, name: str, ident: str) -> Ability | None:
    """A Companion's ability by id; ``walk``: its movement, when it has ``moves``."""
    if not s.catalog.has("companion", name):
        return None
    rec = s.catalog.get("companion", name)
    if ident == WALK and rec.moves:
        return Ability.model_construct(
            id=WALK,
            kind="action",
            cost=RUNTIME.language.parse("free", "cost"),
            keywords=frozenset(),
            range=None,
            requires=None,
            limit="once_per_turn",
            on=None,
            effects=RUNTIME.language.parse("done"),
            modifiers=[],
            text=f"Move {rec.name} up to {rec.moves} spaces",
            hint=None,
        )
    return next((a for a in rec.abilities if a.id == ident and a.kind != "trigger"), None)


def candidates(s: EtherfieldsState, seat: int) -> list[tuple[str, Ability, str]]:
    """The summoner's Companion actions, as ``actions.available`` lists candidates."""
    out: list[tuple[str, Ability, str]] = []
    for comp in companions(s):
        if summoner(s, comp) != seat:
            continue
        rec = s.catalog.get("companion", comp[0])
        idents = [a.id for a in rec.abilities if a.kind in ("action", "anytime")]
        for ident in idents + ([WALK] if rec.moves else []):
            ability = companion_ability(s, comp[0], ident)
            if ability is not None:
                key = f"companion:{comp[0]}:{ident}"
                out.append((key, ability, f"use:{key}"))
    return out


def perform_walk(s: EtherfieldsState, flow: Flow, seat: int, key: str) -> bool:
    """``use:companion:<id>:walk`` performed: the summoner moves it step by step."""
    parts = key.split(":")
    if parts[0] != "companion" or parts[2] != WALK:
        return False
    moves = s.catalog.get("companion", parts[1]).moves or 0
    flow.push(CompanionMove(seat, parts[1], moves))
    return True


def space_of(s: EtherfieldsState, name: str) -> str | None:
    return next((c[1] for c in companions(s) if c[0] == name), None)


@effect("companion", "selector")
def _companion(s: EtherfieldsState, a: Any, ctx: Ctx) -> tuple[Any, ...]:
    """The space of the Companion whose ability runs (its source ``companion:<id>``)."""
    parts = (ctx.source or "").split(":")
    if parts[0] != "companion" or len(parts) < 2:
        return ()
    at = space_of(s, parts[1])
    return (at,) if at is not None else ()


@KINDS.step
@dataclass(frozen=True, slots=True)
class CompanionMove(DecisionStep):
    """etherfields "Companions", "Movement Actions": the summoner moves the Companion one
    orthogonal step at a time, up to ``left`` spaces; Walls and Blocked spaces stop it; a
    full space may be crossed but not ended on."""

    kind = "companion_move"
    rule = "companions"
    prompt = "Move {companion}: {left} spaces left"
    seat: int
    companion: str
    left: int

    def done(self, s: EtherfieldsState) -> bool:
        return self.left <= 0 or space_of(s, self.companion) is None

    def legal(self, s: EtherfieldsState) -> list[Action]:
        from .movement import step_options

        here = space_of(s, self.companion)
        assert here is not None
        return step_options(s, here, self.left)

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        from .movement import occupants, step_target
        from .overlays import move_companion

        if action.id == "stop":
            flow.pop()
            return
        here = space_of(s, self.companion)
        assert here is not None
        other = step_target(s, here, action.id[5:])
        assert other is not None
        left = self.left - 1
        if left == 0 and occupants(s, other) >= SPACE_CAPACITY:
            return  # never offered: it cannot end on a full space
        move_companion(s, f"companion:{self.companion}", other)
        flow.emit(
            "companion_moved",
            "{card} moves to {space}",
            "companions",
            seat=self.seat,
            card=self.companion,
            space=other,
        )
        flow.replace_top(evolve(self, left=left))


__all__ = ["WALK", "CompanionMove", "candidates", "companion_ability", "perform_walk"]
