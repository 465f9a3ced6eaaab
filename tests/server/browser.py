"""Shared pieces of the browser tests: Debian's Chromium driven by Playwright, a real server,
and table messages built from real game states (for a page whose WebSocket is replaced)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from oneiros.core import State

from .helpers import ServerProcess

CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}

browser_marks = [
    pytest.mark.e2e,
    pytest.mark.slow,
    pytest.mark.skipif(
        not os.path.exists(CHROMIUM),
        reason=f"{CHROMIUM} is missing (apt-get install chromium; .ci/system-deps.sh does it in CI)",
    ),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("e2e") / "web.db"
    proc = ServerProcess(f"sqlite:///{db}").start()
    try:
        yield proc
    finally:
        proc.kill()


class SharedChromium:
    """One Playwright driver and Chromium per test process, shared by the browser modules.

    Starting Playwright's driver and Chromium takes seconds, once per process instead of
    once per module. The sync API leaves its event loop marked as running in the thread
    between calls, where ``asyncio.run`` then refuses to start (``test_pg_batch.py``): so
    Chromium is stopped as soon as the next test to run is not a browser test
    (``pytest_runtest_teardown`` in ``conftest.py``), and ``tests/ordering.py`` runs the
    browser files one after the other."""

    def __init__(self) -> None:
        self.playwright: Any = None
        self.browser: Any = None

    def get(self) -> Any:
        if self.browser is not None and not self.browser.is_connected():
            self.stop()
        if self.browser is None:
            sync_api = pytest.importorskip(
                "playwright.sync_api", reason="the e2e extra is not installed"
            )
            self.playwright = sync_api.sync_playwright().start()
            try:
                self.browser = self.playwright.chromium.launch(
                    executable_path=CHROMIUM,
                    headless=True,
                    args=[
                        "--no-sandbox",
                        "--disable-gpu",
                        "--disable-background-networking",
                        "--disable-component-update",
                        "--no-first-run",
                    ],
                )
            except BaseException:
                self.stop()
                raise
        return self.browser

    def close_pages(self) -> None:
        """Close what a test left open (each ``new_page`` has a context of its own), so
        that no page of an earlier test keeps running next to the next one."""
        if self.browser is not None and self.browser.is_connected():
            for context in list(self.browser.contexts):
                context.close()

    def stop(self) -> None:
        browser, playwright = self.browser, self.playwright
        self.browser = self.playwright = None
        try:
            if browser is not None:
                browser.close()
        finally:
            if playwright is not None:
                playwright.stop()


CHROMIUM_PROCESS = SharedChromium()


@pytest.fixture
def browser() -> Iterator[Any]:
    """Chromium, shared with the browser tests this process runs in a row; every test gets
    fresh pages (``browser.new_page`` opens a new context: no cookies, storage or
    cache of another test)."""
    yield CHROMIUM_PROCESS.get()
    CHROMIUM_PROCESS.close_pages()


def screenshot_path(tmp_path: Path, name: str) -> Path:
    """Where a screenshot goes: $ONEIROS_SCREENSHOTS if set (docs/ uses it), else tmp_path."""
    folder = Path(os.environ.get("ONEIROS_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder / name


def seats(names: list[tuple[str, str | None]]) -> list[dict[str, Any]]:
    """The seat list of a table message: (kind, name) per seat ("bot" seats play heuristic)."""
    return [
        {
            "seat": i,
            "kind": kind,
            "agent": "heuristic" if kind == "bot" else None,
            "name": name if name is not None else ("Bot (heuristic)" if kind == "bot" else None),
            "claimed": True,
            "connected": True,
        }
        for i, (kind, name) in enumerate(names)
    ]


class Messages:
    """The messages the server would send one seat while ``state`` moves on, in the format
    of ``oneiros.server.table.LiveTable.message``."""

    def __init__(self, state: State, seat: int, seat_list: list[dict[str, Any]]) -> None:
        self.state = state
        self.seat = seat
        self.seats = seat_list
        self.sent = 0
        self.n = 0

    def next(self, kind: str = "update") -> str:
        s = self.state
        events = [e.to_dict() for e in s.events()[self.sent :] if e.visible(self.seat)]
        if kind == "snapshot":
            events = [e.to_dict() for e in s.events() if e.visible(self.seat)]
        self.sent = len(s.events())
        self.n += 1
        tm = list(s.to_move())
        mine = self.seat in tm
        over = not tm
        return json.dumps(
            {
                "type": kind,
                "table": "scripted",
                "game": s.game.name,
                "title": s.game.info.title,
                "ruleset": s.game.ruleset,
                "options": dict(s.game.options),
                "status": "finished" if over else "running",
                "seat": self.seat,
                "seats": self.seats,
                "n": self.n,
                "turn": s.turn_number(),
                "to_move": tm,
                "decision": s.decision(self.seat).to_dict() if mine else None,
                "decision_id": self.n if mine else None,
                "legal": [{"id": a.id, "label": a.label} for a in s.legal_actions(self.seat)]
                if mine
                else [],
                "observation": s.observation(self.seat),
                "events": events,
                "insights": {},
                "hints": False,
                "scores": s.scores() if over else [],
                "winners": s.winners() if over else [],
                "end_reason": s.end_reason() if over else None,
            }
        )


def click_any_action(page: Any, rng: Any, attempts: int = 5) -> bool:
    """Click one enabled action button chosen by ``rng``; False when there is none.
    Another seat's move can redraw the buttons between counting and clicking (Sleep Tight's
    simultaneous phases): then choose again from the new buttons."""
    for _ in range(attempts):
        buttons = page.locator("#actions button:not([disabled])")
        count = buttons.count()
        if not count:
            return False
        try:
            buttons.nth(rng.randrange(count)).click(timeout=3_000)
        except Exception as exc:
            if "Timeout" not in type(exc).__name__:
                raise
            continue
        return True
    raise AssertionError(f"no action button took a click in {attempts} attempts")
