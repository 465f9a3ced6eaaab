"""Speed work must not change behaviour: fixed-seed random games give the same records,
final observations, event texts and rules as before (digests computed from the engine
before the speed work, recomputed with this same ``digest`` after the rulebook audit fixes,
which changed rules on purpose). The observation tensor is deliberately not part of the
digest."""

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
    "8cd6b09b1adb49b484e616eead6655f220220f787cf0d1af1888432d69f3173e",
    "c8f94286374db331f970887917384ec0f1f77302e56dd64c370889a6b7c1b51a",
    "7ce646a83b080b283dff399d3e88ac7b8d5b9b865012aac73b3d6833e85e2b10",
    "eb71235a3b4c7423a9426b48a4f6816ca2af6164d2366e10761d869066edd350",
    "859554261ff4c62e62e539ab23957f8ecaa9c5f08eecfeeaa6d7f361ed41d94e",
    "f24fb7f41f3a009a71755f9c8d7394e8b77436a4d6a23b5fdb5e41177d8ffe13",
    "a4d67c8c443b88c3739936f722e4f7310ea7747fabfdd832f2bbc3c0f9088921",
    "d1c864b913a6f582e4d0d2b8ce1ffb91fcdf5034c57c69737672d56f609f4e90",
    "06c5ddd21a99c9d8d49a0b42c70806858cde0dc3d8db3200dc5b0879e5186fdf",
    "d27c4cb92152c48bbea3e2c8b9428a3dabcd70fcfb84ff707b6b559c6829ca95",
    "bf56b4ca80f3765f45ebbdab392d75f633f248ba342486e46fbdeb0b0ac8fe8e",
    "57d7443e3e8e67432717c1e442b8478bbe3d48a6eed814c36e047241cccec5c9",
    "75727e7977af584bcc81a3b828d78ada414c098fcd27bb053b045805c1cd70f4",
    "af81bed5ec1824ee8d7f74a4bafe1101d472c0f3dae65e9888d547e1c3d39924",
    "03f89997a46502a9a585d9a67431fc9ef43af68b52bbad57f7cca7e3aea077dd",
    "cb7aaa6db05fd3b776a003263a08fc200767e652f8790d9944733a11122562d0",
    "fe2b55465965f2bab0dd4d66c518851a8a0be9334e2b9fe40c280689999ad843",
    "b65a52ff50ddc4451713d8737dea57a698b685332f6d84ede053ee2024716e58",
    "537a439f91bce592ea1ab229ccede70cffb54bdce134974f339e7619d22080c6",
    "f775db9667472aecf98f4244eb10d96924968a07482e2eb342e34c4d621d86cf",
    "20b582ab305fe56ee30450a7231cf598308a63e7096b216270fdea67f7c70f8d",
    "56e45dcd14eacf48ec87b0cbbeb84b1efb2330432ae4ed99f4bd09ca1524c602",
    "2a9b9d649765598efed0713f61e8ed23bcd6629721648d798b23ddeaf1327e53",
    "59924a896c53eec23adea51dc1f064be2190d96d8933596da2f973002ac81fe8",
    "48ef3d2c349896c6f35b334ff6c2b3d34ca65d686bcde445c7778e04b7e72475",
    "a55e987c5238f49e3e58ff671a8cfe219b32ef3e63d200fc8d28dbb9f8248060",
    "972203c30f4d89c00411d8c91b313d7d7e6c8685a58bd8e431512e934670c0e3",
    "50a8094bb8e145d35efe4b3c434b2187efe89acbc7e57315d3c3aecc32e18dfc",
    "4abdaabab5c78c49f8fb736f6b01c17eb5aa201634abde6fbfa79e69264192c9",
    "25906ec0ac9be519b858210e306768cff2c81fe9fe7bd3f63adb333e4b9bd532",
]


@pytest.mark.parametrize("index", range(len(CASES)))
def test_fixed_seed_games_unchanged(index: int) -> None:
    assert digest(*CASES[index]) == EXPECTED[index]
