"""The game loop of the web table: one in-memory state per table, server-authoritative.

Every table holds the only real state. A seat's action is validated by the engine, applied,
followed by any chance outcomes (sampled from an RNG derived from the stored seed and the
number of actions so far), committed to the database and only then acknowledged and
broadcast. Bot seats think in a worker thread, one table at a time, so a slow bot never
stalls another game. On start every unfinished table is rebuilt from its record with
``oneiros.replay``; because chance and bots depend only on the seed and the position, the
game continues exactly as it would have.

Ordering rule: while a table's lock is free, no chance outcome or bot decision is pending
(bots always decide before humans at a simultaneous decision), so the stored record does
not depend on network timing.

On PostgreSQL several processes may hold the same table: every change is made while the
process holds the table's advisory lock in the database (after catching up with what other
processes stored), and a ``NOTIFY`` tells the other processes to catch up and push the news
to their own sockets (see ``shared.py``).

What every seat can see never depends on another seat's hidden choice: ``n`` in the
messages counts changes of the *public* view (:class:`PublicClock`), a seat's
``decision_id`` counts changes of its own decision, and a connection gets an update only
when its own view changed.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import hmac
import json
import logging
import random
import secrets
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from ..agents.base import Agent, make_agent, view_for
from ..core import CHANCE, ConfigError, Game, IllegalAction, State, make, replay
from ..core.i18n import Translator, default_language, for_game
from ..core.types import Decision, Event
from .config import Settings
from .db import Database, SeatRow, TableRow, now
from .packs import ContentPacks, MissingPack
from .pg import Locked, PgTables
from .shared import Listener

log = logging.getLogger("oneiros.server")

T = TypeVar("T")

SEND_QUEUE = 512
"""Messages waiting for one slow client before it is disconnected."""

CHEAP_BOT = 0.002
"""CPU seconds under which a bot's last decision lets it decide on the event loop next
time (a thread hop costs more than a random or rule-of-thumb move): see ``Hub._think``."""
INLINE_BUDGET = 0.005
"""CPU seconds of cheap bot moves a seat's move may carry in the same commit."""


