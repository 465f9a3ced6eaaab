"""lucidity-en "Activating Nightmare Abilities" (lucidity-es "Habilidades de pesadilla"): a
dreamer who resolves a dream of a claimed colour showing a face its Nightmare card takes
gives it to that Nightmare as 1 Power; the Nightmare may then activate its card's ability
against that dreamer. What each card does is content (``data/content.json``), an effect of
the language of ``effects.py`` run by ``RUNTIME``: send a minion, strip a Power dream, draw
a dream into the Exhaust row, move a shadow dream to the Hunt row, or (the Nightmare of
Temptation, provisional) offer a Power dream; the handlers of those ops are here."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from ....core import Action
from ....core.effects import Ctx
from ....core.flow import Flow
from ..actions import A
from ..content import COLOURS
from ..effects import (
    LANGUAGE,
    DrawToExhaust,
    OfferPower,
    SendMinion,
    ShadowToHunt,
    StripPower,
)
from ..model import die, power_picks, remove_pick
from .base import KINDS, BagDraw, ByNightmare
from .end import took_last

if TYPE_CHECKING:
    from ..state import LucidityState


def nightmare_takes(s: LucidityState, seat: int, c: str, f: str, h: int) -> bool:
    """The Nightmare of colour ``c`` (seat ``h``) takes the ``f`` dream ``seat`` resolved,
    as 1 Power; a dreamer then faces its ability. True if the ability step was pushed."""
    s.seats[h].power.append(die(c, "power1"))
    s.emit(
        "nightmare_takes",
        "The {colour} Nightmare (seat {nightmare}) takes the {face} dream as 1 Power",
        s.R["ability"],
        seat=seat,
        nightmare=h,
        colour=c,
        face=f,
    )
    if s.seats[seat].role == "dreamer":
        s.stack.items.append(Ability(h, seat, c))
        return True
    return False


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class Ability(ByNightmare):
    """The Nightmare that just took a dream may activate its card's ability (``colour``)."""

    kind = "ability"
    rule = "ability"
    prompt = "Activate your Nightmare ability?"
    colour: str

    def legal(self, s: LucidityState) -> list[Action]:
        return [A["ability:use"], A["ability:pass"]]

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        nm = self.nightmare
        target = self.seat
        flow.pop()
        if action.id == "ability:pass" or s.seats[target].role != "dreamer":
            s.emit(
                "ability",
                "The Nightmare (seat {nightmare}) does not activate",
                s.R["ability"],
                nightmare=nm,
            )
            return
        node = s.game.abilities[self.colour].node
        s.emit(
            "ability",
            "The Nightmare (seat {nightmare}) activates the ability of the {card}",
            s.R["ability"],
            nightmare=nm,
            seat=target,
            op=node.op,
            card=s.game.nightmare_cards[self.colour].name,
        )
        # what the card does is content: its effect runs as steps of the effect language
        s.stack.items.extend(RUNTIME.steps(node, Ctx(seat=target, chooser=nm, source=self.colour)))


RUNTIME = LANGUAGE.runtime(KINDS, "ability", "Choose how the ability acts", kind="ability_effect")
"""The Nightmare abilities as flow steps (``effects.py`` declares the ops)."""


def _who(ctx: Ctx) -> tuple[int, int]:
    """The Nightmare (``chooser``) and the dreamer (``seat``) of an ability."""
    assert ctx.chooser is not None and ctx.seat is not None
    return ctx.chooser, ctx.seat


@LANGUAGE.handler("send_minion")
def _send_minion(s: LucidityState, flow: Flow, args: SendMinion, ctx: Ctx) -> None:
    from .nightmare import MinionDraw, MinionPick

    nm, target = _who(ctx)
    items = s.stack.items
    items.append(MinionPick(nm, target, "ability"))
    for _ in range(args.draw):
        items.append(MinionDraw(nm, "ability"))


@LANGUAGE.handler("strip_power")
def _strip_power(s: LucidityState, flow: Flow, args: StripPower, ctx: Ctx) -> None:
    s.stack.items.append(Strip(*_who(ctx)))


@LANGUAGE.handler("draw_to_exhaust")
def _draw_to_exhaust(s: LucidityState, flow: Flow, args: DrawToExhaust, ctx: Ctx) -> None:
    s.stack.items.append(AbilityDraw(_who(ctx)[1]))


