"""The end of the game: lucidity-en "Dream Victory" (the bag runs out), "Nightmare Victory"
(no dreamer left), "Power Victory" (after the final turns, ``steps/turn.py``) and "The
Winner" (the most Power; ties: the most dreams on the card, then a roll-off, again while
still tied); lucidity-es "Fin del juego" (any emptying of the bag ends the game after the
turn; tied players share the win)."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from ....core import Action
from ....core.flow import Flow, evolve
from ....core.i18n import plural
from ..model import POWER_FACES, die
from .base import KINDS, Chance

if TYPE_CHECKING:
    from ..state import LucidityState


def trigger_dream_end(s: LucidityState, seat: int) -> None:
    """lucidity-en "Dream Victory": the bag is empty; ``seat`` rolls and resolves what it
    holds, then the game ends."""
    if s.dream_end:
        return
    s.dream_end = True
    s.emit(
        "dream_victory",
        "The bag is empty: seat {seat} rolls and resolves what it holds, then the game ends",
        s.R["dream_victory"],
        seat=seat,
    )


def took_last(s: LucidityState, seat: int) -> bool:
    """Called by everything that takes a dream out of the bag, once no dream of its colour
    is left (the only way the bag can have become empty). lucidity-es "Fin del juego":
    "Si alguna vez no quedan sueños en la bolsa, el jugador actual termina su turno ...
    y luego el jugador con más Poder gana", whatever emptied it. True if that ends the
    game after this turn."""
    if s.game.ruleset == "es" and s.bag_total() == 0:
        trigger_dream_end(s, seat)
        return True
    return False


def end_game(s: LucidityState, reason: str, capped: bool = False) -> None:
    """The game ends (``reason``: "power", "dream", "nightmare"): dreams in hand go back,
    the winners are found among the players still in the game (a Nightmare victory among
    the Nightmares)."""
    from .nightmare import give_back_limbo
    from .resolve import take_rolled

    give_back_limbo(s)
    unresolved = take_rolled(s)
    s.stack.clear()
    if s.hand or unresolved:
        s._to_bag([die(c, "") for c in s.hand] + list(unresolved))
        s.hand = []
    seats = s.seats
    n = len(seats)
    # an eaten player is out of the game ("You are eliminated from the game") and never
    # wins; a Nightmare victory is won by a Nightmare ("the Nightmare with the most Power")
    if reason == "nightmare":
        cands = [i for i in range(n) if seats[i].role == "nightmare"]
    else:
        cands = [i for i in range(n) if seats[i].role != "eliminated"]
    if not cands:
        # lucidity-en "How to win": every player eliminated and no Nightmare to win
        reason = "eliminated"
    s.reason = reason
    s.emit(
        "game_over",
        "The game ends ({reason})",
        s.R[
            "winner"
            if capped
            else "nightmare_victory"
            if reason == "eliminated"
            else reason + "_victory"
        ],
        reason=reason,
    )
    if not cands:
        s.won = []
        s.emit(
            "winners",
            "Nobody wins: every player has been eliminated and no Nightmare is left",
            s.R["how_to_win"],
            seats=[],
        )
        return
    powers = [s.power_of(i) for i in range(n)]
    best = max(powers[i] for i in cands)
    tied = [i for i in cands if powers[i] == best]
    if len(tied) > 1 and s.game.ruleset == "en":
        counts = [len(seats[i].all_dice()) for i in tied]
        most = max(counts)
        tied = [i for i, c in zip(tied, counts, strict=True) if c == most]
        if len(tied) > 1 and most > 0:
            queue = tuple((i, d[0]) for i in tied for d in seats[i].all_dice())
            s.rolloff = {i: 0 for i in tied}
            s.stack.items.append(RollOff(queue))
            s.emit(
                "rolloff",
                "Seats {seats} tie: each rolls every dream on the card",
                s.R["winner"],
                seats=tied,
            )
            return
    s.won = tied
    announce(s)


def announce(s: LucidityState) -> None:
    text = plural(len(s.won), "Winner: seat {seats[0]}", "Winners: seats {seats}")
    s.emit("winners", text, s.R["winner"], seats=list(s.won))


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class RollOff(Chance):
    """lucidity-en "The Winner": the tied players roll every dream on their card, one at a
    time (``queue``: the ``(seat, colour)`` still to roll); the most Power rolled wins."""

    kind = "rolloff"
    rule = "winner"
    prompt = "Roll-off: roll every dream on the card"
    decision_kind = "roll"
    queue: tuple[tuple[int, str], ...]

    @property
    def data(self) -> dict[str, Any]:
        """The fields by name (as the playout kernel reads a roll-off)."""
        return {"queue": self.queue}

    def decision_data(self, s: LucidityState) -> dict[str, Any]:
        return {"colour": self.queue[0][1] if self.queue else None}

    def done(self, s: LucidityState) -> bool:
        return not self.queue

    def finish(self, s: LucidityState, flow: Flow) -> None:
        finish_winners(s)

    def possible(self, s: LucidityState, action: Action) -> bool:
        return action.id in s.game.roll_ids[self.queue[0][1]]

    def outcomes(self, s: LucidityState) -> list[tuple[Action, float]]:
        return s.game.roll_outcomes[self.queue[0][1]]

    def sample(self, s: LucidityState, rng: Any) -> Action:
        faces = s.game.roll_actions[self.queue[0][1]]
        return faces[rng.randrange(len(faces))]

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        q = self.queue
        f = action.id[5:]
        s.rolloff[q[0][0]] += 2 if f == "power2" else 1 if f == "power1" else 0
        flow.replace_top(evolve(self, queue=q[1:]))


def finish_winners(s: LucidityState) -> None:
    """lucidity-en "The Winner": "tying players roll every dream on their card and the
    player who rolls the most Power wins"; players still tied roll off again, as long as
    one of their dreams can roll Power (otherwise nothing could break the tie: shared)."""
    best = max(s.rolloff.values())
    tied = [i for i, v in s.rolloff.items() if v == best]
    if len(tied) > 1:
        queue = tuple((i, d[0]) for i in tied for d in s.seats[i].all_dice())
        faces = s.game.content.faces
        if any(f in POWER_FACES for _, c in queue for f in faces[c]):
            s.rolloff = {i: 0 for i in tied}
            s.stack.items.append(RollOff(queue))
            s.emit(
                "rolloff",
                "Seats {seats} tie again in the roll-off: they roll off again",
                s.R["winner"],
                seats=tied,
            )
            return
    s.won = tied
    announce(s)
