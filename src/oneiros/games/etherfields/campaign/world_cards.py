"""Cards played on the Dreamworld map (etherfields "Playing Cards in the Dreamworld"), and
the Note and Wisdom cards used there ("Note Cards", "Wisdom Cards").

"In order to use these cards however, you must have them in your hand or as active
Progress cards as there is no draw step on the Dreamworld Map"; "Other cards, while not
specifically referencing the Dreamworld, can also be played if they have an immediate
effect that is useful on the Dreamworld Map ... If you can find a use for an Influence card
or an Item, you may use it on the Dreamworld Map."

The engine's reading: an ability is usable on the map when its effect is *immediate* there
(``WORLD_EFFECTS``: gain Ether, Shining Gems or Keys, remove Distress, Unseal, Seal this
card), its cost is payable without Intent (``WORLD_COSTS``: free, Shining Gems, Ether, Seal
this card; there is no Intent payment off the Dreamscape) and it has no additional
requirement; the keyword ``dreamworld`` marks an ability usable on the map only. The
sources: a card in a Dreamer's hand (played: to the discard pile, or Sealed), a Dreamer's
placed Progress card, an active Item, a Note in the Storage (a one-use Note leaves it) and
a Wisdom card. A limited ability is usable once per travel between Slumbers/Dreams ("FAQ /
Clarifications — World Map": "All of the 'Once per Turn' actions / effects can be used
only once during each travel between Slumbers/Dreams"); an unlimited one too (an engine
limit: the map has no Turns to end a repetition).

The team's ``Travel`` choice offers ``cards`` once per Location: then every Dreamer may
use what they hold (``WorldCards``, any order, each until they are ``done``), so nobody's
hand is shown to the First Player deciding for the team.

Action ids: ``use:<seat>:<source>:<id>:<ability>``, ``source`` one of ``card``,
``progress``, ``item``, ``note``, ``wisdom``; the seat is the Dreamer who acts (pays the
cost, is ``self``): a card's holder, any Dreamer for the team's Items, Notes and Wisdom.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ....core import Action
from ....core.effects import Node
from ....core.flow import ANY, Flow, GroupStep, evolve
from .refs import KINDS
from .world_rules import gain_ether

if TYPE_CHECKING:
    from ..records import Ability
    from .dreamworld import DreamworldState

WORLD_EFFECTS = frozenset({"seq", "done", "gain", "cure", "unseal", "seal_this"})
"""Effects that are immediate on the Dreamworld map."""
WORLD_COSTS = frozenset({"free", "gems", "ether", "seal_this"})
"""Costs payable on the Dreamworld map (no Intent is paid off the Dreamscape)."""
WORLD_POOLS = frozenset({"ether", "gems", "keys"})
WORLD_WHO = frozenset({"self", "each", "team"})
SOURCES = ("card", "progress", "item", "note", "wisdom")
RULES = {"note": "notes", "wisdom": "wisdom"}


def walk(node: Any) -> Iterator[Node]:
    """Every node under ``node`` (itself included)."""
    if isinstance(node, Node):
        yield node
        for name in type(node.args).model_fields:
            yield from walk(getattr(node.args, name))
    elif isinstance(node, list | tuple):
        for item in node:
            yield from walk(item)


def unusable(ability: Ability) -> str | None:
    """Why ``ability`` cannot be used on the Dreamworld map, or None when it can."""
    if ability.kind not in ("action", "rapid", "anytime"):
        return f"a {ability.kind} ability is not used"
    if ability.requires is not None:
        return "an ability with an additional requirement is not used there"
    if ability.cost.op not in WORLD_COSTS:
        return f"the cost {ability.cost.op} cannot be paid there (only {', '.join(sorted(WORLD_COSTS))})"
    if not isinstance(getattr(ability.cost.args, "n", 1), int):
        return "a cost computed in play is not known on the map"
    for node in walk(ability.effects):
        if node.category == "effect" and node.op not in WORLD_EFFECTS:
            return (
                f"{node.op} has no immediate effect there (only {', '.join(sorted(WORLD_EFFECTS))})"
            )
        if node.category == "selector" and node.op not in WORLD_WHO:
            return f"the target {node.op} is not on the map"
        if node.category == "effect" and not isinstance(getattr(node.args, "n", 1), int):
            return "an amount computed in play is not known on the map"
        if node.op == "gain" and getattr(node.args, "pool", "") not in WORLD_POOLS:
            return f"gaining {node.args.pool} means nothing there"  # type: ignore[attr-defined]
    return None


def _abilities(s: DreamworldState, kind: str, ident: str) -> list[Ability]:
    cat = s.catalog
    if kind in ("card", "progress"):
        return list(cat.get("influence", ident).abilities) if cat.has("influence", ident) else []
    if kind not in cat.kinds() or not cat.has(kind, ident):
        return []
    return list(cat.get(kind, ident).abilities)


def _sources(s: DreamworldState, seat: int) -> Iterator[tuple[str, str]]:
    """(source kind, id) of everything Dreamer ``seat`` could use on the map now: their
    own hand (nobody else's: a hand is private) and Progress cards, the team's Items,
    Notes and Wisdom cards."""
    doc = s.doc
    h = doc["dreamers"][seat]
    cat = s.catalog
    for face in sorted(set(h["hand"])):
        yield "card", face
    for face in sorted(set(h["progress"])):
        if cat.has("influence", face) and cat.get("influence", face).type == "progress":
            yield "progress", face
    for kind, held in (("item", doc["items"]), ("note", doc["notes"]), ("wisdom", doc["wisdom"])):
        for ident in held:
            yield kind, ident


def _limit_key(kind: str, ident: str, ability: Ability, seat: int) -> str:
    """Every ability is used at most once per travel on the map: a limited one as the FAQ
    says, any other as an engine limit (there are no Turns to end a repetition)."""
    return f"{kind}:{ident}:{ability.id}" + (f"@{seat}" if kind in ("card", "progress") else "")


def _payable(s: DreamworldState, seat: int, cost: Node) -> bool:
    h = s.doc["dreamers"][seat]
    if cost.op in ("gems", "ether"):
        return int(h[cost.op]) >= int(cost.args.n)  # type: ignore[attr-defined]
    return True


def offers(s: DreamworldState, seat: int) -> list[Action]:
    """The ``use:`` actions open to Dreamer ``seat`` on the map now."""
    out = []
    for kind, ident in _sources(s, seat):
        for ability in _abilities(s, kind, ident):
            if unusable(ability) is not None:
                continue
            if _limit_key(kind, ident, ability, seat) in s.used:
                continue
            if not _payable(s, seat, ability.cost):
                continue
            name, text = _name(s, kind, ident), str(ability.text)
            out.append(
                Action(
                    f"use:{seat}:{kind}:{ident}:{ability.id}",
                    f"Dreamer {seat}: {name}: {text}",
                )
            )
    return out


def _name(s: DreamworldState, kind: str, ident: str) -> str:
    cat = s.catalog
    rec_kind = "influence" if kind in ("card", "progress") else kind
    return f"{cat.get(rec_kind, ident).name}" if cat.has(rec_kind, ident) else ident


def use(s: DreamworldState, flow: Flow, action_id: str) -> None:
    """Pay the cost, then resolve the effect at once (every effect used on the map is
    immediate); the card played goes to the discard pile (or is Sealed), a one-use Note
    leaves the Storage."""
    _verb, seat_s, kind, ident, ab = action_id.split(":", 4)
    seat = int(seat_s)
    ability = next(a for a in _abilities(s, kind, ident) if a.id == ab)
    h = s.doc["dreamers"][seat]
    rule = RULES.get(kind, "cards_world")
    s.used.append(_limit_key(kind, ident, ability, seat))
    sealed = ability.cost.op == "seal_this" or any(
        n.op == "seal_this" for n in walk(ability.effects)
    )
    if ability.cost.op in ("gems", "ether"):
        h[ability.cost.op] -= int(ability.cost.args.n)  # type: ignore[attr-defined]
    if kind == "card" or (kind == "progress" and sealed):
        # a card played from the hand goes to the discard pile ("Influence Cards"); a
        # placed Progress card stays placed unless its ability Seals it
        h["hand" if kind == "card" else "progress"].remove(ident)
        h["sealed" if sealed else "discard"].append(ident)
    flow.emit(
        "world_use",
        "Dreamer {seat} uses {name} on the Dreamworld map: {text}",
        rule,
        seat=seat,
        source=kind,
        card=ident,
        name=_name(s, kind, ident),
        text=str(ability.text),
    )
    if kind == "card" or sealed:
        if sealed:
            flow.emit(
                "world_card",
                "{card} goes to Dreamer {seat}'s Sealed pile",
                "cards_world",
                seat=seat,
                card=ident,
            )
        else:
            flow.emit(
                "world_card",
                "{card} goes to Dreamer {seat}'s discard pile",
                "cards_world",
                seat=seat,
                card=ident,
            )
    _run(s, flow, ability.effects, seat, rule)
    if kind == "note" and s.catalog.get("note", ident).one_use:
        s.doc["notes"].remove(ident)
        s.doc["removed"].append(ident)
        flow.emit("note_used", "The one-use Note {card} leaves the Storage", "notes", card=ident)


@KINDS.step
class WorldCards(GroupStep):
    """etherfields "Playing Cards in the Dreamworld": each Dreamer may use their cards in
    hand, placed Progress cards and the team's Items, Notes and Wisdom cards on the map,
    in any order, until they are done."""

    kind = "world_cards"
    rule = "cards_world"
    prompt = "Use cards on the Dreamworld map, or done"
    policy = ANY

    def legal(self, s: DreamworldState, seat: int) -> list[Action]:
        return [*offers(s, seat), Action("done", "Done with cards on the map")]

    def apply(self, s: DreamworldState, flow: Flow, seat: int, action: Action) -> None:
        if action.id != "done":
            use(s, flow, action.id)
            return
        left = tuple(k for k in self.seats if k != seat)
        if left:
            flow.replace_top(evolve(self, seats=left))
        else:
            flow.pop()


def _targets(s: DreamworldState, who: Node | None, seat: int) -> list[int]:
    if who is not None and who.op in ("each", "team"):
        return list(range(len(s.doc["dreamers"])))
    return [seat]


def _run(s: DreamworldState, flow: Flow, node: Node | None, seat: int, rule: str) -> None:
    """The Dreamworld's effects (``WORLD_EFFECTS``), resolved at once."""
    if node is None or node.op in ("done", "seal_this"):
        return
    a: Any = node.args
    if node.op == "seq":
        for part in a.do:
            _run(s, flow, part, seat, rule)
        return
    n = int(a.n)
    if node.op == "gain" and a.pool == "keys":
        got = max(0, min(n, s.pool("keys") - s.doc["keys"]))
        s.doc["keys"] += got
        flow.emit("keys", "The team gains {n} Keys ({total})", rule, n=got, total=s.doc["keys"])
        return
    for k in _targets(s, a.who, seat):
        h = s.doc["dreamers"][k]
        if node.op == "gain" and a.pool == "ether":
            got = gain_ether(s, k, n)
        elif node.op == "gain":
            held = sum(x["gems"] for x in s.doc["dreamers"])
            got = max(0, min(n, s.pool("gems") - held))
            h["gems"] += got
        elif node.op == "cure":
            got = min(n, h["distress"])
            h["distress"] -= got
        else:  # unseal: the most recently sealed first, to the discard pile
            got = min(n, len(h["sealed"]))
            for _ in range(got):
                h["discard"].append(h["sealed"].pop())
        if node.op == "cure":
            flow.emit("world_cure", "Dreamer {seat} removes {n} Distress", rule, seat=k, n=got)
        elif node.op == "unseal":
            flow.emit("world_unseal", "Dreamer {seat} unseals {n} cards", rule, seat=k, n=got)
        else:
            flow.emit(
                "world_gain", "Dreamer {seat} gains {n} {pool}", rule, seat=k, n=got, pool=a.pool
            )


__all__ = ["WORLD_COSTS", "WORLD_EFFECTS", "WorldCards", "offers", "unusable", "use", "walk"]
