"""Pebbles: a tiny game used only to test the core engine (not shipped as a game).

Two or three seats. At the start every seat secretly draws one card (1-6) from a deck
(hidden information) and all seats choose a bet at the same time (simultaneous). Then on
each turn the current seat may ``roll`` a die (chance) or ``stop``. A roll of 1-2 adds that
many pebbles to the turn pot; ``bust`` empties it and ends the turn; ``gift`` interrupts the
turn: the next seat chooses whether the roller gets 1 or 2 pebbles (a nested step). Stopping
banks the pot. The first seat with 6 or more banked pebbles ends the game; final score is
banked pebbles plus 1 if the secret card's parity matches the seat's bet.
"""

from __future__ import annotations

import random
from typing import Any

from oneiros.core import (
    CHANCE,
    Action,
    Decision,
    Deck,
    Die,
    Game,
    GameInfo,
    OptionSpec,
    State,
    Step,
    StepStack,
    rule,
)

BOOK = "pebbles"
DIE = Die("pebble", ("1", "2", "bust", "gift", "1", "2"))
ROLL = [(Action(f"roll:{f}", f"The die shows {f}"), p) for f, p in DIE.outcomes()]
PLAY = {
    "roll": Action("roll", "Roll the die"),
    "stop": Action("stop", "Bank the pot"),
    "bet:odd": Action("bet:odd", "Bet that your card is odd"),
    "bet:even": Action("bet:even", "Bet that your card is even"),
    "gift:1": Action("gift:1", "Give 1 pebble"),
    "gift:2": Action("gift:2", "Give 2 pebbles"),
}


