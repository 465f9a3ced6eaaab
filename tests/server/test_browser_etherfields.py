"""Etherfields at the web table, in Chromium: the lobby offers it, the table draws the
Dreamscape map in SVG with the panels of the terminal (the Turn card and Hours, the
Entities and their Morphings, each Dreamer's Distress, Ether, Gems and piles, the hand with
its Intent), at desktop and phone sizes, and a player plays by clicking spaces
(``space:<ref>``, ``step:<dir>``) and buttons against a bot."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

from .browser import (
    DESKTOP,
    PHONE,
    Messages,
    browser,
    browser_marks,
    screenshot_path,
    seats,
    server,
)
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


SEED = 1
"""The first test's table: its deal has a card in the hand that pays for the Move before a
step is offered (not every deal does: seed 6 pays by a button, so the test could not click
a card)."""


JOURNEY_SEED = 0
"""The journey's table: played with the plain choices below against the heuristic bot, it
goes through three Slumbers to the Delta Phase and a victory in 16 of the player's moves.
(Without a seed the lobby's deals differ: many end in a Dreamer's 8th Distress after 60
and more moves, and the test's time with them.)"""


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


def click_action(page: Any, action: str) -> bool:
    """Click the action's button; False when it went away first (a bot's move or the
    server's next view redrew the choices between reading them and clicking), so the
    caller reads the choices again instead of waiting for a button that will not come."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.click(f"#actions button[data-action='{action}']:not([disabled])", timeout=5_000)
    except PlaywrightTimeout:
        return False
    return True


def fixed_seed(page: Any, seed: int) -> None:
    """The table the lobby creates gets ``seed`` (the lobby sends none, so every deal would
    differ and a test could not count on what its deal offers)."""

    def add_seed(route: Any) -> None:
        request = route.request
        if request.method != "POST":
            route.continue_()
            return
        body = json.loads(request.post_data or "{}")
        route.continue_(post_data=json.dumps({**body, "seed": seed}))

    page.route("**/api/tables", add_seed)


def against_a_bot(page: Any) -> None:
    """From the lobby (its menu filled): a 2-player Etherfields table against the heuristic
    bot, open at the player's first decision."""
    page.select_option("#game", "etherfields")
    page.select_option("#players", "2")
    page.click("#advanced summary")
    page.select_option("[data-seat='1'][data-field='agent']", "heuristic")
    page.click("#create")
    page.wait_for_url("**/t/**")
    page.wait_for_selector("#your-turn", timeout=20_000)


def test_etherfields_table_draws_the_map_and_plays_by_clicking(
    server: ServerProcess, browser: Any, tmp_path: Path
) -> None:
    page = instant(browser.new_page(viewport=DESKTOP))
    fixed_seed(page, SEED)  # its deal offers a card that pays, then a step by clicking
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server.http}/")
    # the lobby fills its menu from /api/games once the page has loaded
    page.wait_for_function("() => document.querySelectorAll('#game option').length > 0")
    offered = page.eval_on_selector_all("#game option", "os => os.map(o => o.value)")
    assert "etherfields" in offered
    page.fill("#my-name", "Ada")
    against_a_bot(page)

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
    page.wait_for_function(
        "() => document.querySelector('#board .ef-head').textContent.includes('Turn card of ')",
        timeout=20_000,
    )
    head = page.inner_text("#board .ef-head")
    assert "Turn card of " in head and "Hours" in head and "Distress pool" in head
    assert "T-0" not in head and "T-1" not in head  # a Turn card by its suit and steps
    # a map action by its printed words, never its id ("ladder")
    page.wait_for_function(  # once the table's glossary names the cards
        "() => document.querySelector('#board .ef-map').textContent.includes(' Climb the la')",
        timeout=20_000,
    )
    drawn = page.evaluate("document.querySelector('#board .ef-map').textContent")
    assert "★ ladder" not in drawn and "· ladder" not in drawn  # (· once used)
    assert page.locator("#board .ef-dreamer").count() == 2
    mine = page.inner_text("#board .ef-dreamer >> nth=0")
    for word in ("Distress", "Ether", "Gems", "deck", "discard", "sealed"):
        assert word in mine
    # the back on top of each deck, seen by all ("Influence Cards"): a Dream's starting deck
    # holds its Dreamer's own starting cards alone, so it shows that Dreamer's back
    for k in range(2):
        panel = page.locator("#board .ef-dreamer").nth(k)
        name = panel.locator(".mat-head .pill").first.inner_text()
        back = panel.locator(".ef-back")
        assert back.count() == 1 and back.inner_text() == f"back: {name}", name
        tip = back.get_attribute("title") or ""
        assert "seen by everyone" in tip and "back-of-card action" in tip
    page.locator("#board .ef-dreamer >> nth=0").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_path(tmp_path, "web-etherfields-deck-back.png")))
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
        if click_action(page, pick):
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


