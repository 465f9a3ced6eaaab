"""Pebbles: a tiny game used only to test the core engine (not shipped as a game).

Two or three seats. At the start every seat secretly draws one card (1-6) from a deck
(hidden information) and all seats choose a bet at the same time (simultaneous). Then on
each turn the current seat may ``roll`` a die (chance) or ``stop``. A roll of 1-2 adds that
many pebbles to the turn pot; ``bust`` empties it and ends the turn; ``gift`` interrupts the
turn: the next seat chooses whether the roller gets 1 or 2 pebbles (a nested step). Stopping
banks the pot. The first seat with 6 or more banked pebbles ends the game; final score is
banked pebbles plus 1 if the secret card's parity matches the seat's bet.

It is written on the core's flow and zones, as a new game would be: one step class per
rule, the cards as entities in declared zones (what a seat sees, the events of a deal and
``determinize`` follow from the declarations), no driver and no hand-written redaction.
"""

from __future__ import annotations

from typing import Any

from oneiros.core import Action, Die, Game, GameInfo, OptionSpec, State, rule
from oneiros.core.flow import (
    AutoStep,
    ChanceStep,
    DecisionStep,
    Flow,
    FlowState,
    Kinds,
    SimultaneousStep,
    shared,
)
from oneiros.core.zones import COUNT_ONLY, OWNER, Table, Zone

BOOK = "pebbles"
REFS = {
    "setup": rule(BOOK, "Setup"),
    "turn": rule(BOOK, "Turn"),
    "gift": rule(BOOK, "Gift"),
    "end": rule(BOOK, "End"),
}
RULE_TEXTS = {
    REFS["setup"]: "Each seat draws a secret card (1-6), then all seats bet on its parity "
    "at once; the bets are shown when the last seat has bet.",
    REFS["turn"]: "Roll the die or stop. A 1 or 2 goes to the pot, bust empties it and "
    "ends the turn; stopping banks the pot.",
    REFS["gift"]: "On a gift the next seat chooses whether the roller gets 1 or 2 pebbles.",
    REFS["end"]: "The first seat with 6 banked pebbles ends the game: score is the bank "
    "plus 1 for a bet that matches the card's parity.",
}
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
CARDS = {c: Action(f"card:{c}") for c in range(1, 7)}

ZONES = (
    # "Setup": six cards, face down; each seat's secret card is dealt from that one deck, so
    # an unseen card could be in the deck or in any other hand (one deal group)
    Zone("deck", visibility=COUNT_ONLY, deal_group="cards"),
    Zone("hand", per_seat=True, visibility=OWNER, deal_group="cards", deal_per_owner=False),
)
KINDS = Kinds("pebbles", REFS)


@KINDS.step
class Deal(ChanceStep):
    """pebbles "Setup": one card from the deck to a seat, secretly."""

    kind = "deal"
    rule = "setup"
    prompt = "Deal a card to seat {seat}"
    seat: int

    def outcomes(self, s: PebblesState) -> list[tuple[Action, float]]:
        return [(CARDS[c], p) for c, p in s.table.outcomes("deck")]

    def apply(self, s: PebblesState, flow: Flow, action: Action) -> None:
        card = s.table.find("deck", int(action.id[5:]))
        assert card is not None
        flow.emit("dealt", "Seat {seat} draws a secret card", seat=self.seat)
        s.table.move(card, "hand", self.seat, flow=flow, kind="card", fmt="You draw {face}")
        flow.pop()


@KINDS.step
class Bet(SimultaneousStep):
    """pebbles "Setup": every seat bets on its card's parity at once."""

    kind = "bet"
    rule = "setup"
    prompt = "Bet on your card's parity"

    def legal(self, s: PebblesState, seat: int) -> list[Action]:
        return [PLAY["bet:odd"], PLAY["bet:even"]]

    def on_choose(self, s: PebblesState, flow: Flow, seat: int, action: Action) -> None:
        flow.emit("bet", "You bet {bet}", visible_to=(seat,), bet=action.id[4:])

    def close(self, s: PebblesState, flow: Flow, choices: dict[int, str]) -> None:
        s.placed = [choices[i][4:] for i in range(s.game.players)]
        flow.emit("bets_revealed", "Bets: {bets}", bets=list(s.placed))
        flow.pop()


@KINDS.step
class Turn(DecisionStep):
    """pebbles "Turn": roll or stop."""

    kind = "turn"
    rule = "turn"
    prompt = "Roll or stop?"
    seat: int

    def legal(self, s: PebblesState) -> list[Action]:
        return [PLAY["roll"], PLAY["stop"]]

    def apply(self, s: PebblesState, flow: Flow, action: Action) -> None:
        if action.id == "roll":
            flow.push(shared(Roll, self.seat))
            return
        s.banked[self.seat] += s.pot
        flow.emit("banked", "Seat {seat} banks {n}", seat=self.seat, n=s.pot)
        flow.replace(shared(EndTurn, self.seat))


@KINDS.step
class Roll(ChanceStep):
    """pebbles "Turn": the die adds to the pot, busts it, or asks the next seat for a gift."""

    kind = "roll"
    rule = "turn"
    prompt = "Roll the pebble die"
    seat: int

    def outcomes(self, s: PebblesState) -> list[tuple[Action, float]]:
        return ROLL

    def apply(self, s: PebblesState, flow: Flow, action: Action) -> None:
        face = action.id[5:]
        flow.emit("rolled", "Rolled {face}", face=face)
        if face == "bust":
            s.pot = 0
            flow.pop()
            flow.replace(shared(EndTurn, self.seat))  # the turn ends
        elif face == "gift":
            flow.replace(Gift((self.seat + 1) % s.game.players))  # a nested decision
        else:
            s.pot += int(face)
            flow.pop()


