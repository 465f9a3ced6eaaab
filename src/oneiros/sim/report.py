"""Reports over a run: PNG charts (matplotlib, Agg) and an HTML page with the summary.

Charts: win rate by seat and by agent with 95% Wilson intervals, the distribution of game
length, end reasons, and game-specific charts. A game declares its own charts with a
module ``charts`` in its package (``oneiros.games.<game>.charts``) holding::

    def charts(games: list[dict], out: pathlib.Path) -> list[tuple[str, str]]:
        '''Draw PNGs into ``out``; return (title, file name) pairs.'''

where ``games`` are the JSON lines of the run. Without it, generic charts are drawn from
the game's ``stats()`` values: numbers and labels, per-seat lists, lists of labels,
counts, groups of numbers (a box plot per group) and lists of records (how often each
value of each text field appears).
"""

from __future__ import annotations

import html
import importlib
import json
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ..core import ConfigError, make
from .loop import GameResult
from .stats import summarize

MAX_GENERIC_CHARTS = 16


def load_results(path: Path) -> list[GameResult]:
    """Read a ``runs.jsonl`` file; a clear one-line error for a missing or malformed file."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such file") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read ({exc.strerror})") from None
    results = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ConfigError(f"{path}, line {number}: not valid JSON ({exc.msg})") from None
        if not isinstance(data, dict):
            raise ConfigError(f"{path}, line {number}: not a game result (a JSON object)")
        try:
            results.append(GameResult.from_dict(data))
        except ConfigError as exc:
            raise ConfigError(f"{path}, line {number}: {exc}") from None
    if not results:
        raise ConfigError(f"{path}: no games in the file")
    return results


@contextmanager
def _figure(path: Path, width: float = 6.4, height: float = 4.0) -> Iterator[Any]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(width, height))
    try:
        yield ax
        fig.tight_layout()
        fig.savefig(path, dpi=100)
    finally:
        plt.close(fig)


def _words(key: str) -> str:
    """A stats key in words: ``final_power_by_role`` -> "Final power by role"."""
    text = key.replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def _rate_chart(
    rows: Sequence[dict[str, Any]],
    labels: Sequence[str],
    title: str,
    xlabel: str,
    path: Path,
    even: float | None = None,
) -> None:
    from matplotlib.ticker import PercentFormatter

    rates = [r["rate"] for r in rows]
    low = [r["rate"] - r["low"] for r in rows]
    high = [r["high"] - r["rate"] for r in rows]
    with _figure(path, width=max(5.0, 1.2 * len(rows) + 2)) as ax:
        ax.bar(
            range(len(rows)),
            rates,
            yerr=[low, high],
            capsize=6,
            color="#5b7fbf",
            label="share of games won (bar), 95% Wilson interval (whiskers)",
        )
        ax.set_xticks(range(len(rows)), labels, rotation=20 if len(rows) > 3 else 0, ha="right")
        ax.set_ylim(0, 1)
        ax.yaxis.set_major_formatter(PercentFormatter(1.0))
        ax.set_xlabel(xlabel)
        ax.set_ylabel("win rate (% of games)")
        ax.set_title(title)
        if even is not None:
            ax.axhline(
                even, color="grey", linestyle=":", linewidth=1, label=f"even share ({even:.0%})"
            )
        ax.legend(loc="upper right", fontsize="small")


def _length_chart(results: Sequence[GameResult], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(9, 3.8))
    try:
        for ax, key, label in (
            (axes[0], "turns", "turns per game (turns)"),
            (axes[1], "decisions", "decisions per game (decisions by all seats)"),
        ):
            values = [getattr(r, key) for r in results]
            bins = min(40, max(1, len(set(values))))
            ax.hist(values, bins=bins, color="#7aa36b", label="games")
            mean = sum(values) / max(1, len(values))
            ax.axvline(mean, color="#333", linestyle="--", linewidth=1, label=f"mean {mean:.1f}")
            ax.set_xlabel(label)
            ax.set_ylabel("games (count)")
            ax.set_title(f"How long games last: {key}")
            ax.legend(fontsize="small")
        fig.tight_layout()
        fig.savefig(path, dpi=100)
    finally:
        plt.close(fig)


def _bar_chart(
    counts: dict[str, float],
    title: str,
    ylabel: str,
    path: Path,
    xlabel: str = "",
    legend: str = "",
) -> None:
    labels = list(counts)
    with _figure(path, width=max(5.0, 0.8 * len(labels) + 2)) as ax:
        ax.bar(range(len(labels)), list(counts.values()), color="#c28e4a", label=legend or ylabel)
        ax.set_xticks(range(len(labels)), labels, rotation=30 if len(labels) > 4 else 0, ha="right")
        ax.set_ylabel(ylabel)
        if xlabel:
            ax.set_xlabel(xlabel)
        ax.set_title(title)
        ax.legend(fontsize="small")


def _hist_chart(values: Sequence[float], title: str, xlabel: str, path: Path) -> None:
    with _figure(path) as ax:
        ax.hist(values, bins=min(30, max(1, len(set(values)))), color="#8a6bbf", label="games")
        mean = sum(values) / max(1, len(values))
        ax.axvline(mean, color="#333", linestyle="--", linewidth=1, label=f"mean {mean:.3g}")
        ax.set_xlabel(xlabel)
        ax.set_ylabel("games (count)")
        ax.set_title(title)
        ax.legend(fontsize="small")


def generic_stat_charts(
    results: Sequence[GameResult],
    out: Path,
    limit: int = MAX_GENERIC_CHARTS,
    sentences: dict[str, str] | None = None,
) -> list[tuple[str, str]]:
    """Charts over the games' ``stats()`` values, whatever the game; ``sentences`` receives
    one sentence per chart file saying what it shows."""
    said = sentences if sentences is not None else {}
    n = len(results)
    players = max((r.players for r in results), default=0)
    keys: list[str] = []
    for r in results:
        for key in r.stats:
            if key not in keys:
                keys.append(key)
    made: list[tuple[str, str]] = []
    for key in keys:
        if len(made) >= limit:
            break
        values = [r.stats[key] for r in results if key in r.stats]
        file = f"stat_{''.join(ch if ch.isalnum() else '_' for ch in key)}.png"
        path = out / file
        words = _words(key)
        if all(isinstance(v, bool) for v in values):
            share = sum(values) / len(values)
            _bar_chart(
                {"yes": share, "no": 1 - share},
                f"{words}: share of games",
                "share of games (0 to 1)",
                path,
                legend="share of games",
            )
            said[file] = f"In how many of the {n} games {key} was true (yes) or not (no)."
        elif all(isinstance(v, int | float) for v in values):
            _hist_chart([float(v) for v in values], f"{words}: spread over games", words, path)
            said[file] = (
                f"How {key} varies from game to game over {n} games; the dashed line is its mean."
            )
        elif all(isinstance(v, str) or v is None for v in values):
            counts = Counter(str(v) for v in values)
            _bar_chart(
                dict(counts.most_common(20)),
                f"{words}: games by value",
                "games (count)",
                path,
                xlabel=words,
                legend="games",
            )
            said[file] = f"How many of the {n} games ended with each value of {key}."
        elif all(
            isinstance(v, list) and len(v) == players and all(isinstance(x, int | float) for x in v)
            for v in values
        ):
            means = {
                f"seat {s}": sum(float(v[s]) for v in values) / len(values) for s in range(players)
            }
            _bar_chart(
                means,
                f"{words}: mean per seat",
                f"mean {words.lower()} per game",
                path,
                xlabel="seat",
                legend=f"mean over {n} games",
            )
            said[file] = (
                f"The mean of {key} for each seat over {n} games: a gap between seats "
                "shows an advantage of sitting there."
            )
        elif all(isinstance(v, list) and all(isinstance(x, str) for x in v) for v in values):
            counts = Counter(x for v in values for x in v)
            if not counts:
                continue
            _bar_chart(
                {k: c / len(values) for k, c in counts.most_common(20)},
                f"{words}: how often per game",
                "times per game (mean)",
                path,
                xlabel=words,
                legend=f"mean over {n} games",
            )
            said[file] = f"How many times per game each value of {key} appears, on average."
        elif all(
            isinstance(v, dict) and all(isinstance(x, int | float) for x in v.values())
            for v in values
        ):
            totals: dict[str, float] = {}
            for v in values:
                for k, x in v.items():
                    totals[str(k)] = totals.get(str(k), 0.0) + float(x)
            if not totals:
                continue
            top = sorted(totals.items(), key=lambda kv: -kv[1])[:20]
            _bar_chart(
                {k: t / len(values) for k, t in top},
                f"{words}: mean per game",
                "mean per game",
                path,
                xlabel=words,
                legend=f"mean over {n} games",
            )
            said[file] = f"The mean per game of each part of {key}."
        elif all(
            isinstance(v, dict)
            and all(
                isinstance(x, list) and all(isinstance(y, int | float) for y in x)
                for x in v.values()
            )
            for v in values
        ):
            groups: dict[str, list[float]] = {}
            for v in values:
                for k, x in v.items():
                    groups.setdefault(str(k), []).extend(float(y) for y in x)
            if not groups:
                continue
            _box_chart(groups, f"{words}: spread by group", words, path)
            said[file] = (
                f"The spread of {key} in each group: the box holds the middle half of the "
                "values with the median as a line; whiskers reach the values within 1.5 box "
                "lengths, dots are the rarer ones."
            )
        elif all(isinstance(v, list) and all(isinstance(x, dict) for x in v) for v in values):
            drawn = _record_charts(key, values, out, limit - len(made), said)
            made.extend(drawn)
            continue
        else:
            continue
        made.append((key, file))
    return made


def _box_chart(groups: dict[str, list[float]], title: str, ylabel: str, path: Path) -> None:
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    labels = [k for k, v in groups.items() if v]
    with _figure(path, width=max(5.0, 1.0 * len(labels) + 2)) as ax:
        ax.boxplot([groups[k] for k in labels])
        ax.set_xticks(range(1, len(labels) + 1), labels)
        ax.set_xlabel("group")
        ax.set_ylabel(ylabel)
        ax.set_title(title)
        ax.legend(
            handles=[
                Patch(facecolor="white", edgecolor="black", label="middle half (quartiles)"),
                Line2D([0], [0], color="#ff7f0e", label="median"),
            ],
            fontsize="small",
        )


def _record_charts(
    key: str,
    values: Sequence[list[dict[str, Any]]],
    out: Path,
    limit: int,
    said: dict[str, str] | None = None,
) -> list[tuple[str, str]]:
    """For a list of records per game (``nightmares: [{"seat": 0, "became": "green"}]``):
    how often each value of each text field appears, per game."""
    fields: list[str] = []
    for v in values:
        for item in v:
            for f, x in item.items():
                if isinstance(x, str) and f not in fields:
                    fields.append(f)
    made: list[tuple[str, str]] = []
    for f in fields[: max(0, limit)]:
        counts = Counter(item[f] for v in values for item in v if isinstance(item.get(f), str))
        name = f"stat_{''.join(ch if ch.isalnum() else '_' for ch in f'{key}_{f}')}.png"
        _bar_chart(
            {k: c / len(values) for k, c in counts.most_common(20)},
            f"{_words(key)}: {f}, how often per game",
            "times per game (mean)",
            out / name,
            xlabel=f,
            legend=f"mean over {len(values)} games",
        )
        if said is not None:
            said[name] = f"How many times per game each {f} of {key} appears, on average."
        made.append((f"{key}: {f}", name))
    return made


def game_charts(results: Sequence[GameResult], out: Path) -> list[tuple[str, str]] | None:
    """The game's own charts (``oneiros.games.<game>.charts``), or None if it has none."""
    name = results[0].game
    try:
        module = type(make(name, players=results[0].players)).__module__
    except ConfigError:
        return None
    parts = module.split(".")
    if len(parts) < 3 or parts[:2] != ["oneiros", "games"]:
        return None
    target = ".".join(parts[:3]) + ".charts"
    try:
        charts = importlib.import_module(target)
    except ModuleNotFoundError as exc:
        if exc.name == target:
            return None
        raise
    draw = getattr(charts, "charts", None)
    if draw is None:
        return None
    return [(str(t), str(f)) for t, f in draw([r.to_dict() for r in results], out)]


