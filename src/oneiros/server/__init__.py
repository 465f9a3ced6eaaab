"""The web table: play Oneiros games in the browser with friends and bots.

``oneiros serve`` runs :func:`create_app` with uvicorn on 127.0.0.1:8000 and an SQLite file;
``--db postgresql://...`` stores the games in PostgreSQL instead. See docs/web.md.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fastapi import FastAPI


def create_app(db_url: str = "sqlite:///oneiros.db", bot_threads: int = 4) -> FastAPI:
    """The web table application (imported lazily: the web extra is optional)."""
    from .app import create_app as _create

    return _create(db_url, bot_threads=bot_threads)


def run(
    host: str = "127.0.0.1", port: int = 8000, db: str = "sqlite:///oneiros.db", **kw: Any
) -> None:
    """Serve the web table until interrupted."""
    import uvicorn

    from .db import normalise_url

    normalise_url(db)
    # bots and the database run in threads: hand the GIL back to the event loop sooner than
    # the default 5 ms so that socket reads and writes do not queue behind them
    sys.setswitchinterval(0.0005)
    uvicorn.run(
        create_app(db),
        host=host,
        port=port,
        ws_max_size=1 << 20,
        ws_per_message_deflate=False,
        log_level=kw.get("log_level", "info"),
        timeout_graceful_shutdown=3,
    )


__all__ = ["create_app", "run"]
