"""The risk meter: for a dreamer about to choose between resting and drawing again, the
chances of being eaten, becoming a Nightmare and being exhausted at the next draw, and the
expected Power gained. Estimated by Monte Carlo from the current bag (every chance outcome
sampled with its true probability; the seat's own choices and the other seats' choices made
by the heuristic bot), with a 95% Wilson interval for each probability. The continuations
are played by the playout kernel (``kernel.py``, the same rules and the same heuristic)
where it covers the configuration, else through the engine."""

from __future__ import annotations

import math
import random
from typing import Any

from ...core import CHANCE
from .heuristic import heuristic_policy

DEFAULT_SAMPLES = 400


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion k/n."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _simulate(state: Any, player: int, rng: random.Random) -> tuple[bool, bool, bool, int]:
    sim = state.clone()
    start_power = sim.power_of(player)
    start_events = len(sim.events())
    sim.apply("draw_again")
    guard = 0
    while not sim.is_terminal() and guard < 2000:
        guard += 1
        top = sim.stack.top
        if top.kind == "rest" and top.player == player:
            break
        if sim.seats[player].role != "dreamer" or sim.current != player:
            break
        if sim.is_chance():
            sim.apply(sim.sample_chance(rng))
        else:
            seat = sim.to_move()[0]
            sim.apply(heuristic_policy(sim, seat, rng), player=seat)
    role = sim.seats[player].role
    exhausted = any(
        e.kind == "exhausted" and e.data.get("seat") == player for e in sim.events()[start_events:]
    )
    gained = sim.power_of(player) - start_power if role != "eliminated" else -start_power
    return role == "eliminated", role == "nightmare", exhausted, gained


def _kernel_samples(
    state: Any, player: int, samples: int, seed: int
) -> list[tuple[bool, bool, bool, int]] | None:
    """The same continuations played by the playout kernel (``kernel.py``); None where it
    does not cover the configuration."""
    from .kernel import playouts

    sim = state.clone()
    sim.apply("draw_again")
    if sim.is_terminal():
        return None
    results = playouts(
        state.game, samples, seed=seed, policy="heuristic", start=sim, stop_seat=player
    )
    if results is None:
        return None
    start_power = state.power_of(player)
    out = []
    for r in results:
        role = r.roles[player]
        gained = r.power[player] - start_power if role != "eliminated" else -start_power
        out.append((role == "eliminated", role == "nightmare", player in r.exhausted, gained))
    return out


def risk_meter(
    state: Any, player: int, samples: int = DEFAULT_SAMPLES, seed: int = 0
) -> dict[str, Any]:
    """Risk of drawing again for ``player`` (who must be at the rest-or-draw decision and
    allowed to draw again); empty dict otherwise."""
    top = state.stack.top
    if top is None or top.kind != "rest" or top.player != player:
        return {}
    if not any(a.id == "draw_again" for a in state.legal_actions(player)):
        return {}
    rng = random.Random(seed)
    eaten = nightmare = exhausted = 0
    gains: list[int] = []
    sampled = _kernel_samples(state, player, samples, seed)
    if sampled is None:
        sampled = [_simulate(state, player, rng) for _ in range(samples)]
    for e, n, x, g in sampled:
        eaten += e
        nightmare += n
        exhausted += x
        gains.append(g)
    mean = sum(gains) / samples
    var = sum((g - mean) ** 2 for g in gains) / max(1, samples - 1)
    half = 1.96 * math.sqrt(var / samples)
    s = state.seats[player]
    return {
        "method": "monte-carlo",
        "samples": samples,
        "next_control": s.control if s.stage >= 2 else _next_control(s),
        "eaten": eaten / samples,
        "eaten_interval": wilson(eaten, samples),
        "nightmare": nightmare / samples,
        "nightmare_interval": wilson(nightmare, samples),
        "exhausted": exhausted / samples,
        "exhausted_interval": wilson(exhausted, samples),
        "expected_power": mean,
        "expected_power_interval": (mean - half, mean + half),
    }


def _next_control(seat: Any) -> int:
    from .rules import TRACKS

    return TRACKS[seat.track][seat.stage + 1]


__all__ = ["CHANCE", "risk_meter", "wilson"]