def write_report(results: Sequence[GameResult], out: Path) -> list[Path]:
    """Write the charts and ``index.html`` into ``out``; return the files written."""
    if not results:
        raise ConfigError("no games to report on")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ConfigError(f"{out}: cannot create the folder ({exc.strerror})") from None
    summary = summarize(results)
    n = summary["games"]
    charts: list[tuple[str, str]] = []
    said: dict[str, str] = {}
    seat_rows = summary["seats"]
    _rate_chart(
        seat_rows,
        [f"seat {r['seat']} ({', '.join(r['agents'])})" for r in seat_rows],
        "Who wins: win rate by seat",
        "seat (its agent)",
        out / "winrate_seat.png",
        even=1 / max(1, len(seat_rows)),
    )
    charts.append(("Win rate by seat", "winrate_seat.png"))
    said["winrate_seat.png"] = (
        f"The share of the {n} games each seat won, with its 95% interval: a bar whose "
        "whiskers miss the dotted even-share line wins more (or less) often than chance."
    )
    agent_rows = summary["agents"]
    _rate_chart(
        agent_rows,
        [r["agent"] for r in agent_rows],
        "Which bot wins: win rate by agent",
        "agent",
        out / "winrate_agent.png",
    )
    charts.append(("Win rate by agent", "winrate_agent.png"))
    said["winrate_agent.png"] = (
        "The share of the games each agent won over every seat it played, with its 95% "
        "interval: agents whose intervals do not overlap differ in strength."
    )
    _length_chart(results, out / "length.png")
    charts.append(("Distribution of game length", "length.png"))
    said["length.png"] = (
        "How many games lasted how many turns (left) and decisions (right); the dashed line "
        "is the mean."
    )
    _bar_chart(
        summary["end_reasons"],
        "How games end",
        "games (count)",
        out / "end_reasons.png",
        xlabel="end reason",
        legend=f"games out of {n}",
    )
    charts.append(("End reasons", "end_reasons.png"))
    said["end_reasons.png"] = f"How many of the {n} games ended each way."
    own = game_charts(results, out)
    if own is None:
        own = generic_stat_charts(results, out, sentences=said)
    charts.extend(own)
    captions = [(t, f, said.get(f, f"{t}, drawn by the game's own charts.")) for t, f in charts]
    page = out / "index.html"
    page.write_text(render_html(summary, captions), encoding="utf-8")
    (out / "summary.json").write_text(json.dumps(summary, indent=2), encoding="utf-8")
    return [out / f for _t, f in charts] + [page, out / "summary.json"]


