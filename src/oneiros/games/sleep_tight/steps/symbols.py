"""sleep-tight "Card Symbols" and "Card Examples": what an Action card does when it resolves,
one effect at a time (draw, shuffle back, take fragments from the pile or a player, damage,
take a random card, look at a hand and take a card, discard Sandman cards; the exposed agent
damages a player instead of the Sandman). The passive effects (prevent damage, shield,
untouchable, dodge, discard a type of action) act at the reveal (``reveal.py``) and on the
Sandman's damage (``sandman.py``)."""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import TYPE_CHECKING

from ....core import Action
from ....core.flow import AutoStep, ChanceStep, DecisionStep, Flow, evolve
from .. import refs as R
from ..content import Effect as CardEffect
from .base import KINDS
from .draw import Draw
from .sandman import SandmanDeckDraw, take_sandman
from .specials import where_is_sandman

if TYPE_CHECKING:
    from ..state import SleepTightState


def targets(s: SleepTightState, seat: int, eff: CardEffect, chosen: int | None) -> list[int] | None:
    """Seats an effect affects; None when a choice is still needed."""
    if eff.target == "self":
        return [seat]
    if eff.target == "left":
        t = s._left(seat)
        return [t] if t is not None else []
    if eff.target == "right":
        t = s._right(seat)
        return [t] if t is not None else []
    if eff.target == "others":
        return s._others(seat)
    if chosen is not None:
        return [chosen]
    others = s._others(seat)
    if len(others) <= 1:
        return others
    return None


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class Effect(AutoStep):
    """Effect ``i`` of ``card``, played by ``seat``; ``target`` and ``source`` hold the
    choices made for it (a seat, ``"pile"``), ``asked`` that Where Is The Sandman's question
    was put."""

    kind = "effect"
    rule = "symbols"
    seat: int
    card: str
    i: int
    target: int | None = None
    source: str | None = None
    asked: bool = False

    def run(self, s: SleepTightState, flow: Flow) -> None:
        seat = self.seat
        if not s.seats[seat].alive:
            return
        eff = s.cards[self.card].effects[self.i]
        kind = eff.kind
        if kind == "draw":
            flow.replace(Draw(seat, eff.amount, "effect"))
        elif kind == "return_cards":
            n = min(eff.amount, len([c for c in s.seats[seat].hand if c != s.iam]))
            if n > 0:
                flow.replace(Return(seat, n))
        elif kind == "gain":
            self._gain(s, flow, eff)
        elif kind in ("damage", "steal_random", "look_take") or (
            kind == "discard_sandman" and s.seats[seat].role == "exposed"
        ):
            self._against_players(s, flow, eff)
        elif kind == "discard_sandman":
            flow.replace(SDiscard(seat, eff.amount))
        elif kind == "where_is_sandman":
            where_is_sandman(s, flow, self)
        # prevent_*, shield, untouchable, dodge and discard_type work passively.

    def _gain(self, s: SleepTightState, flow: Flow, eff: CardEffect) -> None:
        seat = self.seat
        if eff.from_player and self.source is None:
            others = [x for x in s._others(seat) if s.seats[x].fragments > 0]
            if others:
                flow.push(Source(seat, tuple(others), eff.amount))
                return
        source = self.source
        if source is None or source == "pile":
            got = s._gain(seat, eff.amount)
            s.emit(
                "gained",
                "Seat {seat} takes {got} Soul Fragment(s) from the pile",
                R.SYMBOLS,
                seat=seat,
                got=got,
            )
            return
        victim = int(source)
        if s._protected(seat, victim):
            return
        lost = s._lose(victim, eff.amount, seat, "steal")
        s.seats[seat].fragments += lost
        s.pile -= lost
        s.emit(
            "stole_fragments",
            "Seat {seat} takes {n} Soul Fragment(s) from seat {victim}",
            R.SYMBOLS,
            seat=seat,
            victim=victim,
            n=lost,
        )

    def _against_players(self, s: SleepTightState, flow: Flow, eff: CardEffect) -> None:
        seat = self.seat
        kind = eff.kind
        if kind == "discard_sandman":
            # The exposed agent damages a player of their choice instead.
            others = s._others(seat)
            chosen = [self.target] if self.target is not None else None
            if chosen is None and len(others) > 1:
                flow.push(Target(seat, tuple(others)))
                return
            for t in chosen if chosen is not None else others:
                if s._protected(seat, t):
                    continue
                s.emit(
                    "redirect",
                    "The exposed agent damages seat {target} instead of the Sandman",
                    R.EXPOSED,
                    target=t,
                )
                s._player_damage(seat, t, eff.amount, "damage", R.EXPOSED)
            return
        found = targets(s, seat, eff, self.target)
        if found is None:
            flow.push(Target(seat, tuple(s._others(seat))))
            return
        found = [t for t in found if not s._protected(seat, t)]
        if kind == "damage":
            for t in found:
                s._player_damage(seat, t, eff.amount, "damage", R.SYMBOLS)
            return
        steps: list[ChanceStep | DecisionStep] = []
        for t in reversed(found):
            if kind == "steal_random":
                steps.append(Steal(seat, t))
                continue
            hand = list(s.seats[t].hand)
            s.emit(
                "hand_shown",
                "Seat {victim} shows seat {seat} their hand: {names}",
                R.SYMBOLS,
                (seat, t),
                seat=seat,
                victim=t,
                cards=hand,
                names=s._names(hand),
            )
            s.emit(
                "looked",
                "Seat {victim} shows their hand to seat {seat}",
                R.SYMBOLS,
                seat=seat,
                victim=t,
            )
            if s._movable(t):
                steps.append(Take(seat, t))
        if steps:
            flow.replace(*steps)


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class Target(DecisionStep):
    """The player an effect affects, chosen by the card's player."""

    kind = "target"
    rule = "symbols"
    prompt = "Choose the player your card affects"
    seat: int
    choices: tuple[int, ...]

    def legal(self, s: SleepTightState) -> list[Action]:
        return [s._a(f"target:{x}") for x in self.choices]

    def apply(self, s: SleepTightState, flow: Flow, action: Action) -> None:
        flow.pop()
        below = flow.items[-1]
        assert isinstance(below, Effect)
        flow.replace_top(evolve(below, target=int(action.id[7:])))


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class Source(DecisionStep):
    """Where the Soul Fragments an effect gives come from: the pile or another player."""

    kind = "source"
    rule = "symbols"
    prompt = "Take Soul Fragments from the pile or from another player"
    decision_kind = "take_fragments"
    seat: int
    choices: tuple[int, ...]
    amount: int

    def legal(self, s: SleepTightState) -> list[Action]:
        out = [s._a("from:pile")]
        out.extend(s._a(f"from:{x}") for x in self.choices)
        return out

    def apply(self, s: SleepTightState, flow: Flow, action: Action) -> None:
        flow.pop()
        below = flow.items[-1]
        assert isinstance(below, Effect)
        flow.replace_top(evolve(below, source=action.id[5:]))


