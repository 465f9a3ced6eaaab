"""The FastAPI application: lobby (REST), play (one WebSocket per seat), the browser client.

from oneiros.server import create_app
app = create_app("sqlite:///oneiros.db")
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, HTTPException, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.trustedhost import TrustedHostMiddleware

from .. import __version__
from ..agents import agent_specs
from ..core import OneirosError, games, replay
from ..core.i18n import Lang, card_texts_in, default_language, for_game
from .campaigns import register as register_campaigns
from .config import Settings
from .db import Database
from .frames import (
    BadFrame,
    Disconnected,
    parse_message,
    receive_frame,
    receive_text,
    refuse,
    send_error,
)
from .hub import Connection, Hub, LiveTable, TableError, has_hints, make_game, row_summary
from .limits import BodyLimit, Counter, RateLimiter, client_of
from .packs import CONTENT_OPTIONS, ContentPacks
from .pages import STATIC, page
from .position import turns_after_each_action
from .protocol import (
    Act,
    Created,
    CreateTable,
    ErrorBody,
    Hello,
    HintRequest,
    Joined,
    JoinTable,
    Language,
    Ping,
    Rename,
    SeatLink,
    Sync,
    Undo,
    error_message,
)
from .table import table_seats

log = logging.getLogger("oneiros.server")

MAX_BODY = 64 * 1024
HELLO_TIMEOUT = 30.0
CREATING = ("/api/tables", "/api/campaigns")
"""POSTs limited like table creation (``tables_per_minute``): each makes stored rows."""
FLOOD_CLOSE = 200
"""Messages dropped in a row (over the rate limit) before the socket is closed."""
FLOOD_COOL_DOWN = 10.0
"""Seconds a flooding address is refused new sockets."""
ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorBody, "description": "Bad request (the message says why)."},
    404: {"model": ErrorBody, "description": "No such table."},
    409: {"model": ErrorBody, "description": "Not possible in the table's current state."},
}


CONTENT_HELP = "a content pack installed on this server (empty: the shipped content)"
"""The help of a game's content option in the lobby (the lobby translates it)."""


