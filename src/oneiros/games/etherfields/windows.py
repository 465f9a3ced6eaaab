"""The heuristic's answers to the part-2 windows and choices (etherfields "Influence
Cards", "Gradual Actions", "Masks", "Multiple Choices", "Flaw Cards", "Items", "Progress
Influence Cards", "Limit of Miniatures & Entity Tokens per Space", "Delta Phase").

Each answer reads the position and the team plan (``plan.py``), never the first legal
action: a Rapid card or a Mask is used when the Turn step about to come would hurt its
Dreamer (the Entities' effects are read from the content, with the ranges they have now),
another Dreamer adds to a Gradual payment when that completes an Intent marker, a target
is the Entity that threatens the Dreamers most, and a discard is the card the plan needs
least. Every answer falls back to ``None`` (the caller decides) when it does not apply.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import Action
from ...core.effects import Ctx, Node
from . import plan
from .kinds import RUNTIME
from .params import DEATH_DISTRESS, MIN_CARDS

if TYPE_CHECKING:
    from .state import EtherfieldsState

HARM = {"distress": (1, 0), "seal": (0, 1)}
"""The Entity effects a Dreamer can see coming: Distress and Sealed cards (per point)."""
GOOD = ("cure", "unseal", "draw", "gain", "move", "hours", "add_turn")
BAD = ("distress", "seal", "discard", "lose", "gain_flaw")
RESERVE = 4
"""Cards kept above "Distress and Dying"'s minimum before a card is Sealed by choice."""


def _n(node: Node) -> int:
    n = getattr(node.args, "n", 1)
    return n if isinstance(n, int) else 1


def harm_of(s: EtherfieldsState, effect: Node | None, ctx: Ctx) -> dict[int, list[int]]:
    """What one effect does to each Dreamer: ``[distress, sealed]`` (``hits`` adds them up)."""
    out: dict[int, list[int]] = {}
    for node in effect.walk() if effect is not None else ():
        if node.op not in HARM:
            continue
        who = getattr(node.args, "who", None)
        try:
            seats = RUNTIME.select(s, who, ctx) if who is not None else (ctx.seat,)
        except Exception:  # a selector that needs a choice: not foreseen
            continue
        d, k = HARM[node.op]
        for seat in seats:
            if isinstance(seat, int):
                got = out.setdefault(seat, [0, 0])
                got[0] += d * _n(node)
                got[1] += k * _n(node)
    return out


def hits(s: EtherfieldsState, step: str) -> dict[int, list[int]]:
    """What the Turn step ``step`` (``basic``, ``special``...) would do now to each Dreamer:
    ``[distress, sealed]``, from every Entity's effect for that step and the Dreamers it
    reaches ("Entity & Dream/Slumber Effects": several miniatures of one Entity affect a
    Dreamer once)."""
    out: dict[int, list[int]] = {}
    for entity in dict.fromkeys(m[1] for m in s.minis):
        effect = getattr(s.catalog.get("entity", entity).effects, step, None)
        if effect is None:
            continue
        ctx = Ctx(seat=s.first, source=f"entity:{entity}")
        for seat, (d, k) in harm_of(s, effect, ctx).items():
            got = out.setdefault(seat, [0, 0])
            got[0] += d
            got[1] += k
    return out


def coming(s: EtherfieldsState, index: int) -> dict[int, list[int]]:
    """What Turn step ``index`` of the current Turn card would do (``hits``), or nothing
    when it is blocked."""
    card = s.current_turn()
    if card is None or index >= len(card.steps) or index in s.blocked_steps:
        return {}
    return hits(s, str(card.steps[index]))


def cards_left(s: EtherfieldsState, seat: int) -> int:
    """The cards that count against "Distress and Dying" (deck, hand and discard)."""
    t = s.table
    return t.count("deck", seat) + t.count("hand", seat) + t.count("discard", seat)


def in_danger(s: EtherfieldsState, seat: int, distress: int = 0, sealed: int = 0) -> bool:
    """Whether suffering ``distress`` and sealing ``sealed`` would end the Dream."""
    if distress and s.distress[seat] + distress >= DEATH_DISTRESS:
        return True
    return bool(sealed) and cards_left(s, seat) - sealed < MIN_CARDS


def penalty(s: EtherfieldsState, seat: int, ids: dict[str, Action]) -> Action | None:
    """ "Reshuffle!", "Luck Die — Boosting Your Intent": never the penalty that ends the
    Dream; Ether first, then Distress while it is far from the 8th, else the Seal."""
    if "penalty:ether" in ids:
        return ids["penalty:ether"]
    seal = 3
    if "penalty:seal" in ids and in_danger(s, seat, distress=1):
        return ids["penalty:seal"]
    if "penalty:distress" in ids and in_danger(s, seat, sealed=seal):
        return ids["penalty:distress"]
    return None


