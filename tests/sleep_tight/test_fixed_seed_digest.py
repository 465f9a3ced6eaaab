"""Fixed-seed random games give the same records, observations, event texts, stats and
legal-action order as the engine they were computed on: speed work and refactoring must
not change behaviour.

Computed on the engine before the rules round 3 fixes (issue 12). Recompute them (with this
same ``digest``) only in a commit that changes rules on purpose, and say so in that commit's
message and in the list below.

Recomputed after:

- Where Is The Sandman does not expose a player protected by Blanket Fort or Mirror Ward
  (its no-one event has new words).
- The Soul Consumer's damage replaces the Sandman's base damage; cancelled, it deals none.
- A player back at 10 fragments after dropping below is asked about Wake Up! again.

The observation tensor is deliberately not part of the digest."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

import oneiros
from oneiros.core import CHANCE

CASES: list[tuple[int, dict[str, Any], int]] = [
    (4, {}, 0),
    (4, {}, 1),
    (4, {}, 2),
    (4, {}, 3),
    (3, {}, 4),
    (3, {}, 5),
    (2, {}, 6),
    (2, {}, 7),
    (1, {}, 8),
    (4, {"most_fragments_wins": True}, 9),
    (4, {"easier_soul_consumer": True}, 10),
    (3, {"easier_soul_consumer": True, "most_fragments_wins": True}, 11),
    # Seeds chosen for the other ends of the game.
    (4, {}, 41),  # wake_up
    (4, {}, 44),  # sandman_defeated
    (4, {}, 139),  # all_dead
    (4, {}, 147),  # undercover_agent
    (3, {}, 84),  # undercover_agent
    (2, {}, 20),  # exposed_agent
    (1, {}, 58),  # wake_up
    (1, {}, 189),  # trapped
]


def digest(players: int, options: dict[str, Any], seed: int) -> str:
    game = oneiros.make("sleep-tight", players=players, options=options)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    legal_seen = hashlib.sha256()
    views: list[Any] = []
    while True:
        to_move = state.to_move()
        if not to_move:
            break
        if to_move[0] == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        # A simultaneous step: the seat that acts is drawn too, so that later seats act on
        # a partly built decision.
        seat = rng.choice(to_move)
        legal = state.legal_actions(seat)
        legal_seen.update(f"{seat}:".encode() + " ".join(a.id for a in legal).encode() + b"|")
        state.apply(rng.choice(legal), player=seat)
        if state.turn_number() % 5 == 0:
            views.append(state.observation(seat))
    payload = {
        "record": state.record()["actions"],
        "public": state.observation(None),
        "seats": [state.observation(p) for p in range(players)],
        "views": views,
        "events": [(e.kind, e.text, e.rule, e.visible_to) for e in state.events()],
        "scores": state.scores(),
        "winners": state.winners(),
        "end": state.end_reason(),
        "turns": state.turn_number(),
        "stats": state.stats(),
        "legal": legal_seen.hexdigest(),
    }
    text = json.dumps(payload, sort_keys=True, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()


EXPECTED: list[str] = [
    "bc2c454a0586733540ea18345ae6694930e7dd1944cf8fbbcd2f161d7a833125",
    "e3dda0fda45344e52d7b738f2faff791d40b670397d22a8eeab2aeaa59db56d5",
    "6a35064bc8fda0a66f160a33d9ffcda08eb61cf4771afae401196a805a068ed5",
    "c9571389daa095cb6bf732eaa960d5c30e187d41bf49f31492ce33e4a29f1d42",
    "6e2e8997447d146e221e6144d17a0e4a955e5f5d286b5652ff171cd28532b346",
    "aa40760186939caac06f6bd1ce05be848e71abcabf8ca635c39b269e0020843f",
    "a262ea1817879386d87d74e3a1d15df6309d612c240f3c5a691f63d23425452b",
    "33cd741187e46a6bb19fff924615323479e94791e6ae032b8535efc76955215c",
    "b07f6cc7cba9c3e008294dbfbab8a11b3763283bb483f26547df306950c6e51b",
    "afc5810416e8f889eeb769e278c49dbfca04f40a49fc72ca24a1ff0d0ff76144",
    "03aeeef491d715d000b6b69fc27968dafaae5cb214cd468ac4aab3ac8409afba",
    "d81e7e688231676037dbe9c51bf18dc1e6e831439afff7b1ffdb68cc96a44e58",
    "0aa84c103936160b829bf816104b739087dbb8a4ec70d7cf285add2f866adcf7",
    "be0029d839b930bc6552f7524f8a88ad1282608e87afb7cf3341e308be0e16e9",
    "00881d09530a71310483d7e98e9fc9e90d62093d6cd4a3d0a1c3b0d56bc4a00a",
    "8fc8e96b2b8460c26bc7d058196f3750fb0a2ed28c08dbe6806789ee13d24a04",
    "627b746ec403632edfa7c9abd27e1241578eb71528d5212a968a1d7f12a35e6d",
    "41f2f4e8e351cc6fcc0d560613d73825f0d022a5a0f304cff7253ec16cb1c637",
    "a55ee50e27359087f4ffbb1b20b388ddefd85b2b8708978b512bf540718fae52",
    "207a35887951a92c69a59affb830ec89b40c222ca68ac81b8228ef6ecc5f5ee2",
]


@pytest.mark.parametrize("index", range(len(CASES)))
def test_fixed_seed_games_unchanged(index: int) -> None:
    assert digest(*CASES[index]) == EXPECTED[index]