class PebblesState(State):
    def __init__(self, game: Game, seed: int | None) -> None:
        super().__init__(game, seed)
        n = game.players
        self.deck: Deck[int] = Deck(range(1, 7))
        self.cards: list[int | None] = [None] * n
        self.bets: list[str | None] = [None] * n
        self.banked = [0] * n
        self.pot = 0
        self.current = 0
        self.stack = StepStack([Step("turn", 0)])
        self.stack.push(Step("bet", -2, waiting=tuple(range(n))))
        for seat in reversed(range(n)):
            self.stack.push(Step("deal", CHANCE, seat=seat))

    # hooks
    def to_move(self) -> tuple[int, ...]:
        top = self.stack.top
        if top is None:
            return ()
        if top.kind == "bet":
            return tuple(top["waiting"])
        return (top.player,)

    def decision(self, player: int | None = None) -> Decision | None:
        top = self.stack.top
        if top is None:
            return None
        seat = player if player is not None else top.player
        if top.kind == "deal":
            return Decision(
                "deal", CHANCE, f"Deal a card to seat {top['seat']}", rule(BOOK, "Setup")
            )
        if top.kind == "bet":
            return Decision("bet", seat, "Bet on your card's parity", rule(BOOK, "Setup"))
        if top.kind == "roll":
            return Decision("roll", CHANCE, "Roll the pebble die", rule(BOOK, "Turn"))
        if top.kind == "gift":
            return Decision("gift", top.player, "Choose the gift", rule(BOOK, "Gift"))
        return Decision("turn", top.player, "Roll or stop?", rule(BOOK, "Turn"))

    def _legal(self, player: int) -> list[Action]:
        kind = self.stack.top.kind  # type: ignore[union-attr]
        if kind == "bet":
            return [PLAY["bet:odd"], PLAY["bet:even"]]
        if kind == "gift":
            return [PLAY["gift:1"], PLAY["gift:2"]]
        return [PLAY["roll"], PLAY["stop"]]

    def _chance(self) -> list[tuple[Action, float]]:
        if self.stack.top.kind == "deal":  # type: ignore[union-attr]
            return [(Action(f"card:{c}"), p) for c, p in self.deck.outcomes()]
        return ROLL

    def _do(self, action: Action, player: int) -> None:
        top = self.stack.top
        assert top is not None
        kind, _, arg = action.id.partition(":")
        if top.kind == "deal":
            card = int(arg)
            self.deck.take(card)
            self.cards[top["seat"]] = card
            self.stack.pop()
            self.emit(
                "dealt", "Seat {seat} draws a secret card", rule(BOOK, "Setup"), seat=top["seat"]
            )
            self.emit("card", "You draw {card}", rule(BOOK, "Setup"), (top["seat"],), card=card)
        elif top.kind == "bet":
            self.bets[player] = arg
            waiting = tuple(s for s in top["waiting"] if s != player)
            self.emit("bet", "You bet {bet}", rule(BOOK, "Setup"), (player,), bet=arg)
            if waiting:
                self.stack.replace_top(top.replace(waiting=waiting))
            else:
                self.stack.pop()
                self.emit(
                    "bets_revealed", "Bets: {bets}", rule(BOOK, "Setup"), bets=list(self.bets)
                )
        elif top.kind == "turn":
            if kind == "roll":
                self.stack.push(Step("roll", CHANCE))
            else:
                self.banked[player] += self.pot
                self.emit(
                    "banked", "Seat {seat} banks {n}", rule(BOOK, "Turn"), seat=player, n=self.pot
                )
                self._end_turn()
        elif top.kind == "roll":
            self.stack.pop()
            self.emit("rolled", "Rolled {face}", rule(BOOK, "Turn"), face=arg)
            if arg == "bust":
                self.pot = 0
                self._end_turn()
            elif arg == "gift":
                giver = (self.current + 1) % self.game.players
                self.stack.push(Step("gift", giver))
            else:
                self.pot += int(arg)
        elif top.kind == "gift":
            self.stack.pop()
            self.pot += int(arg)
            self.emit("gift", "Seat {seat} gives {n}", rule(BOOK, "Gift"), seat=player, n=int(arg))

    def _end_turn(self) -> None:
        self.pot = 0
        if max(self.banked) >= 6:
            self.stack.clear()
            self.emit("game_over", "Game over", rule(BOOK, "End"))
            return
        self.current = (self.current + 1) % self.game.players
        self.stack.replace_top(Step("turn", self.current))

    def observation(self, player: int | None) -> dict[str, Any]:
        revealed = self.stack.top is None or all(b is not None for b in self.bets)
        return {
            "cards": [
                c if (player == i or self.stack.top is None) else None
                for i, c in enumerate(self.cards)
            ],
            "bets": [b if (revealed or player == i) else None for i, b in enumerate(self.bets)],
            "banked": list(self.banked),
            "pot": self.pot,
            "current": self.current,
        }

    def scores(self) -> list[float]:
        if self.stack.top is not None:
            return []
        out = []
        for card, bet, bank in zip(self.cards, self.bets, self.banked, strict=True):
            parity = "even" if card is not None and card % 2 == 0 else "odd"
            out.append(float(bank + (1 if bet == parity else 0)))
        return out

    def winners(self) -> list[int]:
        scores = self.scores()
        if not scores:
            return []
        best = max(scores)
        return [i for i, s in enumerate(scores) if s == best]

    def observation_tensor(self, player: int) -> list[float]:
        """Flat encoding of ``observation(player)`` only (see ``Pebbles.observation_shape``)."""
        n = self.game.players
        obs = self.observation(player)
        out = [1.0 if i == player else 0.0 for i in range(n)]
        card = obs["cards"][player]
        out += [1.0 if card == c else 0.0 for c in range(1, 7)]
        for i in range(n):
            bet = obs["bets"][i]
            out += [1.0 if bet == "odd" else 0.0, 1.0 if bet == "even" else 0.0]
            out.append(min(obs["banked"][i], 12) / 12)
            out.append(1.0 if obs["current"] == i else 0.0)
        out.append(min(obs["pot"], 12) / 12)
        out.append(1.0 if self.stack.top is not None and self.stack.top.kind == "bet" else 0.0)
        return out

    def determinize(self, player: int, rng: random.Random) -> PebblesState:
        """A world consistent with what ``player`` knows: the other seats' cards are drawn
        again from the cards it has not seen, their unrevealed bets guessed, and the
        events and history it may not see dropped."""
        new = self.clone()
        assert isinstance(new, PebblesState)
        others = [i for i, c in enumerate(self.cards) if i != player and c is not None]
        pool = self.deck.cards() + [self.cards[i] for i in others]
        rng.shuffle(pool)
        for i in others:
            new.cards[i] = pool.pop()
        new.deck = Deck(pool)
        if not all(b is not None for b in self.bets):
            for i, bet in enumerate(self.bets):
                if i != player and bet is not None:
                    new.bets[i] = rng.choice(("odd", "even"))
        new._events = [e for e in self._events if e.visible(player)]
        new._history = []
        return new

    def _copy(self) -> PebblesState:
        new = PebblesState.__new__(PebblesState)
        new.deck = self.deck.copy()
        new.cards = self.cards.copy()
        new.bets = self.bets.copy()
        new.banked = self.banked.copy()
        new.pot = self.pot
        new.current = self.current
        new.stack = self.stack.copy()
        new.seed = self.seed
        return new


class Pebbles(Game):
    info = GameInfo(
        name="pebbles",
        title="Pebbles (test game)",
        summary="A tiny push-your-luck game for testing the engine.",
        rulesets=("basic",),
        default_ruleset="basic",
        min_players=2,
        max_players=3,
        default_players=2,
        options=(OptionSpec("long", False, "unused flag"),),
        max_decisions=2000,
        perfect_information=False,
        simultaneous=True,
    )

    def new_state(self, seed: int | None = None) -> PebblesState:
        return PebblesState(self, seed)

    observation_bounds = (0.0, 1.0)
    """Every entry of ``observation_tensor`` lies in this range."""

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (self.players + 6 + 4 * self.players + 2,)

    def action_ids(self) -> list[str]:
        return list(PLAY) + [a.id for a, _ in ROLL] + [f"card:{c}" for c in range(1, 7)]
