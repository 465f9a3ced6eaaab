"""The table as a player sees it, in Chromium: the dice a legal action names, a dead player's
moment and the pace of the others' moves, names and colours, rule and card texts.

Positions come from the games' scenario helpers; a page whose WebSocket Playwright replaces
receives the messages the server would send for them (``tests/server/browser.py``)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from oneiros.core import CHANCE
from tests.lucidity.helpers import give, legal, make_nightmare, new, play
from tests.sleep_tight.helpers import reveal
from tests.sleep_tight.scenario import scenario

from .browser import (
    DESKTOP,
    PHONE,
    Messages,
    browser,
    browser_marks,
    click_any_action,
    screenshot_path,
    seats,
    server,
)
from .helpers import NetPlayer, ServerProcess, play_until

__all__ = ["browser", "server"]  # the fixtures

pytestmark = browser_marks

RENDER = """async ([msg, legal]) => {
  const views = await import('/static/js/views/index.js');
  const pieces = await import('/static/js/pieces.js');
  document.body.innerHTML = '<main id="board"></main><div id="actions"></div>';
  const board = document.getElementById('board');
  views.renderBoard(board, msg, {seats: msg.seats, players: msg.seats.length, legal: new Set(legal), cards: {}});
  window.acted = []; window.pointed = [];
  pieces.markPlayable(board, legal, (id) => window.acted.push(id), (ids) => window.pointed.push(ids));
  return [...board.querySelectorAll('.playable')].map((n) => ({
    owner: n.dataset.owner ?? null, label: n.getAttribute('title'),
    ambiguous: n.classList.contains('ambiguous')}));
}"""


def envy_position() -> Any:
    """lucidity-en "Shadow of Envy": seat 0 rolled a green shadow; seat 1 picks a dream on
    seat 0's card. Both cards hold a red 2-Power dream."""
    s = new(3)
    give(s, 0, "power", "red:power2")
    give(s, 1, "power", "red:power2")
    play(s, "track:3-5-7", "draw:green", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:shadow")
    assert s.to_move() == (1,) and s.decision().rule == 'lucidity-en "Shadow of Envy"'
    return s


def render(page: Any, server: ServerProcess, state: Any, seat: int, ids: list[str]) -> Any:
    page.goto(f"{server.http}/healthz")
    msg = json.loads(Messages(state, seat, seats([("human", "Ada")] * 3)).next("snapshot"))
    return page.evaluate(RENDER, [msg, ids])


def test_envy_pick_highlights_only_the_dice_on_the_card_the_ids_name(
    server: ServerProcess, browser: Any
) -> None:
    s = envy_position()
    page = browser.new_page(viewport=PHONE)
    engine_ids = legal(s)
    # the ids naming the seat whose card the die is on (pick:seat0:...), whichever form the
    # engine uses: the view reads the seat from the id, not from its own idea of the pick
    named = [i if "seat" in i else i.replace("pick:", "pick:seat0:", 1) for i in engine_ids]
    lit = render(page, server, s, 1, named)
    assert lit and {p["owner"] for p in lit} == {"0"}, lit
    assert sorted(p["label"] for p in lit) == ["green dream: shadow", "red dream: 2 Power"]
    page.locator(".playable[title='red dream: 2 Power']").click()
    assert page.evaluate("window.acted") == [n for n in named if ":red:" in n]
    # ids that name no seat fit a die on both cards: both are marked ambiguous, and a click
    # only points at the buttons instead of acting on a die the player may not mean
    if not any("seat" in i for i in engine_ids):
        lit = render(page, server, s, 1, engine_ids)
        reds = [p for p in lit if p["label"] == "red dream: 2 Power"]
        assert {p["owner"] for p in reds} == {"0", "1"} and all(p["ambiguous"] for p in reds)
        page.locator(".playable[data-owner='1'][title='red dream: 2 Power']").click()
        assert page.evaluate("window.acted") == [] and page.evaluate("window.pointed")
    page.close()


def test_own_card_actions_light_only_your_own_dice(server: ServerProcess, browser: Any) -> None:
    """lucidity-en "Re-rolling dreams": spending a Power dream to reroll names your colour;
    the same colour on another card is not lit."""
    s = new(3)
    give(s, 0, "power", "blue:power1")
    give(s, 1, "power", "blue:power1")
    page = browser.new_page(viewport=PHONE)
    lit = render(page, server, s, 0, ["reroll:blue"])
    assert [p["owner"] for p in lit] == ["0"], lit
    page.close()


def scripted_page(
    browser: Any, viewport: dict[str, int], frames: list[str], speed: str | None
) -> Any:
    """A table page whose WebSocket answers the hello with ``frames``."""
    page = browser.new_page(viewport=viewport)
    if speed is not None:
        page.add_init_script(f"localStorage.setItem('oneiros:speed', '{speed}')")

    def on_socket(ws: Any) -> None:
        def on_message(message: str | bytes) -> None:
            if json.loads(message).get("type") == "hello":
                for frame in frames:
                    ws.send(frame)

        ws.on_message(on_message)

    page.route_web_socket(re.compile(r".*/ws/.*"), on_socket)
    return page


def dead_in_the_first_round() -> list[str]:
    """sleep-tight "Goal": Ada (seat 0) dies at the first reveal; the bots play on until the
    Sandman deck is empty and the Sandman dies: every player wins, Ada too."""
    s = scenario(3, fragments={0: 1}, sandman_deck=2)
    msgs = Messages(s, 0, seats([("human", "Ada"), ("bot", None), ("bot", None)]))
    frames = [msgs.next("snapshot")]
    reveal(s)
    frames.append(msgs.next())
    rng = random.Random(1)
    while s.to_move():
        p = s.to_move()[0]
        s.apply(rng.choice(s.legal_actions(p)), player=p if p != CHANCE else CHANCE)
        frames.append(msgs.next())
    assert s.end_reason() == "sandman_defeated" and 0 in s.winners()
    assert len(frames) > 10
    return frames


def test_a_dead_player_sees_the_moment_then_watches_at_the_table_speed(
    server: ServerProcess, browser: Any, tmp_path: Path
) -> None:
    frames = dead_in_the_first_round()
    page = scripted_page(browser, PHONE, frames, speed="1800")  # slow: 1.8 s a move
    page.goto(f"{server.http}/t/scripted")
    page.wait_for_selector("#fate", timeout=10_000)
    fate = page.inner_text("#moment")
    assert "You lost your last Soul Fragment" in fate and "share the win" in fate
    # the bots' moves do not jump to the end: they are shown one by one
    assert page.locator("#game-over").count() == 0
    assert "more moves to show" in page.inner_text("#behind")
    # what the last move brought to the table is highlighted (a Dreamscape card entered)
    page.wait_for_selector("#board .fresh", timeout=10_000)
    first = page.inner_text("#last-move")
    page.wait_for_function(
        "(t) => document.querySelector('#last-move').innerText !== t", arg=first, timeout=10_000
    )
    assert page.locator("#game-over").count() == 0
    page.screenshot(path=str(screenshot_path(tmp_path, "dead-watching-phone.png")), full_page=True)
    page.click("#skip")
    page.wait_for_selector("#game-over", timeout=5_000)
    status = page.inner_text("#status")
    assert "the Sandman is dead and the players win" in status
    assert "You died (no Soul Fragment left), and still share the win" in status
    page.close()


def test_at_normal_speed_the_moves_wait_and_skip_shows_them_all(
    server: ServerProcess, browser: Any
) -> None:
    frames = dead_in_the_first_round()
    page = scripted_page(browser, DESKTOP, frames, speed=None)  # the default: normal
    page.goto(f"{server.http}/t/scripted")
    page.wait_for_selector("#fate", timeout=10_000)
    page.wait_for_timeout(1_500)
    behind = int(page.inner_text("#behind").split()[0])
    assert behind >= len(frames) - 5
    page.click("#skip")
    page.wait_for_selector("#game-over", timeout=5_000)
    assert page.inner_text("#behind") == "" and page.locator("#skip").is_hidden()


@pytest.mark.parametrize(("game", "players"), [("lucidity", "3"), ("sleep-tight", "3")])
def test_names_colours_rules_and_cards_as_a_player_reads_them(
    server: ServerProcess, browser: Any, tmp_path: Path, game: str, players: str
) -> None:
    page = browser.new_page(viewport=DESKTOP)
    page.add_init_script("localStorage.setItem('oneiros:speed', '0')")
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server.http}/")
    page.fill("#my-name", "Nina")
    page.select_option("#game", game)
    page.select_option("#players", players)
    page.click("#create")
    page.wait_for_url("**/t/**")
    rng = random.Random(5)
    for _ in range(6):
        page.wait_for_selector("#your-turn, #game-over", timeout=20_000)
        if page.locator("#game-over").count():
            break
        click_any_action(page, rng)
        page.wait_for_function(
            "() => document.querySelector('#game-over')"
            " || !document.querySelector('#actions button[disabled]')",
            timeout=20_000,
        )
    page.wait_for_selector("#your-turn, #game-over", timeout=20_000)
    page.wait_for_timeout(300)
    # who is who: unique names, bots named by personality, never "Seat 2"
    names = page.locator("#seat-list .seat-tag").all_inner_texts()
    names = [n.replace("(you)", "").strip(" ●▲■◆★✚") for n in names]
    assert len(set(names)) == int(players) and names[0] == "Nina", names
    assert all("bot)" in n for n in names[1:]), names
    text = page.inner_text("main")
    assert not re.search(r"\b[Ss]eats? ?\d|seat\(s\)", text), re.findall(r".{30}[Ss]eat.{20}", text)
    # no internal ids in labels, events or the board
    assert not re.search(r"\bpower[12]\b|\bshadow_[a-z]+|\b[a-z]+-[a-z]+-[a-z]+\b", text), text
    # one colour per player everywhere their name appears
    colours = page.evaluate(
        """() => {
      const out = {};
      for (const n of document.querySelectorAll('.seat-tag[data-seat]')) {
        (out[n.dataset.seat] ||= new Set()).add(getComputedStyle(n).color);
      }
      return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, [...v]]));
    }"""
    )
    assert all(len(v) == 1 for v in colours.values()), colours
    assert len({v[0] for v in colours.values()}) == len(colours)
    assert page.locator("#events .seat-tag").count() > 0
    # a rule citation opens its text
    page.locator("#events .rule-link").first.click()
    page.wait_for_function(
        "() => document.querySelector('#rule-body').textContent.length > 40", timeout=5_000
    )
    assert "No text is stored" not in page.inner_text("#rule-body")
    page.click("#rule-close")
    # cards show their texts
    if game == "sleep-tight":
        # a dead dreamer's hand is empty (random clicks can get Nina killed): then the
        # cards on the other mats show their texts the same way
        where = ".my-hand" if page.locator(".my-hand .card").count() else "#board"
        texts = page.locator(f"{where} .card .card-text").all_inner_texts()
        if where == "#board":  # face-down plays on other mats show no text
            texts = [t for t in texts if t]
        assert texts and all(len(t) > 5 for t in texts), texts
        page.locator(f"{where} .card-wrap:has(.card-text) .card-more").first.click()
        assert len(page.inner_text("#rule-body")) > 10
        page.click("#rule-close")
    else:
        texts = page.locator(".nightmare-card .card-text").all_inner_texts()
        assert len(texts) == 4 and all("dream" in t for t in texts), texts
        rows = [r.split("\n")[-1] for r in page.locator(".mat .rowname").all_inner_texts()]
        assert "Shadow of Envy" in rows and "Shadow of the Depths" in rows, rows
    page.screenshot(
        path=str(screenshot_path(tmp_path, f"names-{game}-desktop.png")), full_page=True
    )
    assert not errors, errors
    page.close()


