"""Undo at the table page, in Chromium: the button appears only when the server allows it,
the key ``u`` takes the move (and the bot's reply) back, and the page says so."""

from __future__ import annotations

from typing import Any

import httpx2 as httpx

from .browser import DESKTOP, browser, browser_marks, server
from .helpers import ServerProcess
from .test_undo import SEED, SOLO

__all__ = ["browser", "server"]  # the fixtures

pytestmark = browser_marks


def test_undo_a_move_against_a_bot_with_the_button_and_the_key(
    server: ServerProcess, browser: Any
) -> None:
    made = httpx.post(
        f"{server.http}/api/tables",
        json={"game": "pebbles", "players": 2, "seed": SEED, "seats": SOLO},
    ).json()
    token = made["seats"][0]["token"]
    page = browser.new_page(viewport=DESKTOP)
    page.add_init_script("localStorage.setItem('oneiros:speed', '0')")  # the bot's moves at once
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server.http}/t/{made['id']}#token={token}")
    page.wait_for_selector("#actions button[data-action='bet:odd']", timeout=20_000)
    assert page.locator("#undo").is_hidden()  # nothing to take back yet
    page.click("#actions button[data-action='bet:odd']")
    page.wait_for_selector("#actions button[data-action='stop']", timeout=20_000)
    # the bet showed Luna the bot's secret bet: no undo offered
    assert page.locator("#undo").is_hidden()
    page.click("#actions button[data-action='stop']")
    # Luna banked, the bot banked (pebbles "Turn"), Luna decides again: undo is offered
    page.wait_for_selector("#undo:not([hidden])", timeout=20_000)
    page.wait_for_function(
        "() => document.querySelectorAll('#events li').length >= 7"
        " && document.querySelector(\"#actions button[data-action='stop']\")",
        timeout=20_000,
    )
    assert page.locator("#events").inner_text().count("banks 0") == 2
    page.keyboard.press("u")
    page.wait_for_selector("#toast:has-text('You took back a move')", timeout=20_000)
    page.wait_for_function(
        "() => !document.querySelector('#events').innerText.includes('banks 0')",
        timeout=20_000,
    )
    assert page.locator("#undo").is_hidden()  # the bet before it cannot be taken back
    # the game goes on from the position before the bank
    page.click("#actions button[data-action='stop']")
    page.wait_for_function(
        "() => document.querySelector('#events').innerText.includes('banks 0')",
        timeout=20_000,
    )
    assert not errors, errors
