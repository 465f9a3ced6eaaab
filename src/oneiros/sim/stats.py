"""Statistics over game results: win rates with Wilson intervals, game length, end reasons.

No statistics library is a dependency, so the few formulas needed are written here:
the Wilson score interval for a proportion, Newcombe's hybrid interval for the difference
of two proportions, and a normal interval for a mean.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .loop import GameResult

Z95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval."""


@dataclass(frozen=True)
class Proportion:
    """``k`` successes out of ``n`` with its Wilson interval."""

    k: int
    n: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.k / self.n if self.n else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "wins": self.k,
            "games": self.n,
            "rate": self.rate,
            "low": self.low,
            "high": self.high,
        }

    def __str__(self) -> str:
        return f"{self.rate:.1%} [{self.low:.1%}, {self.high:.1%}]"


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for ``k`` successes in ``n`` trials (``(0, 1)`` when n = 0)."""
    if n < 0 or not 0 <= k <= n:
        raise ValueError(f"need 0 <= k <= n, got k={k}, n={n}")
    if n == 0:
        return 0.0, 1.0
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if k == 0 else max(0.0, centre - half)
    high = 1.0 if k == n else min(1.0, centre + half)
    return low, high


def proportion(k: int, n: int, z: float = Z95) -> Proportion:
    low, high = wilson(k, n, z)
    return Proportion(k, n, low, high)


def newcombe_difference(
    k1: int, n1: int, k2: int, n2: int, z: float = Z95
) -> tuple[float, float, float]:
    """``p2 - p1`` with Newcombe's hybrid score interval (method 10): (difference, low, high)."""
    p1 = k1 / n1 if n1 else 0.0
    p2 = k2 / n2 if n2 else 0.0
    l1, u1 = wilson(k1, n1, z)
    l2, u2 = wilson(k2, n2, z)
    d = p2 - p1
    low = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    high = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    return d, max(-1.0, low), min(1.0, high)


@dataclass(frozen=True)
class Spread:
    """Mean, standard deviation and range of a sample, with a normal 95% interval of the mean."""

    n: int
    mean: float
    sd: float
    low: float
    high: float
    minimum: float
    maximum: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "mean": self.mean,
            "sd": self.sd,
            "mean_low": self.low,
            "mean_high": self.high,
            "min": self.minimum,
            "max": self.maximum,
        }


def spread(values: Sequence[float], z: float = Z95) -> Spread:
    n = len(values)
    if n == 0:
        return Spread(0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = z * sd / math.sqrt(n) if n > 1 else 0.0
    return Spread(n, mean, sd, mean - half, mean + half, min(values), max(values))


def _seat_won(result: GameResult, seat: int) -> bool:
    return seat in result.winners


def summarize(results: Iterable[GameResult]) -> dict[str, Any]:
    """The summary of a run: win rate per seat and per agent (a shared win counts as a win
    for each winner), game length, end reasons and the mean of numeric game statistics."""
    games = list(results)
    n = len(games)
    players = max((r.players for r in games), default=0)
    seats: list[dict[str, Any]] = []
    for seat in range(players):
        in_seat = [r for r in games if seat < r.players]
        wins = sum(1 for r in in_seat if _seat_won(r, seat))
        seated = Counter(r.agents[seat] for r in in_seat)
        seats.append(
            {
                "seat": seat,
                "agents": dict(seated),
                **proportion(wins, len(in_seat)).to_dict(),
                "mean_score": spread([r.scores[seat] for r in in_seat if r.scores]).mean,
            }
        )
    by_agent: dict[str, list[int]] = {}
    for r in games:
        for seat, spec in enumerate(r.agents):
            tally = by_agent.setdefault(spec, [0, 0])
            tally[1] += 1
            tally[0] += _seat_won(r, seat)
    agents = [
        {"agent": spec, "seats_played": played, **proportion(wins, played).to_dict()}
        for spec, (wins, played) in by_agent.items()
    ]
    shared = sum(1 for r in games if len(r.winners) > 1)
    no_winner = sum(1 for r in games if not r.winners)
    reasons = Counter(r.end_reason or "unknown" for r in games)
    return {
        "games": n,
        "game": games[0].game if games else None,
        "players": players,
        "seats": seats,
        "agents": agents,
        "shared_wins": shared,
        "no_winner": no_winner,
        "turns": spread([r.turns for r in games]).to_dict(),
        "decisions": spread([r.decisions for r in games]).to_dict(),
        "end_reasons": dict(reasons.most_common()),
        "stats": numeric_stats(games),
    }


def numeric_stats(games: Sequence[GameResult]) -> dict[str, float]:
    """The mean of each numeric top-level ``stats()`` value over the games that report it."""
    values: dict[str, list[float]] = {}
    for r in games:
        for key, value in r.stats.items():
            if isinstance(value, bool | int | float):
                values.setdefault(key, []).append(float(value))
    return {k: sum(v) / len(v) for k, v in sorted(values.items())}
