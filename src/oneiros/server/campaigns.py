"""Campaigns at the web table: start one, continue it session after session, saved in the
same campaign store as ``oneiros campaign`` (:mod:`oneiros.campaign_store`).

A campaign is reached with a secret link (``/#campaign=TOKEN``); only the token's hash is
stored, so nobody reaches a campaign by guessing its name. Continuing a campaign creates a
table for its next session, configured by the game's ``campaign_support`` (the snapshot goes
into the table's options, so the session's record replays alone). When that table finishes,
the next snapshot (from the final state) is stored as the campaign's new head; the same
happens lazily whenever the campaign is read, so a server restart or another process
finishing the table loses nothing.

Game-agnostic: the game supplies its campaigns through ``game.campaign_support`` (``new``,
``check``, ``session``, ``finish``, ``summary``, ``describe``).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from typing import Any

from fastapi import FastAPI, HTTPException, Request
from pydantic import BaseModel, ConfigDict, Field

from ..campaign_store import CampaignStore
from ..core import ConfigError, games, make
from .hub import Hub, LiveTable, has_hints
from .protocol import Name, SeatSpec

log = logging.getLogger("oneiros.server")

MAX_TOKEN = 64
RESERVED = {"scenario", "campaign", "dreamers", "masks"}
"""Options the campaign itself sets (refused by hand, as at the terminal)."""


class NewCampaign(BaseModel):
    """A new campaign: the game, how many players, a name to know it by."""

    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=64, description="A game that offers campaigns.")
    name: str = Field(min_length=1, max_length=60, description="The campaign's name.")
    players: int = Field(2, ge=1, le=16)
    dreamers: list[str] | None = Field(
        None, max_length=16, description="Who plays, by id (default: the game's first N)."
    )
    options: dict[str, bool | int | float | str] = Field(default_factory=dict, max_length=64)


class ContinueCampaign(BaseModel):
    """The next session: your name and who sits where (default: you at seat 0, bots
    elsewhere)."""

    model_config = ConfigDict(extra="forbid")
    name: Name | None = None
    seats: list[SeatSpec] | None = Field(None, max_length=16)


def support_of(game_name: str) -> Any:
    """The game's campaign support, or a one-line error."""
    found = getattr(make(game_name), "campaign_support", None)
    if found is None:
        with_campaigns = [g.name for g in games() if _has_campaigns(g.name)]
        raise ConfigError(
            f"{game_name} has no campaigns (games with campaigns: {', '.join(with_campaigns)})"
        )
    return found


def _has_campaigns(name: str) -> bool:
    try:
        return getattr(make(name), "campaign_support", None) is not None
    except Exception:  # pragma: no cover - a game that cannot be built has no campaigns
        return False


