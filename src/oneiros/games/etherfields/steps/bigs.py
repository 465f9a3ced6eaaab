"""Big Entities and Entities spawning into full spaces (etherfields "Limit of Miniatures &
Entity Tokens per Space").

- "Big Entities ... occupy the whole space in which they stand and cannot be pushed out in
  any way. When a Big Entity enters a space, it pushes all other miniatures and/or Entity
  tokens in that space to any adjacent spaces chosen by the players and also causes it to
  end its Movement": a space with a Big Entity is full (``movement.occupants``); the
  First Player sends each miniature out in turn (``BigPush``: Dreamers in seat order,
  then the other miniatures), then the Big Entity enters and stops. One with no free
  adjacent space stays (design §6, reading 9: nothing is removed).
- "Entities entering full spaces (either by Moving or by Spawning) causes Dreamers to be
  pushed out ... However if the full space contains only 1 Dreamer, that Dreamer cannot be
  pushed and the Entity ends its Movement within range 1 of the space": a spawn into a
  full space pushes a Dreamer out (``dreamscape.Push``) or, when none can be, goes to an
  adjacent space the First Player chooses (``SpawnNear``); "If 4 Dreamers occupy such a
  space [cut off by Walls], no Entity can spawn ... there": with no adjacent space, the
  miniature is not placed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ....core import Action
from ....core.flow import LEADER, Flow, GroupStep, evolve
from ..kinds import KINDS
from ..names import names_of

if TYPE_CHECKING:
    from ..state import EtherfieldsState
    from .dreamscape import Spawning


def is_big(s: EtherfieldsState, entity: str) -> bool:
    return bool(s.catalog.get("entity", entity).big)


def big_at(s: EtherfieldsState, space: str) -> bool:
    return any(m[2] == space and is_big(s, m[1]) for m in s.minis)


def others(s: EtherfieldsState, space: str, mini: str) -> list[Any]:
    """What stands on a space besides ``mini``: Dreamers (seats), then miniatures."""
    from .overlays import companions_at

    seats: list[Any] = [x for x in range(s.game.players) if s.pos[x] == space]
    return (
        seats + [m[0] for m in s.minis if m[2] == space and m[0] != mini] + companions_at(s, space)
    )


def free_around(s: EtherfieldsState, space: str) -> tuple[str, ...]:
    """The adjacent spaces one may be pushed (or spawn) to: no Wall, not Blocked, not full."""
    from .movement import SPACE_CAPACITY, occupants, step_target

    return tuple(
        t
        for d in ("n", "e", "s", "w")
        if (t := step_target(s, space, d)) is not None and occupants(s, t) < SPACE_CAPACITY
    )


def next_mini(s: EtherfieldsState, entity: str) -> str:
    copies = s.catalog.get("entity", entity).copies
    return next(
        (f"{entity}.{i}" for i in range(1, copies + 1) if s.mini(f"{entity}.{i}") is None),
        f"{entity}.1",
    )


def big_enters(s: EtherfieldsState, flow: Flow, mini: str, to: str, then: str) -> bool:
    """A Big Entity about to enter ``to`` (``then``: ``walk`` or ``spawn``): True when it
    first pushes out what stands there."""
    entity = mini.rpartition(".")[0]
    if not is_big(s, entity) or not others(s, to, mini):
        return False
    flow.push(BigPush(mini, to, then, (), seats=tuple(range(s.game.players))))
    return True


def crowded_spawn(s: EtherfieldsState, flow: Flow, step: Spawning, where: str) -> bool:
    """A miniature about to spawn on ``where``: True when a push or a choice comes first
    (or it cannot be placed)."""
    from .dreamscape import Push, push_options
    from .movement import SPACE_CAPACITY, occupants

    mini = next_mini(s, step.entity)
    if big_enters(s, flow, mini, where, "spawn"):
        return True
    if occupants(s, where) < SPACE_CAPACITY:
        return False
    if push_options(s, where):
        flow.push(Push(mini, where, -1, seats=tuple(range(s.game.players))))
        return True
    near = free_around(s, where)
    if not near:
        flow.emit(
            "spawn_blocked",
            "{space} is full and nothing can make room: {mini} is not placed",
            "space_limit",
            mini=mini,
            space=where,
        )
        flow.replace_top(evolve(step, left=step.left - 1))
        return True
    flow.push(SpawnNear(mini, where, near, seats=tuple(range(s.game.players))))
    return True


@KINDS.step
@dataclass(frozen=True, slots=True)
class BigPush(GroupStep):
    """etherfields "Limit of Miniatures & Entity Tokens per Space" (Big Entities): the
    First Player sends what stands on the space out, one at a time (``space:<ref>``)."""

    kind = "big_push"
    rule = "space_limit"
    prompt = "{mini} enters {at}: push everything there out"
    policy = LEADER
    mini: str
    at: str
    then: str
    stuck: tuple[Any, ...]

    def leader(self, s: EtherfieldsState) -> int:
        return s.first

    def pending(self, s: EtherfieldsState) -> Any:
        return next((x for x in others(s, self.at, self.mini) if x not in self.stuck), None)

    def legal(self, s: EtherfieldsState, seat: int) -> list[Action]:
        who = self.pending(s)
        if who is None:
            return []
        if isinstance(who, int):
            name = f"Dreamer {who}"
        elif who.startswith("companion:"):
            name = str(names_of(s).piece(who.split(":", 1)[1]))
        else:
            name = names_of(s).mini(who)
        return [Action(f"space:{t}", f"Push {name} to {t}") for t in free_around(s, self.at)]

    def deciders(self, s: EtherfieldsState) -> tuple[int, ...]:
        who = self.pending(s)
        if who is not None and not free_around(s, self.at):
            return ()
        return (s.first,) if who is not None else ()

    def apply(self, s: EtherfieldsState, flow: Flow, seat: int, action: Action) -> None:
        who = self.pending(s)
        to = action.id.split(":", 1)[1]
        if isinstance(who, int):
            s.pos[who] = to
        elif who.startswith("companion:"):
            from .overlays import move_companion

            move_companion(s, who, to)
        else:
            found = s.mini(who)
            assert found is not None
            found[2] = to
        flow.emit(
            "pushed_out",
            "{who} is pushed out to {space} by {mini}",
            "space_limit",
            who=str(who).removeprefix("companion:"),
            mini=self.mini,
            space=to,
        )
        flow.replace_top(evolve(self))

    def finish(self, s: EtherfieldsState, flow: Flow) -> None:
        for who in others(s, self.at, self.mini):
            flow.emit(
                "not_pushed",
                "{who} has no space to go to and stays",
                "space_limit",
                who=str(who).removeprefix("companion:"),
            )
        below = flow.items[-1]
        if self.then == "spawn":
            from .dreamscape import place

            place(s, flow, below, self.at, checked=True)  # type: ignore[arg-type]
            return
        mini = s.mini(self.mini)
        assert mini is not None
        mini[2] = self.at
        flow.emit(
            "entity_moved",
            "{mini} moves to {space}",
            "entity_movement",
            mini=self.mini,
            space=self.at,
        )
        flow.replace_top(evolve(below, left=0, again=False))  # it ends its Movement


@KINDS.step
@dataclass(frozen=True, slots=True)
class SpawnNear(GroupStep):
    """etherfields "Limit of Miniatures & Entity Tokens per Space": no Dreamer can be
    pushed out of the full Spawn space, so the miniature spawns within range 1 of it, on
    a space the First Player chooses (``space:<ref>``)."""

    kind = "spawn_near"
    rule = "space_limit"
    prompt = "{at} is full: choose where {mini} spawns"
    policy = LEADER
    mini: str
    at: str
    options: tuple[str, ...]

    def leader(self, s: EtherfieldsState) -> int:
        return s.first

    def legal(self, s: EtherfieldsState, seat: int) -> list[Action]:
        name = names_of(s).mini(self.mini)
        return [Action(f"space:{t}", f"{name} spawns at {t}") for t in self.options]

    def apply(self, s: EtherfieldsState, flow: Flow, seat: int, action: Action) -> None:
        from .dreamscape import place

        flow.pop()
        place(s, flow, flow.items[-1], action.id.split(":", 1)[1], counted=self.at)  # type: ignore[arg-type]
