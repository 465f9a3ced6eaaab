"""Moves stored on PostgreSQL in batches (group commit, ``server/pg.py``): the changes of
many tables waiting at once go into one transaction, each table is still checked on its
own (a stale change is refused, the others are stored), and one bad change in a batch
does not sink the others."""

from __future__ import annotations

import asyncio
import secrets

import pytest

from oneiros.server.db import Database, SeatRow, TableRow, now
from oneiros.server.pg import PgTables

pytestmark = [pytest.mark.postgres]


def _tables(db: Database, count: int) -> list[str]:
    ids = []
    for _ in range(count):
        table_id = secrets.token_urlsafe(9)
        db.create_table(
            TableRow(
                id=table_id,
                game="pebbles",
                ruleset="standard",
                players=2,
                options={},
                seed=1,
                public=True,
                status="running",
                created_at=now(),
                seats=[SeatRow(0, "human", None, None, None, True)],
            )
        )
        ids.append(table_id)
    return ids


def _stored(db: Database, table_id: str) -> list[object]:
    row = db.load_table(table_id)
    assert row is not None
    return row.actions


async def _run(url: str) -> None:
    db = Database(url)
    db.create_schema()
    db.create_schema()  # a second process starting: the function is there already
    ids = _tables(db, 12)
    pg = PgTables(db.listen_dsn())
    await pg.open()
    try:
        # the first move of every table, all at once: one transaction for all but the
        # first (which was alone when it started)
        before = pg.batches
        oks = await asyncio.gather(*(pg.append(t, 0, 0, [[0, "take-1"]], None) for t in ids))
        assert oks == [True] * len(ids)
        assert pg.batches - before <= 2
        for t in ids:
            assert _stored(db, t) == [[0, "take-1"]]

        # in one batch: a stale change (this process thinks the table has no entries yet)
        # is refused and stores nothing; the fresh ones are stored
        oks = await asyncio.gather(
            pg.append(ids[0], 0, 0, [[0, "take-2"]], None),
            *(pg.append(t, 1, 0, [[1, "take-2"]], None) for t in ids[1:]),
        )
        assert oks == [False] + [True] * (len(ids) - 1)
        assert _stored(db, ids[0]) == [[0, "take-1"]]
        assert _stored(db, ids[1]) == [[0, "take-1"], [1, "take-2"]]

        # a change the database rejects (an undo generation out of range) fails alone:
        # its neighbours in the batch are stored one by one
        results = await asyncio.gather(
            pg.append(ids[2], 2, 2**40, [[0, "take-3"]], None),
            pg.append(ids[3], 2, 0, [[0, "take-3"]], None),
            pg.append(ids[4], 2, 0, [[0, "take-3"]], {"scores": [3, 0], "winners": [0]}),
            return_exceptions=True,
        )
        assert isinstance(results[0], Exception)
        assert results[1:] == [True, True]
        assert len(_stored(db, ids[2])) == 2
        assert _stored(db, ids[3])[-1] == [0, "take-3"]
        finished = db.load_table(ids[4])
        assert finished is not None and finished.status == "finished"
        assert finished.result == {"scores": [3, 0], "winners": [0]}

        # a finished table takes no more moves
        assert not await pg.append(ids[4], 3, 0, [[1, "take-1"]], None)
    finally:
        await pg.close()
        db.dispose()


def test_moves_of_many_tables_share_one_transaction(postgres_url: str) -> None:
    asyncio.run(_run(postgres_url))
