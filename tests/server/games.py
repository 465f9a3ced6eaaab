"""The test games of the web table tests."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from oneiros.core import Action, Policy, State
from tests.tinygame import Pebbles, PebblesState


class Pebbles4(Pebbles):
    """Pebbles for up to four seats (two humans and two bots at one table)."""

    info = dataclasses.replace(Pebbles.info, name="pebbles4", max_players=4, default_players=4)


class PebblesCoach(Pebbles):
    """Pebbles with a heuristic bot (hints) and an analysis panel on the turn decision."""

    info = dataclasses.replace(Pebbles.info, name="pebbles-coach")

    def heuristic_policy(self) -> Policy:
        def policy(state: State, player: int, rng: random.Random) -> Action:
            legal = state.legal_actions(player)
            pot = state.observation(player)["pot"]
            wanted = "stop" if pot >= 2 else "roll"
            return next((a for a in legal if a.id == wanted), legal[0])

        return policy

    def new_state(self, seed: int | None = None) -> PebblesState:
        return CoachState(self, seed)


class CoachState(PebblesState):
    def insights(self, player: int) -> dict[str, Any]:
        top = self.flow.top
        if top is None or top.kind != "turn" or top.seat != player:  # type: ignore[attr-defined]
            return {}
        bust = 1 / 6
        return {
            "risk": {
                "eaten": bust,
                "nightmare": 0.0,
                "exhausted": 0.0,
                "expected_power": 1.0,
                "samples": 1,
                "pot": self.pot,
            }
        }

    def _copy(self) -> CoachState:
        new = super()._copy()
        new.__class__ = CoachState
        return new  # type: ignore[return-value]
