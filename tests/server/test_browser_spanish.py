"""The whole web client in Spanish, in Chromium against a real server: the lobby (its form,
the games' and bots' descriptions, the bots' names), the board views of Lucidity and Sleep
Tight and the replay page (its controls, the events and the board), with screenshots at
desktop and phone size (``ONEIROS_SCREENSHOTS=docs/img`` keeps them for docs/web.md)."""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path
from typing import Any

from .browser import DESKTOP, PHONE, browser, browser_marks, screenshot_path, server
from .helpers import ServerProcess

__all__ = ["browser", "server"]  # the fixtures

pytestmark = browser_marks

SPANISH = "localStorage.setItem('oneiros:lang', 'es'); localStorage.setItem('oneiros:speed', '0')"


def post(server: ServerProcess, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(
        f"{server.http}/api/tables",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=20) as r:
        made: dict[str, Any] = json.loads(r.read())
    return made


def seat_url(server: ServerProcess, made: dict[str, Any]) -> str:
    url: str = made["seats"][0]["url"]
    return url if url.startswith("http") else f"{server.http}{url}"


def finished_table(server: ServerProcess, game: str, players: int) -> str:
    """A table the bots have played to its end (for the replay page)."""
    made = post(server, {"game": game, "players": players, "seed": 5,
                         "seats": [{"kind": "bot", "agent": "random"}] * players})  # fmt: skip
    for _ in range(300):
        with urllib.request.urlopen(f"{server.http}/api/tables/{made['id']}", timeout=20) as r:
            if json.loads(r.read())["status"] == "finished":
                return str(made["id"])
        time.sleep(0.2)
    raise AssertionError("the bots did not finish the game")


def shot(page: Any, tmp_path: Path, name: str) -> None:
    page.screenshot(path=str(screenshot_path(tmp_path, name)), full_page=True)


def english_left(text: str, words: list[str]) -> list[str]:
    return [w for w in words if w in text]


def test_the_lobby_reads_in_spanish(server: ServerProcess, browser: Any, tmp_path: Path) -> None:
    finished_table(server, "lucidity", 2)  # a finished game listed with its winner and scores
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page = browser.new_page(viewport=viewport)
        page.add_init_script(SPANISH)
        page.goto(f"{server.http}/")
        page.wait_for_function(
            "() => document.querySelector('#game-summary').textContent.includes('bolsa')",
            timeout=20_000,
        )
        assert page.evaluate("document.documentElement.lang") == "es"
        assert page.locator("#lang").input_value() == "es"
        assert page.inner_text("h1") == "Nueva mesa"
        assert page.inner_text("#create") == "Crear la mesa"
        summary = page.inner_text("#seat-summary")
        assert summary.startswith("Tú contra") and "bot prudente" in summary, summary
        page.click("#advanced summary")
        form = page.inner_text("#create-form")
        assert "Reglas" in form and "Asientos" in form and "Jugador inicial" in form
        assert "con 3-4 jugadores, usar el cuarto espacio de Sombra" in form  # an option's help
        assert english_left(form, ["Players", "Options", "Seats", "Create table", "A bot"]) == []
        first = page.locator("#opt-first_player option").all_inner_texts()
        assert first[0] == "al azar" and page.locator("#opt-first_player").input_value() in (
            "random",
            "0",
        )  # the menu reads in Spanish; the value sent stays the option's own
        agent = page.locator("[data-seat='1'][data-field='agent'] option[value='heuristic']")
        assert agent.get_attribute("title") == "el bot de reglas prácticas del propio juego"
        assert "Mesas abiertas" in page.inner_text("main")
        page.wait_for_selector("#finished-tables li:not(.muted)", timeout=20_000)
        entry = page.inner_text("#finished-tables li")
        assert "2 jugadores" in entry and "Luna (bot alocado)" in entry, entry
        assert ("ganada por" in entry or "nadie ganó" in entry) and "puntuaciones" in entry, entry
        assert page.inner_text("#finished-tables li a") == "Repetición"
        shot(page, tmp_path, f"web-lobby-es-{size}.png")
        # switching back keeps the choices made and reads in English again
        page.select_option("#players", "2")
        page.select_option("#lang", "en")
        page.wait_for_function("() => document.querySelector('h1').textContent === 'New table'")
        assert page.locator("#players").input_value() == "2"
        assert page.inner_text("#seat-summary").startswith("You against")
        page.close()


def test_the_lucidity_board_reads_in_spanish(
    server: ServerProcess, browser: Any, tmp_path: Path
) -> None:
    made = post(server, {"game": "lucidity", "players": 3, "seed": 7, "seats": [
        {"kind": "human"}, {"kind": "bot", "agent": "heuristic"}, {"kind": "bot", "agent": "random"}]})  # fmt: skip
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page = browser.new_page(viewport=viewport)
        page.add_init_script(SPANISH)
        page.goto(seat_url(server, made))
        page.wait_for_function(
            "() => document.querySelector('#board').textContent.includes('Cartas de Pesadilla')",
            timeout=20_000,
        )
        board = page.inner_text("#board")
        for word in ("Bolsa", "Recién sacados", "Cartas de Pesadilla", "sin reclamar",
                     "de Poder", "Leyenda: caras de los dados y filas"):  # fmt: skip
            assert word in board, word
        assert english_left(board, ["Bag", "Nightmare cards", "not taken", "Just drawn",
                                    "Legend", "Sleep track", " Power"]) == []  # fmt: skip
        assert page.get_attribute("#board", "aria-label") == "La mesa"  # for screen readers too
        assert page.get_attribute("#controls", "aria-label") == "Tu decisión"
        seats = page.inner_text("#seat-list")
        assert "(bot prudente)" in seats and "(bot alocado)" in seats, seats
        die_title = page.locator("#board .bag .chip").first.get_attribute("title") or ""
        assert die_title.startswith("En la bolsa:"), die_title
        shot(page, tmp_path, f"web-lucidity-board-es-{size}.png")
        page.close()


def test_the_sleep_tight_board_reads_in_spanish(
    server: ServerProcess, browser: Any, tmp_path: Path
) -> None:
    made = post(server, {"game": "sleep-tight", "players": 3, "seed": 3, "seats": [
        {"kind": "human"}, {"kind": "bot", "agent": "heuristic"}, {"kind": "bot", "agent": "heuristic"}]})  # fmt: skip
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page = browser.new_page(viewport=viewport)
        page.add_init_script(SPANISH)
        page.goto(seat_url(server, made))
        page.wait_for_function(
            "() => document.querySelector('#board').textContent.includes('Hombre de Arena')",
            timeout=20_000,
        )
        page.wait_for_selector("#board .my-hand .card", timeout=20_000)
        board = page.inner_text("#board")
        for word in ("Mazo del Hombre de Arena", "Ronda", "Fase:", "Tu mano", "Fragmentos de Alma",
                     "cartas en la mano"):  # fmt: skip
            assert word in board, word
        assert english_left(board, ["Sandman deck", "Round", "Your hand", "cards in hand",
                                    "Soul Fragment"]) == []  # fmt: skip
        shot(page, tmp_path, f"web-sleep-tight-board-es-{size}.png")
        page.close()


def test_the_replay_page_reads_in_spanish(
    server: ServerProcess, browser: Any, tmp_path: Path
) -> None:
    table = finished_table(server, "lucidity", 2)
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page = browser.new_page(viewport=viewport)
        page.add_init_script(SPANISH)
        page.goto(f"{server.http}/replay/{table}")
        page.wait_for_selector("text=Final:", timeout=20_000)
        page.wait_for_function(
            "() => document.querySelector('#board').textContent.includes('Bolsa')",
            timeout=20_000,
        )
        labels = page.locator(".replay-nav button").all_inner_texts()
        assert labels == ["Primera", "Turno anterior", "Retroceder una acción", "Reproducir",
                          "Avanzar una acción", "Turno siguiente", "Última"]  # fmt: skip
        assert page.inner_text("#title").endswith("· repetición")
        assert page.inner_text("#step-label").startswith("Acción ")
        assert page.inner_text("h2[data-i18n]") == "Sucesos"
        events = page.inner_text("#events")
        assert "saca" in events and "draws" not in events  # the events in Spanish
        assert "; gana " in page.inner_text("#status") or "nadie" in page.inner_text("#status")
        page.click("#first")
        page.wait_for_function(
            "() => document.querySelector('#step-label').textContent.startsWith('Acción 0 ')"
        )
        page.click("#next")
        page.wait_for_function(
            "() => document.querySelector('#last-move').textContent.startsWith('Este paso:')"
        )
        shot(page, tmp_path, f"web-replay-es-{size}.png")
        page.close()


def test_the_etherfields_board_reads_in_spanish(
    server: ServerProcess, browser: Any, tmp_path: Path
) -> None:
    made = post(server, {"game": "etherfields", "players": 2, "seed": 1,
                         "seats": [{"kind": "human"}, {"kind": "bot", "agent": "heuristic"}]})  # fmt: skip
    page = browser.new_page(viewport=DESKTOP)
    page.add_init_script(SPANISH)
    page.goto(seat_url(server, made))
    page.wait_for_function(
        "() => document.querySelector('#board').textContent.includes('Paisaje onírico')",
        timeout=20_000,
    )
    board = page.inner_text("#board")
    for word in ("Turno", "Horas", "Reserva de Angustia", "Entidades", "Objetos activos",
                 "Almacén", "Angustia", "Éter", "Gemas"):  # fmt: skip
        assert word in board, word
    assert english_left(board, ["Dreamscape", "Entities", "Active Items", "Storage",
                                "Distress", "Turn cards left"]) == []  # fmt: skip
    assert page.get_attribute("#board svg.ef-map", "aria-label") == "El mapa del Paisaje onírico"
    assert "Elige tu espacio de entrada" in page.inner_text("#prompt")
    shot(page, tmp_path, "web-etherfields-board-es-desktop.png")
    page.close()
