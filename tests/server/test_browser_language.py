"""The language switch of the web table, in Chromium against a real server: a Lucidity
table read in Spanish (the prompt, the choices, the events, the page's own words, a rule
text), kept after a reload, and the lucidity-es rule set opening in Spanish."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

from .browser import DESKTOP, PHONE, browser, browser_marks, screenshot_path, server
from .helpers import ServerProcess

__all__ = ["browser", "server"]  # the fixtures

pytestmark = browser_marks


def new_table(server: ServerProcess, ruleset: str = "en") -> str:
    body = {
        "game": "lucidity",
        "players": 3,
        "ruleset": ruleset,
        "seed": 7,
        "seats": [{"kind": "human"}, {"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "random"}],
    }  # fmt: skip
    req = urllib.request.Request(
        f"{server.http}/api/tables",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=20) as r:
        made = json.loads(r.read())
    url: str = made["seats"][0]["url"]
    return url if url.startswith("http") else f"{server.http}{url}"


def test_a_player_switches_the_table_to_spanish(
    server: ServerProcess, browser: Any, tmp_path: Path
) -> None:
    page = browser.new_page(viewport=DESKTOP)
    page.add_init_script("localStorage.setItem('oneiros:speed', '0')")
    page.goto(new_table(server))
    page.wait_for_selector("#actions button:not([disabled])", timeout=20_000)
    assert page.locator("#prompt").inner_text().startswith("Choose your sleep track")
    page.select_option("#lang", "es")
    page.wait_for_function(
        "() => document.querySelector('#prompt').textContent.startsWith('Elige tu pista de sueño')",
        timeout=20_000,
    )
    assert page.evaluate("document.documentElement.lang") == "es"
    assert page.locator("h2", has_text="Jugadores").count() == 1
    assert "Elegir la pista de sueño 3-5-7" in page.locator("#actions").inner_text()
    page.screenshot(
        path=str(screenshot_path(tmp_path, "web-lucidity-es-desktop.png")), full_page=True
    )
    # the rule behind the decision opens in Spanish
    page.locator("#prompt .rule-link").click()
    page.wait_for_function(
        "() => document.querySelector('#rule-body').textContent.includes('pistas de sueño')",
        timeout=20_000,
    )
    page.locator("#rule-close").click()
    # a move: its events come in Spanish, the seat names in place of "asiento N"
    page.locator("#actions button").first.click()
    page.wait_for_function(
        "() => /saca un sueño/.test(document.querySelector('#events').textContent)",
        timeout=20_000,
    )
    assert "asiento" not in page.locator("#events").inner_text().lower()
    # the choice is kept in this browser
    page.reload()
    page.wait_for_function(
        "() => document.documentElement.lang === 'es' && "
        "document.querySelector('h2[data-i18n]').textContent === 'Jugadores'",
        timeout=20_000,
    )
    page.select_option("#lang", "en")
    page.wait_for_function(
        "() => document.querySelector('#events').textContent.includes('draws a')",
        timeout=20_000,
    )
    page.close()


def test_the_spanish_rule_set_opens_in_spanish(
    server: ServerProcess, browser: Any, tmp_path: Path
) -> None:
    page = browser.new_page(viewport=PHONE)
    page.goto(new_table(server, ruleset="es"))
    page.wait_for_function(
        "() => document.querySelector('#prompt').textContent.startsWith('Elige tu pista de sueño')",
        timeout=20_000,
    )
    assert page.locator("#lang").input_value() == "es"
    assert page.evaluate("document.documentElement.lang") == "es"
    page.screenshot(
        path=str(screenshot_path(tmp_path, "web-lucidity-es-phone.png")), full_page=True
    )
    page.close()
