"""The Dreamscape Phase (etherfields "Dreamscape Phase", "Turn Cards", "Entity & Dream/
Slumber Effects", "Other Turn Card Rules", "Entity Movement", "Entity Spawn")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ....core import Action
from ....core.effects import Ctx
from ....core.flow import LEADER, AutoStep, ChanceStep, Flow, GroupStep, evolve
from ..kinds import KINDS, RUNTIME
from ..rules import morph_count

if TYPE_CHECKING:
    from ..state import EtherfieldsState


@KINDS.step
class Dreamscape(AutoStep):
    """etherfields "Entity & Dream/Slumber Effects": each step of the current Turn card is
    resolved from top to bottom; a blocked step is skipped ("Other Turn Card Rules")."""

    kind = "dreamscape"
    rule = "dreamscape"

    def run(self, s: EtherfieldsState, flow: Flow) -> None:
        card = s.current_turn()
        if card is None:
            return
        steps = []
        for i, step in enumerate(card.steps):
            if i in s.blocked_steps:
                flow.emit(
                    "step_blocked",
                    "Turn step {n} ({step}) is blocked and skipped",
                    "other_turn",
                    n=i + 1,
                    step=step,
                )
                continue
            steps.append(TurnStep(i, step))
        flow.replace(*reversed(steps))


@KINDS.step
@dataclass(frozen=True, slots=True)
class TurnStep(AutoStep):
    """etherfields "Turn Cards": a Morphing, Basic or Special step runs that effect of each
    Entity on the map; a Movement step moves every miniature; a step with nothing to run is
    skipped."""

    kind = "turn_step"
    rule = "turn_cards"
    index: int
    step: str

    def run(self, s: EtherfieldsState, flow: Flow) -> None:
        if self.step == "movement":
            if not s.minis:
                flow.emit("step_skipped", "Movement step: no Entity to move", step=self.step)
                return
            flow.emit("turn_step", "Movement step", step=self.step)
            flow.replace(*reversed([EntityRoll(m[0]) for m in s.minis]))
            return
        runs: list[Any] = []
        for entity in dict.fromkeys(m[1] for m in s.minis):
            effect = getattr(s.catalog.get("entity", entity).effects, self.step)
            if effect is not None:
                runs.extend(RUNTIME.steps(effect, Ctx(seat=s.first, source=f"entity:{entity}")))
        if not runs:
            flow.emit("step_skipped", "{step} step: nothing to resolve", step=self.step)
            return
        flow.emit("turn_step", "{step} step", step=self.step)
        flow.replace(*reversed(runs))


def movement_value(s: EtherfieldsState, entity: str) -> int:
    """An Entity's Movement with its Haste Morphings ("Morphings": +1 each, as the
    shipped pack's token says; content wins, "Rules Precedence")."""
    return s.catalog.get("entity", entity).movement + morph_count(s, entity, "movement")


@KINDS.step
@dataclass(frozen=True, slots=True)
class EntityRoll(ChanceStep):
    """etherfields "Entity Movement": the movement die, one roll per miniature (design §6,
    reading 10). Faces of the shipped pack: ``1`` one space only; ``2``/``3`` the Entity's
    Movement value; ``again`` its Movement, then roll again; ``special`` its special rule."""

    kind = "entity_roll"
    rule = "entity_movement"
    decision_kind = "roll"
    prompt = "Roll the movement die for {mini}"
    mini: str

    def outcomes(self, s: EtherfieldsState) -> list[tuple[Action, float]]:
        faces = s.catalog.get("die", "movement").faces
        return [(Action(f"mdie:{f}"), faces.count(f) / 6) for f in dict.fromkeys(faces)]

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        from .luck import window

        face = action.id.split(":", 1)[1]
        flow.emit("movement_die", "Movement die for {mini}: {face}", mini=self.mini, face=face)
        flow.pop()
        window(s, flow, "movement", face, self.mini)


def resolve_movement(s: EtherfieldsState, flow: Flow, ident: str, face: str) -> None:
    """The movement die's last result ("Entity Movement", "Rerolls")."""
    mini = s.mini(ident)
    if mini is None:
        return
    tile = s.catalog.get("entity", mini[1])
    if face == "special":
        if tile.movement_special is not None:
            ctx = Ctx(seat=s.first, source=f"entity:{mini[1]}")
            flow.push(*RUNTIME.steps(tile.movement_special, ctx))
        return
    n = 1 if face == "1" else movement_value(s, mini[1])
    flow.push(EntityWalk(ident, n, face == "again"))