def start_game(
    page: Any, server: ServerProcess, game: str, players: str, clicks: int, seed: int | None = None
) -> None:
    """Nina against heuristic bots, from the lobby form, or with ``seed`` through the API
    (the same game every run), then ``clicks`` random choices."""
    page.add_init_script("localStorage.setItem('oneiros:speed', '0')")
    if seed is None:
        page.goto(f"{server.http}/")
        page.fill("#my-name", "Nina")
        page.select_option("#game", game)
        page.select_option("#players", players)
        page.click("#create")
    else:
        import httpx2 as httpx

        bots = [{"kind": "bot", "agent": "heuristic"}] * (int(players) - 1)
        made = httpx.post(
            f"{server.http}/api/tables",
            json={"game": game, "seed": seed, "seats": [{"kind": "human", "name": "Nina"}, *bots]},
        ).json()
        page.goto(made["seats"][0]["url"])
    page.wait_for_url("**/t/**")
    rng = random.Random(11)
    for _ in range(clicks):
        page.wait_for_selector("#your-turn, #game-over", timeout=20_000)
        if page.locator("#game-over").count():
            return
        click_any_action(page, rng)
        page.wait_for_function(
            "() => document.querySelector('#game-over')"
            " || !document.querySelector('#actions button[disabled]')",
            timeout=20_000,
        )
    page.wait_for_selector("#your-turn, #game-over", timeout=20_000)


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize(("game", "clicks"), [("lucidity", 14), ("sleep-tight", 3)])
def test_the_table_looks_like_the_game(
    server: ServerProcess, browser: Any, tmp_path: Path, game: str, clicks: int, size: str
) -> None:
    """Dice as dice (colour, letter, face symbol), the bag with its counts, cards with name,
    cost and text, a mat per player with its rows; no sideways scrolling on a phone.
    ONEIROS_SCREENSHOTS=docs/img keeps the screenshots that docs/web.md shows."""
    page = browser.new_page(viewport=PHONE if size == "phone" else DESKTOP)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    start_game(page, server, game, "3", clicks, seed=7)
    assert page.locator("#board .mat").count() == 3
    assert "you" in page.locator("#board .mat").first.inner_text()  # your own mat comes first
    if game == "lucidity":
        dice = page.evaluate(
            """() => [...document.querySelectorAll('#board .mat .dice .die')].map((d) => ({
              colour: getComputedStyle(d).backgroundColor,
              letter: d.querySelector('.letter').textContent,
              face: d.querySelector('.face').textContent,
              label: d.getAttribute('title')}))"""
        )
        assert dice, "no dice on the mats after a few turns"
        for d in dice:
            assert d["letter"] in "BGYRX" and d["face"] in {"★", "★★", "⚔", "z", "☾", "☠"}, d
        bag = page.locator(".bag .pouch").inner_text()
        counts = [
            int(next(w for w in t.split() if w.isdigit()))
            for t in page.locator(".bag .chip").all_inner_texts()
        ]
        assert int(bag) == sum(counts) > 0
        # a dreamer's mat has its rows (Power, Hunt, Exhaust and the four Shadow rows)
        assert page.locator("#board .mat.dreamer").first.locator(".rowline").count() >= 7
    else:
        hand = page.locator(".my-hand .card")
        assert hand.count() > 0
        for k in range(hand.count()):
            card = hand.nth(k)
            assert card.locator(".card-name").inner_text()
            assert card.locator(".card-text").inner_text()
            assert card.locator(".cost").inner_text().isdigit()
        assert page.locator("#board .mat .card.dreamscape").count() >= 1
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"wider than the screen: {width}"
    if size == "phone":
        # scrolled to the table, below the sticky header
        page.evaluate(
            "() => window.scrollTo(0, document.querySelector('#board').offsetTop"
            " - document.querySelector('header').offsetHeight - 8)"
        )
    page.screenshot(path=str(screenshot_path(tmp_path, f"web-{game}-{size}.png")))
    assert not errors, errors
    page.close()


