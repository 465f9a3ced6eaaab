"""Speed work must not change behaviour: fixed-seed random games give the same records,
final observations, event texts and rules as before (digests computed from the engine
before the speed work, recomputed with this same ``digest`` after the rulebook audit fixes,
which changed rules on purpose). They were recomputed again with this same ``digest`` after
the second round of rulebook audit fixes, which changed rules, rule references and
``stats()`` on purpose. The observation tensor is deliberately not part of the digest."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

import oneiros
from oneiros.core import CHANCE

CASES: list[tuple[int, str, dict[str, Any], int]] = [
    (4, "en", {}, 0),
    (4, "en", {}, 1),
    (4, "en", {}, 2),
    (4, "en", {}, 3),
    (4, "es", {}, 4),
    (4, "es", {}, 5),
    (3, "en", {}, 6),
    (3, "es", {}, 7),
    (2, "en", {}, 8),
    (2, "es", {}, 9),
    (4, "en", {"bone_hunters": 2}, 10),
    (3, "es", {"bone_hunters": 2}, 11),
    (4, "en", {"manifestations": True}, 12),
    (2, "en", {"manifestations": True}, 13),
    (4, "en", {"dreamscapes": True}, 14),
    (3, "en", {"dreamscapes": True}, 15),
    (4, "en", {"manifestations": True, "dreamscapes": True, "bone_hunters": 3}, 16),
    (4, "en", {"fourth_shadow_space": True}, 17),
    (3, "en", {"replacement_dice": True}, 18),
    (4, "es", {"temptation": "envy"}, 19),
    (4, "es", {"temptation": "fear"}, 20),
    (4, "en", {"table_slips": True}, 21),
    (3, "es", {"table_slips": True}, 22),
    (2, "en", {"first_player": "1"}, 23),
    (4, "en", {"first_player": "2", "bone_hunters": 8}, 24),
    (4, "es", {"manifestations": True, "dreamscapes": True}, 25),
    (2, "es", {"bone_hunters": 1, "replacement_dice": True}, 26),
    (3, "en", {"manifestations": True, "table_slips": True}, 27),
    (4, "en", {"dreamscapes": True, "fourth_shadow_space": True}, 28),
    (4, "es", {"bone_hunters": 4, "dreamscapes": True}, 29),
]


def digest(players: int, ruleset: str, options: dict[str, Any], seed: int) -> str:
    game = oneiros.make("lucidity", players=players, ruleset=ruleset, options=options)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    legal_seen = hashlib.sha256()
    while True:
        to_move = state.to_move()
        if not to_move:
            break
        if to_move[0] == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            seat = to_move[0]
            legal = state.legal_actions(seat)
            legal_seen.update(" ".join(a.id for a in legal).encode() + b"|")
            state.apply(rng.choice(legal), player=seat)
    payload = {
        "record": state.record()["actions"],
        "public": state.observation(None),
        "seats": [state.observation(p) for p in range(players)],
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
    "4e855f82c014fa5bf06abaa028b8962467dcb9ec128539eccab77bfa81163b46",
    "93a2d5444dc4f01bff7c4b9864f59bc509549fcbb1583ab87bde1bee3273de69",
    "c2786f5b6893da8cb8efc862874364648dfaa5a07b12ab389bdbcc801f723278",
    "f6a8b93556bc328edf67d20d9aa702d6e9326d4ec39ebdec247f83f765cb8ddf",
    "b572fb991a2b5583b9e563ad4cfb5c731a915b926acf12ae9515b29aff0fd5d7",
    "5da0e0ffefa8d8f0f7e77978b38dc30b3d23ad552aed5444766625fcbded4996",
    "599d9304a9b3b121696496aac8f836fa139e740dd72e333cca58b1d69f8ac3a8",
    "adbf73f7a49aa8f350969b39a55bd0f958ac477bdc0e82590c402838f46e4310",
    "186c4e0a52cae02136d542cd59b02914f7fce771cd2cd49cc064e8f99506ddc6",
    "733b1148ef8f79cc65c2d26a4d94c1fd471774f9bb5e3b4d0a502405c45ca928",
    "6cc552b7c7260035a1042004616acaee538290f9e28d4b0ea81320335d62c214",
    "e62bab298a2bd0a966890337f45022fd4bc1d4ff77e456b4a8368a3fa1350d5d",
    "a1c053f9ccb90f53b2f132f18af6e4e3e92f42d0594f5937a0b0e3ef0bf74c06",
    "3686b8293efa3ddcc116a3fecdaa8e811d4029a568af29bbb25509d63c6191fc",
    "4fc3d11abd12f617359e6420bf87c93fe417181d130bdcce6576cc898b6e5a96",
    "f98a3e50bab7225b8109cc26d5ab0b5da1d29bcef805a096d81d2ec23b0d7e13",
    "53ad1bf476a74b9ce838736208050fb552e3d0c8df990b52566288f1adbea489",
    "561f05d0cd0275e47b58e68161783393f4cc7fa5b4fb694bde060a51aca866e6",
    "d77eaea378bc4d395511f25c1740ff6c8a6774cf2d06e8b158b511c9e15be64b",
    "d7c03413cba490ccf66bb0ead339346bae720073d77a528d42d8cab30a721561",
    "12f18ce627d6962a89d8fe4f0b5b6d6376bfa8cbee32ef3d28cfaf7d41f84e23",
    "b4f36dede881882047d1d016c08b2e1f048b30de8d637937abbabbfd95908d4f",
    "7fa41c37b440c2a008a2fe3ca048f8f37a32346affd71da991a837af5ee8d957",
    "da6be5a4bb0a7f515afc8b22ccdf464f6ad5f4b677a9c622e9651e1a045183e8",
    "7a9b4012d410b771023e2e06b1a56ac8d8a5f3e5a2401153bf7235e2713e29e2",
    "45080d1ad125ab006c51eebeb03b30c0bea7da95a48524b56b0d4012523641bb",
    "857ae3a36f915ca2ec62a3687939ecc0d1a55059ded1be2875957cb3e269da1e",
    "475bd6211801c6cd0419f824c2e90cb6197dbecd7fc2fa35afbfd8076c07c47b",
    "f0310c6d5d395d49b857d5ffd21445c78a15dd59a2736ae2a8b21d31ccab4885",
    "3f20182c556592c449773cbd0a92d9127d1faf3c8650f0a11c1fc2163d37ba0a",
]


@pytest.mark.parametrize("index", range(len(CASES)))
def test_fixed_seed_games_unchanged(index: int) -> None:
    assert digest(*CASES[index]) == EXPECTED[index]
