"""The hot path of a move on PostgreSQL, on the event loop: two round trips per change.

A change to a table (a seat's move, a bot's move with the chance outcomes after it, an
undo) is made in one transaction on a pooled ``psycopg`` async connection:

1. ``BEGIN``, the table's advisory lock (``pg_advisory_xact_lock``), its status, undo
   generation and the action entries other processes stored since this one last looked:
   one pipeline, one round trip;
2. the new entries, the result when the game ended, ``NOTIFY`` and ``COMMIT``: one
   pipeline, one round trip (and the disk flush of the commit).

Nothing is acknowledged before step 2 returns, so a process killed at any moment loses no
acknowledged move; the advisory lock serialises every process's changes to one table.
Everything else (the lobby, loading a table, seats) goes through SQLAlchemy in a thread
(``db.py``): it is not on the path of a move.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from .db import CHANNEL, SeatRow, lock_key

LOCK = "SELECT pg_advisory_xact_lock(%s)"
STATE = (
    "SELECT (SELECT status FROM oneiros_tables WHERE id = %(t)s), "
    "(SELECT json_agg(entry ORDER BY idx) FROM oneiros_actions "
    "WHERE table_id = %(t)s AND idx >= %(start)s), "
    "(SELECT json_build_array(generation, seat) FROM oneiros_undos WHERE table_id = %(t)s)"
)
"""A table's status, its entries from a point on and its undo generation, in one
statement (run after :data:`LOCK`, so with a snapshot taken once the lock is held)."""
SEATS = (
    "SELECT seat, kind, agent, name, token_hash, claimed FROM oneiros_seats "
    "WHERE table_id = %s ORDER BY seat"
)
INSERT = (
    "WITH stored AS (INSERT INTO oneiros_actions (table_id, idx, entry, at) "
    "SELECT %(t)s, %(start)s + k - 1, e, %(at)s FROM json_array_elements(%(entries)s) "
    "WITH ORDINALITY AS x(e, k)) "
    "SELECT pg_notify(%(channel)s, %(note)s)"
)
"""A table's new entries and the ``NOTIFY`` of the change, in one statement."""
FINISH = (
    "UPDATE oneiros_tables SET status = 'finished', result = %s, finished_at = %s WHERE id = %s"
)
NOTIFY = "SELECT pg_notify(%s, %s)"
CUT = "DELETE FROM oneiros_actions WHERE table_id = %s AND idx >= %s"
UNDO_SET = (
    "INSERT INTO oneiros_undos (table_id, generation, seat, at) VALUES (%s, %s, %s, %s) "
    "ON CONFLICT (table_id) DO UPDATE SET generation = EXCLUDED.generation, "
    "seat = EXCLUDED.seat, at = EXCLUDED.at"
)


@dataclass
class Locked:
    """A transaction holding a table's advisory lock, with what the database says of the
    table at that moment."""

    conn: Any
    table_id: str
    status: str | None
    entries: list[Any]
    undo: tuple[int, int]


@dataclass
class News:
    """A table as stored now: status, seats, undo generation, entries from a point on."""

    status: str | None
    seats: list[SeatRow] = field(default_factory=list)
    entries: list[Any] = field(default_factory=list)
    undo: tuple[int, int] = (0, -1)


class PgTables:
    """Pooled async connections for the changes of tables (see the module docstring)."""

    def __init__(self, dsn: str, size: int = 16) -> None:
        from psycopg_pool import AsyncConnectionPool

        self.pid = str(os.getpid())
        self.pool = AsyncConnectionPool(
            dsn,
            min_size=2,
            max_size=size,
            open=False,
            timeout=30,
            kwargs={"autocommit": False},
            name="oneiros-moves",
        )

    async def open(self) -> None:
        await self.pool.open(wait=True, timeout=30)

    async def close(self) -> None:
        await self.pool.close(timeout=2)

    @asynccontextmanager
    async def locked(self, table_id: str, start: int) -> AsyncIterator[Locked]:
        """Hold the table's lock for the block (rolled back unless :meth:`append` or
        :meth:`undo` committed); yields the status, undo generation and the entries from
        ``start`` on."""
        from psycopg.pq import TransactionStatus

        conn: Any = await self.pool.getconn()
        try:
            try:
                found = await self._lock(conn, table_id, start)
            except Exception:
                if not conn.broken:
                    raise
                # a connection the server lost (PostgreSQL restarted): nothing was stored,
                # the pool replaces it; one more try on a fresh one
                old, conn = conn, None
                await self.pool.putconn(old)
                conn = await self.pool.getconn()
                found = await self._lock(conn, table_id, start)
            yield found
        finally:
            if conn is not None:
                try:
                    if conn.info.transaction_status != TransactionStatus.IDLE:
                        await conn.rollback()  # nothing stored: frees the lock
                finally:
                    await self.pool.putconn(conn)

    async def _lock(self, conn: Any, table_id: str, start: int) -> Locked:
        async with conn.pipeline():
            await conn.execute(LOCK, (lock_key(table_id),))
            cur = await conn.execute(STATE, {"t": table_id, "start": start})
        row = await cur.fetchone()
        status, entries, undo = row if row is not None else (None, None, None)
        return Locked(
            conn,
            table_id,
            status,
            entries or [],
            (0, -1) if undo is None else (int(undo[0]), int(undo[1])),
        )

    async def append(
        self,
        locked: Locked,
        start: int,
        entries: Sequence[Any],
        result: dict[str, Any] | None,
    ) -> None:
        """Store entries ``start, start+1, ...`` (and the result), notify, commit."""
        from psycopg.types.json import Json

        conn = locked.conn
        when = dt.datetime.now(dt.UTC)
        table_id = locked.table_id
        async with conn.pipeline():
            if result is not None:
                await conn.execute(FINISH, (Json(result), when, table_id))
            await conn.execute(
                INSERT,
                {
                    "t": table_id,
                    "start": start,
                    "at": when,
                    "entries": Json(list(entries)),
                    "channel": CHANNEL,
                    "note": f"{self.pid}:{table_id}",
                },
            )
            await conn.commit()

    async def undo(self, locked: Locked, start: int, seat: int) -> int:
        """Remove the entries from ``start`` on and count one more undo by ``seat``, notify,
        commit. Returns the new undo generation."""
        conn = locked.conn
        table_id = locked.table_id
        when = dt.datetime.now(dt.UTC)
        generation = locked.undo[0] + 1
        async with conn.pipeline():
            await conn.execute(CUT, (table_id, start))
            await conn.execute(UNDO_SET, (table_id, generation, seat, when))
            await conn.execute(NOTIFY, (CHANNEL, f"{self.pid}:{table_id}"))
            await conn.commit()
        return generation

    async def news(self, table_id: str, start: int) -> News:
        """What other processes stored for a table (no lock: a read)."""
        async with self.pool.connection() as conn:
            async with conn.pipeline():
                state = await conn.execute(STATE, {"t": table_id, "start": start})
                seats = await conn.execute(SEATS, (table_id,))
            row = await state.fetchone()
            status, entries, undo = row if row is not None else (None, None, None)
            if status is None:
                return News(None)
            return News(
                status,
                [
                    SeatRow(int(s[0]), s[1], s[2], s[3], s[4], bool(s[5]))
                    for s in await seats.fetchall()
                ],
                entries or [],
                (0, -1) if undo is None else (int(undo[0]), int(undo[1])),
            )


__all__ = ["Locked", "News", "PgTables"]
