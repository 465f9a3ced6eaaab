"""Running many games: in this process, in worker processes or as Ray tasks.

Work is cut into batches of consecutive game indices; each batch rebuilds the game and the
agents from a picklable :class:`RunConfig` and plays its games with :func:`play_game`, each
with its own seed ``game_seed(seed, index)``. Results are therefore the same whatever the
number of workers and the backend, and they are always delivered in index order.
"""

from __future__ import annotations

import math
import signal
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from ..agents.base import Agent, make_agent
from ..core import ConfigError, Game, make, register
from ..core.i18n import plural
from .loop import DECISION_LIMIT, GameResult, game_seed, play_game

BACKENDS = ("local", "ray")
FAST_AGENTS = ("random", "heuristic")
"""Agents a playout kernel plays itself (``Game.playout_results`` policies)."""


def fast_gap(game: Game, agents: Sequence[str], keep_records: bool = False) -> str | None:
    """None when a run can be played by the game's playout kernel; else why not."""
    if keep_records:
        return "--records keeps each game's full record, which only the engine writes"
    for spec in agents:
        if spec not in FAST_AGENTS:
            return f"the agent {spec!r} is neither 'random' nor 'heuristic'"
    return game.kernel_gap()


@dataclass(frozen=True)
class RunConfig:
    """Everything needed to rebuild a run's games in another process."""

    game: str
    players: int
    ruleset: str
    options: dict[str, Any]
    agents: tuple[str, ...]
    seed: int
    rotate: bool = False
    """Game ``i`` seats the agents shifted by ``i`` places, so each agent plays every seat."""
    keep_records: bool = False
    game_class: str = ""
    """``module:Class`` of the game, so workers can find a game registered at run time."""
    fast: bool = False
    """Games played by the game's playout kernel (``Game.playout_results``), not through
    the per-action API: the same game and the same statistics, other random numbers. Game
    ``i`` plays with seed ``game_seed(seed, i)`` in both cases."""

    @classmethod
    def build(
        cls,
        game: Game,
        agents: Sequence[str],
        seed: int,
        rotate: bool = False,
        keep_records: bool = False,
        fast: bool | None = None,
    ) -> RunConfig:
        """``fast``: None plays through the game's playout kernel when it can (every agent
        random or heuristic, a kernel covering the configuration, no records); True insists
        (``ConfigError`` naming what prevents it); False never."""
        if len(agents) != game.players:
            raise ConfigError(
                f"{len(agents)} {plural(len(agents), 'agent', 'agents')} given for "
                f"{game.players} players: "
                f"give one agent per seat (e.g. --agents {','.join(['random'] * game.players)})"
            )
        for spec in agents:  # fail early, in the parent, on a bad spec
            make_agent(spec, game)
        gap = fast_gap(game, agents, keep_records) if fast is not False else "off"
        if fast and gap is not None:
            raise ConfigError(f"--fast: {gap}")
        kind = type(game)
        return cls(
            game=game.name,
            players=game.players,
            ruleset=game.ruleset,
            options=dict(game.options),
            agents=tuple(agents),
            seed=seed,
            rotate=rotate,
            keep_records=keep_records,
            game_class=f"{kind.__module__}:{kind.__qualname__}",
            fast=gap is None,
        )

    def make_game(self) -> Game:
        try:
            return make(self.game, self.players, self.ruleset, self.options)
        except ConfigError:
            if not self.game_class:
                raise
            register(self.game, self.game_class)
            return make(self.game, self.players, self.ruleset, self.options)

    def seat_agents(self, index: int) -> list[str]:
        """The agent spec of each seat in game ``index``."""
        n = len(self.agents)
        shift = index % n if self.rotate else 0
        return [self.agents[(seat - shift) % n] for seat in range(n)]


class BatchPlayer:
    """Plays games of a run one by one, building each seat's agents once."""

    def __init__(self, config: RunConfig) -> None:
        self.config = config
        self.game = config.make_game()
        self.cache: dict[tuple[int, str], Agent] = {}

    def play(self, index: int) -> GameResult:
        agents = []
        for seat, spec in enumerate(self.config.seat_agents(index)):
            agent = self.cache.get((seat, spec))
            if agent is None:
                agent = self.cache[(seat, spec)] = make_agent(spec, self.game)
            agents.append(agent)
        return play_game(
            self.game,
            agents,
            game_seed(self.config.seed, index),
            index=index,
            keep_record=self.config.keep_records,
        )

    def play_many(self, indices: Sequence[int]) -> list[GameResult]:
        """Play several games: through the playout kernel for a fast run (one call per
        seating of the agents), else one by one."""
        if not self.config.fast:
            return [self.play(index) for index in indices]
        groups: dict[tuple[str, ...], list[int]] = {}
        for index in indices:
            groups.setdefault(tuple(self.config.seat_agents(index)), []).append(index)
        done: dict[int, GameResult] = {}
        for specs, group in groups.items():
            seeds = [game_seed(self.config.seed, index) for index in group]
            results = self.game.playout_results(len(group), policy=specs, seeds=seeds)
            if results is None:  # pragma: no cover - fast runs need a kernel
                raise ConfigError(f"{self.game.name} has no playout kernel")
            for index, seed, r in zip(group, seeds, results, strict=True):
                done[index] = GameResult(
                    index=index,
                    seed=seed,
                    game=self.game.name,
                    ruleset=self.game.ruleset,
                    players=self.game.players,
                    options=dict(self.game.options),
                    agents=list(specs),
                    scores=r.scores,
                    winners=r.winners,
                    turns=r.turns,
                    decisions=r.decisions,
                    actions=r.actions,
                    end_reason=r.end_reason if r.scores else DECISION_LIMIT,
                    stats=r.stats,
                )
        return [done[index] for index in indices]


