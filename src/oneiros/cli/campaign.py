"""``oneiros campaign``: play a campaign over many sessions, saved between them.

A campaign is a chain of sessions (for Etherfields: Dreams, Dreamworld legs and, later,
Slumbers), each a game of its own whose record replays alone; a finished session gives the
next snapshot of the campaign's document. Everything is saved in a database (SQLite by
default, PostgreSQL with ``--db``): the snapshots and each session's record, at every
decision point, so quitting or a killed process loses nothing saved before.

The game supplies its campaigns through ``game.campaign_support`` (a module with ``new``,
``check``, ``change_players``, ``session``, ``finish``, ``interrupt``, ``summary`` and
``describe``); this module knows no game.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..core import ConfigError, State, make, replay
from .common import OPTION_OPT, console, fail, parse_options

DB_OPT = typer.Option(
    None,
    "--db",
    help="Where campaigns are saved: sqlite:///FILE or postgresql://USER@HOST/DB (default: "
    "$ONEIROS_CAMPAIGN_DB, else sqlite:///~/.oneiros/campaigns.db).",
)
NAME_ARG = typer.Argument(..., metavar="NAME", help="The campaign's name (see `campaign list`).")
WEB_ENV = "ONEIROS_WEB_URL"
"""The address of the ``oneiros serve`` that plays this database's campaigns in the browser."""
DEFAULT_WEB = "http://127.0.0.1:8000"


def quote(word: str) -> str:
    """``campaign_store.shell_word``, imported when needed: the store brings in SQLAlchemy,
    which every other command would otherwise load at start-up."""
    from ..campaign_store import shell_word

    return shell_word(word)


def support_of(game_name: str) -> Any:
    """The game's campaign support, or a one-line error."""
    game = make(game_name)
    found = getattr(game, "campaign_support", None)
    if found is None:
        raise ConfigError(f"{game_name} has no campaigns (etherfields has)")
    return found


def _store(db: str | None) -> Any:
    from .campaign_store import CampaignStore

    return CampaignStore(db)


def _db_arg(store: Any) -> str:
    """``--db URL`` as another command (``oneiros serve``, in any directory) would need it:
    an SQLite file by its absolute path, the password hidden."""
    from sqlalchemy.engine import make_url

    url = make_url(store.url)
    if url.get_backend_name() == "sqlite" and url.database and url.database != ":memory:":
        url = url.set(database=str(Path(url.database).expanduser().resolve()))
    shown = url.set(drivername=url.get_backend_name()).render_as_string(hide_password=True)
    return f"--db {quote(shown)}"


def _web_hint(out: Console, name: str, store: Any) -> None:
    """How to play the campaign in the browser: the server of $ONEIROS_WEB_URL, or how to
    serve this database."""
    quoted = quote(name)
    db = _db_arg(store)
    web = os.environ.get(WEB_ENV, "").rstrip("/")
    if web:
        text = (
            f"In the browser ({web}): `oneiros campaign link {quoted} {db}` prints its secret link."
        )
    else:
        text = (
            f"In the browser: serve this database with `oneiros serve {db}`, then `oneiros "
            f"campaign link {quoted} {db}` prints its secret link (set ${WEB_ENV} to the "
            "server's address)."
        )
    out.print(Text(text, "dim"), soft_wrap=True)


def _print_summary(out: Console, name: str, game: str, support: Any, doc: dict[str, Any]) -> None:
    row = support.summary(doc)
    text = ", ".join(f"{k} {v}" for k, v in row.items())
    out.print(Text(f"{name} ({game}): {text}"), soft_wrap=True)


def run_session(
    state: State, seats: list[str], store: Any, name: str, n: int, delay: float, label: str
) -> int:
    """Play one session at the terminal (humans and bots), saving its record to the store
    at every decision point."""
    from .play import PlaySession, _stdin_is_tty
    from .render import make_console

    class CampaignPlay(PlaySession):
        def save(self) -> None:
            try:
                store.save_session(name, n, self.state.record())
            except Exception as exc:  # a database fault: say so, keep playing
                self.console.print(f"[yellow]warning:[/] could not save the session: {exc}")

        def _resume_hint(self) -> str:
            return f"Continue with: oneiros campaign continue {name}"

        def intro(self) -> None:
            self.console.print(
                Text(
                    f"Campaign {name}, session {n}: {label} (seed {self.state.seed}). "
                    "Saved at every decision; type help for the commands.",
                    "bold",
                ),
                soft_wrap=True,
            )

        def finish(self) -> None:
            from .render import render_result

            self.console.print(render_result(self.state, self.seats, None, tr=self.tr))

    session = CampaignPlay(
        state,
        seats,
        make_console(),
        Path(f"campaign {name}"),
        delay=delay,
        echo_input=not _stdin_is_tty(),
    )
    return session.run()


