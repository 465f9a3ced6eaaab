"""The Classic Card Rules variant (etherfields "Variants", Classic Card Rules; game option
``classic_cards``).

"Once per Dream, the Team may use a classic deck of poker cards to influence one of their
chosen effects related to Morphings, Distress, Shining Gems, Hours or Sealed Cards.
Shuffle and draw 3 cards at random – these are the Luck cards. With these decide whether
you want to back out or try your Luck. If you do, draw 3 more cards at random – these are
the Drawback cards. If the sum of the Luck cards is higher than the sum of the Drawback
cards resolve the positive effects, otherwise resolve the negative one instead" ("A Jack
counts as 11, a Queen as 12, a King as 13, an Ace as 14, and a Joker as 15").

In play: ``use:classic`` in the Card and Action step (any Dreamer, for the team; once per
Dream, used once the Luck cards are drawn, backing out included), the effect
``classic:<effect>``, three chance draws ``poker:<rank>`` from a 54-card deck (4 of each
rank, 2 Jokers; cards drawn are not put back), ``resolve`` (try your Luck) or ``give-up``
(back out), three more draws, then the effect of the table; a tie is negative ("higher").
Choices an effect asks for ("any 1 Dreamer", "an Entity", the Gems' distribution) are the
acting Dreamer's, as for any effect.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ....core import Action
from ....core.effects import Ctx
from ....core.flow import ChanceStep, DecisionStep, Flow
from ..kinds import KINDS, RUNTIME
from ..names import names_of

if TYPE_CHECKING:
    from ..state import EtherfieldsState

USED = "classic"
"""What ``state.used`` records once the variant has been used in this Dream."""

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k", "a", "joker")
VALUE = {**{r: int(r) for r in RANKS[:9]}, "j": 11, "q": 12, "k": 13, "a": 14, "joker": 15}
COPIES = {**{r: 4 for r in RANKS[:-1]}, "joker": 2}
"""A classic deck of poker cards: 4 of each rank and 2 Jokers (54 cards)."""
DRAWN = 3
"""Luck cards, then Drawback cards: 3 each."""

EFFECTS = {
    # effect: (positive, negative), in the effect language (None: written below)
    "morphings": (None, None),
    "gems": (None, None),
    "hours": ("hours(2)", None),
    "distress": ("cure(2, who=choose_dreamer)", "distress(1, who=choose_dreamer)"),
    "sealing": ("unseal(5, who=each)", "seal(5, who=each)"),
}
TEXTS = {
    "morphings": ("Discard all Morphings on an Entity", "Add 2 Morphings on an Entity"),
    "gems": ("Gain all available Shining Gems", "Dreamers discard all Shining Gems"),
    "hours": ("Add 2 Hours", "Lose all Hours"),
    "distress": ("Any 1 Dreamer cures 2 Distress", "Any 1 Dreamer suffers 1 Distress"),
    "sealing": ("Each Dreamer Unseals 5 cards", "Each Dreamer Seals 5 cards"),
}
"""The variant's table: each effect's positive and negative result."""


def offered(s: EtherfieldsState) -> bool:
    return bool(s.game.options.get("classic_cards")) and USED not in s.used


def actions(s: EtherfieldsState) -> list[Action]:
    """``use:classic`` while the variant is on and not used in this Dream."""
    if not offered(s):
        return []
    return [Action("use:classic", "Classic Card Rules: try your Luck with poker cards")]


def begin(s: EtherfieldsState, flow: Flow, seat: int) -> None:
    flow.emit("classic", "Dreamer {seat} turns to the poker cards", "classic", seat=seat)
    flow.push(ClassicChoose(seat))


@KINDS.step
@dataclass(frozen=True, slots=True)
class ClassicChoose(DecisionStep):
    """etherfields "Variants" (Classic Card Rules): the effect to influence."""

    kind = "classic_choose"
    rule = "classic"
    prompt = "Classic Card Rules: which effect do you influence?"
    seat: int

    def legal(self, s: EtherfieldsState) -> list[Action]:
        out = []
        for effect, (good, bad) in TEXTS.items():
            if effect == "morphings" and not s.minis:
                continue  # "on an Entity": none is on the map
            out.append(Action(f"classic:{effect}", f"{good} / {bad}"))
        return out

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        effect = action.id.split(":", 1)[1]
        s.used = [*s.used, USED]  # "Once per Dream"
        flow.emit(
            "classic_effect",
            "Classic Card Rules on {effect}: {good}, or else {bad}",
            "classic",
            effect=effect,
            good=TEXTS[effect][0],
            bad=TEXTS[effect][1],
        )
        flow.replace(ClassicDraw(self.seat, effect, (), ()))


@KINDS.step
@dataclass(frozen=True, slots=True)
class ClassicDraw(ChanceStep):
    """etherfields "Variants" (Classic Card Rules): a poker card drawn at random, first the
    3 Luck cards, then (if the team tries) the 3 Drawback cards."""

    kind = "classic_draw"
    rule = "classic"
    decision_kind = "draw"
    prompt = "Draw a poker card"
    seat: int
    effect: str
    luck: tuple[str, ...]
    drawback: tuple[str, ...]

    def outcomes(self, s: EtherfieldsState) -> list[tuple[Action, float]]:
        gone = [*self.luck, *self.drawback]
        left = {r: COPIES[r] - gone.count(r) for r in RANKS}
        total = sum(left.values())
        out = []
        for r, n in left.items():
            if n:
                name, value = rank_name(r), VALUE[r]
                out.append((Action(f"poker:{r}", f"{name} ({value})"), n / total))
        return out

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        rank = action.id.split(":", 1)[1]
        luck_stage = len(self.luck) < DRAWN
        luck = (*self.luck, rank) if luck_stage else self.luck
        drawback = self.drawback if luck_stage else (*self.drawback, rank)
        flow.emit(
            "poker_card",
            "{pile} card: {rank} ({value})",
            "classic",
            pile="Luck" if luck_stage else "Drawback",
            rank=rank_name(rank),
            value=VALUE[rank],
        )
        if (luck_stage and len(luck) < DRAWN) or (not luck_stage and len(drawback) < DRAWN):
            flow.replace(ClassicDraw(self.seat, self.effect, luck, drawback))
        elif luck_stage:
            flow.replace(ClassicTry(self.seat, self.effect, luck))
        else:
            flow.pop()
            settle(s, flow, self.seat, self.effect, luck, drawback)


@KINDS.step
@dataclass(frozen=True, slots=True)
class ClassicTry(DecisionStep):
    """etherfields "Variants" (Classic Card Rules): "decide whether you want to back out or
    try your Luck"."""

    kind = "classic_try"
    rule = "classic"
    prompt = "Try your Luck or back out?"
    seat: int
    effect: str
    luck: tuple[str, ...]

    def prompt_text(self, s: EtherfieldsState) -> str:
        return f"Luck cards sum {total(self.luck)}: try your Luck or back out?"

    def legal(self, s: EtherfieldsState) -> list[Action]:
        return [
            Action("resolve", "Try your Luck: draw 3 Drawback cards"),
            Action("give-up", "Back out"),
        ]

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        if action.id == "give-up":
            flow.pop()
            flow.emit("classic_back_out", "The team backs out", "classic")
            return
        flow.replace(ClassicDraw(self.seat, self.effect, self.luck, ()))


