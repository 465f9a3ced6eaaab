"""Runs the real ``oneiros`` command with the test-only games registered.

    python -m tests.cli.oneiros_cli play pebbles --seats human,random

``pebbles`` is the engine's test game (without its rule explanations); ``pebbles-plus`` is the same game with what Lucidity
adds for the terminal: a turn counter, rule explanations and a risk meter.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from oneiros.agents import Agent, AgentInfo, register_agent
from oneiros.cli.main import main
from oneiros.core import Action, State, register
from tests.tinygame import Pebbles, PebblesState

EXPLAINED = {
    'pebbles "Setup"': "Every seat secretly draws a card and bets on its parity.",
    'pebbles "Turn"': (
        "Roll the pebble die to add to your pot, or stop to bank it. A bust empties the pot "
        "and ends your turn."
    ),
}


class PlusState(PebblesState):
    def turn_number(self) -> int:
        """Turns start after the bets; each bank or bust ends one."""
        if any(b is None for b in self.bets):
            return 0
        ended = sum(
            1
            for e in self._events
            if e.kind == "banked" or (e.kind == "rolled" and e.data.get("face") == "bust")
        )
        return ended + (0 if self.flow.top is None else 1)

    def insights(self, player: int) -> dict[str, Any]:
        return {"risk": {"bust": 1 / 6, "pot": self.pot}}

    def _copy(self) -> PlusState:
        new = super()._copy()
        new.__class__ = PlusState
        return new  # type: ignore[return-value]


class PebblesPlus(Pebbles):
    info = dataclasses.replace(Pebbles.info, name="pebbles-plus", title="Pebbles Plus (test game)")

    def new_state(self, seed: int | None = None) -> PlusState:
        state = PlusState.__new__(PlusState)
        PebblesState.__init__(state, self, seed)
        return state

    def rule_text(self, ref: str) -> str | None:
        return EXPLAINED.get(ref) or super().rule_text(ref)


class BrokenAgent(Agent):
    """A bot with a bug: it fails on its second move."""

    name = "broken"

    def act(self, state: State, player: int) -> Action:
        self.moves = getattr(self, "moves", 0) + 1
        if self.moves >= 2:
            raise RuntimeError("the broken bot gave up")
        return state.legal_actions(player)[0]


class Unexplained(Pebbles):
    """Pebbles without its rule explanations: ``?`` then shows the reference alone."""

    def rule_text(self, ref: str) -> str | None:
        return None


register("pebbles", Unexplained)
register("pebbles-plus", PebblesPlus)
register_agent(AgentInfo("broken", "fails on its second move (tests only)", BrokenAgent))

if __name__ == "__main__":
    main()
