"""The Dreamscape Phase (etherfields "Dreamscape Phase", "Turn Cards", "Entity & Dream/
Slumber Effects", "Other Turn Card Rules", "Entity Movement", "Entity Spawn")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ....core import Action
from ....core.effects import Ctx
from ....core.flow import ANY, LEADER, AutoStep, ChanceStep, Flow, GroupStep, evolve
from ..kinds import KINDS, RUNTIME
from ..names import chance_label, names_of
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
        from .states import end_of_dreamers_phase
        from .triggers import fire_step

        end_of_dreamers_phase(s, flow)  # "State Tokens": a Dreamer's Dazed, Paralyzed end
        card = s.current_turn()
        steps: list[Any] = fire_step(s, "dreamscape_start")
        if card is None:
            flow.replace(*reversed(steps))
            return
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
            steps += [RapidWindowOpens(i), TurnStep(i, step), *fire_step(s, "turn_step", step)]
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
        if self.index in s.blocked_steps:  # blocked during this Dreamscape Phase (a Rapid card)
            flow.emit(
                "step_blocked",
                "Turn step {n} ({step}) is blocked and skipped",
                "other_turn",
                n=self.index + 1,
                step=self.step,
            )
            return
        if self.step == "movement":
            if not s.minis:
                flow.emit("step_skipped", "Movement step: no Entity to move", step=self.step)
                return
            flow.emit("turn_step", "Movement step", step=self.step)
            if s.game.options.get("shared_move_roll"):
                flow.replace(EntityRoll(ALL))  # design §6, reading 10: one roll for all
            else:
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
        return [
            (Action(f"mdie:{f}", chance_label(s, "mdie", f)), faces.count(f) / 6)
            for f in dict.fromkeys(faces)
        ]

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        from .luck import window

        face = action.id.split(":", 1)[1]
        who = "every Entity" if self.mini == ALL else self.mini
        flow.emit("movement_die", "Movement die for {mini}: {face}", mini=who, face=face)
        flow.pop()
        window(s, flow, "movement", face, self.mini)


ALL = "*"
"""The movement die rolled once for every miniature (option ``shared_move_roll``)."""


def resolve_movement(s: EtherfieldsState, flow: Flow, ident: str, face: str) -> None:
    """The movement die's last result ("Entity Movement", "Rerolls"). Rolled for all
    (``shared_move_roll``), every miniature uses it in turn, and "then roll again" rolls
    once more for all of them after the last one has moved."""
    if ident == ALL:
        steps: list[Any] = []
        for m in s.minis:
            steps += _movement_steps(s, m[0], face, again=False)
        if face == "again":
            steps.append(EntityRoll(ALL))
        flow.push(*reversed(steps))
        return
    flow.push(*_movement_steps(s, ident, face, again=face == "again"))


def _movement_steps(s: EtherfieldsState, ident: str, face: str, again: bool) -> list[Any]:
    mini = s.mini(ident)
    if mini is None:
        return []
    tile = s.catalog.get("entity", mini[1])
    if face == "special":
        if tile.movement_special is None:
            return []
        return list(
            RUNTIME.steps(tile.movement_special, Ctx(seat=s.first, source=f"entity:{mini[1]}"))
        )
    n = 1 if face == "1" else movement_value(s, mini[1])
    return [EntityWalk(ident, n, again)]


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
        from .states import has

        if has(s, self.mini, "paralyzed"):
            flow.emit("entity_paralyzed", "{mini} is Paralyzed and does not move", mini=self.mini)
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
    """One space of an Entity's Move; into a full space it pushes a Dreamer out first, or
    stops ("Limit of Miniatures & Entity Tokens per Space")."""
    from .bigs import big_enters
    from .movement import SPACE_CAPACITY, occupants

    if big_enters(s, flow, step.mini, to, "walk"):
        return  # a Big Entity pushes everything out, then enters and stops
    if occupants(s, to) >= SPACE_CAPACITY:
        options = push_options(s, to)
        if not options:
            flow.emit(
                "entity_stops",
                "{space} is full and no Dreamer can be pushed: {mini} stops",
                "space_limit",
                mini=step.mini,
                space=to,
            )
            flow.replace_top(evolve(step, left=0, again=False))
            return
        flow.push(Push(step.mini, to, -1, seats=tuple(range(s.game.players))))
        return
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
        mini = names_of(s).mini(self.mini)
        return [Action(f"space:{o}", f"{mini} to {o}") for o in self.options]

    def apply(self, s: EtherfieldsState, flow: Flow, seat: int, action: Action) -> None:
        flow.pop()
        walker = flow.items[-1]
        assert isinstance(walker, EntityWalk)
        walk(s, flow, walker, action.id.split(":", 1)[1])


def spawn(s: EtherfieldsState, flow: Flow, entity: str, n: int, at: tuple[str, ...] = ()) -> None:
    """etherfields "Entity Spawn": on Spawn spaces, as evenly as possible, the space of the
    current Turn suit first; the team chooses between equal spaces (``Spawning``)."""
    spaces = tuple(at)
    suit_first = ""
    if not spaces:
        spaces = tuple(ref for ref in s.board().spaces if s.space(ref)[1].spawn)
        card = s.current_turn()
        if card is not None and any(s.space(ref)[1].spawn == card.suit for ref in spaces):
            suit_first = next(ref for ref in spaces if s.space(ref)[1].spawn == card.suit)
    if not spaces:
        flow.emit("no_spawn", "No Spawn space for {entity}", "spawn", entity=entity)
        return
    flow.push(Spawning(entity, n, spaces, (0,) * len(spaces), suit_first))


@KINDS.step
@dataclass(frozen=True, slots=True)
class Spawning(AutoStep):
    """etherfields "Entity Spawn": one miniature at a time, each on a Spawn space holding
    the fewest of this spawn (the suit space takes the first); between equal spaces the
    team chooses (the First Player, "Multiple Choices"); what is not left in the box is
    not placed ("Component Limitations")."""

    kind = "spawning"
    rule = "spawn"
    entity: str
    left: int
    spaces: tuple[str, ...]
    counts: tuple[int, ...]
    suit_first: str = ""

    def run(self, s: EtherfieldsState, flow: Flow) -> None:
        if self.left <= 0:
            flow.pop()
            return
        tile = s.catalog.get("entity", self.entity)
        if not any(s.mini(f"{self.entity}.{i}") is None for i in range(1, tile.copies + 1)):
            flow.emit("spawn_limit", "No {entity} miniature is left", "limits", entity=self.entity)
            flow.pop()
            return
        options: tuple[str, ...]
        if self.suit_first and not any(self.counts):
            options = (self.suit_first,)
        else:
            low = min(self.counts)
            options = tuple(sp for sp, c in zip(self.spaces, self.counts, strict=True) if c == low)
        if len(options) > 1:
            flow.push(SpawnChoice(self.entity, options, seats=tuple(range(s.game.players))))
            return
        place(s, flow, self, options[0])


def place(
    s: EtherfieldsState,
    flow: Flow,
    step: Spawning,
    where: str,
    counted: str | None = None,
    checked: bool = False,
) -> None:
    """A miniature spawns on ``where`` (a full space first makes room, ``bigs.py``);
    ``counted``: the Spawn space it counts for when it went next to a full one."""
    from .bigs import crowded_spawn

    if not checked and counted is None and crowded_spawn(s, flow, step, where):
        return
    tile = s.catalog.get("entity", step.entity)
    mini = next(
        f"{step.entity}.{i}"
        for i in range(1, tile.copies + 1)
        if s.mini(f"{step.entity}.{i}") is None
    )
    s.minis.append([mini, step.entity, where, 0])
    flow.emit(
        "spawned",
        "{mini} spawns at {space}",
        "spawn",
        entity=step.entity,
        mini=mini,
        space=where,
    )
    k = step.spaces.index(counted or where)
    counts = (*step.counts[:k], step.counts[k] + 1, *step.counts[k + 1 :])
    flow.replace_top(evolve(step, left=step.left - 1, counts=counts))
    from .triggers import fire

    fire(s, flow, "spawned", detail=step.entity)


@KINDS.step
@dataclass(frozen=True, slots=True)
class SpawnChoice(GroupStep):
    """etherfields "Entity Spawn": "If several Entity Spawn spaces are available, you can
    choose between them"; the First Player settles the group's choice ("Multiple
    Choices")."""

    kind = "spawn_choice"
    rule = "spawn"
    prompt = "Choose the Spawn space of {entity}"
    policy = LEADER
    entity: str
    options: tuple[str, ...]

    def leader(self, s: EtherfieldsState) -> int:
        return s.first

    def legal(self, s: EtherfieldsState, seat: int) -> list[Action]:
        entity = names_of(s).one(self.entity)
        return [Action(f"space:{o}", f"{entity} spawns at {o}") for o in self.options]

    def apply(self, s: EtherfieldsState, flow: Flow, seat: int, action: Action) -> None:
        flow.pop()
        spawning = flow.items[-1]
        assert isinstance(spawning, Spawning)
        place(s, flow, spawning, action.id.split(":", 1)[1])


