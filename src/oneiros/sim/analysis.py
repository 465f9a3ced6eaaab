"""Comparing two configurations with the same seeds, and rating agents in a tournament."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core import ConfigError
from .loop import GameResult
from .stats import Z95, newcombe_difference, proportion, spread, summarize


def compare_results(a: Sequence[GameResult], b: Sequence[GameResult]) -> dict[str, Any]:
    """B minus A: win rate by seat (Newcombe 95% interval) and game length (paired by seed
    where both runs played the same game index, 95% normal interval of the mean difference)."""
    sa, sb = summarize(a), summarize(b)
    seats = []
    for ra, rb in zip(sa["seats"], sb["seats"], strict=False):
        d, low, high = newcombe_difference(ra["wins"], ra["games"], rb["wins"], rb["games"])
        seats.append(
            {
                "seat": ra["seat"],
                "a": ra,
                "b": rb,
                "difference": d,
                "low": low,
                "high": high,
                "significant": low > 0 or high < 0,
            }
        )
    length = {}
    by_index_b = {r.index: r for r in b}
    for key in ("turns", "decisions"):
        diffs = [
            float(getattr(by_index_b[r.index], key) - getattr(r, key))
            for r in a
            if r.index in by_index_b
        ]
        s = spread(diffs)
        length[key] = {
            "a": sa[key]["mean"],
            "b": sb[key]["mean"],
            "difference": s.mean,
            "low": s.low,
            "high": s.high,
            "pairs": s.n,
            "significant": s.n > 1 and (s.low > 0 or s.high < 0),
        }
    return {
        "games": [sa["games"], sb["games"]],
        "seats": seats,
        "length": length,
        "end_reasons": [sa["end_reasons"], sb["end_reasons"]],
        "summary": [sa, sb],
    }


def lineups(agents: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Every set of ``players`` different agents (each played in every seat by rotation)."""
    if len(set(agents)) != len(agents):
        raise ConfigError("tournament agents must be different specs")
    if len(agents) < 2:
        raise ConfigError("a tournament needs at least 2 agents")
    if len(agents) < players:
        raise ConfigError(
            f"{len(agents)} agents cannot fill {players} seats with different agents: "
            f"give at least {players} agents or fewer --players"
        )
    return list(itertools.combinations(agents, players))


def ranks(result: GameResult) -> list[int]:
    """Rank per seat for rating (0 best): winners first, then by score; equal means a tie."""
    n = result.players
    scores = result.scores or [0.0] * n
    keys = [(seat in result.winners, scores[seat]) for seat in range(n)]
    ordered = sorted(set(keys), reverse=True)
    return [ordered.index(k) for k in keys]


@dataclass
class Rating:
    agent: str
    mu: float
    sigma: float
    games: int
    wins: int

    def to_dict(self) -> dict[str, Any]:
        p = proportion(self.wins, self.games)
        return {
            "agent": self.agent,
            "mu": self.mu,
            "sigma": self.sigma,
            "low": self.mu - Z95 * self.sigma,
            "high": self.mu + Z95 * self.sigma,
            "conservative": self.mu - 3 * self.sigma,
            "games": self.games,
            "wins": self.wins,
            "win_rate": p.rate,
            "win_low": p.low,
            "win_high": p.high,
        }


def rate(results: Sequence[GameResult], agents: Sequence[str]) -> list[Rating]:
    """TrueSkill ratings from games in order (mu 25, sigma 25/3 at the start); sorted by the
    conservative estimate mu - 3 sigma."""
    import trueskill

    env = trueskill.TrueSkill(draw_probability=0.05)
    ratings = {a: env.create_rating() for a in agents}
    games = dict.fromkeys(agents, 0)
    wins = dict.fromkeys(agents, 0)
    for r in results:
        if len(set(r.agents)) != len(r.agents):
            raise ConfigError(f"game {r.index} seats the same agent twice: cannot rate it")
        groups = [(ratings[a],) for a in r.agents]
        new = env.rate(groups, ranks=ranks(r))
        for seat, spec in enumerate(r.agents):
            ratings[spec] = new[seat][0]
            games[spec] += 1
            wins[spec] += seat in r.winners
    out = [Rating(a, ratings[a].mu, ratings[a].sigma, games[a], wins[a]) for a in agents]
    out.sort(key=lambda x: x.mu - 3 * x.sigma, reverse=True)
    return out
