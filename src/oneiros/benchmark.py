"""Engine speed: random full games per second and applied actions per second, per game.

Shared machines are noisy, so the Lucidity figures are also stated as a ratio to the
reference floor (``shared/bench/lucidity_floor.py``) measured in the same run.
"""

from __future__ import annotations

import os
import platform
import random
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .core import CHANCE, make

BEGIN = "<!-- oneiros bench: begin -->"
END = "<!-- oneiros bench: end -->"


@dataclass
class GameSpeed:
    game: str
    players: int
    games: int
    actions: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0


def measure_random_games(
    name: str, players: int | None = None, seconds: float = 5.0, seed: int = 1
) -> GameSpeed:
    """Play random legal games (chance sampled) for about ``seconds`` of CPU time."""
    game = make(name, players=players)
    rng = random.Random(seed)
    games = actions = 0
    start = time.process_time()
    deadline = start + seconds
    choice = rng.choice
    while True:
        state = game.new_state(seed=games)
        # bound methods looked up once per game: the loop measures the engine, not lookups
        to_move_of, apply = state.to_move, state.apply
        legal_actions, sample_chance = state.legal_actions, state.sample_chance
        while True:
            to_move = to_move_of()
            if not to_move:
                break
            if to_move[0] == CHANCE:
                apply(sample_chance(rng))
            elif len(to_move) == 1:
                apply(choice(legal_actions()))
            else:
                seat = to_move[0]
                apply(choice(legal_actions(seat)), player=seat)
            actions += 1
        games += 1
        if time.process_time() >= deadline:
            break
    return GameSpeed(name, game.players, games, actions, time.process_time() - start)


@dataclass
class KernelSpeed:
    """The playout kernel's figures for one game (CPU time, one core)."""

    game: str
    players: int
    backend: str
    """How the kernel ran: "numba" (compiled) or "python"."""
    random_gps: float
    """``game.playouts`` random games/s with that kernel."""
    python_gps: float
    """``game.playouts`` random games/s with the plain Python kernel."""
    mcts_ips: float
    """Default ``mcts`` iterations/s on a mid-game position."""
    simulate_gps: float
    """``oneiros simulate`` (heuristic in every seat, one worker, --fast) games/s."""
    mcts_move_seconds: float | None = None
    """CPU seconds of one default ``mcts`` move on that position (the hint bot's)."""


def _cpu_rate(work: Any, seconds: float) -> float:
    """Units of ``work()`` (it returns how many it did) per CPU second."""
    done = 0
    start = time.process_time()
    while True:
        done += work()
        spent = time.process_time() - start
        if spent >= seconds:
            return done / spent


def measure_kernel(
    name: str, players: int | None = None, seconds: float = 5.0
) -> KernelSpeed | None:
    """The playout kernel's targets (None for a game without one): compiled if numba is
    installed (compiling it once if needed, see ``Game.kernel_backend``)."""
    from .agents.base import make_agent
    from .sim import RunConfig, run_games

    game = make(name, players=players)
    if game.kernel_gap() is not None:
        return None
    backend = game.kernel_backend(build=True) or "python"
    batch = iter(range(1 << 30))
    random_gps = _cpu_rate(lambda: len(game.playouts(200, seed=next(batch)) or ()), seconds)
    saved = os.environ.get("ONEIROS_KERNEL")
    os.environ["ONEIROS_KERNEL"] = "python"
    try:
        game.playouts(1, seed=0)  # specialises the plain kernel (once a process, ~0.5 s)
        python_gps = _cpu_rate(lambda: len(game.playouts(10, seed=next(batch)) or ()), seconds)
    finally:
        if saved is None:
            del os.environ["ONEIROS_KERNEL"]
        else:
            os.environ["ONEIROS_KERNEL"] = saved
    state = _mid_game(game)
    agent = make_agent("mcts", game, seed=1)
    seat = state.to_move()[0]

    moves = [0]

    def search() -> int:
        agent.act(state, seat)
        moves[0] += 1
        return int(getattr(agent, "last_iterations", 0))

    start = time.process_time()
    mcts_ips = _cpu_rate(search, seconds)
    move_seconds = (time.process_time() - start) / max(1, moves[0])
    config = RunConfig.build(game, ["heuristic"] * game.players, seed=1, fast=True)
    start_index = iter(range(0, 1 << 30, 500))

    def simulate() -> int:
        return len(run_games(config, 500, start=next(start_index)).results)

    simulate_gps = _cpu_rate(simulate, seconds)
    return KernelSpeed(
        name, game.players, backend, random_gps, python_gps, mcts_ips, simulate_gps, move_seconds
    )


