"""Trigger abilities (etherfields design §2.3, "modifiers and triggers"): an ability of
``kind = "trigger"`` whose ``on`` names an event of play resolves, with no cost and no
decision to use it, each time that event happens while its source is in play.

Sources in play, and the rulebook section each firing names:

- a Dreamer's active placed Progress cards ("Progress Influence Cards": "persistent
  abilities ... From then on, you may use any action or effect on this card"; not while
  flipped or under the Morphing that stalls Progress cards) and the Flaws in their Progress
  zone ("Flaw Cards": "applying a persistent negative effect");
- the Mask a Dreamer wears ("Masks"; not under "Bare Face" nor a passive forbidding Masks);
- the team's Active Items ("Items": "Active Items ... shared by the team");
- the summoned Companions ("Companions": "unless their Progress/Note card says otherwise":
  their own record's abilities, for the Dreamer who summoned them).

Events (``TRIGGERS``): a Dreamer's own (``enter_space``, ``move_through``, ``end_move``:
"Movement Actions", fired for that Dreamer's sources and the team's) and the team's (the
Turn and its phases, ``turn_step(step)`` after a Turn-card step resolves, ``revealed``,
``spawned``, ``out_of_turns``: fired for every source, each for its own Dreamer; an Item's
for the First Player). A firing emits ``triggered`` citing its source's section, then its
effects run; ``requires`` and ``limit`` hold as for any ability. ``trigger_problems`` makes
``content check`` refuse what no rule of play would run.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ....core.content import Catalog, Problem
from ....core.effects import Ctx
from ....core.flow import AutoStep, Flow
from ..kinds import KINDS, RUNTIME
from ..records import Ability

if TYPE_CHECKING:
    from ..state import EtherfieldsState

TRIGGERS = {
    "enter_space": "movement",
    "move_through": "movement",
    "end_move": "movement",
    "turn_start": "turn",
    "turn_end": "discard_turn",
    "dreamscape_start": "dreamscape",
    "turn_step": "turn_cards",
    "revealed": "reveal",
    "spawned": "spawn",
    "out_of_turns": "counting",
}
"""Every trigger the rules of play fire, with the section of the moment it names."""

DREAMER_EVENTS = frozenset({"enter_space", "move_through", "end_move"})
"""Events of one Dreamer: only that Dreamer's sources (and the team's) see them."""

HOSTS = ("influence (a Progress card)", "flaw (placed in the Progress zone)", "mask", "item")
"""Where a trigger ability is in play (``sources``), for ``content check``'s message."""


# -- what is in play -----------------------------------------------------------------------


def _abilities(abilities: list[Ability]) -> list[Ability]:
    return [a for a in abilities if a.kind == "trigger" and a.on is not None]


def sources(s: EtherfieldsState, seat: int | None) -> list[tuple[str, int, Ability, str, str]]:
    """Trigger abilities in play as (limit key, Dreamer, ability, rule key, card): the
    Dreamer's own (every Dreamer's for ``seat=None``), then the team's."""
    from .masks import worn
    from .overlays import companions
    from .progress import active, forbidden

    out: list[tuple[str, int, Ability, str, str]] = []
    seats = range(s.game.players) if seat is None else (seat,)
    for x in seats:
        for card in active(s, x):
            face = s.table.face(card)
            rule = "flaws" if s.catalog.has("flaw", face) else "progress"
            for a in _abilities(s.card(face).abilities):
                out.append((f"card:{card}:{a.id}", x, a, rule, face))
        mask = worn(s, x)
        if mask is not None and not forbidden(s, x, "masks"):
            for a in _abilities(s.catalog.get("mask", mask).abilities):
                out.append((f"mask:{x}:{a.id}", x, a, "masks", mask))
    for item in s.table.faces_in("items"):
        for a in _abilities(s.catalog.get("item", item).abilities):
            out.append((f"item:{item}:{a.id}", s.first if seat is None else seat, a, "items", item))
    for comp in companions(s):
        owner = int(comp[2]) if len(comp) > 2 else s.first
        if seat is not None and owner != seat:
            continue
        for a in _abilities(s.catalog.get("companion", comp[0]).abilities):
            out.append((f"companion:{comp[0]}:{a.id}", owner, a, "companions", comp[0]))
    return out


def used_events(s: EtherfieldsState) -> frozenset[str]:
    """The events some trigger of the pack listens to (nothing to look for otherwise)."""
    return frozenset(_index(s))


_CACHE: dict[str, dict[str, frozenset[str]]] = {}


def _index(s: EtherfieldsState) -> dict[str, frozenset[str]]:
    """Each event some trigger of the pack listens to, with the records that hold one."""
    found = _CACHE.get(s.pack)
    if found is None:
        cat = s.catalog
        events: dict[str, set[str]] = {}
        for kind in ("influence", "flaw", "mask", "item", "companion"):
            for record in cat.all(kind) if kind in cat.kinds() else ():
                for a in _abilities(record.abilities):
                    if a.on is not None:
                        events.setdefault(a.on.op, set()).add(record.id)
        found = _CACHE[s.pack] = {e: frozenset(ids) for e, ids in events.items()}
    return found


