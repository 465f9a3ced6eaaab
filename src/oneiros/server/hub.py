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
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from ..agents.base import Agent, make_agent, view_for
from ..core import CHANCE, ConfigError, Game, IllegalAction, State, make, replay
from ..core.i18n import Translator, default_language, for_game
from ..core.types import Decision, Event
from .db import Database, SeatRow, TableRow, now

log = logging.getLogger("oneiros.server")

T = TypeVar("T")

SEND_QUEUE = 512
"""Messages waiting for one slow client before it is disconnected."""


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
        self.closed = False

    def push(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(json.dumps(message, separators=(",", ":")))
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


class LiveTable:
    """A table in memory: the state, its seats and the connections watching it."""

    def __init__(self, row: TableRow, state: State) -> None:
        self.id = row.id
        self.row = row
        self.game: Game = state.game
        self.state = state
        self.seed = row.seed
        self.status = row.status
        self.public = row.public
        self.seats = [
            Seat(s.seat, s.kind, s.agent, s.name, s.token_hash, s.claimed) for s in row.seats
        ]
        self.lock = asyncio.Lock()
        self.conns: set[Connection] = set()
        self.agents: dict[int, Agent] = {}
        self.saved = len(state.history())
        n = self.saved
        self.decision_since = [n] * self.game.players
        self.fingerprints: list[Any] = [self._fingerprint(p) for p in range(self.game.players)]
        self.settler: asyncio.Task[None] | None = None
        self.background: set[asyncio.Task[None]] = set()
        self.hints = has_hints(self.game)
        self.insights: dict[tuple[int, int], dict[str, Any]] = {}
        """Analysis panels (Lucidity's risk meter) per (seat, position), computed off the loop."""

    # ----- decisions ----------------------------------------------------------------------
    def _fingerprint(self, seat: int) -> Any:
        tm = self.state.to_move()
        if seat not in tm:
            return None
        d = self.state.decision(seat)
        legal = tuple(a.id for a in self.state.legal_actions(seat))
        return (d.kind, d.prompt) if d else None, legal

    def note_applied(self, actor: int) -> None:
        """Refresh the per-seat decision ids after an action (used to reject stale ones)."""
        n = len(self.state.history())
        for seat in range(self.game.players):
            fp = self._fingerprint(seat)
            if fp != self.fingerprints[seat] or seat == actor:
                self.fingerprints[seat] = fp
                self.decision_since[seat] = n

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
        n = len(state.history())
        insights = self.insights.get((seat, n), {}) if conn.panels and seat is not None else {}
        return {
            "type": kind,
            "table": self.id,
            "game": self.game.name,
            "title": self.game.info.title,
            "ruleset": self.game.ruleset,
            "options": self.game.options,
            "status": self.status,
            "seat": seat,
            "seats": self.seat_list(),
            "n": n,
            "turn": state.turn_number(),
            "to_move": [p for p in tm],
            "decision": _decision_dict(decision, tr) if decision else None,
            "decision_id": self.decision_since[seat] if mine and seat is not None else None,
            "legal": legal,
            "observation": state.observation(seat),
            "events": new,
            "insights": insights,
            "hints": mine and self.hints,
            "scores": state.scores() if terminal else [],
            "winners": state.winners() if terminal else [],
            "end_reason": state.end_reason() if terminal else None,
            "lang": lang,
        }

    def broadcast(self, extra: dict[str, Any] | None = None) -> None:
        for conn in list(self.conns):
            msg = self.message(conn)
            if extra:
                msg.update(extra)
            conn.push(msg)

    def summary(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.info.title,
            "ruleset": self.game.ruleset,
            "players": self.game.players,
            "options": self.game.options,
            "status": self.status,
            "public": self.public,
            "seats": self.seat_list(),
            "created_at": self.row.created_at.isoformat(),
            "actions": len(self.state.history()),
            "scores": self.state.scores() if self.status == "finished" else [],
            "winners": self.state.winners() if self.status == "finished" else [],
        }


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

    def __init__(self, db: Database, bot_threads: int = 4) -> None:
        self.db = db
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
        self._pending: list[
            tuple[str, int, list[Any], dict[str, Any] | None, asyncio.Future[None]]
        ] = []
        self._flusher: asyncio.Task[None] | None = None

    async def _db(self, fn: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.db_pool, functools.partial(fn, *args))

    # ----- life cycle ---------------------------------------------------------------------
    async def start(self) -> None:
        """Create the schema and rebuild every unfinished table from its record."""
        await self._db(self.db.create_schema)
        ids = await self._db(self.db.unfinished_ids)
        for table_id in ids:
            await self.get(table_id)
        if ids:
            log.info("rebuilt %d unfinished table(s) from the database", len(ids))

    async def stop(self) -> None:
        self.closing = True
        for table in list(self.tables.values()):
            if table.settler is not None:
                table.settler.cancel()
            for task in table.background:
                task.cancel()
            for conn in list(table.conns):
                conn.close()
        self.bot_pool.shutdown(wait=False, cancel_futures=True)
        self.panel_pool.shutdown(wait=False, cancel_futures=True)
        self.db_pool.shutdown(wait=True)
        self.db.dispose()

    async def get(self, table_id: str) -> LiveTable | None:
        """The table in memory, loading (replaying) it from the database if needed."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        async with self._load_lock:
            table = self.tables.get(table_id)
            if table is not None:
                return table
            row = await self._db(self.db.load_table, table_id)
            if row is None or row.status == "broken":
                return None
            try:  # replaying a long game is real work: not on the event loop
                state = await asyncio.to_thread(replay, row.record())
            except Exception as exc:  # a record that no longer replays must not stop the server
                log.error("table %s does not replay: %s", table_id, exc)
                await self._db(self.db.mark_broken, table_id, str(exc))
                return None
            table = LiveTable(row, state)
            self.tables[table_id] = table
        if table.status == "running":
            self.kick(table)  # bots and chance carry on where the record stops
        return table

    def forget_if_idle(self, table: LiveTable) -> None:
        """Drop a finished table nobody watches (it is reloaded from its record on demand)."""
        if table.status == "finished" and not table.conns:
            self.tables.pop(table.id, None)

    # ----- lobby --------------------------------------------------------------------------
    async def create(
        self,
        game: Game,
        seats: list[dict[str, Any]],
        seed: int | None,
        public: bool,
    ) -> tuple[LiveTable, dict[int, str]]:
        """A new table; returns it and the invite token of every human seat."""
        if len(seats) != game.players:
            raise ConfigError(f"{len(seats)} seats were described for a {game.players}-player game")
        for i, spec in enumerate(seats):
            if spec["kind"] == "bot":
                make_agent(spec["agent"], game, seed=0)  # ConfigError for a bad spec
            elif spec["kind"] != "human":
                raise ConfigError(f"seat {i}: kind must be human or bot")
        if seed is None:
            seed = secrets.randbits(62)
        table_id = secrets.token_urlsafe(9)
        tokens: dict[int, str] = {}
        seat_rows = []
        for i, spec in enumerate(seats):
            if spec["kind"] == "human":
                tokens[i] = new_token()
                seat_rows.append(
                    SeatRow(i, "human", None, spec.get("name"), hash_token(tokens[i]), False)
                )
            else:
                seat_rows.append(SeatRow(i, "bot", spec["agent"], spec.get("name"), None, True))
        cfg = game.config()
        row = TableRow(
            id=table_id,
            game=cfg["game"],
            ruleset=cfg["ruleset"],
            players=cfg["players"],
            options=cfg["options"],
            seed=seed,
            public=public,
            status="open" if tokens else "running",
            created_at=now(),
            seats=seat_rows,
        )
        state = game.new_state(seed=seed)
        await self._db(self.db.create_table, row)
        table = LiveTable(row, state)
        self.tables[table_id] = table
        if table.status == "running":
            self.kick(table)
        return table, tokens

    async def claim(self, table: LiveTable, token: str | None, name: str | None) -> tuple[int, str]:
        """Take a human seat: the one of ``token`` (an invite link), or with no token the
        first free one of a public table (a fresh token is issued). Returns (seat, token)."""
        async with table.lock:
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
            if s.claimed:  # a reload or a second device: the seat is already taken
                return seat, token
            clean = (name or "").strip()[:40] or s.name or f"Seat {seat}"
            s_hash = hash_token(token)
            was_open = table.status == "open"
            old = (s.claimed, s.name, s.token_hash)
            s.claimed, s.name, s.token_hash = True, clean, s_hash
            start = was_open and table.humans_filled()
            try:
                await self._db(
                    self.db.claim_seat, table.id, seat, clean, s_hash, "running" if start else None
                )
            except Exception:
                s.claimed, s.name, s.token_hash = old
                raise
            if start:
                table.status = "running"
            table.broadcast()
        if table.status == "running":
            self.kick(table)
            self.start_insights(table)
        return seat, token

    async def rename(self, table: LiveTable, seat: int | None, name: str) -> None:
        """Change the name a human seat shows to everyone."""
        if seat is None:
            raise TableError("spectator", "spectators have no seat to name")
        clean = " ".join(name.split())[:40]
        if not clean:
            raise TableError("bad_message", "a name needs at least one visible character")
        async with table.lock:
            await self._db(self.db.rename_seat, table.id, seat, clean)
            table.seats[seat].name = clean
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
        async with table.lock:
            await self._settle(table)
            if seat is None:
                raise TableError("spectator", "spectators watch: they cannot act")
            if table.status == "open":
                raise TableError("not_started", "the game starts when every seat is taken")
            if table.status != "running" or table.state.is_terminal():
                raise TableError("game_over", "the game is over: no action is accepted")
            tm = table.state.to_move()
            if seat not in tm:
                who = ", ".join(self._who(table, s) for s in tm)
                raise TableError("not_your_turn", f"it is not your turn: waiting for {who}")
            if decision_id is not None and decision_id != table.decision_since[seat]:
                raise TableError(
                    "stale",
                    f"your move answers an earlier decision ({decision_id}, now "
                    f"{table.decision_since[seat]}): the table changed before it arrived; "
                    "nothing was played, choose again",
                )
            try:
                table.state.apply(action_id, player=seat)
            except IllegalAction as exc:
                raise TableError("illegal", str(exc)) from None
            table.note_applied(seat)
            self._chance_chain(table)
            await self._commit(table)
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
            n = len(state.history())
            outcome = state.sample_chance(random.Random(derive(table.seed, n, "chance")))
            state.apply(outcome)
            table.note_applied(CHANCE)

    async def _commit(self, table: LiveTable) -> None:
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
                for conn in list(table.conns):
                    conn.close()
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
        n = len(table.state.history())
        wanted = {c.seat for c in table.conns if c.panels and not c.closed}
        seats = [s for s in table.state.to_move() if s in wanted and (s, n) not in table.insights]
        if not seats:
            return
        snapshot = table.state.clone()
        loop = asyncio.get_running_loop()

        async def compute() -> None:
            for seat in seats:
                if len(table.state.history()) != n:
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
                table.insights[(seat, n)] = panel or {}
                if panel and len(table.state.history()) == n:
                    for conn in list(table.conns):
                        if conn.seat == seat and conn.panels:
                            conn.push({"type": "insights", "n": n, "insights": panel})

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

    async def _rebuild(self, table: LiveTable) -> None:
        row = await self._db(self.db.load_table, table.id)
        if row is None:  # pragma: no cover - the table was deleted under us
            return
        state = await asyncio.to_thread(replay, row.record())
        table.state = state
        table.saved = len(state.history())
        table.status = row.status
        table.decision_since = [table.saved] * table.game.players
        table.fingerprints = [table._fingerprint(p) for p in range(table.game.players)]
        for conn in list(table.conns):
            conn.push(table.message(conn, "snapshot"))

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
        except TableError:
            pass
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bots of table %s stopped", table.id)

    async def _settle(self, table: LiveTable) -> None:
        """Play chance and bot seats until a human must decide or the game ends."""
        while table.status == "running" and not self.closing:
            state = table.state
            if state.is_chance():
                self._chance_chain(table)
                await self._commit(table)
                continue
            bots = table.bot_seats_to_move()
            if not bots:
                break
            seat = bots[0]
            action_id = await self._think(table, seat)
            try:
                state.apply(action_id, player=seat)
            except IllegalAction:
                log.error("bot of seat %d on table %s chose illegal %r", seat, table.id, action_id)
                legal = state.legal_actions(seat)
                rng = random.Random(derive(table.seed, len(state.history()), seat, "fallback"))
                state.apply(rng.choice(legal), player=seat)
            table.note_applied(seat)
            self._chance_chain(table)
            await self._commit(table)

    async def _think(self, table: LiveTable, seat: int) -> str:
        n = len(table.state.history())
        loop = asyncio.get_running_loop()
        try:
            agent = table.agents.get(seat)
            if agent is None:
                spec = table.seats[seat].agent or "random"
                agent = make_agent(spec, table.game, seed=derive(table.seed, seat, "agent"))
                table.agents[seat] = agent
            snapshot = table.state.clone()
            return await loop.run_in_executor(
                self.bot_pool, _bot_decide, agent, snapshot, seat, derive(table.seed, n, seat)
            )
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception(
                "bot of seat %d on table %s failed; playing a random move", seat, table.id
            )
            legal = table.state.legal_actions(seat)
            return random.Random(derive(table.seed, n, seat, "fallback")).choice(legal).id

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
            decision_id = table.decision_since[seat]
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


def _bot_decide(agent: Agent, state: State, seat: int, seed: int) -> str:
    """Runs in a worker thread: the bot sees only what its seat may know."""
    agent.reset(seed)
    view = view_for(state, seat, random.Random(seed ^ 0x5EED))
    return agent.act(view, seat).id


def has_hints(game: Game) -> bool:
    """Whether the game has a heuristic bot (used for hints and as the default bot)."""
    try:
        return game.heuristic_policy() is not None
    except Exception:  # a game whose bot is missing or broken simply has no hints
        return False


def make_game(name: str, players: int | None, ruleset: str | None, options: dict[str, Any]) -> Game:
    return make(name, players=players, ruleset=ruleset, options=options)
