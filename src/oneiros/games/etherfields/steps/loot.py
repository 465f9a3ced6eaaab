"""Loot and the ops of Slumber tiles (etherfields "Other Turn Card Rules" (Loot), "Slumber
Entity Tiles": GAIN LOOT, "This Slumber ends.", Deliverance removing a tile and its
unlocking, "Slumbers": a new tile to the bottom)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ....core import Action
from ....core.effects import Ctx
from ....core.flow import LEADER, Flow, GroupStep
from ..kinds import KINDS, RUNTIME
from ..language import LANGUAGE
from .slumber import end_slumber, resolve_out_of_turns

if TYPE_CHECKING:
    from ..slumber_state import SlumberState

effect = LANGUAGE.handler


def loot_card(s: SlumberState) -> str | None:
    """The Turn card whose Loot is gained: the current one, or after the last Turn card was
    discarded, that last discarded card ("Other Turn Card Rules")."""
    top = s.table.top("turn_current") or s.table.top("turn_discard")
    return None if top is None else s.table.face(top)


def loot_steps(s: SlumberState, face: str, k: int) -> list[Any]:
    """One Loot option: a ``team`` reward once (the First Player acting), an ``each``
    reward for every Dreamer."""
    option = s.turn_record(face).loot[k]
    seats = (s.first,) if option.scope == "team" else tuple(range(s.game.players))
    steps: list[Any] = []
    for seat in seats:
        steps += RUNTIME.steps(option.effects, Ctx(seat=seat, source=f"loot:{face}"))
    return steps


@effect("gain_loot")
def _gain_loot(s: SlumberState, flow: Flow, a: Any, ctx: Ctx) -> None:
    """etherfields "Other Turn Card Rules": "When gaining Loot, you always gain the Loot of
    the current Turn card"; a choice between options goes to the First Player."""
    face = loot_card(s)
    loot = s.turn_record(face).loot if face is not None else []
    if face is None or not loot:
        flow.emit("no_loot", "No Loot to gain", "other_turn", card=face)
        return
    s.loot += 1
    flow.emit("loot", "The Dreamers gain the Loot of Turn card {card}", "other_turn", card=face)
    if len(loot) == 1:
        flow.push(*reversed(loot_steps(s, face, 0)))
        return
    flow.push(LootChoice(face, seats=tuple(range(s.game.players))))


@KINDS.step
@dataclass(frozen=True, slots=True)
class LootChoice(GroupStep):
    """etherfields "Other Turn Card Rules": "you may have to choose between different Loot
    options, like 1 shared reward for the Team or smaller ones for each Dreamer"; the
    First Player settles it ("Multiple Choices")."""

    kind = "loot_choice"
    rule = "other_turn"
    prompt = "Choose the Loot of Turn card {card}"
    policy = LEADER
    card: str

    def leader(self, s: SlumberState) -> int:
        return s.first

    def legal(self, s: SlumberState, seat: int) -> list[Action]:
        out = []
        for k, option in enumerate(s.turn_record(self.card).loot):
            who = "for the team" if option.scope == "team" else "for each Dreamer"
            out.append(Action(f"choose:{k}", f"Loot {who}: {option.effects.to_raw()}"))
        return out

    def apply(self, s: SlumberState, flow: Flow, seat: int, action: Action) -> None:
        flow.pop()
        k = int(action.id.split(":", 1)[1])
        flow.emit("loot_chosen", "Loot option {k} is chosen", "choices", k=k)
        flow.push(*reversed(loot_steps(s, self.card, k)))


@effect("end_slumber")
def _end_slumber(s: SlumberState, flow: Flow, a: Any, ctx: Ctx) -> None:
    """etherfields "Slumber Entity Tiles": "This Slumber ends." (immediately)."""
    end_slumber(s, flow)


@effect("skip_slumber")
def _skip_slumber(s: SlumberState, flow: Flow, a: Any, ctx: Ctx) -> None:
    """etherfields "Slumber Entity Tiles": the Out of Turns / Skip effect resolves now."""
    if getattr(s, "slumber", None) is not None:  # in a Dream, a card's skip does nothing
        resolve_out_of_turns(s, flow, "skipped")


@effect("add_slumber")
def _add_slumber(s: SlumberState, flow: Flow, a: Any, ctx: Ctx) -> None:
    """etherfields "Slumbers": "Whenever the game asks you to add a new Slumber tile to the
    Slumber deck, add it to the bottom of that deck" (under the Delta tile: it joins the
    next cycle, design §6)."""
    ident = f"slumber.{a.code}"
    if ident in s.table.faces:
        return
    s.table.create(ident, a.code, "slumber_bottom")
    s.table.move(ident, "slumber_bottom", bottom=True)
    flow.emit(
        "slumber_added",
        "Slumber tile {tile} goes to the bottom of the Slumber deck",
        "slumbers",
        tile=a.code,
    )


@effect("remove_slumber")
def _remove_slumber(s: SlumberState, flow: Flow, a: Any, ctx: Ctx) -> None:
    """etherfields "Slumber Entity Tiles" (Deliverance) and "A Brief Strategy Guide":
    Deliverance "will allow you to remove or alter certain Slumbers": the current Slumber
    tile leaves the game instead of going to the bottom of the Slumber deck (an altered
    Slumber is removed and its new tile added with ``add_slumber``)."""
    card = s.table.top("slumber_current") if getattr(s, "slumber", None) else None
    if card is None:  # in a Dream, or between Slumbers: no Slumber tile to remove
        return
    face = s.table.face(card)
    s.table.move(card, "slumber_box")
    flow.emit(
        "slumber_removed",
        "Slumber tile {tile} is removed from the Slumber deck for good",
        "slumber_entity",
        tile=face,
    )


@effect("unlock_deliverance")
def _unlock_deliverance(s: SlumberState, flow: Flow, a: Any, ctx: Ctx) -> None:
    """etherfields "Slumber Entity Tiles": "Deliverance – This will be a mechanic unlocked
    later in the campaign": from now on the Deliverance of a Slumber Entity tile is
    offered. In a Slumber the table keeps it (``carry_over``, then the campaign's flags);
    in a Dream, which has no Slumber tile, the Dream keeps it as its flag ``deliverance``,
    which the Dream's end carries into the campaign's flags (``campaign/dream.py``
    ``finish``), as a Slumber's end does."""
    from ..slumber_state import DELIVERANCE

    if not hasattr(s, "deliverance"):  # a Dream
        from ..campaign.dream import snapshot_of

        doc = snapshot_of(s.game.options)
        if DELIVERANCE in s.flags or (doc is not None and DELIVERANCE in doc.flags):
            return
        s.flags.append(DELIVERANCE)
    elif s.deliverance:
        return
    else:
        s.deliverance = True
    flow.emit("deliverance_unlocked", "Deliverance is unlocked", "slumber_entity")
