"""Shopping and buying Influence cards on the Dreamworld map (etherfields "Shopping",
"Influence Market & Buying New Influence Cards", "Saving Your Game": the buying step)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ....core import Action
from ....core.flow import AutoStep, ChanceStep, DecisionStep, Flow
from ....core.i18n import plural
from ..params import ITEM_SLOTS
from .refs import KINDS
from .world_rules import ITEM_PRICE, card_label, gain_ether

if TYPE_CHECKING:
    from .dreamworld import DreamworldState


# -- Shopping and buying -------------------------------------------------------------------


@KINDS.step
@dataclass(frozen=True, slots=True)
class ShopChoice(DecisionStep):
    """ "Shopping": each Dreamer buys Influence cards, or 1 Item, or nothing (+1 Ether)."""

    kind = "shop_choice"
    rule = "shopping"
    prompt = "Dreamer {seat}: buy Influence cards, buy 1 Item, or nothing (gain 1 Ether)"
    seat: int

    def legal(self, s: DreamworldState) -> list[Action]:
        out = [Action("none", "Buy nothing: gain 1 Ether")]
        if s.doc["market"]:
            out.append(Action("buy-cards", "Draw Market cards and buy"))
        if s.doc["item_market"] and s.doc["dreamers"][self.seat]["ether"] >= ITEM_PRICE:
            out.append(Action("buy-item", f"Buy a random Item for {ITEM_PRICE} Ether"))
        return out

    def apply(self, s: DreamworldState, flow: Flow, action: Action) -> None:
        if action.id == "none":
            got = gain_ether(s, self.seat, 1)
            flow.emit(
                "shop_nothing",
                "Dreamer {seat} buys nothing and gains {n} Ether",
                seat=self.seat,
                n=got,
            )
            flow.pop()
        elif action.id == "buy-cards":
            n = s.season().shop_draw
            flow.replace(
                BuyCards(seat=self.seat, shop=True, bought=False),
                MarketDraw(seat=self.seat, left=n),
            )
        else:
            s.doc["dreamers"][self.seat]["ether"] -= ITEM_PRICE
            flow.emit("item_paid", "Dreamer {seat} pays 2 Ether for an Item", seat=self.seat)
            flow.replace(ItemDraw(seat=self.seat))


@KINDS.step
@dataclass(frozen=True, slots=True)
class SaveBuy(DecisionStep):
    """ "Saving Your Game": before saving, a Buying Influence cards step, once."""

    kind = "save_buy"
    rule = "saving"
    prompt = "Dreamer {seat}: buy Influence cards before saving?"
    seat: int
    auto_single = True

    def legal(self, s: DreamworldState) -> list[Action]:
        out = [Action("skip", "Buy nothing")]
        if s.doc["market"] and s.doc["dreamers"][self.seat]["ether"] > 0:
            out.append(Action("buy-cards", "Draw Market cards and buy"))
        return out

    def apply(self, s: DreamworldState, flow: Flow, action: Action) -> None:
        if action.id == "skip":
            flow.pop()
            return
        flow.replace(
            BuyCards(seat=self.seat, shop=False, bought=False),
            MarketDraw(seat=self.seat, left=s.season().shop_draw),
        )


@KINDS.step
@dataclass(frozen=True, slots=True)
class MarketDraw(ChanceStep):
    """ "Influence Market & Buying New Influence Cards": draw the top cards of the shuffled
    Market (each draw is chance among what is left)."""

    kind = "market_draw"
    rule = "market"
    prompt = "A Market card is drawn for Dreamer {seat}"
    seat: int
    left: int

    def done(self, s: DreamworldState) -> bool:
        return self.left <= 0 or not s.doc["market"]

    def outcomes(self, s: DreamworldState) -> list[tuple[Action, float]]:
        market = Counter(s.doc["market"])
        total = sum(market.values())
        return [
            (Action(f"draw:{f}", f"Draw {card_label(s, f)}"), k / total)
            for f, k in sorted(market.items())
        ]

    def apply(self, s: DreamworldState, flow: Flow, action: Action) -> None:
        face = action.id.split(":", 1)[1]
        s.doc["market"].remove(face)
        s.drawn.append(face)
        flow.emit(
            "market_drawn", "Dreamer {seat} draws {card} from the Market", seat=self.seat, card=face
        )
        flow.replace_top(MarketDraw(seat=self.seat, left=self.left - 1))


@KINDS.step
@dataclass(frozen=True, slots=True)
class BuyCards(DecisionStep):
    """ "Shopping", "Influence Market & Buying New Influence Cards": buy any of the drawn
    cards for their Ether cost, onto the discard pile; the rest go to the Market's bottom;
    while Shopping, buying nothing at all gains 1 Ether."""

    kind = "buy_cards"
    rule = "market"
    prompt = "Dreamer {seat}: buy drawn Market cards with Ether, or done"
    seat: int
    shop: bool
    bought: bool

    def legal(self, s: DreamworldState) -> list[Action]:
        ether = s.doc["dreamers"][self.seat]["ether"]
        out = [Action("done", "Stop buying")]
        for face in sorted(set(s.drawn)):
            cost = s.catalog.get("influence", face).ether_cost or 0
            if cost <= ether:
                out.append(Action(f"buy:{face}", f"Buy {card_label(s, face)} for {cost} Ether"))
        return out

    def apply(self, s: DreamworldState, flow: Flow, action: Action) -> None:
        h = s.doc["dreamers"][self.seat]
        if action.id == "done":
            s.doc["market"] += s.drawn
            if s.drawn:
                text = plural(
                    len(s.drawn),
                    "{n} card returns to the Market's bottom",
                    "{n} cards return to the Market's bottom",
                )
                flow.emit("market_bottom", text, n=len(s.drawn))
            s.drawn = []
            if self.shop and not self.bought:
                got = gain_ether(s, self.seat, 1)
                flow.emit(
                    "shop_nothing",
                    "Dreamer {seat} bought nothing and gains {n} Ether",
                    "shopping",
                    seat=self.seat,
                    n=got,
                )
            flow.pop()
            return
        face = action.id.split(":", 1)[1]
        cost = s.catalog.get("influence", face).ether_cost or 0
        h["ether"] -= cost
        s.drawn.remove(face)
        h["discard"].append(face)
        flow.emit(
            "bought",
            "Dreamer {seat} buys {card} for {cost} Ether (to the discard pile)",
            seat=self.seat,
            card=face,
            cost=cost,
        )
        flow.replace_top(BuyCards(seat=self.seat, shop=self.shop, bought=True))


@KINDS.step
@dataclass(frozen=True, slots=True)
class ItemDraw(ChanceStep):
    """ "Shopping": a random Item from the Item Market, to an Active Item slot."""

    kind = "item_draw"
    rule = "shopping"
    prompt = "An Item is drawn from the Item Market"
    seat: int

    def outcomes(self, s: DreamworldState) -> list[tuple[Action, float]]:
        market = Counter(s.doc["item_market"])
        total = sum(market.values())
        return [(Action(f"item:{f}", f"Draw {f}"), k / total) for f, k in sorted(market.items())]

    def apply(self, s: DreamworldState, flow: Flow, action: Action) -> None:
        item = action.id.split(":", 1)[1]
        s.doc["item_market"].remove(item)
        s.doc["items"].append(item)
        flow.emit("item_bought", "Dreamer {seat} gains the Item {item}", seat=self.seat, item=item)
        if len(s.doc["items"]) > ITEM_SLOTS:
            flow.replace(ItemDiscard(seat=self.seat))
        else:
            flow.pop()


@KINDS.step
@dataclass(frozen=True, slots=True)
class ItemDiscard(DecisionStep):
    """ "Shopping", "Items": with every Active slot full, one Item is discarded (to Storage
    or back to the Item Market, as the card says)."""

    kind = "item_discard"
    rule = "items"
    prompt = "Dreamer {seat}: discard an Active Item to make room"
    seat: int

    def legal(self, s: DreamworldState) -> list[Action]:
        return [Action(f"discard-item:{i}", f"Discard {i}") for i in sorted(set(s.doc["items"]))]

    def apply(self, s: DreamworldState, flow: Flow, action: Action) -> None:
        item = action.id.split(":", 1)[1]
        s.doc["items"].remove(item)
        to = s.catalog.get("item", item).discard_to
        s.doc["storage" if to == "storage" else "item_market"].append(item)
        flow.emit("item_discarded", "{item} goes to the {to}", item=item, to=to)
        flow.pop()


@KINDS.step
class ShopEnd(AutoStep):
    """ "Shopping": the Shopping card returns to the Secrets afterward."""

    kind = "shop_end"
    rule = "shopping"

    def run(self, s: DreamworldState, flow: Flow) -> None:
        s.doc["shopping"] = False
        flow.emit("shopping_card", "The Shopping card returns to the Secrets")