@KINDS.step
@dataclass(frozen=True, slots=True)
class BlockStep(GroupStep):
    """etherfields "Other Turn Card Rules": "choose and mark one of the steps with a Block
    token. This step is skipped when resolving the Turn Card." The team's choice, settled
    by the First Player ("Multiple Choices"); ``choose:<k>`` is the k-th step, from 0."""

    kind = "block_step"
    rule = "other_turn"
    prompt = "Block a step of the current Turn card"
    policy = LEADER
    options: tuple[int, ...]

    def leader(self, s: EtherfieldsState) -> int:
        return s.first

    def legal(self, s: EtherfieldsState, seat: int) -> list[Action]:
        card = s.current_turn()
        assert card is not None
        return [
            Action(f"choose:{i}", f"Block step {n} ({step})")
            for i in self.options
            for n, step in [(i + 1, names_of(s).step(card.steps[i]))]
        ]

    def apply(self, s: EtherfieldsState, flow: Flow, seat: int, action: Action) -> None:
        flow.pop()
        k = int(action.id.split(":", 1)[1])
        s.table.take("block", 1)
        s.blocked_steps.append(k)
        flow.emit("step_marked", "Turn step {n} is blocked", "other_turn", n=k + 1)


@KINDS.step
@dataclass(frozen=True, slots=True)
class RapidWindowOpens(AutoStep):
    """Before each Turn-card step, a Rapid window opens when some Dreamer may hold a Rapid
    card, by what every seat sees (``influence.may_hold``; design §6, reading 2; etherfields "Influence Cards": Rapid cards can be played
    "during the Dreamscape Phase", "Dreamscape Phase": "unless a card allows it")."""

    kind = "rapid_window_opens"
    rule = "influence"
    index: int

    def run(self, s: EtherfieldsState, flow: Flow) -> None:
        from .influence import may_hold
        from .masks import may_use

        seats = tuple(x for x in range(s.game.players) if may_hold(s, x, "other") or may_use(s, x))
        if seats:
            flow.replace(RapidWindow(self.index, seats=seats))


