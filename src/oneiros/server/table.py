"""A live table in memory: its position, its seats and the connections watching it, and
what each connection is sent (its seat's view, an update only when that view changed).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..agents.base import Agent
from ..core import CHANCE, ConfigError, Game, State
from ..core.i18n import Translator, default_language, for_game
from ..core.types import Decision, Event
from .db import TableRow
from .position import Position

log = logging.getLogger("oneiros.server")

try:  # the web extra installs orjson: a view encodes several times faster
    import orjson

    _ORJSON_OPTIONS = orjson.OPT_NON_STR_KEYS
except ImportError:  # pragma: no cover - the standard library does the same, slower
    orjson = None  # type: ignore[assignment]


def encode(message: dict[str, Any]) -> str:
    """A message as compact JSON text (``orjson`` when installed; the standard library for
    what it refuses, such as integers beyond 64 bits)."""
    if orjson is not None:
        try:
            return orjson.dumps(message, option=_ORJSON_OPTIONS).decode()
        except TypeError:  # orjson.JSONEncodeError is one
            pass
    return json.dumps(message, separators=(",", ":"))


SEND_QUEUE = 512
"""Messages waiting for one slow client before it is disconnected."""


CONFLICTS = 5
"""Tries of a change whose commit found the table changed by another process first."""


class Conflict(Exception):
    """Another process changed the table first (PostgreSQL); it was rebuilt from the
    database and the change must be validated again."""


class TableError(Exception):
    """A request about a table that cannot be honoured; ``code`` is machine-readable."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


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
        self.push_text(encode(message))

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
            text = hit[2] or encode(msg)
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


def has_hints(game: Game) -> bool:
    """Whether the game has a heuristic bot (used for hints and as the default bot)."""
    try:
        return game.heuristic_policy() is not None
    except Exception:  # a game whose bot is missing or broken simply has no hints
        return False


def table_seats(
    game: Game, seats: Sequence[Any] | None, name: str | None = None
) -> list[dict[str, Any]]:
    """The seats of a new table from a request's ``seats`` (``protocol.SeatSpec``; a bot
    with no agent is ``random``); without them, seat 0 is a human called ``name`` and the
    others are bots, heuristic where the game has one (``has_hints``), else random."""
    if seats is None:
        bot = "heuristic" if has_hints(game) else "random"
        return [{"kind": "human", "name": name}] + [
            {"kind": "bot", "agent": bot, "name": None} for _ in range(game.players - 1)
        ]
    return [
        {
            "kind": s.kind,
            "agent": (s.agent or "random") if s.kind == "bot" else None,
            "name": s.name,
        }
        for s in seats
    ]


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
