"""sleep-tight "Special Cards" and the Sandman's agents ("Playing as an Undercover Agent",
"Playing as an Exposed Agent"): the Sandman's offer (I Am the Sandman), exposing oneself,
Where Is The Sandman's question, the Soul Consumer and its cancelling. Wake Up! is a rule
of the goal (``end.py``)."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, ClassVar

from ....core import Action, Decision
from ....core.flow import AutoStep, DecisionStep, Flow, SimultaneousStep, evolve
from .. import refs as R
from .base import KINDS, hand_on

if TYPE_CHECKING:
    from ..state import SleepTightState


# ----- the Sandman's offer ------------------------------------------------------------------


def offer_legal(s: SleepTightState, seat: int) -> list[Action]:
    """Accept the offer, or refuse it (which costs 1 Soul Fragment: not with the last)."""
    out = [s._a("accept")]
    if s.seats[seat].fragments > 1:
        out.append(s._a("refuse"))
    return out


def offer_decision(seat: int) -> Decision:
    """The private decision of a seat that drew I Am the Sandman."""
    return Decision(
        "sandman_offer",
        seat,
        "You drew I Am the Sandman: accept (become his undercover agent) or refuse "
        "(lose 1 Soul Fragment)",
        R.SPECIAL,
    )


def answer_offer(s: SleepTightState, aid: str, player: int) -> bool:
    """Apply ``accept`` or ``refuse``; False for any other action."""
    me = s.seats[player]
    if aid == "accept":
        me.role = "undercover"
        me.agent_round = s.round
        s.emit(
            "agent",
            "You accept the Sandman's offer: you are his undercover agent",
            R.UNDERCOVER,
            (player,),
            seat=player,
        )
        return True
    if aid == "refuse":
        assert s.iam is not None
        s._lose(player, 1, None, "refuse")
        s._hand_remove(player, s.iam)
        s.action_deck.add_unknown(s.iam)
        s.shown(
            "refused",
            "Seat {seat} reveals I Am the Sandman, refuses the offer, loses 1 Soul Fragment "
            "and shuffles the card back into the Action deck",
            R.SPECIAL,
            ("hand", player),
            None,
            seat=player,
            card=s.iam,
        )
        return True
    return False


def expose(s: SleepTightState, seat: int, forced: bool) -> None:
    """``seat`` plays I Am the Sandman face up and becomes an exposed agent (by choice, or
    made to by Where Is The Sandman)."""
    assert s.iam is not None
    s._hand_remove(seat, s.iam)
    s.exposed_cards.append(s.iam)
    me = s.seats[seat]
    me.role = "exposed"
    s.moved(
        "exposed",
        "Seat {seat} reveals I Am the Sandman and becomes an exposed Sandman agent"
        + (" (Where Is The Sandman)" if forced else ""),
        R.EXPOSED if not forced else R.SPECIAL,
        ("hand", seat),
        ("exposed", None),
        seat=seat,
    )


@dataclasses.dataclass(frozen=True, slots=True)
class OpenChoice(SimultaneousStep):
    """A simultaneous step where a seat makes several choices and leaves it when done (it
    stays in ``waiting`` until then): the driver closes it once nobody waits. A seat with
    the Sandman's offer pending answers it first, privately."""

    offers: ClassVar[bool] = False
    """Whether a seat with the Sandman's offer pending answers it first."""

    def after_choice(self, s: Any, seat: int, action: Action) -> SimultaneousStep:
        return self

    def leave(self, flow: Flow, seat: int) -> None:
        """``seat`` is done: it leaves ``waiting`` (the step is on top)."""
        waiting = tuple(x for x in self.waiting if x != seat)
        flow.replace_top(evolve(self, waiting=waiting))

    def close(self, s: Any, flow: Flow, choices: dict[int, str]) -> None:
        flow.pop()
        self.finish(s, flow)

    def private_decision(self, s: SleepTightState, seat: int, player: int | None) -> Any:
        if self.offers and player is not None and s.offer_open(seat):
            # The offer is private: without a player (spectators, other viewers) the public
            # decision of the step is returned.
            return offer_decision(seat)
        return None


