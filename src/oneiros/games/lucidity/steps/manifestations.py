"""de-lux "Manifestations Expansion": after resting, a dreamer reveals the top Manifestation;
it may manifest a revealed card by paying its cost in Power (dreams set aside first, then
Power dreams of its row chosen one by one), empower (set a Power dream aside and reveal
another card) or pass. Unmanifested cards go to the bottom of the deck in the order the
dreamer chooses; set-aside Power goes back to the bag when the turn ends. What a card does
is content (``data/content.json``), an effect of the language of ``effects.py`` run by
``RUNTIME``: cleanse a row, shield against hunt dreams, harvest; the handlers are here."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from ....core import Action
from ....core.effects import Ctx
from ....core.flow import Flow, evolve
from ....core.i18n import plural
from ..actions import A
from ..content import COLOURS
from ..effects import LANGUAGE, Cleanse, Harvest, Shield
from ..model import Die, die, power_picks, power_value, remove_pick
from .base import KINDS, BagDraw, Chance, Seated
from .end import took_last

if TYPE_CHECKING:
    from ..state import LucidityState


def available_power(s: LucidityState, seat: int) -> int:
    """The Power ``seat`` can pay with: its Power row (Bone Hunters aside) and the set-aside
    dreams."""
    row = [d for d in s.seats[seat].power if d[0] != "bone"]
    return power_value(row) + power_value(s.pool)


def return_revealed(s: LucidityState) -> None:
    """The revealed cards go to the bottom of the deck; set-aside Power to the bag."""
    for card in s.revealed:
        s.mdeck.put_bottom(card)
    s.revealed = []
    if s.pool:
        s._to_bag(s.pool)
        s.pool = []


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class ManifestDraw(Chance):
    """Reveal the next Manifestation (nothing happens once the deck is empty)."""

    kind = "mdraw"
    rule = "manifestations"
    prompt = "Reveal a Manifestation"
    decision_kind = "draw"
    seat: int

    def decision_data(self, s: LucidityState) -> dict[str, Any]:
        return {"seat": self.seat}

    def done(self, s: LucidityState) -> bool:
        return not len(s.mdeck)

    def outcomes(self, s: LucidityState) -> list[tuple[Action, float]]:
        acts = s.game.actions
        return [(acts["card:" + c], p) for c, p in s.mdeck.outcomes()]

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        card = action.id[5:]
        s.mdeck.take(card)
        s.revealed.append(card)
        flow.pop()
        s.emit(
            "manifestation_drawn",
            "Seat {seat} reveals the Manifestation {name}",
            s.R["manifestations"],
            seat=self.seat,
            card=card,
            name=s.game.content.manifestations[card].name,
        )


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class Manifest(Seated):
    """Manifest a revealed card, empower, or pass."""

    kind = "manifest"
    rule = "manifestations"
    prompt = "Manifest, empower or pass"
    seat: int

    def decision_data(self, s: LucidityState) -> dict[str, Any]:
        return {}

    def legal(self, s: LucidityState) -> list[Action]:
        acts = s.game.actions
        seat = self.seat
        out: list[Action] = []
        have = available_power(s, seat)
        cards = s.game.content.manifestations
        for card in s.revealed:
            if cards[card].cost <= have:
                out.append(acts["manifest:" + card])
        if len(s.mdeck):
            seen: set[str] = set()
            for d in s.seats[seat].power:
                if d[0] != "bone":
                    aid = f"empower:{d[0]}:{d[1]}"
                    if aid not in seen:
                        seen.add(aid)
                        out.append(acts[aid])
        out.append(acts["pass"])
        return out

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        seat = self.seat
        aid = action.id
        items = s.stack.items
        if aid == "pass":
            flow.pop()
            s.emit("manifest_pass", "Seat {seat} passes", s.R["manifestations"], seat=seat)
            items.append(ManifestBottom(seat))
            return
        if aid.startswith("empower:"):
            _, c, f = aid.split(":")
            s.seats[seat].power.remove(die(c, f))
            s.pool.append(die(c, f))
            s.emit(
                "empower",
                "Seat {seat} sets a {colour} {face} dream aside and draws another Manifestation",
                s.R["manifestations"],
                seat=seat,
                colour=c,
                face=f,
            )
            items.append(ManifestDraw(seat))
            return
        card = aid[9:]
        cost = s.game.content.manifestations[card].cost
        paid = 0
        spent: list[Die] = []
        # set-aside Power first: it goes back to the bag at the end of the turn anyway
        while paid < cost and s.pool:
            d = s.pool.pop()
            spent.append(d)
            paid += 2 if d[1] == "power2" else 1
        s._to_bag(spent)
        s.revealed.remove(card)
        flow.pop()
        items.append(ManifestBottom(seat))
        # the rest from the Power row, dream by dream, as the dreamer chooses
        items.append(Pay(seat, card, paid))


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class Pay(Seated):
    """Pay the rest of the cost with Power dreams of the row, one by one (``paid`` so far);
    a single kind of dream left is paid without asking. Once paid, the card manifests."""

    kind = "pay"
    rule = "manifestations"
    prompt = "Choose a Power dream to pay for the Manifestation"
    skip_without_choice = True
    auto_single = True
    seat: int
    card: str
    paid: int

    def decision_data(self, s: LucidityState) -> dict[str, Any]:
        return {}

    def done(self, s: LucidityState) -> bool:
        return self.paid >= s.game.content.manifestations[self.card].cost

    def finish(self, s: LucidityState, flow: Flow) -> None:
        manifest(s, self.seat, self.card, self.paid)

    def legal(self, s: LucidityState) -> list[Action]:
        return [A[aid] for aid in power_picks(s.seats[self.seat], self.seat)]

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        d = remove_pick(s.seats[self.seat], self.seat, action.id)
        s._to_bag([d])
        flow.replace_top(evolve(self, paid=self.paid + (2 if d[1] == "power2" else 1)))


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class ManifestBottom(Seated):
    """Choose the next unmanifested card to put at the bottom of the deck (asked while two
    or more are left; the last one follows by itself)."""

    kind = "mbottom"
    rule = "manifestations"
    prompt = "Choose the next card to put at the bottom"
    decision_kind = "bottom"
    seat: int

    def decision_data(self, s: LucidityState) -> dict[str, Any]:
        return {}

    def done(self, s: LucidityState) -> bool:
        return len(s.revealed) <= 1

    def finish(self, s: LucidityState, flow: Flow) -> None:
        return_revealed(s)

    def legal(self, s: LucidityState) -> list[Action]:
        acts = s.game.actions
        return [acts["bottom:" + c] for c in s.revealed]

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        card = action.id[7:]
        s.revealed.remove(card)
        s.mdeck.put_bottom(card)


@KINDS.step  # no field of its own: the registry makes it a dataclass
class HarvestDraw(BagDraw):
    """A harvest: draw a dream and keep it as 1 Power."""

    kind = "harvest_draw"
    rule = "manifestations"
    prompt = "Draw a dream as 1 Power"
    decision_kind = "draw"

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        c = action.id[5:]
        s.bag[c] -= 1
        s.seats[self.seat].power.append(die(c, "power1"))
        flow.pop()
        s.emit(
            "harvest",
            "Seat {seat} draws a {colour} dream as 1 Power",
            s.R["manifestations"],
            seat=self.seat,
            colour=c,
        )
        if not s.bag[c]:
            took_last(s, self.seat)


def cleanse(s: LucidityState, seat: int, row: str | None, count: int) -> None:
    """Return up to ``count`` dreams of ``seat``'s ``row`` to the bag, the last placed first
    (Bone Hunters stay); "shadow": from the fullest Shadow row each time."""
    me = s.seats[seat]
    back: list[Die] = []
    if row == "hunt" or row == "exhaust":
        dice = me.hunt if row == "hunt" else me.exhaust
        while count and any(d[0] != "bone" for d in dice):
            for i in range(len(dice) - 1, -1, -1):
                if dice[i][0] != "bone":
                    back.append(dice.pop(i))
                    break
            count -= 1
    else:
        while count:
            fullest = max(COLOURS, key=lambda c: len(me.shadow[c]))
            if not me.shadow[fullest]:
                break
            back.append(me.shadow[fullest].pop())
            count -= 1
    s._to_bag(back)
    s.emit(
        "cleansed",
        plural(
            len(back),
            "Seat {seat} returns {n} dream from the {row} row",
            "Seat {seat} returns {n} dreams from the {row} row",
        )
        if row in ("hunt", "exhaust")
        else plural(
            len(back),
            "Seat {seat} returns {n} dream from the {row} rows",
            "Seat {seat} returns {n} dreams from the {row} rows",
        ),
        s.R["manifestations"],
        seat=seat,
        n=len(back),
        row=row,
    )


def manifest(s: LucidityState, seat: int, card: str, paid: int) -> None:
    """``seat`` keeps the paid card and its effect applies."""
    spec = s.game.content.manifestations[card]
    s.seats[seat].manifested.append(card)
    s.emit(
        "manifested",
        "Seat {seat} manifests {name} for {paid} Power",
        s.R["manifestations"],
        seat=seat,
        card=card,
        name=spec.name,
        paid=paid,
    )
    # what the card does is content: its effect runs as steps of the effect language
    s.stack.items.extend(RUNTIME.steps(spec.effect, Ctx(seat=seat, chooser=seat, source=card)))


RUNTIME = LANGUAGE.runtime(
    KINDS, "manifestations", "Choose how the Manifestation acts", kind="manifest_effect"
)
"""The Manifestation effects as flow steps (``effects.py`` declares the ops)."""


def _seat(ctx: Ctx) -> int:
    assert ctx.seat is not None
    return ctx.seat


@LANGUAGE.handler("cleanse")
def _cleanse(s: LucidityState, flow: Flow, args: Cleanse, ctx: Ctx) -> None:
    cleanse(s, _seat(ctx), args.row, args.count)


@LANGUAGE.handler("shield")
def _shield(s: LucidityState, flow: Flow, args: Shield, ctx: Ctx) -> None:
    s.seats[_seat(ctx)].shield += args.count


@LANGUAGE.handler("harvest")
def _harvest(s: LucidityState, flow: Flow, args: Harvest, ctx: Ctx) -> None:
    for _ in range(args.count):
        s.stack.items.append(HarvestDraw(_seat(ctx)))
