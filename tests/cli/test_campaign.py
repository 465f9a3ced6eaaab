"""``oneiros campaign``: new, continue (with save and resume), show, list, clear errors,
and a session killed with SIGKILL that loses nothing saved before."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("sqlalchemy")

from oneiros.cli.campaign_store import CampaignStore
from tests.cli.helpers import cli_env, oneiros

BOT_EVENING = ("continue", "night", "--seats", "heuristic,heuristic", "--delay", "0")
"""Campaign ``night`` goes on with two heuristic bots and no delay."""


def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'camp.db'}"


def run(tmp_path: Path, *args: str, answers: list[str] | None = None, timeout: float = 120):
    return oneiros(
        tmp_path, "campaign", *args, "--db", db(tmp_path), answers=answers, timeout=timeout
    )


def test_new_show_list_and_a_bot_session_saved_as_the_next_snapshot(tmp_path):
    made = run(tmp_path, "new", "etherfields", "--players", "2", "--name", "night")
    assert made.returncode == 0, made.stderr
    assert "next dream:OD-01X" in made.stdout
    played = run(
        tmp_path,
        *BOT_EVENING,
        "--sessions",
        "2",
        "--seed",
        "4",
    )
    assert played.returncode == 0, played.stderr
    assert "Session 1 (dream:OD-01X) ends" in played.stdout
    assert "Session 2 (dreamworld) ends" in played.stdout
    store = CampaignStore(db(tmp_path))
    game, head, doc = store.head("night")
    assert game == "etherfields" and head == 2 and doc["snapshot"] == 2
    sessions = store.sessions("night")
    assert [s["status"] for s in sessions] == ["done", "done"]
    # each session's record replays on its own and ends as the session did
    import oneiros as api

    first = api.replay(sessions[0]["record"])
    assert first.is_terminal()
    assert store.snapshot("night", 1)["parent"] is not None
    shown = run(tmp_path, "show", "night")
    assert shown.returncode == 0
    for needle in ("Dreamworld map", "Team marker", "Dreamers", "Seasons", "Progress"):
        assert needle in shown.stdout
    listed = run(tmp_path, "list", "--json")
    assert json.loads(listed.stdout)[0]["name"] == "night"


def test_a_human_quits_and_the_session_resumes_where_it_stopped(tmp_path):
    run(tmp_path, "new", "etherfields", "--players", "1", "--name", "solo")
    first = run(
        tmp_path, "continue", "solo", "--seats", "human", "--seed", "2", answers=["1", "quit"]
    )
    assert first.returncode == 0, first.stderr
    assert "oneiros campaign continue solo" in first.stdout
    store = CampaignStore(db(tmp_path))
    n, start, record = store.playing("solo")
    assert (n, start) == (1, 0) and record["actions"]
    again = run(
        tmp_path, "continue", "solo", "--seats", "heuristic", "--delay", "0", "--sessions", "1"
    )
    assert again.returncode == 0, again.stderr
    done = store.sessions("solo")[0]
    assert done["status"] == "done"
    assert done["record"]["actions"][: len(record["actions"])] == record["actions"]


def test_saving_inside_a_dream_with_abandon_is_a_death(tmp_path):
    run(tmp_path, "new", "etherfields", "--players", "1", "--name", "solo")
    run(tmp_path, "continue", "solo", "--seats", "human", answers=["quit"])
    out = run(tmp_path, "continue", "solo", "--abandon")
    assert out.returncode == 0, out.stderr and "a Death" in out.stdout
    _, head, doc = CampaignStore(db(tmp_path)).head("solo")
    assert head == 1 and doc["progress"]["deaths"] == 1 and doc["phase"] == "awaken"


def test_clear_errors(tmp_path):
    run(tmp_path, "new", "etherfields", "--name", "night")
    again = run(tmp_path, "new", "etherfields", "--name", "night")
    assert again.returncode != 0 and "already exists" in again.stderr
    missing = run(tmp_path, "show", "nope")
    assert "no campaign named 'nope' (saved campaigns: night)" in missing.stderr
    bad = run(tmp_path, "new", "lucidity", "--name", "x")
    assert "lucidity has no campaigns" in bad.stderr
    players = run(tmp_path, "new", "etherfields", "--name", "big", "--players", "6")
    assert players.returncode != 0 and "Traceback" not in players.stderr
    url = oneiros(tmp_path, "campaign", "list", "--db", "mysql://x")
    assert "only sqlite:/// and postgresql://" in url.stderr
    for result in (again, missing, bad, url):
        assert "Traceback" not in result.stderr


def test_help_shows_examples(tmp_path):
    out = oneiros(tmp_path, "campaign", "new", "--help")
    assert "oneiros campaign new etherfields --players 2 --name night" in out.stdout


def test_kill_9_during_a_session_loses_nothing_saved_before(tmp_path):
    assert run(tmp_path, "new", "etherfields", "--players", "2", "--name", "night").returncode == 0
    argv = [
        sys.executable,
        "-m",
        "tests.cli.oneiros_cli",
        "campaign",
        *BOT_EVENING,
        "--seed",
        "9",
        "--db",
        db(tmp_path),
    ]
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.Popen(
        argv,
        cwd=root,
        env=cli_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    store = CampaignStore(db(tmp_path))
    seen: list = []
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline:
            playing = store.playing("night")
            if playing is not None and len(playing[2]["actions"]) >= 40:
                seen = playing[2]["actions"]
                break
            time.sleep(0.05)
        assert seen, "the session never saved 40 actions"
        os.killpg(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    after = CampaignStore(db(tmp_path))
    _game, head, doc = after.head("night")  # the file is intact and the head is a snapshot
    assert doc["snapshot"] == head
    latest = after.sessions("night")[-1]
    if latest["status"] == "playing":
        assert latest["record"]["actions"][: len(seen)] == seen
    resumed = run(
        tmp_path,
        *BOT_EVENING,
        "--sessions",
        "1",
    )
    assert resumed.returncode == 0, resumed.stderr
    first = CampaignStore(db(tmp_path)).sessions("night")[0]
    assert first["status"] == "done" and first["record"]["actions"][: len(seen)] == seen