def rank_name(rank: str) -> str:
    return {"j": "Jack", "q": "Queen", "k": "King", "a": "Ace", "joker": "Joker"}.get(rank, rank)


def total(cards: tuple[str, ...]) -> int:
    return sum(VALUE[r] for r in cards)


def settle(
    s: EtherfieldsState,
    flow: Flow,
    seat: int,
    effect: str,
    luck: tuple[str, ...],
    drawback: tuple[str, ...],
) -> None:
    """ "If the sum of the Luck cards is higher than the sum of the Drawback cards resolve
    the positive effects, otherwise resolve the negative one instead"."""
    good = total(luck) > total(drawback)
    flow.emit(
        "classic_result",
        "Luck {luck} against Drawback {drawback}: {result}",
        "classic",
        luck=total(luck),
        drawback=total(drawback),
        positive=good,
        result=TEXTS[effect][0 if good else 1],
    )
    text = EFFECTS[effect][0 if good else 1]
    ctx = Ctx(seat=seat, source="classic")
    if text is not None:
        flow.push(*RUNTIME.steps(RUNTIME.language.parse(text), ctx))
    elif effect == "hours":  # "Lose all Hours"
        flow.push(*RUNTIME.steps(RUNTIME.language.parse(f"hours({-s.hours})"), ctx))
    elif effect == "gems":
        if good:  # "Gain all available Shining Gems (distribute between Dreamers)"
            n = s.table.amount("gems")
            text = f"repeat({n}, [gain('gems', 1, who=choose_dreamer)])" if n else "done"
        else:  # "Dreamers discard ALL Shining Gems"
            text = f"lose('gems', {max(s.gems, default=0)}, who=each)"
        flow.push(*RUNTIME.steps(RUNTIME.language.parse(text), ctx))
    else:
        entities = list(dict.fromkeys(m[1] for m in s.minis))
        if len(entities) == 1:
            morph_entity(s, flow, entities[0], good)
        elif entities:
            flow.push(ClassicEntity(seat, good))


@KINDS.step
@dataclass(frozen=True, slots=True)
class ClassicEntity(DecisionStep):
    """etherfields "Variants" (Classic Card Rules): the Entity whose Morphings change."""

    kind = "classic_entity"
    rule = "classic"
    prompt = "Choose the Entity"
    seat: int
    positive: bool

    def legal(self, s: EtherfieldsState) -> list[Action]:
        first: dict[str, str] = {}
        for m in s.minis:
            first.setdefault(m[1], m[0])
        names = names_of(s)
        return [Action(f"target:entity:{mini}", names.one(e)) for e, mini in first.items()]

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        flow.pop()
        mini = s.mini(action.id.split(":", 2)[2])
        if mini is not None:
            morph_entity(s, flow, mini[1], self.positive)


def morph_entity(s: EtherfieldsState, flow: Flow, entity: str, positive: bool) -> None:
    """All Morphings of the Entity back to the pool, or 2 more ("Morphings")."""
    if not positive:
        ctx = Ctx(seat=s.first, source=f"entity:{entity}")
        flow.push(*RUNTIME.steps(RUNTIME.language.parse("morph(2)"), ctx))
        return
    from .masks import limits_now

    for token in reversed(s.morphs.get(entity, [])):
        s.table.move(
            token,
            "morph_pool",
            flow=flow,
            kind="unmorphed",
            fmt="A Morphing “{face}” leaves {target}",
            rule="classic",
            target=entity,
        )
    s.morphs = {**s.morphs, entity: []}
    limits_now(s, flow)


__all__ = ["EFFECTS", "TEXTS", "actions", "begin", "settle"]
