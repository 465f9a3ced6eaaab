"""What a socket is sent is plain JSON whichever encoder the server uses (``orjson`` when
installed): the same data as the standard library's encoding, integer keys as strings,
and integers beyond 64 bits still sent (the standard library takes those)."""

from __future__ import annotations

import json

from oneiros.server.table import encode


def test_the_encoding_carries_the_same_data_as_the_standard_library() -> None:
    message = {
        "type": "update",
        "seats": [{"seat": 0, "name": "Zoë ‮"}, {"seat": 1, "name": None}],
        "observation": {"dice": (1, 6, 3), "by_seat": {0: "a", 1: "b"}, "ok": True},
        "score": 1.5,
    }
    assert json.loads(encode(message)) == json.loads(json.dumps(message))


def test_integers_beyond_64_bits_are_still_sent() -> None:
    seed = 2**70 + 3
    assert json.loads(encode({"seed": seed})) == {"seed": seed}