def _mid_game(game: Any) -> Any:
    """A decision with a choice some turns into a heuristic game (the same every run)."""
    rng = random.Random(1)
    policy = game.heuristic_policy()
    state = game.new_state(seed=1)
    while True:
        to_move = state.to_move()
        if to_move[0] == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        seat = to_move[0]
        if state.turn_number() >= 8 and len(state.legal_actions(seat)) > 1:
            return state
        state.apply(policy(state, seat, rng) if policy else rng.choice(state.legal_actions(seat)))


def find_floor(start: Path | None = None) -> Path | None:
    """The reference floor script: ``shared/bench/lucidity_floor.py`` beside the checkout."""
    here = (start or Path.cwd()).resolve()
    for base in (here, *here.parents):
        candidate = base / "shared" / "bench" / "lucidity_floor.py"
        if candidate.is_file():
            return candidate
    return None


def run_floor_cpu(path: Path, seconds: float = 5.0) -> float:
    """Games per CPU second of the reference floor, its ``play`` run in this process (the
    kernel's targets are CPU-time ratios)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("lucidity_floor", path)
    if spec is None or spec.loader is None:
        raise RuntimeError(f"{path}: cannot be loaded")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    rng = random.Random(1)
    return _cpu_rate(lambda: [module.play(rng) for _ in range(200)] and 200, seconds)


def run_floor(path: Path, games: int = 20000) -> float:
    """Games per second of the reference floor, run as its README says."""
    out = subprocess.run(
        [sys.executable, str(path), str(games)],
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    ).stdout
    match = re.search(r"([\d.]+) games/s", out)
    if not match:
        raise RuntimeError(f"unexpected floor output: {out!r}")
    return float(match.group(1))


def machine_line() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (
        f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, "
        f"Python {platform.python_version()} ({platform.python_implementation()})"
    )


def _ratio(value: float, floor: float) -> str:
    ratio = value / floor if floor else 0.0
    return (
        f"{ratio:.2f}x"
        if ratio >= 1
        else f"{ratio:.3f} (1/{1 / ratio if ratio else float('inf'):.1f})"
    )


def _meets(ok: bool) -> str:
    return "meets" if ok else "misses"


def verdicts(results: list[GameSpeed], floor: float) -> list[str]:
    """The per-action API's Lucidity targets against the floor of the same run."""
    lines: list[str] = []
    for r in results:
        if r.game == "lucidity" and r.players == 4:
            ratio = r.games_per_second / floor if floor else 0.0
            lines.append(
                f"Lucidity 4-player random games through the per-action API: "
                f"{_ratio(r.games_per_second, floor)} of the floor; target 1/25: "
                f"{_meets(ratio >= 1 / 25)}. Actions/s target 200,000: "
                f"{_meets(r.actions_per_second >= 200_000)}."
            )
            if r.games and r.actions and floor:
                per_game = r.actions / r.games
                budget = 25 / floor / per_game * 1e6
                lines.append(
                    f"A random 4-player game applies {per_game:,.0f} actions (chance "
                    f"included): 1/25 of the floor leaves {budget:.2f} µs per applied "
                    f"action (legal actions, the random choice or chance sample, and "
                    f"apply), against {1e6 / r.actions_per_second:.2f} µs measured."
                )
    return lines