def create_app(
    db_url: str = "sqlite:///oneiros.db",
    bot_threads: int = 4,
    settings: Settings | None = None,
) -> FastAPI:
    """The web table application on the given database (SQLite or PostgreSQL URL)."""
    settings = settings or Settings()
    db = Database(db_url)
    packs = ContentPacks(settings.content_dir)
    hub = Hub(db, bot_threads=bot_threads, settings=settings, packs=packs)
    catalog: list[dict[str, Any]] = []
    requests = RateLimiter(settings.requests_per_second, settings.request_burst)
    creations = RateLimiter(
        settings.tables_per_minute / 60, max(1, int(settings.tables_per_minute))
    )
    messages = RateLimiter(settings.messages_per_second, settings.message_burst)
    hints = RateLimiter(settings.hints_per_second, settings.hint_burst)
    undos = RateLimiter(settings.hints_per_second, settings.hint_burst)
    """An undo replays the record: limited like hints (its own budget)."""
    sockets = Counter(settings.max_sockets_per_client)
    cooling: dict[str, float] = {}
    """Addresses disconnected for flooding, and until when they are refused."""

    def game_catalog() -> list[dict[str, Any]]:
        """/api/games, built once at start in a thread (games read their content files)."""
        out = []
        for info in games():
            entry = info.to_dict()
            entry["hints"] = has_hints(make_game(info.name, None, None, {}))
            for option in entry["options"]:
                if option["name"] in CONTENT_OPTIONS:
                    option["help"] = CONTENT_HELP
                    option["choices"] = ["", *packs.names(info.name)]
                elif option.get("open_choices"):  # the menu of each pack (its scenarios)
                    option["by_content"] = packs.menus(info.name, option["name"])
            out.append(entry)
        return out

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        catalog.extend(await asyncio.to_thread(game_catalog))
        try:
            yield
        finally:
            await hub.stop()

    app = FastAPI(
        title="Oneiros web table",
        version=__version__,
        summary="Play Oneiros games in the browser with friends and bots.",
        description=(
            "The REST part of the web table: the lobby, records and replays. Play itself goes "
            "over the WebSocket `/ws/{table_id}` (messages described in docs/web.md)."
        ),
        lifespan=lifespan,
    )
    app.state.hub = hub

    # ----- errors: one JSON line, never a traceback ---------------------------------------
    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        errs = exc.errors()
        first = errs[0] if errs else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        msg = first.get("msg", "invalid request")
        if first.get("type") == "json_invalid":
            msg = "the request body is not valid JSON"
        return JSONResponse({"error": f"{where}: {msg}" if where else msg}, status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse(
            {"error": str(exc.detail)}, status_code=exc.status_code, headers=exc.headers
        )

    @app.exception_handler(OneirosError)
    async def _oneiros(_request: Request, exc: OneirosError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=400)

    @app.exception_handler(TableError)
    async def _table(_request: Request, exc: TableError) -> JSONResponse:
        status = 403 if exc.code in ("unauthorized", "private") else 409
        return JSONResponse({"error": exc.message}, status_code=status)

    @app.exception_handler(Exception)
    async def _unexpected(_request: Request, exc: Exception) -> JSONResponse:
        log.error("unexpected error: %r", exc, exc_info=exc)
        return JSONResponse(
            {"error": "the server could not handle this request (see the server log)"},
            status_code=500,
        )

    @app.middleware("http")
    async def _rate_limit(request: Request, call_next: Any) -> Response:
        if request.url.path.startswith("/api/"):
            who = client_of(request)
            wait = requests.allow(who)
            if not wait and request.method == "POST" and request.url.path in CREATING:
                wait = creations.allow(who)
            if wait:
                return JSONResponse(
                    {"error": f"too many requests from your address: retry in {wait:.1f} s"},
                    status_code=429,
                    headers={"Retry-After": str(max(1, round(wait + 0.5)))},
                )
        response: Response = await call_next(request)
        return response

    app.add_middleware(BodyLimit, limit=MAX_BODY)
    if "*" not in settings.allowed_hosts:
        app.add_middleware(TrustedHostMiddleware, allowed_hosts=settings.hosts())

    def base_url(request: Request) -> str:
        """Where invite links point: the configured public URL, or this request's own
        (validated) Host."""
        return settings.public_base or str(request.base_url).rstrip("/")

    register_campaigns(app, hub, db_url, base_url, ERRORS)

    async def table_or_404(table_id: str) -> LiveTable:
        table = await hub.get(table_id) if len(table_id) <= 32 else None
        if table is None:
            raise HTTPException(404, f"no table {table_id!r}")
        return table

    # ----- REST ---------------------------------------------------------------------------
    @app.get("/healthz", tags=["server"])
    async def healthz() -> dict[str, Any]:
        """Liveness: the process answers and the database is reachable."""
        await hub._db(hub.db.unfinished_ids)
        return {"status": "ok", "version": __version__, "tables_in_memory": len(hub.tables)}

    @app.get("/api/games", tags=["lobby"])
    async def list_games() -> list[dict[str, Any]]:
        """The games that can be played, their rule sets, player counts and options (the
        `content` option lists the content packs installed on this server)."""
        return catalog

    @app.get("/api/agents", tags=["lobby"])
    async def list_agents() -> list[dict[str, Any]]:
        """The bots a seat can be given (spec strings like `mcts:iterations=200`)."""
        return [{"name": a.name, "summary": a.summary, "params": a.params} for a in agent_specs()]

    @app.post("/api/tables", tags=["lobby"], responses=ERRORS, status_code=201)
    async def create_table(body: CreateTable, request: Request) -> Created:
        """Create a table. Returns one invite link (with its secret token) per human seat
        and a spectator link; the game starts when every human seat is taken."""
        game = await asyncio.to_thread(
            hub.make_game,
            body.game,
            body.players or (len(body.seats) if body.seats else None),
            body.ruleset,
            dict(body.options),
        )
        seats = table_seats(game, body.seats)
        table, tokens = await hub.create(game, seats, body.seed, body.public)
        base = base_url(request)
        links = []
        for s in table.seats:
            token = tokens.get(s.index)
            links.append(
                SeatLink(
                    seat=s.index,
                    kind=s.kind,
                    agent=s.agent,
                    token=token,
                    url=f"{base}/t/{table.id}#token={token}" if token else None,
                )
            )
        return Created(
            id=table.id, status=table.status, spectate_url=f"{base}/t/{table.id}", seats=links
        )

    @app.get("/api/tables", tags=["lobby"])
    async def list_tables(
        status: str | None = Query(None, pattern="^(open|running|finished)$"),
        limit: int = Query(50, ge=1, le=200),
    ) -> list[dict[str, Any]]:
        """Public tables, newest first: open (seats free), running or finished."""
        rows = await hub._db(hub.db.list_tables, status, limit)
        out = []
        for row in rows:
            live = hub.tables.get(row.id)
            out.append(live.summary() if live is not None else row_summary(row))
        return out

    @app.get("/api/tables/{table_id}", tags=["lobby"], responses=ERRORS)
    async def get_table(table_id: str) -> dict[str, Any]:
        """One table: game, seats (who has joined), status and, when over, the result."""
        table = await table_or_404(table_id)
        summary = table.summary()
        hub.forget_if_idle(table)
        return summary

    @app.post("/api/tables/{table_id}/join", tags=["lobby"], responses=ERRORS)
    async def join_table(table_id: str, body: JoinTable, request: Request) -> Joined:
        """Take a seat: with an invite token that seat, without one the first free seat of a
        public table (a fresh secret token is returned; keep it to come back)."""
        table = await table_or_404(table_id)
        if body.token is None and table.status != "open":
            raise HTTPException(409, "this table has no free seat")
        seat, token = await hub.claim(table, body.token, body.name)
        base = base_url(request)
        return Joined(seat=seat, token=token, url=f"{base}/t/{table.id}#token={token}")

    @app.get("/api/tables/{table_id}/record", tags=["replay"], responses=ERRORS)
    async def download_record(table_id: str) -> JSONResponse:
        """The finished game's record (JSON), loadable by `oneiros replay`."""
        table = await table_or_404(table_id)
        if table.status != "finished":
            hub.forget_if_idle(table)
            raise HTTPException(409, "the record is available when the game is over")
        record = table.state.record()
        record["options"] = dict(table.options)  # a content pack by name, not its file
        hub.forget_if_idle(table)
        return JSONResponse(
            record,
            headers={
                "Content-Disposition": f'attachment; filename="oneiros-{record["game"]}-{table_id}.json"'
            },
        )

    @app.get("/api/tables/{table_id}/glossary", tags=["lobby"], responses=ERRORS)
    async def glossary(table_id: str, lang: Lang | None = None) -> dict[str, Any]:
        """The table's cards and named pieces with their texts (``Game.card_texts``), in
        ``lang`` where the catalogue has them."""
        table = await table_or_404(table_id)
        hub.forget_if_idle(table)
        return {"cards": card_texts_in(table.game, lang or default_language(table.game))}

    @app.get("/api/tables/{table_id}/rule", tags=["lobby"], responses=ERRORS)
    async def rule(table_id: str, ref: str, lang: Lang | None = None) -> dict[str, Any]:
        """The text of a rule reference cited by an event or a decision (in ``lang``,
        ``en`` or ``es``; by default the rule set's language)."""
        table = await table_or_404(table_id)
        hub.forget_if_idle(table)
        text = table.game.rule_text(ref[:200])
        if text is None:
            raise HTTPException(404, f"no rule text for {ref[:200]!r}")
        language = lang or default_language(table.game)
        return {"ref": ref, "text": for_game(table.game, language).text(text), "lang": language}

    @app.get("/api/tables/{table_id}/replay/{step}", tags=["replay"], responses=ERRORS)
    async def replay_step(table_id: str, step: int, lang: Lang | None = None) -> dict[str, Any]:
        """A finished game after ``step`` actions: the public table and every event so far
        (their texts in ``lang``, ``en`` or ``es``; by default the rule set's language)."""
        table = await table_or_404(table_id)
        if table.status != "finished":
            hub.forget_if_idle(table)
            raise HTTPException(409, "a replay is available when the game is over")
        record = table.state.record()
        hub.forget_if_idle(table)
        total = len(record["actions"])
        if not 0 <= step <= total:
            raise HTTPException(400, f"step {step} is outside 0..{total}")
        turns = await asyncio.to_thread(turns_after_each_action, table.game, record)
        record["actions"] = record["actions"][:step]
        state = await asyncio.to_thread(replay, record)
        events = state.events()
        tr = for_game(table.game, lang or default_language(table.game))
        return {
            "table": table_id,
            "game": record["game"],
            "title": table.game.info.title,
            "step": step,
            "steps": total,
            "seats": table.seat_list(),
            "observation": state.observation(None),
            "to_move": list(state.to_move()),
            "events": [{**e.to_dict(), "text": e.text_in(tr.lang, tr)} for e in events],
            "scores": state.scores(),
            "winners": state.winners(),
            "turn": turns[step],
            "turns": turns,
        }

    # ----- the browser client -------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return page("index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return page("table.html")

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> FileResponse:
        return page("replay.html")

    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")

    # ----- play ---------------------------------------------------------------------------
    @app.websocket("/ws/{table_id}")
    async def play(ws: WebSocket, table_id: str) -> None:
        origin = ws.headers.get("origin")
        if origin is not None and not origin_allowed(origin, ws.headers.get("host", "")):
            # a page of another site must not act with a visitor's links (refused before
            # the handshake completes: the browser sees HTTP 403)
            await ws.close(code=4403, reason="origin not allowed")
            return
        who = client_of(ws)
        until = cooling.get(who)
        if until is not None:
            if asyncio.get_running_loop().time() < until:
                await ws.close(code=4429, reason="flooding: wait before reconnecting")
                return
            cooling.pop(who, None)
        if not sockets.acquire(who):
            await ws.accept()
            await refuse(
                ws,
                "too_many_sockets",
                f"your address already has {settings.max_sockets_per_client} sockets open: "
                "close some first",
                4429,
            )
            return
        try:
            await ws.accept()
            await _connected(ws, table_id, who)
        finally:
            sockets.release(who)

    def origin_allowed(origin: str, host: str) -> bool:
        if origin in settings.allowed_origins:
            return True
        if settings.public_base and origin == settings.public_base:
            return True
        return urlsplit(origin).netloc == host and urlsplit(origin).scheme in ("http", "https")

    async def _connected(ws: WebSocket, table_id: str, who: str) -> None:
        table = await hub.get(table_id) if len(table_id) <= 32 else None
        if table is None:
            await refuse(ws, "unknown_table", f"no table {table_id!r}", 4404)
            return
        if len(table.conns) >= settings.max_sockets_per_table:
            await refuse(
                ws,
                "too_many_sockets",
                f"this table already has {settings.max_sockets_per_table} sockets open",
                4429,
            )
            return
        hello = await _handshake(ws, table, who)
        if hello is None:
            return
        seat, panels, lang = hello
        # one object per table in this process (it may have been dropped from memory while
        # the handshake or the catch-up waited), caught up with what other processes stored
        # meanwhile; the socket joins it with no wait in between, so it cannot be dropped
        while True:
            table = hub.tables.setdefault(table.id, table)
            await hub.refresh(table)
            if hub.tables.get(table.id) is table:
                break
        conn = Connection(seat, ws.send_text, panels=panels, lang=lang)
        table.conns.add(conn)
        table.snapshot(conn)
        if conn.panels:
            hub.start_insights(table)
        table.presence_changed(settings.presence_delay)  # others see who is connected
        writer = asyncio.create_task(conn.writer())
        try:
            await _serve(ws, table, conn, who)
        finally:
            table.conns.discard(conn)
            conn.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 2)
            writer.cancel()
            if not hub.closing:
                table.presence_changed(settings.presence_delay)
                hub.forget_if_idle(table)

    async def _handshake(
        ws: WebSocket, table: LiveTable, who: str
    ) -> tuple[int | None, bool, str | None] | None:
        """Wait for ``hello``; returns (the seat, None for a spectator; whether the client
        shows analysis panels; its language), or None when the connection was refused or
        closed."""
        while True:
            try:
                msg = await asyncio.wait_for(receive_text(ws), HELLO_TIMEOUT)
            except TimeoutError:
                await refuse(ws, "timeout", 'say hello first: {"type": "hello"}', 4408)
                return None
            except Disconnected:
                return None
            except BadFrame as exc:
                await send_error(ws, exc.code, exc.message)
                continue
            if messages.allow(who):
                await refuse(ws, "rate_limited", "too many messages: slow down", 4429)
                return None
            if not isinstance(msg, Hello):
                await send_error(
                    ws, "hello_first", 'say hello first: {"type": "hello", "token": ...}'
                )
                continue
            if msg.token is None:
                return None, False, msg.lang
            try:
                seat, _token = await hub.claim(table, msg.token, msg.name)
            except TableError as exc:
                await refuse(ws, exc.code, exc.message, 4401)
                return None
            return seat, msg.panels, msg.lang

    async def _serve(ws: WebSocket, table: LiveTable, conn: Connection, who: str) -> None:
        warned = 0.0
        dropped = 0
        while not conn.closed:
            msg: Any
            try:
                msg = await receive_frame(ws)
            except Disconnected:
                return
            except BadFrame as exc:
                msg = exc
            wait = messages.allow(who)  # counted before any parsing: a flood costs little
            dropped = dropped + 1 if wait else 0
            if dropped > FLOOD_CLOSE:
                cooling[who] = asyncio.get_running_loop().time() + FLOOD_COOL_DOWN
                await refuse(
                    ws,
                    "rate_limited",
                    f"too many messages: disconnected for {FLOOD_COOL_DOWN:.0f} s",
                    4429,
                )
                return
            if wait:
                # dropped; one error a second at most, so a flood is not answered in kind
                now = asyncio.get_running_loop().time()
                if now - warned >= 1.0:
                    warned = now
                    conn.push(
                        error_message(
                            "rate_limited",
                            f"too many messages from your address: that one was dropped, "
                            f"retry in {wait:.1f} s",
                        )
                    )
                continue
            if not isinstance(msg, BadFrame):
                try:
                    msg = parse_message(msg)
                except BadFrame as exc:
                    msg = exc
            if isinstance(msg, BadFrame):
                conn.push(error_message(msg.code, msg.message))
                continue
            try:
                if isinstance(msg, Act):
                    await hub.act(table, conn.seat, msg.action, msg.decision)
                elif isinstance(msg, Rename):
                    await hub.rename(table, conn.seat, msg.name)
                elif isinstance(msg, HintRequest):
                    wait = hints.allow(who)
                    if wait:
                        raise TableError("rate_limited", f"too many hints: retry in {wait:.1f} s")
                    conn.push(await hub.hint(table, conn.seat, conn.lang))
                elif isinstance(msg, Undo):
                    wait = undos.allow(who)
                    if wait:
                        raise TableError("rate_limited", f"too many undos: retry in {wait:.1f} s")
                    await hub.undo(table, conn.seat)
                elif isinstance(msg, Sync):
                    table.snapshot(conn)
                elif isinstance(msg, Ping):
                    conn.push({"type": "pong"})
                elif isinstance(msg, Language):
                    conn.lang = msg.lang
                    table.snapshot(conn)
                elif isinstance(msg, Hello):
                    conn.push(error_message("already", "already connected: hello only once"))
            except TableError as exc:
                conn.push(error_message(exc.code, exc.message))
            except Exception:  # never let one message take the server down
                log.exception("unexpected error on table %s", table.id)
                conn.push(error_message("server", "the server could not handle that message"))

    return app


def app_from_env() -> FastAPI:
    """The application of one ``oneiros serve --workers N`` process (settings and database
    from the environment the parent process set)."""
    import os
    import sys

    from . import tune_gc
    from .config import ENV

    sys.setswitchinterval(0.0005)  # as in the parent (see oneiros.server.run)
    app = create_app(os.environ[ENV + "_DB"], settings=Settings.from_env())
    tune_gc()
    return app


__all__ = ["app_from_env", "create_app"]
