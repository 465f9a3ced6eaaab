"""Drawing, reshuffling and sealing Influence cards (etherfields "1) Draw Step",
"Reshuffle!", "Hand Size Limit", "Sealing and Unsealing Cards"); Turn cards and Morphing
tokens drawn at random ("Counting Turns", "Morphings")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ....core import Action
from ....core.flow import ANY, AutoStep, ChanceStep, DecisionStep, Flow, GroupStep, evolve
from ..kinds import KINDS
from ..names import chance_label, discards
from ..params import DRAW, RESHUFFLE_SEAL
from ..rules import check_cards, suffer

if TYPE_CHECKING:
    from ..state import EtherfieldsState


def _draws(
    s: EtherfieldsState, zone: str, owner: int | None, prefix: str, template: str = ""
) -> list[tuple[Action, float]]:
    return [
        (Action(f"{prefix}:{face}", chance_label(s, prefix, face, template)), p)
        for face, p in s.table.outcomes(zone, owner)
    ]


def _spread(
    s: EtherfieldsState, cards: list[str], prefix: str, template: str = ""
) -> list[tuple[Action, float]]:
    """A draw among ``cards``: each face with its share."""
    faces = [s.table.face(c) for c in cards]
    return [
        (Action(f"{prefix}:{f}", chance_label(s, prefix, f, template)), faces.count(f) / len(faces))
        for f in dict.fromkeys(faces)
    ]


@KINDS.step
class PreDraw(GroupStep):
    """etherfields "1) Draw Step": "Before you draw you may discard any number of cards
    from your hand." Every Dreamer discards or says ``done``, in any order."""

    kind = "discard_before_draw"
    rule = "draw"
    prompt = "Discard cards before drawing, or done"
    policy = ANY

    def legal(self, s: EtherfieldsState, seat: int) -> list[Action]:
        out = discards(s, seat)
        out.append(Action("done", "Draw now"))
        return out

    def apply(self, s: EtherfieldsState, flow: Flow, seat: int, action: Action) -> None:
        if action.id == "done":
            flow.replace_top(evolve(self, seats=tuple(x for x in self.seats if x != seat)))
            return
        card = action.id.split(":", 1)[1]
        s.table.move(
            card, "discard", seat, flow=flow, fmt="Dreamer {seat} discards {face}", seat=seat
        )


@KINDS.step
@dataclass(frozen=True, slots=True)
class DrawFor(AutoStep):
    """etherfields "1) Draw Step", "Hand Size Limit", "Other Dreamscape Icons": draw 4 plus
    the space's Drawing Bonus, never above the hand limit."""

    kind = "draw_for"
    rule = "draw"
    seat: int

    def run(self, s: EtherfieldsState, flow: Flow) -> None:
        from .progress import modifier

        want = DRAW + s.draw_bonus(self.seat) + modifier(s, self.seat, "draw_bonus")
        room = s.hand_limit(self.seat) - s.table.count("hand", self.seat)
        n = max(0, min(want, room))
        flow.emit("draw_step", "Dreamer {seat} draws {n}", seat=self.seat, n=n)
        if n:
            flow.replace(DrawOne(self.seat, n, True))


@KINDS.step
@dataclass(frozen=True, slots=True)
class DrawOne(ChanceStep):
    """Draw one card (chance among the deck's cards). An empty deck forms a new one from
    the discard pile and, when ``penalty``, asks for the Reshuffle! penalty first; an
    empty discard pile stops the draw (etherfields design §6, reading 6)."""

    kind = "draw"
    rule = "draw"
    decision_kind = "draw"
    prompt = "Draw a card for Dreamer {seat}"
    seat: int
    left: int
    penalty: bool = True

    def done(self, s: EtherfieldsState) -> bool:
        return self.left <= 0

    def settle(self, s: EtherfieldsState, flow: Flow) -> bool:
        t = s.table
        if t.count("deck", self.seat):
            return False
        if not t.count("discard", self.seat):
            flow.emit(
                "draw_stopped",
                "Dreamer {seat} has no cards left to draw",
                "reshuffle",
                seat=self.seat,
            )
            flow.pop()
            return True
        reshuffle(s, flow, self.seat)
        if self.penalty:
            flow.push(Penalty(self.seat))
        return True

    def outcomes(self, s: EtherfieldsState) -> list[tuple[Action, float]]:
        from .back import unknown_part, within
        from .flaws import known_top

        top = known_top(s, self.seat)  # a Flaw a Seal put back on top ("Flaw Cards")
        if top is not None:
            face = s.table.face(top)
            return [(Action(f"draw:{face}", chance_label(s, "draw", face)), 1.0)]
        cards = unknown_part(s, self.seat)
        told = within(s, self.seat, cards)  # the back on top ("Influence Cards")
        if told is cards:
            return _draws(s, "deck", self.seat, "draw")
        return _spread(s, told, "draw")

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        from .flaws import drawn, is_flaw

        face = action.id.split(":", 1)[1]
        card = s.table.find("deck", face, self.seat)
        assert card is not None
        if is_flaw(s, face):  # "Flaw Cards": resolved at once (option flaw_draw)
            replaced = s.game.options.get("flaw_draw") == "replaced"
            if self.left > 1 or replaced:
                flow.replace_top(evolve(self, left=self.left - (0 if replaced else 1)))
            else:
                flow.pop()
            drawn(s, flow, self.seat, card)
            return
        s.table.move(
            card,
            "hand",
            self.seat,
            flow=flow,
            kind="drew",
            fmt="Dreamer {seat} draws {face}",
            public="Dreamer {seat} draws a card",
            seat=self.seat,
        )
        if self.left > 1:
            flow.replace_top(evolve(self, left=self.left - 1))
        else:
            flow.pop()