# -- Rapid windows, Masks -----------------------------------------------------------------


def _ability(s: EtherfieldsState, aid: str, seat: int) -> Any:
    if aid == "use:mask":
        from .steps.masks import mask_ability

        return mask_ability(s, seat)
    if aid.startswith("play:"):
        from .steps.influence import card_ability

        return card_ability(s, aid.split(":", 1)[1])
    return None


def _ops(ability: Any) -> list[str]:
    return [n.op for n in ability.effects.walk()] if ability is not None else []


def rapid(s: EtherfieldsState, seat: int, legal: list[Action], index: int | None) -> Action:
    """A Rapid card or an "at any time" Mask before a Turn step (``index``) or in a
    payment: a cure when Distress is there (a free one at once, a card only when the step
    about to come would bring the Dreamer near the 8th); a Move when the step would hurt
    the Dreamer here and a space out of reach is close; a blocked step when the step hurts
    someone; else ``done``."""
    ids = {a.id: a for a in legal}
    harm = coming(s, index) if index is not None else {}
    mine = harm.get(seat, [0, 0])
    for a in legal:
        ability = _ability(s, a.id, seat)
        ops = _ops(ability)
        if (
            ability is not None
            and ability.cost.op == "seal_this"
            and in_danger(s, seat, sealed=1 + RESERVE)
        ):
            continue  # a Sealed card less must not bring the Dreamer near too few cards
        free = a.id == "use:mask" and ability is not None and ability.cost.op == "free"
        near = s.distress[seat] + mine[0] >= DEATH_DISTRESS - 2
        if "cure" in ops and s.distress[seat] > 0 and (free or near):
            return a
        if (
            "move" in ops
            and (mine[0] or mine[1])
            and a.id != "use:mask"
            and _escape(s, seat, index)
        ):
            return a
        if "block_step" in ops and index is not None and sum(sum(v) for v in harm.values()) >= 2:
            return a
        if "hours" in ops and a.id == "use:mask" and _spare_time(s, seat, ability):
            return a
    return ids.get("done", legal[-1])


def _spare_time(s: EtherfieldsState, seat: int, ability: Any) -> bool:
    if plan.time_worth(s, ability) <= 0:
        return False
    from .heuristic import _spare

    mine = plan.assign(s, seat).get(seat)
    return mine is None or _spare(s, seat, mine[0], ability)


def _escape(s: EtherfieldsState, seat: int, index: int | None, reach: int = 2) -> str | None:
    """A space within ``reach`` where the step ``index`` would not hurt the Dreamer."""
    if index is None:
        return None
    here = s.pos[seat]
    if here is None:
        return None
    for ref in sorted(s.board().within(here, reach)):
        if safe(s, seat, ref, index):
            return str(ref)
    return None


def safe(s: EtherfieldsState, seat: int, ref: str, index: int | None) -> bool:
    """Whether the Dreamer standing on ``ref`` would be spared by step ``index``."""
    if index is None:
        return True
    was = s.pos[seat]
    s.pos[seat] = ref
    try:
        got = coming(s, index).get(seat, [0, 0])
    finally:
        s.pos[seat] = was
    return not (got[0] or got[1])


def flee_step(s: EtherfieldsState, seat: int, legal: list[Action]) -> Action | None:
    """A Move inside a Rapid window (a card such as "Move 2 spaces"): toward the nearest
    space the next Turn step does not reach, else ``stop`` once there."""
    from .steps.movement import step_target

    window: Any = next(
        (x for x in reversed(s.flow.items) if getattr(x, "kind", "") == "rapid_window"), None
    )
    if window is None:
        return None
    index = window.index
    here = s.pos[seat]
    ids = {a.id: a for a in legal}
    if here is None or safe(s, seat, here, index):
        return ids.get("stop")
    goal = _escape(s, seat, index, reach=3)
    if goal is None:
        return ids.get("stop")
    _d, _c, steps = s.board().toward(here, [goal])
    for a in legal:
        if a.id.startswith("step:") and step_target(s, here, a.id[5:]) in steps:
            return a
    return ids.get("stop")


def block(s: EtherfieldsState, legal: list[Action]) -> Action:
    """ "Block 1 step": the step of the current Turn card that would hurt the team most."""
    card = s.current_turn()
    if card is None:
        return legal[0]

    def harm(a: Action) -> int:
        i = int(a.id.split(":", 1)[1])
        return sum(d * 3 + k for d, k in hits(s, str(card.steps[i])).values())

    return max(legal, key=harm)


# -- payments across Dreamers -----------------------------------------------------------