def take_from_hand(
    s: SleepTightState, seat: int, victim: int, card: str, kind: str, fmt: str
) -> None:
    """Move ``card`` from the victim's hand to the taker's: everyone sees that a card moved,
    only the two seats see which (sleep-tight "Card Symbols")."""
    s._hand_remove(victim, card, "unseen")
    s._hand_add(seat, card)
    s.emit(kind, fmt, R.SYMBOLS, seat=seat, victim=victim)
    s.emit(
        kind + "_private",
        "Seat {seat} took {name} from seat {victim}",
        R.SYMBOLS,
        (seat, victim),
        seat=seat,
        victim=victim,
        card=card,
        name=s._name(card),
    )


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class Take(DecisionStep):
    """After looking at ``victim``'s hand, ``seat`` takes any card it wants from it."""

    kind = "take"
    rule = "symbols"
    prompt = "Take any card you want from seat {victim}'s hand"
    decision_kind = "take_card"
    seat: int
    victim: int

    def legal(self, s: SleepTightState) -> list[Action]:
        return [s._a(f"take:{c}") for c in s._movable(self.victim)]

    def apply(self, s: SleepTightState, flow: Flow, action: Action) -> None:
        flow.pop()
        take_from_hand(
            s,
            self.seat,
            self.victim,
            action.id[5:],
            "took_card",
            "Seat {seat} takes a card from seat {victim}'s hand",
        )


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class Steal(ChanceStep):
    """``seat`` takes a card at random from ``victim``'s hand (never I Am the Sandman)."""

    kind = "steal"
    rule = "symbols"
    prompt = "Take a random card from seat {victim}"
    seat: int
    victim: int

    def settle(self, s: SleepTightState, flow: Flow) -> bool:
        victim = self.victim
        if not s._movable(victim) or not s.seats[victim].alive:
            flow.pop()
            s.emit(
                "steal_nothing",
                "Seat {victim} has no card that can be taken",
                R.SYMBOLS,
                victim=victim,
            )
            return True
        return False

    def outcomes(self, s: SleepTightState) -> list[tuple[Action, float]]:
        counts = Counter(c for c in s.seats[self.victim].hand if c != s.iam)
        total = sum(counts.values())
        return [(s._a(f"steal:{c}"), k / total) for c, k in sorted(counts.items())]

    def apply(self, s: SleepTightState, flow: Flow, action: Action) -> None:
        flow.pop()
        take_from_hand(
            s,
            self.seat,
            self.victim,
            action.id[6:],
            "stole_card",
            "Seat {seat} takes a random card from seat {victim}",
        )


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class Return(DecisionStep):
    """``seat`` shuffles ``n`` cards of its choice back into the Action deck."""

    kind = "return"
    rule = "examples"
    prompt = "Shuffle {n} card(s) back into the Action deck"
    decision_kind = "return_card"
    seat: int
    n: int

    def legal(self, s: SleepTightState) -> list[Action]:
        return [s._a(f"return:{c}") for c in s._movable(self.seat)]

    def apply(self, s: SleepTightState, flow: Flow, action: Action) -> None:
        card = action.id[7:]
        seat = self.seat
        s._hand_remove(seat, card, "unseen")
        s.action_deck.add_unknown(card)
        s.emit("returned", "Seat {seat} shuffles a card back", R.EXAMPLES, seat=seat)
        s.emit(
            "returned_card",
            "You shuffle {name} back into the Action deck",
            R.EXAMPLES,
            (seat,),
            card=card,
            name=s._name(card),
        )
        if self.n > 1 and s._movable(seat):
            flow.replace_top(Return(seat, self.n - 1))
        else:
            flow.pop()


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class SDiscard(SandmanDeckDraw):
    """``seat`` discards ``n`` Sandman cards from the top of his deck, one chance decision
    each; an exposed agent damages every other player who does ("Playing as an Exposed
    Agent")."""

    kind = "sdiscard"
    rule = "symbols"
    prompt = "Discard a Sandman card"
    decision_kind = "discard_sandman"
    seat: int
    n: int

    def apply(self, s: SleepTightState, flow: Flow, action: Action) -> None:
        card = action.id[8:]
        seat = self.seat
        take_sandman(s, card)
        s.sandman_discard.append(card)
        s.discarded_by_players += 1
        s.emit(
            "sandman_discarded",
            "Seat {seat} discards the Sandman card {name}",
            R.SYMBOLS,
            seat=seat,
            card=card,
            name=s.c.sandman_card(card).name,
        )
        for agent in range(s.n):
            if agent != seat and s.seats[agent].alive and s.seats[agent].role == "exposed":
                s._player_damage(seat, agent, 1, "damage", R.EXPOSED)
        if self.n > 1:
            flow.replace_top(SDiscard(seat, self.n - 1))
        else:
            flow.pop()
