"""``oneiros report``, ``oneiros compare`` and ``oneiros tournament``: the designer's tools."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import typer
from rich.table import Table

from ..core import ConfigError
from ..sim import GameResult, RunConfig, summarize
from ..sim.analysis import compare_results, lineups, rate
from ..sim.report import load_results, write_report
from .common import GAME_ARG, OPTION_OPT, PLAYERS_OPT, RULESET_OPT, console, err_console, make_game
from .simulate import fresh_seed, open_out, print_summary, run_with_progress, split_agents

WORKERS_OPT = typer.Option(1, "--workers", "-w", help="Worker processes.")
BACKEND_OPT = typer.Option("local", "--backend", help="local or ray.")
ADDRESS_OPT = typer.Option(None, "--address", help="Ray cluster address.")
QUIET_OPT = typer.Option(False, "--quiet", "-q", help="No progress bar.")
"""The run options that ``compare`` and ``tournament`` share."""


def _signed(x: float, pct: bool = True) -> str:
    return f"{x:+.1%}" if pct else f"{x:+.2f}"


def register(app: typer.Typer) -> None:
    @app.command("report")
    def report_cmd(
        runs: Path = typer.Argument(..., help="A runs.jsonl file written by `oneiros simulate`."),
        out: Path = typer.Option(
            Path("report"), "--out", help="Folder for the PNGs and index.html."
        ),
        as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
    ) -> None:
        """Charts (PNG) and an HTML page: win rate by seat and agent with intervals, game
        length, end reasons and the game's own charts."""
        results = load_results(runs)
        files = write_report(results, out)
        if as_json:
            sys.stdout.write(json.dumps(summarize(results), indent=2) + "\n")
            return
        print_summary(summarize(results))
        console.print(f"wrote {len(files)} files; open {out / 'index.html'}")

    @app.command("compare")
    def compare_cmd(
        game_name: str = GAME_ARG,
        players: int | None = PLAYERS_OPT,
        agents: str = typer.Option("random", "--agents", "-a", help="Agents of both runs."),
        ruleset: str | None = RULESET_OPT,
        option: list[str] | None = OPTION_OPT,
        a_ruleset: str | None = typer.Option(None, "--a-ruleset", help="Rule set of run A."),
        b_ruleset: str | None = typer.Option(None, "--b-ruleset", help="Rule set of run B."),
        a_option: list[str] | None = typer.Option(
            None, "--a-option", help="A game option of run A only (key=value, repeatable)."
        ),
        b_option: list[str] | None = typer.Option(
            None, "--b-option", help="A game option of run B only (key=value, repeatable)."
        ),
        a_agents: str | None = typer.Option(None, "--a-agents", help="Agents of run A only."),
        b_agents: str | None = typer.Option(None, "--b-agents", help="Agents of run B only."),
        games: int = typer.Option(200, "--games", "-n", help="Games in each run."),
        seed: int | None = typer.Option(None, "--seed", "-s", help="Base seed of both runs."),
        workers: int = WORKERS_OPT,
        rotate: bool = typer.Option(False, "--rotate", help="Rotate agents across seats."),
        backend: str = BACKEND_OPT,
        address: str | None = ADDRESS_OPT,
        out: Path | None = typer.Option(
            None, "--out", help="Folder to keep both runs (a.jsonl and b.jsonl)."
        ),
        as_json: bool = typer.Option(False, "--json", help="Print the comparison as JSON."),
        quiet: bool = QUIET_OPT,
    ) -> None:
        """Run two configurations with the same seeds (e.g. --a-option bone_hunters=0
        --b-option bone_hunters=4, or --a-ruleset en --b-ruleset es) and report B minus A:
        win rate by seat and game length, with 95% intervals."""
        base = fresh_seed(seed)
        if games < 1:
            raise ConfigError(f"--games must be 1 or more, not {games}")
        runs: list[list[GameResult]] = []
        labels = []
        for side, rs, opts, ags in (
            ("A", a_ruleset, a_option, a_agents),
            ("B", b_ruleset, b_option, b_agents),
        ):
            game = make_game(game_name, players, rs or ruleset, [*(option or []), *(opts or [])])
            specs = split_agents(ags or agents, game)
            config = RunConfig.build(game, specs, base, rotate=rotate)
            labels.append(
                f"{side}: ruleset {game.ruleset}, options "
                + ", ".join(f"{k}={v}" for k, v in game.options.items())
                + f"; agents {','.join(specs)}"
            )
            runs.append([])
            file = out / f"{side.lower()}.jsonl" if out is not None else None
            with open_out(file) as handle:
                outcome = run_with_progress(
                    config,
                    games,
                    workers,
                    backend,
                    address,
                    handle,
                    description=f"run {side}",
                    show=not quiet,
                )
            runs[-1] = outcome.results
            if outcome.interrupted:
                err_console.print("[yellow]interrupted: comparing the finished games[/]")
                break
        if len(runs) < 2 or not runs[1]:
            raise typer.Exit(130)
        result = compare_results(runs[0], runs[1])
        result["seed"] = base
        result["labels"] = labels
        if as_json:
            sys.stdout.write(json.dumps(result, indent=2) + "\n")
            return
        _print_compare(result)

    @app.command("tournament")
    def tournament_cmd(
        game_name: str = GAME_ARG,
        agents: str = typer.Option(
            ..., "--agents", "-a", help="The agents to rate, comma-separated (at least 2)."
        ),
        players: int | None = PLAYERS_OPT,
        ruleset: str | None = RULESET_OPT,
        option: list[str] | None = OPTION_OPT,
        games: int = typer.Option(
            50, "--games", "-n", help="Games per line-up (each agent plays each seat in turn)."
        ),
        seed: int | None = typer.Option(
            None, "--seed", "-s", help="Base seed (shared by line-ups)."
        ),
        workers: int = WORKERS_OPT,
        backend: str = BACKEND_OPT,
        address: str | None = ADDRESS_OPT,
        out: Path | None = typer.Option(None, "--out", help="Write every game as a JSON line."),
        as_json: bool = typer.Option(False, "--json", help="Print the ratings as JSON."),
        quiet: bool = QUIET_OPT,
    ) -> None:
        """Round robin: every line-up of different agents plays --games games with the
        agents rotated through the seats; prints TrueSkill ratings with 95% intervals."""
        game = make_game(game_name, players, ruleset, option)
        specs = [s for s in _split_plain(agents)]
        if games < 1:
            raise ConfigError(f"--games must be 1 or more, not {games}")
        base = fresh_seed(seed)
        results: list[GameResult] = []
        interrupted = False
        with open_out(out) as handle:
            for lineup in lineups(specs, game.players):
                config = RunConfig.build(game, list(lineup), base, rotate=True)
                outcome = run_with_progress(
                    config,
                    games,
                    workers,
                    backend,
                    address,
                    handle,
                    description=" vs ".join(lineup),
                    show=not quiet,
                )
                results.extend(outcome.results)
                if outcome.interrupted:
                    interrupted = True
                    break
        ratings = [r.to_dict() for r in rate(results, specs)]
        if as_json:
            sys.stdout.write(
                json.dumps({"seed": base, "games": len(results), "ratings": ratings}, indent=2)
                + "\n"
            )
        else:
            _print_ratings(ratings, len(results))
        if interrupted:
            raise typer.Exit(130)


