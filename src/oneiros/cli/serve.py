"""``oneiros serve``: the web table on 127.0.0.1:8000 (SQLite by default)."""

from __future__ import annotations

import socket

import typer

from .common import console, fail


def register(app: typer.Typer) -> None:
    @app.command("serve")
    def serve_cmd(
        host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
        port: int = typer.Option(8000, "--port", min=1, max=65535, help="Port to listen on."),
        db: str = typer.Option(
            "sqlite:///oneiros.db",
            "--db",
            help="Database URL: sqlite:///file.db (default) or postgresql://user@host/name.",
        ),
        workers: int = typer.Option(
            1,
            "--workers",
            min=1,
            max=64,
            help="Server processes sharing the tables through the database (PostgreSQL only).",
        ),
        public_url: str | None = typer.Option(
            None,
            "--public-url",
            help="Base URL players reach the server at (https://play.example.org): invite "
            "links use it and its host is accepted.",
        ),
        allowed_host: list[str] = typer.Option(
            [],
            "--allowed-host",
            help="Host name the server answers to (repeatable; default: 127.0.0.1, "
            "localhost, ::1 and --host). '*' accepts any (only behind a checking proxy).",
        ),
        allow_origin: list[str] = typer.Option(
            [],
            "--allow-origin",
            help="Another origin whose pages may open a WebSocket (repeatable; the server's "
            "own origin is always allowed).",
        ),
        content_dir: str | None = typer.Option(
            None,
            "--content-dir",
            help="Directory of content packs, DIR/<game>/<name>.json or, for a game whose pack "
            "is a directory (etherfields), DIR/<game>/<name>/, that tables may choose by name.",
        ),
        forwarded_allow_ips: str | None = typer.Option(
            None,
            "--forwarded-allow-ips",
            help="Proxy addresses whose X-Forwarded-For gives the client's address (used by "
            "the per-client limits).",
        ),
        max_sockets_per_client: int = typer.Option(
            32, "--max-sockets-per-client", min=0, help="Open WebSockets per client address."
        ),
        max_sockets_per_table: int = typer.Option(
            64, "--max-sockets-per-table", min=1, help="Open WebSockets per table."
        ),
        messages_per_second: float = typer.Option(
            20.0,
            "--messages-per-second",
            min=0,
            help="WebSocket messages a client address may send per second (0: no limit).",
        ),
        requests_per_second: float = typer.Option(
            10.0,
            "--requests-per-second",
            min=0,
            help="REST requests a client address may make per second (0: no limit).",
        ),
        log_level: str = typer.Option(
            "info", "--log-level", help="Server log level (debug, info, warning, error)."
        ),
    ) -> None:
        """Play in the browser with friends and bots: open http://HOST:PORT/."""
        try:
            from ..server import run
            from ..server.config import LOCAL_HOSTS, Settings
            from ..server.db import check_database, normalise_url
        except ModuleNotFoundError as exc:
            fail(
                f"the web table needs the web extra ({exc.name} is missing): pip install 'oneiros[web]'"
            )
        from ..core import ConfigError

        if log_level not in ("debug", "info", "warning", "error", "critical"):
            fail(f"--log-level {log_level!r} is not one of debug, info, warning, error, critical")
        normalise_url(db)
        if workers > 1 and db.startswith("sqlite"):
            fail("--workers above 1 needs a PostgreSQL database (--db postgresql://...)")
        hosts = list(allowed_host) or [*LOCAL_HOSTS]
        if not allowed_host and host not in ("0.0.0.0", "::"):
            hosts.append(host)
        try:
            settings = Settings(
                public_url=public_url,
                allowed_hosts=tuple(hosts),
                allowed_origins=tuple(o.rstrip("/") for o in allow_origin),
                content_dir=content_dir,
                workers=workers,
                max_sockets_per_client=max_sockets_per_client,
                max_sockets_per_table=max_sockets_per_table,
                messages_per_second=messages_per_second,
                requests_per_second=requests_per_second,
            )
        except ConfigError as exc:
            fail(str(exc))
        if content_dir is not None:
            from pathlib import Path

            if not Path(content_dir).is_dir():
                fail(f"--content-dir {content_dir!r} is not a directory")
        try:
            with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                probe.bind((host, port))
        except OSError as exc:
            fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}")
        check_database(db)  # a one-line error for a bad URL or database before anything starts
        where = public_url or f"http://{host}:{port}/"
        console.print(
            f"Oneiros web table on [bold]{where}[/] (database {db}, "
            f"{workers} process{'es' if workers > 1 else ''})"
        )
        if host in ("0.0.0.0", "::") and not allowed_host and not public_url:
            console.print(
                "[yellow]Listening on every address but answering only to localhost names: "
                "give --public-url or --allowed-host for the name players use.[/]"
            )
        run(
            host=host,
            port=port,
            db=db,
            settings=settings,
            log_level=log_level,
            forwarded_allow_ips=forwarded_allow_ips,
        )
