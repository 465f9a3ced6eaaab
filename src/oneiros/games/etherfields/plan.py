"""The team plan of the cooperative heuristic (etherfields "Cooperative Play": the Dreamers
win or lose together, so they agree who goes where and who pays for what).

A *goal* is a map action or an Entity interaction not used yet; its worth is read from
the content (what its effects lead to through the Dream's scripts: victory, a revealed
tile, a team token the Dream counts, a removed Entity), never from the Dream's ids. The
plan gives every Dreamer one goal: the one it can reach and pay for best, in the order
that serves the team most (each goal is one Dreamer's, but a Gradual action takes every
Dreamer who can add a marker, "Gradual Actions"). A goal whose requirement does not
hold yet (the clock needs three gears) is kept as a place to walk to, at half worth.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...core.effects import Ctx, Node
from .kinds import RUNTIME
from .params import BASE_RANGE_INTERACTION

if TYPE_CHECKING:
    from .records import Ability
    from .state import EtherfieldsState

WORTH = {
    "victory": 100,
    "reveal_tile": 30,
    "team_token": 40,
    "remove_entity": 8,
    "reveal": 4,
    "set_flag": 3,
    "gain": 3,
}
"""What each effect a goal leads to is worth to the team (the plan's only numbers)."""
DEFEAT = -200
STEP = 4
"""What one space of walking costs a goal's score (one Cunning card, "Movement Actions")."""
LATER = 15
"""What a goal the Dreamer cannot pay for this Turn loses (it waits for the next draw)."""
PAY = 2
"""What each point of the goal's cost the Dreamer already holds adds to its score."""
WORTH_PAYING = 10
"""A goal worth less than this is not worth Intent (``crank``: a flag for a consolation)."""


@dataclass(frozen=True, slots=True)
class Goal:
    """An action the team wants: where it is done, its key (``map:B1.2:gear``,
    ``entity:rust-moth.1:swat``), its cost's colours and amount, and its worth."""

    key: str
    spaces: frozenset[str]
    colours: frozenset[str]
    amount: int
    worth: int
    gradual: bool
    ready: bool
    unit: int
    """The basic cost: what one Dreamer's marker pays of a Gradual goal, else ``amount``."""


_REACHED: dict[tuple[str, int], tuple[Node, list[Node]]] = {}
"""``_ops`` of an effect by Dream and node (content is immutable: the node is kept alive)."""


def _ops(s: EtherfieldsState, node: Node | None) -> list[Node]:
    """Every node an effect reaches, through the scripts it reads (each script once)."""
    if node is None:
        return []
    key = (f"{s.pack}/{s.gate.id}", id(node))
    hit = _REACHED.get(key)
    if hit is None or hit[0] is not node:
        if len(_REACHED) > 4096:
            _REACHED.clear()
        hit = _REACHED[key] = (node, _walk(s, node, frozenset()))
    return hit[1]


def _walk(s: EtherfieldsState, node: Node | None, seen: frozenset[int]) -> list[Node]:
    if node is None:
        return []
    out: list[Node] = []
    for n in node.walk():
        out.append(n)
        if n.op == "script":
            k = n.args.n  # type: ignore[attr-defined]
            ident = f"{s.gate.id}/{k}"
            if k in seen or not s.catalog.has("script", ident):
                continue  # read once; a script of another Dream's book is not this one's
            out += _walk(s, s.catalog.get("script", ident).effects, seen | {k})
    return out


def worth(s: EtherfieldsState, ability: Ability, locked: bool = False) -> int:
    """What an ability's effects bring the team now (``WORTH``), from the content; an
    effect that sets a flag a map action requires is worth half that action too (unless
    ``locked``: that action's own worth is being counted)."""
    total = 0
    for n in _ops(s, ability.effects):
        op = n.op
        if op in ("victory", "end_slumber"):  # a Slumber ended by an action is won
            total += WORTH["victory"]
        elif op == "gain_loot":
            total += WORTH["gain"]
        elif op == "defeat":
            total += DEFEAT
        elif op == "reveal":
            code = n.args.code  # type: ignore[attr-defined]
            if code in s.revealed:
                continue
            # the printed action says where a tile goes (``at=``); what a Secret holds is
            # its front, which nobody sees before it is revealed ("Dream Gate Tiles")
            placed = getattr(n.args, "at", None) is not None
            total += WORTH["reveal_tile" if placed else "reveal"]
        elif op == "gain":
            pool = n.args.pool  # type: ignore[attr-defined]
            if pool in s.team:  # a token the Dream counts, while the pool still has one
                total += WORTH["team_token"] if s.table.amount(pool) > 0 else 0
            else:
                total += WORTH["gain"]
        elif op == "remove_entity":
            total += WORTH["remove_entity"]
        elif op == "set_flag":
            total += 0 if n.args.name in s.flags else WORTH["set_flag"]  # type: ignore[attr-defined]
    if not locked:
        for name in _flags_set(ability.effects):
            if name not in s.flags:  # a flag a map action waits for: half that action's worth
                total += max((worth(s, a, True) for a in _waiting_for(s, name)), default=0) // 2
    return total


def _flags_set(node: Node | None) -> list[str]:
    """The flags an effect sets whatever happens (not inside a ``when``)."""
    if node is None or node.op == "when":
        return []
    out = [node.args.name] if node.op == "set_flag" else []  # type: ignore[attr-defined]
    for child in node.children():
        out += _flags_set(child)
    return out


def _waiting_for(s: EtherfieldsState, name: str) -> list[Ability]:
    """The map actions on the map whose requirement reads ``flag(name)``."""
    out = []
    for ref in s.board().spaces:
        for ability in s.space(ref)[1].actions:
            if ability.requires is not None and any(
                n.op == "flag" and n.args.name == name  # type: ignore[attr-defined]
                for n in ability.requires.walk()
            ):
                out.append(ability)
    return out


def goals(s: EtherfieldsState, seat: int) -> list[Goal]:
    """The team's goals as ``seat`` sees them (map actions and Entity interactions)."""
    from .steps.actions import price

    out: list[Goal] = []
    ctx = Ctx(seat=seat)
    board = s.board()
    for ref in board.spaces:
        _tile, space = s.space(ref)
        for ability in space.actions:
            key = f"map:{ref}:{ability.id}"
            if key in s.used:
                continue
            ready = RUNTIME.holds(s, ability.requires, ctx)
            out += _goal(s, key, ability, frozenset({ref}), ready, price(s, ability.cost, ctx))
    for mini in s.minis:
        entity = s.catalog.get("entity", mini[1])
        for ability in entity.interactions:
            if f"entity:{mini[1]}:{ability.id}" in s.used:
                continue
            r = ability.range if isinstance(ability.range, int) else BASE_RANGE_INTERACTION
            near = frozenset(board.within(mini[2], r))
            key = f"entity:{mini[0]}:{ability.id}"
            out += _goal(s, key, ability, near, True, price(s, ability.cost, ctx))
    return out


def _goal(
    s: EtherfieldsState, key: str, ability: Ability, spaces: frozenset[str], ready: bool, cost: Any
) -> list[Goal]:
    mode, needs = cost
    if mode not in ("intent", "gradual") or not needs:
        return []  # Gems, Hours, Ether: the plan spends Intent only
    value = worth(s, ability)
    if not ready:
        value //= 2
    if value < WORTH_PAYING:
        return []
    amount = unit = min(n for _, n in needs)
    if mode == "gradual":
        unit = max(1, amount // s.game.players)
        amount -= s.gradual.get(key, 0)
    return [
        Goal(
            key,
            spaces,
            frozenset(c for c, _ in needs),
            amount,
            value,
            mode == "gradual",
            ready,
            unit,
        )
    ]


def _best(s: EtherfieldsState, card: str, colours: frozenset[str]) -> int:
    face = s.table.face(card)
    return max((i.value for i in s.card(face).intent if i.colour in colours), default=0)


def intent(
    s: EtherfieldsState, seat: int, colours: frozenset[str], viewer: int | None = None
) -> int:
    """The Intent of these colours in the Dreamer's hand (Items are the team's: apart).
    Another Dreamer's hand is private (design reading 18): ``viewer`` counts on what it
    may know, the hand's size times the mean of that Dreamer's unseen cards (its deck and
    hand together, a multiset every seat can work out from the public piles)."""
    hand = s.table.ids("hand", seat)
    if viewer is None or viewer == seat or s.game.options.get("open_hands"):
        return sum(_best(s, card, colours) for card in hand)
    unseen = hand + s.table.ids("deck", seat)
    if not unseen:
        return 0
    return round(len(hand) * sum(_best(s, card, colours) for card in unseen) / len(unseen))


def items(s: EtherfieldsState, colours: frozenset[str]) -> int:
    total = 0
    for item in s.table.faces_in("items"):
        rec = s.catalog.get("item", item)
        total += max((i.value for i in rec.intent if i.colour in colours), default=0)
    return total


CUNNING = frozenset({"cunning"})


def score(
    s: EtherfieldsState,
    seat: int,
    goal: Goal,
    viewer: int | None = None,
    memo: dict[Any, Any] | None = None,
) -> tuple[int, int]:
    """``(score, distance)`` of a Dreamer taking a goal: its worth, less the walk and a
    Turn's wait when hand and Items cannot pay for both the walk and the cost now (as
    ``viewer`` may know the Dreamer's hand). ``memo`` keeps distances and Intent between
    the goals of one plan."""
    memo = {} if memo is None else memo
    here = s.pos[seat]
    if here is None:
        return -(10**6), 0
    dist_map = memo.get(here)
    if dist_map is None:
        dist_map = memo[here] = s.board().distances(here)
    dist = min((dist_map[r] for r in goal.spaces if r in dist_map), default=None)
    if dist is None:
        return -(10**6), 0

    def have_of(colours: frozenset[str], with_items: bool) -> int:
        key = (seat, colours, with_items)
        if key not in memo:
            memo[key] = intent(s, seat, colours, viewer) + (items(s, colours) if with_items else 0)
        return int(memo[key])

    have = have_of(goal.colours, True)
    moves = have_of(CUNNING, False)
    need = goal.amount
    if goal.gradual:  # one Dreamer pays a marker; the team pays the rest
        need = min(need, goal.unit)
    walk = dist if "cunning" in goal.colours else 0
    ok = have >= need + walk and moves >= dist
    value = goal.worth - STEP * dist - (0 if ok and goal.ready else LATER)
    value += PAY * min(have, need)  # between two who must wait, the one closer to paying
    return value, dist


def assign(s: EtherfieldsState, seat: int) -> dict[int, tuple[Goal, int]]:
    """The plan as ``seat`` makes it: each Dreamer's goal and distance, best pairs first;
    a goal is one Dreamer's, but a Gradual goal takes everyone it suits."""
    gs = goals(s, seat)
    pairs = []
    memo: dict[Any, Any] = {}
    for p in range(s.game.players):
        for g in gs:
            value, dist = score(s, p, g, seat, memo)
            if value > -(10**5):
                pairs.append((value, -dist, p, g))
    pairs.sort(key=lambda t: (t[0], t[1], -t[2]), reverse=True)
    plan: dict[int, tuple[Goal, int]] = {}
    taken: set[str] = set()
    for _value, neg, p, g in pairs:
        if p in plan or (g.key in taken and not g.gradual):
            continue
        plan[p] = (g, -neg)
        taken.add(g.key)
    return plan


TIME = 25
"""What one more Hour or Turn is worth ("The Clock": an Hour buys a Turn on the last one)."""


def time_worth(s: EtherfieldsState, ability: Ability) -> int:
    """What an ability brings in time: Hours gained and Turns added, less Hours lost (a
    bell that adds a Turn but tolls an Hour away is worth nothing)."""
    from .params import MAX_HOURS

    total = 0
    for n in _ops(s, ability.effects):
        k = getattr(n.args, "n", None)
        if not isinstance(k, int):
            continue
        if n.op == "add_turn" or (n.op == "hours" and (k < 0 or s.hours < MAX_HOURS)):
            total += TIME * k
    return total


def repeats(s: EtherfieldsState, seat: int, ability: Ability) -> int:
    """How many times an Assault or Contact is worth paying for: while each one brings a
    team token the pool still holds, and an Entity is there to take it from."""
    wanted = 1
    for n in _ops(s, ability.effects):
        if n.op == "gain" and n.args.pool in s.team:  # type: ignore[attr-defined]
            wanted = max(wanted, s.table.amount(n.args.pool))  # type: ignore[attr-defined]
    here = s.pos[seat]
    if here is None:
        return 1
    near = s.board().within(here, BASE_RANGE_INTERACTION)
    return max(1, min(wanted, sum(1 for m in s.minis if m[2] in near)))
