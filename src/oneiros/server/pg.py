"""The hot path of a move on PostgreSQL, on the event loop: one round trip per batch.

A change to a table (a seat's move, a bot's move with the chance outcomes after it) is
validated and applied in memory, then stored with every other table's change waiting at
the same moment in one call of the server-side function :data:`APPEND_FUNCTION` on a
pooled ``psycopg`` async connection (group commit: one statement, one transaction, one
disk flush for many tables). The function takes the advisory lock of each table in the
batch (``pg_advisory_xact_lock``, which every process takes before changing a table; in
key order, so two batches never wait for each other in a circle) and then, table by table,
checks that the table is as this process last saw it (running, the same number of action
entries, the same undo generation) and only then stores the new entries (and the result
when the game ended) and sends ``NOTIFY``. A PL/pgSQL function takes a fresh snapshot for
every statement, so each check sees what was committed before its lock was granted. When
the check fails (another process changed the table meanwhile) nothing is stored for that
table and its caller catches up with the database and tries again: optimistic
concurrency, with the lock making check and write one atomic step. A batch that fails as a
whole (a lost connection, an error) is retried table by table, so one bad change cannot
sink the others.

An undo is rarer: its own transaction in one pipeline (lock, check-and-cut, commit).

Nothing is acknowledged before the commit returns, so a process killed at any moment loses
no acknowledged move. Everything else (the lobby, loading a table, seats) goes through
SQLAlchemy in a thread (``db.py``): it is not on the path of a move.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .db import CHANNEL, SeatRow, lock_key

log = logging.getLogger("oneiros.server")

MAX_BATCH = 256
"""Tables' changes stored in one call at most."""

APPEND_NAME = "oneiros_append_v1"
"""The server-side function that stores a batch of changes (a new version gets a new name,
so processes of two versions can share a database during an upgrade)."""
APPEND_SIGNATURE = f"{APPEND_NAME}(json,timestamptz,text)"
APPEND_FUNCTION = (
    f"CREATE OR REPLACE FUNCTION {APPEND_NAME}(p_batch json, p_at timestamptz, "
    "p_channel text) RETURNS SETOF text LANGUAGE plpgsql VOLATILE AS $$\n"
    "DECLARE c record;\n"
    "BEGIN\n"
    "  FOR c IN SELECT DISTINCT (x->>'k')::bigint AS k FROM json_array_elements(p_batch) x "
    "ORDER BY 1 LOOP\n"
    "    PERFORM pg_advisory_xact_lock(c.k);\n"
    "  END LOOP;\n"
    "  FOR c IN SELECT x->>'t' AS t, (x->>'n')::int AS n, (x->>'gen')::int AS gen, "
    "x->'entries' AS entries, x->'result' AS res, x->>'note' AS note "
    "FROM json_array_elements(p_batch) x LOOP\n"
    "    IF coalesce((SELECT status FROM oneiros_tables WHERE id = c.t), '') = 'running'\n"
    "       AND coalesce((SELECT generation FROM oneiros_undos WHERE table_id = c.t), 0) "
    "= c.gen\n"
    "       AND NOT EXISTS (SELECT 1 FROM oneiros_actions WHERE table_id = c.t "
    "AND idx >= c.n)\n"
    "       AND (c.n = 0 OR EXISTS (SELECT 1 FROM oneiros_actions WHERE table_id = c.t "
    "AND idx = c.n - 1)) THEN\n"
    "      INSERT INTO oneiros_actions (table_id, idx, entry, at) "
    "SELECT c.t, c.n + e.k - 1, e.v, p_at "
    "FROM json_array_elements(c.entries) WITH ORDINALITY AS e(v, k);\n"
    "      IF json_typeof(c.res) = 'object' THEN\n"
    "        UPDATE oneiros_tables SET status = 'finished', result = c.res, "
    "finished_at = p_at WHERE id = c.t;\n"
    "      END IF;\n"
    "      PERFORM pg_notify(p_channel, c.note);\n"
    "      RETURN NEXT c.t;\n"
    "    END IF;\n"
    "  END LOOP;\n"
    "END $$"
)
"""Stores a batch (a JSON array of ``{t, k, n, gen, entries, result, note}``: table, lock
key, entries already stored, undo generation, new entries, result or null, notification)
and returns the ids of the tables whose check held (their entries are stored)."""
APPEND_CALL = f"SELECT {APPEND_NAME}(%s, %s, %s)"

