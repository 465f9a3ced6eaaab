"""`oneiros bench`'s verdicts and its section of docs/benchmarks.md."""

from __future__ import annotations

from pathlib import Path

from oneiros.benchmark import BEGIN, END, GameSpeed, markdown, verdicts, write_section


def speed(games: int, actions: int, seconds: float = 1.0) -> GameSpeed:
    return GameSpeed("lucidity", 4, games, actions, seconds)


def test_targets_are_judged_against_the_floor_of_the_same_run() -> None:
    # 1,000 games/s against a floor of 8,000: exactly 1/8; 200,000 actions/s
    lines = verdicts([speed(1000, 200_000)], floor=8000.0)
    assert "(1/8.0); target 1/8: meets" in lines[0]
    assert "Actions/s target 200,000: meets" in lines[0]
    lines = verdicts([speed(999, 199_999)], floor=8000.0)
    assert "target 1/8: misses" in lines[0]
    assert "Actions/s target 200,000: misses" in lines[0]


def test_the_per_action_budget_follows_from_the_floor_and_the_game_length() -> None:
    # 8,000 floor games/s -> 1,000 games/s at 1/8 -> 1 ms a game; 625 actions a game
    lines = verdicts([speed(100, 62_500)], floor=8000.0)
    assert "applies 625 actions" in lines[1]
    assert "leaves 1.60 µs per applied action" in lines[1]
    assert "against 16.00 µs measured" in lines[1]


def test_other_games_get_no_verdict() -> None:
    assert verdicts([GameSpeed("sleep-tight", 4, 10, 100, 1.0)], floor=8000.0) == []


def test_without_the_floor_no_ratio_is_stated() -> None:
    text = markdown([speed(10, 100)], floor=None)
    assert "Reference floor not found: no ratio stated." in text
    assert "target 1/8" not in text


def test_writing_keeps_the_rest_of_the_file(tmp_path: Path) -> None:
    out = tmp_path / "benchmarks.md"
    out.write_text(f"# Benchmarks\n\nbefore\n\n{BEGIN}\nold figures\n{END}\n\nafter\n")
    write_section(out, markdown([speed(10, 100)], floor=80.0))
    text = out.read_text()
    assert "before" in text and "after" in text
    assert "old figures" not in text
    assert text.count(BEGIN) == 1 and text.count(END) == 1
    assert "| lucidity | 4 | 10.0 | 100 | 10 |" in text
