"""The lobby in Chromium: choosing an installed content pack turns Etherfields' scenario
menu into that pack's Dreams and Slumbers (``by_content`` of ``/api/games``, which
``test_content_menus.py`` checks on the server), and choosing the shipped content again
brings the shipped menu back."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .browser import DESKTOP, browser, browser_marks, screenshot_path, server
from .helpers import ServerProcess
from .test_browser import instant

__all__ = ["browser", "server"]  # the fixtures

pytestmark = browser_marks

EXTRA = ["slumber:HS-01", "Slumber: The Lantern Market"]


def _with_a_pack(route: Any) -> None:
    """``/api/games`` as a server with the pack ``house`` installed answers it."""
    games = route.fetch().json()
    ether = next(g for g in games if g["name"] == "etherfields")
    options = {o["name"]: o for o in ether["options"]}
    options["content"]["choices"] = ["", "house"]
    scenario = options["scenario"]
    scenario["by_content"] = {
        "house": {
            "choices": [*scenario["choices"][:-1], EXTRA[0], "journey"],
            "labels": {**scenario["labels"], EXTRA[0]: EXTRA[1]},
        }
    }
    route.fulfill(status=200, content_type="application/json", body=json.dumps(games))


def _menu(page: Any) -> list[list[str]]:
    return page.eval_on_selector_all(
        "#opt-scenario option", "os => os.map(o => [o.value, o.textContent])"
    )


def test_the_scenario_menu_follows_the_content_pack(server: ServerProcess, browser: Any) -> None:
    page = instant(browser.new_page(viewport=DESKTOP))
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.route("**/api/games", _with_a_pack)
    page.goto(f"{server.http}/")
    page.select_option("#game", "etherfields")
    page.click("#advanced summary")
    shipped = _menu(page)
    assert EXTRA not in shipped and ["slumber:OS-03", "Slumber: The Hollow Lamplighter"] in shipped
    page.select_option("#opt-scenario", "slumber:OS-03")
    page.select_option("#opt-content", "house")
    house = _menu(page)
    assert EXTRA in house and house[-1][0] == "journey"
    assert page.eval_on_selector("#opt-scenario", "s => s.value") == "slumber:OS-03"  # kept
    page.select_option("#opt-scenario", EXTRA[0])
    page.select_option("#opt-content", "")
    assert _menu(page) == shipped
    # the Slumber of the other pack is not in the shipped menu: the default comes back
    assert page.eval_on_selector("#opt-scenario", "s => s.value") == "dream:OD-01X"
    assert not errors


def test_the_slumber_panel_shows_the_unlock_and_the_tile_out_of_the_game(
    server: ServerProcess, browser: Any, tmp_path: Path
) -> None:
    """The web table's Slumber panel, fed the messages of a real Slumber (``Messages``):
    Deliverance unlocked, then the Thorn Warden delivered and out of the game."""
    import httpx2 as httpx

    from tests.etherfields.slumber_play import drive, position

    from .browser import Messages, seats
    from .test_browser_etherfields import scripted

    body = {"game": "etherfields", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}
    made = httpx.post(f"{server.http}/api/tables", json=body).json()
    url = made["seats"][0]["url"]
    url = url if url.startswith("http") else f"{server.http}{url}"
    s = position("slumber:OS-04", deliverance=True)
    drive(s, "slumber_skip")
    msgs = Messages(s, 0, seats([("human", "Ada"), ("human", "Bo")]))
    frames = [msgs.next("snapshot")]
    page = scripted(browser, url, frames, DESKTOP)
    page.wait_for_selector("#board .ef-slumber")
    assert "Deliverance is unlocked" in page.inner_text("#board .ef-slumber")
    buttons = page.eval_on_selector_all("#actions button", "bs => bs.map(b => b.dataset.action)")
    assert "deliver" in buttons
    page.close()
    s.apply("deliver", player=s.first)
    drive(s, lambda st: st.is_terminal())
    frames.append(msgs.next())
    page = scripted(browser, url, frames, DESKTOP)
    page.wait_for_function(
        "() => (document.querySelector('#board .ef-slumber') || {}).innerText"
        "?.includes('Out of the game')",
        timeout=20_000,
    )
    assert "The Thorn Warden" in page.inner_text("#board .ef-slumber")
    page.screenshot(path=str(screenshot_path(tmp_path, "slumber-delivered.png")))
    page.close()
