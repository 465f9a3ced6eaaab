"""The test games of the web table tests."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from oneiros.core import Action, Policy, State
from tests.tinygame import REFS, Pebbles, PebblesState


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


WHISPER = Action("whisper", "Whisper to the Sandman (nobody else knows)")


class PebblesWhisper(Pebbles):
    """Pebbles where a seat may, before its bet, make a secret extra move (a private event,
    one more history entry): the shape of Sleep Tight's accepted Sandman offer."""

    info = dataclasses.replace(Pebbles.info, name="pebbles-whisper")

    def new_state(self, seed: int | None = None) -> PebblesState:
        state = WhisperState(self, seed)
        state.whispered = [False] * self.players
        return state

    def action_ids(self) -> list[str]:
        return [*super().action_ids(), WHISPER.id]


class WhisperState(PebblesState):
    whispered: list[bool]

    def _betting(self) -> bool:
        top = self.flow.top
        return top is not None and top.kind == "bet"

    def _legal(self, player: int) -> list[Action]:
        legal = super()._legal(player)
        if self._betting() and not self.whispered[player]:
            legal = [*legal, WHISPER]
        return legal

    def _lookup(self, action_id: str, player: int) -> Action | None:
        if action_id == WHISPER.id:
            return WHISPER if WHISPER in self._legal(player) else None
        return super()._lookup(action_id, player)

    def _do(self, action: Action, player: int) -> None:
        if action.id == WHISPER.id:
            self.whispered[player] = True
            self.emit("whisper", "You whisper to the Sandman", REFS["setup"], (player,))
            return
        super()._do(action, player)

    def observation(self, player: int | None) -> dict[str, Any]:
        obs = super().observation(player)
        if player is not None:
            obs["whispered"] = self.whispered[player]
        return obs

    def _copy(self) -> WhisperState:
        new = super()._copy()
        new.whispered = list(self.whispered)  # type: ignore[attr-defined]
        return new  # type: ignore[return-value]
