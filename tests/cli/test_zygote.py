"""The command tests run ``oneiros`` as forks of a process that imported it once
(``tests/cli/zygote.py``): a fork must print, save and exit exactly as a fresh process."""

from __future__ import annotations

import json
import time

import pytest

from tests.cli import helpers

pytestmark = pytest.mark.slow  # runs the oneiros command in subprocesses

RUNS = [
    ("games",),
    ("play", "pebbles", "--seats", "random,random", "--delay", "0", "--seed", "3",
     "--autosave", "game.json"),
    ("play", "lucidity", "--seats", "human,heuristic", "--delay", "0", "--seed", "5",
     "--autosave", "game.json"),
    ("play", "no-such-game"),
    ("replay", "missing.json"),
]  # fmt: skip


@pytest.mark.parametrize("args", RUNS, ids=lambda a: " ".join(a[:2]))
def test_a_forked_run_is_a_fresh_run(tmp_path, monkeypatch, args):
    answers = ["1"] * 200
    (tmp_path / "fork").mkdir()
    (tmp_path / "fresh").mkdir()
    forked = helpers.oneiros(tmp_path / "fork", *args, answers=answers)
    monkeypatch.setattr(helpers._ZYGOTE, "failed", True)  # no fork: a fresh interpreter
    fresh = helpers.oneiros(tmp_path / "fresh", *args, answers=answers)
    assert (forked.returncode, forked.stdout, forked.stderr) == (
        fresh.returncode,
        fresh.stdout,
        fresh.stderr,
    )
    saved = sorted(p.name for p in (tmp_path / "fork").iterdir())
    assert saved == sorted(p.name for p in (tmp_path / "fresh").iterdir())
    for name in saved:
        fork_record = json.loads((tmp_path / "fork" / name).read_text(encoding="utf-8"))
        fresh_record = json.loads((tmp_path / "fresh" / name).read_text(encoding="utf-8"))
        fork_record.pop("saved_at", None)
        fresh_record.pop("saved_at", None)
        assert fork_record == fresh_record


def test_a_run_past_its_time_is_ended(tmp_path):
    # two bots pausing 0.6 s after each move: a game takes several seconds
    args = ("play", "pebbles", "--seats", "random,random", "--seed", "1", "--autosave", "g.json")
    with pytest.raises(helpers.subprocess.TimeoutExpired):
        helpers.oneiros(tmp_path, *args, timeout=1.5)
    saved = tmp_path / "g.json"
    before = saved.read_bytes() if saved.exists() else b""
    time.sleep(2)  # a living run would have moved and autosaved again by now
    assert (saved.read_bytes() if saved.exists() else b"") == before
