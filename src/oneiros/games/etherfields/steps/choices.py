"""Choices an effect asks for (etherfields "Multiple Choices"): the Dreamer or the Entity
miniature a ``choose_dreamer`` or ``choose_entity`` selector stands for, and the cards a
``discard`` effect takes from the hand ("Performing Actions": cards are discarded one at a
time, their owner's choice).

An effect whose arguments hold such a selector is not run at once: ``ChooseTarget`` asks
the chooser (the acting Dreamer; for a Dreamscape effect the First Player, who "is also
responsible for resolving any indecision", "Variants — Structured Rounds"), then the effect
runs with the choice bound (``Ctx.extra`` ``chosen``), and the selector returns it. With
one candidate nothing is asked; with none the selector names nobody.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ....core import Action
from ....core.effects import Ctx, Node, render
from ....core.flow import DecisionStep, Flow, evolve
from ....core.i18n import plural
from ..kinds import KINDS
from ..names import discards, names_of

if TYPE_CHECKING:
    from ..state import EtherfieldsState

CHOOSERS = ("choose_dreamer", "choose_entity")
SELF_CHOOSING = frozenset({"threat", "remove_entity", "apply_state", "unmorph"})
"""Ops that resolve a ``choose_entity`` target of their own (``movement.choose_or_do``;
``unmorph`` takes the Morphing of the Entity in range, "Basic Actions Card")."""


def choice_in(node: Node) -> Node | None:
    """The first ``choose_*`` selector among an effect's arguments (not inside the effects
    it holds: those choose when they run)."""
    for name in type(node.args).model_fields:
        found = _find(getattr(node.args, name))
        if found is not None:
            if node.op in SELF_CHOOSING and getattr(node.args, name) is found:
                return None
            return found
    return None


def _find(value: Any) -> Node | None:
    if isinstance(value, Node):
        if value.category == "effect":
            return None
        if value.category == "selector" and value.op in CHOOSERS:
            return value
        for name in type(value.args).model_fields:
            found = _find(getattr(value.args, name))
            if found is not None:
                return found
    elif isinstance(value, list | tuple):
        for item in value:
            found = _find(item)
            if found is not None:
                return found
    return None


def chooser(s: EtherfieldsState, ctx: Ctx) -> int:
    if ctx.chooser is not None:
        return ctx.chooser
    return ctx.seat if ctx.seat is not None else s.first


def candidates(s: EtherfieldsState, sel: Node, ctx: Ctx) -> tuple[Any, ...]:
    """Who or what a ``choose_*`` selector may stand for: every Dreamer; the miniatures
    within its range of the acting Dreamer (every miniature for a Dreamscape effect)."""
    args: Any = sel.args
    return candidates_of(s, sel.op, getattr(args, "range", None), ctx)


def candidates_of(s: EtherfieldsState, op: str, n: int | None, ctx: Ctx) -> tuple[Any, ...]:
    if op == "choose_dreamer":
        return tuple(range(s.game.players))
    from .movement import minis_within

    return minis_within(s, ctx.seat, n)


def ask(s: EtherfieldsState, flow: Flow, node: Node, ctx: Ctx, sel: Node) -> bool:
    """Ask for the target of ``sel`` before ``node`` runs; False when there is nothing to
    ask (the effect then runs with the single candidate, or none)."""
    options = candidates(s, sel, ctx)
    if len(options) > 1:
        flow.push(
            ChooseTarget(
                chooser(s, ctx), render(node), sel.op, options, ctx.seat, ctx.source, ctx.x, ctx.it
            )
        )
        return True
    return False


def bound(ctx: Ctx, options: tuple[Any, ...]) -> Ctx:
    return ctx.bind(extra=(*ctx.extra, ("chosen", options[0] if options else None)))


@KINDS.step
@dataclass(frozen=True, slots=True)
class ChooseTarget(DecisionStep):
    """etherfields "Multiple Choices": the chooser picks the Dreamer (``choose:<seat>``) or
    the miniature (``target:entity:<id>``) the effect is applied to."""

    kind = "choose_target"
    rule = "choices"
    prompt = "Choose the target of: {effect}"
    seat: int
    effect: str
    selector: str
    options: tuple[Any, ...]
    acting: int | None = None
    source: str | None = None
    x: int = 1
    it: Any = None

    def legal(self, s: EtherfieldsState) -> list[Action]:
        names = names_of(s)
        if self.selector == "choose_dreamer":
            return [Action(f"choose:{seat}", f"Dreamer {seat}") for seat in self.options]
        out = []
        for mini in self.options:
            found = s.mini(mini)
            if found is not None:
                out.append(Action(f"target:entity:{mini}", f"{names.mini(mini)} at {found[2]}"))
        return out

    skip_without_choice = True

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        from ..kinds import RUNTIME

        flow.pop()
        target: Any = action.id.rsplit(":", 1)[1]
        if self.selector == "choose_dreamer":
            target = int(target)
            flow.emit("target_chosen", "Dreamer {seat} is chosen", seat=target)
        else:
            flow.emit("target_chosen", "{mini} is chosen", mini=target)
        ctx = Ctx(seat=self.acting, source=self.source, x=self.x, it=self.it)
        node = RUNTIME.language.parse(self.effect)
        flow.push(*RUNTIME.steps(node, ctx.bind(extra=(("chosen", target),))))


@KINDS.step
@dataclass(frozen=True, slots=True)
class DiscardEffect(DecisionStep):
    """An effect's "discard n cards": the Dreamer discards from their hand, one card at a
    time and their choice ("Performing Actions"); a short hand discards what it holds."""

    kind = "discard_effect"
    rule = "performing"
    prompt = "Discard {left} cards"
    seat: int
    left: int

    def prompt_text(self, s: EtherfieldsState) -> str:
        return plural(self.left, "Discard {left} card", self.prompt).format(left=self.left)

    def done(self, s: EtherfieldsState) -> bool:
        return self.left <= 0 or not s.table.count("hand", self.seat)

    def legal(self, s: EtherfieldsState) -> list[Action]:
        return discards(s, self.seat)

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        s.table.move(
            action.id.split(":", 1)[1],
            "discard",
            self.seat,
            flow=flow,
            fmt="Dreamer {seat} discards {face}",
            seat=self.seat,
        )
        flow.replace_top(evolve(self, left=self.left - 1))
