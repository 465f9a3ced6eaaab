"""``oneiros simulate``: play many games between bots and summarise who wins and how."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from ..core import ConfigError, Game
from ..core.i18n import plural
from ..sim import GameResult, RunConfig, RunOutcome, run_games, summarize
from .common import (
    GAME_ARG,
    OPTION_OPT,
    PLAYERS_OPT,
    RULESET_OPT,
    console,
    err_console,
    fail,
    make_game,
)


class GamesPerSecond(ProgressColumn):
    """Games per second, from rich's own speed estimate."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("-- games/s" if speed is None else f"{speed:.1f} games/s", style="cyan")


def progress_bar(out: Console | None = None) -> Progress:
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        GamesPerSecond(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=out or err_console,
        transient=False,
    )


def split_agents(text: str, game: Game) -> list[str]:
    """``"mcts:iterations=50,c=0.7,heuristic"`` is ambiguous, so agents are split on commas
    that start a new agent name: a part containing ``=`` but no ``:`` continues the
    previous agent's parameters. A single agent is used for every seat."""
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if not parts:
        raise ConfigError("--agents needs at least one agent (see `oneiros agents`)")
    specs: list[str] = []
    for part in parts:
        if "=" in part and ":" not in part and specs:
            specs[-1] += "," + part
        else:
            specs.append(part)
    if len(specs) == 1:
        specs = specs * game.players
    if len(specs) != game.players:
        raise ConfigError(
            f"--agents gives {len(specs)} agents ({', '.join(specs)}) for {game.players} players: "
            "give one per seat, or one for all"
        )
    return specs


def fresh_seed(seed: int | None) -> int:
    return seed if seed is not None else random.SystemRandom().randrange(2**31)


@contextmanager
def open_out(path: Path | None) -> Iterator[IO[str] | None]:
    if path is None:
        yield None
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = path.open("w", encoding="utf-8")
    except OSError as exc:
        fail(f"{path}: cannot write ({exc.strerror})")
    with handle:
        yield handle


def run_with_progress(
    config: RunConfig,
    games: int,
    workers: int,
    backend: str,
    address: str | None,
    out: IO[str] | None,
    description: str = "simulating",
    show: bool = True,
    on_result: Callable[[GameResult], None] | None = None,
    batch_size: int | None = None,
) -> RunOutcome:
    """Run games with a progress bar, writing each finished game as one JSON line."""
    with progress_bar() as bar:
        task = bar.add_task(description, total=games, visible=show)

        def done(result: GameResult) -> None:
            if out is not None:
                out.write(json.dumps(result.to_dict(), separators=(",", ":")) + "\n")
                out.flush()
            if on_result is not None:
                on_result(result)
            bar.advance(task)

        return run_games(
            config, games, workers, backend, address, on_result=done, batch_size=batch_size
        )


def _interval(row: dict[str, Any]) -> str:
    return f"{row['rate']:.1%}  [{row['low']:.1%}, {row['high']:.1%}]"


def _games(n: int, what: str = "") -> str:
    """``1 game``, ``3 finished games``."""
    return f"{n} {what}{plural(n, 'game', 'games')}"


def print_summary(summary: dict[str, Any], out: Console | None = None) -> None:
    """The summary tables: win rates per seat and per agent, game length, end reasons."""
    out = out or console
    n = summary["games"]
    seats = Table(title=f"Win rate per seat ({n} games, 95% Wilson interval)", title_justify="left")
    seats.add_column("seat", justify="right")
    seats.add_column("played by")
    seats.add_column("wins", justify="right")
    seats.add_column("win rate [95% CI]", justify="right")
    seats.add_column("mean score", justify="right")
    for row in summary["seats"]:
        agents = ", ".join(row["agents"])
        seats.add_row(
            str(row["seat"]),
            agents,
            f"{row['wins']}/{row['games']}",
            _interval(row),
            f"{row['mean_score']:.2f}",
        )
    out.print(seats)
    agents_t = Table(title="Win rate per agent", title_justify="left")
    agents_t.add_column("agent")
    agents_t.add_column("wins", justify="right")
    agents_t.add_column("win rate [95% CI]", justify="right")
    for row in summary["agents"]:
        agents_t.add_row(row["agent"], f"{row['wins']}/{row['games']}", _interval(row))
    out.print(agents_t)
    length = Table(title="Game length", title_justify="left")
    length.add_column("measure")
    length.add_column("mean [95% CI]", justify="right")
    length.add_column("sd", justify="right")
    length.add_column("min-max", justify="right")
    for key, label in (("turns", "turns"), ("decisions", "decisions (by seats)")):
        s = summary[key]
        length.add_row(
            label,
            f"{s['mean']:.1f}  [{s['mean_low']:.1f}, {s['mean_high']:.1f}]",
            f"{s['sd']:.1f}",
            f"{s['min']:g}-{s['max']:g}",
        )
    out.print(length)
    reasons = Table(title="End reasons", title_justify="left")
    reasons.add_column("reason")
    reasons.add_column("games", justify="right")
    reasons.add_column("share", justify="right")
    for reason, count in summary["end_reasons"].items():
        reasons.add_row(reason, str(count), f"{count / n:.1%}" if n else "-")
    out.print(reasons)
    extra = []
    if summary.get("shared_wins"):
        extra.append(f"{_games(summary['shared_wins'])} with a shared win (a win for each winner)")
    if summary.get("no_winner"):
        extra.append(f"{_games(summary['no_winner'])} without a winner")
    for line in extra:
        out.print(line)
    if summary.get("stats"):
        stats = Table(title="Game statistics (mean per game)", title_justify="left")
        stats.add_column("statistic")
        stats.add_column("mean", justify="right")
        for key, value in summary["stats"].items():
            stats.add_row(key, f"{value:.3g}")
        out.print(stats)