class Campaigns:
    """The campaign routes' state: the store and which live table plays which session."""

    def __init__(self, hub: Hub, url: str) -> None:
        self.hub = hub
        self.url = url
        self._store: CampaignStore | None = None
        self.tables: dict[str, str] = {}
        """Table id -> campaign name, for the tables of sessions in progress."""
        self.locks: dict[str, asyncio.Lock] = {}
        self.tasks: set[asyncio.Task[Any]] = set()
        hub.on_finished.append(self._finished)

    @property
    def store(self) -> CampaignStore:
        if self._store is None:  # opened on first use (creates its tables)
            self._store = CampaignStore(self.url)
        return self._store

    def close(self) -> None:
        if self._store is not None:
            self._store.dispose()

    def lock(self, name: str) -> asyncio.Lock:
        return self.locks.setdefault(name, asyncio.Lock())

    async def _run(self, fn: Any, *args: Any) -> Any:
        return await asyncio.to_thread(fn, *args)

    # -- reaching a campaign ---------------------------------------------------------------
    async def name_of(self, token: str) -> str:
        name = None
        if 8 <= len(token) <= MAX_TOKEN:
            name = await self._run(lambda: self.store.by_link(token))
        if name is None:
            raise HTTPException(404, "no campaign for this link (check that it was copied whole)")
        return str(name)

    # -- sessions ----------------------------------------------------------------------------
    def _finished(self, table: LiveTable) -> None:
        """Hub hook: a table finished; if it plays a campaign's session, store the next
        snapshot (in the background)."""
        name = self.tables.get(table.id)
        if name is None:
            return
        task = asyncio.get_running_loop().create_task(self._settle_logged(name))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _settle_logged(self, name: str) -> None:
        try:
            await self.settle(name)
        except Exception:  # it is settled again when the campaign is next read
            log.exception("campaign %s: could not store the next snapshot", name)

    async def settle(self, name: str) -> dict[str, Any] | None:
        """The session in progress, after storing the next snapshot if its table is over:
        ``{"n", "table", "tokens", "status"}``, or None when no session is in progress."""
        async with self.lock(name):
            playing = await self._run(self.store.playing, name)
            if playing is None:
                return None
            n, start, record = playing
            web = record.get("web") or {}
            table_id = web.get("table")
            if not table_id:
                return {"n": n, "table": None, "tokens": {}, "status": "terminal"}
            table = await self.hub.get(str(table_id))
            if table is None:
                return {"n": n, "table": None, "tokens": {}, "status": "lost"}
            self.tables[table.id] = name
            if table.status != "finished":
                self.hub.forget_if_idle(table)
                return {
                    "n": n,
                    "table": table.id,
                    "tokens": web.get("tokens", {}),
                    "status": "playing",
                }
            state = table.state
            game_name, _head, _doc = await self._run(self.store.head, name)
            support = await self._run(support_of, game_name)
            doc = await self._run(self.store.snapshot, name, start)
            began = table.row.created_at
            if began.tzinfo is None:  # SQLite keeps naive UTC times
                began = began.replace(tzinfo=dt.UTC)
            seconds = (dt.datetime.now(dt.UTC) - began).total_seconds()
            new = await self._run(support.finish, doc, state, max(0.0, seconds))
            final = {**state.record(), "web": web}
            head = await self._run(self.store.finish_session, name, n, final, new)
            self.tables.pop(table.id, None)
            self.hub.forget_if_idle(table)
            if head is not None:
                log.info("campaign %s: session %d ends, snapshot %d", name, n, head)
            return None

    async def view(self, name: str, base: str) -> dict[str, Any]:
        playing = await self.settle(name)
        game_name, head, doc = await self._run(self.store.head, name)
        support = await self._run(support_of, game_name)
        data, notes = await self._run(support.check, doc)
        sessions = await self._run(self.store.sessions, name)
        out: dict[str, Any] = {
            "name": name,
            "game": game_name,
            "snapshot": head,
            "summary": support.summary(data),
            "describe": support.describe(data),
            "notes": notes,
            "finished": bool(data.get("finished")),
            "sessions": [
                {
                    "n": s["n"],
                    "status": s["status"],
                    "table": (s["record"].get("web") or {}).get("table"),
                }
                for s in sessions
            ],
            "playing": None,
        }
        if playing is not None:
            out["playing"] = {
                "n": playing["n"],
                "table": playing["table"],
                "url": _seat_url(base, playing),
                "where": "web" if playing["table"] else "terminal",
            }
        return out

    async def next_session(self, name: str, body: ContinueCampaign, base: str) -> dict[str, Any]:
        """Open (or reopen) the table of the campaign's next session."""
        playing = await self.settle(name)
        if playing is not None:
            if playing["status"] == "lost":
                raise HTTPException(
                    409, f"the table of session {playing['n']} of {name!r} is no longer stored"
                )
            if playing["table"] is None:
                raise HTTPException(
                    409,
                    f"session {playing['n']} of {name!r} is being played at a terminal: finish "
                    f"it there (oneiros campaign continue {name})",
                )
            return {
                "session": playing["n"],
                "table": playing["table"],
                "url": _seat_url(base, playing),
                "invites": _invites(base, playing),
                "resumed": True,
            }
        async with self.lock(name):
            game_name, head, doc = await self._run(self.store.head, name)
            support = await self._run(support_of, game_name)
            data, _notes = await self._run(support.check, doc)
            if data.get("finished"):
                raise HTTPException(409, f"the campaign {name!r} is over")
            game, label = await self._run(support.session, data)
            if body.seats is None:
                bot = "heuristic" if has_hints(game) else "random"
                seats: list[dict[str, Any]] = [{"kind": "human", "name": body.name}] + [
                    {"kind": "bot", "agent": bot, "name": None} for _ in range(game.players - 1)
                ]
            else:
                seats = [
                    {
                        "kind": s.kind,
                        "agent": (s.agent or "random") if s.kind == "bot" else None,
                        "name": s.name,
                    }
                    for s in body.seats
                ]
            table, tokens = await self.hub.create(game, seats, None, False)
            self.tables[table.id] = name
            web = {"table": table.id, "tokens": {str(k): v for k, v in tokens.items()}}
            record = {**table.state.record(), "web": web}
            n = await self._run(self.store.begin_session, name, head, record)
            playing = {"n": n, "table": table.id, "tokens": web["tokens"]}
            return {
                "session": n,
                "label": label,
                "table": table.id,
                "url": _seat_url(base, playing),
                "invites": _invites(base, playing),
                "resumed": False,
            }


