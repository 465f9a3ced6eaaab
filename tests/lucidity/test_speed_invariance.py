"""Speed work must not change behaviour: fixed-seed random games give the same records,
final observations, event texts and rules as before (digests computed from the engine
before the speed work). The observation tensor is deliberately not part of the digest."""

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
    "ab7e8b941c956bf65da3439218900d40511a661448758ae52f4cbc626a075327",
    "7f6c62fadfbf041af60059f50e764dc51f18d8dcab46949c5672c63c5b38f46f",
    "2cc7d05589425db50b0129901a5ea9fb867d0b69ae5f5c865b92eb859a1a702d",
    "bec813d5baa1e7cfca60b66a8cc080dc0f5c6c2cb6022259ee129cfbf3956d16",
    "20c262cf2e6e08ef734cd68053f61cf17326fbe1f87bb0b3ed491b8a6cc7d08c",
    "e22b00b192a58b46878aebb5cf0b78d3fec98f0c593669620739c31cf054c2a1",
    "2ed2b6415da387b324b284c3d63c27ab0ba1bf08ff6c8eb3aa056c85f1d9edab",
    "004d50ef4798f164bdd6661da99b25ad8767a7efe171f14ba89e5535e2e4605b",
    "f94e231ef6a1c5c1580297fc3989152cfeba825d8b1138838eb81f093e77742b",
    "ca1a3428214e0387f3f82ae90e15eae7ed0626994fa31a81aa9171c4cb6e1b51",
    "8afd53ac1619047b546b3bf38fe3655d73616abd504fe5066127e7dbd215d217",
    "e382776c088e76295ad76067d086957ab0fb233801cf263fb1948da3ae131570",
    "b8db0a5c7b9f20f9c4a06fbde4be083b24de0e02cf846844ec083bef9b012026",
    "572ea1ecdb0e2d854611747f86497e3a5d9a15b8f3c2b89eda7be734ef97b35a",
    "5c0a5c4196657d8b076481039144eb72b443fc68a7ac961aea113f891b25c7f3",
    "6a04fd5fb88c8f43e2d293af1ce60e776f69c2202147b58a79d2a27d3892f5aa",
    "3ed411e7054c07dffe0f4592f877da29a5cf475c499e5024c284535f4d0bedc5",
    "5cd69a157db19a99bda96055b08b299f8e5f2cabe5ad9a20c7f6ab4ac2285fcf",
    "c114e3be82edbafeda41b95f1d7c998ee78025da34267a4d74a2df5741bec871",
    "cacbebdf42314c2cbd4f0a21db2c314c3ed0debf9064215cd5ce7735c53b2397",
    "b8fe63a83b87880f8dca3a94eb4033475aa9dfaaf4fa848125a1c16224f53895",
    "b4cdced2d5765956cedac5f09a97652201217c77e42185119c2275ab3b42dddc",
    "aefd6b2d47c28f1901ddaa094e376fb247296055a03785b26cd1019ce21a29b7",
    "38ee35602ff504ad78f8715833e4249b4f0cea8eb0d3cd4767b09bf45550cdea",
    "b5fa64e0fd79a7513c5c6b411040ed1d9949f87c2a86099fe28126ff836d56ad",
    "2b6ac38efca29c4152502b501b6a8fd37e5c8b1391602eceb9c45a1cdfa589b4",
    "f5b943672d401245a07f8de5fbfd01399f5696f32a5e1312f24422db1e6a1ee4",
    "dee3911317c19464f0ec6fb35438dcadd3bde19a096d9f606e9252cfd3a922a0",
    "61b3f3962185564434d00fa62d4c4b8b53419172d3545d91c6cec88acf3f2665",
    "6c411694ecfe25244996c0fdbe50690ae82db125e2d0f37f56f39ec3cf0fa319",
]


@pytest.mark.parametrize("index", range(len(CASES)))
def test_fixed_seed_games_unchanged(index: int) -> None:
    assert digest(*CASES[index]) == EXPECTED[index]