def play_batch(config: RunConfig, indices: Sequence[int]) -> list[dict[str, Any]]:
    """Play the games ``indices`` of a run; return their results as dicts."""
    player = BatchPlayer(config)
    return [result.to_dict() for result in player.play_many(indices)]


def batches(
    indices: Sequence[int], workers: int, max_size: int = 50, size: int | None = None
) -> list[list[int]]:
    """Cut the game indices into batches: several per worker (for an even load and a lively
    progress bar), never more than ``max_size`` games each; or exactly ``size`` games."""
    n = len(indices)
    if n == 0:
        return []
    if size is None:
        size = max(1, min(max_size, math.ceil(n / (max(1, workers) * 8))))
    return [list(indices[i : i + size]) for i in range(0, n, size)]


@dataclass
class RunOutcome:
    results: list[GameResult] = field(default_factory=list)
    interrupted: bool = False


ResultCallback = Callable[[GameResult], None]


class _InOrder:
    """Hands results on in index order, whatever order the batches finish in."""

    def __init__(self, indices: Sequence[int], callback: ResultCallback | None) -> None:
        self.order = list(indices)
        self.pos = 0
        self.pending: dict[int, GameResult] = {}
        self.callback = callback
        self.done: list[GameResult] = []

    def add(self, rows: list[dict[str, Any]]) -> None:
        for row in rows:
            result = GameResult.from_dict(row)
            self.pending[result.index] = result
        while self.pos < len(self.order) and self.order[self.pos] in self.pending:
            result = self.pending.pop(self.order[self.pos])
            self.pos += 1
            self.done.append(result)
            if self.callback is not None:
                self.callback(result)

    def flush(self) -> None:
        """After an interruption: hand on the finished games past a gap too."""
        for index in sorted(self.pending):
            result = self.pending.pop(index)
            self.done.append(result)
            if self.callback is not None:
                self.callback(result)


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_games(
    config: RunConfig,
    games: int,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    on_result: ResultCallback | None = None,
    start: int = 0,
    batch_size: int | None = None,
) -> RunOutcome:
    """Play games ``start .. start + games - 1`` of the run. Ctrl-C stops cleanly: the
    finished games are kept (and passed to ``on_result``) and ``interrupted`` is set."""
    if games < 0:
        raise ConfigError(f"--games must be 0 or more, not {games}")
    if workers < 1:
        raise ConfigError(f"--workers must be 1 or more, not {workers}")
    if batch_size is not None and batch_size < 1:
        raise ConfigError(f"--batch must be 1 or more, not {batch_size}")
    if backend not in BACKENDS:
        raise ConfigError(f"unknown backend {backend!r} (backends: {', '.join(BACKENDS)})")
    config.make_game()  # a bad configuration fails here, once, with a clear message
    indices = list(range(start, start + games))
    collector = _InOrder(indices, on_result)
    interrupted = False
    try:
        if backend == "ray":
            _run_ray(config, indices, workers, address, collector, batch_size)
        elif workers == 1:
            player = BatchPlayer(config)
            step = 200 if config.fast else 1
            for i in range(0, len(indices), step):
                chunk = indices[i : i + step]
                collector.add([result.to_dict() for result in player.play_many(chunk)])
        else:
            _run_processes(config, indices, workers, collector, batch_size)
    except KeyboardInterrupt:
        interrupted = True
        collector.flush()
    return RunOutcome(collector.done, interrupted)


def _run_processes(
    config: RunConfig,
    indices: list[int],
    workers: int,
    collector: _InOrder,
    batch_size: int | None = None,
) -> None:
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_sigint)
    futures: set[Future[list[dict[str, Any]]]] = set()
    try:
        todo: Iterator[list[int]] = iter(batches(indices, workers, size=batch_size))
        for batch in todo:  # keep a bounded number of batches queued
            futures.add(pool.submit(play_batch, config, batch))
            if len(futures) >= workers * 2:
                break
        while futures:
            finished, futures = wait(futures, return_when=FIRST_COMPLETED)
            for fut in finished:
                collector.add(fut.result())
                nxt = next(todo, None)
                if nxt is not None:
                    futures.add(pool.submit(play_batch, config, nxt))
    except BaseException:
        for fut in futures:
            fut.cancel()
        for proc in list(getattr(pool, "_processes", {}).values()):
            proc.terminate()
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()


def _run_ray(
    config: RunConfig,
    indices: list[int],
    workers: int,
    address: str | None,
    collector: _InOrder,
    batch_size: int | None = None,
) -> None:
    try:
        import ray
    except ImportError:
        raise ConfigError("the ray backend needs Ray: pip install 'oneiros[ray]'") from None
    started = False
    if not ray.is_initialized():
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        started = True
    remote_batch = ray.remote(play_batch)
    pending: list[Any] = []
    try:
        # batches of many games per task; a cluster gets more batches in flight
        todo = iter(batches(indices, workers, max_size=200, size=batch_size))
        in_flight = max(2, workers * 2)
        for batch in todo:
            pending.append(remote_batch.remote(config, batch))
            if len(pending) >= in_flight:
                break
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                collector.add(ray.get(ref))
                nxt = next(todo, None)
                if nxt is not None:
                    pending.append(remote_batch.remote(config, nxt))
    except BaseException:
        for ref in pending:
            ray.cancel(ref, force=True)
        raise
    finally:
        if started:
            ray.shutdown()