def _invites(base: str, playing: dict[str, Any]) -> list[dict[str, Any]]:
    """The invite links of the human seats after yours (friends playing the session)."""
    tokens = sorted((playing.get("tokens") or {}).items(), key=lambda kv: int(kv[0]))
    return [
        {"seat": int(seat), "url": f"{base}/t/{playing['table']}#token={token}"}
        for seat, token in tokens[1:]
    ]


def _seat_url(base: str, playing: dict[str, Any]) -> str | None:
    if not playing.get("table"):
        return None
    tokens = playing.get("tokens") or {}
    first = min(tokens, key=int) if tokens else None
    url = f"{base}/t/{playing['table']}"
    return f"{url}#token={tokens[first]}" if first is not None else url


def register(app: FastAPI, hub: Hub, url: str, base_url: Any, errors: dict[Any, Any]) -> Campaigns:
    """Add the campaign routes to ``app`` (campaigns saved in the database ``url``)."""
    campaigns = Campaigns(hub, url)
    catalog: list[dict[str, Any]] = []

    def campaign_games() -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for info in games():
            if _has_campaigns(info.name):
                entry = info.to_dict()
                out.append(
                    {
                        k: entry[k]
                        for k in ("name", "title", "summary", "players", "default_players")
                        if k in entry
                    }
                )
        return out

    @app.get("/api/campaign-games", tags=["campaigns"])
    async def list_campaign_games() -> list[dict[str, Any]]:
        """The games that offer campaigns (played over many sessions, saved between them)."""
        if not catalog:
            catalog.extend(await asyncio.to_thread(campaign_games))
        return catalog

    @app.post("/api/campaigns", tags=["campaigns"], responses=errors, status_code=201)
    async def create_campaign(body: NewCampaign, request: Request) -> dict[str, Any]:
        """Start a campaign and save it (nothing is played yet). Returns its secret link:
        keep it, it is the only way back to the campaign."""
        name = body.name.strip()
        if not name:
            raise HTTPException(400, "name: a campaign needs a name")
        reserved = RESERVED & set(body.options)
        if reserved:
            raise HTTPException(
                400, f"options: {sorted(reserved)[0]} is set by the campaign itself, not by hand"
            )

        def make_doc() -> tuple[dict[str, Any], dict[str, Any]]:
            support = support_of(body.game)
            hub.packs.check_request(body.game, dict(body.options))
            options = hub.packs.resolve(body.game, dict(body.options))
            doc = support.new(name, body.players, body.dreamers, options)
            make(body.game, players=body.players, options=dict(options))
            return doc, support.summary(doc)

        doc, summary = await asyncio.to_thread(make_doc)
        await asyncio.to_thread(campaigns.store.create, name, body.game, doc)
        token = await asyncio.to_thread(campaigns.store.new_link, name)
        base = base_url(request)
        return {
            "name": name,
            "game": body.game,
            "token": token,
            "url": f"{base}/#campaign={token}",
            "summary": summary,
        }

    @app.get("/api/campaigns/{token}", tags=["campaigns"], responses=errors)
    async def get_campaign(token: str, request: Request) -> dict[str, Any]:
        """A campaign by its secret link: where it stands (the game's summary and its
        sections: map, Dreamers, flags...), its sessions and the one in progress."""
        name = await campaigns.name_of(token)
        return await campaigns.view(name, base_url(request))

    @app.post("/api/campaigns/{token}/continue", tags=["campaigns"], responses=errors)
    async def continue_campaign(
        token: str, body: ContinueCampaign, request: Request
    ) -> dict[str, Any]:
        """Play the next session: creates its table (or returns the one in progress) and
        the link to your seat. When the table finishes, the next snapshot is saved."""
        name = await campaigns.name_of(token)
        return await campaigns.next_session(name, body, base_url(request))

    return campaigns


__all__ = ["Campaigns", "ContinueCampaign", "NewCampaign", "register"]