def register(app: typer.Typer) -> None:
    campaign = typer.Typer(
        name="campaign",
        help=(
            "Campaigns played over many sessions and saved between them (Etherfields). "
            "`campaign new etherfields --players 2 --name NIGHT` starts one, `campaign "
            "continue NIGHT` plays its next sessions, `campaign show NIGHT` prints the map, "
            "the Dreamers' holdings, flags, Seasons and progress, `campaign list` lists them, "
            "`campaign link NIGHT` prints a secret link to play it in the web lobby."
        ),
        no_args_is_help=True,
    )

    @campaign.command("new")
    def new_cmd(
        game: str = typer.Argument(..., metavar="GAME", help="The game (etherfields)."),
        name: str = typer.Option(..., "--name", help="A name to continue it by."),
        players: int = typer.Option(2, "--players", "-p", help="Number of Dreamers (1-4)."),
        dreamers: str | None = typer.Option(
            None, "--dreamers", help="The Dreamers by id, comma-separated (default: the first N)."
        ),
        option: list[str] | None = OPTION_OPT,
        db: str | None = DB_OPT,
    ) -> None:
        """Start a new campaign and save it (nothing is played yet).

        Examples:

          oneiros campaign new etherfields --players 2 --name night

          oneiros campaign new etherfields -p 3 --name trio --dreamers dicer,bruiser,drifter

          oneiros campaign new etherfields --name shared --db postgresql://me@localhost/oneiros
        """
        if not name.strip() or len(name) > 60:
            fail("--name must be 1 to 60 characters")
        support = support_of(game)
        chosen = [d.strip() for d in dreamers.split(",")] if dreamers else None
        options = parse_options(option)
        reserved = {"scenario", "campaign", "dreamers", "masks"} & set(options)
        if reserved:
            fail(f"--option {sorted(reserved)[0]} is set by the campaign itself, not by hand")
        doc = support.new(name, players, chosen, options)
        make(game, players=players, options={**options})  # the options are the game's
        store = _store(db)
        store.create(name, game, doc)
        _print_summary(console, name, game, support, doc)
        console.print(
            Text(f"Play it with: oneiros campaign continue {quote(name)}"), soft_wrap=True
        )
        _web_hint(console, name, store)

    @campaign.command("continue")
    def continue_cmd(
        name: str = NAME_ARG,
        players: int | None = typer.Option(
            None,
            "--players",
            "-p",
            help="Change the number of Dreamers before the next evening (a newcomer takes "
            "an unused Dreamer; absent ones wait).",
        ),
        seats: str | None = typer.Option(
            None,
            "--seats",
            help="Who sits where: human or a bot spec per seat (default: you at seat 0, "
            "heuristic bots elsewhere).",
        ),
        sessions: int = typer.Option(
            0,
            "--sessions",
            help="Stop after this many sessions (default 0: until the team saves).",
        ),
        seed: int | None = typer.Option(None, "--seed", "-s", help="Seed of the sessions."),
        delay: float = typer.Option(0.6, "--delay", help="Seconds between bot moves."),
        abandon: bool = typer.Option(
            False,
            "--abandon",
            help="Save inside the Dream in progress: the rulebook treats it as a Death.",
        ),
        db: str | None = DB_OPT,
    ) -> None:
        """Play the campaign's next sessions at this terminal, saving as you go.

        A session in progress resumes where it stopped. A finished session becomes the
        next snapshot; the evening ends when the team saves on the Dreamworld map.

        Examples:

          oneiros campaign continue night

          oneiros campaign continue night --players 3

          oneiros campaign continue night --seats heuristic,heuristic --delay 0 --sessions 1
        """
        from .play import parse_seats

        store = _store(db)
        game_name, head, data = store.head(name)
        support = support_of(game_name)
        data, notes = support.check(data)
        for note in notes:
            console.print(Text(f"note: {note}", "yellow"), soft_wrap=True)
        if players is not None:
            if store.playing(name) is not None:
                fail("a session is in progress: finish it before changing the players")
            changed = support.change_players(data, players)
            if changed != data:
                head = store.add_snapshot(name, changed)
                data = changed
        played = 0
        while True:
            playing = store.playing(name)
            if playing is not None:
                n, start, record = playing
                if record.get("web"):
                    fail(
                        f"session {n} of {name} is being played at a web table: finish it in "
                        "the browser, or save it there (the campaign's link in the lobby, or a "
                        f"new one from `oneiros campaign link {quote(name)}`)"
                    )
                doc = store.snapshot(name, start)
                try:
                    state = replay(record)
                except ConfigError as exc:
                    fail(f"the session in progress does not resume: {exc}")
                label = str(record.get("options", {}).get("scenario", "session"))
            else:
                if abandon:
                    fail("--abandon ends a Dream in progress, and no session is in progress")
                if data.get("finished"):
                    console.print(Text(f"The campaign {name} is over.", "bold"))
                    break
                doc = data
                game, label = support.session(doc)
                run_seed = random.SystemRandom().randrange(1, 2**31) if seed is None else seed
                state = game.new_state(seed=run_seed + played)
                n = store.begin_session(name, head, state.record())
            if abandon:
                new = support.interrupt(doc, state)
                if new is None:
                    fail("--abandon ends a Dream in progress; this session is not one")
                head = store.add_snapshot(name, new, session=n)
                console.print(Text(f"Saved inside the Dream: a Death. Snapshot {head}."))
                break
            specs = parse_seats(seats, state.game)
            import time

            t0 = time.perf_counter()
            code = run_session(state, specs, store, name, n, delay, label)
            if not state.is_terminal():
                if code:
                    raise typer.Exit(code)
                break
            new = support.finish(doc, state, time.perf_counter() - t0)
            head = store.add_snapshot(name, new, session=n)
            data = new
            played += 1
            console.print(
                Text(f"Session {n} ({label}) ends: {state.end_reason()}. Snapshot {head}."),
                soft_wrap=True,
            )
            if state.end_reason() == "saved":
                console.print(Text("The team saves: the evening ends.", "bold"))
                break
            if sessions and played >= sessions:
                break
        _print_summary(console, name, game_name, support, data)
        _web_hint(console, name, store)

    @campaign.command("show")
    def show_cmd(
        name: str = NAME_ARG,
        as_json: bool = typer.Option(False, "--json", help="Print the saved document as JSON."),
        db: str | None = DB_OPT,
    ) -> None:
        """Print a campaign: the map with the Team marker, each Dreamer's holdings, the
        flags, the Seasons and the progress.

        Examples:

          oneiros campaign show night

          oneiros campaign show night --json > night.json
        """
        store = _store(db)
        game_name, _head, data = store.head(name)
        support = support_of(game_name)
        if as_json:
            console.print_json(json.dumps(data))
            return
        shown = support.describe(data)
        console.print(Text(shown["title"], "bold"))
        for title, rows in shown["sections"].items():
            table = Table(title=title, title_justify="left", show_header=False)
            table.add_column(style="bold")
            table.add_column()
            for label, value in rows:
                table.add_row(label, value)
            console.print(table)
        playing = store.playing(name)
        if playing is not None:
            if playing[2].get("web"):
                console.print(
                    Text(f"Session {playing[0]} in progress at a web table (finish it there).")
                )
            else:
                count = len(playing[2].get("actions", []))
                console.print(Text(f"Session {playing[0]} in progress ({count} actions saved)."))
        _web_hint(console, name, store)

    @campaign.command("link")
    def link_cmd(
        name: str = NAME_ARG,
        url: str | None = typer.Option(
            None,
            "--url",
            help=f"The web server's address (default: ${WEB_ENV}, else {DEFAULT_WEB}).",
        ),
        db: str | None = DB_OPT,
    ) -> None:
        """Print a secret link that opens the campaign in the web lobby.

        The server (`oneiros serve`) must use the same --db. Opening the link adds the
        campaign to that browser's lobby: continue it there, and here again between
        sessions. Keep the link private: it is the only key the web table asks for.

        Examples:

          oneiros serve --db sqlite:///club.db &

          oneiros campaign link night --db sqlite:///club.db

          oneiros campaign link night --url https://play.example.org --db postgresql://me@db/oneiros
        """
        from urllib.parse import urlsplit

        base = (url or os.environ.get(WEB_ENV, "") or DEFAULT_WEB).rstrip("/")
        parts = urlsplit(base)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            fail(f"--url {base!r}: give the server's address, like {DEFAULT_WEB}")
        store = _store(db)
        store.head(name)  # an unknown campaign lists the saved ones
        token = store.new_link(name)
        console.print(Text(f"{base}/#campaign={token}"), soft_wrap=True)
        console.print(
            Text(
                f"Open it in a browser (the server must use {_db_arg(store)}); the link is the "
                "campaign's key: share it only with the players.",
                "dim",
            ),
            soft_wrap=True,
        )

    @campaign.command("list")
    def list_cmd(
        as_json: bool = typer.Option(False, "--json", help="Print the list as JSON."),
        db: str | None = DB_OPT,
    ) -> None:
        """List the saved campaigns.

        Example: oneiros campaign list --db sqlite:///club.db
        """
        store = _store(db)
        rows = []
        for row in store.names():
            summary = support_of(row["game"]).summary(row["doc"])
            rows.append(
                {
                    "name": row["name"],
                    "game": row["game"],
                    **summary,
                    "updated": row["updated"].isoformat(timespec="seconds"),
                }
            )
        if as_json:
            console.print_json(json.dumps(rows))
            return
        if not rows:
            console.print(
                "No campaign saved yet: start one with `oneiros campaign new etherfields "
                "--players 2 --name NAME`."
            )
            return
        table = Table(title="Campaigns")
        keys = [k for k in rows[0] if k not in ("dreamers", "updated")]  # in --json
        for key in keys:
            table.add_column(key)
        for r in rows:
            table.add_row(*(str(r[k]) for k in keys))
        console.print(table)

    app.add_typer(campaign)


__all__ = ["register", "run_session", "support_of"]
