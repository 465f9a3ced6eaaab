"""Accessibility in Chromium: colour-blind safe dice (a letter and a symbol on each, a palette
whose four dice colours stay apart under simulated deuteranopia and protanopia), keyboard
play (number keys, focus on the first action) and an axe-core audit with no serious
violation. axe-core is an npm package: ``npm install axe-core`` in the checkout, or point
ONEIROS_AXE at its ``axe.min.js``; the audit skips without it."""

from __future__ import annotations

import itertools
import os
from pathlib import Path
from typing import Any

import pytest

from .browser import DESKTOP, PHONE, browser, browser_marks, screenshot_path, server
from .helpers import ROOT, NetPlayer, ServerProcess
from .test_browser_table import start_game

__all__ = ["browser", "server"]  # the fixtures

pytestmark = browser_marks

# Machado, Oliveira and Fernandes (2009), severity 1, on linear RGB
DEUTERANOPIA = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)
PROTANOPIA = (
    (0.152286, 1.052583, -0.204868),
    (0.114503, 0.786281, 0.099216),
    (-0.003882, -0.048116, 1.051998),
)
COLOURS = ("blue", "green", "yellow", "red")


def _linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _srgb(x: float) -> float:
    x = min(1.0, max(0.0, x))
    return 255 * (12.92 * x if x <= 0.0031308 else 1.055 * x ** (1 / 2.4) - 0.055)


def simulate(rgb: tuple[int, int, int], matrix: Any) -> tuple[float, ...]:
    lin = [_linear(c) for c in rgb]
    return tuple(_srgb(sum(row[j] * lin[j] for j in range(3))) for row in matrix)


def closest_pair(colours: list[tuple[int, int, int]], matrix: Any) -> float:
    seen = [simulate(c, matrix) for c in colours]
    return min(
        sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5
        for a, b in itertools.combinations(seen, 2)
    )


def dice_colours(page: Any) -> list[tuple[int, int, int]]:
    found = page.evaluate(
        """(colours) => colours.map((c) => {
          const d = document.createElement('span');
          d.className = 'die ' + c;
          document.body.append(d);
          const rgb = getComputedStyle(d).backgroundColor.match(/\\d+/g).slice(0, 3).map(Number);
          d.remove();
          return rgb;
        })""",
        list(COLOURS),
    )
    return [tuple(c) for c in found]


FILTER = """(matrix) => {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('style', 'position:absolute;width:0;height:0');
  svg.innerHTML = `<filter id="cvd" color-interpolation-filters="linearRGB"><feColorMatrix type="matrix"
    values="${matrix.map((r) => r.join(' ') + ' 0 0').join(' ')} 0 0 0 1 0"/></filter>`;
  document.body.append(svg);
  document.documentElement.style.filter = 'url(#cvd)';
}"""


def test_the_colour_blind_palette_keeps_the_dice_apart(
    server: ServerProcess, browser: Any, tmp_path: Path
) -> None:
    page = browser.new_page(viewport=DESKTOP)
    start_game(page, server, "lucidity", "3", 14)
    standard = dice_colours(page)
    page.select_option("#palette", "cb")
    safe = dice_colours(page)
    assert safe != standard
    for matrix in (DEUTERANOPIA, PROTANOPIA):
        assert closest_pair(safe, matrix) > 80, "two dice colours look alike"
    # the standard palette's green and red come close for deuteranopes: why the option exists
    assert closest_pair(standard, DEUTERANOPIA) < closest_pair(safe, DEUTERANOPIA)
    # every die still says its colour in a letter, every player has a shape
    letters = page.locator("#board .dice .die .letter").all_inner_texts()
    assert letters and set(letters) <= set("BGYRX")
    shapes = page.locator("#seat-list .seat-shape").all_inner_texts()
    assert len(set(shapes)) == 3
    page.reload()  # the choice is remembered
    page.wait_for_selector("#your-turn, #game-over", timeout=20_000)
    assert page.input_value("#palette") == "cb"
    page.evaluate(FILTER, [list(r) for r in DEUTERANOPIA])
    page.screenshot(path=str(screenshot_path(tmp_path, "web-lucidity-deuteranopia.png")))
    page.close()


