"""Progress Influence cards (etherfields "Progress Influence Cards"): placed from the hand
into the Dreamer's Progress zone by paying their placement cost (``place:<card>``, in the
Dreamers Phase), at most the Dreamer's Progress limit (4: "If you want to place a new
Progress card when you have already reached your limit, you must first discard one of your
placed Progress cards"); a placed card is never paid as Intent, does not count among the
cards of "Distress and Dying", and its passives act while it is active (not under the
Morphing that makes Progress cards inactive, "Morphings")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ....core import Action
from ....core.effects import Ctx
from ....core.flow import DecisionStep, Flow
from ..kinds import KINDS, RUNTIME
from ..names import names_of
from ..records import Ability
from ..rules import check_cards

if TYPE_CHECKING:
    from ..state import EtherfieldsState

STALL = "no_progress"
"""The Morphing under which placed Progress cards are inactive ("Morphings")."""


def placement(s: EtherfieldsState, card: str) -> Ability | None:
    """Placing a Progress card as an action: its placement cost, no effect of its own."""
    rec = s.card(s.table.face(card))
    if rec.type != "progress" or rec.placement_cost is None:
        return None
    return Ability.model_construct(
        id="place",
        kind="action",
        cost=rec.placement_cost,
        keywords=frozenset(),
        range=None,
        requires=None,
        limit=None,
        on=None,
        effects=RUNTIME.language.parse("done"),
        modifiers=[],
        text=f"Place {rec.name} in the Progress zone",
        hint=None,
    )


def placeable(s: EtherfieldsState, seat: int) -> list[Action]:
    """The Progress cards of the hand whose placement cost the Dreamer can pay (with other
    cards: the card itself goes to the Progress zone)."""
    from .actions import affordable

    out: list[Action] = []
    if forbidden(s, seat, "progress"):
        return out
    for card in s.table.ids("hand", seat):
        ability = placement(s, card)
        if ability is not None and affordable(s, seat, ability, Ctx(seat=seat), card):
            out.append(Action(f"place:{card}", str(ability.text)))
    return out


def active(s: EtherfieldsState, seat: int) -> list[str]:
    """The Dreamer's active placed Progress cards: face up (flipped ones are not, "Flipping
    Progress Cards"), and none under the Stall Morphing."""
    from .flaws import is_flaw
    from .flips import is_flipped

    stall = any(s.table.face(t) == STALL for t in s.table.ids("morph_on"))
    return [
        c
        for c in s.table.ids("progress", seat)
        if is_flaw(s, s.table.face(c)) or (not stall and not is_flipped(s, c))
    ]


def modifier(s: EtherfieldsState, seat: int, stat: str) -> int:
    """What the passives of the Dreamer's active Progress cards and worn Mask add to a
    statistic (``modify(stat, by, scope=self)``)."""
    from .masks import worn

    total = 0
    sources = [s.card(s.table.face(card)).abilities for card in active(s, seat)]
    mask = worn(s, seat)
    if mask is not None:
        sources.append(s.catalog.get("mask", mask).abilities)
    for abilities in sources:
        for ability in abilities:
            if ability.kind != "passive":
                continue
            for node in ability.modifiers:
                args: Any = node.args
                if node.op == "modify" and args.stat == stat:
                    total += RUNTIME.amount(s, args.by, Ctx(seat=seat))
    return total


def forbidden(s: EtherfieldsState, seat: int, what: str) -> bool:
    """Whether a passive in play for the Dreamer (an active Progress card, a Flaw in the
    Progress zone, the worn Mask) forbids something: ``forbid(what)`` ("reroll",
    "gem_reroll", "masks", "progress"), as the Morphings of the same name do."""
    from .masks import worn

    sources = [s.card(s.table.face(card)).abilities for card in active(s, seat)]
    mask = worn(s, seat)
    if mask is not None:
        sources.append(s.catalog.get("mask", mask).abilities)
    return any(
        node.op == "forbid" and node.args.what == what  # type: ignore[attr-defined]
        for abilities in sources
        for ability in abilities
        if ability.kind == "passive"
        for node in ability.modifiers
    )


def colour_icons(s: EtherfieldsState, seat: int, colour: str) -> int:
    """ "Some rules refer to Awareness/Cunning/Wrath icons – this refers to the number of
    your active Progress cards of the corresponding color\""""
    return sum(
        1
        for card in active(s, seat)
        if any(i.colour == colour for i in s.card(s.table.face(card)).intent)
    )


def place(s: EtherfieldsState, flow: Flow, seat: int, card: str) -> None:
    """The placement cost is paid: make room if the zone is full, then place the card."""
    from .flaws import is_flaw

    limit = s.dreamer(seat).progress_limit + modifier(s, seat, "progress_limit")
    placed = [c for c in s.table.ids("progress", seat) if not is_flaw(s, s.table.face(c))]
    if len(placed) >= limit:  # "Flaw Cards": Flaws there are not counted
        flow.push(MakeRoom(seat, card))
        return
    put(s, flow, seat, card)


def put(s: EtherfieldsState, flow: Flow, seat: int, card: str) -> None:
    s.table.move(
        card,
        "progress",
        seat,
        flow=flow,
        kind="placed_progress",
        fmt="Dreamer {seat} places {face} in their Progress zone",
        rule="progress",
        seat=seat,
    )
    check_cards(s, flow)  # placed cards leave the count of "Distress and Dying"


@KINDS.step
@dataclass(frozen=True, slots=True)
class MakeRoom(DecisionStep):
    """etherfields "Progress Influence Cards": at the limit, a placed card (the Dreamer's
    choice) goes to the discard pile before the new one is placed."""

    kind = "progress_room"
    rule = "progress"
    prompt = "Your Progress zone is full: discard a placed card"
    seat: int
    card: str

    def legal(self, s: EtherfieldsState) -> list[Action]:
        from .flaws import is_flaw

        out = []
        for c in s.table.ids("progress", self.seat):
            if is_flaw(s, s.table.face(c)):
                continue  # a Flaw there is not a placed Progress card ("Flaw Cards")
            name = names_of(s).piece(s.table.face(c))
            out.append(Action(f"discard:{c}", f"Discard {name} from the Progress zone"))
        return out

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        from .flips import unmark

        flow.pop()
        unmark(s, action.id.split(":", 1)[1])  # a flipped card may make room too
        s.table.move(
            action.id.split(":", 1)[1],
            "discard",
            self.seat,
            flow=flow,
            kind="progress_discarded",
            fmt="Dreamer {seat} discards {face} from the Progress zone",
            rule="progress",
            seat=self.seat,
        )
        put(s, flow, self.seat, self.card)
