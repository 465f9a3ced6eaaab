"""``benchmarks/interop_throughput.py`` runs: the loops take turns and each gets its CPU
time, and the table says the ratios (a smoke test: no speed is asserted)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "interop_throughput.py"


def load():
    spec = importlib.util.spec_from_file_location("interop_throughput", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_loops_taking_turns_each_get_their_cpu_time():
    script = load()
    rates, spent = script._interleaved(
        [script.engine("lucidity", 2), script.pettingzoo("lucidity", 2)], 0.1, slice_s=0.02
    )
    assert all(r > 0 for r in rates)
    assert all(0.1 <= t < 1.0 for t in spent)


@pytest.mark.parametrize("game", ["lucidity", "sleep-tight"])
def test_the_table_gives_both_ratios(game, capsys):
    load().main(["--seconds", "0.1", "--game", game, "--players", "2"])
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith(f"| {game}")]
    assert len(rows) == 1
    cells = [c.strip() for c in rows[0].strip("|").split("|")]
    assert float(cells[4]) > 0 and float(cells[6]) > 0
