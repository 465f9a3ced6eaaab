"""Dreamer movement and chosen targets (etherfields "Movement Actions", "Basic Rules —
Walls", "Other Dreamscape Icons" (Traps, Blocked spaces), "Limit of Miniatures & Entity
Tokens per Space", "Multiple Choices")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ....core import Action
from ....core.board import DIRECTIONS
from ....core.effects import Ctx
from ....core.flow import DecisionStep, Flow, evolve
from ..kinds import KINDS, RUNTIME
from ..names import DIRECTIONS as WAYS
from ..names import names_of
from ..params import SPACE_CAPACITY

if TYPE_CHECKING:
    from ..state import EtherfieldsState


def step_target(s: EtherfieldsState, here: str, d: str) -> str | None:
    """The space one orthogonal step away, if no Wall or Blocked space is in the way."""
    board = s.board()
    pos = board.spaces[here].pos
    assert pos is not None
    dx, dy = DIRECTIONS[d]
    other = board.at((pos[0] + dx, pos[1] + dy))
    if other is None:
        return None
    edge = board.edge(here, other)
    if edge is None or edge.wall or board.is_blocked(other):
        return None
    return other


def occupants(s: EtherfieldsState, space: str) -> int:
    """Miniatures on a space ("Limit of Miniatures & Entity Tokens per Space"); a Big
    Entity fills it alone ("They occupy the whole space in which they stand")."""
    from .bigs import big_at

    if big_at(s, space):
        return SPACE_CAPACITY
    from .overlays import companions_at  # "Companions": they count to the limit

    minis = sum(1 for m in s.minis if m[2] == space) + len(companions_at(s, space))
    return sum(1 for p in s.pos if p == space) + minis


def step_options(s: EtherfieldsState, here: str, left: int) -> list[Action]:
    """A step each way a miniature may go from ``here`` (the last step never ends on a
    full space: "Limit of Miniatures & Entity Tokens per Space"), then ``stop``: a Dreamer's
    Move and a Companion's walk."""
    out = []
    for d in ("n", "e", "s", "w"):
        other = step_target(s, here, d)
        if other is None:
            continue
        if left == 1 and occupants(s, other) >= SPACE_CAPACITY:
            continue
        way = WAYS[d]
        out.append(Action(f"step:{d}", f"Step {way} to {other}"))
    out.append(Action("stop", "Stop moving"))
    return out


@KINDS.step
@dataclass(frozen=True, slots=True)
class Move(DecisionStep):
    """etherfields "Movement Actions": one orthogonal step at a time, up to ``left``
    spaces; Walls and Blocked spaces cannot be crossed; a full space may be crossed but
    not ended on; a Trap triggers when moved through or ended on; so do trigger abilities
    of the moving Dreamer (``steps/triggers.py``)."""

    kind = "move"
    rule = "movement"
    prompt = "Move: {left} spaces left"
    seat: int
    left: int
    moved: int = 0  # spaces moved so far (triggers: "move_through", "end_move")

    def done(self, s: EtherfieldsState) -> bool:
        return self.left <= 0 or s.pos[self.seat] is None

    def legal(self, s: EtherfieldsState) -> list[Action]:
        here = s.pos[self.seat]
        assert here is not None
        return step_options(s, here, self.left)

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        from .triggers import fire, fire_step

        here = s.pos[self.seat]
        if action.id == "stop":
            flow.pop()
            if self.moved and here is not None:
                fire(s, flow, "end_move", self.seat, here)
            return
        assert here is not None
        other = step_target(s, here, action.id[5:])
        assert other is not None
        s.pos[self.seat] = other
        flow.emit("moved", "Dreamer {seat} moves to {space}", seat=self.seat, space=other)
        flow.replace_top(evolve(self, left=self.left - 1, moved=self.moved + 1))
        # trigger abilities ("Movement Actions"; steps/triggers.py), after the Trap: the
        # space left (moved through), the space entered, the end of the Move, in order
        moments = fire_step(s, "move_through", here, self.seat) if self.moved else []
        moments += fire_step(s, "enter_space", other, self.seat)
        if self.left == 1:
            moments += fire_step(s, "end_move", other, self.seat)
        flow.push(*reversed(moments))
        _tile, space = s.space(other)
        if space.trap is not None:
            flow.emit("trap", "A Trap at {space} triggers", "icons", space=other)
            flow.push(*RUNTIME.steps(space.trap, Ctx(seat=self.seat, source=f"map:{other}")))


@KINDS.step
@dataclass(frozen=True, slots=True)
class ChooseEntity(DecisionStep):
    """etherfields "Multiple Choices": the acting Dreamer chooses the target miniature."""

    kind = "choose_entity"
    rule = "choices"
    prompt = "Choose an Entity to {then}"
    seat: int
    then: str
    options: tuple[str, ...]

    def legal(self, s: EtherfieldsState) -> list[Action]:
        found = [s.mini(m) for m in self.options]
        names = names_of(s)
        out = []
        for m in found:
            if m:
                mini, space = names.mini(m[0]), m[2]
                out.append(Action(f"target:entity:{m[0]}", f"{mini} at {space}"))
        return out

    skip_without_choice = True

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        flow.pop()
        act_on(s, flow, action.id.split(":")[2], self.then)


def act_on(s: EtherfieldsState, flow: Flow, mini: str, then: str) -> None:
    """What a chosen target receives: ``remove`` or ``threat:<n>``."""
    if then == "remove":
        remove_mini(s, flow, mini)
    elif then.startswith("state:"):
        from .states import apply

        apply(s, flow, mini, then.split(":")[1])
    elif then.startswith("threat:"):
        found = s.mini(mini)
        if found is not None:
            found[3] += s.table.take("threat", int(then.split(":")[1]))
            flow.emit("threat", "{mini} has {n} Threat", "assault", mini=mini, n=found[3])


def remove_mini(s: EtherfieldsState, flow: Flow, mini: str) -> None:
    found = s.mini(mini)
    if found is None:
        return
    s.minis.remove(found)
    s.states = [x for x in s.states if x[0] != mini or x[1] == "poisoned"]
    flow.emit(
        "entity_removed",
        "{mini} is removed from {space}",
        "entity_tiles",
        entity=found[1],
        mini=mini,
        space=found[2],
    )


def minis_within(s: EtherfieldsState, seat: int | None, n: int | None) -> tuple[str, ...]:
    """Miniatures within range ``n`` of a Dreamer ("Movement Actions — Range")."""
    if seat is None or s.pos[seat] is None:
        return tuple(m[0] for m in s.minis)
    from .states import capped

    reach = s.board().within(s.pos[seat], capped(s, seat, n))  # type: ignore[arg-type]
    return tuple(m[0] for m in s.minis if m[2] in reach)


def choose_or_do(s: EtherfieldsState, flow: Flow, seat: int, n: int | None, then: str) -> None:
    options = minis_within(s, seat, n)
    if len(options) == 1:
        act_on(s, flow, options[0], then)
    elif options:
        flow.push(ChooseEntity(seat, then, options))
