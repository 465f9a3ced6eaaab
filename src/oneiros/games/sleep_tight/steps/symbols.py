"""sleep-tight "Card Symbols" and "Card Examples": what an Action card does when it resolves,
one effect at a time (draw, shuffle back, take fragments from the pile or a player, damage,
take a random card, look at a hand and take a card, discard Sandman cards; the exposed agent
damages a player instead of the Sandman). The passive effects (prevent damage, shield,
untouchable, dodge, discard a type of action) act at the reveal (``reveal.py``) and on the
Sandman's damage (``sandman.py``)."""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import TYPE_CHECKING, Any

from ....core import Action
from ....core.effects import Ctx, Node
from ....core.flow import DecisionStep, Flow, evolve
from ....core.i18n import plural
from .. import refs as R
from ..effects import LANGUAGE, PASSIVE, card_program
from .base import KINDS, Chance
from .draw import Draw, shuffle_back
from .sandman import SandmanDeckDraw, take_sandman
from .specials import where_is_sandman

if TYPE_CHECKING:
    from ..state import SleepTightState


RUNTIME = LANGUAGE.runtime(KINDS, "symbols")
"""The core's effect runtime on Sleep Tight's flow: ``effect`` steps (one node each) and
``effect_choice`` (a ``choose`` composite, which no shipped card uses yet)."""

RunEffect = RUNTIME.run_cls


def effect_steps(s: SleepTightState, seat: int, card: str) -> list[Any]:
    """The steps resolving ``card`` played by ``seat``: one per effect, the first on top."""
    ctx = Ctx(seat=seat, source=card)
    return [RunEffect(node, ctx) for node in reversed(card_program(s.cards[card]))]


def bound(ctx: Ctx, key: str, value: Any) -> Ctx:
    """``ctx`` with a choice made for its effect (``target``, ``source``, ``asked``)."""
    return ctx.bind(extra=(*((k, v) for k, v in ctx.extra if k != key), (key, value)))


def targets(s: SleepTightState, seat: int, target: str, chosen: int | None) -> list[int] | None:
    """Seats an effect affects; None when a choice is still needed."""
    if target == "self":
        return [seat]
    if target == "left":
        t = s._left(seat)
        return [t] if t is not None else []
    if target == "right":
        t = s._right(seat)
        return [t] if t is not None else []
    if target == "others":
        return s._others(seat)
    if chosen is not None:
        return [chosen]
    others = s._others(seat)
    if len(others) <= 1:
        return others
    return None


def _alive(s: SleepTightState, ctx: Ctx) -> int | None:
    """The seat an effect acts for, or None once it is dead (the effect does nothing)."""
    seat = ctx.seat
    return seat if seat is not None and s.seats[seat].alive else None


@LANGUAGE.handler("draw")
def _draw(s: SleepTightState, flow: Flow, args: Any, ctx: Ctx) -> None:
    if (seat := _alive(s, ctx)) is not None:
        flow.push(Draw(seat, args.n, "effect"))


@LANGUAGE.handler("return_cards")
def _return_cards(s: SleepTightState, flow: Flow, args: Any, ctx: Ctx) -> None:
    if (seat := _alive(s, ctx)) is not None:
        n = min(args.n, len([c for c in s.seats[seat].hand if c != s.iam]))
        if n > 0:
            flow.push(Return(seat, n))


@LANGUAGE.handler("gain")
def _gain(s: SleepTightState, flow: Flow, args: Any, ctx: Ctx) -> None:
    if (seat := _alive(s, ctx)) is None:
        return
    source = ctx.get("source")
    if args.from_player and source is None:
        others = [x for x in s._others(seat) if s.seats[x].fragments > 0]
        if others:
            flow.push(
                RunEffect(Node("gain", "effect", args), ctx), Source(seat, tuple(others), args.n)
            )
            return
    if source is None or source == "pile":
        got = s._gain(seat, args.n)
        s.emit(
            "gained",
            plural(
                got,
                "Seat {seat} takes {got} Soul Fragment from the pile",
                "Seat {seat} takes {got} Soul Fragments from the pile",
            ),
            R.SYMBOLS,
            seat=seat,
            got=got,
        )
        return
    victim = int(source)
    if s._protected(seat, victim):
        return
    lost = s._lose(victim, args.n, seat, "steal")
    s.seats[seat].fragments += lost
    s.pile -= lost
    s.emit(
        "stole_fragments",
        plural(
            lost,
            "Seat {seat} takes {n} Soul Fragment from seat {victim}",
            "Seat {seat} takes {n} Soul Fragments from seat {victim}",
        ),
        R.SYMBOLS,
        seat=seat,
        victim=victim,
        n=lost,
    )


def _ask_target(flow: Flow, node: Node, ctx: Ctx, seat: int, choices: list[int]) -> None:
    flow.push(RunEffect(node, ctx), Target(seat, tuple(choices)))


