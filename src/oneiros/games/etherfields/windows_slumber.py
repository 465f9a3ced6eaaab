"""The heuristic's choice at the start of a Slumber Turn (etherfields "Slumber Entity
Tiles": Deliverance; "A Brief Strategy Guide"): what Deliverance gives against what
playing the Slumber on gives, both read from the content (the tile's Deliverance and Out of
Turns effects, the Loot of the Turn cards to come, the Entities' interactions that end the
Slumber), never from the tiles' ids."""

from __future__ import annotations

from typing import Any

from ...core import Action
from ...core.effects import Ctx, Node
from . import plan
from .kinds import RUNTIME
from .windows import _n, harm_of, in_danger

WORTH = {"cure": 2, "unseal": 1, "gain": 1, "draw": 1, "seal": -1, "distress": -2, "gain_flaw": -3}
"""What one point of an effect is worth to the Dreamer it reaches (a Distress is nearer
"Distress and Dying" than a Sealed card; a Flaw stays in the deck)."""


def _reached(s: Any, node: Node, ctx: Ctx) -> int:
    """How many Dreamers an effect reaches (its ``who``; none given: the acting one)."""
    who = getattr(node.args, "who", None)
    if who is None:
        return 1
    try:
        return sum(1 for x in RUNTIME.select(s, who, ctx) if isinstance(x, int))
    except Exception:  # a selector that needs a choice: one Dreamer
        return 1


def effect_worth(s: Any, effect: Node | None, ctx: Ctx, seen: frozenset[str] = frozenset()) -> int:
    """What an effect brings the team (``WORTH`` per point and Dreamer reached); a Slumber
    tile it adds to the deck ("Slumbers") is worth what that tile's effects bring."""
    total = 0
    for n in effect.walk() if effect is not None else ():
        if n.op in WORTH:
            total += WORTH[n.op] * _n(n) * _reached(s, n, ctx)
        elif n.op == "add_slumber" and n.args.code not in seen:  # type: ignore[attr-defined]
            code = n.args.code  # type: ignore[attr-defined]
            added = s.catalog.get("slumber", code)
            total += effect_worth(s, added.effects, ctx, seen | {code})
    return total


def _ends_slumber(node: Node | None) -> bool:
    """Whether an effect ends the Slumber whatever happens (not inside a ``when``)."""
    if node is None or node.op == "when":
        return False
    return node.op == "end_slumber" or any(_ends_slumber(c) for c in node.children())


def _reach(s: Any, seat: int, colour: frozenset[str], viewer: int, turns: int) -> int:
    """The most Intent of ``colour`` the Dreamer may hold at once in the Turns left: its
    hand (as ``viewer`` may know it, ``plan.intent``), then draws ("1) Draw Step") at the
    mean of its unseen cards, up to its hand limit ("Hand Size Limit")."""
    from .params import DRAW

    t = s.table
    hand = plan.intent(s, seat, colour, viewer)
    unseen = t.ids("deck", seat) + ([] if viewer == seat else t.ids("hand", seat))
    room = min(DRAW * turns, s.hand_limit(seat) - t.count("hand", seat))
    if not unseen or room <= 0:
        return hand
    mean = sum(plan._best(s, card, colour) for card in unseen) / len(unseen)
    return hand + int(room * mean)


def can_win(s: Any, seat: int) -> bool:
    """Whether the team may still pay, in the Turns left, for an interaction that ends the
    Slumber ("Slumber Entity Tiles": GAIN LOOT, "This Slumber ends."): one Dreamer pays an
    Intent cost, the team together a Gradual one ("Gradual Actions"); the team's Items
    help either."""
    from .steps.actions import price

    turns = max(1, s.turns_left)
    for entity in dict.fromkeys(m[1] for m in s.minis):
        for ability in s.catalog.get("entity", entity).interactions:
            if not _ends_slumber(ability.effects):
                continue
            mode, needs = price(s, ability.cost, Ctx(seat=seat))
            for colour, n in needs if mode in ("intent", "gradual") else ():
                colours = frozenset({colour})
                each = [_reach(s, p, colours, seat, turns) for p in range(s.game.players)]
                have = (sum(each) if mode == "gradual" else max(each)) + plan.items(s, colours)
                if have >= n:
                    return True
    return False


def _loot_worth(s: Any, face: str) -> int:
    """The most one of the Turn card's Loot options gives the team ("Other Turn Card
    Rules": an option "for each Dreamer" counts once per Dreamer)."""
    best = 0
    for option in s.turn_record(face).loot:
        times = s.game.players if option.scope == "each" else 1
        best = max(best, times * effect_worth(s, option.effects, Ctx(seat=s.first)))
    return best


def best_loot(s: Any) -> float:
    """The Loot the team may expect from the Turn cards to come ("A Brief Strategy Guide":
    "time completing the Slumber with the most desired Loot"): the best of those known (the
    Turn deck's known bottom, the current card) and the mean of the cards not drawn yet."""
    from .steps.cards import unknown_turns

    t = s.table
    worth: list[float] = [
        _loot_worth(s, f) for f in t.faces_in("turn_current") + t.faces_in("turn_deck")
    ]
    pool = t.faces_in("turns")
    if unknown_turns(s) > 0 and pool:
        worth.append(sum(_loot_worth(s, f) for f in pool) / len(pool))
    return max(worth, default=0)


def slumber_start(s: Any, seat: int, legal: list[Action]) -> Action | None:
    """ "Slumber Entity Tiles" (Deliverance; "A Brief Strategy Guide": it removes or alters
    Slumbers, and a Slumber with "little benefit in completing" it, or "too difficult", is
    better ended): ``deliver`` when it brings the team at least what playing on would (the
    best Loot to come while the team may still win, else the Out of Turns effect it would
    suffer), and its own harm ends no Dreamer's Dream ("Distress and Dying"); else the
    Slumber is played on. ``None`` (the caller decides) when Deliverance is not offered."""
    ids = {a.id: a for a in legal}
    if "deliver" not in ids or "continue" not in ids:
        return None
    from .steps.slumber import tile_of

    rec = tile_of(s, s.slumber or "")
    ctx = Ctx(seat=s.first, source=f"slumber:{rec.id}")
    for who, (distress, sealed) in harm_of(s, rec.deliverance, ctx).items():
        if in_danger(s, who, distress, sealed):
            return ids["continue"]
    delivered = effect_worth(s, rec.deliverance, ctx)
    played = best_loot(s) if can_win(s, seat) else effect_worth(s, rec.out_of_turns, ctx)
    return ids["deliver"] if delivered >= played else ids["continue"]