def test_the_choices_stay_off_while_a_move_is_on_its_way_whatever_redraws_the_table(
    server: ServerProcess, browser: Any
) -> None:
    """The glossary (card names) may arrive after the player has clicked: the table is drawn
    again then, and the choices of the decision already answered must stay off until the
    server's answer (they once came back on, so a test read the board before the move)."""
    page = instant(browser.new_page(viewport=DESKTOP))
    glossary: list[Any] = []
    page.route("**/glossary*", lambda route: glossary.append(route))  # held: answered later
    held: list[str] = []
    holding = [False]
    sockets: list[Any] = []

    def on_socket(ws: Any) -> None:  # the real server, its messages held while asked to
        real = ws.connect_to_server()
        ws.on_message(lambda m: real.send(m))
        real.on_message(lambda m: held.append(m) if holding[0] else ws.send(m))
        sockets.append(ws)

    page.route_web_socket(re.compile(r".*/ws/.*"), on_socket)
    page.goto(f"{server.http}/")
    page.wait_for_function("() => document.querySelectorAll('#game option').length > 0")
    against_a_bot(page)
    assert glossary, "the table asked for no glossary"
    body = urllib.request.urlopen(glossary[0].request.url, timeout=20).read()
    entrance = page.eval_on_selector_all(
        "#board .space.playable", "ns => ns.map(n => n.dataset.ref)"
    )[0]
    holding[0] = True
    page.click(f"#board .space.playable[data-ref='{entrance}']")
    for route in glossary:
        route.fulfill(status=200, body=body, content_type="application/json")
    page.wait_for_function(  # drawn again with the glossary's names
        "() => document.querySelector('#board .ef-map').textContent.includes(' Climb the la')",
        timeout=20_000,
    )
    offered = page.eval_on_selector_all("#actions button", "bs => bs.map(b => b.disabled)")
    assert offered and all(offered), "a choice came back on before the answer"
    assert page.evaluate(MY_SPACE) is None
    holding[0] = False
    for message in held:
        sockets[-1].send(message)
    answered(page)
    assert page.evaluate(MY_SPACE) == entrance
    page.close()


PLAIN = ("continue", "pass", "done", "stop", "delta:cure", "resolve", "give-up")
"""The choices that move a Slumber on without a plan (play on, pass, the first option)."""


def quirk_frames(upto: str) -> list[str]:
    """The table messages of Ada (seat 0) in a journey after A Quiet Stream: A Bench in the
    Fog (F-02) draws Sunken Square (SM-3, at B2) and lies in its Quirk space B2.1 ("Fate
    Cards"); ``upto``: ``start`` (before the Fate card) or ``quirk`` (the Quirk placed)."""
    from tests.etherfields.slumber_play import drive
    from tests.etherfields.test_slumber_rules import _journey_after_first_slumber

    s = _journey_after_first_slumber()
    msgs = Messages(s, 0, seats([("human", "Ada"), ("bot", None)]))
    frames = [msgs.next("snapshot")]
    if upto == "quirk":
        s.apply("continue", player=s.first)
        drive(s, "map_tile_draw", {"fate_draw": ["fate:F-02"]})
        frames.append(msgs.next())
        s.apply("tile:SM-3")
        s.apply("space:B2.1", player=s.first)
        frames.append(msgs.next())
    return frames


def new_table(server: ServerProcess, browser: Any) -> str:
    """The address of a new 2-player Etherfields table Ada created from the lobby (a real
    table, whose glossary names the cards, for ``scripted`` to open)."""
    page = instant(browser.new_page(viewport=DESKTOP))
    page.goto(f"{server.http}/")
    page.fill("#my-name", "Ada")
    page.select_option("#game", "etherfields")
    page.select_option("#players", "2")
    page.click("#create")
    page.wait_for_url("**/t/**")
    url = str(page.url)
    page.close()
    return url


def scripted(browser: Any, url: str, frames: list[str], viewport: dict[str, int]) -> Any:
    """The table page at ``url`` (a real table: its glossary names the cards) whose
    WebSocket answers the hello with ``frames``."""
    page = instant(browser.new_page(viewport=viewport))

    def on_socket(ws: Any) -> None:
        def on_message(message: str | bytes) -> None:
            if json.loads(message).get("type") == "hello":
                for frame in frames:
                    ws.send(frame)

        ws.on_message(on_message)

    page.route_web_socket(re.compile(r".*/ws/.*"), on_socket)
    page.goto(url)
    page.wait_for_selector("#board svg.ef-map", timeout=20_000)
    return page