@KINDS.step
class Gift(DecisionStep):
    """pebbles "Gift": the next seat chooses what the roller gets."""

    kind = "gift"
    rule = "gift"
    prompt = "Choose the gift"
    seat: int

    def legal(self, s: PebblesState) -> list[Action]:
        return [PLAY["gift:1"], PLAY["gift:2"]]

    def apply(self, s: PebblesState, flow: Flow, action: Action) -> None:
        n = int(action.id[5:])
        s.pot += n
        flow.emit("gift", "Seat {seat} gives {n}", seat=self.seat, n=n)
        flow.pop()


@KINDS.step
class EndTurn(AutoStep):
    """pebbles "End": six banked pebbles end the game; otherwise the next seat plays."""

    kind = "end_turn"
    rule = "end"
    seat: int

    def run(self, s: PebblesState, flow: Flow) -> None:
        s.pot = 0
        if max(s.banked) >= 6:
            for seat in range(s.game.players):
                for card in s.table.ids("hand", seat):
                    s.table.reveal(card)
            flow.emit("game_over", "Game over")
            flow.clear()
            return
        s.current = (self.seat + 1) % s.game.players
        flow.replace(shared(Turn, s.current))


class PebblesState(FlowState, State):
    KINDS = KINDS
    ZONES = ZONES

    def __init__(self, game: Game, seed: int | None) -> None:
        super().__init__(game, seed)
        n = game.players
        self.table = Table(n, ZONES)
        for c in range(1, 7):
            self.table.create(f"c{c}", c, "deck")
        self.placed: list[str] | None = None  # the bets, once revealed
        self.banked = [0] * n
        self.pot = 0
        self.current = 0
        steps = [Turn(0), Bet(waiting=tuple(range(n)))]
        steps += [Deal(seat) for seat in reversed(range(n))]
        self.flow = Flow(REFS, self._events, steps)
        self.start()

    # what tests and adapters read
    @property
    def cards(self) -> list[int | None]:
        """Each seat's secret card (the truth; None before the deal)."""
        return [next(iter(self.table.faces_in("hand", i)), None) for i in range(self.game.players)]

    @property
    def bets(self) -> list[str | None]:
        """Each seat's bet (the truth: pending ones included)."""
        if self.placed is not None:
            return list(self.placed)
        out: list[str | None] = [None] * self.game.players
        top = self.flow.top
        if isinstance(top, Bet):
            for seat, aid in top.chosen:
                out[seat] = aid[4:]
        return out

    def _pending_bet(self, seat: int) -> str | None:
        top = self.flow.top
        if isinstance(top, Bet):
            for s, aid in top.chosen:
                if s == seat:
                    return aid[4:]
        return None

    def observation(self, player: int | None) -> dict[str, Any]:
        view = self.table.view(player)
        cards: list[int | None] = []
        for i in range(self.game.players):
            faces = view.cards("hand", i)
            if faces is None:
                faces = list(view.known("hand", i).values())
            cards.append(faces[0] if faces else None)
        if self.placed is not None:
            bets = list(self.placed)
        else:
            bets = [self._pending_bet(i) if i == player else None for i in range(len(cards))]
        return {
            "cards": cards,
            "bets": bets,
            "banked": list(self.banked),
            "pot": self.pot,
            "current": self.current,
        }

    def scores(self) -> list[float]:
        if self.flow.top is not None:
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
        out.append(1.0 if isinstance(self.flow.top, Bet) else 0.0)
        return out

    def _copy(self) -> PebblesState:
        new = PebblesState.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.table = self.table.copy()
        new.banked = self.banked.copy()
        new.placed = None if self.placed is None else self.placed.copy()
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

    def rule_text(self, ref: str) -> str | None:
        return RULE_TEXTS.get(ref)

    observation_bounds = (0.0, 1.0)
    """Every entry of ``observation_tensor`` lies in this range."""

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (self.players + 6 + 4 * self.players + 2,)

    def action_ids(self) -> list[str]:
        return list(PLAY) + [a.id for a, _ in ROLL] + [f"card:{c}" for c in range(1, 7)]


def position(
    game: Pebbles,
    *,
    cards: list[int] | None = None,
    bets: list[str] | None = None,
    banked: list[int] | None = None,
    pot: int = 0,
    current: int = 0,
    gift: int | None = None,
    finished: bool = False,
) -> PebblesState:
    """A Pebbles position described as data (the scenario builder of the tests): each
    seat's card, the revealed bets, the banks, the pot and whose turn it is; with
    ``gift`` that seat chooses the gift the current seat rolled; with ``finished`` the game
    is over and the cards are shown."""
    s = game.new_state(seed=0)
    n = game.players
    if cards is not None:
        s.flow.items[:] = [s.flow.items[0], Bet(waiting=tuple(range(n)))]
        for seat, card in enumerate(cards):
            entity = s.table.find("deck", card)
            if entity is None:
                raise ValueError(f"card {card} is not in the deck")
            s.table.move(entity, "hand", seat)
    if bets is not None:
        s.placed = list(bets)
        s.flow.items[:] = [Turn(current)]
    s.banked = list(banked) if banked is not None else [0] * n
    s.pot = pot
    s.current = current
    if gift is not None:
        s.flow.push(Gift(gift))
    if finished:
        for seat in range(n):
            for card in s.table.ids("hand", seat):
                s.table.reveal(card)
        s.flow.clear()
    s.flow.changed()
    return s
