"""``oneiros replay`` stepped through with scripted commands."""

from __future__ import annotations

import json
import re
import shutil

import pytest

import oneiros
import tests.cli.oneiros_cli  # noqa: F401  (registers the test games in this process too)
from tests.cli.helpers import after, load, ok, one_line_error
from tests.cli.helpers import oneiros as run

pytestmark = pytest.mark.slow  # runs the oneiros command in subprocesses


@pytest.fixture(scope="module")
def game_dir(tmp_path_factory):
    """A folder holding game.json: a finished pebbles-plus game between two bots."""
    folder = tmp_path_factory.mktemp("replay")
    ok(
        run(
            folder,
            "play",
            "pebbles-plus",
            "--seats",
            "random,random",
            "--seed",
            "6",
            "--delay",
            "0",
            "--autosave",
            "game.json",
        )
    )
    return folder


@pytest.fixture
def tmp_game(game_dir, tmp_path):
    shutil.copy(game_dir / "game.json", tmp_path / "game.json")
    return tmp_path


def finished_game(tmp_path) -> dict:
    return load(tmp_path / "game.json")


def headers(out: str) -> list[tuple[int, int, int, int]]:
    """(move, moves, action index, turn) of every table shown, in order."""
    return [
        tuple(int(x) for x in m)  # type: ignore[misc]
        for m in re.findall(r"Move (\d+) of (\d+)  \(action (\d+), turn (\d+)\)", out)
    ]


def test_forward_back_jump_and_end(tmp_game):
    tmp_path = tmp_game
    record = finished_game(tmp_path)
    final = oneiros.replay(record)
    out = ok(run(tmp_path, "replay", "game.json", answers=["", "n", "b", "turn 2", "end", "q"]))
    shown = headers(out)
    moves = shown[0][1]
    assert [s[0] for s in shown] == [0, 1, 2, 1, shown[4][0], moves]
    assert shown[0][2] == 0 and shown[0][3] == 0
    # "turn 2" lands on the first position of turn 2
    assert shown[4][3] == 2 and shown[3][3] < 2
    # the end is the whole record, and shows the result
    assert shown[-1][2] == len(record["actions"])
    assert shown[-1][3] == final.turn_number()
    assert "Result" in after(out, f"Move {moves} of {moves}")


def test_each_move_shows_what_happened(tmp_game):
    tmp_path = tmp_game
    finished_game(tmp_path)
    out = ok(run(tmp_path, "replay", "game.json", "--seat", "0", answers=["", "q"]))
    move = after(out, "Move 1 of")
    assert "You draw" in move and 'pebbles "Setup"' in move


def test_bad_commands_and_limits_are_explained(tmp_game):
    tmp_path = tmp_game
    finished_game(tmp_path)
    out = ok(
        run(
            tmp_path,
            "replay",
            "game.json",
            answers=["b", "fly", "turn x", "turn 999", "end", "n", "log", "help", "q"],
        )
    )
    assert "This is the start of the game." in out
    assert "'fly' is not a replay command" in out
    assert "turn takes a whole number" in out
    assert "There is no turn 999" in out
    assert "This is the end of the record" in out
    assert "the story so far" in out and "Game over" in after(out, "the story so far")


def test_public_view_hides_cards_and_a_seat_view_shows_its_own(tmp_game):
    tmp_path = tmp_game
    record = finished_game(tmp_path)
    cards = oneiros.replay(record).cards  # type: ignore[attr-defined]

    def cards_at_move_1(out: str) -> str:
        part = after(out, "Move 1 of")
        return next(line for line in part.splitlines() if line.startswith("│ cards"))

    public = ok(run(tmp_path, "replay", "game.json", answers=["", "q"]))
    assert re.search(r"cards\s+-, -", cards_at_move_1(public))
    seat1 = ok(run(tmp_path, "replay", "game.json", "--seat", "1", answers=["", "q"]))
    assert re.search(rf"cards\s+-, {cards[1]}\b", cards_at_move_1(seat1))


def test_start_options_and_end_of_input(tmp_game):
    tmp_path = tmp_game
    record = finished_game(tmp_path)
    out = ok(run(tmp_path, "replay", "game.json", "--turn", "3"))
    assert headers(out)[0][3] == 3
    out = ok(run(tmp_path, "replay", "game.json", "--end"))
    assert headers(out)[0][2] == len(record["actions"]) and "Result" in out


def test_a_saved_unfinished_game_replays_too(tmp_game):
    tmp_path = tmp_game
    ok(
        run(
            tmp_path,
            "play",
            "pebbles",
            "--seats",
            "human,random",
            "--seed",
            "1",
            "--autosave",
            "mid.json",
            answers=["1", "1", "quit"],
        )
    )
    out = ok(run(tmp_path, "replay", "mid.json", "--end"))
    shown = headers(out)
    assert shown[0][2] == len(load(tmp_path / "mid.json")["actions"])
    assert "Result" not in out
    assert "seat 0 (human)" in out


def test_bad_records_give_one_line(tmp_game):
    tmp_path = tmp_game
    assert "no such file" in one_line_error(run(tmp_path, "replay", "nothing.json"))
    (tmp_path / "x.json").write_text("[]", encoding="utf-8")
    assert "not a game record" in one_line_error(run(tmp_path, "replay", "x.json"))
    (tmp_path / "y.json").write_text(json.dumps({"game": "chess", "actions": []}))
    assert "unknown game 'chess'" in one_line_error(run(tmp_path, "replay", "y.json"))
    record = finished_game(tmp_path)
    bad = {**record, "actions": ["card:9", *record["actions"]]}
    (tmp_path / "z.json").write_text(json.dumps(bad), encoding="utf-8")
    assert "record action 0" in one_line_error(run(tmp_path, "replay", "z.json"))
    assert "--seat 5" in one_line_error(run(tmp_path, "replay", "game.json", "--seat", "5"))
    assert "--turn 500" in one_line_error(run(tmp_path, "replay", "game.json", "--turn", "500"))
