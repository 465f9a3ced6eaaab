"""The four shadows, lucidity-en "Shadow of the Depths" (draw a dream, roll and resolve it at
once), "Shadow of Envy" (the next player chooses a dream on your card that you reroll and
resolve at once), "Shadow of Imprisonment" (turn an exhaust dream to its shadow side) and
"Shadow of Primeval Fear" (you may move a shadow dream to your Hunt row); lucidity-es
"Sombra de ...". A shadow is placed in its colour's Shadow row first (``steps/resolve.py``
``place``), then its effect runs; "roll it now" is shared with every effect that gives a
dream (minions, abilities, rerolls), which names its own rule in ``ref``."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from ....core import Action, Event
from ....core.flow import DecisionStep, Flow, evolve
from ..actions import A, row_words
from ..content import COLOURS
from ..model import POWER_FACES, Die, die, pick_id, remove_pick
from .base import KINDS, BagDraw, Chance, HoldsDreams, Seated, below, hold
from .end import took_last, trigger_dream_end

if TYPE_CHECKING:
    from ..state import LucidityState


def shadow_effect(s: LucidityState, seat: int, c: str, pool: bool) -> bool:
    """The effect of a shadow of colour ``c`` just placed on ``seat``'s card; True if steps
    were pushed to resolve first."""
    R = s.R
    if c == "blue":
        s.emit(
            "shadow",
            "Seat {seat}: Shadow of the Depths, draw and roll a dream",
            R["depths"],
            seat=seat,
            colour=c,
        )
        if s.bag_total() == 0:
            trigger_dream_end(s, seat)
            return False
        s.stack.items.append(RollNow(seat, pool, "depths"))
        s.stack.items.append(DrawNow(seat))
        return True
    if c == "green":
        s.emit(
            "shadow",
            "Seat {seat}: Shadow of Envy, the next player chooses a dream to reroll",
            R["envy"],
            seat=seat,
            colour=c,
        )
        s.stack.items.append(Envy(s.next_seat(seat), seat, pool))
        return True
    if c == "yellow":
        me = s.seats[seat]
        turnable = {e[0] for e in me.exhaust if not e[2] and e[0] != "bone"}
        if len(turnable) > 1:
            # exhaust dreams of several colours: the dreamer chooses which one turns
            s.emit(
                "shadow",
                "Seat {seat}: Shadow of Imprisonment, choose an exhaust dream to turn",
                R["imprisonment"],
                seat=seat,
                colour=c,
            )
            s.stack.items.append(Imprison(seat))
            return True
        if turnable:
            imprison(s, seat, turnable.pop())
        else:
            s.emit(
                "shadow",
                "Seat {seat}: Shadow of Imprisonment (no exhaust dream to turn)",
                R["imprisonment"],
                seat=seat,
                colour=c,
            )
        return False
    s.emit("shadow", "Seat {seat}: Shadow of Primeval Fear", R["fear"], seat=seat, colour=c)
    s.stack.items.append(Fear(seat))
    return True


_PROMPTS = {"ability": "Draw a dream: roll it at once"}
"""The prompt of a draw to roll at once, by the rule that asks for it (else the Depths')."""


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class DrawNow(BagDraw):
    """Draw one dream to roll at once (Shadow of the Depths; ``ref`` "ability": the
    Nightmare of Temptation's gift)."""

    kind = "draw_now"
    rule = "depths"
    prompt = "Draw a dream (Shadow of the Depths)"
    decision_kind = "draw"
    ref: str = "depths"

    def rule_key(self) -> str:
        return self.ref

    def prompt_text(self, s: LucidityState) -> str:
        return _PROMPTS.get(self.ref, self.prompt)

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        c = action.id[5:]
        s.bag[c] -= 1
        flow.pop()
        hold(s, die(c, ""))  # the roll below holds it
        s.emit(
            "drawn", "Seat {seat} draws a {colour} dream", s.R[self.ref], seat=self.seat, colour=c
        )
        if not s.bag[c]:
            took_last(s, self.seat)


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class RollNow(Chance, HoldsDreams):
    """Roll the ``dream`` an effect gave ``seat`` and resolve it at once (None until the draw
    above it gives it; taken off without one, once the bag is empty); ``pool``: it came from
    the turn's own dreams (lucidity-es: a new shadow then joins the unresolved dreams);
    ``ref``: the rule of the effect."""

    kind = "roll_now"
    rule = "resolve"
    prompt = "Roll the dream and resolve it at once"
    decision_kind = "roll"
    seat: int
    pool: bool
    ref: str
    dream: Die | None = None

    def held(self) -> tuple[Die, ...]:
        return (self.dream,) if self.dream is not None else ()

    def emptied(self) -> RollNow:
        return evolve(self, dream=None)

    def holding(self, d: Die) -> RollNow | None:
        return RollNow(self.seat, self.pool, self.ref, d) if self.dream is None else None

    def rule_key(self) -> str:
        return self.ref

    def decision_data(self, s: LucidityState) -> dict[str, Any]:
        return {"seat": self.seat, "colour": self.dream[0] if self.dream is not None else None}

    def done(self, s: LucidityState) -> bool:
        return self.dream is None

    def possible(self, s: LucidityState, action: Action) -> bool:
        return action.id in s.game.roll_ids[self.dream[0]]  # type: ignore[index]

    def outcomes(self, s: LucidityState) -> list[tuple[Action, float]]:
        return s.game.roll_outcomes[self.dream[0]]  # type: ignore[index]

    def sample(self, s: LucidityState, rng: Any) -> Action:
        faces = s.game.roll_actions[self.dream[0]]  # type: ignore[index]
        return faces[below(rng, len(faces))]

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        c = self.dream[0]  # type: ignore[index]
        face = action.id[5:]
        seat = self.seat
        flow.pop()
        s._events.append(
            Event(
                "rolled",
                "A {colour} dream rolls {face}",
                s.R[self.ref],
                {"colour": c, "face": face, "seat": seat},
            )
        )
        d = die(c, face)
        if s.seats[seat].role != "dreamer":
            s._to_bag([d])
            return
        if face == "shadow" and self.pool and s.game.ruleset == "es":
            # lucidity-es: a new shadow joins the unresolved dreams; anything else resolves now
            _resolve.add_rolled(s, d)
            return
        if c != "bone":
            for x in s.seats[seat].power:
                if x[0] == c and x[1] in POWER_FACES:
                    # "Re-rolling dreams": at any time, so also before this new dream resolves
                    s.stack.items.append(_reroll.Now(seat, self.pool, d))
                    return
        _resolve.place(s, seat, d, pool=self.pool)


def envy_choices(s: LucidityState, seat: int) -> list[tuple[str, Die]]:
    """The dreams on ``seat``'s card the next player may choose (never a Bone Hunter;
    lucidity-es: not the Envy dream itself)."""
    me = s.seats[seat]
    out: list[tuple[str, Die]] = []
    rows = (
        ("hunt", me.hunt),
        ("exhaust", me.exhaust),
        ("power", me.power),
        ("shadow_blue", me.shadow["blue"]),
        ("shadow_green", me.shadow["green"]),
        ("shadow_yellow", me.shadow["yellow"]),
        ("shadow_red", me.shadow["red"]),
    )
    es = s.game.ruleset == "es"
    for row, dice in rows:
        skip_one = es and row == "shadow_green"
        for i, d in enumerate(dice):
            if d[0] == "bone":
                continue
            if skip_one and i == len(dice) - 1:
                continue  # lucidity-es: not the Envy dream itself
            out.append((row, d))
    return out


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class Envy(DecisionStep):
    """The next player (``chooser``) chooses a dream on the envied dreamer's card; the
    dreamer rerolls it and resolves it at once."""

    kind = "envy"
    rule = "envy"
    prompt = "Choose a dream on the dreamer's card to reroll"
    decision_kind = "envy_pick"
    skip_without_choice = True
    chooser: int
    seat: int
    pool: bool

    @property
    def player(self) -> int:
        return self.chooser

    def actor(self, s: LucidityState) -> int:
        return self.chooser

    def decision_data(self, s: LucidityState) -> dict[str, Any]:
        return {"seat": self.seat}

    def legal(self, s: LucidityState) -> list[Action]:
        seen: dict[str, Action] = {}
        seat = self.seat
        for row, d in envy_choices(s, seat):
            aid = pick_id(seat, row, d)
            if aid not in seen:
                seen[aid] = A[aid]
        return list(seen.values())

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        seat = self.seat
        aid = action.id
        d = remove_pick(s.seats[seat], seat, aid)
        flow.pop()
        s.emit(
            "envy",
            "Seat {chooser} makes seat {seat} reroll a {colour} dream from the {where} row",
            s.R["envy"],
            chooser=self.chooser,
            seat=seat,
            colour=d[0],
            row=aid.split(":")[2],
            where=row_words(aid.split(":")[2]),
        )
        s.stack.items.append(RollNow(seat, self.pool, "envy", die(d[0], "")))


def imprison(s: LucidityState, seat: int, colour: str) -> None:
    """Turn ``seat``'s first unturned exhaust dream of ``colour`` to its shadow side."""
    me = s.seats[seat]
    for i, e in enumerate(me.exhaust):
        if e[0] == colour and not e[2]:
            me.exhaust[i] = die(e[0], e[1], True)
            break
    s.emit(
        "shadow",
        "Seat {seat}: Shadow of Imprisonment turns a {turned} exhaust dream to its shadow side",
        s.R["imprisonment"],
        seat=seat,
        colour="yellow",
        turned=colour,
    )


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class Imprison(Seated):
    """Unturned exhaust dreams of two or more colours: the dreamer chooses the one turned."""

    kind = "imprison"
    rule = "imprisonment"
    prompt = "Choose the exhaust dream to turn to its shadow side"
    seat: int

    def decision_data(self, s: LucidityState) -> dict[str, Any]:
        return {"seat": self.seat}

    def legal(self, s: LucidityState) -> list[Action]:
        seat = self.seat
        have = {e[0] for e in s.seats[seat].exhaust if not e[2]}
        return [A[f"pick:seat{seat}:exhaust:{c}:exhaust"] for c in COLOURS if c in have]

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        flow.pop()
        imprison(s, self.seat, action.id.split(":")[3])


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class Fear(Seated):
    """The dreamer may move a shadow dream of its card (a turned exhaust dream included) to
    its Hunt row."""

    kind = "fear"
    rule = "fear"
    prompt = "You may move a shadow dream to your Hunt row"
    skip_without_choice = True
    seat: int

    def decision_data(self, s: LucidityState) -> dict[str, Any]:
        return {}

    def legal(self, s: LucidityState) -> list[Action]:
        me = s.seats[self.seat]
        out = [A["fear:none"]]
        for c in COLOURS:
            if me.shadow[c]:
                out.append(A["fear:" + c])
        # an exhaust dream turned by Imprisonment shows its shadow side: "any 1 shadow dream
        # on your dreamer card" (en), "uno de cualquier color" (es)
        if me.exhaust:
            turned = {d[0] for d in me.exhaust if d[2]}
            if turned:
                for c in COLOURS:
                    if c in turned:
                        out.append(A["fear:rotated:" + c])
        return out

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        seat = self.seat
        me = s.seats[seat]
        flow.pop()
        parts = action.id.split(":")
        if parts[1] == "none":
            s.emit("fear", "Seat {seat} moves no shadow dream", s.R["fear"], seat=seat)
            return
        if parts[1] == "rotated":
            c = parts[2]
            for i, d in enumerate(me.exhaust):
                if d[0] == c and d[2]:
                    me.hunt.append(me.exhaust.pop(i))
                    break
        else:
            c = parts[1]
            me.hunt.append(me.shadow[c].pop())
        s.emit(
            "fear",
            "Seat {seat} moves a {colour} shadow dream to the Hunt row",
            s.R["fear"],
            seat=seat,
            colour=c,
        )


# where a dream rolled at once goes (imported last: resolving places shadows)
from . import reroll as _reroll  # noqa: E402
from . import resolve as _resolve  # noqa: E402