def register(app: typer.Typer) -> None:
    @app.command("simulate")
    def simulate_cmd(
        game_name: str = GAME_ARG,
        players: int | None = PLAYERS_OPT,
        agents: str = typer.Option(
            "random",
            "--agents",
            "-a",
            help="One agent spec per seat, comma-separated (mcts,heuristic,random), or one "
            "for all seats. Parameters follow a colon: mcts:iterations=400,c=0.7.",
        ),
        games: int = typer.Option(100, "--games", "-n", help="How many games to play."),
        seed: int | None = typer.Option(
            None, "--seed", "-s", help="Base seed: game i always gets the same seed from it."
        ),
        workers: int = typer.Option(1, "--workers", "-w", help="Worker processes (or Ray CPUs)."),
        out: Path | None = typer.Option(
            None, "--out", help="Write one JSON line per game to this file."
        ),
        as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
        ruleset: str | None = RULESET_OPT,
        option: list[str] | None = OPTION_OPT,
        rotate: bool = typer.Option(
            False,
            "--rotate",
            help="Shift the agents one seat per game so every agent plays every seat.",
        ),
        records: bool = typer.Option(
            False, "--records", help="Also store each game's full record (replayable)."
        ),
        backend: str = typer.Option("local", "--backend", help="local (processes) or ray."),
        address: str | None = typer.Option(
            None, "--address", help="Ray cluster address (default: start Ray locally)."
        ),
        quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
        batch: int | None = typer.Option(
            None,
            "--batch",
            help="Games per batch sent to a worker (default: automatic). Smaller batches "
            "lose less work on Ctrl-C when games are slow.",
        ),
        fast: bool | None = typer.Option(
            None,
            "--fast/--no-fast",
            help="Play the games with the game's playout kernel (same rules and statistics, "
            "other random numbers; reproducible per seed). Default: on when every agent is "
            "random or heuristic, the game has a kernel covering the configuration and "
            "--records is off.",
        ),
        campaign: bool = typer.Option(
            False,
            "--campaign",
            help="Play --games whole campaigns (etherfields) session after session, at most "
            "40 sessions each; report how far they get, where they stop, time per session.",
        ),
    ) -> None:
        """Play many games between bots; print win rates with 95% intervals, game length and
        end reasons. Results are the same for a seed whatever --workers and --backend.

        Example: oneiros simulate etherfields --campaign -a heuristic -n 5"""
        if campaign:
            from .campaign_sim import simulate_campaigns

            simulate_campaigns(game_name, players, agents, games, seed, option, as_json)
            return
        game = make_game(game_name, players, ruleset, option)
        specs = split_agents(agents, game)
        base = fresh_seed(seed)
        config = RunConfig.build(game, specs, base, rotate=rotate, keep_records=records, fast=fast)
        if games < 1:
            raise ConfigError(f"--games must be 1 or more, not {games}")
        with open_out(out) as handle:
            outcome = run_with_progress(
                config, games, workers, backend, address, handle, show=not quiet, batch_size=batch
            )
        summary = summarize(outcome.results)
        summary["seed"] = base
        summary["agents_by_seat"] = specs
        summary["interrupted"] = outcome.interrupted
        summary["fast"] = game.kernel_backend() if config.fast else None
        if as_json:
            sys.stdout.write(json.dumps(summary, indent=2) + "\n")
        else:
            print_summary(summary)
            if config.fast:
                console.print(f"played by the playout kernel ({summary['fast']})")
            console.print(
                f"seed {base}"
                + (f"; {_games(len(outcome.results))} written to {out}" if out else "")
            )
        if outcome.interrupted:
            err_console.print(
                f"[yellow]interrupted: kept {_games(len(outcome.results), 'finished ')}[/]"
            )
            raise typer.Exit(130)
