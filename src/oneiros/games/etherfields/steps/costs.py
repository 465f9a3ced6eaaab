"""Costs of several parts and in Keys (etherfields "Dreamers Actions", "Performing
Actions"; design §6 reading 12: Keys are a team pool).

``all(c, ...)`` is every part: the resource parts (Hours, Gems, Ether, Keys, Distress)
are paid when the action starts, then the Intent part, if any, card by card like any
Intent cost; the action is offered only when every part can be paid.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.effects import Ctx, Node
from ....core.flow import Flow
from ..rules import suffer

if TYPE_CHECKING:
    from ..state import EtherfieldsState

RESOURCES = ("hours", "gems", "ether", "keys", "distress")


def parts(cost: Node) -> list[Node]:
    return list(cost.args.items) if cost.op == "all" else [cost]  # type: ignore[attr-defined]


def intent_part(
    s: EtherfieldsState, cost: Node, ctx: Ctx
) -> tuple[str, tuple[tuple[str, int], ...]]:
    """The price of the part paid card by card (``free`` when there is none)."""
    from .actions import price

    for part in parts(cost):
        mode, needs = price(s, part, ctx)
        if mode not in RESOURCES:
            return mode, needs
    return "free", ()


def affordable_all(
    s: EtherfieldsState, seat: int, cost: Node, ctx: Ctx, exclude: str | None
) -> bool:
    from .actions import affordable_price, price

    return all(affordable_price(s, seat, *price(s, p, ctx), exclude) for p in parts(cost))


def pay_resources(s: EtherfieldsState, flow: Flow, seat: int, cost: Node, ctx: Ctx) -> bool:
    """Pay the resource parts now; False when a Distress paid ended the Dream."""
    from .actions import price

    for part in parts(cost):
        mode, needs = price(s, part, ctx)
        if mode in RESOURCES and not pay(s, flow, seat, mode, needs[0][1]):
            return False
    return True


def pay(s: EtherfieldsState, flow: Flow, seat: int, mode: str, n: int) -> bool:
    """One resource cost ("Dreamers Actions": Hours, Shining Gems, Ether, Keys, Distress)."""
    if mode == "hours":
        s.hours -= n
        flow.emit("hours", "The Clock loses {n} Hours ({hours} left)", "clock", n=n, hours=s.hours)
    elif mode in ("gems", "ether"):
        getattr(s, mode)[seat] -= n
        s.table.give(mode, n)
    elif mode == "keys":
        s.team["keys"] = s.team.get("keys", 0) - n
        s.table.give("keys", n)
        flow.emit("keys_spent", "The team spends {n} Keys", "actions", n=n)
    elif mode == "distress":
        return suffer(s, flow, seat, n, "actions")
    return True
