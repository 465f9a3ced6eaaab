"""A heuristic bot for the Dreamworld: head for a Dream Gate it can open, gathering Keys on
the way, shop when it can, keep the deck as it is, and save once the leg is long."""

from __future__ import annotations

import random
from collections import deque
from typing import TYPE_CHECKING, Any

from ....core import Action

if TYPE_CHECKING:
    from .dreamworld import DreamworldState


def _distances(s: DreamworldState, goals: set[str]) -> dict[str, int]:
    """Steps from every Location to the nearest goal (a shortcut counts 3: it Seals)."""
    back: dict[str, list[tuple[str, int]]] = {}
    for arrow in s.catalog.all("arrow"):
        back.setdefault(arrow.end, []).append((arrow.start, 3 if arrow.shortcut else 1))
    dist = dict.fromkeys(goals, 0)
    todo = deque(goals)
    while todo:
        here = todo.popleft()
        for prev, cost in back.get(here, []):
            d = dist[here] + cost
            if d < dist.get(prev, 1 << 30):
                dist[prev] = d
                todo.append(prev)
    return dist


def _goals(s: DreamworldState) -> set[str]:
    cat = s.catalog
    keys = s.doc["keys"]
    gates = set(s.doc["gates"])
    open_gates = {
        loc.id
        for loc in cat.all("location")
        if loc.kind == "gate" and loc.gate in gates and cat.get("gate", loc.gate).keys <= keys
    }
    if open_gates:
        return open_gates
    return {loc.id for loc in cat.all("location") if loc.kind == "keys"}


def _worn(h: dict[str, Any]) -> bool:
    """Worn out: Distress, many Sealed cards or a thin deck call for an Awakening."""
    usable = len(h["deck"]) + len(h["hand"]) + len(h["discard"])
    return h["distress"] >= 3 or len(h["sealed"]) >= 5 or usable < 16


def _useful(s: DreamworldState, action: Action) -> bool:
    """A use on the map worth making: Keys, Ether or Gems, or Distress or Sealed cards the
    Dreamers hold (``campaign.world_cards``)."""
    from .world_cards import walk

    _verb, _seat, kind, ident, ab = action.id.split(":", 4)
    cat = s.catalog
    rec = cat.get("influence" if kind in ("card", "progress") else kind, ident)
    ability = next(a for a in rec.abilities if a.id == ab)
    hurt = any(h["distress"] for h in s.doc["dreamers"])
    sealed = any(h["sealed"] for h in s.doc["dreamers"])
    for node in walk(ability.effects):
        if node.op == "gain" or (node.op == "cure" and hurt) or (node.op == "unseal" and sealed):
            return True
    return False


def _any_useful(s: DreamworldState) -> bool:
    from .world_cards import offers

    return any(_useful(s, a) for seat in range(s.players) for a in offers(s, seat))


def world_policy(state: Any, player: int, rng: random.Random) -> Action:
    s: DreamworldState = state
    legal = s.legal_actions(player)
    ids = {a.id: a for a in legal}
    kind = s.flow.top.kind if s.flow.top is not None else ""
    if kind == "deck_build" and "done" in ids:
        return ids["done"]
    if kind in ("shop_choice", "save_buy") and "buy-cards" in ids:
        return ids["buy-cards"]
    if kind == "buy_cards":
        buys = [a for a in legal if a.id.startswith("buy:")]
        if buys:
            return max(buys, key=lambda a: s.catalog.get("influence", a.id[4:]).ether_cost or 0)
        return ids["done"]
    if kind == "world_cards":
        useful = [a for a in legal if a.id.startswith("use:") and _useful(s, a)]
        return useful[0] if useful else ids["done"]
    if kind == "travel":
        if "cards" in ids and _any_useful(s):
            return ids["cards"]
        enter = [a for a in legal if a.id.startswith("enter:")]
        if enter:
            return enter[0]
        if "awaken" in ids and any(_worn(h) for h in s.doc["dreamers"]):
            return ids["awaken"]  # "Awakening": Distress and Sealed cards go
        if "shop" in ids and any(h["ether"] for h in s.doc["dreamers"]):
            return ids["shop"]
        moves = [a for a in legal if a.id.startswith(("travel:", "shortcut:"))]
        if not moves or s.arrived >= s.limit - 1:
            return ids["save"]
        dist = _distances(s, _goals(s))
        far = 1 << 30

        def score(a: Action) -> tuple[int, float]:
            dest = a.id.split(":", 1)[1]
            extra = 2 if a.id.startswith("shortcut:") else 0
            return (dist.get(dest, far) + extra, rng.random())

        return min(moves, key=score)
    return legal[0] if kind not in ("travel",) else ids["save"]


__all__ = ["world_policy"]