NAMED = """() => {
  const t = document.querySelector("#board .space[data-ref='B2.1'] title");
  return t && t.textContent.includes("A Bench in the Fog");
}"""
TILES = "() => [...document.querySelectorAll('#board .ef-map .tile')].map(t => t.dataset.tile)"


def test_a_journey_from_the_lobby_menu_plays_to_the_end_and_the_map_grows(
    server: ServerProcess, browser: Any, tmp_path: Path
) -> None:
    page = instant(browser.new_page(viewport=DESKTOP))
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server.http}/")
    page.fill("#my-name", "Ada")
    page.select_option("#game", "etherfields")
    page.select_option("#players", "2")
    page.click("#advanced summary")
    # the scenario option is a menu of the pack's Dreams, Slumbers and a journey, by name
    menu = page.eval_on_selector_all(
        "#opt-scenario option", "os => os.map(o => [o.value, o.textContent])"
    )
    assert ["dream:OD-01X", "Dream: The Clockwork Orchard"] in menu
    assert ["slumber:OS-03", "Slumber: The Hollow Lamplighter"] in menu
    assert menu[-1] == ["journey", "Journey: Slumbers up to the Delta Phase"]
    page.select_option("#opt-scenario", "journey")
    page.select_option("[data-seat='1'][data-field='agent']", "heuristic")
    fixed_seed(page, JOURNEY_SEED)
    page.click("#create")
    page.wait_for_url("**/t/**")
    table_url = page.url
    page.wait_for_selector("#your-turn", timeout=20_000)
    assert "Slumber Dreamscape" in page.inner_text("#board .ef-dreamscape h2")
    assert sorted(page.evaluate(TILES)) == ["SM-S1", "SM-S2"]  # the 2 Setup tiles
    assert "Journey" in page.inner_text("#board .ef-slumber")

    # the Slumber Entrance: any space of the Setup tiles; then play on plainly to the end
    for _ in range(400):
        wait_turn(page)
        if page.locator("#game-over").count():
            break
        ids = buttons(page)
        if not ids:
            continue
        pick = next((a for a in PLAIN if a in ids), None)
        pick = pick or next((a for a in ids if a.startswith("space:")), ids[0])
        if click_action(page, pick):
            answered(page)
    assert page.locator("#game-over").count(), "the journey did not end in 400 clicks"
    ends = page.inner_text("#board")
    # the journey ends (here after three Slumbers won; with a Dreamer's 8th Distress on
    # other deals), and the board says so
    assert "The journey ends" in ends and "Journey" in ends
    assert "The journey ends" in page.inner_text("#status")
    page.screenshot(path=str(tmp_path / "web-etherfields-journey-end.png"))
    assert not errors, errors
    page.close()

    # a Fate card places a tile: the map grows by it, and its Quirk lies on its space
    before = scripted(browser, table_url, quirk_frames("start"), DESKTOP)
    assert sorted(before.evaluate(TILES)) == ["SM-S1", "SM-S2"]
    assert before.locator("#board .ef-map .quirk").count() == 0
    before.close()
    after = scripted(browser, table_url, quirk_frames("quirk"), DESKTOP)
    after.wait_for_selector("#board .ef-map .quirk", timeout=20_000)
    after.wait_for_function(NAMED, timeout=20_000)  # the table's glossary names the cards
    assert sorted(after.evaluate(TILES)) == ["SM-3", "SM-S1", "SM-S2"]
    assert after.locator("#board .ef-map .space[data-ref^='B2.']").count() == 4
    quirk = after.locator("#board .space[data-ref='B2.1'] .quirk")
    assert quirk.count() == 1 and quirk.get_attribute("data-card") == "F-02"
    title = after.locator("#board .space[data-ref='B2.1'] title").text_content() or ""
    assert "Quirk of A Bench in the Fog" in title and "removes 1 Distress" in title
    assert after.locator("#board .space[data-ref='B1.3'] .quirk-slot").count() == 1
    assert "Sunken Square" in after.inner_text("#board .ef-dreamscape")  # the tile's name
    panel = after.inner_text("#board .ef-slumber")
    assert "Quirk at B2.1: A Bench in the Fog" in panel and "A Quiet Stream" in panel
    # the picture a player sees: the journey so far, the Quirks and the grown map (docs/img)
    after.set_viewport_size({"width": DESKTOP["width"], "height": 1000})
    after.evaluate(
        "() => { document.querySelector('#board .ef-slumber').scrollIntoView();"
        " window.scrollBy(0, -70); }"
    )
    after.screenshot(path=str(screenshot_path(tmp_path, "web-etherfields-slumber.png")))
    after.set_viewport_size(PHONE)
    after.wait_for_timeout(200)
    width = after.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the table is wider than a phone screen: {width}"
    after.close()