def test_the_replay_steps_by_action_and_by_turn_and_plays_itself(
    server: ServerProcess, browser: Any, tmp_path: Path
) -> None:
    page = browser.new_page(viewport=PHONE)
    page.add_init_script("localStorage.setItem('oneiros:speed', '0')")
    page.goto(f"{server.http}/")
    page.fill("#my-name", "Nina")
    page.select_option("#game", "lucidity")
    page.select_option("#players", "2")
    page.click("#advanced summary")
    page.select_option("[data-seat='1'][data-field='agent']", "random")
    assert not page.is_checked("#public")  # private unless asked
    page.check("#public")
    page.click("#create")
    page.wait_for_url("**/t/**")
    page.wait_for_selector("#your-turn", timeout=20_000)
    table_url = page.url
    # the game is played out over the table's WebSocket (playing by clicking to the end is
    # test_browser.py's dedicated-views test); this test is about the finished game
    table_id = table_url.split("/t/", 1)[1].split("#", 1)[0]
    token = table_url.split("#token=", 1)[1]
    page.goto("about:blank")  # the seat is played from here alone
    nina = NetPlayer(server.ws, table_id, token, panels=False)
    try:
        play_until([nina], seed=2)
        assert nina.view["status"] == "finished"
    finally:
        nina.close()
    # the lobby lists the finished game with its winner, scores and date
    page.goto(f"{server.http}/")
    page.wait_for_function(
        "() => document.querySelector('#finished-tables').textContent.includes('Lucidity')"
    )
    entry = page.locator("#finished-tables li", has_text="Nina").first.inner_text()
    assert ("won by" in entry or "nobody won" in entry) and "scores" in entry, entry
    assert re.search(r"\b20\d\d\b", entry), entry  # the date
    page.goto(table_url)
    page.wait_for_selector("#game-over", timeout=20_000)
    page.click("#replay-link")
    page.wait_for_selector("text=Final:")
    # controls say what they do in words (no glyph-only buttons)
    labels = page.locator(".replay-nav button").all_inner_texts()
    assert labels == [
        "First",
        "Previous turn",
        "Back one action",
        "Play",
        "Forward one action",
        "Next turn",
        "Last",
    ]
    page.click("#first")
    page.wait_for_function(
        "() => document.querySelector('#step-label').textContent.startsWith('Action 0 ')"
    )
    page.click("#next-turn")
    page.wait_for_function(
        "() => !document.querySelector('#step-label').textContent.startsWith('Action 0 ')"
    )
    after_turn = page.inner_text("#step-label")
    assert "turn 1" in after_turn, after_turn
    page.click("#next")
    page.wait_for_function(
        "(t) => document.querySelector('#step-label').textContent !== t", arg=after_turn
    )
    step = page.inner_text("#last-move")
    # the step is told in the players' names (whoever the seeded game let go first)
    assert step.startswith("This step:") and re.search(r"Nina|Orin \(wild bot\)", step), step
    assert not re.search(r"\b[Ss]eat ?\d", page.inner_text("main"))
    page.click("#play")
    before = page.inner_text("#step-label")
    page.wait_for_function(
        "(t) => document.querySelector('#step-label').textContent !== t", arg=before, timeout=5_000
    )
    page.click("#play")  # pause
    assert page.inner_text("#play") == "Play"
    page.screenshot(
        path=str(screenshot_path(tmp_path, "replay-lucidity-phone.png")), full_page=True
    )
    page.close()


