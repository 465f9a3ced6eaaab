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
- A stack's bottom card is face up: every seat sees it (event stack_bottom, observation) as
  soon as it is played.
- The players lose as soon as the last Dreamscape is drawn (the round it would open is not
  played).
- Every seat's observation has a ``known_hand`` entry (cards every seat saw go back into that
  hand). Play is unchanged: with that key removed from the observations, every digest
  equals the one before.

Events whose "(s)" plurals became a singular and a plural text (2026-12-02: "takes 1 Soul
Fragment", "takes 2 Soul Fragments") are digested in their former wording (``older_text``):
that change of wording changed no play.

The observation tensor is deliberately not part of the digest."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

import oneiros
from oneiros.core import CHANCE
from oneiros.testing import state_digest
from tests.lucidity.test_speed_invariance import former_text

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


def _forms(former: str) -> tuple[str, str]:
    return former.replace("(s)", ""), former.replace("(s)", "s")


PLURALS: list[tuple[str, str, tuple[str, ...]]] = [
    (kind, former, _forms(former))
    for kind, former in [
        (
            "damaged",
            "Seat {seat} loses {lost} Soul Fragment(s) to seat {source} ({prevented} prevented)",
        ),
        (
            "requirement_unmet",
            "Seat {seat} holds {have} Soul Fragment(s), not the {need} that {name} requires: it "
            "goes back to their hand",
        ),
        ("revealed", "Seat {seat} reveals {count} play(s): {names}"),
        (
            "discarded_for_fragments",
            "Seat {seat} discarded {names} and takes {got} Soul Fragment(s)",
        ),
        (
            "dreamscape",
            "Seat {seat} enters {name} ({dream}, {fragments}) and takes {got} Soul Fragment(s)",
        ),
        (
            "sandman_damage",
            "{name} takes {lost} Soul Fragment(s) from seat {seat} ({prevented} prevented)",
        ),
        ("sandman_damage", "The Sandman takes {lost} Soul Fragment(s) from seat {seat}"),
        ("gained", "Seat {seat} takes {got} Soul Fragment(s) from the pile"),
        ("stole_fragments", "Seat {seat} takes {n} Soul Fragment(s) from seat {victim}"),
    ]
]
"""Events whose "(s)" plurals became singular and plural texts on 2026-12-02: kind, the
former text, the texts that replaced it (kind and data are unchanged)."""


def older_text(event: Any) -> str:
    """An event's text as worded before ``PLURALS``: the digests compare play."""
    text: str = former_text(event, PLURALS) or event.text
    return text


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
    return state_digest(
        state, state.record()["actions"], legal_seen.hexdigest(), views=views, event_text=older_text
    )


EXPECTED: list[str] = [
    "4bce3e2f57e880fc21f381fcc9be1c8ecb71b37a1a22e42b8681b0dfc2c6781c",
    "f2d4350c885e018b70cbe047a2cf2ce7cb6ce9a1217a21c7bc96c12c0355d8ff",
    "decc4eb43c638edd8dc3a4c314fb147827d6d6302ca261240713aef244406da9",
    "3cd03943fe845689ace991192f3a8ee0f9103d39cf58fb4cf5c99f81b97e4e40",
    "7cfb9ffd4e7236b3e6350f76a0d1a51d3630f602e258d4654fc2d44885a81f72",
    "99917b2a945ead83479816ee6ddb93909a383892bec5a62df01532e8a4ca0de3",
    "740d25bdf510bf4fb8761bddd272bd28a4477f53ea0c63e869d9cab8b4dd2370",
    "11bc99555ee7995d23bfa1112d6f14400da669a70a4d9f171fdbede285889462",
    "32f68de739dfb0422650728090a9d863b6a40c8a017d5eca66cb00b371e473e5",
    "bfba324b1e787c731d059e74c054998ec4133e974df53652128ea01b7b7392f7",
    "5de51156ece3c996e796540266502ea4067db4c72d09a934ff9a30ee3cc78445",
    "c7db631c0d0b9d7c54a1229822d5c3d084dcd90a23c78b822ae9b20764fc9977",
    "c7039546d2321b058d6cd9e40fa6056610fe8f41a99d3c275a8447f893b6bb0c",
    "728e6f6fa9eea63ebe3144eabb6c8da286c19d367fbccb84e19f9d19908644e8",
    "25cfd284346d940296d4b4aeecd207010beac201daa96bd364d337d6e31fc1ac",
    "ccc5d7527db32254ea8f3a7f54d32b02cc721ba09da6c9dc9b91ac1edb45897b",
    "a23e1b25f268feb4b3905153de7fe0f237dd4bb3ee298f1d2fa68b5878f1962d",
    "0c701ab1324abb3bdaa4d91f41a752413cbd519e3ec6cc6021aae610eb1e99fc",
    "cbabc953898ffed56c67592af829bd2275a492303aadd82608af6df6563e588d",
    "1a950aabbd7ac9aebad215932bd28f1ca264960279f226dbedbf6034e2960477",
]


@pytest.mark.parametrize("index", range(len(CASES)))
def test_fixed_seed_games_unchanged(index: int) -> None:
    assert digest(*CASES[index]) == EXPECTED[index]