def _pct(row: dict[str, Any]) -> str:
    return f"{row['rate']:.1%} [{row['low']:.1%}, {row['high']:.1%}]"


def render_html(summary: dict[str, Any], charts: Sequence[tuple[str, ...]]) -> str:
    """The report page; ``charts`` holds (title, file) or (title, file, sentence)."""
    e = html.escape
    n = summary["games"]

    def table(head: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
        th = "".join(f"<th>{e(h)}</th>" for h in head)
        body = "".join("<tr>" + "".join(f"<td>{e(str(c))}</td>" for c in r) + "</tr>" for r in rows)
        return f"<table><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>"

    seats = table(
        ["seat", "agents", "wins", "win rate [95% CI]", "mean score"],
        [
            [
                r["seat"],
                ", ".join(r["agents"]),
                f"{r['wins']}/{r['games']}",
                _pct(r),
                f"{r['mean_score']:.2f}",
            ]
            for r in summary["seats"]
        ],
    )
    agents = table(
        ["agent", "wins", "win rate [95% CI]"],
        [[r["agent"], f"{r['wins']}/{r['games']}", _pct(r)] for r in summary["agents"]],
    )
    length = table(
        ["measure", "mean [95% CI]", "sd", "min", "max"],
        [
            [
                key,
                f"{s['mean']:.1f} [{s['mean_low']:.1f}, {s['mean_high']:.1f}]",
                f"{s['sd']:.1f}",
                f"{s['min']:g}",
                f"{s['max']:g}",
            ]
            for key, s in (("turns", summary["turns"]), ("decisions", summary["decisions"]))
        ],
    )
    reasons = table(
        ["end reason", "games", "share"],
        [[k, v, f"{v / n:.1%}"] for k, v in summary["end_reasons"].items()],
    )
    stats = (
        "<h2>Game statistics (mean per game)</h2>"
        + table(["statistic", "mean"], [[k, f"{v:.3g}"] for k, v in summary["stats"].items()])
        if summary["stats"]
        else ""
    )
    figures = "".join(
        f'<figure><img src="{e(c[1])}" alt="{e(c[0])}"><figcaption><strong>{e(c[0])}.</strong> '
        f"{e(c[2] if len(c) > 2 else '')}</figcaption></figure>"
        for c in charts
    )
    title = f"{summary['game']}: {n} games"
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{e(title)}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em; max-width: 1100px; }}
table {{ border-collapse: collapse; margin: 0.5em 0 1.5em; }}
th, td {{ border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }}
th:first-child, td:first-child {{ text-align: left; }}
figure {{ display: inline-block; margin: 0.5em; vertical-align: top; max-width: 520px; }}
figcaption {{ font-size: 0.95em; }}
img {{ max-width: 520px; }}
</style></head><body>
<h1>{e(title)}</h1>
<p>{summary["players"]} players. Win rates count a shared win as a win for each winner;
intervals are 95% Wilson score intervals.</p>
<h2>Win rate per seat</h2>{seats}
<h2>Win rate per agent</h2>{agents}
<h2>Game length</h2>{length}
<h2>End reasons</h2>{reasons}
{stats}
<h2>Charts</h2>
{figures}
</body></html>
"""
