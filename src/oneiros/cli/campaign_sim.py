"""``oneiros simulate GAME --campaign``: whole campaigns between bots (``sim.campaign``)."""

from __future__ import annotations

import json
import sys

from rich.table import Table

from ..core import ConfigError
from ..core.i18n import plural
from .common import console, make_game, parse_options


def simulate_campaigns(
    game_name: str,
    players: int | None,
    agents: str,
    count: int,
    seed: int | None,
    option: list[str] | None,
    as_json: bool,
) -> None:
    from ..sim.campaign import run_campaigns
    from .simulate import fresh_seed, split_agents

    if count < 1:
        raise ConfigError(f"--games must be 1 or more, not {count}")
    game = make_game(game_name, players, None, None)
    specs = split_agents(agents, game)
    base = fresh_seed(seed)
    report = run_campaigns(game_name, game.players, specs, count, base, parse_options(option))
    report["seed"] = base
    if as_json:
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
        return
    campaigns = plural(count, "campaign", "campaigns")
    table = Table(title=f"{count} {game_name} {campaigns}, {game.players} players, {agents}")
    for col in (
        "seed",
        "stop",
        "sessions",
        "evenings",
        "Dreams won",
        "deaths",
        "journeys",
        "Slumbers",
        "stopped at",
        "s/session",
    ):
        table.add_column(col)
    for r in report["campaigns"]:
        table.add_row(
            str(r["seed"]),
            r["stop"],
            str(r["sessions"]),
            str(r["evenings"]),
            str(r["dreams_won"]),
            str(r["deaths"]),
            str(r["journeys"]),
            _slumbers(r["slumbers"]),
            r["where"],
            f"{r['seconds_per_session']:.3f}",
        )
    console.print(table)
    console.print(
        f"finished {report['finished']}/{count}; stops {report['stops']}; mean Dreams won "
        f"{report['dreams_won_mean']:.2f}, deaths {report['deaths_mean']:.2f}, Slumber "
        f"journeys {report['journeys_mean']:.2f} (Slumbers {_slumbers(report['slumbers'])}), "
        f"sessions "
        f"{report['sessions_mean']:.1f}; {report['seconds_per_session']:.3f} s per session "
        f"(cap {report['max_sessions']} sessions per campaign); seed {base}"
    )


def _slumbers(counts: dict[str, int]) -> str:
    """Slumbers met on journeys by outcome: ``won 3, lost 1`` (``-`` for none)."""
    return ", ".join(f"{k} {n}" for k, n in sorted(counts.items())) or "-"