class TableError(Exception):
    """A request about a table that cannot be honoured; ``code`` is machine-readable."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def derive(*parts: object) -> int:
    """A 63-bit seed derived from the table seed and the position (stable across runs)."""
    text = ":".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


class Connection:
    """One WebSocket of a seat (``seat`` None: a spectator) with its own send queue."""

    def __init__(
        self,
        seat: int | None,
        send: Callable[[str], Any],
        panels: bool = False,
        lang: str | None = None,
    ) -> None:
        self.seat = seat
        self.panels = panels and seat is not None
        self.lang = lang
        """The language of the texts sent (None: the game's default, see ``core.i18n``)."""
        self._send = send
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(SEND_QUEUE)
        self.event_pos = 0
        """How much of the table's full event list this connection has been shown."""
        self.last: dict[str, Any] | None = None
        """The last view sent (without its events): an unchanged view is not sent again."""
        self.closed = False

    def push(self, message: dict[str, Any]) -> None:
        self.push_text(json.dumps(message, separators=(",", ":")))

    def push_text(self, text: str) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            log.warning("dropping a client that does not read its messages")
            self.close()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.put_nowait(None)

    async def writer(self) -> None:
        while True:
            text = await self.queue.get()
            if text is None:
                return
            await self._send(text)


@dataclass
class Seat:
    index: int
    kind: str
    agent: str | None
    name: str | None
    token_hash: str | None
    claimed: bool

    def public(self, connected: bool) -> dict[str, Any]:
        return {
            "seat": self.index,
            "kind": self.kind,
            "agent": self.agent,
            "name": self.name or (f"Bot ({self.agent})" if self.kind == "bot" else None),
            "claimed": self.claimed,
            "connected": connected,
        }


class PublicClock:
    """Counts the changes of the public view (what a spectator sees: observation, who is to
    move, public events) along a game. It is the ``n`` of every message: a hidden choice
    that changes nothing public does not move it, so ``n`` tells nobody about it."""

    def __init__(self, state: State) -> None:
        self.n = 0
        self._seen = 0
        self._public_events = 0
        self._fp = self._fingerprint(state)

    def step(self, state: State) -> None:
        fp = self._fingerprint(state)
        if fp != self._fp:
            self.n += 1
            self._fp = fp

    def _fingerprint(self, state: State) -> tuple[Any, ...]:
        events = state.events()
        for e in events[self._seen :]:
            if e.visible_to is None:
                self._public_events += 1
        self._seen = len(events)
        # compared by value with the previous one (a fresh observation each time)
        return (self._public_events, state.to_move(), state.observation(None))


def entry_actor(state: State, entry: Any) -> int:
    """The seat (or CHANCE) that made a record entry, before it is applied."""
    if isinstance(entry, list | tuple):
        return int(entry[0])
    return state.to_move()[0]


def apply_entry(state: State, entry: Any) -> None:
    if isinstance(entry, str):
        state.apply(entry)
    else:
        state.apply(str(entry[1]), player=int(entry[0]))


UNDO_WINDOW = 32
"""Seat entries back from the end of the record an undo may reach."""
UNDO_SAMPLES = 6
"""States consistent with a seat's knowledge an undo replays the taken-back moves on."""


class Position:
    """A table's state with the public clock and every seat's decision counter, which are
    functions of the record alone (the same in every process and after a restart)."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.clock = PublicClock(state)
        players = state.game.players
        self.chances = 0
        """Chance outcomes so far (the chance stream's index: how many entries the seats
        made, some of them hidden, must not change what chance does next)."""
        self.decision_ids = [0] * players
        self.actors: list[int] = []
        """Who made each record entry (a seat or CHANCE), for undo."""
        self.forced: list[bool] = []
        """Whether each entry was its seat's only legal action (undo steps over those)."""
        self.first_decision: dict[int, int] = {}
        """The index of each seat's first entry that was a real choice (not forced)."""
        self.public: list[bool] = []
        """Whether each entry changed the public view (the public clock moved)."""
        self.before: dict[int, State] = {}
        """The state before each of the last :data:`UNDO_WINDOW` seat entries (undo checks
        on it what the entries revealed)."""
        self._reveals: dict[tuple[int, int, int], bool] = {}
        self.fingerprints: list[Any] = [self._fingerprint(p) for p in range(players)]

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Position:
        """Replay a record entry by entry (blocking: call it in a thread)."""
        pos = cls(replay({**record, "actions": []}))
        recent = len(record["actions"]) - UNDO_WINDOW
        for i, entry in enumerate(record["actions"]):
            try:
                pos.advance(entry, keep=i >= recent)
            except IllegalAction as exc:
                raise ConfigError(f"record action {i} ({entry!r}) does not replay: {exc}") from None
        return pos

    def advance(self, entry: Any, keep: bool = True) -> None:
        actor = entry_actor(self.state, entry)
        choices = self.choices(actor, keep)
        apply_entry(self.state, entry)
        self.applied(actor, choices)

    def choices(self, actor: int, keep: bool = True) -> int:
        """How many legal actions ``actor`` has now (before it acts), and a copy of the
        state kept for undo; without ``keep`` (entries an undo cannot reach: replaying a
        long record) neither is computed and 2 is returned."""
        if actor == CHANCE:
            return 0
        if not keep:
            return 2
        n = len(self.state.history())
        self.before[n] = self.state.clone()
        if len(self.before) > UNDO_WINDOW:  # in the order of the record: oldest first
            del self.before[next(iter(self.before))]
        return len(self.state.legal_actions(actor))

    def reveals(self, start: int, seat: int) -> bool:
        """Whether the entries from ``start`` on told ``seat`` something it could not know
        before them (another seat's hidden card or secret choice): replayed on a few states
        consistent with what the seat knew then (``State.determinize``), they must show the
        seat the same observation and events as the real game. True when unsure (the state
        before ``start`` is no longer kept, or an entry does not replay)."""
        state = self.state
        if state.game.info.perfect_information:
            return False
        history = state.history()
        key = (start, seat, len(history))
        known = self._reveals.get(key)
        if known is not None:
            return known
        before = self.before.get(start)
        answer = True
        if before is not None:
            seen = len(before.events())
            real = (
                state.observation(seat),
                [e.to_dict() for e in state.events()[seen:] if e.visible(seat)],
            )
            answer = False
            for k in range(UNDO_SAMPLES):
                other = before.determinize(seat, random.Random(k))
                other_seen = len(other.events())  # a determinized copy may keep no log
                try:
                    for entry in history[start:]:
                        apply_entry(other, entry)
                except Exception:  # the hidden part mattered to what followed
                    answer = True
                    break
                got = (
                    other.observation(seat),
                    [e.to_dict() for e in other.events()[other_seen:] if e.visible(seat)],
                )
                if got != real:
                    answer = True
                    break
        if len(self._reveals) > 64:
            self._reveals.clear()
        self._reveals[key] = answer
        return answer

    def applied(self, actor: int, choices: int = 2) -> None:
        """Refresh the clock and the decision counters after ``actor``'s action (which
        was chosen among ``choices`` legal actions)."""
        forced = actor != CHANCE and choices <= 1
        if actor != CHANCE and not forced:
            self.first_decision.setdefault(actor, len(self.actors))
        self.actors.append(actor)
        self.forced.append(forced)
        if actor == CHANCE:
            self.chances += 1
        for seat in range(len(self.decision_ids)):
            fp = self._fingerprint(seat)
            if fp != self.fingerprints[seat] or seat == actor:
                self.fingerprints[seat] = fp
                self.decision_ids[seat] += 1
        n = self.clock.n
        self.clock.step(self.state)
        self.public.append(self.clock.n != n)

    def _fingerprint(self, seat: int) -> Any:
        state = self.state
        if seat not in state.to_move():
            return None
        d = state.decision(seat)
        legal = tuple(a.id for a in state.legal_actions(seat))
        return (d.kind, d.prompt) if d else None, legal


class LiveTable:
    """A table in memory: the state, its seats and the connections watching it."""

    def __init__(self, row: TableRow, position: Position, options: dict[str, Any]) -> None:
        self.id = row.id
        self.row = row
        self.pos = position
        self.game: Game = position.state.game
        self.options = options
        """The options as clients see them (a content pack by name, never a path)."""
        self.seed = row.seed
        self.status = row.status
        self.public = row.public
        self.seats = [
            Seat(s.seat, s.kind, s.agent, s.name, s.token_hash, s.claimed) for s in row.seats
        ]
        self.lock = asyncio.Lock()
        self.conns: set[Connection] = set()
        self.agents: dict[int, Agent] = {}
        self.saved = len(position.state.history())
        self.settler: asyncio.Task[None] | None = None
        self.presence: asyncio.TimerHandle | None = None
        self.background: set[asyncio.Task[None]] = set()
        self.hints = has_hints(self.game)
        self.undos = 0
        """The undo generation this copy was built at (PostgreSQL: another process's undo
        makes this copy rebuild from the database)."""
        self.insights: dict[tuple[int, int], dict[str, Any]] = {}
        """Analysis panels (Lucidity's risk meter) per (seat, decision id), computed off the
        loop."""

    @property
    def state(self) -> State:
        return self.pos.state

    @property
    def n(self) -> int:
        return self.pos.clock.n

    def decision_id(self, seat: int) -> int:
        return self.pos.decision_ids[seat]

    def note_applied(self, actor: int, choices: int = 2) -> None:
        """Refresh the public clock and the decision ids after an action."""
        self.pos.applied(actor, choices)

    def undo_point(self, seat: int) -> tuple[int | None, str]:
        """Where an undo by ``seat`` would cut the record (the index of its last real
        decision), or None and the reason it is refused. See docs/web.md, "Undo": the
        seat's own moves, in solo play the bots' replies, and other seats' private moves
        that changed nothing public may be taken back; never a chance outcome, another
        seat's public move, nor a move that showed the seat hidden information."""
        if self.status != "running" or self.state.is_terminal():
            return None, "the game is over: nothing can be taken back"
        actors, forced, public = self.pos.actors, self.pos.forced, self.pos.public
        if len(actors) != len(self.state.history()):  # pragma: no cover - defensive
            return None, "this position cannot be taken back"
        solo = all(s.kind == "bot" for s in self.seats if s.index != seat)
        first = self.pos.first_decision.get(seat, len(actors))
        for i in range(len(actors) - 1, -1, -1):
            actor = actors[i]
            if i < first:
                break  # no decision of the seat's before this point
            if actor == CHANCE:
                return None, (
                    "chance has spoken since your move (a draw or a roll): it cannot be taken back"
                )
            if actor == seat:
                if forced[i]:
                    continue  # a move without a choice: step back to the real decision
                if self.pos.reveals(i, seat):
                    return None, (
                        "your move showed you hidden information (another player's secret "
                        "choice or card): it cannot be taken back"
                    )
                return i, ""
            if solo and self.seats[actor].kind == "bot":
                continue  # the bots' replies go with the move
            if public[i]:
                return None, "another player has acted since your move: it cannot be taken back"
            # a private move of another seat that changed nothing public: refusing would tell
            # this seat it was made, so it is taken back too (its seat chooses again)
        return None, "nothing to take back: you have not made a decision yet"

    def can_undo(self, seat: int | None) -> bool:
        return seat is not None and self.undo_point(seat)[0] is not None

    def undo_notice(self, seat: int) -> dict[str, Any]:
        s = self.seats[seat] if 0 <= seat < len(self.seats) else None
        name = (s.name if s is not None else None) or f"Seat {seat}"
        return {
            "type": "notice",
            "code": "undo",
            "seat": seat,
            "n": self.n,
            "message": f"{name} took back a move",
        }

    def bot_seats_to_move(self) -> list[int]:
        return [s for s in self.state.to_move() if s != CHANCE and self.seats[s].kind == "bot"]

    def humans_filled(self) -> bool:
        return all(s.claimed for s in self.seats if s.kind == "human")

    # ----- what a connection sees ---------------------------------------------------------
    def connected_seats(self) -> set[int]:
        return {c.seat for c in self.conns if c.seat is not None and not c.closed}

    def seat_list(self) -> list[dict[str, Any]]:
        online = self.connected_seats()
        return [s.public(s.index in online or s.kind == "bot") for s in self.seats]

    def message(self, conn: Connection, kind: str = "update") -> dict[str, Any]:
        """The view of ``conn``'s seat: its observation, its decision, its legal actions and
        the events it may see that it has not been sent yet (all of them for a snapshot)."""
        state = self.state
        seat = conn.seat
        lang = conn.lang or default_language(self.game)
        tr = for_game(self.game, lang)
        all_events = state.events()
        start = 0 if kind == "snapshot" else conn.event_pos
        new = [_event_dict(e, tr) for e in all_events[start:] if e.visible(seat)]
        conn.event_pos = len(all_events)
        tm = state.to_move()
        mine = seat is not None and seat in tm and self.status == "running"
        decision = state.decision(seat) if mine else None
        legal = (
            [{"id": a.id, "label": tr.text(a.label)} for a in state.legal_actions(seat)]
            if mine
            else []
        )
        terminal = not tm
        did = self.decision_id(seat) if mine and seat is not None else None
        insights = (
            self.insights.get((seat, did), {})
            if conn.panels and seat is not None and did is not None
            else {}
        )
        return {
            "type": kind,
            "table": self.id,
            "game": self.game.name,
            "title": self.game.info.title,
            "ruleset": self.game.ruleset,
            "options": self.options,
            "status": self.status,
            "seat": seat,
            "seats": self.seat_list(),
            "n": self.n,
            "turn": state.turn_number(),
            "to_move": [p for p in tm],
            "decision": _decision_dict(decision, tr) if decision else None,
            "decision_id": did,
            "legal": legal,
            "observation": state.observation(seat),
            "events": new,
            "insights": insights,
            "hints": mine and self.hints,
            "can_undo": self.can_undo(seat),
            "scores": state.scores() if terminal else [],
            "winners": state.winners() if terminal else [],
            "end_reason": state.end_reason() if terminal else None,
            "lang": lang,
        }

    def snapshot(self, conn: Connection) -> None:
        msg = self.message(conn, "snapshot")
        conn.last = _comparable(msg)
        conn.push(msg)

    def broadcast(self) -> None:
        """Send each connection its new view, only if it changed. Connections of the same
        seat at the same point of the event list share one computed message."""
        memo: dict[
            tuple[int | None, int, bool, str | None], tuple[dict[str, Any], int, str | None]
        ] = {}
        for conn in list(self.conns):
            key = (conn.seat, conn.event_pos, conn.panels, conn.lang)
            hit = memo.get(key)
            if hit is None:
                msg = self.message(conn)
                hit = (msg, conn.event_pos, None)
            else:
                conn.event_pos = hit[1]
            msg = hit[0]
            same = _comparable(msg)
            if not msg["events"] and conn.last == same:
                memo[key] = hit
                continue
            conn.last = same
            text = hit[2] or json.dumps(msg, separators=(",", ":"))
            memo[key] = (msg, hit[1], text)
            conn.push_text(text)

    def presence_changed(self, delay: float) -> None:
        """Someone connected or left: one update for everyone after ``delay`` seconds, however
        many sockets came and went meanwhile."""
        if self.presence is not None:
            return

        def fire() -> None:
            self.presence = None
            self.broadcast()

        self.presence = asyncio.get_running_loop().call_later(delay, fire)

    def summary(self) -> dict[str, Any]:
        finished = self.status == "finished"
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.info.title,
            "ruleset": self.game.ruleset,
            "players": self.game.players,
            "options": self.options,
            "status": self.status,
            "public": self.public,
            "seats": self.seat_list(),
            "created_at": self.row.created_at.isoformat(),
            "actions": len(self.state.history()) if finished else None,
            "scores": self.state.scores() if finished else [],
            "winners": self.state.winners() if finished else [],
        }


