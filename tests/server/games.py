"""The test games of the web table tests."""

from __future__ import annotations

import dataclasses

from tests.tinygame import Pebbles


class Pebbles4(Pebbles):
    """Pebbles for up to four seats (two humans and two bots at one table)."""

    info = dataclasses.replace(Pebbles.info, name="pebbles4", max_players=4, default_players=4)
