"""Fixtures of the web table tests: the test games, an app on a fresh database, clients."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web table needs the web extra")

from fastapi.testclient import TestClient

import oneiros
from tests.tinygame import Pebbles

from .browser import CHROMIUM_PROCESS
from .games import Pebbles4, PebblesCoach, PebblesWhisper
from .helpers import close_all, free_port, make_app

oneiros.register("pebbles", Pebbles)
oneiros.register("pebbles4", Pebbles4)
oneiros.register("pebbles-coach", PebblesCoach)
oneiros.register("pebbles-whisper", PebblesWhisper)


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.db'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(make_app(db_url)) as c:
        try:
            yield c
        finally:
            close_all()


def _postgres_bin() -> Path | None:
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=_version_key)
    return Path(candidates[-1]).parent if candidates else None


def _version_key(path: str) -> int:
    part = Path(path).parts[-3]
    return int(part) if part.isdigit() else 0


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A throw-away PostgreSQL server started with initdb/pg_ctl in a temporary directory."""
    bindir = _postgres_bin()
    if bindir is None:
        pytest.skip(
            "PostgreSQL server programs (initdb, pg_ctl) are not installed "
            "(apt-get install postgresql; .ci/system-deps.sh does it in CI)"
        )
    prefix: list[str] = []
    root = tempfile.mkdtemp(prefix="oneiros-pg-")
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root: use its own account
        try:
            pw = pwd.getpwnam("postgres")
        except KeyError:
            pytest.skip("running as root and there is no 'postgres' user to run PostgreSQL")
        os.chown(root, pw.pw_uid, pw.pw_gid)
        prefix = ["runuser", "-u", "postgres", "--"]
    data = os.path.join(root, "data")
    port = free_port()
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE, "check": True}
    try:
        subprocess.run(
            [
                *prefix,
                str(bindir / "initdb"),
                "-D",
                data,
                "-U",
                "oneiros",
                "-A",
                "trust",
                "-E",
                "UTF8",
                "--no-sync",
            ],
            **quiet,  # type: ignore[arg-type]
        )
        subprocess.run(
            [
                *prefix,
                str(bindir / "pg_ctl"),
                "-D",
                data,
                "-l",
                os.path.join(root, "log"),
                "-w",
                "-t",
                "60",
                "-o",
                f"-p {port} -k {root} -c listen_addresses=127.0.0.1",
                "start",
            ],
            **quiet,  # type: ignore[arg-type]
        )
    except subprocess.CalledProcessError as exc:
        shutil.rmtree(root, ignore_errors=True)
        raise AssertionError(f"PostgreSQL did not start: {exc.stderr.decode()[-1000:]}") from exc
    try:
        yield f"postgresql://oneiros@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            [*prefix, str(bindir / "pg_ctl"), "-D", data, "-m", "immediate", "-w", "stop"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        shutil.rmtree(root, ignore_errors=True)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """After a browser test: close its pages, and stop the shared Chromium unless the next
    test uses it too (``tests/server/browser.py``)."""
    try:
        return (yield)
    finally:
        if "browser" in getattr(item, "fixturenames", ()):
            CHROMIUM_PROCESS.close_pages()
            if nextitem is None or "browser" not in getattr(nextitem, "fixturenames", ()):
                CHROMIUM_PROCESS.stop()
