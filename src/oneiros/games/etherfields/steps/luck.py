"""The Luck die and rerolls (etherfields "Luck Die", "Luck Die — Boosting Your Intent",
"Rerolls", "Basic Actions Card" (Use a Shining Gem), "Morphings")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ....core import Action
from ....core.effects import Ctx, render
from ....core.flow import ANY, AutoStep, ChanceStep, DecisionStep, Flow, GroupStep, evolve
from ..kinds import KINDS, RUNTIME
from ..names import chance_label, names_of
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
    from .progress import forbidden

    if any(s.table.face(t) in FORBID for t in s.table.ids("morph_on")):
        return ()
    return tuple(
        seat
        for seat in range(s.game.players)
        if s.gems[seat] > 0
        and not forbidden(s, seat, "reroll")
        and not forbidden(s, seat, "gem_reroll")
    )


def own_roll(die: str, owner: str, seat: int) -> bool:
    """The roll is this Dreamer's own (a boost or an effect they resolve), not an Entity's."""
    return die != "movement" and owner == str(seat)


def card_rerollers(s: EtherfieldsState, die: str, owner: str) -> tuple[int, ...]:
    """Dreamers who may hold a Rapid card that rerolls ("Influence Cards", "Rerolls"), by
    what every seat sees (``influence.may_hold``: the window never tells a hand); none
    under the Morphing that forbids every reroll ("Morphings")."""
    from .influence import may_hold
    from .progress import forbidden

    if any(s.table.face(t) == "no_reroll" for t in s.table.ids("morph_on")):
        return ()
    return tuple(
        seat
        for seat in range(s.game.players)
        if may_hold(s, seat, "reroll") and not forbidden(s, seat, "reroll")
    )


def back_rerollers(s: EtherfieldsState, die: str, owner: str) -> tuple[int, ...]:
    """Dreamers whose back-of-card action on top of their deck rerolls this roll ("Influence
    Cards", ``back.py``); none under the Morphing that forbids every reroll."""
    from .back import rerolls_own

    if any(s.table.face(t) == "no_reroll" for t in s.table.ids("morph_on")):
        return ()
    return tuple(
        seat for seat in range(s.game.players) if rerolls_own(s, seat, own_roll(die, owner, seat))
    )


def window(s: EtherfieldsState, flow: Flow, die: str, face: str, owner: str) -> None:
    """After a roll: a reroll window opens only when some Dreamer may reroll (design §6,
    reading 2); otherwise the result applies at once."""
    seats = tuple(
        sorted(
            set(gem_rerollers(s))
            | set(card_rerollers(s, die, owner))
            | set(back_rerollers(s, die, owner))
        )
    )
    if seats:
        flow.push(RerollWindow(die, face, owner, seats=seats))
    else:
        resolve(s, flow, die, face, owner)


def resolve(s: EtherfieldsState, flow: Flow, die: str, face: str, owner: str) -> None:
    if die == "luck":
        resolve_luck(s, flow, int(owner), face)
    elif die == "luck_op":
        resolve_luck_op(s, flow, face)
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

    def prompt_text(self, s: EtherfieldsState) -> str:
        die = "movement" if self.die == "movement" else "Luck"
        face = names_of(s).face(self.face)
        return f"The {die} die shows {face}: reroll with a Shining Gem?"

    def legal(self, s: EtherfieldsState, seat: int) -> list[Action]:
        from .influence import reroll_cards

        out = []
        if seat in gem_rerollers(s):
            out.append(Action("reroll:gem", "Discard a Shining Gem: reroll"))
        if seat in card_rerollers(s, self.die, self.owner):
            for card in reroll_cards(s, seat, own_roll(self.die, self.owner, seat)):
                name = names_of(s).piece(s.table.face(card))
                out.append(Action(f"play:{card}", f"Play {name}: reroll"))
        if seat in back_rerollers(s, self.die, self.owner):
            out.append(Action("use:back", "Back of your deck: Seal the top card to reroll"))
        return [*out, Action("done", "Keep the result")]

    def apply(self, s: EtherfieldsState, flow: Flow, seat: int, action: Action) -> None:
        if action.id == "done":
            flow.replace_top(evolve(self, seats=tuple(x for x in self.seats if x != seat)))
            return
        if action.id == "use:back":  # "Influence Cards": the back of the deck's top card
            from .back import use

            flow.pop()
            use(s, flow, seat, (self.die, self.owner))
            return
        if action.id.startswith("play:"):
            from .influence import card_ability, leave_hand

            card = action.id.split(":", 1)[1]
            ability = card_ability(s, card)
            assert ability is not None
            if not leave_hand(s, flow, seat, card, ability):
                return
            flow.pop()  # the card's effect (``reroll``) rolls again: ops_extra.py
            ctx = Ctx(seat=seat, source=f"card:{card}:{ability.id}")
            roll = ("roll", (self.die, self.owner))
            flow.push(*RUNTIME.steps(ability.effects, ctx.bind(extra=(roll,))))
            return
        else:
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
        name, prefix = ("luck", "luck") if self.die != "movement" else ("movement", "mdie")
        faces = s.catalog.get("die", name).faces
        return [
            (Action(f"{prefix}:{f}", chance_label(s, prefix, f)), faces.count(f) / 6)
            for f in dict.fromkeys(faces)
        ]

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
        return [
            (Action(f"luck:{f}", chance_label(s, "luck", f)), faces.count(f) / 6)
            for f in dict.fromkeys(faces)
        ]

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
    if bonus and pay.mode == "move" and s.game.options.get("luck_move") == "plus_one":
        bonus = 1  # design §6, reading 3, option luck_move=plus_one: a success adds 1 space
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


LUCK_ARGS = {"skull": "skull", "blank": "blank", "1": "one", "2": "two", "3": "three"}
"""The Luck die's faces and the ``roll_luck`` arguments that say what each does."""


@KINDS.step
@dataclass(frozen=True, slots=True)
class LuckEffect(AutoStep):
    """What a ``roll_luck`` effect does on each face (the effects in the authoring form,
    "" for "nothing happens", etherfields "Luck Die"); it waits under the roll and its
    reroll window, and the last result picks the effect ("Rerolls")."""

    kind = "luck_effect"
    rule = "luck"
    seat: int
    source: str
    x: int
    faces: tuple[str, ...]

    def run(self, s: EtherfieldsState, flow: Flow) -> None:
        flow.pop()  # reached only if the roll never resolved


@KINDS.step
@dataclass(frozen=True, slots=True)
class LuckOpRoll(ChanceStep):
    """etherfields "Luck Die": "Many cards and effects require the use of the Luck die to
    determine a random outcome. ... If a result of a roll isn't stated, it means that
    nothing happens.\""""

    kind = "luck_op"
    rule = "luck"
    decision_kind = "roll"
    prompt = "Roll the Luck die"
    seat: int

    def outcomes(self, s: EtherfieldsState) -> list[tuple[Action, float]]:
        faces = s.catalog.get("die", "luck").faces
        return [
            (Action(f"luck:{f}", chance_label(s, "luck", f)), faces.count(f) / 6)
            for f in dict.fromkeys(faces)
        ]

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        face = action.id.split(":", 1)[1]
        flow.pop()
        flow.emit("luck", "The Luck die shows {face}", "luck", seat=self.seat, face=face)
        window(s, flow, "luck_op", face, str(self.seat))


def roll_luck(s: EtherfieldsState, flow: Flow, args: Any, ctx: Ctx) -> None:
    """The ``roll_luck`` op: the effect of each face waits under the roll."""
    faces = tuple(
        "" if getattr(args, name) is None else render(getattr(args, name))
        for name in LUCK_ARGS.values()
    )
    seat = ctx.seat if ctx.seat is not None else s.first
    flow.push(LuckEffect(seat, ctx.source or "", ctx.x, faces), LuckOpRoll(seat))


def resolve_luck_op(s: EtherfieldsState, flow: Flow, face: str) -> None:
    from ..kinds import RUNTIME

    waiting: Any = flow.items[-1]
    assert isinstance(waiting, LuckEffect)
    flow.pop()
    names = list(LUCK_ARGS)
    text = waiting.faces[names.index(face)] if face in names else ""
    if not text:
        flow.emit("luck_nothing", "Nothing happens on {face}", "luck", face=face)
        return
    node = RUNTIME.language.parse(text)
    ctx = Ctx(seat=waiting.seat, source=waiting.source or None, x=waiting.x)
    flow.push(*RUNTIME.steps(node, ctx))
