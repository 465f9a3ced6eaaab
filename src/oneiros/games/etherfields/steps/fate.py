"""Fate cards and their Quirks (etherfields "Fate Cards", "The Slumber Dreamscape Map"):
a Fate card drawn between two Slumbers, the Slumber map tile it may draw and place, the
Quirk space it then goes into, what the Quirks in play do at the start of each Turn, and
the map actions a Quirk gives its space ("Quirks ... create opportunities for certain
spaces on the Map", "Map Actions": ``quirk_space``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ....core import Action
from ....core.board import rotate_index
from ....core.effects import Ctx
from ....core.flow import LEADER, AutoStep, ChanceStep, Flow, GroupStep
from ..kinds import KINDS, RUNTIME
from ..names import names_of

if TYPE_CHECKING:
    from ..slumber_state import SlumberState


def fate_of(s: SlumberState, face: str) -> Any:
    return s.catalog.get("fate", face)


@KINDS.step
class DrawFate(ChanceStep):
    """etherfields "Fate Cards": "draw a FATE card from the top of the FATE DECK and resolve
    it": chance among the shuffled cards, else the known card on top of those put at the
    bottom of the deck."""

    kind = "fate_draw"
    rule = "fate"
    decision_kind = "draw"
    prompt = "Draw a Fate card"

    def done(self, s: SlumberState) -> bool:
        return not s.table.count("fate_deck") and not s.table.count("fate_bottom")

    def outcomes(self, s: SlumberState) -> list[tuple[Action, float]]:
        from .slumber import deck_outcomes

        faces = deck_outcomes(s, "fate_deck", "fate_bottom")
        return [(_fate_drawn(s, f), p) for f, p in faces]

    def apply(self, s: SlumberState, flow: Flow, action: Action) -> None:
        from .slumber import deck_card

        face = action.id.split(":", 1)[1]
        card = deck_card(s, "fate_deck", "fate_bottom", face)
        rec = fate_of(s, face)
        s.table.move(
            card,
            "fate_current",
            flow=flow,
            kind="fate_drawn",
            fmt="Fate card {face} is drawn",
            rule="fate",
        )
        flow.emit(
            "fate",
            "Fate: {name}. {text}",
            "fate",
            card=face,
            name=str(rec.name),
            text=str(rec.text),
        )
        steps: list[Any] = []
        if rec.effects is not None:
            steps += RUNTIME.steps(rec.effects, Ctx(seat=s.first, source=f"fate:{face}"))
        if rec.place_tile:
            steps.append(DrawMapTile(face))
        else:
            steps.append(FateAway(face))
        flow.replace(*reversed(steps))


@KINDS.step
@dataclass(frozen=True, slots=True)
class DrawMapTile(ChanceStep):
    """etherfields "Fate Cards", "The Slumber Dreamscape Map": a face-down Slumber map tile
    is drawn (chance) and placed by its printed code; then the Fate card goes into an empty
    Quirk space, or to the bottom of the Fate deck."""

    kind = "map_tile_draw"
    rule = "fate"
    decision_kind = "draw"
    prompt = "Draw a Slumber map tile"
    card: str

    def done(self, s: SlumberState) -> bool:
        return not s.table.count("map_deck")

    def finish(self, s: SlumberState, flow: Flow) -> None:
        flow.emit("no_map_tile", "No Slumber map tile is left to place", "fate")
        flow.push(FateAway(self.card))

    def outcomes(self, s: SlumberState) -> list[tuple[Action, float]]:
        return [(_map_tile_drawn(s, f), p) for f, p in s.table.outcomes("map_deck")]

    def apply(self, s: SlumberState, flow: Flow, action: Action) -> None:
        face = action.id.split(":", 1)[1]
        card = s.table.find("map_deck", face)
        assert card is not None
        tile = s.catalog.get("slumber_map", face)
        s.table.move(card, "map_placed")
        s.tiles.append(face)
        flow.emit(
            "map_tile_placed",
            "Slumber map tile {tile} is placed at {slot}",
            "slumber_map",
            tile=face,
            slot=tile.at,
        )
        flow.replace(QuirkOrBottom(self.card))


def _fate_drawn(s: SlumberState, face: str) -> Action:
    """The chance outcome ``fate:<card>``, naming the Fate card."""
    name = names_of(s).piece(face)
    return Action(f"fate:{face}", f"The Fate card {name} is drawn")


def _map_tile_drawn(s: SlumberState, face: str) -> Action:
    """The chance outcome ``tile:<tile>``, naming the Slumber map tile."""
    name = names_of(s).piece(face)
    return Action(f"tile:{face}", f"The Slumber map tile {name} is drawn")


def quirk_spaces(s: SlumberState) -> list[str]:
    """Every Quirk space of the placed Slumber map tiles (``<slot>.<n>``)."""
    out = []
    for ident in s.tiles:
        if s.catalog.has("slumber_map", ident):
            tile = s.catalog.get("slumber_map", ident)
            out += [f"{tile.at}.{rotate_index(i, tile.rotation)}" for i in tile.quirk_slots]
    return out


def quirk_space(s: SlumberState, ref: str, space: Any) -> Any:
    """The printed ``space`` at ``ref`` with the map actions of the Quirk lying there
    ("Fate Cards": a Quirk creates "opportunities for certain spaces on the Map"; "Map
    Actions": a Dreamer on the space may perform them, as any map action)."""
    face = next((f for r, f in s.quirks if r == ref), None)
    quirk = fate_of(s, face).quirk if face is not None else None
    if quirk is None or not quirk.actions:
        return space
    return space.model_copy(update={"actions": [*space.actions, *quirk.actions]})


def quirk_action_ids(cat: Any) -> list[str]:
    """Every ``use:map:<space>:<action>`` a Quirk may offer: each Quirk space of the pack's
    Slumber map tiles with each map action of a Quirk (finite with a fixed pack)."""
    refs = [
        f"{t.at}.{rotate_index(i, t.rotation)}"
        for t in cat.all("slumber_map")
        for i in t.quirk_slots
    ]
    actions = [a.id for c in cat.all("fate") if c.quirk is not None for a in c.quirk.actions]
    return [f"use:map:{ref}:{a}" for ref in refs for a in dict.fromkeys(actions)]


def empty_quirk_spaces(s: SlumberState) -> list[str]:
    taken = {q[0] for q in s.quirks}
    return [ref for ref in quirk_spaces(s) if ref not in taken]


@KINDS.step
@dataclass(frozen=True, slots=True)
class QuirkOrBottom(AutoStep):
    """etherfields "Fate Cards": "if any Map tile on the board has an empty Quirk space,
    place this Fate card into that space (if there is more than 1 empty space, choose any
    of them). Otherwise, the Fate card is discarded to the bottom of the Fate deck.\""""

    kind = "quirk_place"
    rule = "fate"
    card: str

    def run(self, s: SlumberState, flow: Flow) -> None:
        empty = empty_quirk_spaces(s)
        if not empty:
            flow.replace(FateAway(self.card))
        elif len(empty) == 1:
            flow.pop()
            place_quirk(s, flow, self.card, empty[0])
        else:
            flow.replace(QuirkChoice(self.card, tuple(empty), seats=tuple(range(s.game.players))))


@KINDS.step
@dataclass(frozen=True, slots=True)
class QuirkChoice(GroupStep):
    """etherfields "Fate Cards": the team chooses the Quirk space; the First Player settles
    it ("Multiple Choices")."""

    kind = "quirk_choice"
    rule = "fate"
    prompt = "Choose the Quirk space of Fate card {card}"
    policy = LEADER
    card: str
    options: tuple[str, ...]

    def leader(self, s: SlumberState) -> int:
        return s.first

    def legal(self, s: SlumberState, seat: int) -> list[Action]:
        return [Action(f"space:{ref}", f"Put it in the Quirk space {ref}") for ref in self.options]

    def apply(self, s: SlumberState, flow: Flow, seat: int, action: Action) -> None:
        flow.pop()
        place_quirk(s, flow, self.card, action.id.split(":", 1)[1])


def place_quirk(s: SlumberState, flow: Flow, face: str, ref: str) -> None:
    card = s.table.find("fate_current", face)
    assert card is not None
    s.table.move(card, "quirks")
    s.quirks.append([ref, face])
    flow.emit(
        "quirk", "Fate card {card} lies in the Quirk space {space}", "fate", card=face, space=ref
    )


@KINDS.step
@dataclass(frozen=True, slots=True)
class FateAway(AutoStep):
    """etherfields "Fate Cards": a resolved Fate card goes to the bottom of the Fate deck."""

    kind = "fate_away"
    rule = "fate"
    card: str

    def run(self, s: SlumberState, flow: Flow) -> None:
        flow.pop()
        card = s.table.find("fate_current", self.card)
        if card is not None:
            s.table.move(card, "fate_bottom", bottom=True)
            flow.emit(
                "fate_bottom",
                "Fate card {card} goes to the bottom of the Fate deck",
                "fate",
                card=self.card,
            )


def quirk_steps(s: SlumberState) -> list[Any]:
    """etherfields "Fate Cards": the Quirks in play at the start of a Slumber Turn, in the
    order they were placed: a ``space`` Quirk for each Dreamer on its space, a
    ``dreamscape`` Quirk once (the First Player acting)."""
    steps: list[Any] = []
    for ref, face in s.quirks:
        quirk = fate_of(s, face).quirk
        if quirk is None or quirk.effects is None:
            continue
        if quirk.scope == "dreamscape":
            seats: tuple[int, ...] = (s.first,)
        else:
            seats = tuple(x for x in range(s.game.players) if s.pos[x] == ref)
        for seat in seats:
            steps.append(QuirkFires(face, ref, seat))
            steps += RUNTIME.steps(quirk.effects, Ctx(seat=seat, source=f"quirk:{face}"))
    return steps


@KINDS.step
@dataclass(frozen=True, slots=True)
class QuirkFires(AutoStep):
    """The event of a Quirk resolving ("Fate Cards")."""

    kind = "quirk_fires"
    rule = "fate"
    card: str
    space: str
    seat: int

    def run(self, s: SlumberState, flow: Flow) -> None:
        flow.pop()
        text = fate_of(s, self.card).quirk.text
        flow.emit(
            "quirk_fires",
            "Quirk of {card} ({space}): {text}",
            "fate",
            card=self.card,
            space=self.space,
            seat=self.seat,
            text=str(text),
        )
