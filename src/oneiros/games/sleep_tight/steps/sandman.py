"""sleep-tight "4. Resolve Actions and the Sandman Card", the Sandman's side: the First
Player draws the Sandman card (the Soul Consumer held back to the bottom half with "Make the
Game a Little Easier"); a card that nullifies makes every Action card fail, the Soul
Consumer may be cancelled ("Special Cards"); then the Sandman damages every player, 1 more
in a Dreamscape of a dream he lurks in, unless the damage is prevented, dodged, passed on or
redirected ("Card Symbols", "Card Examples"); his exposed agent is spared ("Playing as an
Exposed Agent"). His deck shrinks by the cards the players discard and grows by revived
ones."""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import TYPE_CHECKING

from ....core import Action, Deck
from ....core.flow import AutoStep, DecisionStep, Flow
from ....core.i18n import plural
from .. import refs as R
from ..content import Effect
from .base import KINDS, Chance, DeckDraw
from .specials import Cancel, ConsumerApply

if TYPE_CHECKING:
    from ..state import SleepTightState


# ----- the Sandman deck ---------------------------------------------------------------------


def release_reserved(s: SleepTightState) -> None:
    """The Soul Consumer held back goes into the deck (its bottom half is reached)."""
    for card in s.sandman_reserved:
        s.sandman_deck.add_unknown(card)
    s.sandman_reserved = []
    s.sandman_top_left = 0


def sandman_deck(s: SleepTightState) -> Deck[str]:
    """The Sandman deck, with the held-back cards in it once the top half is drawn."""
    if len(s.sandman_deck) == 0 and s.sandman_reserved:
        release_reserved(s)
    return s.sandman_deck


def take_sandman(s: SleepTightState, card: str) -> None:
    """``card`` leaves the Sandman deck (drawn or discarded)."""
    if len(s.sandman_deck) == 0 and s.sandman_reserved:
        release_reserved(s)
    s.sandman_deck.take(card)
    if s.sandman_reserved:
        s.sandman_top_left -= 1
        if s.sandman_top_left <= 0:
            release_reserved(s)


@dataclasses.dataclass(frozen=True, slots=True)
class SandmanDeckDraw(DeckDraw):
    """A card drawn from the Sandman deck; a step with no card left is dropped."""

    verb = "sandman"

    def deck(self, s: SleepTightState) -> Deck[str]:
        return sandman_deck(s)

    def settle(self, s: SleepTightState, flow: Flow) -> bool:
        if s.sandman_left() == 0:
            flow.pop()
            return True
        return False


@KINDS.step
class SandmanDraw(SandmanDeckDraw):
    """The First Player draws the Sandman card of the round."""

    kind = "sandman_draw"
    rule = "phase4"
    prompt = "The First Player draws a Sandman card"
    decision_kind = "draw_sandman"

    def apply(self, s: SleepTightState, flow: Flow, action: Action) -> None:
        card = action.id[8:]
        flow.pop()
        take_sandman(s, card)
        s.sandman_current = card
        info = s.c.sandman_card(card)
        s.moved(
            "sandman",
            "The Sandman card is {name} (lurking in: {where})",
            R.PHASE4,
            ("sandman_deck", None),
            ("sandman_card", None),
            card=card,
            name=info.name,
            dreams=list(info.dreams),
            where=", ".join(info.dreams) or "no dream",
            sandman_kind=info.kind,
        )


@KINDS.step
class SandmanEffect(AutoStep):
    """A Sandman card that nullifies makes every Action card fail this round; the Soul
    Consumer may be cancelled, then applies (sleep-tight "Card Examples", "Special
    Cards")."""

    kind = "sandman_effect"
    rule = "phase4"

    def run(self, s: SleepTightState, flow: Flow) -> None:
        card = s.sandman_current
        if card is None:
            return
        info = s.c.sandman_card(card)
        if info.kind == "nullify":
            s.nullified = True
            s._fail_all()
            s.emit(
                "nullified",
                "{name}: all Action cards have no effect this round",
                R.EXAMPLES,
                name=info.name,
            )
        elif info.kind == "soul_consumer":
            flow.replace(ConsumerApply(), Cancel(waiting=tuple(s._order()), used=-1))


