"""Where campaigns are saved: a campaign's snapshots and its sessions' records, in SQLite by
default (one file) or PostgreSQL (``--db postgresql://...``), through SQLAlchemy.

Game-agnostic: a snapshot is a JSON document (the game's campaign document), a session a
record (``state.record()``). Every write is one transaction, so a process killed at any
moment (even ``kill -9``) loses nothing written before: the head snapshot and each
session's actions up to its last save survive, and SQLite's write-ahead log (or
PostgreSQL) keeps the file consistent.

Tables: ``oneiros_campaigns`` (name, game, head snapshot), ``oneiros_campaign_snapshots``
(every snapshot, never overwritten), ``oneiros_campaign_sessions`` (each session: the
snapshot it started from, its record, ``playing`` or ``done``) and ``oneiros_campaign_links``
(the web table's secret campaign links, stored as SHA-256 hashes only).

Used by ``oneiros campaign`` (the terminal) and by the web table (``oneiros serve``): both
see the same campaigns in the same database.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import secrets
import shlex
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    Column,
    DateTime,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from .core import ConfigError

ENV_VAR = "ONEIROS_CAMPAIGN_DB"
"""The database URL used when ``--db`` is not given."""

metadata = MetaData()

campaigns_t = Table(
    "oneiros_campaigns",
    metadata,
    Column("name", String(60), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("head", Integer, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)
snapshots_t = Table(
    "oneiros_campaign_snapshots",
    metadata,
    Column("campaign", String(60), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("doc", JSON, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)
sessions_t = Table(
    "oneiros_campaign_sessions",
    metadata,
    Column("campaign", String(60), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("start", Integer, nullable=False),
    Column("status", String(16), nullable=False),
    Column("record", JSON, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)

links_t = Table(
    "oneiros_campaign_links",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("campaign", String(60), nullable=False, index=True),
    Column("at", DateTime(timezone=True), nullable=False),
)


def shell_word(word: str) -> str:
    """``word`` for a shell command line: as is, in double quotes (``"Ada's night"``), or
    shell-quoted when it holds characters a shell reads inside double quotes."""
    if shlex.quote(word) == word:
        return word
    if not any(c in word for c in '"$`\\!'):
        return f'"{word}"'
    return shlex.quote(word)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def default_url() -> str:
    """``$ONEIROS_CAMPAIGN_DB``, else an SQLite file in ``~/.oneiros/campaigns.db``."""
    env = os.environ.get(ENV_VAR, "")
    if env:
        return env
    path = Path.home() / ".oneiros" / "campaigns.db"
    return f"sqlite:///{path}"


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _one_line(exc: BaseException) -> str:
    inner = getattr(exc, "orig", None) or exc
    text = str(inner).strip().splitlines()
    return text[0] if text else type(inner).__name__


def _pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.close()


class CampaignStore:
    """The saved campaigns of one database."""

    def __init__(self, url: str | None = None) -> None:
        url = url or default_url()
        try:
            parsed = make_url(url)
        except ArgumentError:
            raise ConfigError(
                f"--db {url!r} is not a database URL (sqlite:///campaigns.db or postgresql://...)"
            ) from None
        backend = parsed.get_backend_name()
        if backend == "sqlite":
            db = parsed.database or ""
            if db and db != ":memory:":
                Path(db).expanduser().parent.mkdir(parents=True, exist_ok=True)
        elif backend in ("postgresql", "postgres"):
            parsed = parsed.set(drivername="postgresql+psycopg")
            url = parsed.render_as_string(hide_password=False)
        else:
            raise ConfigError(f"--db {url!r}: only sqlite:/// and postgresql:// are supported")
        self.url = url
        try:
            self.engine: Engine = create_engine(url, future=True)
            if backend == "sqlite":
                event.listen(self.engine, "connect", _pragmas)
            metadata.create_all(self.engine)
        except SQLAlchemyError as exc:
            raise ConfigError(f"cannot use the database {url!r}: {_one_line(exc)}") from None

    def dispose(self) -> None:
        self.engine.dispose()

    # -- reads -----------------------------------------------------------------------------
    def names(self) -> list[dict[str, Any]]:
        """Every campaign: name, game, head snapshot number and document, last change."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(campaigns_t).order_by(campaigns_t.c.name)).all()
            out = []
            for row in rows:
                doc = conn.execute(
                    select(snapshots_t.c.doc).where(
                        snapshots_t.c.campaign == row.name, snapshots_t.c.n == row.head
                    )
                ).scalar_one()
                out.append(
                    {
                        "name": row.name,
                        "game": row.game,
                        "head": row.head,
                        "doc": doc,
                        "updated": row.updated_at,
                    }
                )
            return out

    def head(self, name: str) -> tuple[str, int, dict[str, Any]]:
        """The game, head snapshot number and document of a campaign."""
        with self.engine.connect() as conn:
            row = conn.execute(select(campaigns_t).where(campaigns_t.c.name == name)).first()
            if row is None:
                known = [r[0] for r in conn.execute(select(campaigns_t.c.name)).all()]
                hint = f" (saved campaigns: {', '.join(known)})" if known else ""
                raise ConfigError(f"no campaign named {name!r}{hint}")
            doc = conn.execute(
                select(snapshots_t.c.doc).where(
                    snapshots_t.c.campaign == name, snapshots_t.c.n == row.head
                )
            ).scalar_one()
            return row.game, row.head, doc

    def snapshot(self, name: str, n: int) -> dict[str, Any]:
        with self.engine.connect() as conn:
            doc = conn.execute(
                select(snapshots_t.c.doc).where(
                    snapshots_t.c.campaign == name, snapshots_t.c.n == n
                )
            ).scalar_one_or_none()
        if doc is None:
            raise ConfigError(f"campaign {name!r} has no snapshot {n}")
        return doc

    def playing(self, name: str) -> tuple[int, int, dict[str, Any]] | None:
        """The session in progress (number, start snapshot, record), if any."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(sessions_t).where(
                    sessions_t.c.campaign == name, sessions_t.c.status == "playing"
                )
            ).first()
        return None if row is None else (row.n, row.start, row.record)

    def sessions(self, name: str) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(sessions_t).where(sessions_t.c.campaign == name).order_by(sessions_t.c.n)
            ).all()
        return [{"n": r.n, "start": r.start, "status": r.status, "record": r.record} for r in rows]

    # -- writes (one transaction each) ---------------------------------------------------------
    def create(self, name: str, game: str, doc: dict[str, Any]) -> None:
        with self.engine.begin() as conn:
            found = conn.execute(
                select(campaigns_t.c.name).where(campaigns_t.c.name == name)
            ).first()
            if found is not None:
                raise ConfigError(
                    f"a campaign named {name!r} already exists: continue it with `oneiros "
                    f"campaign continue {name}` or choose another --name"
                )
            now = _now()
            conn.execute(
                insert(campaigns_t).values(
                    name=name, game=game, head=0, created_at=now, updated_at=now
                )
            )
            conn.execute(insert(snapshots_t).values(campaign=name, n=0, doc=doc, at=now))

    def add_snapshot(self, name: str, doc: dict[str, Any], session: int | None = None) -> int:
        """Store the next snapshot and make it the head; with ``session``, that session is
        marked done in the same transaction. Returns the snapshot's number."""
        with self.engine.begin() as conn:
            head = conn.execute(
                select(campaigns_t.c.head).where(campaigns_t.c.name == name)
            ).scalar_one()
            n = head + 1
            now = _now()
            conn.execute(insert(snapshots_t).values(campaign=name, n=n, doc=doc, at=now))
            conn.execute(
                update(campaigns_t).where(campaigns_t.c.name == name).values(head=n, updated_at=now)
            )
            if session is not None:
                conn.execute(
                    update(sessions_t)
                    .where(sessions_t.c.campaign == name, sessions_t.c.n == session)
                    .values(status="done", at=now)
                )
            return n

    def begin_session(self, name: str, start: int, record: dict[str, Any]) -> int:
        with self.engine.begin() as conn:
            last = conn.execute(
                select(sessions_t.c.n)
                .where(sessions_t.c.campaign == name)
                .order_by(sessions_t.c.n.desc())
            ).first()
            n = 1 if last is None else last[0] + 1
            conn.execute(
                insert(sessions_t).values(
                    campaign=name, n=n, start=start, status="playing", record=record, at=_now()
                )
            )
            return n

    def finish_session(
        self, name: str, n: int, record: dict[str, Any], doc: dict[str, Any]
    ) -> int | None:
        """Session ``n`` is over: store its final record and the next snapshot ``doc`` (the
        new head) in one transaction. Returns the snapshot's number, or None when the
        session was already finished (by another request or process): nothing changes."""
        with self.engine.begin() as conn:
            status = conn.execute(
                select(sessions_t.c.status).where(
                    sessions_t.c.campaign == name, sessions_t.c.n == n
                )
            ).scalar_one_or_none()
            if status != "playing":
                return None
            claimed = conn.execute(
                update(sessions_t)
                .where(
                    sessions_t.c.campaign == name,
                    sessions_t.c.n == n,
                    sessions_t.c.status == "playing",
                )
                .values(status="done", record=record, at=_now())
            )
            if claimed.rowcount != 1:
                return None
            head = conn.execute(
                select(campaigns_t.c.head).where(campaigns_t.c.name == name)
            ).scalar_one()
            now = _now()
            conn.execute(insert(snapshots_t).values(campaign=name, n=head + 1, doc=doc, at=now))
            conn.execute(
                update(campaigns_t)
                .where(campaigns_t.c.name == name)
                .values(head=head + 1, updated_at=now)
            )
            return int(head + 1)

    # -- secret links (the web table) ----------------------------------------------------------
    def new_link(self, name: str) -> str:
        """A fresh secret token that reaches campaign ``name`` (only its hash is kept)."""
        token = secrets.token_urlsafe(24)
        with self.engine.begin() as conn:
            conn.execute(
                insert(links_t).values(token_hash=hash_token(token), campaign=name, at=_now())
            )
        return token

    def by_link(self, token: str) -> str | None:
        """The campaign a secret token reaches, or None."""
        with self.engine.connect() as conn:
            found = conn.execute(
                select(links_t.c.campaign).where(links_t.c.token_hash == hash_token(token))
            ).scalar_one_or_none()
        return None if found is None else str(found)

    def save_session(self, name: str, n: int, record: dict[str, Any]) -> None:
        """The session's record as it is now (each decision point of a session)."""
        with self.engine.begin() as conn:
            conn.execute(
                update(sessions_t)
                .where(sessions_t.c.campaign == name, sessions_t.c.n == n)
                .values(record=record, at=_now())
            )


__all__ = ["ENV_VAR", "CampaignStore", "default_url", "hash_token", "shell_word"]