@KINDS.step
@dataclass(frozen=True, slots=True)
class EntityWalk(AutoStep):
    """etherfields "Entity Movement": toward the closest Dreamer along the shortest legal
    path (``Board.toward``), recomputed at each space; already with a Dreamer or without a
    path it does not move; entering a Dreamer's space ends the Move; ties go to the First
    Player (design §6, reading 9)."""

    kind = "entity_walk"
    rule = "entity_movement"
    mini: str
    left: int
    again: bool

    def run(self, s: EtherfieldsState, flow: Flow) -> None:
        mini = s.mini(self.mini)
        if mini is None:
            flow.pop()
            return
        if self.left <= 0:
            if self.again:
                flow.replace(EntityRoll(self.mini))
            else:
                flow.pop()
            return
        targets = [p for p in s.pos if p is not None]
        if mini[2] in targets:
            flow.emit("entity_stays", "{mini} is with a Dreamer and does not move", mini=self.mini)
            flow.pop()
            return
        _dist, _closest, steps = s.board().toward(mini[2], targets)
        if not steps:
            flow.emit(
                "entity_stuck", "{mini} has no path to a Dreamer and does not move", mini=self.mini
            )
            flow.pop()
            return
        if len(steps) > 1:
            flow.push(EntityPath(self.mini, tuple(steps), seats=tuple(range(s.game.players))))
            return
        walk(s, flow, self, steps[0])


def walk(s: EtherfieldsState, flow: Flow, step: EntityWalk, to: str) -> None:
    mini = s.mini(step.mini)
    assert mini is not None
    mini[2] = to
    flow.emit(
        "entity_moved", "{mini} moves to {space}", "entity_movement", mini=step.mini, space=to
    )
    left = 0 if to in s.pos else step.left - 1
    again = step.again and to not in s.pos
    flow.replace_top(evolve(step, left=left, again=again))


@KINDS.step
@dataclass(frozen=True, slots=True)
class EntityPath(GroupStep):
    """etherfields "Entity Movement": "If several Dreamers are in the same range, Players
    decide"; the First Player settles it ("Multiple Choices")."""

    kind = "entity_path"
    rule = "entity_movement"
    prompt = "Choose where {mini} moves"
    policy = LEADER
    mini: str
    options: tuple[str, ...]

    def leader(self, s: EtherfieldsState) -> int:
        return s.first

    def legal(self, s: EtherfieldsState, seat: int) -> list[Action]:
        return [Action(f"space:{o}", f"{self.mini} to {o}") for o in self.options]

    def apply(self, s: EtherfieldsState, flow: Flow, seat: int, action: Action) -> None:
        flow.pop()
        walker = flow.items[-1]
        assert isinstance(walker, EntityWalk)
        walk(s, flow, walker, action.id.split(":", 1)[1])


def spawn(s: EtherfieldsState, flow: Flow, entity: str, n: int, at: tuple[str, ...] = ()) -> None:
    """etherfields "Entity Spawn": on Spawn spaces, as evenly as possible, the space of the
    current Turn suit first; what is not left in the box is not placed ("Component
    Limitations")."""
    tile = s.catalog.get("entity", entity)
    spaces = list(at)
    if not spaces:
        board = s.board()
        spaces = [ref for ref in board.spaces if s.space(ref)[1].spawn]
        card = s.current_turn()
        suit = card.suit if card is not None else None
        spaces.sort(key=lambda ref: 0 if suit is not None and s.space(ref)[1].spawn == suit else 1)
    if not spaces:
        flow.emit("no_spawn", "No Spawn space for {entity}", "spawn", entity=entity)
        return
    for k in range(n):
        free = [
            f"{entity}.{i}" for i in range(1, tile.copies + 1) if s.mini(f"{entity}.{i}") is None
        ]
        if not free:
            flow.emit("spawn_limit", "No {entity} miniature is left", "limits", entity=entity)
            return
        mini = free[0]
        where = spaces[k % len(spaces)]
        s.minis.append([mini, entity, where, 0])
        flow.emit(
            "spawned",
            "{entity} ({mini}) spawns at {space}",
            "spawn",
            entity=entity,
            mini=mini,
            space=where,
        )
