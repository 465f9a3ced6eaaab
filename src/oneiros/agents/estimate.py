"""The win chance behind a hint: how often a seat wins when the game is played out after
an action by the game's heuristic bot (random moves when it has none), from what the seat
may know (hidden information is dealt anew for every playout, ``view_for``). The terminal
``hint`` command and the web table's hint both use it."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ..core import CHANCE, State
from .base import make_agent, view_for


@dataclass(frozen=True, slots=True)
class Estimate:
    """``wins`` of ``playouts`` games won by the seat, played out by ``bots`` bots."""

    wins: int
    playouts: int
    bots: str

    @property
    def chance(self) -> float:
        return self.wins / self.playouts if self.playouts else 0.0


def win_chance(
    state: State,
    seat: int,
    action_id: str,
    rng: random.Random,
    playouts: int = 200,
    seconds: float = 2.0,
) -> Estimate:
    """Play the game out after ``seat`` plays ``action_id``, ``playouts`` times or until
    ``seconds`` of wall clock have passed (at least one playout)."""
    game = state.game
    bots = "heuristic" if game.heuristic_policy() is not None else "random"
    players = {s: make_agent(bots, game, seed=rng.randrange(2**31)) for s in range(game.players)}
    wins = done = 0
    deadline = time.monotonic() + seconds
    limit = game.info.max_decisions
    while done < playouts and (done == 0 or time.monotonic() < deadline):
        sim = view_for(state, seat, rng)
        sim = sim.clone() if sim is state else sim
        sim.apply(action_id, player=seat)
        steps = 0
        while not sim.is_terminal() and steps < limit:
            mover = sim.to_move()[0]
            if mover == CHANCE:
                sim.apply(sim.sample_chance(rng))
            else:
                sim.apply(players[mover].act(sim, mover).id, player=mover)
            steps += 1
        done += 1
        wins += seat in sim.winners()
    return Estimate(wins, done, bots)