def _comparable(msg: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in msg.items() if k not in ("type", "events")}


def row_summary(row: TableRow) -> dict[str, Any]:
    """A lobby entry for a table that is not in memory."""
    from ..core.registry import _load

    try:
        title = _load(row.game).info.title
    except ConfigError:
        title = row.game
    seats = [
        Seat(s.seat, s.kind, s.agent, s.name, s.token_hash, s.claimed).public(s.kind == "bot")
        for s in row.seats
    ]
    return {
        "id": row.id,
        "game": row.game,
        "title": title,
        "ruleset": row.ruleset,
        "players": row.players,
        "options": row.options,
        "status": row.status,
        "public": row.public,
        "seats": seats,
        "created_at": row.created_at.isoformat(),
        "actions": None,
        "scores": (row.result or {}).get("scores", []),
        "winners": (row.result or {}).get("winners", []),
    }


class Hub:
    """Every live table of this server process."""

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
            max_workers=1 if db.is_sqlite else 16, thread_name_prefix="oneiros-db"
        )
        self.bot_pool = ThreadPoolExecutor(
            max_workers=bot_threads, thread_name_prefix="oneiros-bot"
        )
        self.panel_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="oneiros-panel")
        """Analysis panels (Monte Carlo risk meters) take turns in one thread: they never
        hold up more than one bot thread's share of the interpreter."""
        self.closing = False
        self._pending: list[
            tuple[str, int, list[Any], dict[str, Any] | None, asyncio.Future[None]]
        ] = []
        self._flusher: asyncio.Task[None] | None = None
        self.bot_costs: dict[tuple[str, str], float] = {}
        """CPU seconds a bot of a game takes to decide, per (game, agent spec): the last
        decision, or half the one before when that was more (see :data:`CHEAP_BOT`)."""
        self.pg = PgTables(db.listen_dsn()) if self.shared else None
        """PostgreSQL: the changes of tables, on the event loop (see ``pg.py``)."""
        self._listener: Listener | None = None

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
            self.tables[table_id] = table
        if table.status == "running":
            self.kick(table)  # bots and chance carry on where the record stops
        return table

    def forget_if_idle(self, table: LiveTable) -> None:
        """Drop a finished table nobody watches (it is reloaded from its record on demand).
        On PostgreSQL also a table nobody here watches where a human must move next: the
        process that gets that human's socket loads it."""
        if table.conns:
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
    async def _exclusive(self, table: LiveTable) -> AsyncIterator[Locked | None]:
        """Hold the table's lock in the database (PostgreSQL) for a change, caught up with
        every other process; yields the locked transaction (None on SQLite, where this
        process alone writes)."""
        if self.pg is None:
            yield None
            return
        # one round trip: lock, then what others stored since (see pg.py)
        async with self.pg.locked(table.id, table.saved) as locked:
            if locked.undo[0] != table.undos:  # another process took moves back
                await self._rebuild(table, locked.undo)
            else:
                for entry in locked.entries:
                    table.pos.advance(entry)
                table.saved += len(locked.entries)
            if locked.status is not None:
                table.status = locked.status
            yield locked

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
            await self._settle(table)
            async with self._exclusive(table) as conn:
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
                await self._commit(table, conn)
        self.kick(table)

    @staticmethod
    def _who(table: LiveTable, seat: int) -> str:
        if seat == CHANCE:
            return "chance"
        s = table.seats[seat]
        return f"{s.name or 'seat ' + str(seat)} (seat {seat})"

    def _chance_chain(self, table: LiveTable) -> None:
        """Resolve every chance node now reached, from the table's derived RNG."""
        state = table.state
        while state.is_chance():
            k = table.pos.chances
            outcome = state.sample_chance(random.Random(derive(table.seed, k, "chance")))
            state.apply(outcome)
            table.note_applied(CHANCE)

    async def _commit(self, table: LiveTable, locked: Locked | None = None) -> None:
        """Store the actions applied since the last commit, then broadcast them. On a
        database failure the table is rebuilt from what was stored and the error raised."""
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
            if locked is not None and self.pg is not None:
                await self.pg.append(locked, table.saved, entries, result)
            else:
                await self._store(table.id, table.saved, entries, result)
        except Exception as exc:
            log.exception("could not store actions of table %s", table.id)
            try:
                await self._rebuild(table)
            except Exception:
                # the database is unreachable: forget the table; it is rebuilt from what was
                # stored when someone comes back, and nothing unsaved was ever shown
                log.exception("could not reload table %s", table.id)
                self.tables.pop(table.id, None)
                for c in list(table.conns):
                    c.close()
            raise TableError(
                "storage", "the server could not save that move; nothing changed, try again"
            ) from exc
        table.saved = len(history)
        if result is not None:
            table.status = "finished"
        table.broadcast()
        self.start_insights(table)

    def start_insights(self, table: LiveTable) -> None:
        """Compute the analysis panels of the human seats now deciding, in a worker thread;
        each seat gets an ``insights`` message when its panel is ready."""
        if self.closing or table.status != "running":
            return
        wanted = {c.seat for c in table.conns if c.panels and not c.closed}
        keys = [
            (s, table.decision_id(s))
            for s in table.state.to_move()
            if s in wanted and (s, table.decision_id(s)) not in table.insights
        ]
        if not keys:
            return
        snapshot = table.state.clone()
        saved = len(snapshot.history())
        loop = asyncio.get_running_loop()

        async def compute() -> None:
            for seat, did in keys:
                if len(table.state.history()) != saved:
                    return  # the position moved on: nobody will see this panel
                try:
                    panel = await loop.run_in_executor(self.panel_pool, snapshot.insights, seat)
                except asyncio.CancelledError:
                    raise
                except Exception:  # an analysis panel must never break the table
                    log.exception("insights failed on table %s", table.id)
                    continue
                if len(table.insights) > 64:
                    table.insights.clear()
                table.insights[(seat, did)] = panel or {}
                if panel and len(table.state.history()) == saved:
                    for conn in list(table.conns):
                        if conn.seat == seat and conn.panels:
                            conn.push(
                                {
                                    "type": "insights",
                                    "n": table.n,
                                    "decision_id": did,
                                    "insights": panel,
                                }
                            )

        table.background.add(loop.create_task(compute()))
        table.background = {t for t in table.background if not t.done()}

    async def _store(
        self, table_id: str, start: int, entries: list[Any], result: dict[str, Any] | None
    ) -> None:
        """Commit a table's new actions. Commits waiting at the same time are grouped into
        one transaction (group commit: one disk flush for many tables); each caller returns
        only once its own actions are durable."""
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
                await self._db(self.db.append_batch, [b[:4] for b in batch])
            except Exception:
                # one bad write must not sink the others: retry them one by one
                for table_id, start, entries, result, done in batch:
                    try:
                        await self._db(self.db.append_actions, table_id, start, entries, result)
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
        async with table.lock, self._exclusive(table) as conn:
            if table.status == "open":
                raise TableError("not_started", "the game has not started yet")
            cut, why = table.undo_point(seat)
            if cut is None:
                raise TableError("undo_refused", why)
            record = table.state.record()
            record["actions"] = record["actions"][:cut]
            position = await asyncio.to_thread(Position.from_record, record)
            try:
                if conn is not None and self.pg is not None:
                    generation = await self.pg.undo(conn, cut, seat)
                else:
                    generation = await self._db(self.db.undo, table.id, cut, seat)
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

    def kick(self, table: LiveTable) -> None:
        """Let bots and chance move (in the background) if it is their turn."""
        if self.closing or table.status != "running":
            return
        if not (table.bot_seats_to_move() or table.state.is_chance()):
            return
        if table.settler is not None and not table.settler.done():
            return
        table.settler = asyncio.get_running_loop().create_task(self._settle_locked(table))

    async def _settle_locked(self, table: LiveTable) -> None:
        try:
            async with table.lock:
                await self._settle(table)
            self.forget_if_idle(table)
        except TableError:
            pass
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bots of table %s stopped", table.id)

    async def _settle(self, table: LiveTable) -> None:
        """Play chance and bot seats until a human must decide or the game ends. A bot
        thinks without holding the database lock; if another process moved meanwhile, the
        decision is dropped and taken again on the new position."""
        while table.status == "running" and not self.closing:
            state = table.state
            if not (state.is_chance() or table.bot_seats_to_move()):
                break
            seat: int | None = None
            action_id = ""
            if not state.is_chance():
                seat = table.bot_seats_to_move()[0]
                action_id = await self._think(table, seat)
            before = len(table.state.history())
            async with self._exclusive(table) as conn:
                if len(table.state.history()) != before:
                    table.broadcast()
                    continue  # another process moved first: look again
                if table.state.is_chance():
                    self._chance_chain(table)
                elif seat is not None:
                    self._bot_move(table, seat, action_id)
                    self._chance_chain(table)
                self._cheap_bots(table)
                await self._commit(table, conn)

    def _bot_move(self, table: LiveTable, seat: int, action_id: str) -> None:
        """Apply a bot's decision (a legal random move if it chose an illegal one)."""
        state = table.state
        choices = table.pos.choices(seat)
        try:
            state.apply(action_id, player=seat)
        except IllegalAction:
            log.error("bot of seat %d on table %s chose illegal %r", seat, table.id, action_id)
            legal = state.legal_actions(seat)
            rng = random.Random(derive(table.seed, table.decision_id(seat), seat, "fallback"))
            state.apply(rng.choice(legal), player=seat)
        table.note_applied(seat, choices)

    def _cheap_bots(self, table: LiveTable) -> None:
        """Play at once, on the event loop, the bot seats whose decisions are cheap (see
        :data:`CHEAP_BOT`), with the chance outcomes after them, up to
        :data:`INLINE_BUDGET` of CPU: they go into the same commit and the same update as
        the move before them. What they choose is what they would choose in a thread (a
        bot's decision depends on the seed and the position only)."""
        spent = 0.0
        while table.status == "running" and not self.closing and spent < INLINE_BUDGET:
            if table.state.is_chance():
                break  # pragma: no cover - the chance chain ran before
            bots = table.bot_seats_to_move()
            if not bots or self._cost(table, bots[0]) >= CHEAP_BOT:
                break
            start = time.thread_time()
            action_id = self._decide_here(table, bots[0])
            spent += time.thread_time() - start
            self._bot_move(table, bots[0], action_id)
            self._chance_chain(table)

    def _agent(self, table: LiveTable, seat: int) -> Agent:
        agent = table.agents.get(seat)
        if agent is None:
            spec = table.seats[seat].agent or "random"
            agent = make_agent(spec, table.game, seed=derive(table.seed, seat, "agent"))
            table.agents[seat] = agent
        return agent

    def _cost_key(self, table: LiveTable, seat: int) -> tuple[str, str]:
        return (table.game.name, table.seats[seat].agent or "random")

    def _cost(self, table: LiveTable, seat: int) -> float:
        """What the bot of ``seat`` took to decide lately (1 s when never measured)."""
        return self.bot_costs.get(self._cost_key(table, seat), 1.0)

    def _note_cost(self, table: LiveTable, seat: int, cost: float) -> None:
        key = self._cost_key(table, seat)
        self.bot_costs[key] = max(cost, self.bot_costs.get(key, 0.0) / 2)

    def _decide_here(self, table: LiveTable, seat: int) -> str:
        """A cheap bot's decision, on the event loop."""
        n = table.decision_id(seat)
        try:
            state = table.state
            if state.game.info.perfect_information:
                state = state.clone()  # the bot's own copy (otherwise it gets a determinized one)
            start = time.thread_time()
            action_id = _bot_decide(
                self._agent(table, seat), state, seat, derive(table.seed, n, seat)
            )
            self._note_cost(table, seat, time.thread_time() - start)
            return action_id
        except Exception:
            return self._fallback(table, seat, n)

    def _fallback(self, table: LiveTable, seat: int, n: int) -> str:
        log.exception("bot of seat %d on table %s failed; playing a random move", seat, table.id)
        legal = table.state.legal_actions(seat)
        return random.Random(derive(table.seed, n, seat, "fallback")).choice(legal).id

    async def _think(self, table: LiveTable, seat: int) -> str:
        """A bot's decision: in a worker thread, or on the loop when the bot is cheap."""
        if self._cost(table, seat) < CHEAP_BOT:
            return self._decide_here(table, seat)
        n = table.decision_id(seat)  # the bot's own counter: hidden moves of others change
        # neither what it sees nor its random stream
        loop = asyncio.get_running_loop()
        try:
            action_id, cost = await loop.run_in_executor(
                self.bot_pool,
                _timed_decide,
                self._agent(table, seat),
                table.state.clone(),
                seat,
                derive(table.seed, n, seat),
            )
        except asyncio.CancelledError:
            raise
        except Exception:
            return self._fallback(table, seat, n)
        self._note_cost(table, seat, cost)
        return action_id

    async def hint(
        self, table: LiveTable, seat: int | None, lang: str | None = None
    ) -> dict[str, Any]:
        """The game's heuristic suggestion for a seat's current decision."""
        if seat is None:
            raise TableError("spectator", "spectators get no hints")
        policy = table.game.heuristic_policy() if table.hints else None
        if policy is None:
            raise TableError("no_hint", f"{table.game.info.title} has no hints")
        async with table.lock:
            if table.status != "running" or seat not in table.state.to_move():
                raise TableError("not_your_turn", "a hint is for your own decision")
            snapshot = table.state.clone()
            decision_id = table.decision_id(seat)
        n = len(snapshot.history())
        rng = random.Random(derive(table.seed, n, seat, "hint", secrets.randbits(32)))
        loop = asyncio.get_running_loop()

        def suggest() -> Any:
            return policy(view_for(snapshot, seat, rng), seat, rng)

        action = await loop.run_in_executor(self.bot_pool, suggest)
        return {
            "type": "hint",
            "action": action.id,
            "label": for_game(table.game, lang or default_language(table.game)).text(action.label),
            "decision_id": decision_id,
        }


