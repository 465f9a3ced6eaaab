"""Several server processes on one PostgreSQL database: ``LISTEN`` for the others' changes.

Every process that stores a change to a table sends ``NOTIFY oneiros_tables,
'<pid>:<table>'`` in the same transaction (delivered on commit). Each process listens on
its own connection and, for a table it holds in memory, catches up with the database and
pushes the news to its sockets (news arriving while a catch-up of the table waits to start
joins it). When the listening connection is lost, every table in
memory is caught up once it is back. A periodic sweep also lets bots and chance move on
tables whose moving process died (``kill -9``) before storing anything.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from typing import TYPE_CHECKING, Any

from .db import CHANNEL

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("oneiros.server")

SWEEP = 1.0
"""Seconds between two sweeps of the tables in memory."""


class Listener:
    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.pid = str(os.getpid())
        self._tasks: list[asyncio.Task[None]] = []
        self._ready = asyncio.Event()
        self._queued: set[str] = set()
        """Tables with a catch-up waiting to start (more news for them joins it)."""

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._listen()), loop.create_task(self._sweep())]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._ready.wait(), 10)

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(BaseException):
                await task

    async def _listen(self) -> None:
        import psycopg

        delay = 0.5
        first = True
        while True:
            try:
                aconn = await psycopg.AsyncConnection.connect(
                    self.hub.db.listen_dsn(), autocommit=True
                )
                async with aconn:
                    await aconn.execute(f"LISTEN {CHANNEL}")
                    self._ready.set()
                    if not first:  # news may have been missed while away
                        for table in list(self.hub.tables.values()):
                            self._refresh(table.id)
                    first = False
                    delay = 0.5
                    await self._read(aconn)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("lost the LISTEN connection (%s); retrying", exc)
                self._ready.set()
                await asyncio.sleep(delay)
                delay = min(delay * 2, 10.0)

    async def _read(self, aconn: Any) -> None:
        """Take the notifications straight off the connection's socket as they arrive (one
        call into libpq per batch, every other process's commits included) until the
        connection is lost."""
        loop = asyncio.get_running_loop()
        pgconn = aconn.pgconn
        lost: asyncio.Future[None] = loop.create_future()

        def readable() -> None:
            try:
                pgconn.consume_input()
            except Exception as exc:
                if not lost.done():
                    lost.set_exception(exc)
                return
            while (note := pgconn.notifies()) is not None:
                pid, _, table_id = note.extra.decode().partition(":")
                if pid != self.pid:
                    self._refresh(table_id)

        fd = aconn.fileno()
        loop.add_reader(fd, readable)
        readable()  # notifications libpq already read (with LISTEN's answer) wake no reader
        try:
            await lost
        finally:
            loop.remove_reader(fd)

    def catch_up(self, table_id: str) -> None:
        """Catch a table just loaded into memory up with the database (once)."""
        self._refresh(table_id)

    def _refresh(self, table_id: str) -> None:
        table = self.hub.tables.get(table_id)
        if table is None or self.hub.closing or table_id in self._queued:
            return
        self._queued.add(table_id)
        task = asyncio.get_running_loop().create_task(self._safe_refresh(table_id))
        table.background.add(task)
        task.add_done_callback(table.background.discard)

    async def _safe_refresh(self, table_id: str) -> None:
        self._queued.discard(table_id)  # news from now on needs another catch-up
        table = self.hub.tables.get(table_id)
        if table is None:
            return
        try:
            await self.hub.refresh(table)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("could not catch up with table %s", table_id)

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(SWEEP)
            for table in list(self.hub.tables.values()):
                self.hub.kick(table)


__all__ = ["Listener"]