# ----- the Soul Consumer --------------------------------------------------------------------


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class Cancel(OpenChoice):
    """The Soul Consumer is revealed: any player may discard Discard Soul Consumer to cancel
    it (sleep-tight "Special Cards"); ``used``: the seat that did, or -1."""

    kind = "cancel"
    rule = "special"
    prompt = "The Soul Consumer is revealed: cancel it with Discard Soul Consumer, or pass"
    decision_kind = "cancel_soul_consumer"
    used: int = -1

    def legal(self, s: SleepTightState, seat: int) -> list[Action]:
        out = []
        if s.cancel_card is not None and s.cancel_card in s.seats[seat].hand:
            out.append(s._a("cancel"))
        out.append(s._a("pass"))
        return out

    def finish(self, s: Any, flow: Flow) -> None:
        """Every seat has answered: a cancel is handed on to the Soul Consumer's step."""
        if self.used >= 0:
            hand_on(flow, ConsumerApply, cancelled=True)

    def on_choose(self, s: SleepTightState, flow: Flow, seat: int, action: Action) -> None:
        self.leave(flow, seat)
        if action.id == "cancel" and self.used < 0:
            assert s.cancel_card is not None
            s._hand_remove(seat, s.cancel_card)
            s.action_discard.append(s.cancel_card)
            flow.replace_top(evolve(flow.items[-1], used=seat))
            s.moved(
                "cancelled",
                "Seat {seat} uses Discard Soul Consumer: the Soul Consumer's effect is cancelled",
                R.SPECIAL,
                ("hand", seat),
                ("action_discard", None),
                seat=seat,
                card=s.cancel_card,
            )


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class ConsumerApply(AutoStep):
    """The Soul Consumer, unless cancelled (``cancelled``: handed on by ``Cancel``): every
    Action card fails and each player loses the requirements of the cards they played
    instead of the Sandman's damage (sleep-tight "Special Cards"): the losses are handed on
    to ``SandmanDamage.consumer``."""

    kind = "consumer_apply"
    rule = "special"
    cancelled: bool = False

    def run(self, s: SleepTightState, flow: Flow) -> None:
        if self.cancelled:
            s.emit(
                "consumer_cancelled",
                "The Soul Consumer is cancelled: it deals no damage this round",
                R.SPECIAL,
            )
            return
        from .sandman import SandmanDamage

        living = s._order()
        losses = tuple(
            sum(s._required(seat, p) for p in me.plays) if seat in living else 0
            for seat, me in enumerate(s.seats)
        )
        hand_on(flow, SandmanDamage, consumer=losses)
        s._fail_all()
        s.emit(
            "soul_consumer",
            "The Soul Consumer: all Action cards fail and each player loses the total "
            "Soul Fragment requirement of the cards they played, instead of the Sandman's "
            "usual damage ({losses})",
            R.SPECIAL,
            extra=list(losses),
            losses=", ".join(f"seat {i}: {x}" for i, x in enumerate(losses)),
        )


# ----- Where Is The Sandman -----------------------------------------------------------------


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class Where(DecisionStep):
    """Where Is The Sandman: the holder of I Am the Sandman reveals it and is exposed, or,
    with the offer still open, may refuse it (sleep-tight "Special Cards")."""

    kind = "where"
    rule = "special"
    prompt = (
        "Where Is The Sandman: you hold I Am the Sandman; reveal it and become an "
        "exposed agent (or refuse the offer if it is still open)"
    )
    decision_kind = "where_is_sandman"
    seat: int

    def legal(self, s: SleepTightState) -> list[Action]:
        if not s.offer_open(self.seat):
            return [s._a("expose")]
        return offer_legal(s, self.seat)

    def apply(self, s: SleepTightState, flow: Flow, action: Action) -> None:
        flow.pop()
        if action.id in ("accept", "refuse"):
            answer_offer(s, action.id, self.seat)


def where_is_sandman(s: SleepTightState, flow: Flow, seat: int, asked: bool, again: Any) -> None:
    """The effect of Where Is The Sandman, played by ``seat``: the holder of I Am the
    Sandman is asked first (``again``: the effect, pushed back to run once answered), then
    exposed."""
    holder = next((x for x in range(s.n) if s.iam in s.seats[x].hand), None)
    if holder is not None and s._guarded(seat, holder):
        # A player behind Blanket Fort ("you cannot be affected by any other effects this
        # turn") or Mirror Ward ("all actions played against you by other players fail") is
        # not made to reveal (sleep-tight "Card Symbols", "Card Examples").
        holder = None
    if holder is not None and s.seats[holder].alive and not asked:
        # The holder answers first: a pending offer may still be refused (sleep-tight
        # "Special Cards": you may refuse when you draw it). An agent who accepted earlier
        # is asked the same way, so the question shows no more than the rule.
        flow.push(again, Where(holder))
    elif holder is not None and s.seats[holder].alive:
        expose(s, holder, forced=True)
    else:
        # The same words whether nobody holds the card or its holder is protected.
        s.emit(
            "nobody",
            "No player who can be affected holds I Am the Sandman; Where Is The Sandman "
            "leaves the game",
            R.SPECIAL,
        )
