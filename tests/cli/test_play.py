"""``oneiros play`` and ``oneiros resume`` driven as a player would, through piped answers."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pexpect
import pytest

import oneiros
import tests.cli.oneiros_cli  # noqa: F401  (registers the test games in this process too)
from oneiros.cli.render import seat_name
from tests.cli.helpers import after, cli_env, default_sigint, load, ok, one_line_error
from tests.cli.helpers import oneiros as run

pytestmark = pytest.mark.slow  # runs the oneiros command in subprocesses

PEBBLES = ["play", "pebbles", "--seats", "human,random", "--delay", "0"]
PEBBLES_PLUS = ["play", "pebbles-plus", "--seats", "human,random", "--delay", "0"]
ALWAYS_FIRST = ["1"] * 600


def play(tmp: Path, *extra: str, seed: int = 11, answers: list[str], save: str = "game.json"):
    return run(tmp, *PEBBLES, "--seed", str(seed), "--autosave", save, *extra, answers=answers)


def winner_lines(out: str) -> list[str]:
    return [line for line in after(out, "Result").splitlines() if "winner" in line]


def test_a_full_game_against_a_bot_runs_to_the_end_and_is_recorded(tmp_path):
    out = ok(play(tmp_path, answers=ALWAYS_FIRST))
    assert "Autosave: game.json" in out
    record = load(tmp_path / "game.json")
    assert record["seats"] == ["human", "random"]
    state = oneiros.replay(record)
    assert state.is_terminal()
    # the result table names exactly the winners of the recorded game
    printed = winner_lines(out)
    assert len(printed) == len(state.winners()) >= 1
    for seat in state.winners():
        assert any(line.strip("│ ").startswith(f"{seat_name(seat)} ") for line in printed)
    assert "oneiros replay game.json" in out


def test_bots_alone_play_a_whole_game_without_any_input(tmp_path):
    out = ok(
        run(tmp_path, "play", "pebbles", "--seats", "random,random", "--seed", "4", "--delay", "0")
    )
    assert "Result" in out and winner_lines(out)
    saved = list(tmp_path.glob("oneiros-pebbles-*.json"))
    assert len(saved) == 1 and oneiros.replay(load(saved[0])).is_terminal()


def test_default_seats_are_one_human_and_bots(tmp_path):
    out = ok(run(tmp_path, "play", "pebbles", "--delay", "0", answers=["quit"]))
    # pebbles has no heuristic bot, so the default bots fall back to random ones
    assert "Seats: Luna (human), Orin (wild bot)" in out


def test_end_of_input_saves_and_resume_continues_the_same_game(tmp_path):
    out = ok(play(tmp_path, answers=["1"]))
    assert "Input ended: game saved to game.json" in out
    assert "oneiros resume game.json" in out
    first = load(tmp_path / "game.json")
    assert not oneiros.replay(first).is_terminal()

    out = ok(run(tmp_path, "resume", "game.json", "--delay", "0", answers=ALWAYS_FIRST))
    assert "Result" in out
    final = load(tmp_path / "game.json")
    assert final["actions"][: len(first["actions"])] == first["actions"]
    assert oneiros.replay(final).is_terminal()


def test_save_then_resume_from_the_saved_file(tmp_path):
    out = ok(play(tmp_path, answers=["1", "save mid.json", "quit"]))
    assert "Saved to mid.json" in out
    assert "Game saved to game.json" in out
    mid = load(tmp_path / "mid.json")
    assert mid["seats"] == ["human", "random"]
    assert mid["actions"] == load(tmp_path / "game.json")["actions"]

    out = ok(
        run(
            tmp_path,
            "resume",
            "mid.json",
            "--autosave",
            "after.json",
            "--delay",
            "0",
            answers=["quit"],
        )
    )
    assert "to play: Luna (you)  Roll or stop?" in out
    assert load(tmp_path / "after.json")["actions"] == mid["actions"]


def test_resuming_a_finished_game_says_so(tmp_path):
    ok(play(tmp_path, answers=ALWAYS_FIRST))
    out = ok(run(tmp_path, "resume", "game.json"))
    assert "this game is already over" in out and "Result" in out


def test_bad_input_is_refused_with_a_reason_and_the_game_goes_on(tmp_path):
    answers = ["", "bogus", "0", "99", "save", "log x", "bet:maybe", "1", "quit"]
    out = ok(play(tmp_path, answers=answers))
    assert "Type a number from 1 to 2, an action id, or help." in out
    assert "'bogus' is not a choice here" in out
    assert "0 is not one of the choices: type a number from 1 to 2." in out
    assert "99 is not one of the choices" in out
    assert "save needs a file name: save FILE" in out
    assert "log takes a positive number" in out
    assert "'bet:maybe' is not a choice here" in out
    # the eighth answer was accepted: the bet is made and the game moved on
    assert "You bet odd" in out
    state = oneiros.replay(load(tmp_path / "game.json"))
    assert state.bets[0] == "odd"  # type: ignore[attr-defined]


def test_an_action_id_typed_in_full_is_accepted(tmp_path):
    out = ok(play(tmp_path, answers=["bet:even", "quit"]))
    assert "You bet even" in out


def test_question_mark_explains_the_rule_behind_the_decision(tmp_path):
    out = ok(run(tmp_path, *PEBBLES_PLUS, answers=["?", "quit"]))
    explained = after(out, "> ?")
    assert 'pebbles "Setup"' in explained
    assert "Every seat secretly draws a card and bets on its parity." in explained


def test_question_mark_without_an_explanation_shows_the_reference(tmp_path):
    out = ok(play(tmp_path, answers=["?", "quit"]))
    explained = after(out, "> ?")
    panel = [line.strip("│ ") for line in explained.split("Luna> quit")[0].splitlines()]
    assert [line for line in panel if line and "─" not in line] == ['pebbles "Setup"']


def test_log_narrates_the_history_with_rule_references(tmp_path):
    out = ok(play(tmp_path, answers=["1", "log", "log 1", "quit"]))
    full = after(out, "> log\n").split("> log 1")[0]
    lines = [line for line in full.splitlines() if '[pebbles "' in line]
    assert any("You draw" in line and '[pebbles "Setup"]' in line for line in lines)
    assert any("You bet odd" in line for line in lines)
    assert not any("Orin draws a secret card" in line and "You draw" in line for line in lines)
    last = after(out, "> log 1").split("> quit")[0]
    assert len([line for line in last.splitlines() if '[pebbles "' in line]) == 1


def test_log_never_shows_another_seats_secret(tmp_path):
    out = ok(play(tmp_path, answers=["1", "log", "quit"]))
    story = after(out, "> log\n").split("> quit")[0]
    record = load(tmp_path / "game.json")
    state = oneiros.replay(record)
    their_card = state.cards[1]  # type: ignore[attr-defined]
    mine = state.cards[0]  # type: ignore[attr-defined]
    assert f"You draw {mine}" in story
    assert story.count("You draw") == 1
    assert f"You draw {their_card}" not in story or their_card == mine


def test_risk_shows_the_games_risk_meter(tmp_path):
    out = ok(run(tmp_path, *PEBBLES_PLUS, answers=["risk", "quit"]))
    meter = after(out, "> risk")
    assert "risk meter" in meter and "bust" in meter and "0.167" in meter


def test_risk_in_a_game_without_a_meter(tmp_path):
    out = ok(play(tmp_path, answers=["risk", "quit"]))
    assert "Pebbles (test game) has no risk meter at this decision." in out


def test_hint_names_the_mcts_move_and_a_win_chance(tmp_path):
    out = ok(play(tmp_path, answers=["1", "hint", "quit"]))
    hint = after(out, "> hint").split("> quit")[0]
    assert re.search(r"The mcts bot would play [12]\. (Roll the die|Bank the pot)", hint), hint
    match = re.search(r"win chance[^\d]*(\d+)%", hint)
    assert match and 0 <= int(match.group(1)) <= 100


def test_hint_when_the_bot_is_not_available(tmp_path):
    out = ok(play(tmp_path, "--hint-agent", "oracle", answers=["hint", "quit"]))
    assert "No hint: the oracle bot is not available" in out


def test_undo_goes_back_to_the_players_previous_decision(tmp_path):
    ok(play(tmp_path, save="before.json", answers=["1", "quit"]))
    out = ok(play(tmp_path, save="after.json", answers=["1", "2", "undo", "quit"]))
    assert "Undone: back to your previous decision." in out
    before = load(tmp_path / "before.json")["actions"]
    assert load(tmp_path / "after.json")["actions"] == before


def test_undo_with_nothing_to_undo(tmp_path):
    out = ok(play(tmp_path, answers=["undo", "quit"]))
    assert "Nothing to undo" in out


def test_undo_is_refused_when_another_human_plays(tmp_path):
    out = ok(
        run(
            tmp_path,
            "play",
            "pebbles",
            "--seats",
            "human,human",
            "--seed",
            "2",
            answers=["1", "", "undo", "quit"],
        )
    )
    assert "undo is only allowed when every other seat is a bot." in out


def cards_line(text: str) -> list[str]:
    line = next(line for line in text.splitlines() if line.startswith("│ cards"))
    return [c.strip() for c in line.strip("│ ").removeprefix("cards").split(",")]


def test_hot_seat_passes_the_device_and_shows_only_the_seats_own_card(tmp_path):
    answers = ["1", "", "2", "quit"]
    out = ok(
        run(
            tmp_path,
            "play",
            "pebbles",
            "--seats",
            "human,human",
            "--seed",
            "8",
            "--autosave",
            "hot.json",
            answers=answers,
        )
    )
    state = oneiros.replay(load(tmp_path / "hot.json"))
    cards = state.cards  # type: ignore[attr-defined]
    first_view = out.split("Pass the device to Orin")[0]
    assert cards_line(first_view) == [str(cards[0]), "-"]
    second_view = after(out, "Pass the device to Orin").split("Pass the device to Luna")[0]
    assert cards_line(second_view) == ["-", str(cards[1])]
    assert "You bet odd" not in second_view
    # seat 0 plays the next turn: the device goes back first
    assert "Pass the device to Luna" in out
    assert state.bets == ["odd", "even"]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--players", "3", "--seats", "human,random"], "--seats names 2 seats"),
        (["--seats", "human,robot"], "unknown agent 'robot'"),
        (["--seats", "human,"], "a seat is empty"),
        (["--seats", "human,heuristic"], "pebbles has no heuristic bot"),
        (["--autosave", "nowhere/game.json"], "the folder nowhere does not exist"),
        (["--option", "colour=red"], "unknown option 'colour'"),
        (["--delay", "-1"], "--delay"),
    ],
)
def test_bad_play_arguments_give_one_line(tmp_path, args, needle):
    line = one_line_error(run(tmp_path, "play", "pebbles", *args))
    assert needle in line


def test_play_an_unknown_game(tmp_path):
    assert "unknown game 'chess'" in one_line_error(run(tmp_path, "play", "chess"))


def test_bad_resume_files_give_one_line(tmp_path):
    assert "no such file" in one_line_error(run(tmp_path, "resume", "missing.json"))
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    assert "not valid JSON" in one_line_error(run(tmp_path, "resume", "bad.json"))
    (tmp_path / "list.json").write_text("[1, 2]", encoding="utf-8")
    assert "not a saved game" in one_line_error(run(tmp_path, "resume", "list.json"))

    ok(play(tmp_path, answers=["1", "quit"]))
    record = load(tmp_path / "game.json")
    (tmp_path / "seats.json").write_text(
        __import__("json").dumps({**record, "seats": ["human"]}), encoding="utf-8"
    )
    assert "seats must be a list of 2" in one_line_error(run(tmp_path, "resume", "seats.json"))
    broken = {**record, "actions": [*record["actions"], "fly"]}
    (tmp_path / "broken.json").write_text(__import__("json").dumps(broken), encoding="utf-8")
    assert "does not replay" in one_line_error(run(tmp_path, "resume", "broken.json"))


def test_resume_can_change_the_seats(tmp_path):
    ok(play(tmp_path, answers=["1", "quit"]))
    out = ok(run(tmp_path, "resume", "game.json", "--seats", "random,random", "--delay", "0"))
    assert "Result" in out
    assert load(tmp_path / "game.json")["seats"] == ["random", "random"]


def test_a_failing_bot_stops_the_game_saved_and_resumable(tmp_path):
    result = run(
        tmp_path,
        "play",
        "pebbles",
        "--seats",
        "human,broken",
        "--seed",
        "3",
        "--autosave",
        "b.json",
        answers=ALWAYS_FIRST,
    )
    assert result.returncode == 1
    assert "Traceback" not in result.stdout + result.stderr
    assert "The game stopped on an internal error (RuntimeError: the broken bot gave up)" in (
        result.stdout
    )
    saved = load(tmp_path / "b.json")
    assert saved["actions"]
    out = ok(
        run(
            tmp_path,
            "resume",
            "b.json",
            "--seats",
            "human,random",
            "--delay",
            "0",
            answers=ALWAYS_FIRST,
        )
    )
    assert "Result" in out
    assert load(tmp_path / "b.json")["actions"][: len(saved["actions"])] == saved["actions"]


def test_ctrl_c_saves_the_game(tmp_path):
    child = pexpect.spawn(
        sys.executable,
        ["-m", "tests.cli.oneiros_cli", *PEBBLES, "--seed", "3", "--autosave", "c.json"],
        cwd=str(tmp_path),
        env={**cli_env(), "TERM": "xterm"},
        encoding="utf-8",
        timeout=30,
        preexec_fn=default_sigint,
    )
    try:
        child.expect("Luna> ")
        child.sendline("1")
        child.expect("Luna> ")
        child.sendintr()
        child.expect("Interrupted: game saved to c.json")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 130
    state = oneiros.replay(load(tmp_path / "c.json"))
    assert state.bets[0] == "odd"  # type: ignore[attr-defined]
