"""`oneiros bench`'s verdicts and its section of docs/benchmarks.md."""

from __future__ import annotations

from pathlib import Path

from oneiros.benchmark import (
    BEGIN,
    END,
    GameSpeed,
    KernelSpeed,
    kernel_verdicts,
    markdown,
    verdicts,
    write_section,
)


def speed(games: int, actions: int, seconds: float = 1.0) -> GameSpeed:
    return GameSpeed("lucidity", 4, games, actions, seconds)


def test_targets_are_judged_against_the_floor_of_the_same_run() -> None:
    # 400 games/s against a floor of 10,000: exactly 1/25; 200,000 actions/s
    lines = verdicts([speed(400, 200_000)], floor=10000.0)
    assert "(1/25.0) of the floor; target 1/25: meets" in lines[0]
    assert "Actions/s target 200,000: meets" in lines[0]
    lines = verdicts([speed(399, 199_999)], floor=10000.0)
    assert "target 1/25: misses" in lines[0]
    assert "Actions/s target 200,000: misses" in lines[0]


def test_the_per_action_budget_follows_from_the_floor_and_the_game_length() -> None:
    # 10,000 floor games/s -> 400 games/s at 1/25 -> 2.5 ms a game; 625 actions a game
    lines = verdicts([speed(100, 62_500)], floor=10000.0)
    assert "applies 625 actions" in lines[1]
    assert "leaves 4.00 µs per applied action" in lines[1]
    assert "against 16.00 µs measured" in lines[1]


def test_the_kernel_targets_are_judged_against_the_floor_in_cpu_time() -> None:
    k = KernelSpeed("lucidity", 4, "numba", 20_000.0, 1_200.0, 2_600.0, 9_000.0)
    lines = kernel_verdicts(k, floor=10_000.0)
    assert "2.00x of the floor; target 2x compiled: meets" in lines[0]
    assert "0.120 (1/8.3) of the floor; target 1/8: misses" in lines[1]
    assert "0.260 (1/3.8) of the floor's games/s; target 1/4 (aim 1/2): meets" in lines[2]
    assert "0.900 (1/1.1) of the floor; target 1x compiled: misses" in lines[3]
    assert len(lines) == 4, "no time per move measured: no verdict on it"
    timed = KernelSpeed("lucidity", 4, "numba", 20_000.0, 1_200.0, 2_600.0, 9_000.0, 0.42)
    assert "0.42 s of CPU per move; target at most 1 s: meets" in kernel_verdicts(timed, 1e4)[4]
    plain = KernelSpeed("lucidity", 4, "python", 1_300.0, 1_300.0, 300.0, 1_100.0)
    lines = kernel_verdicts(plain, floor=10_000.0)
    assert "not measured (numba is not installed)" in lines[0]
    assert "target 1x compiled: misses" in lines[3]
    text = markdown([speed(10, 100)], floor=80.0, kernels=[k], floor_cpu=10_000.0)
    assert "### The playout kernel (lucidity, `game.playouts`)" in text
    assert "10,000 games per CPU second" in text


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