def test_number_keys_play_and_focus_lands_on_the_first_action(
    server: ServerProcess, browser: Any
) -> None:
    page = browser.new_page(viewport=PHONE)
    start_game(page, server, "lucidity", "2", 0)
    page.wait_for_selector("#your-turn")
    # focus lands on the first action once the update is drawn (the page may still be
    # rendering when "your turn" shows on a loaded machine)
    page.wait_for_function(
        """() => {
          const first = document.querySelector('#actions button');
          return first && document.activeElement === first;
        }""",
        timeout=10_000,
    )
    focused = page.evaluate("() => document.activeElement && document.activeElement.dataset.action")
    first = page.locator("#actions button").first.get_attribute("data-action")
    assert focused == first
    before = page.locator("#events li").count()
    page.keyboard.press("1")
    page.wait_for_function(
        "(n) => document.querySelectorAll('#events li').length > n", arg=before, timeout=20_000
    )
    page.close()


def test_someone_arriving_leaves_the_keyboard_on_the_chosen_action(
    server: ServerProcess, browser: Any
) -> None:
    """Another player connecting redraws everyone's table (the seat list shows who is
    there): the action a keyboard player had moved to keeps the focus."""
    import httpx2 as httpx

    made = httpx.post(
        f"{server.http}/api/tables",
        json={
            "game": "lucidity",
            "seed": 3,
            "seats": [{"kind": "human", "name": "Nina"}, {"kind": "human", "name": "Omar"}],
        },
    ).json()
    omar = NetPlayer(server.ws, made["id"], made["seats"][1]["token"])  # takes his seat
    omar.wait(lambda m: m["type"] == "update" and m["status"] == "running")
    me = omar.view["to_move"][0]  # the browser plays the seat that decides first
    other = made["seats"][1 - me]
    omar.close()  # and steps away: the game has started
    page = browser.new_page(viewport=DESKTOP)
    page.add_init_script("localStorage.setItem('oneiros:speed', '0')")
    page.goto(made["seats"][me]["url"])
    page.wait_for_selector("#your-turn")
    page.wait_for_function("() => document.querySelectorAll('#actions button').length > 1")
    page.locator("#actions button").nth(1).focus()
    chosen = page.evaluate("() => document.activeElement.dataset.action")
    omar = NetPlayer(server.ws, made["id"], other["token"])  # comes back
    try:
        omar.wait(lambda m: m["type"] == "snapshot")
        page.wait_for_function(  # the other seat no longer shows as away
            "(i) => !document.querySelectorAll('#seat-list li')[i].classList.contains('off')",
            arg=1 - me,
            timeout=10_000,
        )
        focused = page.evaluate(
            "() => document.activeElement && document.activeElement.dataset.action"
        )
        assert focused == chosen
    finally:
        omar.close()
        page.close()


def test_the_lobby_form_takes_a_few_tabs(server: ServerProcess, browser: Any) -> None:
    """Name, game, players, then "Create table": the advanced settings are folded."""
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{server.http}/")
    page.wait_for_function("() => document.querySelectorAll('#game option').length > 0")
    presses = 0
    while page.evaluate("() => document.activeElement.id") != "create":
        assert presses < 6, "Create table is more than 6 tabs away"
        page.keyboard.press("Tab")
        presses += 1
    page.keyboard.press("Enter")
    page.wait_for_url("**/t/**")
    page.close()


def axe_script() -> Path | None:
    for candidate in (
        os.environ.get("ONEIROS_AXE"),
        ROOT / "node_modules" / "axe-core" / "axe.min.js",
    ):
        if candidate and Path(candidate).is_file():
            return Path(candidate)
    return None


@pytest.mark.parametrize("where", ["lobby", "lucidity", "sleep-tight", "replay"])
def test_the_pages_pass_an_axe_core_audit(server: ServerProcess, browser: Any, where: str) -> None:
    script = axe_script()
    if script is None:
        pytest.skip("axe-core is not installed (npm install axe-core, or set ONEIROS_AXE)")
    page = browser.new_page(viewport=DESKTOP, bypass_csp=True)  # to add axe's script
    if where == "lobby":
        page.goto(f"{server.http}/")
        page.wait_for_function("() => document.querySelectorAll('#game option').length > 0")
    elif where == "replay":
        start_game(page, server, "sleep-tight", "2", 400)
        page.wait_for_selector("#game-over", timeout=20_000)
        page.click("#replay-link")
        page.wait_for_selector("text=Final:")
    else:
        start_game(page, server, where, "3", 6)
    page.add_script_tag(path=str(script))
    result = page.evaluate("async () => await axe.run(document)")
    serious = [
        (v["id"], v["help"], [n["target"] for n in v["nodes"]][:3])
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert not serious, serious
    page.close()
