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
    """Play random legal games (chance sampled) for about ``seconds`` on one core."""
    game = make(name, players=players)
    rng = random.Random(seed)
    games = actions = 0
    start = time.perf_counter()
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
        if time.perf_counter() >= deadline:
            break
    return GameSpeed(name, game.players, games, actions, time.perf_counter() - start)


def find_floor(start: Path | None = None) -> Path | None:
    """The reference floor script: ``shared/bench/lucidity_floor.py`` beside the checkout."""
    here = (start or Path.cwd()).resolve()
    for base in (here, *here.parents):
        candidate = base / "shared" / "bench" / "lucidity_floor.py"
        if candidate.is_file():
            return candidate
    return None


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


def verdicts(results: list[GameSpeed], floor: float) -> list[str]:
    """The Lucidity targets, measured against the floor of the same run, in sentences."""
    lines: list[str] = []
    for r in results:
        if r.game == "lucidity" and r.players == 4:
            ratio = r.games_per_second / floor if floor else 0.0
            verdict = "meets" if ratio >= 1 / 8 else "misses"
            lines.append(
                f"Lucidity 4-player random games: {ratio:.3f} of the floor "
                f"(1/{1 / ratio if ratio else float('inf'):.1f}); target 1/8: {verdict}. "
                f"Actions/s target 200,000: "
                f"{'meets' if r.actions_per_second >= 200_000 else 'misses'}."
            )
            if r.games and r.actions and floor:
                per_game = r.actions / r.games
                budget = 8 / floor / per_game * 1e6
                lines.append(
                    f"A random 4-player game applies {per_game:,.0f} actions (chance "
                    f"included): 1/8 of the floor leaves {budget:.2f} µs per applied "
                    f"action (legal actions, the random choice or chance sample, and "
                    f"apply), against {1e6 / r.actions_per_second:.2f} µs measured."
                )
    return lines


def markdown(results: list[GameSpeed], floor: float | None) -> str:
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        BEGIN,
        "## Engine speed (`oneiros bench`)",
        "",
        f"Measured {now} on {machine_line()}.",
        "Random legal play, chance sampled, one core; an action is one `apply` (chance included).",
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
        lines.append(f"Reference floor (`shared/bench/lucidity_floor.py`): {floor:,.0f} games/s.")
        lines.extend(verdicts(results, floor))
    else:
        lines.append("Reference floor not found: no ratio stated.")
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