def kernel_verdicts(k: KernelSpeed, floor: float) -> list[str]:
    """The playout kernel's targets (issue "Fast playouts") against the floor's CPU rate."""
    compiled = k.backend == "numba"
    lines = [
        f"`game.playouts` random {k.players}-player, {k.backend} kernel: {k.random_gps:,.0f} "
        f"games/s, {_ratio(k.random_gps, floor)} of the floor; target "
        + (
            f"2x compiled: {_meets(k.random_gps >= 2 * floor)}."
            if compiled
            else "2x compiled: not measured (numba is not installed)."
        ),
        f"`game.playouts` random, plain Python kernel: {k.python_gps:,.0f} games/s, "
        f"{_ratio(k.python_gps, floor)} of the floor; target 1/8: "
        f"{_meets(k.python_gps >= floor / 8)}.",
        f"default `mcts` on a {k.players}-player position: {k.mcts_ips:,.0f} iterations/s, "
        f"{_ratio(k.mcts_ips, floor)} of the floor's games/s; target 1/4 (aim 1/2): "
        f"{_meets(k.mcts_ips >= floor / 4)}.",
        f"`oneiros simulate` heuristic x{k.players} (--fast, one worker): "
        f"{k.simulate_gps:,.0f} games/s, {_ratio(k.simulate_gps, floor)} of the floor; "
        f"target 1x compiled: {_meets(compiled and k.simulate_gps >= floor)}.",
    ]
    if k.mcts_move_seconds is not None:
        lines.append(
            f"default `mcts` (the hint bot) on that position: {k.mcts_move_seconds:.2f} s of "
            f"CPU per move; target at most 1 s: {_meets(k.mcts_move_seconds <= 1.0)}."
        )
    return lines


def markdown(
    results: list[GameSpeed],
    floor: float | None,
    kernels: list[KernelSpeed] | None = None,
    floor_cpu: float | None = None,
) -> str:
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        BEGIN,
        "## Engine speed (`oneiros bench`)",
        "",
        f"Measured {now} on {machine_line()}.",
        "Random legal play, chance sampled, CPU time of one core; an action is one `apply` "
        "(chance included).",
        "",
        "| game | players | games/s | actions/s | games played |",
        "|---|---|---|---|---|",
    ]
    for r in results:
        lines.append(
            f"| {r.game} | {r.players} | {r.games_per_second:,.1f} | "
            f"{r.actions_per_second:,.0f} | {r.games} |"
        )
    lines.append("")
    if floor is not None:
        lines.append(
            f"Reference floor (`shared/bench/lucidity_floor.py`, run as its README says, wall "
            f"clock): {floor:,.0f} games/s."
        )
        if floor_cpu:
            lines.append(
                f"The ratios are to the floor's `play` run in this process, in CPU time: "
                f"{floor_cpu:,.0f} games/s."
            )
        lines.extend(verdicts(results, floor_cpu or floor))
    else:
        lines.append("Reference floor not found: no ratio stated.")
    for k in kernels or []:
        lines += [
            "",
            f"### The playout kernel ({k.game}, `game.playouts`)",
            "",
            "CPU time, one core, ratios to the floor's `play` run in the same process "
            + (f"({floor_cpu:,.0f} games per CPU second)." if floor_cpu else "(not found)."),
            "",
        ]
        if floor_cpu:
            lines += [f"- {line}" for line in kernel_verdicts(k, floor_cpu)]
    lines.append(END)
    return "\n".join(lines) + "\n"


def write_section(path: Path, section: str) -> None:
    """Replace the ``oneiros bench`` section of ``path`` (other sections are kept)."""
    text = path.read_text(encoding="utf-8") if path.exists() else "# Benchmarks\n\n"
    if BEGIN in text and END in text:
        head, _, rest = text.partition(BEGIN)
        _, _, tail = rest.partition(END)
        text = head + section.rstrip("\n") + tail
    else:
        text = text.rstrip("\n") + "\n\n" + section
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
