"""Campaigns at the web table: start one, continue it session after session, saved in the
same campaign store as ``oneiros campaign`` (:mod:`oneiros.campaign_store`).

A campaign is reached with a secret link (``/#campaign=TOKEN``); only the token's hash is
stored, so nobody reaches a campaign by guessing its name. Continuing a campaign creates a
table for its next session, configured by the game's ``campaign_support`` (the snapshot goes
into the table's options, so the session's record replays alone). When that table finishes,
the next snapshot (from the final state) is stored as the campaign's new head; the same
happens lazily whenever the campaign is read, so a server restart or another process
finishing the table loses nothing.

Between sessions the number of players may change (``POST .../continue`` with
``players``: the game's ``change_players``, refused with the game's reason while it is not
allowed). During a session, ``POST .../save`` saves where the rules allow it: when the game's
``saving`` says saving ends the session (an Etherfields Dream: a Death), the table is closed
and the game's ``interrupt`` gives the next snapshot; otherwise the session is kept as it is
(every move is stored) and resumed from the lobby.

Game-agnostic: the game supplies its campaigns through ``game.campaign_support`` (``new``,
``check``, ``session``, ``finish``, ``summary``, ``describe``, and when it has them
``players``, ``change_players``, ``saving`` and ``interrupt``).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from typing import Any

from fastapi import FastAPI, HTTPException, Request
from pydantic import BaseModel, ConfigDict, Field

from ..campaign_store import CampaignStore, shell_word
from ..core import ConfigError, games, make
from .hub import Hub, LiveTable
from .protocol import Name, SeatSpec
from .table import table_seats

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
    players: int | None = Field(
        None,
        ge=1,
        le=16,
        description="Change the number of players first (between evenings, as the rules "
        "allow; the terminal's --players).",
    )


def support_of(game_name: str) -> Any:
    """The game's campaign support, or a one-line error."""
    found = getattr(make(game_name), "campaign_support", None)
    if found is None:
        with_campaigns = [g.name for g in games() if _has_campaigns(g.name)]
        raise ConfigError(
            f"{game_name} has no campaigns (games with campaigns: {', '.join(with_campaigns)})"
        )
    return found


def players_of(support: Any, data: dict[str, Any]) -> dict[str, Any] | None:
    """How many play and whether that may change now (the game's ``players``), or None."""
    found = getattr(support, "players", None)
    return None if found is None else dict(found(data))


def saving_of(support: Any, data: dict[str, Any]) -> dict[str, Any]:
    """What saving during the session in progress does (the game's ``saving``)."""
    found = getattr(support, "saving", None)
    if found is None or getattr(support, "interrupt", None) is None:
        return {"ends": False, "note": "this game's sessions wait where they stopped"}
    return dict(found(data))


