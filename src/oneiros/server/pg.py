"""The hot path of a move on PostgreSQL, on the event loop: one round trip per change.

A change to a table (a seat's move, a bot's move with the chance outcomes after it, an
undo) is validated and applied in memory, then stored in one transaction on a pooled
``psycopg`` async connection, sent as one pipeline: ``BEGIN``, the table's advisory lock
(``pg_advisory_xact_lock``, which every process takes before changing the table), one
statement that checks the table is as this process last saw it (running, the same number
of action entries, the same undo generation) and only then stores the new entries (and
the result when the game ended) and sends ``NOTIFY``, and ``COMMIT``. When the check fails
(another process changed the table meanwhile) nothing is stored and the caller catches up
with the database and tries again: optimistic concurrency, with the lock making check and
write one atomic step.

Nothing is acknowledged before the commit returns, so a process killed at any moment loses
no acknowledged move. Everything else (the lobby, loading a table, seats) goes through
SQLAlchemy in a thread (``db.py``): it is not on the path of a move.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Sequence
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
"""A table's status, its entries from a point on and its undo generation."""
SEATS = (
    "SELECT seat, kind, agent, name, token_hash, claimed FROM oneiros_seats "
    "WHERE table_id = %s ORDER BY seat"
)
HEAD = (
    "head AS (SELECT "
    "(SELECT status FROM oneiros_tables WHERE id = %(t)s) = 'running' "
    "AND coalesce((SELECT generation FROM oneiros_undos WHERE table_id = %(t)s), 0) "
    "= %(gen)s "
    "AND NOT EXISTS (SELECT 1 FROM oneiros_actions WHERE table_id = %(t)s AND idx >= %(n)s) "
    "AND (%(n)s = 0 OR EXISTS (SELECT 1 FROM oneiros_actions "
    "WHERE table_id = %(t)s AND idx = %(n)s - 1)) AS ok)"
)
"""Whether the table is running with exactly ``n`` entries and undo generation ``gen``
(run after the lock, so nobody changes it before the commit)."""
APPEND = (
    "WITH " + HEAD + ", stored AS (INSERT INTO oneiros_actions (table_id, idx, entry, at) "
    "SELECT %(t)s, %(n)s + k - 1, e, %(at)s FROM head, "
    "json_array_elements(%(entries)s) WITH ORDINALITY AS x(e, k) WHERE head.ok), "
    "finished AS (UPDATE oneiros_tables SET status = 'finished', result = %(result)s::json, "
    "finished_at = %(at)s WHERE id = %(t)s AND %(finish)s AND (SELECT ok FROM head)) "
    "SELECT pg_notify(%(channel)s, %(note)s) FROM head WHERE head.ok"
)
"""The new entries (and the result), stored and notified only if :data:`HEAD` holds: one
row back when stored, none when another process changed the table first."""
UNDO = (
    "WITH "
    + HEAD
    + ", cut AS (DELETE FROM oneiros_actions WHERE table_id = %(t)s AND idx >= %(cut)s "
    "AND (SELECT ok FROM head)), "
    "counted AS (INSERT INTO oneiros_undos (table_id, generation, seat, at) "
    "SELECT %(t)s, %(gen)s + 1, %(seat)s, %(at)s FROM head WHERE head.ok "
    "ON CONFLICT (table_id) DO UPDATE SET generation = EXCLUDED.generation, "
    "seat = EXCLUDED.seat, at = EXCLUDED.at) "
    "SELECT pg_notify(%(channel)s, %(note)s) FROM head WHERE head.ok"
)
"""An undo: the entries from ``cut`` on removed and one more undo counted, if :data:`HEAD`
holds."""


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

    async def append(
        self,
        table_id: str,
        start: int,
        generation: int,
        entries: Sequence[Any],
        result: dict[str, Any] | None,
    ) -> bool:
        """Store entries ``start, start+1, ...`` (and the result), notify and commit, if the
        table still has ``start`` entries and undo generation ``generation``. False (and
        nothing stored) when another process changed it first."""
        from psycopg.types.json import Json

        return await self._change(
            table_id,
            APPEND,
            {
                "n": start,
                "gen": generation,
                "entries": Json(list(entries)),
                "result": None if result is None else Json(result),
                "finish": result is not None,
            },
        )

    async def undo(self, table_id: str, saved: int, generation: int, cut: int, seat: int) -> bool:
        """Remove the entries from ``cut`` on and count undo ``generation + 1`` by ``seat``,
        notify and commit, if the table still has ``saved`` entries and undo generation
        ``generation``. False (and nothing changed) when another process changed it first."""
        return await self._change(
            table_id, UNDO, {"n": saved, "gen": generation, "cut": cut, "seat": seat}
        )

    async def _change(self, table_id: str, statement: str, params: dict[str, Any]) -> bool:
        from psycopg.pq import TransactionStatus

        params = {
            **params,
            "t": table_id,
            "at": dt.datetime.now(dt.UTC),
            "channel": CHANNEL,
            "note": f"{self.pid}:{table_id}",
        }
        async with self.pool.connection() as conn:
            try:
                async with conn.pipeline():
                    await conn.execute(LOCK, (lock_key(table_id),))
                    cur = await conn.execute(statement, params)
                    await conn.commit()
            except BaseException:
                if not conn.closed and conn.info.transaction_status != TransactionStatus.IDLE:
                    await conn.rollback()
                raise
            return await cur.fetchone() is not None

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


__all__ = ["News", "PgTables"]
