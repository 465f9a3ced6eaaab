"""The registry of Sleep Tight's step kinds (``core.flow.Kinds``): each kind is checked when
its module is imported (unique, a rule key of ``refs.RULES``, a prompt, its handlers)."""

from __future__ import annotations

import dataclasses
import random
from typing import TYPE_CHECKING, Any, ClassVar

from ....core import Action, Deck
from ....core.flow import ChanceStep, Flow, FlowStep, Kinds, evolve
from ..refs import RULES

if TYPE_CHECKING:
    from ..state import SleepTightState

KINDS = Kinds("sleep-tight", RULES)
"""Every step kind of Sleep Tight."""


@dataclasses.dataclass(frozen=True, slots=True)
class Chance(ChanceStep):
    """A Sleep Tight chance step: its ``Decision`` carries the step's fields (who draws,
    how many cards, why), so a viewer can say what is being drawn."""

    def decision_data(self, s: Any) -> dict[str, Any]:
        return self.fields()


@dataclasses.dataclass(frozen=True, slots=True)
class DeckDraw(Chance):
    """A card drawn from one of the decks (``core.Deck``): outcome ``<verb>:<card>``."""

    verb: ClassVar[str] = ""

    def deck(self, s: SleepTightState) -> Deck[str]:
        raise NotImplementedError

    def outcomes(self, s: SleepTightState) -> list[tuple[Action, float]]:
        verb = self.verb
        return [(s._a(f"{verb}:{c}"), p) for c, p in self.deck(s).outcomes()]

    def sample(self, s: SleepTightState, rng: random.Random) -> Action:
        return s._a(self.verb + ":" + self.deck(s).sample(rng))

    def lookup(self, s: SleepTightState, action_id: str) -> Action | None:
        """The outcome ``action_id`` if the deck can deal it (without listing them all)."""
        prefix, _, card = action_id.partition(":")
        deck = self.deck(s)
        known = deck.next_known()
        ok = card == known if known is not None else deck.unknown.count(card) > 0
        return s._a(action_id) if prefix == self.verb and ok else None


def hand_on(flow: Flow, cls: type[FlowStep], **fields: object) -> None:
    """Give work still owed to the step of class ``cls`` that will do it: the topmost one
    waiting on the stack gets ``fields`` (a new immutable step in its place)."""
    items = flow.items
    for i in range(len(items) - 1, -1, -1):
        if type(items[i]) is cls:
            items[i] = evolve(items[i], **fields)
            flow.changed()
            return
    raise LookupError(f"no {cls.kind} step on the stack to take {sorted(fields)}")