LOCK = "SELECT pg_advisory_xact_lock(%s)"
STATE = (
    "SELECT (SELECT status FROM oneiros_tables WHERE id = %(t)s), "
    "(SELECT json_agg(entry ORDER BY idx) FROM oneiros_actions "
    "WHERE table_id = %(t)s AND idx >= %(start)s), "
    "(SELECT json_build_array(generation, seat) FROM oneiros_undos WHERE table_id = %(t)s), "
    "(SELECT json_agg(json_build_array(seat, kind, agent, name, token_hash, claimed) "
    "ORDER BY seat) FROM oneiros_seats WHERE table_id = %(t)s)"
)
"""A table's status, its entries from a point on, its undo generation and its seats: one
statement (one round trip, one snapshot)."""
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
            kwargs={"autocommit": True},
            name="oneiros-moves",
        )
        self._pending: list[tuple[dict[str, Any], asyncio.Future[bool]]] = []
        self._flusher: asyncio.Task[None] | None = None
        self.batches = 0
        """Calls of the storing function so far (each one transaction)."""

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
        nothing stored) when another process changed it first. Changes of other tables
        waiting at the same time go into the same transaction."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[bool] = loop.create_future()
        change = {
            "t": table_id,
            "k": lock_key(table_id),
            "n": start,
            "gen": generation,
            "entries": list(entries),
            "result": result,
            "note": f"{self.pid}:{table_id}",
        }
        self._pending.append((change, done))
        if self._flusher is None or self._flusher.done():
            self._flusher = loop.create_task(self._flush())
        return await done

    async def _flush(self) -> None:
        """Store what is waiting, batch after batch, one batch in flight at a time (the
        changes arriving meanwhile form the next batch)."""
        while self._pending:
            batch, self._pending = self._pending[:MAX_BATCH], self._pending[MAX_BATCH:]
            try:
                stored = await self._store([change for change, _ in batch])
            except Exception as exc:
                if len(batch) == 1:
                    _settle(batch[0][1], exc)
                    continue
                # one bad change (or a lost connection) must not sink the others: retry
                # them one by one, each caller gets its own answer
                log.warning(
                    "a batch of %d changes failed (%s); storing them one by one", len(batch), exc
                )
                for change, done in batch:
                    try:
                        one = await self._store([change])
                    except Exception as exc1:
                        _settle(done, exc1)
                    else:
                        _settle(done, change["t"] in one)
                continue
            for change, done in batch:
                _settle(done, change["t"] in stored)

    async def _store(self, batch: list[dict[str, Any]]) -> set[str]:
        """One call of the storing function: the ids of the tables stored."""
        from psycopg.types.json import Json

        self.batches += 1
        async with self.pool.connection() as conn:
            cur = await conn.execute(
                APPEND_CALL, (Json(batch), dt.datetime.now(dt.UTC), CHANNEL), prepare=True
            )
            return {row[0] for row in await cur.fetchall()}

    async def undo(self, table_id: str, saved: int, generation: int, cut: int, seat: int) -> bool:
        """Remove the entries from ``cut`` on and count undo ``generation + 1`` by ``seat``,
        notify and commit, if the table still has ``saved`` entries and undo generation
        ``generation``. False (and nothing changed) when another process changed it first."""
        params = {
            "n": saved,
            "gen": generation,
            "cut": cut,
            "seat": seat,
            "t": table_id,
            "at": dt.datetime.now(dt.UTC),
            "channel": CHANNEL,
            "note": f"{self.pid}:{table_id}",
        }
        async with self.pool.connection() as conn:
            async with conn.pipeline(), conn.transaction():
                await conn.execute(LOCK, (lock_key(table_id),))
                cur = await conn.execute(UNDO, params)
            return await cur.fetchone() is not None

    async def news(self, table_id: str, start: int) -> News:
        """What other processes stored for a table (no lock: a read)."""
        async with self.pool.connection() as conn:
            cur = await conn.execute(STATE, {"t": table_id, "start": start}, prepare=True)
            row = await cur.fetchone()
        status, entries, undo, seats = row if row is not None else (None, None, None, None)
        if status is None:
            return News(None)
        return News(
            status,
            [SeatRow(int(s[0]), s[1], s[2], s[3], s[4], bool(s[5])) for s in seats or []],
            entries or [],
            (0, -1) if undo is None else (int(undo[0]), int(undo[1])),
        )


def _settle(done: asyncio.Future[bool], outcome: bool | BaseException) -> None:
    if done.done():  # the caller was cancelled meanwhile
        return
    if isinstance(outcome, BaseException):
        done.set_exception(outcome)
    else:
        done.set_result(outcome)


__all__ = ["APPEND_FUNCTION", "News", "PgTables"]
