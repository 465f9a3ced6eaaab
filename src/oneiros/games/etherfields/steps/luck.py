"""The Luck die and rerolls (etherfields "Luck Die", "Luck Die — Boosting Your Intent",
"Rerolls", "Basic Actions Card" (Use a Shining Gem), "Morphings")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ....core import Action
from ....core.flow import ANY, ChanceStep, DecisionStep, Flow, GroupStep, evolve
from ..kinds import KINDS
from ..params import SKULL_SEAL
from ..rules import suffer
from .cards import SealOne

if TYPE_CHECKING:
    from ..state import EtherfieldsState

FORBID = ("no_reroll", "no_gem_reroll")
"""The Morphings under which a Shining Gem cannot reroll ("Morphings")."""


def gem_rerollers(s: EtherfieldsState) -> tuple[int, ...]:
    """Dreamers who may reroll with a Shining Gem now: they hold one, and no Morphing in
    play forbids rerolls or Gem rerolls ("Rerolls", "Morphings")."""
    if any(s.table.face(t) in FORBID for t in s.table.ids("morph_on")):
        return ()
    return tuple(seat for seat in range(s.game.players) if s.gems[seat] > 0)


def window(s: EtherfieldsState, flow: Flow, die: str, face: str, owner: str) -> None:
    """After a roll: a reroll window opens only when some Dreamer may reroll (design §6,
    reading 2); otherwise the result applies at once."""
    seats = gem_rerollers(s)
    if seats:
        flow.push(RerollWindow(die, face, owner, seats=seats))
    else:
        resolve(s, flow, die, face, owner)


def resolve(s: EtherfieldsState, flow: Flow, die: str, face: str, owner: str) -> None:
    if die == "luck":
        resolve_luck(s, flow, int(owner), face)
    else:
        from .dreamscape import resolve_movement

        resolve_movement(s, flow, owner, face)


@KINDS.step
@dataclass(frozen=True, slots=True)
class RerollWindow(GroupStep):
    """etherfields "Rerolls", "Basic Actions Card": any Dreamer may discard a Shining Gem to
    reroll any roll, as often as they can pay; only the last result applies."""

    kind = "reroll_window"
    rule = "rerolls"
    prompt = "The {die} die shows {face}: reroll with a Shining Gem?"
    policy = ANY
    die: str
    face: str
    owner: str

    def legal(self, s: EtherfieldsState, seat: int) -> list[Action]:
        return [
            Action("reroll:gem", "Discard a Shining Gem: reroll"),
            Action("done", "Keep the result"),
        ]

    def apply(self, s: EtherfieldsState, flow: Flow, seat: int, action: Action) -> None:
        if action.id == "done":
            flow.replace_top(evolve(self, seats=tuple(x for x in self.seats if x != seat)))
            return
        s.gems[seat] -= 1
        s.table.give("gems", 1)
        flow.emit("rerolled", "Dreamer {seat} discards a Shining Gem to reroll", seat=seat)
        flow.pop()
        flow.push(Reroll(self.die, self.owner))

    def finish(self, s: EtherfieldsState, flow: Flow) -> None:
        resolve(s, flow, self.die, self.face, self.owner)


@KINDS.step
@dataclass(frozen=True, slots=True)
class Reroll(ChanceStep):
    """etherfields "Rerolls": the die is rolled again; the new result replaces the old."""

    kind = "reroll"
    rule = "rerolls"
    decision_kind = "roll"
    prompt = "Reroll the {die} die"
    die: str
    owner: str

    def outcomes(self, s: EtherfieldsState) -> list[tuple[Action, float]]:
        name, prefix = ("luck", "luck") if self.die == "luck" else ("movement", "mdie")
        faces = s.catalog.get("die", name).faces
        return [(Action(f"{prefix}:{f}"), faces.count(f) / 6) for f in dict.fromkeys(faces)]

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        face = action.id.split(":", 1)[1]
        flow.pop()
        flow.emit("reroll_result", "The reroll shows {face}", face=face)
        window(s, flow, self.die, face, self.owner)


@KINDS.step
@dataclass(frozen=True, slots=True)
class LuckRoll(ChanceStep):
    """etherfields "Luck Die — Boosting Your Intent": the die adds Intent of the colour
    paid; a skull fails the action; nothing may be paid after the roll."""

    kind = "luck"
    rule = "boost"
    decision_kind = "roll"
    prompt = "Roll the Luck die"
    seat: int

    def outcomes(self, s: EtherfieldsState) -> list[tuple[Action, float]]:
        faces = s.catalog.get("die", "luck").faces
        return [(Action(f"luck:{f}"), faces.count(f) / 6) for f in dict.fromkeys(faces)]

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        face = action.id.split(":", 1)[1]
        flow.pop()
        flow.emit("luck", "The Luck die shows {face}", seat=self.seat, face=face)
        window(s, flow, "luck", face, str(self.seat))


def resolve_luck(s: EtherfieldsState, flow: Flow, seat: int, face: str) -> None:
    """The Luck die's last result applies to the payment below it ("Rerolls")."""
    from .actions import finish_payment

    pay: Any = flow.items[-1]
    flow.pop()
    if face == "skull":
        flow.emit("failed", "Skull: the action fails and the cards paid stay discarded", "boost")
        flow.push(SkullPenalty(seat))
        return
    bonus = 0 if face == "blank" else int(face)
    finish_payment(s, flow, pay, pay.paid + bonus)


@KINDS.step
@dataclass(frozen=True, slots=True)
class SkullPenalty(DecisionStep):
    """etherfields "Luck Die — Boosting Your Intent": on a skull, discard 1 Ether or
    suffer 1 Distress or Seal 3 cards."""

    kind = "skull_penalty"
    rule = "boost"
    prompt = "Skull! Discard 1 Ether, suffer 1 Distress or Seal 3 cards"
    seat: int

    def legal(self, s: EtherfieldsState) -> list[Action]:
        out = [
            Action("penalty:distress", "Suffer 1 Distress"),
            Action("penalty:seal", f"Seal {SKULL_SEAL} cards"),
        ]
        if s.ether[self.seat]:
            out.insert(0, Action("penalty:ether", "Discard 1 Ether"))
        return out

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        flow.pop()
        choice = action.id.split(":", 1)[1]
        if choice == "ether":
            s.ether[self.seat] -= 1
            s.table.give("ether", 1)
            flow.emit("ether_lost", "Dreamer {seat} discards 1 Ether", seat=self.seat)
        elif choice == "distress":
            suffer(s, flow, self.seat, 1, "boost")
        else:
            flow.push(SealOne(self.seat, SKULL_SEAL))
