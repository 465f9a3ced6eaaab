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
        log_level: str = typer.Option(
            "info", "--log-level", help="Server log level (debug, info, warning, error)."
        ),
    ) -> None:
        """Play in the browser with friends and bots: open http://HOST:PORT/."""
        try:
            from ..server import run
            from ..server.db import check_database, normalise_url
        except ModuleNotFoundError as exc:
            fail(
                f"the web table needs the web extra ({exc.name} is missing): pip install 'oneiros[web]'"
            )
        if log_level not in ("debug", "info", "warning", "error", "critical"):
            fail(f"--log-level {log_level!r} is not one of debug, info, warning, error, critical")
        normalise_url(db)
        try:
            with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                probe.bind((host, port))
        except OSError as exc:
            fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}")
        check_database(db)  # a one-line error for a bad URL or database before anything starts
        console.print(f"Oneiros web table on [bold]http://{host}:{port}/[/] (database {db})")
        run(host=host, port=port, db=db, log_level=log_level)
