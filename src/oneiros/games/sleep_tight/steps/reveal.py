"""sleep-tight "4. Resolve Actions and the Sandman Card", the players' side: every player
reveals their plays; the cards discarded for fragments are paid (a discard the pile cannot
pay stays in the hand, and a play counted on it goes back: "3. Play Actions Facedown");
first, cards that discard other cards act ("Card Symbols"), passive protections and the
exposed agent's damage take hold; after the Sandman, the plays resolve, First Player first,
each card's effects in order."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from ....core.flow import AutoStep, Flow
from ....core.i18n import plural
from .. import refs as R
from ..model import Play
from .base import KINDS
from .symbols import effect_steps

if TYPE_CHECKING:
    from ..state import SleepTightState

Discard = tuple[int, str]
"""A card discarded face down for a Soul Fragment: ``(seat, card)``."""
Harm = tuple[int, str, int]
"""An exposed agent's discard, dealing 1 damage: ``(seat, card, target seat)``."""


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class Reveal(AutoStep):
    """The face-down plays are revealed; discards for fragments (``discards``, handed on by
    the ``Play`` step) are settled, First Player first, each for 1 fragment while the pile
    has one; then every play's requirement is checked against the fragments really held."""

    kind = "reveal"
    rule = "phase4"
    discards: tuple[Discard, ...] = ()

    def of(self, seat: int) -> list[str]:
        """The cards ``seat`` discarded for fragments, in order."""
        return [card for x, card in self.discards if x == seat]

    def run(self, s: SleepTightState, flow: Flow) -> None:
        s.phase = "resolve"
        s.frozen_hands = None
        name = s._name
        for seat in s._order():
            me = s.seats[seat]
            shown = [p.to_dict() for p in me.plays if p.status == "hidden"]
            for p in me.plays:
                if p.status == "hidden":
                    p.status = "revealed"
            # What was played or discarded face down is seen now: those cards have left
            # the hand (a stack's bottom card was seen when played).
            for card in [p["card"] for p in shown] + self.of(seat):
                me.forget(card)
            s.moved(
                "revealed",
                plural(
                    len(shown),
                    "Seat {seat} reveals {count} play: {names}",
                    "Seat {seat} reveals {count} plays: {names}",
                ),
                R.PHASE4,
                ("face_down", seat),
                ("in_play", seat),
                seat=seat,
                count=len(shown),
                plays=shown,
                names=", ".join(
                    name(p["card"]) + (f" (on {name(p['bottom'])})" if p["bottom"] else "")
                    for p in shown
                )
                or "nothing",
            )
        # Discards for fragments are settled now, First Player first, each for 1 fragment;
        # one the pile cannot pay is refused and the card stays in hand (sleep-tight "3. Play
        # Actions Facedown": "For each Action card you discard, you take 1 Soul Fragment").
        for seat in s._order():
            me = s.seats[seat]
            cards = self.of(seat)
            if not cards:
                continue
            paid = cards[: s.pile]
            refused = cards[len(paid) :]
            if paid:
                s.action_discard.extend(paid)
                got = s._gain(seat, len(paid))
                s.moved(
                    "discarded_for_fragments",
                    plural(
                        got,
                        "Seat {seat} discarded {names} and takes {got} Soul Fragment",
                        "Seat {seat} discarded {names} and takes {got} Soul Fragments",
                    ),
                    R.PHASE3,
                    ("discarding", seat),
                    ("action_discard", None),
                    seat=seat,
                    cards=paid,
                    names=s._names(paid),
                    got=got,
                )
            if refused:
                # Every seat sees the card go back: it is known to be in that hand.
                for card in refused:
                    s._hand_add(seat, card)
                    me.remember(card)
                s.shown(
                    "discard_refused",
                    "The pile has no Soul Fragment left for seat {seat}: {names} stays in "
                    "their hand",
                    R.PHASE3,
                    ("discarding", seat),
                    None,
                    seat=seat,
                    cards=refused,
                    names=s._names(refused),
                )
        for seat in s._order():
            check_requirements(s, seat)


def check_requirements(s: SleepTightState, seat: int) -> None:
    """A card needs its requirement in fragments the player really holds (sleep-tight "3.
    Play Actions Facedown": "Each Action card requires the player to have some number of
    Soul Fragments"): a play counted on a discard the pile could not pay goes back to the
    hand, unplayed."""
    me = s.seats[seat]
    have = me.fragments
    for p in list(me.plays):
        if p.face_up or p.status != "revealed":
            continue
        need = s._required(seat, p)
        if need <= have:
            continue
        me.plays.remove(p)
        s._hand_add(seat, p.card)
        me.remember(p.card)
        if p.bottom is not None:
            s._hand_add(seat, p.bottom)
            me.remember(p.bottom)
        s.moved(
            "requirement_unmet",
            plural(
                have,
                "Seat {seat} holds {have} Soul Fragment, not the {need} that {name} "
                "requires: it goes back to their hand",
                "Seat {seat} holds {have} Soul Fragments, not the {need} that {name} "
                "requires: it goes back to their hand",
            ),
            R.PHASE3,
            ("in_play", seat),
            ("hand", seat),
            seat=seat,
            card=p.card,
            bottom=p.bottom,
            name=s._name(p.card),
            need=need,
            have=have,
        )


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class Discards(AutoStep):
    """First, discard cards if prompted (sleep-tight "4. Resolve Actions ..."): untouchable
    players, the cards that discard a type of action, the passive protections of the cards
    still in play, and the exposed agent's discards (``harm``, handed on by the ``Play``
    step), each dealing 1 damage."""

    kind = "discards"
    rule = "phase4"
    harm: tuple[Harm, ...] = ()

    def run(self, s: SleepTightState, flow: Flow) -> None:
        # Untouchable players cannot be affected by any other effect this round.
        for seat in s._order():
            for p in s.seats[seat].plays:
                if p.status == "revealed" and s._has(p.card, "untouchable"):
                    s.seats[seat].untouchable = True
        discard_types(s)
        # Passive protections of the cards still in play.
        for seat in s._order():
            me = s.seats[seat]
            for p in me.plays:
                if p.status != "revealed":
                    continue
                for eff in s.cards[p.card].effects:
                    if eff.kind == "prevent_sandman":
                        me.prevent_sandman += eff.amount
                    elif eff.kind == "prevent_players":
                        me.prevent_players += eff.amount
                    elif eff.kind == "shield":
                        me.shield = True
        # The exposed agent's discards deal 1 damage each: damage dealt by another player,
        # so the target's protections of the round apply (sleep-tight "Card Symbols").
        for seat in s._order():
            me = s.seats[seat]
            for x, card, target in self.harm:
                if x != seat:
                    continue
                s.action_discard.append(card)
                me.forget(card)
                s.moved(
                    "harm",
                    "The exposed agent (seat {seat}) discarded {name} to damage seat {target}",
                    R.EXPOSED,
                    ("harm", seat),
                    ("action_discard", None),
                    seat=seat,
                    card=card,
                    name=s._name(card),
                    target=target,
                )
                s._player_damage(seat, target, 1, "harm", R.EXPOSED)