# ----- the Sandman's damage -----------------------------------------------------------------


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class SandmanDamage(AutoStep):
    """The Sandman damages every player, First Player first. ``consumer``: what each seat
    loses to the Soul Consumer instead (handed on by ``ConsumerApply``; empty when it does
    not apply)."""

    kind = "sandman_damage"
    rule = "phase4"
    consumer: tuple[int, ...] = ()

    def run(self, s: SleepTightState, flow: Flow) -> None:
        losses = self.consumer
        flow.replace(
            *[SandmanHit(seat, losses[seat] if losses else -1) for seat in reversed(s._order())]
        )


def dodge_effect(s: SleepTightState, seat: int, option: str | None = None) -> Effect | None:
    """The first dodge effect ``seat`` has in play (offering ``option``, if given)."""
    for p in s.seats[seat].plays:
        if p.status == "revealed":
            for eff in s.cards[p.card].effects:
                if eff.kind == "dodge" and (option is None or option in eff.options):
                    return eff
    return None


def dodge_targets(s: SleepTightState, seat: int, eff: Effect) -> list[int]:
    if eff.target == "left":
        t = s._left(seat)
        return [t] if t is not None else []
    if eff.target == "right":
        t = s._right(seat)
        return [t] if t is not None else []
    return s._others(seat)


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class SandmanHit(AutoStep):
    """The Sandman's damage to one player: the card's damage, 1 more in a Dreamscape of a
    dream he lurks in (the Soul Consumer's instead, when it applies: ``consumer``, -1 when
    it does not), less what the round's protections prevent; a dodge card asks first, a
    redirect card turns him away."""

    kind = "sandman_hit"
    rule = "phase4"
    seat: int
    consumer: int = -1

    def run(self, s: SleepTightState, flow: Flow) -> None:
        seat = self.seat
        card = s.sandman_current
        me = s.seats[seat]
        if card is None or not me.alive:
            return
        info = s.c.sandman_card(card)
        if _spared(s, seat):
            return
        if info.kind == "soul_consumer":
            # Its damage replaces the Sandman's base damage: the requirements of the cards
            # played, 0 for a player who played nothing, none at all once it is cancelled
            # (sleep-tight "Special Cards": "he loses 5").
            if self.consumer < 0:
                return
            extra = 0
            damage = self.consumer
        else:
            ds = me.dreamscape
            dream = s.c.dreamscape(ds).dream if ds else None
            extra = 1 if dream is not None and dream != "limbo" and dream in info.dreams else 0
            damage = info.damage + extra
        redirect = dodge_effect(s, seat, "redirect")
        if redirect is not None:
            _redirect(s, seat, redirect, damage, info.name)
            return
        dodge = dodge_effect(s, seat)
        prevented = min(damage, me.prevent_sandman)
        me.prevent_sandman -= prevented  # a pool for the round
        damage -= prevented
        if damage > 0 and dodge is not None:
            flow.replace(Dodge(seat, damage, prevented))
            return
        lost = s._lose(seat, damage, None, "sandman")
        s.emit(
            "sandman_damage",
            plural(
                lost,
                "{name} takes {lost} Soul Fragment from seat {seat} ({prevented} prevented)",
                "{name} takes {lost} Soul Fragments from seat {seat} ({prevented} prevented)",
            ),
            R.PHASE4,
            seat=seat,
            name=info.name,
            lost=lost,
            extra=extra,
            prevented=prevented,
        )


def _spared(s: SleepTightState, seat: int) -> bool:
    """Whether the Sandman's damage misses ``seat``, with the event that says why: it is his
    exposed agent (sleep-tight "Playing as an Exposed Agent") or cannot be affected this
    round ("Card Symbols")."""
    me = s.seats[seat]
    if me.role == "exposed":
        s.emit(
            "sandman_spares",
            "The Sandman does not damage seat {seat}, his exposed agent",
            R.EXPOSED,
            seat=seat,
        )
        return True
    if me.untouchable:
        s.emit(
            "untouched",
            "Seat {seat} cannot be damaged by the Sandman this round",
            R.SYMBOLS,
            seat=seat,
        )
        return True
    return False