def contribute(s: EtherfieldsState, seat: int, legal: list[Action]) -> Action:
    """ "Gradual Actions": another Dreamer adds cards to a Gradual payment when they complete
    the Intent marker it is short of and the plan does not need them for this Dreamer's own
    goal; a Rapid card by ``rapid``; else ``done``."""
    from .heuristic import _fewest, _value

    ids = {a.id: a for a in legal}
    pay: Any = next((x for x in reversed(s.flow.items) if getattr(x, "kind", "") == "pay"), None)
    pays = [a for a in legal if a.id.startswith("pay:")]
    if pay is not None and pay.mode == "gradual" and pays:
        full = next(n for c, n in pay.needs if not pay.colour or c == pay.colour)
        unit = max(1, full // s.game.players)
        short = unit - pay.paid % unit if pay.paid % unit else 0
        have = sum(_value(s, a.id) for a in pays)
        mine = plan.assign(s, seat).get(seat)
        own = (
            mine is not None
            and mine[0].key != pay.key
            and bool(mine[0].colours & {a.id.rsplit(":", 1)[1] for a in pays})
        )
        if short and have >= short and not own:
            return _fewest(s, pays, short)
    rest = [a for a in legal if not a.id.startswith("pay:")]
    return rapid(s, seat, rest, None) if rest else ids["done"]


# -- targets --------------------------------------------------------------------------


def threat(s: EtherfieldsState, mini: str) -> tuple[int, int]:
    """How much a miniature threatens the Dreamers: how many stand within 2 of it, then
    minus the distance to the nearest."""
    found = s.mini(mini)
    if found is None:
        return (0, 0)
    dist = s.board().distances(found[2])
    near = [dist[p] for p in s.pos if p is not None and p in dist]
    return (sum(1 for d in near if d <= 2), -min(near, default=99))


def target(s: EtherfieldsState, seat: int, legal: list[Action]) -> Action:
    """ "Multiple Choices": an Entity target is the miniature that threatens the Dreamers
    most; a Dreamer chosen for a harmful effect is the one it hurts least (fewest Distress,
    most cards), for a good one the one who needs it most."""
    top: Any = s.flow.top
    ents = [a for a in legal if a.id.startswith("target:entity:")]
    if ents:
        return max(ents, key=lambda a: threat(s, a.id.rsplit(":", 1)[1]))
    chosen = [a for a in legal if a.id.startswith("choose:")]
    if chosen and getattr(top, "kind", "") == "choose_target":
        ops = [n.op for n in RUNTIME.language.parse(top.effect).walk()]
        bad = any(op in BAD for op in ops) and not any(op in GOOD for op in ops)

        def need(a: Action) -> tuple[int, int]:
            x = int(a.id.split(":", 1)[1])
            return (s.distress[x], -cards_left(s, x))

        return min(chosen, key=need) if bad else max(chosen, key=need)
    return legal[0]


# -- discards -------------------------------------------------------------------------


def least_needed(s: EtherfieldsState, seat: int, legal: list[Action]) -> Action:
    """A forced discard ("Hand Size Limit", a discard cost or effect): the card the team
    plan needs least: not a payer for the Dreamer's goal or walk, the least Intent first."""
    cards = [a for a in legal if a.id.startswith("discard:")]
    if not cards:
        return legal[0]
    mine = plan.assign(s, seat).get(seat)
    wants: dict[str, int] = {"cunning": 3}
    if mine is not None:
        goal, dist = mine
        wants = {"cunning": dist}
        for colour in goal.colours:
            wants[colour] = wants.get(colour, 0) + min(goal.amount, goal.unit)

    def icons(a: Action) -> list[tuple[int, str]]:
        face = s.table.face(a.id.split(":", 1)[1])
        if not s.catalog.has("influence", face):
            return []
        return [(i.value, i.colour) for i in s.card(face).intent]

    keep: set[str] = set()
    for a in sorted(cards, key=lambda a: max(icons(a), default=(0, "")), reverse=True):
        useful = [(v, c) for v, c in icons(a) if wants.get(c, 0) > 0]
        if useful:
            v, c = max(useful)
            wants[c] -= v
            keep.add(a.id)
    spare = [a for a in cards if a.id not in keep] or cards
    return min(spare, key=lambda a: (max(icons(a), default=(0, ""))[0], a.id))


def progress_pick(s: EtherfieldsState, legal: list[Action], what: str) -> Action:
    """ "Progress Influence Cards": a placed card to discard or flip is a flipped one
    first, then the one with the least Intent; a card to unflip is the one with most."""

    def worth(a: Action) -> tuple[int, int]:
        card = a.id.rsplit(":", 1)[1]
        face = s.table.face(card)
        intent = s.card(face).intent if s.catalog.has("influence", face) else []
        return (card not in s.flipped, max((i.value for i in intent), default=0))

    return max(legal, key=worth) if what == "unflip" else min(legal, key=worth)


def item_pick(s: EtherfieldsState, legal: list[Action]) -> Action:
    """ "Items": with every slot full, the Item with the least Intent goes (the drawn one
    back to Storage when it is the weakest)."""

    def intent(a: Action) -> int:
        face = s.table.face(a.id.split(":", 1)[1])
        rec = s.catalog.get("item", face)
        return sum(i.value for i in rec.intent) + 2 * len(rec.abilities)

    return min(legal, key=intent)


def flaw_pick(s: EtherfieldsState, legal: list[Action]) -> Action:
    """ "Flaw Cards": the Flaw that weighs most: one that stays (Progress zone) before one
    that only hurts when drawn."""

    def weight(a: Action) -> tuple[bool, str]:
        card = a.id.split(":", 1)[1]
        return (s.table.place(card)[0] == "progress", a.id)

    return max(legal, key=weight)


# -- the First Player's choices of the Dreamscape ------------------------------------------


def _nearest_dreamer(s: EtherfieldsState, ref: str) -> int | None:
    dist = s.board().distances(ref)
    near = [(dist[p], x) for x, p in enumerate(s.pos) if p is not None and p in dist]
    return min(near)[1] if near else None


def entity_space(s: EtherfieldsState, legal: list[Action]) -> Action:
    """ "Entity Movement" ties and spawns ("Players decide"): the space that brings the
    Entity to the Dreamer with the fewest Distress (the team spreads the harm), a spawn
    the space farthest from the Dreamers."""
    spaces = [a for a in legal if a.id.startswith("space:")]
    if not spaces:
        return legal[0]
    top: Any = s.flow.top
    if getattr(top, "kind", "") in ("spawn_choice", "spawn_near"):

        def far(a: Action) -> int:
            dist = s.board().distances(a.id[6:])
            return min((dist[p] for p in s.pos if p is not None and p in dist), default=99)

        return max(spaces, key=far)

    def hurt(a: Action) -> tuple[int, int]:
        x = _nearest_dreamer(s, a.id[6:])
        return (s.distress[x], -cards_left(s, x)) if x is not None else (99, 0)

    return min(spaces, key=hurt)


def push(s: EtherfieldsState, legal: list[Action]) -> Action:
    """ "Limit of Miniatures & Entity Tokens per Space": push the Dreamer whose goal is not
    here, to the space nearest that goal."""
    team = {p: g for p, (g, _d) in plan.assign(s, s.first).items()}
    who = [a for a in legal if a.id.startswith("choose:")]
    if who:

        def stays(a: Action) -> bool:
            x = int(a.id.split(":", 1)[1])
            goal = team.get(x)
            return goal is not None and s.pos[x] in goal.spaces

        return min(who, key=stays)
    top: Any = s.flow.top
    goal = team.get(getattr(top, "seat", -1))
    spaces = [a for a in legal if a.id.startswith("space:")]
    if goal is None or not spaces:
        return legal[0]

    def far(a: Action) -> int:
        dist = s.board().distances(a.id[6:])
        return min((dist[r] for r in goal.spaces if r in dist), default=99)

    return min(spaces, key=far)


def loot(s: Any, legal: list[Action]) -> Action:
    """ "Other Turn Card Rules" (Loot): the option worth most to the team, an option "for
    each Dreamer" counting once per Dreamer."""
    top: Any = s.flow.top
    options = s.turn_record(top.card).loot

    def worth(a: Action) -> int:
        option = options[int(a.id.split(":", 1)[1])]
        total = 0
        for n in option.effects.walk():
            if n.op in ("cure", "unseal", "gain"):
                total += _n(n) * (2 if n.op == "cure" else 1)
        return total * (s.game.players if option.scope == "each" else 1)

    return max(legal, key=worth)


def delta(s: Any, seat: int, legal: list[Action]) -> Action:
    """ "Delta Phase": the option the Dreamer needs most: a cure from 2 Distress, Unseal from
    4 Sealed cards, else a reshuffle."""
    ids = {a.id: a for a in legal}
    sealed = s.table.count("sealed", seat)
    if s.distress[seat] >= 2 and "delta:cure" in ids:
        return ids["delta:cure"]
    if sealed >= 4 and "delta:unseal" in ids:
        return ids["delta:unseal"]
    if any(c in s.flipped for c in s.table.ids("progress", seat)) and "delta:unflip" in ids:
        return ids["delta:unflip"]
    if s.distress[seat] and "delta:cure" in ids:
        return ids["delta:cure"]
    return ids.get("delta:reshuffle", legal[0])
