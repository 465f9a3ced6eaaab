"""`oneiros content check` on the games whose content is one JSON file (Lucidity, Sleep
Tight): every problem is listed, and their loaders still raise the first one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from oneiros.core import ContentError
from oneiros.core.registry import content_format
from oneiros.games.sleep_tight.content import parse_content

ROOT = Path(__file__).parents[1]


def oneiros(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "oneiros.cli.main", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={
            "COLUMNS": "200",
            "PATH": "/usr/bin:/bin",
            "NO_COLOR": "1",
            "PYTHONPATH": str(ROOT / "src"),
        },
        start_new_session=True,
    )


def test_lucidity_lists_every_field_error(tmp_path):
    src = ROOT / "src/oneiros/games/lucidity/data/content.json"
    bad = tmp_path / "content.json"
    bad.write_text(src.read_text(encoding="utf-8").replace('"cost": ', '"cost": "many", "x": ', 1))
    result = oneiros("content", "check", "lucidity", str(bad))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "manifestations[0].cost: Input should be a valid integer" in result.stderr
    assert "manifestations[0].x: Extra inputs are not permitted" in result.stderr


def test_sleep_tight_lists_every_fact_and_the_loader_raises_the_first(tmp_path):
    src = ROOT / "src/oneiros/games/sleep_tight/data/cards.json"
    raw = json.loads(src.read_text(encoding="utf-8"))
    raw["actions"][1]["id"] = raw["actions"][0]["id"]  # a duplicate id
    raw["sandman"][0]["copies"] = raw["sandman"][0].get("copies", 1) + 1  # 29 Sandman cards
    bad = tmp_path / "cards.json"
    bad.write_text(json.dumps(raw), encoding="utf-8")
    report = content_format("sleep-tight").check(bad)
    lines = [f"{p.entry}: {p.problem}" for p in report.errors]
    first = raw["actions"][0]["id"]
    assert lines == [
        f"actions[1] ({first}): duplicate id",
        'sandman: 29 cards in all; the game has 28 (sleep-tight "Components")',
    ]
    with pytest.raises(ContentError, match=r"actions\[1\] .*: duplicate id"):
        parse_content(raw, str(bad))


def test_every_shipped_content_passes_strict():
    for game in ("lucidity", "sleep-tight", "etherfields"):
        report = content_format(game).check()
        assert report.ok(strict=True), [str(p) for p in report.problems]
        assert report.summary


def test_a_pack_hashes_the_same_in_every_process():
    """A record holding a set (an Etherfields ability's keywords, a tile's walls) hashes to
    the same content hash whatever the process's string hashing: a record saved by one
    process replays in another."""
    code = "import oneiros; print(oneiros.make('etherfields').content_hash())"
    seen = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": str(seed)},
        ).stdout.strip()
        for seed in (1, 2, 3, 4)
    }
    assert len(seen) == 1, seen