def progress_frames() -> list[str]:
    """The table messages of Ada (seat 1) once Dreamer 0 has Wound Spring flipped face down,
    Dread Weight (a Flaw) in the Progress zone and the Cog Sparrow summoned on B2.3
    ("Progress Influence Cards", "Flaws", "Companions")."""
    from tests.etherfields.test_render import _flawed_and_flipped

    s = _flawed_and_flipped()
    return [Messages(s, 1, seats([("bot", None), ("human", "Ada")])).next("snapshot")]


def test_flipped_progress_flaws_and_companions_on_the_web_table(
    server: ServerProcess, browser: Any, tmp_path: Path
) -> None:
    table_url = new_table(server, browser)
    table = scripted(browser, table_url, progress_frames(), DESKTOP)
    errors: list[str] = []
    table.on("pageerror", lambda exc: errors.append(str(exc)))
    table.wait_for_function(
        "() => (document.querySelector('#board .ef-dreamer .ef-progress') || {}).textContent"
        "?.includes('Wound Spring')",
        timeout=20_000,
    )
    progress = table.inner_text("#board .ef-dreamer .ef-progress")
    assert "Wound Spring (face down)" in progress and "Dread Weight (Flaw)" in progress
    assert "Brass Whistle (face down)" not in progress
    assert table.locator("#board .ef-progress .ef-placed.flipped").count() == 1
    assert table.locator("#board .ef-progress .ef-placed.flaw").count() == 1
    sparrow = table.locator("#board .ef-map .mini.companion")
    assert sparrow.count() == 1 and sparrow.get_attribute("data-companion") == "cog-sparrow"
    title = table.locator("#board .ef-map .mini.companion title").text_content() or ""
    assert title == "Companion Cog Sparrow at B2.3"
    table.locator("#board .ef-dreamer >> nth=0").scroll_into_view_if_needed()
    table.screenshot(path=str(screenshot_path(tmp_path, "web-etherfields-progress.png")))
    assert not errors, errors
    table.close()


def plain_back_frames() -> list[str]:
    """The table messages of Ada (seat 1) once the Dicer (Dreamer 0) gained the Market card
    Early Dawn and reshuffled, and its plain back shows on top of her deck ("Influence
    Cards"); the Tinkerer's starting deck shows his own back."""
    from tests.etherfields.builder import play, position, run_effect

    s = position(2, decks={0: ["s01", "s02"]}, discards={0: ["s03"]})
    run_effect(s, "gain_card('m-early-dawn')")
    run_effect(s, "reshuffle")
    play(s, "back:plain")
    return [Messages(s, 1, seats([("bot", None), ("human", "Ada")])).next("snapshot")]


def test_the_back_on_top_of_each_deck_reads_as_at_the_table(
    server: ServerProcess, browser: Any, tmp_path: Path
) -> None:
    table_url = new_table(server, browser)
    table = scripted(browser, table_url, plain_back_frames(), DESKTOP)
    errors: list[str] = []
    table.on("pageerror", lambda exc: errors.append(str(exc)))
    table.wait_for_function(  # once the table's glossary names the Dreamers
        "() => [...document.querySelectorAll('#board .ef-back')]"
        ".some((b) => b.textContent === 'back: Tinkerer')",
        timeout=20_000,
    )
    backs = table.eval_on_selector_all("#board .ef-back", "bs => bs.map(b => b.textContent)")
    assert backs == ["back: Tinkerer", "back: plain"]  # Ada's own panel first
    table.locator("#board .ef-dreamer >> nth=0").scroll_into_view_if_needed()
    table.screenshot(path=str(screenshot_path(tmp_path, "web-etherfields-plain-back.png")))
    assert not errors, errors
    table.close()
    # in Spanish, as the terminal says it ("dorso: liso")
    spanish = [json.dumps({**json.loads(f), "lang": "es"}) for f in plain_back_frames()]
    table = scripted(browser, table_url, spanish, DESKTOP)
    table.wait_for_function(
        "() => [...document.querySelectorAll('#board .ef-back')].map(b => b.textContent)"
        ".join('|').endsWith('|dorso: liso')",
        timeout=20_000,
    )
    mine = table.locator("#board .ef-back").first
    assert (mine.inner_text() or "").startswith("dorso: ")  # the Tinkerer, by his Spanish name
    assert "lo ve todo el mundo" in (mine.get_attribute("title") or "")
    table.locator("#board .ef-dreamer >> nth=0").scroll_into_view_if_needed()
    table.screenshot(path=str(screenshot_path(tmp_path, "web-etherfields-plain-back-es.png")))
    table.close()