def _split_plain(text: str) -> list[str]:
    """Agent specs separated by commas; ``key=value`` parts continue the previous spec."""
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if "=" in part and ":" not in part and specs:
            specs[-1] += "," + part
        else:
            specs.append(part)
    return specs


def _print_compare(result: dict[str, Any]) -> None:
    for label in result["labels"]:
        console.print(label)
    table = Table(
        title=f"Win rate by seat, B - A ({result['games'][0]} vs {result['games'][1]} games, "
        "seed " + str(result["seed"]) + ")",
        title_justify="left",
    )
    for col in ("seat", "A", "B", "B - A", "95% CI", ""):
        table.add_column(col, justify="right")
    for row in result["seats"]:
        table.add_row(
            str(row["seat"]),
            f"{row['a']['rate']:.1%}",
            f"{row['b']['rate']:.1%}",
            _signed(row["difference"]),
            f"[{_signed(row['low'])}, {_signed(row['high'])}]",
            "*" if row["significant"] else "",
        )
    console.print(table)
    length = Table(title="Game length, B - A (paired by seed)", title_justify="left")
    for col in ("measure", "A", "B", "B - A", "95% CI", ""):
        length.add_column(col, justify="right")
    for key, row in result["length"].items():
        length.add_row(
            key,
            f"{row['a']:.1f}",
            f"{row['b']:.1f}",
            _signed(row["difference"], pct=False),
            f"[{_signed(row['low'], pct=False)}, {_signed(row['high'], pct=False)}]",
            "*" if row["significant"] else "",
        )
    console.print(length)
    reasons = Table(title="End reasons", title_justify="left")
    reasons.add_column("reason")
    reasons.add_column("A", justify="right")
    reasons.add_column("B", justify="right")
    ra, rb = result["end_reasons"]
    for key in dict.fromkeys([*ra, *rb]):
        reasons.add_row(key, str(ra.get(key, 0)), str(rb.get(key, 0)))
    console.print(reasons)
    console.print("* the 95% interval excludes 0")


def _print_ratings(ratings: list[dict[str, Any]], games: int) -> None:
    table = Table(
        title=f"TrueSkill ratings ({games} games; mu, 95% interval mu ± 1.96 sigma)",
        title_justify="left",
    )
    for col in (
        "rank",
        "agent",
        "mu",
        "95% interval",
        "mu - 3 sigma",
        "games",
        "win rate [95% CI]",
    ):
        if col == "agent":
            table.add_column(col, no_wrap=True)
        else:
            table.add_column(col, justify="right")
    for i, r in enumerate(ratings, 1):
        table.add_row(
            str(i),
            r["agent"],
            f"{r['mu']:.1f}",
            f"[{r['low']:.1f}, {r['high']:.1f}]",
            f"{r['conservative']:.1f}",
            str(r["games"]),
            f"{r['win_rate']:.1%} [{r['win_low']:.1%}, {r['win_high']:.1%}]",
        )
    console.print(table)
