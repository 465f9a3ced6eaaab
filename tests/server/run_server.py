"""Run the web table with the test games registered (used by the durability and browser
tests): ``python -m tests.server.run_server PORT DB_URL [WORKERS]``."""

from __future__ import annotations

import sys

import oneiros
from oneiros.server import run
from tests.server.games import Pebbles4
from tests.server.helpers import make_app, settings
from tests.tinygame import Pebbles


def register() -> None:
    oneiros.register("pebbles", Pebbles)
    oneiros.register("pebbles4", Pebbles4)


def app_from_env() -> object:
    """The application of one worker process (``--workers``): the test games first."""
    import os

    from oneiros.server.config import ENV

    register()
    return make_app(os.environ[ENV + "_DB"])


if __name__ == "__main__":
    register()
    workers = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    run(
        host="127.0.0.1",
        port=int(sys.argv[1]),
        db=sys.argv[2],
        settings=settings(workers=workers),
        factory="tests.server.run_server:app_from_env",
        log_level="warning",
    )