def reshuffle(s: EtherfieldsState, flow: Flow, seat: int) -> None:
    """etherfields "Reshuffle!": the discard pile becomes the new deck."""
    from .flaws import forget_tops

    t = s.table
    for card in list(t.ids("discard", seat)):
        t.move(card, "deck", seat)
    forget_tops(s, seat)
    s.tally["reshuffles"] += 1
    flow.emit(
        "reshuffled",
        "Dreamer {seat} reshuffles the discard pile into a new deck",
        "reshuffle",
        seat=seat,
    )


@KINDS.step
@dataclass(frozen=True, slots=True)
class Penalty(DecisionStep):
    """etherfields "Reshuffle!": suffer 1 Distress OR Seal 3 cards (from the new deck)."""

    kind = "reshuffle_penalty"
    rule = "reshuffle"
    prompt = "Reshuffle! Suffer 1 Distress or Seal 3 cards"
    seat: int

    def legal(self, s: EtherfieldsState) -> list[Action]:
        return [
            Action("penalty:distress", "Suffer 1 Distress"),
            Action("penalty:seal", f"Seal {RESHUFFLE_SEAL} cards"),
        ]

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        flow.pop()
        if action.id == "penalty:distress":
            suffer(s, flow, self.seat, 1, "reshuffle")
        else:
            flow.push(SealOne(self.seat, RESHUFFLE_SEAL))


@KINDS.step
@dataclass(frozen=True, slots=True)
class SealOne(ChanceStep):
    """etherfields "Sealing and Unsealing Cards": the top card of the deck (chance) goes
    to the Sealed pile; an empty deck seals nothing and forces no reshuffle."""

    kind = "seal"
    rule = "sealing"
    decision_kind = "draw"
    prompt = "Seal a card of Dreamer {seat}"
    seat: int
    left: int

    def done(self, s: EtherfieldsState) -> bool:
        from .flaws import sealable

        return self.left <= 0 or not sealable(s, self.seat)

    def outcomes(self, s: EtherfieldsState) -> list[tuple[Action, float]]:
        from .back import within
        from .flaws import sealable

        # the top card: one of the back on top ("Influence Cards")
        return _spread(s, within(s, self.seat, sealable(s, self.seat)), "draw", "seal")

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        from .back import within
        from .flaws import is_flaw, sealable, set_aside

        face = action.id.split(":", 1)[1]
        cards = within(s, self.seat, sealable(s, self.seat))
        card = next((c for c in cards if s.table.face(c) == face), None)
        assert card is not None
        if is_flaw(s, face):  # "Only Influence cards can be Sealed": skipped, back on top
            set_aside(s, flow, self.seat, card)
            return
        s.table.move(
            card,
            "sealed",
            self.seat,
            flow=flow,
            kind="sealed",
            fmt="Dreamer {seat} seals {face}",
            seat=self.seat,
        )
        s.tally["sealed"] += 1
        if not check_cards(s, flow):
            return
        flow.replace_top(evolve(self, left=self.left - 1))


def unseal(s: EtherfieldsState, flow: Flow, seat: int, n: int) -> None:
    """etherfields "Sealing and Unsealing Cards": the most recently sealed go to the
    discard pile."""
    for _ in range(max(0, n)):
        card = s.table.top("sealed", seat)
        if card is None:
            return
        s.table.move(
            card,
            "discard",
            seat,
            flow=flow,
            kind="unsealed",
            fmt="Dreamer {seat} unseals {face}",
            rule="sealing",
            seat=seat,
        )


def unknown_turns(s: EtherfieldsState) -> int:
    """Turn cards of the deck nobody has seen yet ("Counting Turns"): the deck is
    ``turns_left`` cards, the known ones lie at its bottom in ``turn_deck`` (all of them with
    ``turn_deck_visible=all``), the unknown ones are among the undrawn cards of ``turns``."""
    return s.turns_left - s.table.count("turn_deck")


