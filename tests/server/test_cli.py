"""``oneiros serve``: one-line errors for a bad database URL, log level or busy port."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from oneiros.cli.main import main

from .helpers import free_port


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code != 0
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("\n") == 1, err
    return err


def test_bad_database_url(capsys: pytest.CaptureFixture[str]) -> None:
    err = run(["serve", "--db", "mysql://x@localhost/db"], capsys)
    assert "only sqlite:/// and postgresql://" in err
    err = run(["serve", "--db", "not a url"], capsys)
    assert "not a database URL" in err


def test_bad_log_level_and_port(capsys: pytest.CaptureFixture[str]) -> None:
    assert "--log-level 'loud'" in run(["serve", "--log-level", "loud"], capsys)
    assert "--port" in run(["serve", "--port", "70000"], capsys)


def test_busy_port(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        err = run(["serve", "--port", str(port), "--db", f"sqlite:///{tmp_path}/x.db"], capsys)
    assert f"cannot listen on 127.0.0.1:{port}" in err


def test_unreachable_database(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    free = str(free_port())
    err = run(["serve", "--port", free, "--db", f"sqlite:///{tmp_path}/missing/dir/x.db"], capsys)
    assert "cannot use the database" in err and "unable to open database file" in err
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]  # nothing listens there
    err = run(["serve", "--port", free, "--db", f"postgresql://nobody@127.0.0.1:{port}/db"], capsys)
    assert "cannot use the database" in err


def test_bad_workers_public_url_and_content_dir(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = f"sqlite:///{tmp_path}/x.db"
    err = run(["serve", "--db", db, "--workers", "2"], capsys)
    assert "--workers above 1 needs a PostgreSQL database" in err
    err = run(["serve", "--db", db, "--public-url", "play.example.org/x"], capsys)
    assert "--public-url" in err and "scheme and host" in err
    err = run(["serve", "--db", db, "--content-dir", str(tmp_path / "none")], capsys)
    assert "--content-dir" in err and "not a directory" in err


def test_serve_help_names_the_security_flags(capsys: pytest.CaptureFixture[str]) -> None:
    try:
        main(["serve", "--help"])
    except SystemExit as done:
        assert done.code in (0, None)
    out = " ".join(capsys.readouterr().out.split())
    for flag in ("--workers", "--public-url", "--allowed-host", "--allow-origin", "--content-dir"):
        assert flag in out