def _in_play(s: EtherfieldsState, records: frozenset[str]) -> bool:
    """Whether a record holding such a trigger may be in play (a quick look first)."""
    t = s.table
    for seat in range(s.game.players):
        if records.intersection(t.faces_in("progress", seat)):
            return True
    if records.intersection(m for m in s.masks if m) or records.intersection(t.faces_in("items")):
        return True
    return any(c[0] in records for c in getattr(s, "companions", ()))


def matches(ability: Ability, event: str, detail: str) -> bool:
    on: Any = ability.on
    if on is None or on.op != event:
        return False
    return event != "turn_step" or on.args.step == detail


# -- firing --------------------------------------------------------------------------------


def fire(
    s: EtherfieldsState, flow: Flow, event: str, seat: int | None = None, detail: str = ""
) -> None:
    """The event happens: every trigger in play listening to it fires (its source's
    section in the ``triggered`` event), and their effects go on the stack, the first
    source's on top."""
    from .actions import mark_used, spent

    records = _index(s).get(event)
    if records is None or s.outcome is not None or not _in_play(s, records):
        return
    runs: list[Any] = []
    for key, owner, ability, rule, card in sources(s, seat if event in DREAMER_EVENTS else None):
        if not matches(ability, event, detail) or spent(s, key, ability, owner):
            continue
        ctx = Ctx(seat=owner, source=key.rsplit(":", 1)[0] if key.startswith("card:") else key)
        if not RUNTIME.holds(s, ability.requires, ctx):
            continue
        mark_used(s, key, ability, owner)
        flow.emit(
            "triggered",
            "{card} triggers: {text}",
            rule,
            seat=owner,
            card=card,
            trigger=event,
            detail=detail,
            source=key,
            text=str(ability.text),
        )
        runs.append(RUNTIME.steps(ability.effects, ctx))
    for steps in reversed(runs):
        flow.push(*steps)


@KINDS.step
@dataclass(frozen=True, slots=True)
class Fire(AutoStep):
    """A moment at which triggers fire (``TRIGGERS``): it waits on the stack until its
    moment comes ("The Turn", "Dreamscape Phase", "Turn Cards"); ``seat``: the Dreamer of
    a Dreamer's own event (-1: the team's)."""

    kind = "fire"
    rule = "turn"
    event: str
    detail: str = ""
    seat: int = -1

    def run(self, s: EtherfieldsState, flow: Flow) -> None:
        flow.pop()
        fire(s, flow, self.event, None if self.seat < 0 else self.seat, self.detail)


def fire_step(s: EtherfieldsState, event: str, detail: str = "", seat: int = -1) -> list[Any]:
    """``[Fire(event)]`` when some trigger of the pack listens to it, else ``[]``."""
    return [Fire(event, detail, seat)] if event in _index(s) else []


# -- content check ---------------------------------------------------------------------------


def _hosted(kind: str, record: Any) -> bool:
    if kind == "influence":
        return bool(record.type == "progress")
    if kind == "flaw":
        return bool(record.goes_to == "progress")
    return kind in ("mask", "item", "companion")


def trigger_problems(cat: Catalog) -> Iterator[Problem]:
    """Errors, each naming the card: a trigger ability with no event or with one no rule
    of play fires, a trigger on a record no rule looks at for triggers (an Influence card
    that is not a Progress card, a map space, an Entity...), or an ``on`` on an ability
    that is not a trigger. Never a silent no-op (issue "Etherfields, part 2")."""
    from ..pack import _abilities as every_ability

    for loc in cat.located():
        kind = loc.kind
        for path, ability in every_ability(loc.record, ""):
            where = f"{loc.entry}.{path}"
            name = f"{kind} {getattr(loc.record, 'id', '?')!r}"
            if ability.kind != "trigger":
                if ability.on is not None:
                    yield Problem(
                        loc.file, where, f"{name}: 'on' is set but kind is {ability.kind!r}"
                    )
                continue
            if ability.on is None:
                yield Problem(loc.file, where, f"{name}: a trigger ability needs 'on' (its event)")
                continue
            if ability.on.op not in TRIGGERS:
                known = ", ".join(TRIGGERS)
                yield Problem(
                    loc.file,
                    where,
                    f"{name}: trigger {ability.on.op} is not fired by any rule of play "
                    f"(fired: {known})",
                )
            elif ability.cost.op != "free":
                yield Problem(
                    loc.file, where, f"{name}: a trigger ability has no cost (cost = 'free')"
                )
            elif not _hosted(kind, loc.record):
                yield Problem(
                    loc.file,
                    where,
                    f"{name}: no rule of play fires trigger abilities of a {kind} record "
                    f"(they fire on: {', '.join(HOSTS)}, companion)",
                )


__all__ = ["TRIGGERS", "Fire", "fire", "fire_step", "sources", "trigger_problems"]
