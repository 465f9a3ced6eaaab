"""The game loop of the web table: one in-memory state per table, server-authoritative.

Every table holds the only real state. A seat's action is validated by the engine, applied,
followed by any chance outcomes (sampled from an RNG derived from the stored seed and the
number of actions so far), committed to the database and only then acknowledged and
broadcast. Bots think in a worker thread, or on the loop when they are cheap (``bots.py``);
positions are in ``position.py``, tables and what their sockets are sent in ``table.py``.
On start every unfinished table is rebuilt from its record with
``oneiros.replay``; because chance and bots depend only on the seed and the position, the
game continues exactly as it would have.

Ordering rule: while a table's lock is free, no chance outcome or bot decision is pending
(bots always decide before humans at a simultaneous decision), so the stored record does
not depend on network timing.

On PostgreSQL several processes may hold the same table: every change is made while the
process holds the table's advisory lock in the database (after catching up with what other
processes stored; ``pg.py``), and a ``NOTIFY`` tells the other processes to catch up and
push the news to their own sockets (``shared.py``).

What every seat can see never depends on another seat's hidden choice: ``n`` in the
messages counts changes of the *public* view (``position.PublicClock``), a seat's
``decision_id`` counts changes of its own decision, and a connection gets an update only
when its own view changed.
"""

from __future__ import annotations

import asyncio
import functools
import hmac
import logging
import secrets
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from typing import Any, TypeVar

from ..agents.base import make_agent
from ..core import CHANCE, ConfigError, Game, IllegalAction, make
from .bots import Bots
from .commits import GroupCommit
from .config import Settings
from .db import Database, SeatRow, TableRow, now
from .packs import ContentPacks, MissingPack
from .pg import PgTables
from .position import Position, derive
from .shared import Listener
from .table import (
    CONFLICTS,
    Conflict,
    Connection,
    LiveTable,
    TableError,
    has_hints,
    hash_token,
    new_token,
    row_summary,
)

log = logging.getLogger("oneiros.server")

T = TypeVar("T")


