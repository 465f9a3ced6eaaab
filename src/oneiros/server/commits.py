"""Group commit on SQLite: the actions of every table that waits to store at the same
moment go to the database in one transaction (one disk flush for many tables); each caller
returns only once its own actions are durable."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from .db import Database


class GroupCommit:
    def __init__(self, db: Database, run: Callable[..., Awaitable[Any]]) -> None:
        self.db = db
        self._run = run
        """Runs a blocking database call off the event loop (the hub's ``_db``)."""
        self._pending: list[
            tuple[str, int, list[Any], dict[str, Any] | None, asyncio.Future[None]]
        ] = []
        self._flusher: asyncio.Task[None] | None = None

    async def store(
        self, table_id: str, start: int, entries: list[Any], result: dict[str, Any] | None
    ) -> None:
        """Commit a table's new actions, grouped with the others waiting now."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._pending.append((table_id, start, entries, result, done))
        if self._flusher is None or self._flusher.done():
            self._flusher = loop.create_task(self._flush())
        await done

    async def _flush(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                await self._run(self.db.append_batch, [b[:4] for b in batch])
            except Exception:
                # one bad write must not sink the others: retry them one by one
                for table_id, start, entries, result, done in batch:
                    try:
                        await self._run(self.db.append_actions, table_id, start, entries, result)
                    except Exception as exc:
                        if not done.done():
                            done.set_exception(exc)
                    else:
                        if not done.done():
                            done.set_result(None)
            else:
                for *_, done in batch:
                    if not done.done():
                        done.set_result(None)


__all__ = ["GroupCommit"]
