"""Whole campaigns between bots (``oneiros simulate GAME --campaign``).

Each campaign starts new and plays session after session (the game's ``campaign_support``
configures each one from the snapshot; its ``carry_over`` gives the next) until it is over
or reaches a cap:

- ``MAX_SESSIONS`` sessions per campaign (40): a campaign the bots cannot finish stops
  there and is reported as capped;
- within a session, the game's ``max_decisions`` actions: a session that does not end is
  reported as stuck, with where it was;
- the game's own caps on endless loops (Etherfields: ``session_limit`` Locations per
  Dreamworld leg, then only a Gate, shopping, Awakening or saving is offered).

The report says how far each campaign got (sessions, evenings, Dreams won, deaths, Slumber
journeys and the Slumbers met on them by outcome), where it stopped, and the time per
session (and per kind of session).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..core import ConfigError, make
from ..core.game import play_out

MAX_SESSIONS = 40
"""Sessions one simulated campaign may play before it is stopped as capped."""


def _play(state: Any, policies: Sequence[str], rng: random.Random, limit: int) -> int:
    return play_out(state, policies, rng, limit)[0]


def run_campaign(
    game_name: str,
    players: int,
    policies: Sequence[str],
    seed: int,
    options: dict[str, Any] | None = None,
    max_sessions: int = MAX_SESSIONS,
) -> dict[str, Any]:
    """One whole campaign between bots; returns how far it got and where it stopped."""
    support = getattr(make(game_name), "campaign_support", None)
    if support is None:
        raise ConfigError(f"{game_name} has no campaigns")
    rng = random.Random(seed)
    doc = support.new(f"sim-{seed}", players, None, options or {})
    times: list[float] = []
    kinds: dict[str, list[float]] = {}
    stop = "capped"
    where = ""
    for k in range(max_sessions):
        game, label = support.session(doc)
        state = game.new_state(seed=seed * 1000 + k)
        t0 = time.perf_counter()
        _play(state, policies, rng, game.info.max_decisions)
        spent = time.perf_counter() - t0
        times.append(spent)
        kinds.setdefault(label.split(":", 1)[0], []).append(spent)
        where = f"{label}: {state.end_reason() or 'not over'}"
        if not state.is_terminal():
            stop = "stuck"
            break
        doc = support.finish(doc, state, spent)
        if doc.get("finished"):
            stop = "finished"
            break
    summary = support.summary(doc)
    progress = doc.get("progress", {})
    dreams = progress.get("dreams", {})
    return {
        "seed": seed,
        "stop": stop,
        "where": where,
        "sessions": len(times),
        "evenings": progress.get("evenings"),
        "dreams": {g: list(v) for g, v in dreams.items()},
        "dreams_won": sum(1 for v in dreams.values() if "victory" in v),
        "deaths": progress.get("deaths", 0),
        "journeys": progress.get("journeys", 0),
        "slumbers": dict(Counter(r for _tile, r in progress.get("slumbers", []))),
        "seconds": round(sum(times), 3),
        "seconds_by_kind": {k: round(sum(v) / len(v), 4) for k, v in sorted(kinds.items())},
        "seconds_per_session": round(sum(times) / max(1, len(times)), 4),
        "summary": summary,
    }


def run_campaigns(
    game_name: str,
    players: int,
    policies: Sequence[str],
    count: int,
    seed: int,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """``count`` campaigns (campaign ``i`` from seed ``seed + i``) and their totals."""
    for p in policies:
        if p not in ("random", "heuristic"):
            raise ConfigError(f"campaigns are simulated with random or heuristic bots, not {p!r}")
    runs = [run_campaign(game_name, players, policies, seed + i, options) for i in range(count)]
    sessions = sum(r["sessions"] for r in runs)
    return {
        "campaigns": runs,
        "finished": sum(r["stop"] == "finished" for r in runs),
        "stops": dict(Counter(r["stop"] for r in runs)),
        "dreams_won_mean": sum(r["dreams_won"] for r in runs) / len(runs),
        "deaths_mean": sum(r["deaths"] for r in runs) / len(runs),
        "journeys_mean": sum(r["journeys"] for r in runs) / len(runs),
        "slumbers": dict(sum((Counter(r["slumbers"]) for r in runs), Counter())),
        "sessions_mean": sessions / len(runs),
        "seconds_per_session": round(sum(r["seconds"] for r in runs) / max(1, sessions), 4),
        "max_sessions": MAX_SESSIONS,
    }


__all__ = ["MAX_SESSIONS", "run_campaign", "run_campaigns"]
