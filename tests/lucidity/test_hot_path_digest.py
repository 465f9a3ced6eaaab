"""The per-action hot path (``to_move``, ``legal_actions()`` and ``sample_chance``, then
``apply(action)`` with no seat named: the loop of ``benchmarks/lucidity_speed.py``) must
play exactly as before any speed work on it: the same legal actions in the same order, the
same events (kind, text, rule section, data, who sees them), the same events returned by
each ``apply``, the same record, and the same snapshot at every turn boundary and at the
end. The digests were computed with this same ``digest`` from the engine as it was before
the work on the hot path (commit 03c451b); ``test_speed_invariance.py`` guards the checked
path (``apply(action, player=seat)``) the same way."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

import oneiros
from oneiros.core import CHANCE
from tests.lucidity.test_speed_invariance import FORMER, OLDER, older_text

CASES: list[tuple[int, str, dict[str, Any], int]] = [
    (4, "en", {}, 100),
    (4, "en", {}, 101),
    (4, "en", {}, 102),
    (4, "es", {}, 103),
    (3, "en", {}, 104),
    (2, "es", {}, 105),
    (4, "en", {"bone_hunters": 2, "table_slips": True}, 106),
    (4, "en", {"manifestations": True, "dreamscapes": True}, 107),
    (3, "es", {"manifestations": True, "bone_hunters": 3, "temptation": "fear"}, 108),
    (4, "es", {"temptation": "envy", "fourth_shadow_space": True}, 109),
    (2, "en", {"replacement_dice": True, "table_slips": True}, 110),
    (4, "en", {"dreamscapes": True, "bone_hunters": 4, "first_player": "2"}, 111),
]


def _event(e: Any) -> list[Any]:
    """An event as digested; the events worded anew in their former wording
    (``test_speed_invariance.older_text``): that change of wording changed no play."""
    data = dict(e.data)
    data.pop(OLDER.get(e.kind, ("",))[0], None)
    return [e.kind, older_text(e), e.rule, data, e.visible_to]


def _snapshot(snap: dict[str, Any]) -> dict[str, Any]:
    """A snapshot as digested: its reworded events as ``_event`` reads them."""
    events = []
    for kind, template, rule, data, seen in snap["events"]:
        added, former = OLDER.get(kind, ("", ""))
        if added and added in data:
            template = former
            data = {k: v for k, v in data.items() if k != added}
        template = FORMER.get(template, template)
        events.append([kind, template, rule, data, seen])
    return {**snap, "events": events}


def digest(players: int, ruleset: str, options: dict[str, Any], seed: int) -> str:
    game = oneiros.make("lucidity", players=players, ruleset=ruleset, options=options)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    h = hashlib.sha256()

    def add(item: Any) -> None:
        h.update(json.dumps(item, sort_keys=True, default=repr).encode() + b"\n")

    turn = state.turn_number()
    while True:
        to_move = state.to_move()
        add(list(to_move))
        if not to_move:
            break
        if to_move[0] == CHANCE:
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            add([a.id for a in legal])
            action = rng.choice(legal)
        add([_event(e) for e in state.apply(action)])
        if state.turn_number() != turn:
            turn = state.turn_number()
            add(_snapshot(state.to_snapshot()))
    add(_snapshot(state.to_snapshot()))
    add(state.record())
    add([_event(e) for e in state.events()])
    add([state.scores(), state.winners(), state.end_reason(), state.stats()])
    return h.hexdigest()


EXPECTED: list[str] = [
    "48eb0093ad6f9e5522f87802014dce0ce00c47cc1ce881123a3ab4633da5113e",
    "12892af58142201b688423f2691f7075c1797714e6a05f53b494b886f779345b",
    "11c486d7d8888ff711dfb61a37ab8bef3aaeb9c7f277e01993a3984114966f6e",
    "5d6935a6c4f25fccd6cdd5fe64c68d7c7ee5b87821bbf88ae40dc3bc1e3c972a",
    "570fdb3cd0f0513e5d5aae1b2251b5b735e963f34941e2f4a96f3c9f5cc997bf",
    "23203a5e7c4c3985d320281f3aed95497552afe73b51091d702f300e12079c1d",
    "980571c288f6270ba8c90d3dde5a5d472a7baa62c2ad2efee7574332d2e811c8",
    "af3c6d29a127116bb71bb5c41b915995ee21b762952fccaa68b2cb006b9b64f0",
    "3adfdfbfdb956900f1613ab833058932dada6eb12e4688fdc906a3c5c5ecbf9d",
    "9045959db684f0273d9e99fbe9c2474693ec31afdf2a202fda4911875818f69f",
    "a50a6fdcb7caf31973925120342c6d18931b23f2b1661b3aad0b6ef7d8924bb9",
    "f01d1969d6fe86b4eb34c7af7018ac4b5ac9563c9048e0a80e6cc0b3535506e0",
]


@pytest.mark.parametrize("index", range(len(CASES)))
def test_hot_path_plays_as_before(index: int) -> None:
    assert digest(*CASES[index]) == EXPECTED[index]