class Hub(Bots):
    """Every live table of this server process: life cycle, lobby, play and undo (bots,
    chance, hints and panels in :class:`Bots`)."""

    def __init__(
        self,
        db: Database,
        bot_threads: int = 4,
        settings: Settings | None = None,
        packs: ContentPacks | None = None,
    ) -> None:
        self.db = db
        self.settings = settings or Settings()
        self.packs = packs or ContentPacks(None)
        self.shared = not db.is_sqlite
        """PostgreSQL: other processes may hold the same tables (advisory locks, NOTIFY)."""
        self.tables: dict[str, LiveTable] = {}
        self._load_lock = asyncio.Lock()
        self.db_pool = ThreadPoolExecutor(
            max_workers=1 if db.is_sqlite else 8, thread_name_prefix="oneiros-db"
        )
        self.bot_pool = ThreadPoolExecutor(
            max_workers=bot_threads, thread_name_prefix="oneiros-bot"
        )
        self.panel_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="oneiros-panel")
        """Analysis panels (Monte Carlo risk meters) take turns in one thread: they never
        hold up more than one bot thread's share of the interpreter."""
        self.closing = False
        self._commits = GroupCommit(db, self._db)
        self.bot_costs: dict[tuple[str, str], float] = {}
        """Seconds a bot of a game takes to decide, per (game, agent spec): the last
        decision, or half the one before when that was more (see :data:`CHEAP_BOT`)."""
        self.pg = PgTables(db.listen_dsn()) if self.shared else None
        """PostgreSQL: the changes of tables, on the event loop (see ``pg.py``)."""
        self._listener: Listener | None = None
        self.on_finished: list[Callable[[LiveTable], None]] = []
        """Called when a table of this process finishes (campaigns store the next snapshot)."""

    async def _db(self, fn: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.db_pool, functools.partial(fn, *args))

    # ----- life cycle ---------------------------------------------------------------------
    async def start(self) -> None:
        """Create the schema and rebuild every unfinished table from its record."""
        await self._db(self.db.create_schema)
        await asyncio.to_thread(self.packs.scan)
        if self.pg is not None:
            await self.pg.open()
        if self.shared:
            self._listener = Listener(self)
            await self._listener.start()
        ids = await self._db(self.db.unfinished_ids)
        for table_id in ids:
            table = await self.get(table_id)
            if table is not None:
                self.forget_if_idle(table)
        if ids:
            log.info("rebuilt %d unfinished table(s) from the database", len(ids))

    async def stop(self) -> None:
        self.closing = True
        if self._listener is not None:
            await self._listener.stop()
        for table in list(self.tables.values()):
            if table.settler is not None:
                table.settler.cancel()
            if table.presence is not None:
                table.presence.cancel()
            for task in table.background:
                task.cancel()
            for conn in list(table.conns):
                conn.close()
        self.bot_pool.shutdown(wait=False, cancel_futures=True)
        self.panel_pool.shutdown(wait=False, cancel_futures=True)
        if self.pg is not None:
            await self.pg.close()
        self.db_pool.shutdown(wait=True)
        self.db.dispose()

    def make_game(
        self, name: str, players: int | None, ruleset: str | None, options: dict[str, Any]
    ) -> Game:
        """A game for a web request: a content option must name an installed pack
        (blocking: the game may read its content file; call it in a thread)."""
        self.packs.check_request(name, options)
        return make_game(name, players, ruleset, self.packs.resolve(name, options))

    def _load(self, row: TableRow) -> LiveTable:
        """Rebuild a stored table (blocking: call it in a thread)."""
        record = row.record()
        record["options"] = self.packs.resolve(row.game, record["options"])
        return LiveTable(row, Position.from_record(record), dict(row.options))

    async def get(self, table_id: str) -> LiveTable | None:
        """The table in memory, loading (replaying) it from the database if needed."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        async with self._load_lock:
            table = self.tables.get(table_id)
            if table is not None:
                return table
            undo = await self._db(self.db.undo_state, table_id)  # before the record: see undo
            row = await self._db(self.db.load_table, table_id)
            if row is None or row.status == "broken":
                return None
            try:  # replaying a long game is real work: not on the event loop
                table = await asyncio.to_thread(self._load, row)
            except MissingPack as exc:  # not the record's fault: reinstall the pack
                log.error("table %s cannot be loaded: %s", table_id, exc)
                return None
            except Exception as exc:  # a record that no longer replays must not stop the server
                log.error("table %s does not replay: %s", table_id, exc)
                await self._db(self.db.mark_broken, table_id, str(exc))
                return None
            table.undos = undo[0]
            held = self.tables.setdefault(table_id, table)
            if held is not table:  # a socket put back the copy it holds while this loaded
                return held
            if self._listener is not None:
                # news of a move another process stored while this one was loading was not
                # for a table held here yet: catch up once now that it is
                self._listener.catch_up(table_id)
        if table.status == "running":
            self.kick(table)  # bots and chance carry on where the record stops
        return table

    def forget_if_idle(self, table: LiveTable) -> None:
        """Drop a finished table nobody watches (it is reloaded from its record on demand).
        On PostgreSQL also a table nobody here watches where a human must move next: the
        process that gets that human's socket loads it. Only ``table`` itself is dropped: a
        socket that says goodbye late must not drop the object a newer socket loaded since."""
        if table.conns or self.tables.get(table.id) is not table:
            return
        if table.status == "finished" or (
            self.shared
            and not table.state.is_chance()
            and not table.bot_seats_to_move()
            and (table.settler is None or table.settler.done() or table.settler is _current())
        ):
            self.tables.pop(table.id, None)

    # ----- several processes --------------------------------------------------------------
    async def _catch_up(self, table: LiveTable) -> bool:
        """Apply what other processes stored for the table since this one last looked
        (status, seats, actions). True when anything changed."""
        if self.pg is None:
            return False
        news = await self.pg.news(table.id, table.saved)
        if news.status is None:
            return False
        if news.undo[0] != table.undos:
            await self._rebuild(table, news.undo)
            return True
        changed = bool(news.entries) or news.status != table.status
        for entry in news.entries:
            table.pos.advance(entry)
        table.saved += len(news.entries)
        table.status = news.status
        for s, stored in zip(table.seats, news.seats, strict=False):
            if (s.claimed, s.name, s.token_hash) != (
                stored.claimed,
                stored.name,
                stored.token_hash,
            ):
                s.claimed, s.name, s.token_hash = stored.claimed, stored.name, stored.token_hash
                changed = True
        return changed

    async def refresh(self, table: LiveTable) -> None:
        """Catch up with the database and push the news to this process's sockets (on a
        NOTIFY from another process, and before a new socket's snapshot)."""
        if not self.shared:
            return
        async with table.lock:
            if await self._catch_up(table):
                table.broadcast()
        self.kick(table)

    @asynccontextmanager
    async def _exclusive(self, table: LiveTable) -> AsyncIterator[None]:
        """A change to the table, made in memory and stored by :meth:`_commit`. On
        PostgreSQL the commit checks that no other process changed the table since this
        one last looked (``pg.py``); when one did, :class:`Conflict` is raised after
        catching up, and the caller validates again. A table still open here may have
        been started by another process: it is caught up first."""
        if self.pg is not None and table.status == "open":
            await self._catch_up(table)
        yield

    async def _resync(self, table: LiveTable) -> None:
        """Rebuild the table from the database after another process changed it."""
        undo = await self._db(self.db.undo_state, table.id)
        await self._rebuild(table, undo if undo[0] != table.undos else None)

    # ----- lobby --------------------------------------------------------------------------
    async def create(
        self,
        game: Game,
        seats: list[dict[str, Any]],
        seed: int | None,
        public: bool,
    ) -> tuple[LiveTable, dict[int, str]]:
        """A new table; returns it and the invite token of every human seat. The first
        human seat is the creator's and is taken at once."""
        if len(seats) != game.players:
            raise ConfigError(f"{len(seats)} seats were described for a {game.players}-player game")
        for i, spec in enumerate(seats):
            if spec["kind"] == "bot":
                make_agent(spec["agent"], game, seed=0)  # ConfigError for a bad spec
            elif spec["kind"] != "human":
                raise ConfigError(f"seat {i}: kind must be human or bot")
        if seed is None:
            seed = secrets.randbits(62)
        if not self.settings.creator_seeds:
            # a seat that knows the seed must not be able to compute the hidden cards: the
            # server's own secret goes into the stored seed (disclosed with the record)
            seed = derive(seed, secrets.token_hex(32)) >> 1
        table_id = secrets.token_urlsafe(9)
        tokens: dict[int, str] = {}
        seat_rows = []
        creator: int | None = None
        for i, spec in enumerate(seats):
            if spec["kind"] == "human":
                tokens[i] = new_token()
                mine = creator is None
                if mine:
                    creator = i
                seat_rows.append(
                    SeatRow(i, "human", None, spec.get("name"), hash_token(tokens[i]), mine)
                )
            else:
                seat_rows.append(SeatRow(i, "bot", spec["agent"], spec.get("name"), None, True))
        cfg = game.config()
        row = TableRow(
            id=table_id,
            game=cfg["game"],
            ruleset=cfg["ruleset"],
            players=cfg["players"],
            options=self.packs.public(cfg["game"], cfg["options"]),
            seed=seed,
            public=public,
            status="open" if any(not r.claimed for r in seat_rows) else "running",
            created_at=now(),
            seats=seat_rows,
        )
        position = await asyncio.to_thread(lambda: Position(game.new_state(seed=seed)))
        await self._db(self.db.create_table, row)
        table = LiveTable(row, position, dict(row.options))
        self.tables[table_id] = table
        if table.status == "running":
            self.kick(table)
        return table, tokens

    async def claim(self, table: LiveTable, token: str | None, name: str | None) -> tuple[int, str]:
        """Take a human seat: the one of ``token`` (an invite link), or with no token the
        first free seat a public table offers (a fresh token is issued). A seat once taken
        is never given to anyone else. Returns (seat, token)."""
        async with table.lock:
            await self._catch_up(table)
            if token is not None:
                seat = self.seat_of(table, token)
                if seat is None:
                    raise TableError("unauthorized", "this link's token is not valid for the table")
            else:
                if not table.public:
                    raise TableError("private", "this table is private: ask for an invite link")
                free = [s for s in table.seats if s.kind == "human" and not s.claimed]
                if not free:
                    raise TableError("full", "every seat of this table is taken")
                seat = free[0].index
                token = new_token()
            s = table.seats[seat]
            if s.claimed:  # a reload or a second device: the seat is already this token's
                if name and s.name is None:  # the creator's seat, named on arrival
                    await self._db(self.db.rename_seat, table.id, seat, name)
                    s.name = name
                    table.broadcast()
                return seat, token
            clean = name or s.name or f"Seat {seat}"
            s_hash = hash_token(token)
            was_open = table.status == "open"
            old = (s.claimed, s.name, s.token_hash)
            s.claimed, s.name, s.token_hash = True, clean, s_hash
            start = was_open and table.humans_filled()
            try:
                ok = await self._db(
                    self.db.claim_seat, table.id, seat, clean, s_hash, "running" if start else None
                )
            except Exception:
                s.claimed, s.name, s.token_hash = old
                raise
            if not ok:  # another process gave the seat away first
                s.claimed, s.name, s.token_hash = old
                await self._catch_up(table)
                raise TableError("full", "that seat was just taken: try again")
            if start:
                table.status = "running"
            table.broadcast()
        if table.status == "running":
            self.kick(table)
            self.start_insights(table)
        return seat, token

    async def rename(self, table: LiveTable, seat: int | None, name: str) -> None:
        """Change the name a human seat shows to everyone (``name`` is already checked)."""
        if seat is None:
            raise TableError("spectator", "spectators have no seat to name")
        async with table.lock:
            await self._db(self.db.rename_seat, table.id, seat, name)
            table.seats[seat].name = name
            table.broadcast()

    @staticmethod
    def seat_of(table: LiveTable, token: str) -> int | None:
        digest = hash_token(token)
        found = None
        for s in table.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                found = s.index
        return found

    # ----- play ---------------------------------------------------------------------------
    async def act(
        self, table: LiveTable, seat: int | None, action_id: str, decision_id: int | None
    ) -> None:
        """A seat's action: validated, applied, committed, then broadcast. Raises
        ``TableError`` (and changes nothing) when it cannot be accepted."""
        if seat is None:
            raise TableError("spectator", "spectators watch: they cannot act")
        async with table.lock:
            for _ in range(CONFLICTS):
                await self._settle(table)
                try:
                    await self._act(table, seat, action_id, decision_id)
                    break
                except Conflict:
                    continue  # caught up with another process's change: validate again
            else:
                raise TableError("busy", "the table keeps changing: try again")
        self.kick(table)

    async def _act(
        self, table: LiveTable, seat: int, action_id: str, decision_id: int | None
    ) -> None:
        async with self._exclusive(table):
            if table.status == "open":
                raise TableError("not_started", "the game starts when every seat is taken")
            if table.status != "running" or table.state.is_terminal():
                raise TableError("game_over", "the game is over: no action is accepted")
            tm = table.state.to_move()
            if seat not in tm:
                who = ", ".join(self._who(table, s) for s in tm)
                raise TableError("not_your_turn", f"it is not your turn: waiting for {who}")
            if decision_id is not None and decision_id != table.decision_id(seat):
                raise TableError(
                    "stale",
                    f"your move answers an earlier decision ({decision_id}, now "
                    f"{table.decision_id(seat)}): the table changed before it arrived; "
                    "nothing was played, choose again",
                )
            choices = table.pos.choices(seat)
            try:
                table.state.apply(action_id, player=seat)
            except IllegalAction as exc:
                raise TableError("illegal", str(exc)) from None
            table.note_applied(seat, choices)
            self._chance_chain(table)
            self._cheap_bots(table)
            await self._commit(table)

    @staticmethod
    def _who(table: LiveTable, seat: int) -> str:
        if seat == CHANCE:
            return "chance"
        s = table.seats[seat]
        return f"{s.name or 'seat ' + str(seat)} (seat {seat})"

    async def _commit(self, table: LiveTable) -> None:
        """Store the actions applied since the last commit, then broadcast them. On a
        database failure the table is rebuilt from what was stored and the error raised;
        when another process changed the table first (PostgreSQL), it is rebuilt from the
        database and :class:`Conflict` raised."""
        history = table.state.history()
        entries = history[table.saved :]
        result = None
        if table.state.is_terminal() and table.status != "finished":
            result = {
                "scores": table.state.scores(),
                "winners": table.state.winners(),
                "end_reason": table.state.end_reason(),
            }
        if not entries and result is None:
            return
        try:
            if self.pg is not None:
                stored = await self.pg.append(table.id, table.saved, table.undos, entries, result)
            else:
                await self._store(table.id, table.saved, entries, result)
                stored = True
        except Exception as exc:
            log.exception("could not store actions of table %s", table.id)
            try:
                await self._rebuild(table)
            except Exception:
                # the database is unreachable: forget the table; it is rebuilt from what was
                # stored when someone comes back, and nothing unsaved was ever shown
                log.exception("could not reload table %s", table.id)
                if self.tables.get(table.id) is table:
                    self.tables.pop(table.id)
                for c in list(table.conns):
                    c.close()
            raise TableError(
                "storage", "the server could not save that move; nothing changed, try again"
            ) from exc
        if not stored:
            await self._resync(table)
            raise Conflict
        table.saved = len(history)
        if result is not None:
            table.status = "finished"
            for hook in self.on_finished:
                hook(table)
        table.broadcast()
        self.start_insights(table)

    async def _store(
        self, table_id: str, start: int, entries: list[Any], result: dict[str, Any] | None
    ) -> None:
        """Commit a table's new actions (grouped with others: ``commits.py``)."""
        await self._commits.store(table_id, start, entries, result)

    async def _rebuild(self, table: LiveTable, undo: tuple[int, int] | None = None) -> None:
        """Rebuild the table from its record (after a failed write, or with ``undo`` after
        another process's undo: everyone here is told who took a move back)."""
        known = undo if undo is not None else await self._db(self.db.undo_state, table.id)
        row = await self._db(self.db.load_table, table.id)
        if row is None:  # pragma: no cover - the table was deleted under us
            return
        fresh = await asyncio.to_thread(self._load, row)
        table.pos = fresh.pos
        table.saved = fresh.saved
        table.status = row.status
        table.insights.clear()
        table.undos = known[0]
        for conn in list(table.conns):
            table.snapshot(conn)
            if undo is not None:
                conn.push(table.undo_notice(undo[1]))

    async def undo(self, table: LiveTable, seat: int | None) -> None:
        """Take back ``seat``'s last decision and everything after it (the bots' replies in
        solo play), when :meth:`LiveTable.undo_point` allows it: the record is cut in the
        database (under the table's lock, one commit), the position rebuilt by replay and
        every connection sent a fresh snapshot and a notice."""
        if seat is None:
            raise TableError("spectator", "spectators have no move to take back")
        async with table.lock, self._exclusive(table):
            if table.status == "open":
                raise TableError("not_started", "the game has not started yet")
            cut, why = table.undo_point(seat)
            if cut is None:
                raise TableError("undo_refused", why)
            record = table.state.record()
            record["actions"] = record["actions"][:cut]
            position = await asyncio.to_thread(Position.from_record, record)
            try:
                if self.pg is not None:
                    generation = table.undos + 1
                    if not await self.pg.undo(table.id, table.saved, table.undos, cut, seat):
                        await self._resync(table)
                        raise TableError(
                            "stale", "the table changed meanwhile: nothing was taken back"
                        )
                else:
                    generation = await self._db(self.db.undo, table.id, cut, seat)
            except TableError:
                raise
            except Exception as exc:
                log.exception("could not store an undo of table %s", table.id)
                raise TableError(
                    "storage", "the server could not take the move back; nothing changed"
                ) from exc
            table.pos = position
            table.saved = cut
            table.undos = generation
            table.insights.clear()
            for c in list(table.conns):
                table.snapshot(c)
                c.push(table.undo_notice(seat))
        self.kick(table)
        self.start_insights(table)


def _current() -> asyncio.Task[Any] | None:
    try:
        return asyncio.current_task()
    except RuntimeError:
        return None


def make_game(name: str, players: int | None, ruleset: str | None, options: dict[str, Any]) -> Game:
    return make(name, players=players, ruleset=ruleset, options=options)


__all__ = [
    "Connection",
    "Hub",
    "LiveTable",
    "Position",
    "TableError",
    "has_hints",
    "make_game",
    "row_summary",
]
