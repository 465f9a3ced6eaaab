"""The Etherfields action-id grammar (etherfields design §1, "Action ids")."""

from __future__ import annotations

import pytest

from oneiros.core.actions import GrammarError
from oneiros.games.etherfields.actions import GRAMMAR

IDS = [
    "pay:s07:awareness",
    "pay-item:tin-lantern:awareness",
    "boost",
    "give-up",
    "resolve",
    "use:basic:gem",
    "use:map:B2.3:gate",
    "use:entity:rust-moth:swat",
    "use:mask",
    "use:back",
    "play:d1",
    "place:s10",
    "step:n",
    "stop",
    "target:entity:rust-moth.2",
    "space:A2.3",
    "choose:2",
    "discard:s01",
    "penalty:seal",
    "reroll:gem",
    "done",
    "pass",
    "draw:s05",
    "back:starting",
    "turn:T-07",
    "luck:skull",
    "mdie:again",
    "morph:range",
    "fate:F-01",
    "item:brass-key",
]


@pytest.mark.parametrize("aid", IDS)
def test_the_design_ids_round_trip(aid):
    assert GRAMMAR.roundtrip(aid) == aid


def test_fields_are_typed_and_checked():
    assert GRAMMAR.parse("use:map:B2.3:gate").fields == {"space": "B2.3", "ability": "gate"}
    assert GRAMMAR.parse("choose:2")["k"] == 2
    assert GRAMMAR.format("pay", card="s07", colour="wrath") == "pay:s07:wrath"
    with pytest.raises(GrammarError, match="not a colour"):
        GRAMMAR.format("pay", card="s07", colour="red")
    with pytest.raises(GrammarError, match="not an action id"):
        GRAMMAR.parse("step:ne")  # "Movement Actions": never diagonal
