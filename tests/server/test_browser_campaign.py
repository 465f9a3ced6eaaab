"""A campaign in Chromium: the lobby starts one (game, players, name), opens its first
session's table where the player makes the first decisions, keeps the campaign's link and
offers to go back to the session; a finished session's table offers "Continue the campaign",
which opens the next session from the saved snapshot."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx2 as httpx
from typer.testing import CliRunner, Result

from oneiros.cli.main import app

from .browser import DESKTOP, PHONE, browser, browser_marks, screenshot_path, server
from .helpers import ServerProcess
from .test_browser import instant
from .test_browser_etherfields import answered, buttons, click_action

__all__ = ["browser", "server"]  # the fixtures

pytestmark = browser_marks


def cli(*args: str) -> Result:
    """``oneiros ARGS`` at the terminal (in this process), on the server's database."""
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "200"})


def test_a_campaign_starts_in_the_lobby_and_its_first_session_is_played(
    server: ServerProcess, browser: Any, tmp_path: Path
) -> None:
    page = instant(browser.new_page(viewport=DESKTOP))
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server.http}/")
    page.fill("#my-name", "Ada")
    page.wait_for_function(  # drawn by the lobby's script once the page has loaded
        "() => /No campaign in this browser yet/.test("
        "document.querySelector('#my-campaigns')?.textContent || '')"
    )
    page.click("#new-campaign summary")
    assert page.eval_on_selector_all("#campaign-game option", "os => os.map(o => o.value)") == [
        "etherfields"
    ]
    page.fill("#campaign-name", "Ada's night")
    page.select_option("#campaign-players", "2")
    page.screenshot(path=str(screenshot_path(tmp_path, "web-campaign-new.png")))
    page.click("#campaign-create")

    # the first session's table: the first Dream, Ada at seat 0 and a bot
    page.wait_for_url("**/t/**")
    page.wait_for_selector("#your-turn", timeout=20_000)
    assert "Ada" in page.inner_text("#seat-list")
    lit = page.eval_on_selector_all(
        "#board .space.playable", "ns => ns.map(n => n.dataset.ref).sort()"
    )
    assert lit, "the Dreamer's Entrance lights the legal spaces"
    page.click(f"#board .space.playable[data-ref='{lit[0]}']")
    answered(page)
    for _ in range(4):  # a few more decisions, by their buttons
        ids = buttons(page)
        if page.locator("#game-over").count() or not ids:
            break
        pick = next((a for a in ("use:basic:move", "resolve", "done", "pass") if a in ids), ids[0])
        if click_action(page, pick):
            answered(page)
    log = page.inner_text("#events")
    assert "Ada" in log
    page.screenshot(path=str(screenshot_path(tmp_path, "web-campaign-session.png")))
    table_url = page.url.split("#")[0]

    # back in the lobby: the campaign is kept in this browser and leads back to the session
    page.goto(f"{server.http}/")
    page.wait_for_selector("#my-campaigns li.campaign")
    line = page.inner_text("#my-campaigns")
    assert (
        "Ada's night" in line
        and "next: dream:OD-01X" in line
        and "session 1" in line
        and "dicer" in line
    )
    back = page.get_attribute("#my-campaigns li.campaign a.button", "href")
    assert back is not None and back.split("#")[0] == table_url
    page.screenshot(path=str(screenshot_path(tmp_path, "web-campaign-lobby.png")))
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(200)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(screenshot_path(tmp_path, "web-campaign-lobby-phone.png")))
    assert not errors, errors


