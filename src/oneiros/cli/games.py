"""``oneiros games`` and ``oneiros agents``: what can be played, and by whom."""

from __future__ import annotations

import json

import typer
from rich.table import Table

from ..core import games as list_games
from .common import console


def register(app: typer.Typer) -> None:
    @app.command("games")
    def games_cmd(
        as_json: bool = typer.Option(False, "--json", help="Print the list as JSON."),
    ) -> None:
        """List the games with their rule sets, player counts and options."""
        infos = list_games()
        if as_json:
            console.print_json(json.dumps([g.to_dict() for g in infos]))
            return
        for info in infos:
            table = Table(title=f"{info.title} ([bold]{info.name}[/])", title_justify="left")
            table.add_column("option")
            table.add_column("default")
            table.add_column("allowed")
            table.add_column("meaning")
            for opt in info.options:
                table.add_row(opt.name, str(opt.default), opt.describe_allowed(), opt.help)
            console.print(
                f"[bold]{info.name}[/]: {info.summary}\n"
                f"  players {info.min_players}-{info.max_players}, rule sets: "
                + ", ".join(
                    f"{r}{' (default)' if r == info.default_ruleset else ''}" for r in info.rulesets
                )
            )
            if info.options:
                console.print(table)

    @app.command("agents")
    def agents_cmd() -> None:
        """List the bots and their parameters (use them as `name:key=value,...`)."""
        from ..agents import agent_specs

        table = Table(title="Agents")
        table.add_column("spec")
        table.add_column("what it does")
        table.add_column("parameters")
        for info in agent_specs():
            params = "; ".join(f"{k}: {v}" for k, v in info.params.items()) or "-"
            table.add_row(info.name, info.summary, params)
        console.print(table)
