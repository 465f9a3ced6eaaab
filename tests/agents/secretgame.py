"""Secret pebbles: the test game Pebbles with its hidden information handled properly.

Each seat's card (and a bet before all bets are revealed) is hidden from the other seats.
``redacted(seat)`` gives the copy a seat may hold: the faces hidden from it (the deck and the
other seats' cards, as the zone declarations say) are replaced by :data:`HIDDEN`, a value that
fails the test as soon as anything reads it; ``determinize(seat, rng)`` resamples them. The events and history of both copies
only show what the seat may see. It also has a heuristic bot and a few ``stats()``.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from oneiros.core import Action, Policy, State, register
from oneiros.core.flow import FlowState
from tests.tinygame import PLAY, Bet, Pebbles, PebblesState


class HiddenRead(AssertionError):
    """Something read a value its seat may not see."""


class _Hidden:
    """A hidden card or bet: any use but identity raises."""

    def _fail(self, *args: Any, **kwargs: Any) -> Any:
        raise HiddenRead("read a hidden value of another seat")

    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = _fail  # type: ignore[assignment]
    __hash__ = __int__ = __index__ = __mod__ = __rmod__ = __add__ = __radd__ = _fail  # type: ignore[assignment]
    __str__ = __format__ = __bool__ = _fail  # type: ignore[assignment]

    def __repr__(self) -> str:
        return "HIDDEN"


HIDDEN: Any = _Hidden()


def is_hidden(value: object) -> bool:
    return value is HIDDEN


class SecretPebblesState(PebblesState):
    def redacted(self, player: int) -> SecretPebblesState:
        """The copy seat ``player`` may hold: nothing of the other seats' secrets (the
        table's hidden faces and the other seats' unrevealed bets are HIDDEN)."""
        new: SecretPebblesState = self.clone()  # type: ignore[assignment]
        if self.flow.top is None:
            return new
        new.table = self.table.redacted(player, HIDDEN)
        top = new.flow.top
        if isinstance(top, Bet):
            chosen = tuple((s, a if s == player else HIDDEN) for s, a in top.chosen)
            new.flow.items[-1] = dataclasses.replace(top, chosen=chosen)
        new._events = [e for e in self._events if e.visible(player)]
        new.flow._events = new._events
        new._history = new._rewrite_history(player)
        return new

    def determinize(self, player: int, rng: random.Random) -> State:
        red = self.redacted(player)
        new = FlowState.determinize(red, player, rng)
        new._history = red._history
        new._history = new._rewrite_history(player)
        return new  # type: ignore[no-any-return]

    def _rewrite_history(self, player: int) -> list[Any]:
        """The history with other seats' deals and unrevealed bets as this copy has them."""
        out: list[Any] = []
        dealt = 0
        cards = self.cards
        bets = self.bets
        for entry in self._history:
            if isinstance(entry, str) and entry.startswith("card:"):
                seat, dealt = dealt, dealt + 1
                card = cards[seat]
                out.append(entry if seat == player else f"card:{'?' if is_hidden(card) else card}")
            elif (
                isinstance(entry, list) and entry[0] != player and str(entry[1]).startswith("bet:")
            ):
                bet = bets[entry[0]]
                out.append([entry[0], f"bet:{'?' if is_hidden(bet) else bet}"])
            else:
                out.append(entry)
        return out

    @property
    def bets(self) -> list[Any]:
        top = self.flow.top
        if self.placed is None and isinstance(top, Bet):
            out: list[Any] = [None] * self.game.players
            for seat, aid in top.chosen:
                out[seat] = HIDDEN if is_hidden(aid) else aid[4:]
            return out
        return PebblesState.bets.fget(self)  # type: ignore[attr-defined,no-any-return]

    def stats(self) -> dict[str, Any]:
        bets = [b for b in self.bets if b is not None and not is_hidden(b)]
        return {
            "banked_total": sum(self.banked),
            "odd_bets": sum(1 for b in bets if b == "odd"),
            "first_bet": bets[0] if bets else None,
            "banked": list(self.banked),
            "bets": bets,
            "finished": self.flow.top is None,
        }


def cautious(state: State, player: int, rng: random.Random) -> Action:
    """Heuristic bot: bet even, give 1, roll while the pot is below 3."""
    legal = {a.id: a for a in state.legal_actions(player)}
    for choice in ("bet:even", "gift:1"):
        if choice in legal:
            return legal[choice]
    pot = state.observation(player)["pot"]
    return PLAY["roll"] if pot < 3 and "roll" in legal else legal["stop"]


class SecretPebbles(Pebbles):
    info = Pebbles.info.__class__(
        **{**Pebbles.info.__dict__, "name": "secret-pebbles", "title": "Secret pebbles (test)"}
    )

    def new_state(self, seed: int | None = None) -> SecretPebblesState:
        return SecretPebblesState(self, seed)

    def heuristic_policy(self) -> Policy | None:
        return cautious


def make_secret(players: int = 2) -> SecretPebbles:
    """Register the game (only for the tests that ask for it) and configure it."""
    register("secret-pebbles", SecretPebbles)
    return SecretPebbles(players=players)