def terminal_command(name: str) -> str:
    """The command that continues the campaign at a terminal (with the server's --db)."""
    return f"oneiros campaign continue {shell_word(name)}"


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
            if state.is_terminal():
                began = table.row.created_at
                if began.tzinfo is None:  # SQLite keeps naive UTC times
                    began = began.replace(tzinfo=dt.UTC)
                seconds = (dt.datetime.now(dt.UTC) - began).total_seconds()
                new = await self._run(support.finish, doc, state, max(0.0, seconds))
            else:  # closed by "save and leave" (see ``save``): the rules' save inside it
                new = await self._run(support.interrupt, doc, state)
                if new is None:  # pragma: no cover - only sessions that a save ends are closed
                    return {"n": n, "table": None, "tokens": {}, "status": "lost"}
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
            "players": players_of(support, data),
            "terminal": terminal_command(name),
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
                "save": saving_of(support, data),
            }
        return out

    async def next_session(self, name: str, body: ContinueCampaign, base: str) -> dict[str, Any]:
        """Open (or reopen) the table of the campaign's next session."""
        playing = await self.settle(name)
        if playing is not None and body.players is not None:
            raise HTTPException(
                409,
                f"session {playing['n']} of {name!r} is in progress: the number of players "
                "changes between sessions (finish the session first)",
            )
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
            changed = None
            if body.players is not None:
                changed = await self._run(self._players, support, data, body.players)
                data = changed or data
            game, label = await self._run(support.session, data)
            seats = table_seats(game, body.seats, body.name)
            table, tokens = await self.hub.create(game, seats, None, False)
            self.tables[table.id] = name
            if changed is not None:  # the new player count is the snapshot the session plays
                head = await self._run(self.store.add_snapshot, name, changed)
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

    @staticmethod
    def _players(support: Any, data: dict[str, Any], players: int) -> dict[str, Any] | None:
        """The document for ``players`` players ("Adding a New Dreamer" for Etherfields), or
        None when the number does not change; a clear error when it may not."""
        info = players_of(support, data)
        if info is None or getattr(support, "change_players", None) is None:
            raise HTTPException(400, "players: this game's campaigns keep their players")
        if players == info["count"]:
            return None
        if not info["min"] <= players <= info["max"]:
            raise HTTPException(
                400, f"players: from {info['min']} to {info['max']} players, not {players}"
            )
        if info.get("fixed"):
            raise HTTPException(409, str(info["fixed"]))
        return dict(support.change_players(data, players))

    async def save(self, name: str) -> dict[str, Any]:
        """Save during the session in progress, where the rules allow it: a session that a
        save ends (the game's ``saving``) has its table closed and the next snapshot stored
        (the game's ``interrupt``); any other is kept as it is, to be resumed."""
        playing = await self.settle(name)
        if playing is None:
            raise HTTPException(
                409, f"no session of {name!r} is in progress: the campaign is saved as it is"
            )
        n = playing["n"]
        if playing["status"] == "lost":
            raise HTTPException(409, f"the table of session {n} of {name!r} is no longer stored")
        if playing["table"] is None:
            raise HTTPException(
                409,
                f"session {n} of {name!r} is being played at a terminal: save it there "
                f"({terminal_command(name)})",
            )
        game_name, _head, data = await self._run(self.store.head, name)
        support = await self._run(support_of, game_name)
        saving = saving_of(support, data)
        if not saving["ends"]:
            return {"ended": False, "session": n, "note": saving["note"]}
        table = await self.hub.get(str(playing["table"]))
        if table is None:
            raise HTTPException(409, f"the table of session {n} of {name!r} is no longer stored")
        await self.hub.refresh(table)  # PostgreSQL: the moves other processes stored
        async with self.lock(name), table.lock:
            if table.status == "open":
                raise HTTPException(
                    409, "the session waits for its players: it starts when every seat is taken"
                )
            current = await self._run(self.store.playing, name)
            if table.status == "running" and current is not None and current[0] == n:
                # the next snapshot first: a save the game refuses leaves the table as it is
                doc = await self._run(self.store.snapshot, name, current[1])
                try:
                    new = await self._run(support.interrupt, doc, table.state)
                except ConfigError as exc:
                    raise HTTPException(409, f"this session cannot be saved now: {exc}") from None
                except Exception:  # the table stays as it is: nothing is lost
                    log.exception("campaign %s: session %d cannot be saved", name, n)
                    raise HTTPException(
                        500, "this session cannot be saved now (see the server log)"
                    ) from None
                if new is None:  # pragma: no cover - the game's saving said it ends
                    return {"ended": False, "session": n, "note": saving["note"]}
                if not await self._close(table):
                    raise HTTPException(409, "the table changed meanwhile: try again")
                table.status = "finished"
                table.broadcast()
                final = {**table.state.record(), "web": current[2].get("web") or {}}
                head = await self._run(self.store.finish_session, name, n, final, new)
                self.tables.pop(table.id, None)
                log.info("campaign %s: session %d saved inside, snapshot %s", name, n, head)
        await self.settle(name)  # a table that finished meanwhile stores its snapshot
        self.hub.forget_if_idle(table)
        _game, head, _data = await self._run(self.store.head, name)
        return {"ended": True, "session": n, "snapshot": head, "note": saving["note"]}

    async def _close(self, table: LiveTable) -> bool:
        """Mark the table finished before its game is over (one commit; on PostgreSQL only
        if no other process moved since: False otherwise). No move is accepted after."""
        result = {"scores": [], "winners": [], "end_reason": "saved"}
        hub = self.hub
        if hub.pg is not None:
            return await hub.pg.append(table.id, table.saved, table.undos, [], result)
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(
            hub.db_pool, hub.db.append_actions, table.id, table.saved, [], result
        )
        return True


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

    @app.post("/api/campaigns/{token}/save", tags=["campaigns"], responses=errors)
    async def save_campaign(token: str) -> dict[str, Any]:
        """Save during the session in progress, as the rules allow ("save and leave"):
        ``{"ended": true, "session", "snapshot", "note"}`` when saving ends the session
        (its table is closed and the next snapshot stored; inside an Etherfields Dream it
        is a Death), ``{"ended": false, "session", "note"}`` when the session is kept as it
        is (every move is already stored) and resumed from the lobby."""
        name = await campaigns.name_of(token)
        return await campaigns.save(name)

    return campaigns


__all__ = ["Campaigns", "ContinueCampaign", "NewCampaign", "register"]
