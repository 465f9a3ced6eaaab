"""Etherfields at the web table, in Chromium: the lobby offers it, the table draws the
Dreamscape map in SVG with the panels of the terminal (the Turn card and Hours, the
Entities and their Morphings, each Dreamer's Distress, Ether, Gems and piles, the hand with
its Intent), at desktop and phone sizes, and a player plays by clicking spaces
(``space:<ref>``, ``step:<dir>``) and buttons against a bot."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .browser import DESKTOP, PHONE, browser, browser_marks, screenshot_path, server
from .helpers import ServerProcess
from .test_browser import instant

__all__ = ["browser", "server"]  # the fixtures

pytestmark = browser_marks

MY_SPACE = """() => {
  const t = document.querySelector("#board .mini.dreamer[data-owner='0'] title");
  return t ? t.textContent.split(" at ").pop() : null;
}"""

ONE_PAYMENT = """(legal) => {
  const cards = [...document.querySelectorAll('#board .ef-hand .card')];
  const k = cards.findIndex((c) => c.classList.contains('playable') &&
    (c.dataset.actions || '').split(' ').filter((a) => legal.includes(a)).length === 1);
  return k < 0 ? null : k;
}"""


def wait_turn(page: Any) -> None:
    page.wait_for_selector("#game-over, #actions button:not([disabled])", timeout=20_000)


def answered(page: Any) -> None:
    page.wait_for_function(
        "() => document.querySelector('#game-over')"
        " || !document.querySelector('#actions button[disabled]')",
        timeout=20_000,
    )
    wait_turn(page)


def buttons(page: Any) -> list[str]:
    return page.eval_on_selector_all(
        "#actions button:not([disabled])", "bs => bs.map(b => b.dataset.action)"
    )


def test_etherfields_table_draws_the_map_and_plays_by_clicking(
    server: ServerProcess, browser: Any, tmp_path: Path
) -> None:
    page = instant(browser.new_page(viewport=DESKTOP))
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server.http}/")
    offered = page.eval_on_selector_all("#game option", "os => os.map(o => o.value)")
    assert "etherfields" in offered
    page.fill("#my-name", "Ada")
    page.select_option("#game", "etherfields")
    page.select_option("#players", "2")
    page.click("#advanced summary")
    page.select_option("[data-seat='1'][data-field='agent']", "heuristic")
    page.click("#create")
    page.wait_for_url("**/t/**")
    page.wait_for_selector("#your-turn", timeout=20_000)

    # the Dreamers' Entrance ("Dreamer's Entrance"): the legal spaces are lit on the map
    assert page.locator("#board svg.ef-map .space").count() >= 4
    lit = page.eval_on_selector_all(
        "#board .space.playable", "ns => ns.map(n => 'space:' + n.dataset.ref).sort()"
    )
    assert lit and lit == sorted(a for a in buttons(page) if a.startswith("space:"))
    assert page.locator("#board .space.blocked").count() >= 1  # the pack's tile A has one
    entrance = lit[0].split(":", 1)[1]
    page.click(f"#board .space.playable[data-ref='{entrance}']")
    answered(page)
    assert page.evaluate(MY_SPACE) == entrance

    # the panels of the terminal, once the Dreamers Phase has dealt the hands
    head = page.inner_text("#board .ef-head")
    assert "Turn card T-" in head and "Hours" in head and "Distress pool" in head
    assert page.locator("#board .ef-dreamer").count() == 2
    mine = page.inner_text("#board .ef-dreamer >> nth=0")
    for word in ("Distress", "Ether", "Gems", "deck", "discard", "sealed"):
        assert word in mine
    assert page.locator("#board .ef-hand .card").count() >= 1
    assert page.locator("#board .ef-hand .ef-intent").count() >= 1  # every card shows Intent
    assert "Morphings" in page.inner_text("#board .ef-entities")
    log = page.inner_text("#events")
    assert "Ada" in log and not re.search(r"Dreamer \d", log), log  # players by name
    page.screenshot(path=str(screenshot_path(tmp_path, "web-etherfields-desktop.png")))

    # a button (the Basic Actions card's Move), then a step by clicking the space
    moved = paid_by_card = False
    for _ in range(40):
        ids = buttons(page)
        if page.locator("#game-over").count() or not ids:
            break
        steps = page.eval_on_selector_all(
            "#board .space.playable",
            "ns => ns.map(n => n.dataset.actions.split(' ').find(a => a.startsWith('step:')))"
            ".filter(Boolean)",
        )
        if steps:
            before = page.evaluate(MY_SPACE)
            target = page.locator(f"#board .space.playable[data-actions*='{steps[0]}']")
            assert steps[0] in ids and target.count() == 1
            goal = target.get_attribute("data-ref")
            target.click()
            answered(page)
            assert page.evaluate(MY_SPACE) == goal != before
            moved = True
            break
        pays = [a for a in ids if a.startswith("pay:")]
        if pays and not paid_by_card:
            # a card in the hand that stands for exactly one legal payment plays it
            k = page.evaluate(ONE_PAYMENT, ids)
            if k is not None:
                held = page.locator("#board .ef-hand .card").count()
                page.locator("#board .ef-hand .card").nth(k).click()
                answered(page)
                assert page.locator("#board .ef-hand .card").count() == held - 1
                paid_by_card = True
                continue
        pick = next(
            (a for a in ("use:basic:move", *pays[:1], "resolve", "done", "pass") if a in ids),
            ids[0],
        )
        page.click(f"#actions button[data-action='{pick}']")
        answered(page)
    assert moved, "no move by clicking a space"
    assert paid_by_card, "no payment by clicking a card"

    # a phone-sized screen: the map fits, nothing scrolls sideways
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(200)
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the table is wider than a phone screen: {width}"
    box = page.locator("#board svg.ef-map").bounding_box()
    assert box and box["width"] <= PHONE["width"] and box["height"] > 100
    # the picture a player sees: the Turn card, the Hours and the map (docs/img)
    page.evaluate(
        "() => { document.querySelector('#board .ef-head').scrollIntoView();"
        " window.scrollBy(0, -60); }"
    )
    page.screenshot(path=str(screenshot_path(tmp_path, "web-etherfields-phone.png")))
    assert not errors, errors
    page.close()