def _redirect(s: SleepTightState, seat: int, eff: Effect, damage: int, name: str) -> None:
    """This turn, the Sandman damages the player to your left, not you (sleep-tight "Card
    Examples"): Sandman damage to that player, so an exposed agent is spared, their Sandman
    protections apply and their protections against players do not. A kill counts as damage
    passed by ``seat`` (the undercover agent's win)."""
    targets = dodge_targets(s, seat, eff)
    target = targets[0] if targets else None
    s.emit(
        "redirected",
        "Seat {seat} hides: the Sandman turns to "
        + ("seat {target}" if target is not None else "nobody"),
        R.EXAMPLES,
        seat=seat,
        target=target,
        damage=damage,
    )
    if target is None or damage <= 0:
        return
    if _spared(s, target):
        return
    them = s.seats[target]
    prevented = min(damage, them.prevent_sandman)
    them.prevent_sandman -= prevented
    lost = s._lose(target, damage - prevented, seat, "pass")
    s.emit(
        "sandman_damage",
        plural(
            lost,
            "{name} takes {lost} Soul Fragment from seat {seat} ({prevented} prevented)",
            "{name} takes {lost} Soul Fragments from seat {seat} ({prevented} prevented)",
        ),
        R.EXAMPLES,
        seat=target,
        name=name,
        lost=lost,
        extra=0,
        prevented=prevented,
        redirected_from=seat,
    )


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class Dodge(DecisionStep):
    """A player with a dodge card in play takes the Sandman's damage, pays 1 Soul Fragment
    to escape it (the Sandman revives a card), or passes it on (sleep-tight "Card
    Symbols")."""

    kind = "dodge"
    rule = "symbols"
    prompt = "The Sandman would deal you {damage}: take it, pay 1 fragment, or pass it on"
    seat: int
    damage: int
    prevented: int

    def decision_data(self, s: SleepTightState) -> dict[str, int]:
        return {"damage": self.damage}

    def legal(self, s: SleepTightState) -> list[Action]:
        seat = self.seat
        eff = dodge_effect(s, seat)
        out = [s._a("dodge:take")]
        if eff is not None:
            if "pay" in eff.options and s.seats[seat].fragments > 1:
                out.append(s._a("dodge:pay"))
            if "pass" in eff.options:
                for t in dodge_targets(s, seat, eff):
                    out.append(s._a(f"pass:{t}"))
        return out

    def apply(self, s: SleepTightState, flow: Flow, action: Action) -> None:
        flow.pop()
        aid = action.id
        seat = self.seat
        damage = self.damage
        if aid == "dodge:take":
            lost = s._lose(seat, damage, None, "sandman")
            s.emit(
                "sandman_damage",
                plural(
                    lost,
                    "The Sandman takes {lost} Soul Fragment from seat {seat}",
                    "The Sandman takes {lost} Soul Fragments from seat {seat}",
                ),
                R.PHASE4,
                seat=seat,
                lost=lost,
                prevented=self.prevented,
            )
        elif aid == "dodge:pay":
            s._lose(seat, 1, None, "pay")
            s.emit(
                "dodged",
                "Seat {seat} returns 1 Soul Fragment to escape the Sandman; he revives a card",
                R.SYMBOLS,
                seat=seat,
            )
            flow.push(Revive())
        else:
            target = int(aid[5:])
            s.emit(
                "passed",
                "Seat {seat} passes the Sandman's {damage} damage to seat {target}",
                R.SYMBOLS,
                seat=seat,
                target=target,
                damage=damage,
            )
            if not s._protected(seat, target):
                s._player_damage(seat, target, damage, "pass", R.SYMBOLS)


@KINDS.step
class Revive(Chance):
    """The Sandman shuffles a card of his discard pile, at random, back into his deck."""

    kind = "revive"
    rule = "symbols"
    prompt = "A Sandman discard goes back into his deck"

    def settle(self, s: SleepTightState, flow: Flow) -> bool:
        if not s.sandman_discard:
            flow.pop()
            return True
        return False

    def outcomes(self, s: SleepTightState) -> list[tuple[Action, float]]:
        counts = Counter(s.sandman_discard)
        total = sum(counts.values())
        return [(s._a(f"revive:{c}"), k / total) for c, k in sorted(counts.items())]

    def apply(self, s: SleepTightState, flow: Flow, action: Action) -> None:
        card = action.id[7:]
        flow.pop()
        s.sandman_discard.remove(card)
        release_reserved(s)
        s.sandman_deck.add_unknown(card)
        s.moved(
            "revived",
            "The Sandman shuffles {name} from his discard pile back into his deck",
            R.SYMBOLS,
            ("sandman_discard", None),
            ("sandman_deck", None),
            card=card,
            name=s.c.sandman_card(card).name,
        )