@LANGUAGE.handler("shadow_to_hunt")
def _shadow_to_hunt(s: LucidityState, flow: Flow, args: ShadowToHunt, ctx: Ctx) -> None:
    s.stack.items.append(HuntMove(*_who(ctx)))


@LANGUAGE.handler("offer_power")
def _offer_power(s: LucidityState, flow: Flow, args: OfferPower, ctx: Ctx) -> None:
    s.stack.items.append(Offer(*_who(ctx)))


@KINDS.step  # no field of its own: the registry makes it a dataclass
class Strip(ByNightmare):
    """The Nightmare chooses a Power dream the dreamer returns to the bag."""

    kind = "strip"
    rule = "ability"
    prompt = "Choose a Power dream the dreamer returns"
    skip_without_choice = True

    def legal(self, s: LucidityState) -> list[Action]:
        return [A[aid] for aid in power_picks(s.seats[self.seat], self.seat)]

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        seat = self.seat
        d = remove_pick(s.seats[seat], seat, action.id)
        flow.pop()
        s.bag[d[0]] += 1
        s.emit(
            "stripped",
            "Seat {seat} returns a {colour} {face} dream to the bag",
            s.R["ability"],
            seat=seat,
            colour=d[0],
            face=d[1],
        )


@KINDS.step  # no field of its own: the registry makes it a dataclass
class Offer(ByNightmare):
    """The Nightmare of Temptation (provisional) gives the dreamer one of its own Power
    dreams; the dreamer then draws and rolls one dream at once."""

    kind = "offer"
    rule = "ability"
    prompt = "Choose one of your Power dreams to give"
    skip_without_choice = True

    def legal(self, s: LucidityState) -> list[Action]:
        return [A[aid] for aid in power_picks(s.seats[self.nightmare], self.nightmare)]

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        from .shadows import DrawNow, RollNow

        target = self.seat
        d = remove_pick(s.seats[self.nightmare], self.nightmare, action.id)
        s.seats[target].power.append(d)
        flow.pop()
        s.emit(
            "tempted",
            "The Nightmare (seat {nightmare}) gives seat {seat} a {colour} {face} dream; "
            "seat {seat} must draw and roll a dream",
            s.R["ability"],
            nightmare=self.nightmare,
            seat=target,
            colour=d[0],
            face=d[1],
        )
        if s.bag_total() > 0:
            s.stack.items.append(RollNow(target, False, "ability"))
            s.stack.items.append(DrawNow(target, "ability"))


@KINDS.step  # no field of its own: the registry makes it a dataclass
class HuntMove(ByNightmare):
    """The Nightmare chooses a shadow dream of the dreamer that moves to its Hunt row."""

    kind = "hunt_move"
    rule = "ability"
    prompt = "Choose a shadow dream to move to the Hunt row"
    skip_without_choice = True

    def legal(self, s: LucidityState) -> list[Action]:
        seat = self.seat
        me = s.seats[seat]
        return [A[f"pick:seat{seat}:shadow_{c}:{c}:shadow"] for c in COLOURS if me.shadow[c]]

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        me = s.seats[self.seat]
        c = action.id.split(":")[3]
        me.hunt.append(me.shadow[c].pop())
        flow.pop()
        s.emit(
            "fear",
            "Seat {seat}'s {colour} shadow dream moves to the Hunt row",
            s.R["ability"],
            seat=self.seat,
            colour=c,
        )


@KINDS.step  # no field of its own: the registry makes it a dataclass
class AbilityDraw(BagDraw):
    """Draw a dream and place it in the dreamer's Exhaust row."""

    kind = "ability_draw"
    rule = "ability"
    prompt = "Draw a dream for the Exhaust row"
    decision_kind = "draw"

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        c = action.id[5:]
        seat = self.seat
        flow.pop()
        if c == "bone":
            # "Bone Hunters may never be given to a Dreamer by a Nightmare player ... and must
            # be returned to the bag": it stays in the bag, the ability places nothing
            s.emit(
                "returned",
                "A Bone Hunter drawn for seat {seat} goes back to the bag: "
                "a Nightmare never gives one",
                s.R["bone"],
                seat=seat,
                colour=c,
            )
            return
        s.bag[c] -= 1
        s.seats[seat].exhaust.append(die(c, "exhaust"))
        s.emit(
            "placed",
            "Seat {seat} places a drawn {colour} dream in the Exhaust row",
            s.R["ability"],
            seat=seat,
            colour=c,
        )
        if not s.bag[c]:
            took_last(s, seat)
