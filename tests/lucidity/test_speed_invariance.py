"""Speed work must not change behaviour: fixed-seed random games give the same records,
final observations, event texts and rules as before (digests computed from the engine
before the speed work, recomputed with this same ``digest`` after the rulebook audit fixes,
which changed rules on purpose). They were recomputed again with this same ``digest`` after
the second round of rulebook audit fixes, which changed rules, rule references and
``stats()`` on purpose. In the third round of rulebook fixes they were recomputed in each
commit that changed a rule: the empty "all exhaust dreams" rest (``rest:none`` offered
whenever the dreamer has no unturned exhaust dream), and the lucidity-es worst case that
rolls the kept dreams again after too many were rolled (case 22). Ids are digested in the
form they had before the picks named the seat (``older_form``), so that rename, which
changed no play, left every digest as it was. Likewise the Nightmare ability's event, which
names the card since 2026-12-02, and Shadow of Envy's, which names the row in words, are
digested in their former wording (``older_text``), and so are the events whose "(s)"
plurals became a singular and a plural text the same day (``PLURALS``). The
observation tensor is deliberately not part of the digest."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

import oneiros
from oneiros.core import CHANCE
from oneiros.testing import state_digest

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


def older_form(aid: str, kind: str) -> str:
    """An id as it was before the picks named the seat whose card the dream is on
    (``pick:seat<k>:<row>:<colour>:<face>``; the Primeval Fear ability's ``fear:<colour>``):
    the digests compare play, and that rename changed no play."""
    if not aid.startswith("pick:seat"):
        return aid
    _, _, row, c, f = aid.split(":")
    return f"fear:{c}" if kind == "hunt_move" else f"pick:{row}:{c}:{f}"


OLDER: dict[str, tuple[str, str]] = {
    "ability": ("card", "The Nightmare (seat {nightmare}) activates: {op}"),
    "envy": (
        "where",
        "Seat {chooser} makes seat {seat} reroll a {colour} dream from the {row} row",
    ),
}
"""Events worded anew on 2026-12-02, by kind: the field added to their data and their former
wording (the ability's event named the effect's op, Envy's the row's id)."""


PLURALS: list[tuple[str, str, tuple[str, ...]]] = [
    (
        "exhausted",
        "Seat {seat} draws a {colour} dream and loses {n} {colour} Power dream(s)",
        (
            "Seat {seat} draws a {colour} dream and loses {n} {colour} Power dream",
            "Seat {seat} draws a {colour} dream and loses {n} {colour} Power dreams",
        ),
    ),
    (
        "became_nightmare",
        "Seat {seat} becomes the {colour} Nightmare and takes {n} Power dream(s) from its card",
        (
            "Seat {seat} becomes the {colour} Nightmare and takes {n} Power dream from its card",
            "Seat {seat} becomes the {colour} Nightmare and takes {n} Power dreams from its card",
        ),
    ),
    (
        "winners",
        "Winner(s): seat(s) {seats}",
        ("Winner: seat {seats[0]}", "Winners: seats {seats}"),
    ),
    (
        "power_victory",
        "Seat(s) {holders} reach {goal} Power: every other dreamer takes one final turn",
        (
            "Seat {holders[0]} reaches {goal} Power: every other dreamer takes one final turn",
            "Seats {holders} reach {goal} Power: every other dreamer takes one final turn",
        ),
    ),
    (
        "reroll",
        "Seat {seat} spends a {colour} Power dream ({where}) to reroll {n} {colour} dream(s)",
        (
            "Seat {seat} spends a {colour} Power dream ({where}) to reroll {n} {colour} dream",
            "Seat {seat} spends a {colour} Power dream ({where}) to reroll {n} {colour} dreams",
        ),
    ),
    (
        "reroll",
        "Seat {seat} rolls the {n} dream(s) it keeps again",
        (
            "Seat {seat} rolls the dream it keeps again",
            "Seat {seat} rolls the {n} dreams it keeps again",
        ),
    ),
    (
        "returned",
        "{n} Bone Hunter(s) go back to the bag",
        ("{n} Bone Hunter goes back to the bag", "{n} Bone Hunters go back to the bag"),
    ),
    (
        "returned",
        "{n} dream(s) go back to the bag",
        ("{n} dream goes back to the bag", "{n} dreams go back to the bag"),
    ),
    (
        "rest",
        "Seat {seat} rests and returns {n} dream(s)",
        ("Seat {seat} rests and returns {n} dream", "Seat {seat} rests and returns {n} dreams"),
    ),
    (
        "cleansed",
        "Seat {seat} returns {n} dream(s) from the {row} row(s)",
        (
            "Seat {seat} returns {n} dream from the {row} row",
            "Seat {seat} returns {n} dreams from the {row} row",
            "Seat {seat} returns {n} dream from the {row} rows",
            "Seat {seat} returns {n} dreams from the {row} rows",
        ),
    ),
]
"""Events whose "(s)" plurals became singular and plural texts on 2026-12-02, chosen by the
count (``oneiros.core.i18n.plural``): kind, the former text, the texts that replaced it.
Kind and data are unchanged."""

FORMER: dict[str, str] = {new: former for _kind, former, texts in PLURALS for new in texts}
"""Each singular or plural text by the "(s)" text it replaced (snapshots hold the texts)."""


def former_text(event: Any, plurals: list[tuple[str, str, tuple[str, ...]]]) -> str | None:
    """The text of ``event`` in its "(s)" wording when ``plurals`` reworded its text, else
    None: the reworded text that formats as the event's text names the former one."""
    text = None
    for kind, former, texts in plurals:
        if kind != event.kind:
            continue
        text = text if text is not None else event.text
        shown = event.shown()
        for new in texts:
            try:
                if new.format(**shown) == text:
                    return former.format(**shown)
            except (KeyError, IndexError, AttributeError):
                continue
    return None


def older_text(event: Any) -> str:
    """An event's text as it was worded before (``OLDER``, ``PLURALS``): the digests compare
    play, and that wording changed no play."""
    added, former = OLDER.get(event.kind, ("", ""))
    if added and added in event.data:
        return former.format(**event.data)
    text: str = former_text(event, PLURALS) or event.text
    return text


def digest(players: int, ruleset: str, options: dict[str, Any], seed: int) -> str:
    game = oneiros.make("lucidity", players=players, ruleset=ruleset, options=options)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    legal_seen = hashlib.sha256()
    record: list[str] = []
    while True:
        to_move = state.to_move()
        if not to_move:
            break
        if to_move[0] == CHANCE:
            action = state.sample_chance(rng)
            record.append(action.id)
            state.apply(action)
        else:
            seat = to_move[0]
            kind = state.decision().kind
            legal = state.legal_actions(seat)
            legal_seen.update(" ".join(older_form(a.id, kind) for a in legal).encode() + b"|")
            action = rng.choice(legal)
            record.append(older_form(action.id, kind))
            state.apply(action, player=seat)
    assert len(record) == len(state.record()["actions"])
    return state_digest(state, record, legal_seen.hexdigest(), event_text=older_text)


EXPECTED: list[str] = [
    "2f08de90540db5b282f755cf74dfd35580b05ea5a8d150d314f04f0480889866",
    "21e0add23f8841c9821bed2a619de62e9967cca854b57665adb2e11dae219b9e",
    "2f3276f77e29254735934aaf467295d7675848df7f4efabeacccb6e3d87e066e",
    "0e126d9248aae299d2fd92e9985f6567b6cbb923e1ec94c18619f0d0598a9600",
    "38d8cecbeb58f43c05c2a6c5a0c5289dfd1703734000635c334adebeff3c8dcd",
    "c00bed646f2b4c5d5607f35f1bcda4c6653b88c9c5f5ebb5c6684fb2751242bb",
    "672ede75cb72d83a79c0c9063416df8feccc6fd98d0578821b26444e2c976e61",
    "aad556d9c66eb6797f04a8ad6a7723bf4cb9da0e9719bf9ce7f4ef5f50d65529",
    "71fe7046d05e971e8ea6b468330888aa4407fbec6fa645ba0ba539a262e41788",
    "545c600234dfcc5a0a73348de05cbf203f8eeb18d307fe75d43ba47ddcd5ab86",
    "0b0e98a4e0eb583af0ca1800e5ffd3efa5700fb843b77722f86c1d18fca222e0",
    "54478af09ecb2ca030752ea8ffbe1100e251d7d4683fab3d72de54f577f84095",
    "1ecd2f326494ae7fed5f920d85680408124c9765d9ae5c5bd027916947555fa3",
    "868692c8dcf3aa1fc2e451c4dbfcc711f6ff24a03e65aaf86486f874fb6f5cd3",
    "8c7487c4a2660990c68b35e0e4d2e8f3a2a8c98a73387530d5201596c377371b",
    "080c5ed964a78dde4f310d1a6e9eb240de9d2835b40b2bdb098522106285d5fd",
    "02817eee1669fa714dfc896afa1d791939c41dc90f003c6aded025645c81d24a",
    "d85395f9af7c6d041c5772e0c0c6daa46f0003c948ce74b0b1329c8d0ea8d3c7",
    "ab6ef8f9af1b3055bc13ac2c013c920b52acee737f3c9eb7ea574e48473b8cbf",
    "c429a6b40b8e02bbf013a3b83c6c61519e88df6113f7be91f60d4a5d4aad6f63",
    "74cd1ce48854b3af38dd23267d01317719e47b2e984e2cd0bd2d7c17f8084119",
    "57dde794a697410b4eff8bd4fa89510dad731285e2201cb431a0d72975fad16d",
    "bc7bf4f7ea82bbddbe6dcb6ed3fd944eeac853f33d67b2e93578954d3df5454e",
    "6020c10680a28f4fcc8684c441ffc5480932d8e24c5171528523180f540ac3c0",
    "4eb8c628f482f18523bcd4a344fca08029d6c1bf9915c72aae7dc6f4cb9ce6ef",
    "721aaa2491e2bdda234ab0052cf281503733a69b800fb8cfacd7f261bd6daceb",
    "69b4c3d5cc4ed10ebdaf8962dba297fa8a1356f8d79003bf8ee636b3577edeff",
    "f3596bcc1630d8a66622a0bc4b052d7a6bea8871c9fed0edc7efb7fd13b13da8",
    "2adc196791900b4076dc0d49b5a246b3a4a2cc3e5d7e6125dab99e74fd48492a",
    "ce0fb630f1e42fd7143ccd3df918d52966f9abddef92267b1f07ae754978b71f",
]


@pytest.mark.parametrize("index", range(len(CASES)))
def test_fixed_seed_games_unchanged(index: int) -> None:
    assert digest(*CASES[index]) == EXPECTED[index]