def test_a_finished_session_offers_to_continue_the_campaign(
    server: ServerProcess, browser: Any, tmp_path: Path
) -> None:
    api = httpx.Client(base_url=server.http, timeout=30)
    made = api.post(
        "/api/campaigns", json={"game": "etherfields", "name": "bots night", "players": 2}
    ).json()
    token = made["token"]
    bots = [{"kind": "bot", "agent": "heuristic"}] * 2
    first = api.post(f"/api/campaigns/{token}/continue", json={"seats": bots}).json()
    deadline = time.monotonic() + 120
    while api.get(f"/api/campaigns/{token}").json()["snapshot"] < 1:
        assert time.monotonic() < deadline, "the bots' session never ended"
        time.sleep(0.3)
    # this browser opened the campaign's link, then watched its first session
    page = instant(browser.new_page(viewport=DESKTOP))
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(made["url"])
    page.wait_for_selector("#my-campaigns li.campaign")
    assert "bots night" in page.inner_text("#my-campaigns")
    assert "#campaign=" not in page.url  # the secret leaves the address bar
    page.evaluate(f"localStorage.setItem('oneiros:campaign-of:{first['table']}', '{token}')")
    page.goto(f"{server.http}/t/{first['table']}")
    page.wait_for_selector("#game-over", timeout=20_000)
    page.screenshot(path=str(screenshot_path(tmp_path, "web-campaign-session-over.png")))
    page.click("#campaign-link")
    page.wait_for_url("**/t/**")
    page.wait_for_selector("#your-turn, #actions button", timeout=30_000)
    assert first["table"] not in page.url
    seen = api.get(f"/api/campaigns/{token}").json()
    assert seen["playing"]["n"] == 2 and seen["playing"]["table"] in page.url
    page.screenshot(path=str(screenshot_path(tmp_path, "web-campaign-next-session.png")))
    assert not errors, errors


def test_a_terminal_campaign_opens_in_the_lobby_takes_a_player_and_saves_inside_its_dream(
    server: ServerProcess, browser: Any, tmp_path: Path
) -> None:
    # started at the terminal, for one Dreamer; `campaign link` prints its web link
    name = "Bea's night"
    made = cli("campaign", "new", "etherfields", "-p", "1", "--name", name, "--db", server.db_url)
    assert made.exit_code == 0, made.output
    linked = cli("campaign", "link", name, "--url", server.http, "--db", server.db_url)
    assert linked.exit_code == 0, linked.output
    page = instant(browser.new_page(viewport=DESKTOP))
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(linked.output.splitlines()[0])
    line = page.locator("#my-campaigns li.campaign", has_text=name)
    line.wait_for()
    assert "dicer" in line.inner_text() and "tinkerer" not in line.inner_text()

    # a friend's Dreamer joins before the first session ("Adding a New Dreamer")
    picker = line.locator("select.campaign-players")
    assert picker.input_value() == "1" and picker.is_enabled()
    picker.select_option("2")
    page.screenshot(path=str(screenshot_path(tmp_path, "web-campaign-players.png")))
    line.locator("button", has_text="Continue").click()
    page.wait_for_url("**/t/**")
    page.wait_for_selector("#your-turn", timeout=20_000)
    assert page.locator("#seat-list li").count() == 2
    table_url = page.url.split("#")[0]

    # save and leave inside the Dream: the rules make it a Death, and the dialog says so
    page.set_viewport_size(PHONE)
    page.click("#save-leave")
    page.wait_for_selector("#save-dialog[open]")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(screenshot_path(tmp_path, "web-campaign-save-phone.png")))
    page.click("#save-cancel")
    page.set_viewport_size(DESKTOP)
    page.click("#save-leave")
    page.wait_for_selector("#save-dialog[open]")
    assert "treated as a Death" in page.inner_text("#save-note")
    page.screenshot(path=str(screenshot_path(tmp_path, "web-campaign-save.png")))
    page.click("#save-confirm")
    page.wait_for_url(f"{server.http}/")
    line = page.locator("#my-campaigns li.campaign", has_text=name)
    line.wait_for()
    text = line.inner_text()
    assert "session 2" in text and "next: dreamworld" in text and "tinkerer" in text
    # between two sessions of one evening the number of Dreamers is fixed, and says why
    notice = page.inner_text("#campaign-notice")
    assert f"{name}: session 1 saved." in notice and "treated as a Death" in notice
    picker = line.locator("select.campaign-players")
    assert picker.is_disabled() and "between evenings" in line.inner_text()
    page.screenshot(path=str(screenshot_path(tmp_path, "web-campaign-after-save.png")))

    # the closed table says it was saved; the terminal sees the Death snapshot
    page.goto(table_url)
    page.wait_for_selector("#game-over")
    assert "Session saved" in page.inner_text("#status")
    assert page.locator("#save-leave").is_hidden()
    page.screenshot(path=str(screenshot_path(tmp_path, "web-campaign-saved-table.png")))
    shown = cli("campaign", "show", name, "--db", server.db_url)
    assert "Deaths" in shown.output and "2 Dreamers" in shown.output
    assert not errors, errors
