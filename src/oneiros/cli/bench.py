"""``oneiros bench``: engine speed per game, written to docs/benchmarks.md."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.progress import Progress
from rich.table import Table

from .common import console, fail


def register(app: typer.Typer) -> None:
    @app.command("bench")
    def bench_cmd(
        games: list[str] = typer.Option(
            None, "--game", "-g", help="Game to measure (repeatable; default: every game)."
        ),
        seconds: float = typer.Option(
            5.0, "--seconds", help="How long to play each game.", min=0.1
        ),
        floor: Path | None = typer.Option(
            None,
            "--floor",
            help="Reference floor script (default: shared/bench/lucidity_floor.py found "
            "beside the checkout).",
        ),
        floor_games: int = typer.Option(20000, "--floor-games", help="Games the floor plays."),
        out: Path = typer.Option(
            Path("docs/benchmarks.md"), "--out", help="Markdown file to update."
        ),
        write: bool = typer.Option(True, "--write/--no-write", help="Update the --out file."),
        kernel: bool = typer.Option(
            True,
            "--kernel/--no-kernel",
            help="Also measure each game's playout kernel (game.playouts, the default mcts, "
            "simulate --fast) against the floor in CPU time. With numba installed the kernel "
            "is compiled first if its disk cache does not hold it (a few minutes, once).",
        ),
    ) -> None:
        """Measure random full games/s and applied actions/s per game in CPU time of one
        core, the playout kernels' targets, and the Lucidity reference floor in the same run
        (ratios in CPU time); record them in docs/benchmarks.md."""
        from .. import benchmark
        from ..core import games as list_games

        infos = {g.name: g for g in list_games()}
        names = games or sorted(infos)
        for name in names:
            if name not in infos:
                fail(f"unknown game {name!r} (games: {', '.join(sorted(infos))})")
        floor_path = floor or benchmark.find_floor()
        if floor is not None and not floor.is_file():
            fail(f"{floor}: no such file")
        results = []
        with Progress(console=console, transient=True) as progress:
            task = progress.add_task("benchmarking", total=len(names) + 1)
            for name in names:
                progress.update(task, description=f"{name}")
                results.append(benchmark.measure_random_games(name, seconds=seconds))
                progress.advance(task)
            floor_gps = None
            if floor_path is not None:
                progress.update(task, description="reference floor")
                floor_gps = benchmark.run_floor(floor_path, floor_games)
            progress.advance(task)
            kernels = []
            floor_cpu = None
            if floor_path is not None:
                progress.update(task, description="reference floor (CPU time)")
                floor_cpu = benchmark.run_floor_cpu(floor_path, seconds)
            if kernel:
                for name in names:
                    progress.update(task, description=f"{name}: playout kernel")
                    k = benchmark.measure_kernel(name, seconds=seconds)
                    if k is not None:
                        kernels.append(k)
        table = Table(title="Engine speed (CPU time of one core, random play)")
        for col in ("game", "players", "games/s", "actions/s"):
            table.add_column(col)
        for r in results:
            table.add_row(
                r.game, str(r.players), f"{r.games_per_second:,.1f}", f"{r.actions_per_second:,.0f}"
            )
        console.print(table)
        section = benchmark.markdown(results, floor_gps, kernels, floor_cpu)
        if floor_gps is not None:
            console.print(f"reference floor: {floor_gps:,.0f} games/s (wall clock)")
        if floor_cpu is not None:
            console.print(f"reference floor, CPU time: {floor_cpu:,.0f} games/s")
        if floor_cpu or floor_gps:
            for line in benchmark.verdicts(results, floor_cpu or floor_gps or 0.0):
                console.print(line)
        if floor_cpu is not None:
            for k in kernels:
                for line in benchmark.kernel_verdicts(k, floor_cpu):
                    console.print(line)
        if write:
            benchmark.write_section(out, section)
            console.print(f"written to {out}")