def _event_dict(event: Event, tr: Translator) -> dict[str, Any]:
    out = event.to_dict()
    if tr:
        out["text"] = event.text_in(tr.lang, tr)
    return out


def _decision_dict(decision: Decision, tr: Translator) -> dict[str, Any]:
    out = decision.to_dict()
    if tr:
        out["prompt"] = tr.text(decision.prompt)
    return out


def _current() -> asyncio.Task[Any] | None:
    try:
        return asyncio.current_task()
    except RuntimeError:
        return None


def _bot_decide(agent: Agent, state: State, seat: int, seed: int) -> str:
    """Runs in a worker thread: the bot sees only what its seat may know."""
    agent.reset(seed)
    view = view_for(state, seat, random.Random(seed ^ 0x5EED))
    return agent.act(view, seat).id


def _timed_decide(agent: Agent, state: State, seat: int, seed: int) -> tuple[str, float]:
    """:func:`_bot_decide` in a worker thread, with the CPU seconds it took."""
    start = time.thread_time()
    action_id = _bot_decide(agent, state, seat, seed)
    return action_id, time.thread_time() - start


def has_hints(game: Game) -> bool:
    """Whether the game has a heuristic bot (used for hints and as the default bot)."""
    try:
        return game.heuristic_policy() is not None
    except Exception:  # a game whose bot is missing or broken simply has no hints
        return False


def make_game(name: str, players: int | None, ruleset: str | None, options: dict[str, Any]) -> Game:
    return make(name, players=players, ruleset=ruleset, options=options)