def test_a_bad_link_leads_back_to_the_lobby(server: ServerProcess, browser: Any) -> None:
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{server.http}/t/no-such-table")
    page.wait_for_selector("#status a[href='/']", timeout=10_000)
    assert "does not exist" in page.inner_text("#status")
    page.goto(f"{server.http}/replay/no-such-table")
    page.wait_for_selector("#status a[href='/']", timeout=10_000)
    page.close()


def eaten_by_a_minion() -> list[str]:
    """lucidity-en "Send Minions": the green Nightmare (seat 0) gives Orin (seat 1, three
    hunt dreams already) a red dream that rolls hunt: Orin is eaten; the game goes on."""
    s = new(3)
    make_nightmare(s, 0, "green")
    give(s, 0, "power", "green:power1")
    give(s, 1, "hunt", "red:hunt", "red:hunt", "red:hunt")
    s.stack.clear()
    s._start_turn(0)
    msgs = Messages(s, 1, seats([("bot", None), ("human", "Orin"), ("bot", None)]))
    frames = [msgs.next("snapshot")]
    for aid in ("minions", "draw:red", "draw:red", "minion:red", "target:seat1", "roll:hunt"):
        play(s, aid)
        frames.append(msgs.next())
    rng = random.Random(3)
    while s.to_move() and len(frames) < 400:
        p = s.to_move()[0]
        s.apply(rng.choice(s.legal_actions(p)), player=p)
        frames.append(msgs.next())
    assert s.seats[1].role == "eliminated"
    return frames


def test_an_eaten_dreamer_sees_it_and_watches_the_end(server: ServerProcess, browser: Any) -> None:
    page = scripted_page(browser, PHONE, eaten_by_a_minion(), speed="400")
    page.goto(f"{server.http}/t/scripted")
    page.wait_for_selector("#fate", timeout=15_000)
    assert "You were eaten by the Nightmares" in page.inner_text("#moment")
    assert page.locator("#game-over").count() == 0
    assert "watching" in page.inner_text("#prompt")
    page.click("#moment button")  # keep watching: the notice goes
    assert page.locator("#moment").is_hidden()
    page.click("#skip")
    page.wait_for_selector("#game-over", timeout=10_000)
    assert "You got eaten by the Nightmares" in page.inner_text("#status")
    page.close()