def turns_visible(s: EtherfieldsState) -> bool:
    return bool(s.game.options.get("turn_deck_visible") == "all")


@KINDS.step
class DrawTurn(ChanceStep):
    """etherfields "Counting Turns": the next Turn card is revealed: chance among the
    unseen cards while the top of the Turn deck is unknown, else the known card on top (a
    card added from the Turn discard pile, "Other Turn Card Rules", or every card with
    ``turn_deck_visible=all``)."""

    kind = "turn_card"
    rule = "counting"
    decision_kind = "draw"
    prompt = "Reveal the next Turn card"

    def outcomes(self, s: EtherfieldsState) -> list[tuple[Action, float]]:
        if unknown_turns(s) > 0 or not s.table.count("turn_deck"):
            return _draws(s, "turns", None, "turn")
        top = s.table.top("turn_deck")
        assert top is not None
        face = s.table.face(top)
        return [(Action(f"turn:{face}", chance_label(s, "turn", face)), 1.0)]

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        face = action.id.split(":", 1)[1]
        zone = "turns" if unknown_turns(s) > 0 or not s.table.count("turn_deck") else "turn_deck"
        card = s.table.find(zone, face)
        assert card is not None
        s.turns_left -= 1
        s.table.move(
            card,
            "turn_current",
            flow=flow,
            kind="turn_revealed",
            fmt="Turn card {face} is revealed",
            suit=s.turn_record(face).suit,
        )
        flow.pop()


@KINDS.step
@dataclass(frozen=True, slots=True)
class DealTurns(ChanceStep):
    """etherfields "Dream Gate Tiles" (Turn Deck), "Counting Turns", with
    ``turn_deck_visible=all`` (design §6, reading 5): the Dream's Turn cards are drawn at
    random and laid face up in order, so every later card is known."""

    kind = "deal_turns"
    rule = "counting"
    decision_kind = "draw"
    prompt = "Deal the Turn deck ({left} to go)"
    left: int

    def done(self, s: EtherfieldsState) -> bool:
        return self.left <= 0 or not s.table.count("turns")

    def outcomes(self, s: EtherfieldsState) -> list[tuple[Action, float]]:
        return _draws(s, "turns", None, "turn")

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        card = s.table.find("turns", action.id.split(":", 1)[1])
        assert card is not None
        s.table.move(
            card,
            "turn_deck",
            bottom=True,
            flow=flow,
            kind="turn_dealt",
            fmt="Turn card {face} goes to the Turn deck",
        )
        flow.replace_top(evolve(self, left=self.left - 1))


@KINDS.step
class TurnUnder(ChanceStep):
    """etherfields "Other Turn Card Rules" (Add 1 Turn) with ``turn_deck_visible=all``:
    the bottom of the Turn discard pile is one of the face-down cards (chance); it goes
    face up under the Turn deck."""

    kind = "turn_under"
    rule = "other_turn"
    decision_kind = "draw"
    prompt = "Add a face-down Turn card under the Turn deck"

    def outcomes(self, s: EtherfieldsState) -> list[tuple[Action, float]]:
        return _draws(s, "turns", None, "turn")

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        card = s.table.find("turns", action.id.split(":", 1)[1])
        assert card is not None
        s.table.move(
            card,
            "turn_deck",
            bottom=True,
            flow=flow,
            kind="turn_added",
            fmt="Turn card {face} goes under the Turn deck",
        )
        s.turns_left += 1
        flow.pop()


@KINDS.step
@dataclass(frozen=True, slots=True)
class MorphDraw(ChanceStep):
    """etherfields "Morphings": Morphing tokens are drawn at random from the pool; an
    empty pool places nothing ("Component Limitations")."""

    kind = "morph"
    rule = "morphings"
    decision_kind = "draw"
    prompt = "Draw a Morphing token for {entity}"
    entity: str
    left: int

    def done(self, s: EtherfieldsState) -> bool:
        return self.left <= 0 or not s.table.count("morph_pool")

    def outcomes(self, s: EtherfieldsState) -> list[tuple[Action, float]]:
        return _draws(s, "morph_pool", None, "morph")

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        face = action.id.split(":", 1)[1]
        token = s.table.find("morph_pool", face)
        assert token is not None
        s.table.move(
            token,
            "morph_on",
            flow=flow,
            kind="morphed",
            fmt="The Morphing “{face}” goes to {target}",
            target=self.entity,
        )
        s.morphs.setdefault(self.entity, []).append(token)
        flow.replace_top(evolve(self, left=self.left - 1))
        if face in ("no_masks", "no_progress"):
            from .masks import limits_now

            limits_now(s, flow)  # "All effects are applied immediately" ("Morphings")
