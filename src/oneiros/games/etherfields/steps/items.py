"""Items beyond their Intent (etherfields "Items"): the Active slots, Storage and
Restoring.

- "At any one time there can only be a maximum of 3 ACTIVE ITEMS ... There is a 4th Item
  Slot on the board that may also be unlocked": ``slots``; an Item with ``unlocks_slot``
  unlocks it when it becomes Active, for the rest of the game (``state.item_slot_unlocked``),
  and passives ``modify('item_slots', n)`` add to it.
- "When the game allows you to RESTORE AN ITEM ... draw one randomly from the STORAGE and
  place it in an Active Item slot. If there are no slots available, you must discard one
  of your other active Items or the Item you just drew back into the Storage"
  (``restore_item``: the chance ``item:<id>``, then ``SlotChoice``).
- "Generally DISCARDED ITEMS will go into the STORAGE (however some may go back to the ITEM
  MARKET ...)": ``discard_to`` (``leave``), the Market being the ``item_market`` zone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ....core import Action
from ....core.effects import Ctx
from ....core.flow import ChanceStep, DecisionStep, Flow
from ..kinds import KINDS, RUNTIME
from ..names import names_of
from ..params import ITEM_SLOTS

if TYPE_CHECKING:
    from ..state import EtherfieldsState


def slots(s: EtherfieldsState) -> int:
    """The Active Item slots: 3, the 4th once unlocked, and what passives add."""
    from .progress import modifier

    extra = sum(modifier(s, seat, "item_slots") for seat in range(s.game.players))
    return ITEM_SLOTS + int(getattr(s, "item_slot_unlocked", False)) + extra


def activate(s: EtherfieldsState, flow: Flow, item: str) -> None:
    """An Item enters an Active slot (it unlocks the 4th one when it says so)."""
    s.table.move(
        item,
        "items",
        flow=flow,
        kind="item_restored",
        fmt="{face} is restored to an Active slot",
        rule="items",
    )
    if s.catalog.get("item", s.table.face(item)).unlocks_slot and not getattr(
        s, "item_slot_unlocked", False
    ):
        s.item_slot_unlocked = True
        flow.emit("item_slot", "The 4th Item slot is unlocked", "items")


def to_market(s: EtherfieldsState, item: str) -> bool:
    """Whether a discarded Item goes back to the Item Market (else to Storage)."""
    return bool(s.catalog.get("item", s.table.face(item)).discard_to == "market")


def leave(s: EtherfieldsState, flow: Flow, item: str, seat: int) -> None:
    """An Active Item is discarded to make room: to Storage, or back to the Item Market
    when its card says so."""
    if to_market(s, item):
        fmt = "Dreamer {seat} discards {face} to make room; it goes back to the Item Market"
    else:
        fmt = "Dreamer {seat} discards {face} to make room; it goes to Storage"
    s.table.move(
        item,
        "item_market" if to_market(s, item) else "storage",
        flow=flow,
        kind="item_discarded",
        fmt=fmt,
        rule="items",
        seat=seat,
    )


def pay_with(s: EtherfieldsState, flow: Flow, seat: int, item: str, colour: str) -> int:
    """An Active Item discarded for its Intent ("Performing Actions": "Items used in this
    way are discarded into the Item Storage", or the Market when the card says so)."""
    face = s.table.face(item)
    value = next(i.value for i in s.catalog.get("item", face).intent if i.colour == colour)
    if to_market(s, item):
        s.table.move(
            item,
            "item_market",
            flow=flow,
            kind="paid",
            fmt="Dreamer {seat} uses {face} for {value} {colour}; it goes back to the Item Market",
            rule="items",
            seat=seat,
            value=value,
            colour=colour,
        )
        return int(value)
    s.table.move(
        item,
        "storage",
        flow=flow,
        kind="paid",
        fmt="Dreamer {seat} uses {face} for {value} {colour}; it goes to Storage",
        rule="items",
        seat=seat,
        value=value,
        colour=colour,
    )
    return int(value)


@KINDS.step
@dataclass(frozen=True, slots=True)
class RestoreDraw(ChanceStep):
    """etherfields "Items": an Item is drawn at random from the Storage."""

    kind = "restore_item"
    rule = "items"
    decision_kind = "draw"
    prompt = "Draw an Item from the Storage"
    seat: int
    left: int = 1

    def done(self, s: EtherfieldsState) -> bool:
        return self.left <= 0 or not s.table.count("storage")

    def outcomes(self, s: EtherfieldsState) -> list[tuple[Action, float]]:
        names = names_of(s)
        return [
            (Action(f"item:{face}", f"{names.piece(face)} is drawn from the Storage"), p)
            for face, p in s.table.outcomes("storage")
        ]

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        from ....core.flow import evolve

        item = s.table.find("storage", action.id.split(":", 1)[1])
        assert item is not None
        flow.replace_top(evolve(self, left=self.left - 1))
        if s.table.count("items") < slots(s):
            activate(s, flow, item)
            return
        s.table.move(item, "restoring", flow=flow, kind="item_drawn", fmt="{face} is drawn")
        flow.push(SlotChoice(self.seat, item))


@KINDS.step
@dataclass(frozen=True, slots=True)
class SlotChoice(DecisionStep):
    """etherfields "Items": no slot is free: the Dreamer discards an Active Item to make
    room (``discard:<item>``), or sends the drawn one back to the Storage
    (``discard:<drawn>``)."""

    kind = "item_slot_choice"
    rule = "items"
    prompt = "No Item slot is free: discard an Active Item or send the drawn one back"
    seat: int
    item: str

    def legal(self, s: EtherfieldsState) -> list[Action]:
        names = names_of(s)
        drawn = names.piece(s.table.face(self.item))
        out = [Action(f"discard:{self.item}", f"Send {drawn} back to the Storage")]
        for item in s.table.ids("items"):
            out.append(Action(f"discard:{item}", f"Discard {names.piece(s.table.face(item))}"))
        return out

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        flow.pop()
        chosen = action.id.split(":", 1)[1]
        if chosen == self.item:
            s.table.move(
                chosen,
                "storage",
                flow=flow,
                kind="item_returned",
                fmt="{face} goes back to the Storage",
                rule="items",
            )
            return
        leave(s, flow, chosen, self.seat)
        activate(s, flow, self.item)


@RUNTIME.language.handler("restore_item")
def _restore_item(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    """etherfields "Items": Restore n Items from the Storage."""
    n = RUNTIME.amount(s, a.n, ctx)
    if n > 0 and s.table.count("storage"):
        flow.push(RestoreDraw(ctx.seat if ctx.seat is not None else s.first, n))
    elif n > 0:
        flow.emit("no_item", "The Storage is empty: no Item is restored", "items")