@LANGUAGE.handler("damage")
def _damage(s: SleepTightState, flow: Flow, args: Any, ctx: Ctx) -> None:
    if (seat := _alive(s, ctx)) is None:
        return
    found = targets(s, seat, args.target, ctx.get("target"))
    if found is None:
        _ask_target(flow, Node("damage", "effect", args), ctx, seat, s._others(seat))
        return
    found = [t for t in found if not s._protected(seat, t)]
    for t in found:
        s._player_damage(seat, t, args.n, "damage", R.SYMBOLS)


@LANGUAGE.handler("steal_random")
def _steal_random(s: SleepTightState, flow: Flow, args: Any, ctx: Ctx) -> None:
    if (seat := _alive(s, ctx)) is None:
        return
    found = targets(s, seat, args.target, ctx.get("target"))
    if found is None:
        _ask_target(flow, Node("steal_random", "effect", args), ctx, seat, s._others(seat))
        return
    found = [t for t in found if not s._protected(seat, t)]
    flow.push(*[Steal(seat, t) for t in reversed(found)])


@LANGUAGE.handler("look_take")
def _look_take(s: SleepTightState, flow: Flow, args: Any, ctx: Ctx) -> None:
    if (seat := _alive(s, ctx)) is None:
        return
    found = targets(s, seat, args.target, ctx.get("target"))
    if found is None:
        _ask_target(flow, Node("look_take", "effect", args), ctx, seat, s._others(seat))
        return
    found = [t for t in found if not s._protected(seat, t)]
    steps = []
    for t in reversed(found):
        hand = list(s.seats[t].hand)
        s.shown(
            "hand_shown",
            "Seat {victim} shows seat {seat} their hand: {names}",
            R.SYMBOLS,
            ("hand", t),
            seat,
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
    flow.push(*steps)


@LANGUAGE.handler("discard_sandman")
def _discard_sandman(s: SleepTightState, flow: Flow, args: Any, ctx: Ctx) -> None:
    if (seat := _alive(s, ctx)) is None:
        return
    if s.seats[seat].role != "exposed":
        flow.push(SDiscard(seat, args.n))
        return
    # The exposed agent damages a player of their choice instead (sleep-tight "Playing as
    # an Exposed Agent").
    others = s._others(seat)
    chosen = ctx.get("target")
    if chosen is None and len(others) > 1:
        _ask_target(flow, Node("discard_sandman", "effect", args), ctx, seat, others)
        return
    for t in [chosen] if chosen is not None else others:
        if s._protected(seat, t):
            continue
        s.emit(
            "redirect",
            "The exposed agent damages seat {target} instead of the Sandman",
            R.EXPOSED,
            target=t,
        )
        s._player_damage(seat, t, args.n, "damage", R.EXPOSED)


@LANGUAGE.handler("where_is_sandman")
def _where_is_sandman(s: SleepTightState, flow: Flow, args: Any, ctx: Ctx) -> None:
    if (seat := _alive(s, ctx)) is not None:
        again = RunEffect(Node("where_is_sandman", "effect", args), bound(ctx, "asked", True))
        where_is_sandman(s, flow, seat, bool(ctx.get("asked")), again)


def _passive(s: SleepTightState, flow: Flow, args: Any, ctx: Ctx) -> None:
    """Prevent damage, shield, untouchable, dodge and discard a type act passively; the
    special cards held in the hand are never resolved."""


for _op in PASSIVE:
    LANGUAGE.handler(_op)(_passive)


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
        below: Any = flow.items[-1]
        assert isinstance(below, RunEffect)
        flow.replace_top(evolve(below, ctx=bound(below.ctx, "target", int(action.id[7:]))))


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
        below: Any = flow.items[-1]
        assert isinstance(below, RunEffect)
        flow.replace_top(evolve(below, ctx=bound(below.ctx, "source", action.id[5:])))


def take_from_hand(
    s: SleepTightState, seat: int, victim: int, card: str, kind: str, fmt: str
) -> None:
    """Move ``card`` from the victim's hand to the taker's: everyone sees that a card moved,
    only the two seats see which (sleep-tight "Card Symbols")."""
    s._hand_remove(victim, card, "unseen")
    s._hand_add(seat, card)
    s.emit(kind, fmt, R.SYMBOLS, seat=seat, victim=victim)
    s.moved(
        kind + "_private",
        "Seat {seat} took {name} from seat {victim}",
        R.SYMBOLS,
        ("hand", victim),
        ("hand", seat),
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
class Steal(Chance):
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
    prompt = "Shuffle {n} cards back into the Action deck"
    decision_kind = "return_card"
    seat: int
    n: int

    def prompt_text(self, s: SleepTightState) -> str:
        return plural(self.n, "Shuffle {n} card back into the Action deck", self.prompt).format(
            n=self.n
        )

    def legal(self, s: SleepTightState) -> list[Action]:
        return [s._a(f"return:{c}") for c in s._movable(self.seat)]

    def apply(self, s: SleepTightState, flow: Flow, action: Action) -> None:
        card = action.id[7:]
        seat = self.seat
        shuffle_back(s, seat, card, R.EXAMPLES)
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
        s.moved(
            "sandman_discarded",
            "Seat {seat} discards the Sandman card {name}",
            R.SYMBOLS,
            ("sandman_deck", None),
            ("sandman_discard", None),
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
