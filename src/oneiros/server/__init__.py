"""The web table: play Oneiros games in the browser with friends and bots.

``oneiros serve`` runs :func:`create_app` with uvicorn on 127.0.0.1:8000 and an SQLite file;
``--db postgresql://...`` stores the games in PostgreSQL instead. See docs/web.md.
"""

from __future__ import annotations

import gc
import os
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fastapi import FastAPI

    from .config import Settings


def create_app(
    db_url: str = "sqlite:///oneiros.db", bot_threads: int = 4, settings: Settings | None = None
) -> FastAPI:
    """The web table application (imported lazily: the web extra is optional)."""
    from .app import create_app as _create

    return _create(db_url, bot_threads=bot_threads, settings=settings)


GC_THRESHOLDS = (50_000, 20, 100)
"""The garbage collector's thresholds in a server process (Python's default is
(700, 10, 10)). Under load a process allocates views, events and copies of states by the
hundred thousand a second; with the default thresholds a full collection, which walks
every object in memory, ran every few seconds and stopped the event loop for 0.1-0.5 s
each time (every move in flight waited for it: the p99 latency was mostly that). With
these, and the objects made at start-up frozen out of the collector's walk, young
collections are rarer and a full one comes every few minutes."""


def tune_gc() -> None:
    """Set :data:`GC_THRESHOLDS` and freeze what exists now (modules, games, the app)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def run(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str = "sqlite:///oneiros.db",
    settings: Settings | None = None,
    factory: str = "oneiros.server.app:app_from_env",
    **kw: Any,
) -> None:
    """Serve the web table until interrupted; with ``settings.workers`` > 1 (PostgreSQL
    only) as that many processes sharing the listening socket and the database."""
    import uvicorn

    from ..core import ConfigError
    from .config import ENV, Settings
    from .db import normalise_url

    settings = settings or Settings()
    url = normalise_url(db)
    if settings.workers > 1 and url.startswith("sqlite"):
        raise ConfigError("--workers above 1 needs a PostgreSQL database (--db postgresql://...)")
    # bots and the database run in threads: hand the GIL back to the event loop sooner than
    # the default 5 ms so that socket reads and writes do not queue behind them
    sys.setswitchinterval(0.0005)
    common: dict[str, Any] = {
        "host": host,
        "port": port,
        "ws_max_size": 1 << 20,
        "ws_per_message_deflate": False,
        "log_level": kw.get("log_level", "info"),
        "timeout_graceful_shutdown": 3,
    }
    if kw.get("forwarded_allow_ips"):
        common["proxy_headers"] = True
        common["forwarded_allow_ips"] = kw["forwarded_allow_ips"]
    if settings.workers > 1:
        os.environ[ENV] = settings.to_env()
        os.environ[ENV + "_DB"] = db
        uvicorn.run(factory, factory=True, workers=settings.workers, **common)
    else:
        app = create_app(db, settings=settings)
        tune_gc()
        uvicorn.run(app, **common)


__all__ = ["GC_THRESHOLDS", "create_app", "run", "tune_gc"]
