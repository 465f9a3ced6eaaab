"""The web table's database: tables, seats and every accepted action, nothing else.

A game is stored as its configuration, its seed and the list of applied action entries
(exactly ``state.record()["actions"]``), so ``oneiros.replay`` rebuilds it. SQLite (the
default, one file) and PostgreSQL use the same schema. All methods are synchronous: the
server calls them from a worker thread so the event loop never waits on disk.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError

from ..core import ConfigError

metadata = MetaData()

tables_t = Table(
    "oneiros_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("ruleset", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("public", Boolean, nullable=False, default=True),
    Column("status", String(16), nullable=False, index=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("finished_at", DateTime(timezone=True), nullable=True),
    Column("result", JSON, nullable=True),
    Column("error", Text, nullable=True),
)

seats_t = Table(
    "oneiros_seats",
    metadata,
    Column("table_id", String(32), ForeignKey("oneiros_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("agent", String(200), nullable=True),
    Column("name", String(40), nullable=True),
    Column("token_hash", String(64), nullable=True),
    Column("claimed", Boolean, nullable=False, default=False),
)

actions_t = Table(
    "oneiros_actions",
    metadata,
    Column("table_id", String(32), ForeignKey("oneiros_tables.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("entry", JSON, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)

undos_t = Table(
    "oneiros_undos",
    metadata,
    Column("table_id", String(32), ForeignKey("oneiros_tables.id"), primary_key=True),
    Column("generation", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)
"""How many times a table's record was cut back by an undo (and by which seat last): a
process holding the table sees from it that its copy must be rebuilt. A separate table so
that databases made before undo existed gain it with ``create_all``."""


CHANNEL = "oneiros_tables"
"""PostgreSQL ``NOTIFY`` channel: the payload is ``<process id>:<table id>``."""


def lock_key(table_id: str) -> int:
    """The table's advisory lock key (a signed 64-bit integer)."""
    return int.from_bytes(hashlib.sha256(table_id.encode()).digest()[:8], "big", signed=True)


SCHEMA_LOCK = lock_key("oneiros schema")
"""The advisory lock key held while the schema is created (see ``Database.create_schema``)."""


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


@dataclass
class SeatRow:
    seat: int
    kind: str
    agent: str | None
    name: str | None
    token_hash: str | None
    claimed: bool


@dataclass
class TableRow:
    id: str
    game: str
    ruleset: str
    players: int
    options: dict[str, Any]
    seed: int
    public: bool
    status: str
    created_at: dt.datetime
    finished_at: dt.datetime | None = None
    result: dict[str, Any] | None = None
    error: str | None = None
    seats: list[SeatRow] = field(default_factory=list)
    actions: list[Any] = field(default_factory=list)

    def record(self) -> dict[str, Any]:
        """The record ``oneiros.replay`` rebuilds the game from."""
        from ..core import RECORD_VERSION

        return {
            "game": self.game,
            "ruleset": self.ruleset,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": list(self.actions),
            "version": RECORD_VERSION,
        }


def normalise_url(url: str) -> str:
    """Check a database URL and pick the installed PostgreSQL driver (psycopg 3).

    Raises ``ConfigError`` with a one-line message for anything else.
    """
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise ConfigError(
            f"--db {url!r} is not a database URL (sqlite:///oneiros.db or postgresql://...)"
        ) from None
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        return url
    if backend in ("postgresql", "postgres"):
        driver = parsed.get_driver_name()
        if backend == "postgres" or driver in ("psycopg2", ""):
            parsed = parsed.set(drivername="postgresql+psycopg")
        return parsed.render_as_string(hide_password=False)
    raise ConfigError(f"--db {url!r}: only sqlite:/// and postgresql:// databases are supported")


def check_database(url: str) -> None:
    """Connect and create the schema, or raise ``ConfigError`` with a one-line reason."""
    try:
        db = Database(url)
    except ConfigError:
        raise
    except Exception as exc:  # a missing driver, a malformed option...
        raise ConfigError(f"--db {url!r}: {_one_line(exc)}") from None
    try:
        db.create_schema()
    except Exception as exc:
        raise ConfigError(f"cannot use the database {url!r}: {_one_line(exc)}") from None
    finally:
        db.dispose()


def _one_line(exc: BaseException) -> str:
    inner = getattr(exc, "orig", None) or exc
    text = str(inner).strip().splitlines()
    return text[0] if text else type(inner).__name__


