"""The terminal table as a player reads it: players by name (never "Seat 2"), a command
that reads any card, and your own card kept on a 120 x 40 screen, right above the
choices."""

from __future__ import annotations

import io
import re
from pathlib import Path

from rich.console import Console

from oneiros.cli.play import PlaySession
from tests.cli.helpers import ok
from tests.cli.helpers import oneiros as run
from tests.lucidity.helpers import give, new, play


def screen(session: PlaySession, seat: int) -> list[str]:
    session.show_table(force=True)
    session.show_choices(seat)
    return session.console.export_text().splitlines()


def test_your_own_card_stays_on_a_120_by_40_screen(tmp_path: Path) -> None:
    s = new(4)
    give(s, 0, "power", "red:power2")
    give(s, 0, "hunt", "red:hunt")
    give(s, 1, "power", "blue:power1", "green:power1")
    play(s, "track:3-5-7")
    console = Console(width=120, height=40, record=True, file=io.StringIO(), color_system=None)
    session = PlaySession(
        s, ["human", "heuristic", "heuristic", "heuristic"], console, tmp_path / "a.json"
    )
    session.live = True  # drawn as on a terminal: the table, the last events, the choices
    lines = screen(session, 0)
    visible = "\n".join(lines[-40:])  # what a 40-line terminal still shows
    assert "Luna (you) · dreamer" in visible
    for row in ("Power", "Hunt", "Exhaust", "Depths", "Envy", "Imprison", "Fear"):
        assert re.search(rf"│ {row}\s", visible), row
    assert "R2P" in visible and "RHu" in visible
    assert "Luna (you), " in visible  # the choices follow
    # the other players are named by personality, never by seat number
    whole = "\n".join(lines)
    assert "Orin (careful bot)" in whole
    assert not re.search(r"\b[Ss]eat \d", whole)


def test_the_card_command_reads_a_card(tmp_path: Path) -> None:
    out = ok(
        run(
            tmp_path,
            "play",
            "sleep-tight",
            "--seed",
            "3",
            "--delay",
            "0",
            "--autosave",
            "c.json",
            answers=["card", "card blanket", "card nonsense", "quit"],
        )
    )
    assert "Blanket Fort" in out and "Nightlight" in out  # the list
    assert "(cost 3)" in out and "Play no other card this round." in out
    assert "No card is called 'nonsense'" in out
    assert not re.search(r"\b[Ss]eat \d", out.split("Autosave:")[1])


def test_lucidity_cards_include_the_nightmares_and_the_shadow_rows(tmp_path: Path) -> None:
    out = ok(
        run(
            tmp_path,
            "play",
            "lucidity",
            "--seed",
            "3",
            "--delay",
            "0",
            "--autosave",
            "l.json",
            answers=["card envy", "quit"],
        )
    )
    assert "Nightmare of Envy" in out and "Shadow of Envy" in out
    assert 'lucidity-en "Shadow of Envy"' in out


def test_the_result_says_why_a_dead_player_still_wins() -> None:
    """sleep-tight "Goal": Luna dies at the first reveal; the Sandman dies later and every
    player wins, Luna too; the result says so in the engine's words."""
    import random

    from oneiros.cli.render import render_result
    from tests.sleep_tight.helpers import reveal
    from tests.sleep_tight.scenario import scenario

    s = scenario(3, fragments={0: 1}, sandman_deck=2)
    reveal(s)
    rng = random.Random(1)
    while s.to_move():
        p = s.to_move()[0]
        s.apply(rng.choice(s.legal_actions(p)), player=p)
    assert 0 in s.winners() and s.observation(0)["players"][0]["alive"] is False
    console = Console(width=120, record=True, file=io.StringIO(), color_system=None)
    console.print(render_result(s, ["human", "heuristic", "heuristic"], 0))
    out = console.export_text()
    assert "Luna (you)" in out and "winner" in out
    assert "the Sandman is dead and the players win" in out
