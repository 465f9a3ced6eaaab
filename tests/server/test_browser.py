"""The browser client end to end: Chromium (Debian's, driven by Playwright) creates a game
against a bot in the lobby and plays it to the end by clicking, on a phone-sized screen."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from .browser import PHONE, browser, browser_marks, screenshot_path, server
from .helpers import ServerProcess

__all__ = ["browser", "server"]  # the fixtures

pytestmark = browser_marks


def instant(page: object) -> object:
    """Show the other players' moves at once (the table's speed setting: instant)."""
    page.add_init_script("localStorage.setItem('oneiros:speed', '0')")  # type: ignore[attr-defined]
    return page


def play_by_clicking(
    page: object,
    rng: random.Random,
    max_clicks: int,
    pieces: bool = False,
    snapshot: tuple[int, Path] | None = None,
) -> int:
    """Click one of the offered actions whenever it is our turn, until the game is over;
    with ``pieces``, often a clickable piece on the table (a die, a card) instead of a
    button. ``snapshot``: after that many clicks, save a screenshot there."""
    clicks = 0
    for _ in range(max_clicks):
        if snapshot is not None and clicks == snapshot[0]:
            page.screenshot(path=str(snapshot[1]), full_page=True)  # type: ignore[attr-defined]
        page.wait_for_selector(  # type: ignore[attr-defined]
            "#game-over, #actions button:not([disabled])", timeout=20_000
        )
        if page.locator("#game-over").count():  # type: ignore[attr-defined]
            return clicks
        buttons = page.locator("#actions button:not([disabled])")  # type: ignore[attr-defined]
        count = buttons.count()
        if count == 0:
            continue
        playable = page.locator("#board .playable")  # type: ignore[attr-defined]
        target = (
            playable.nth(rng.randrange(playable.count()))
            if pieces and playable.count() and rng.random() < 0.5
            else buttons.nth(rng.randrange(count))
        )
        try:
            target.click(timeout=3_000)
        except Exception as exc:  # a bot's move redrew the table under the click: look again
            if "Timeout" not in type(exc).__name__:
                raise
            continue
        clicks += 1
        # the buttons come back (or the game ends) once the server has answered
        page.wait_for_function(  # type: ignore[attr-defined]
            "() => document.querySelector('#game-over')"
            " || !document.querySelector('#actions button[disabled]')",
            timeout=20_000,
        )
    raise AssertionError(f"no game over after {max_clicks} clicks")


def test_play_a_game_against_a_bot_by_clicking(
    server: ServerProcess, browser: object, tmp_path: Path
) -> None:
    page = instant(browser.new_page(viewport=PHONE))  # type: ignore[attr-defined]
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server.http}/")
    page.fill("#my-name", "Ada")
    page.select_option("#game", "pebbles")
    page.select_option("#players", "2")
    page.click("#advanced summary")  # who sits where is folded with the other settings
    page.select_option("[data-seat='1'][data-field='agent']", "random")
    page.click("#create")
    page.wait_for_url("**/t/**")
    page.wait_for_selector("#your-turn", timeout=20_000)
    assert "Ada" in page.inner_text("#seat-list")
    # the event log shows the rule behind each event; the private card is marked as ours
    assert 'pebbles "Setup"' in page.inner_text("#events")
    assert "(only you)" in page.inner_text("#events")
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the table is wider than a phone screen: {width}"
    page.screenshot(path=str(screenshot_path(tmp_path, "table-pebbles-phone.png")), full_page=True)

    # a reload resumes the seat exactly where it was
    before = page.locator("#events li").all_inner_texts()
    page.reload()
    page.wait_for_selector("#your-turn", timeout=20_000)
    assert page.locator("#events li").all_inner_texts() == before
    clicks = play_by_clicking(page, random.Random(4), max_clicks=300)
    assert clicks >= 2
    status = page.inner_text("#status")
    assert "Game over" in status and ("wins" in status or "win" in status)
    page.screenshot(
        path=str(screenshot_path(tmp_path, "game-over-pebbles-phone.png")), full_page=True
    )

    # the replay link works and shows the game's last position
    page.click("#replay-link")
    page.wait_for_url("**/replay/**")
    page.wait_for_function(
        "() => document.querySelector('#step-label').textContent.includes(' of ')"
    )
    page.wait_for_selector("text=Final:")
    assert not errors, errors
    page.close()


@pytest.mark.parametrize(
    ("game", "players", "marker"),
    [("lucidity", "2", ".dreamer .rowname"), ("sleep-tight", "2", ".card")],
)
def test_dedicated_table_views_play_to_the_end(
    server: ServerProcess, browser: object, tmp_path: Path, game: str, players: str, marker: str
) -> None:
    import oneiros

    if game not in [g.name for g in oneiros.games()]:
        pytest.skip(f"{game} is not available in this checkout")
    page = instant(browser.new_page(viewport=PHONE))  # type: ignore[attr-defined]
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    from .test_browser_etherfields import fixed_seed  # (that module imports this one)

    fixed_seed(page, 3)  # a fixed deal: the same game each run, one of the shorter ones
    page.goto(f"{server.http}/")
    page.select_option("#game", game)
    page.select_option("#players", players)
    page.click("#advanced summary")
    page.select_option("[data-seat='1'][data-field='agent']", "random")
    page.click("#create")
    page.wait_for_url("**/t/**")
    page.wait_for_selector("#your-turn, #game-over", timeout=20_000)
    assert page.locator(marker).count() > 0, f"the {game} view was not drawn"
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the table is wider than a phone screen: {width}"
    page.screenshot(path=str(screenshot_path(tmp_path, f"table-{game}-phone.png")), full_page=True)
    mid = (25, screenshot_path(tmp_path, f"mid-game-{game}-phone.png"))
    play_by_clicking(page, random.Random(7), max_clicks=1500, pieces=True, snapshot=mid)
    assert "Game over" in page.inner_text("#status")
    page.screenshot(
        path=str(screenshot_path(tmp_path, f"game-over-{game}-phone.png")), full_page=True
    )
    assert not errors, errors
    page.close()


def test_two_friends_play_through_an_invite_link(
    server: ServerProcess, browser: object, tmp_path: Path
) -> None:
    host = browser.new_context(viewport=PHONE)  # type: ignore[attr-defined]
    friend = browser.new_context(viewport={"width": 1024, "height": 768})  # type: ignore[attr-defined]
    host.add_init_script("localStorage.setItem('oneiros:speed', '0')")
    friend.add_init_script("localStorage.setItem('oneiros:speed', '0')")
    a = host.new_page()
    a.goto(f"{server.http}/")
    a.fill("#my-name", "Ada")
    a.select_option("#game", "pebbles")
    a.select_option("#players", "2")
    a.click("#advanced summary")
    a.select_option("[data-seat='1'][data-field='kind']", "human")
    a.click("#create")
    a.wait_for_selector("#created:not([hidden])")
    invite = a.locator("#invites a").first.get_attribute("href")
    assert invite and "#token=" in invite
    a.click("#go-seat")
    a.wait_for_selector("text=Waiting for 1 more player")
    assert a.locator("#invites a").first.get_attribute("href") == invite
    b = friend.new_page()
    b.goto(invite)
    b.fill("#name-input", "Bob")
    b.click("#name-form button")
    a.wait_for_selector("#seat-list >> text=Bob", timeout=20_000)
    for page in (a, b):
        page.wait_for_selector("#your-turn", timeout=20_000)  # both bet at the same time
    rng = random.Random(1)
    for _ in range(400):
        if a.locator("#game-over").count() and b.locator("#game-over").count():
            break
        for page in (a, b):
            buttons = page.locator("#actions button:not([disabled])")
            if buttons.count():
                try:
                    buttons.nth(rng.randrange(buttons.count())).click(timeout=3_000)
                except Exception as exc:  # the other player's move redrew the buttons
                    if "Timeout" not in type(exc).__name__:
                        raise
                    continue
                page.wait_for_function(
                    "() => document.querySelector('#game-over')"
                    " || !document.querySelector('#actions button[disabled]')",
                    timeout=20_000,
                )
        a.wait_for_timeout(50)
    else:
        raise AssertionError("the friends' game did not end")
    assert "Ada" in b.inner_text("#status") or "Bob" in b.inner_text("#status")
    b.screenshot(
        path=str(screenshot_path(tmp_path, "game-over-friends-desktop.png")), full_page=True
    )
    host.close()
    friend.close()
