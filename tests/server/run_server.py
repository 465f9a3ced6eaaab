"""Run the web table with the test games registered (used by the durability and browser
tests): ``python -m tests.server.run_server PORT DB_URL``."""

from __future__ import annotations

import sys

import oneiros
from oneiros.server import run
from tests.server.games import Pebbles4
from tests.tinygame import Pebbles

if __name__ == "__main__":
    oneiros.register("pebbles", Pebbles)
    oneiros.register("pebbles4", Pebbles4)
    run(host="127.0.0.1", port=int(sys.argv[1]), db=sys.argv[2], log_level="warning")