def _discard_hits(
    s: SleepTightState, seat: int, source: Play, target_seat: int, target: Play
) -> bool:
    """Whether the discard card ``source`` of ``seat`` discards ``target``."""
    if target is source or target.status != "revealed" or target.face_up:
        return False
    if target_seat != seat and s.seats[target_seat].untouchable:
        return False
    kind = s.cards[target.card].type
    return any(
        e.kind == "discard_type" and e.action_type == kind for e in s.cards[source.card].effects
    )


def discard_types(s: SleepTightState) -> None:
    """Discard all played actions of the shown type; they have no effect (sleep-tight "Card
    Symbols"), the same whatever the seating: a discard card that another acting discard
    card discards has no effect. A card acts when every discard card that would discard it
    is itself discarded; discard cards that discard one another in a circle all fail."""
    sources = [
        (seat, p)
        for seat in s._order()
        for p in s.seats[seat].plays
        if p.status == "revealed" and not p.face_up and s._has(p.card, "discard_type")
    ]
    attackers = {
        id(p): [(s2, q) for s2, q in sources if q is not p and _discard_hits(s, s2, q, seat, p)]
        for seat, p in sources
    }
    acting: set[int] = set()
    failed: set[int] = set()
    changed = True
    while changed:
        changed = False
        for _seat, p in sources:
            key = id(p)
            if key in acting or key in failed:
                continue
            if any(id(q) in acting for _s, q in attackers[key]):
                failed.add(key)
                changed = True
            elif all(id(q) in failed for _s, q in attackers[key]):
                acting.add(key)
                changed = True
    for seat, p in sources:
        if id(p) not in acting and id(p) not in failed:
            p.status = "failed"
            s.emit(
                "discarded_each_other",
                "Seat {seat}'s {name} is discarded by a card it discards: no effect",
                R.SYMBOLS,
                seat=seat,
                card=p.card,
                name=s._name(p.card),
            )
    for seat, p in sources:
        if id(p) in acting:
            for eff in s.cards[p.card].effects:
                if eff.kind == "discard_type":
                    _discard_type(s, seat, p, eff.action_type or "")


def _discard_type(s: SleepTightState, seat: int, source: Play, kind: str) -> None:
    hit = []
    for other in s._order():
        if other != seat and s.seats[other].untouchable:
            continue
        for p in s.seats[other].plays:
            if p is source or p.status != "revealed" or p.face_up:
                continue
            if s.cards[p.card].type == kind:
                p.status = "failed"
                hit.append((other, p.card))
    s.emit(
        "discard_type",
        "Seat {seat} discards every played {type} action: {hit_text}",
        R.SYMBOLS,
        seat=seat,
        type=kind,
        hit=[f"seat {x}: {s._name(c)}" for x, c in hit],
        hit_text="; ".join(f"seat {x}: {s._name(c)}" for x, c in hit) or "none",
    )


@KINDS.step
class ResolveAll(AutoStep):
    """After the Sandman, every revealed play resolves, First Player first."""

    kind = "resolve_all"
    rule = "phase4"

    def run(self, s: SleepTightState, flow: Flow) -> None:
        steps = []
        for seat in reversed(s._order()):
            plays = s.seats[seat].plays
            for idx in reversed(range(len(plays))):
                p = plays[idx]
                if p.status == "revealed" and not p.face_up:
                    steps.append(ResolveCard(seat, idx))
        if steps:
            flow.replace(*steps)


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class ResolveCard(AutoStep):
    """One play resolves: its card's effects, in order."""

    kind = "resolve_card"
    rule = "phase4"
    seat: int
    idx: int

    def run(self, s: SleepTightState, flow: Flow) -> None:
        seat = self.seat
        p = s.seats[seat].plays[self.idx]
        if not s.seats[seat].alive or p.status != "revealed":
            return
        p.status = "resolved"
        info = s.cards[p.card]
        s.emit(
            "resolve",
            "Seat {seat} resolves {name}",
            R.PHASE4,
            seat=seat,
            card=p.card,
            name=info.name,
        )
        if info.effects:
            flow.replace(*effect_steps(s, seat, p.card))