class Database:
    """Synchronous access to the web table's three tables."""

    def __init__(self, url: str) -> None:
        self.url = normalise_url(url)
        self.is_sqlite = self.url.startswith("sqlite")
        kwargs: dict[str, Any] = {"future": True}
        if self.is_sqlite:
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        else:
            kwargs["pool_pre_ping"] = True
            # the lobby, loading tables and seats (one per database thread of the hub);
            # moves go through the async pool of pg.py
            kwargs["pool_size"] = 8
            kwargs["max_overflow"] = 0
        self.engine: Engine = create_engine(self.url, **kwargs)
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)

    def create_schema(self) -> None:
        """Create the tables that do not exist yet. On PostgreSQL under an advisory lock:
        the processes of ``--workers N`` start together on a fresh database, and two
        ``CREATE TABLE`` of the same table at once make one of them fail. On PostgreSQL
        also the function that stores moves (``pg.py``), when it is missing."""
        if self.is_sqlite:
            metadata.create_all(self.engine)
            return
        from .pg import APPEND_FUNCTION, APPEND_SIGNATURE

        with self.engine.begin() as conn:
            conn.execute(select(func.pg_advisory_xact_lock(SCHEMA_LOCK)))
            metadata.create_all(conn)
            # the function that stores the moves (pg.py), created once per version
            if conn.execute(select(func.to_regprocedure(APPEND_SIGNATURE))).scalar() is None:
                conn.exec_driver_sql(APPEND_FUNCTION)

    def dispose(self) -> None:
        self.engine.dispose()

    # ----- writes -----------------------------------------------------------------------
    def create_table(self, row: TableRow) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                insert(tables_t).values(
                    id=row.id,
                    game=row.game,
                    ruleset=row.ruleset,
                    players=row.players,
                    options=row.options,
                    seed=row.seed,
                    public=row.public,
                    status=row.status,
                    created_at=row.created_at,
                )
            )
            conn.execute(
                insert(seats_t),
                [
                    {
                        "table_id": row.id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "agent": s.agent,
                        "name": s.name,
                        "token_hash": s.token_hash,
                        "claimed": s.claimed,
                    }
                    for s in row.seats
                ],
            )

    def claim_seat(
        self, table_id: str, seat: int, name: str, token_hash: str, status: str | None
    ) -> bool:
        """Mark a free human seat as taken (and possibly the table as started) in one commit.
        False (and nothing changed) when the seat was taken meanwhile, by any process."""
        with self.engine.begin() as conn:
            done = conn.execute(
                update(seats_t)
                .where(
                    seats_t.c.table_id == table_id,
                    seats_t.c.seat == seat,
                    seats_t.c.claimed.is_(False),
                )
                .values(name=name, token_hash=token_hash, claimed=True)
            )
            if done.rowcount != 1:
                return False  # nothing was changed: the commit is empty
            if status is not None:
                conn.execute(
                    update(tables_t)
                    .where(tables_t.c.id == table_id, tables_t.c.status == "open")
                    .values(status=status)
                )
            self._notify(conn, table_id)
            return True

    def rename_seat(self, table_id: str, seat: int, name: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(seats_t)
                .where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
                .values(name=name)
            )
            self._notify(conn, table_id)

    # ----- one table, several processes (PostgreSQL) ------------------------------------
    def _notify(self, conn: Connection, table_id: str) -> None:
        """Tell the other processes (on commit) that the table changed."""
        if not self.is_sqlite:
            conn.execute(select(func.pg_notify(CHANNEL, f"{os.getpid()}:{table_id}")))

    def undo_state(self, table_id: str, conn: Connection | None = None) -> tuple[int, int]:
        """(how many undos the table had, the seat of the last one); (0, -1) for none."""
        if conn is None:
            with self.engine.connect() as own:
                return self.undo_state(table_id, own)
        row = conn.execute(
            select(undos_t.c.generation, undos_t.c.seat).where(undos_t.c.table_id == table_id)
        ).first()
        return (0, -1) if row is None else (int(row.generation), int(row.seat))

    def undo(self, table_id: str, start: int, seat: int) -> int:
        """Remove the action entries from ``start`` on and count one more undo by ``seat``,
        in one commit. Returns the new undo generation (PostgreSQL: see ``pg.py``)."""
        with self.engine.begin() as conn:
            return self._undo(conn, table_id, start, seat)

    def _undo(self, conn: Connection, table_id: str, start: int, seat: int) -> int:
        conn.execute(
            delete(actions_t).where(actions_t.c.table_id == table_id, actions_t.c.idx >= start)
        )
        generation = self.undo_state(table_id, conn)[0] + 1
        values = {"generation": generation, "seat": seat, "at": now()}
        done = conn.execute(update(undos_t).where(undos_t.c.table_id == table_id).values(**values))
        if done.rowcount != 1:
            conn.execute(insert(undos_t).values(table_id=table_id, **values))
        self._notify(conn, table_id)
        return generation

    def listen_dsn(self) -> str:
        """The libpq URL of this database (for the ``LISTEN`` connection)."""
        return make_url(self.url).set(drivername="postgresql").render_as_string(hide_password=False)

    def append_actions(
        self,
        table_id: str,
        start: int,
        entries: Sequence[Any],
        result: dict[str, Any] | None = None,
    ) -> None:
        """Store action entries ``start, start+1, ...`` in one commit; with ``result`` the
        table is marked finished in the same commit. The primary key (table, index) makes a
        second writer of the same position fail instead of forking the game."""
        when = now()
        with self.engine.begin() as conn:
            if entries:
                conn.execute(
                    insert(actions_t),
                    [
                        {"table_id": table_id, "idx": start + i, "entry": entry, "at": when}
                        for i, entry in enumerate(entries)
                    ],
                )
            if result is not None:
                conn.execute(
                    update(tables_t)
                    .where(tables_t.c.id == table_id)
                    .values(status="finished", result=result, finished_at=when)
                )

    def append_batch(
        self, batch: Sequence[tuple[str, int, Sequence[Any], dict[str, Any] | None]]
    ) -> None:
        """Several tables' :meth:`append_actions` in one commit (one disk flush for all)."""
        when = now()
        rows = [
            {"table_id": table_id, "idx": start + i, "entry": entry, "at": when}
            for table_id, start, entries, _result in batch
            for i, entry in enumerate(entries)
        ]
        with self.engine.begin() as conn:
            if rows:
                conn.execute(insert(actions_t), rows)
            for table_id, _start, _entries, result in batch:
                if result is not None:
                    conn.execute(
                        update(tables_t)
                        .where(tables_t.c.id == table_id)
                        .values(status="finished", result=result, finished_at=when)
                    )

    def mark_broken(self, table_id: str, error: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(tables_t)
                .where(tables_t.c.id == table_id)
                .values(status="broken", error=error[:2000])
            )

    # ----- reads ------------------------------------------------------------------------
    def load_table(self, table_id: str, with_actions: bool = True) -> TableRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).first()
            if row is None:
                return None
            out = _table_row(row)
            self._fill(conn, [out], with_actions)
            return out

    def unfinished_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(tables_t.c.id)
                .where(tables_t.c.status.in_(("open", "running")))
                .order_by(tables_t.c.created_at)
            )
            return [r.id for r in rows]

    def list_tables(self, status: str | None, limit: int) -> list[TableRow]:
        with self.engine.connect() as conn:
            query = select(tables_t).where(tables_t.c.public.is_(True))
            if status is not None:
                query = query.where(tables_t.c.status == status)
            query = query.order_by(tables_t.c.created_at.desc()).limit(limit)
            out = [_table_row(r) for r in conn.execute(query)]
            self._fill(conn, out, with_actions=False)
            return out

    def _fill(self, conn: Any, rows: list[TableRow], with_actions: bool) -> None:
        if not rows:
            return
        by_id = {r.id: r for r in rows}
        for s in conn.execute(
            select(seats_t).where(seats_t.c.table_id.in_(list(by_id))).order_by(seats_t.c.seat)
        ):
            by_id[s.table_id].seats.append(
                SeatRow(s.seat, s.kind, s.agent, s.name, s.token_hash, bool(s.claimed))
            )
        if with_actions:
            for a in conn.execute(
                select(actions_t.c.table_id, actions_t.c.entry)
                .where(actions_t.c.table_id.in_(list(by_id)))
                .order_by(actions_t.c.table_id, actions_t.c.idx)
            ):
                by_id[a.table_id].actions.append(a.entry)


def _table_row(r: Any) -> TableRow:
    return TableRow(
        id=r.id,
        game=r.game,
        ruleset=r.ruleset,
        players=r.players,
        options=dict(r.options or {}),
        seed=int(r.seed),
        public=bool(r.public),
        status=r.status,
        created_at=r.created_at,
        finished_at=r.finished_at,
        result=r.result,
        error=r.error,
    )


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()