@KINDS.step
@dataclass(frozen=True, slots=True)
class RapidWindow(GroupStep):
    """etherfields "Influence Cards": before Turn step ``index``, any Dreamer holding a
    playable Rapid card may play it (``play:<card>``) or let the step come (``done``)."""

    kind = "rapid_window"
    rule = "influence"
    prompt = "Before Turn step {index}: play a Rapid card, or done"
    policy = ANY
    index: int

    def legal(self, s: EtherfieldsState, seat: int) -> list[Action]:
        from .influence import playable
        from .masks import usable

        out = [*playable(s, seat, rapid_only=True), *usable(s, seat, anytime_only=True)]
        return [*out, Action("done", "Let the step come")]

    def apply(self, s: EtherfieldsState, flow: Flow, seat: int, action: Action) -> None:
        if action.id == "done":
            flow.replace_top(evolve(self, seats=tuple(x for x in self.seats if x != seat)))
            return
        if action.id == "use:mask":
            from .actions import start

            start(s, flow, seat, f"mask:{seat}")
            return
        from .influence import play_card

        play_card(s, flow, seat, action.id.split(":", 1)[1])


def push_options(s: EtherfieldsState, at: str) -> dict[int, tuple[str, ...]]:
    """The Dreamers of a full space who may be pushed, with the adjacent spaces they may go
    to (not through a Wall or into a Blocked or full space); none when the space holds a
    single Dreamer ("that Dreamer cannot be pushed")."""
    from .movement import SPACE_CAPACITY, occupants, step_target

    there = [x for x in range(s.game.players) if s.pos[x] == at]
    if len(there) <= 1:
        return {}
    spaces = tuple(
        t
        for d in ("n", "e", "s", "w")
        if (t := step_target(s, at, d)) is not None and occupants(s, t) < SPACE_CAPACITY
    )
    return {x: spaces for x in there} if spaces else {}


@KINDS.step
@dataclass(frozen=True, slots=True)
class Push(GroupStep):
    """etherfields "Limit of Miniatures & Entity Tokens per Space": "Entities entering full
    spaces ... causes Dreamers to be pushed out to any adjacent space chosen by the
    players": the First Player chooses the Dreamer (``choose:<seat>``), then the space
    (``space:<ref>``); then the Entity enters."""

    kind = "push"
    rule = "space_limit"
    prompt = "{mini} enters the full space {at}: push a Dreamer out"
    policy = LEADER
    mini: str
    at: str
    seat: int

    def leader(self, s: EtherfieldsState) -> int:
        return s.first

    def legal(self, s: EtherfieldsState, seat: int) -> list[Action]:
        options = push_options(s, self.at)
        if self.seat < 0:
            return [Action(f"choose:{x}", f"Push Dreamer {x}") for x in options]
        return [
            Action(f"space:{t}", f"Push Dreamer {self.seat} to {t}") for t in options[self.seat]
        ]

    def apply(self, s: EtherfieldsState, flow: Flow, seat: int, action: Action) -> None:
        if self.seat < 0:
            flow.replace_top(evolve(self, seat=int(action.id.split(":")[1])))
            return
        to = action.id.split(":", 1)[1]
        s.pos[self.seat] = to
        flow.emit(
            "pushed",
            "Dreamer {seat} is pushed out to {space}",
            "space_limit",
            seat=self.seat,
            space=to,
        )
        flow.pop()
        below = flow.items[-1]
        if isinstance(below, Spawning):  # "(either by Moving or by Spawning)"
            place(s, flow, below, self.at)
            return
        assert isinstance(below, EntityWalk)
        walk(s, flow, below, self.at)
