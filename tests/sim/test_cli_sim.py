"""``oneiros simulate``, ``report``, ``compare``, ``tournament`` and ``agents`` from the
command line: outputs, one-line errors, and Ctrl-C keeping the finished games."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from oneiros.cli.main import main
from tests.agents.secretgame import make_secret
from tests.cli.helpers import default_sigint

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _secret():
    make_secret()


def run(capsys, *argv):
    """Run the command line; return (exit code, stdout, stderr)."""
    code = 0
    try:
        main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_writes_one_line_per_game_and_a_json_summary(capsys, tmp_path):
    runs = tmp_path / "runs" / "p.jsonl"
    code, out, _err = run(
        capsys,
        "simulate", "secret-pebbles", "--agents", "heuristic,random", "--games", "12",
        "--seed", "7", "--out", str(runs), "--json", "--quiet",
    )  # fmt: skip
    assert code == 0
    lines = [json.loads(line) for line in runs.read_text().splitlines()]
    assert [g["index"] for g in lines] == list(range(12))
    for key in ("seed", "seats", "agents", "scores", "winners", "turns", "decisions",
                "end_reason", "stats"):  # fmt: skip
        assert key in lines[0]
    summary = json.loads(out)
    assert summary["games"] == 12 and summary["seed"] == 7
    assert summary["seats"][0]["wins"] == sum(0 in g["winners"] for g in lines)
    assert {a["agent"] for a in summary["agents"]} == {"heuristic", "random"}


def test_simulate_table_and_same_file_whatever_the_workers(capsys, tmp_path):
    files = []
    for workers in ("1", "2"):
        path = tmp_path / f"w{workers}.jsonl"
        code, out, _ = run(
            capsys,
            "simulate", "secret-pebbles", "-a", "mcts:iterations=6,c=0.5,random", "-n", "10",
            "-s", "3", "-w", workers, "--out", str(path), "--rotate",
        )  # fmt: skip
        assert code == 0
        assert "Win rate per seat" in out and "Game length" in out and "End reasons" in out
        files.append(path.read_text())
    assert files[0] == files[1]
    assert '"agents":["mcts:iterations=6,c=0.5","random"]' in files[0]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "secret-pebbles", "--agents", "oracle"], "unknown agent 'oracle'"),
        (["simulate", "secret-pebbles", "--agents", "random,random,random"], "3 agents"),
        (["simulate", "secret-pebbles", "--games", "0"], "--games must be 1 or more"),
        (["simulate", "no-such-game"], "unknown game 'no-such-game'"),
        (["simulate", "secret-pebbles", "--backend", "mpi"], "unknown backend 'mpi'"),
        (["simulate", "secret-pebbles", "--workers", "0"], "--workers must be 1 or more"),
        (["simulate", "secret-pebbles", "--option", "nope=1"], "unknown option 'nope'"),
        (["report", "/no/such/runs.jsonl"], "no such file"),
        (["tournament", "secret-pebbles", "--agents", "random"], "at least 2 agents"),
        (["compare", "secret-pebbles", "--b-agents", "random,x"], "unknown agent 'x'"),
    ],
)
def test_bad_arguments_give_one_line_errors(capsys, argv, message):
    code, _out, err = run(capsys, *argv, "--quiet") if argv[0] != "report" else run(capsys, *argv)
    assert code == 2
    assert message in err
    assert err.strip().count("\n") == 0, err
    assert "Traceback" not in err


def test_report_writes_charts_and_html(capsys, tmp_path):
    runs = tmp_path / "runs.jsonl"
    run(capsys, "simulate", "secret-pebbles", "-n", "8", "-s", "1", "--out", str(runs), "-q")
    code, out, _ = run(capsys, "report", str(runs), "--out", str(tmp_path / "rep"))
    # the path may be wrapped at the console width (a long temporary path under xdist)
    assert code == 0 and "index.html" in out.replace("\n", "")
    html = (tmp_path / "rep" / "index.html").read_text()
    assert "winrate_seat.png" in html and "length.png" in html
    assert (tmp_path / "rep" / "winrate_agent.png").stat().st_size > 0


def test_compare_same_seeds_two_configurations(capsys):
    code, out, _ = run(
        capsys,
        "compare", "secret-pebbles", "--a-agents", "random,random",
        "--b-agents", "heuristic,random", "-n", "20", "-s", "4", "--json", "-q",
    )  # fmt: skip
    assert code == 0
    result = json.loads(out)
    assert result["games"] == [20, 20]
    assert "agents random,random" in result["labels"][0]
    assert "agents heuristic,random" in result["labels"][1]
    for row in result["seats"]:
        assert row["low"] <= row["difference"] <= row["high"]


def test_tournament_prints_ratings(capsys):
    code, out, _ = run(
        capsys, "tournament", "secret-pebbles", "--agents", "random,heuristic", "-n", "6",
        "-s", "2", "-q",
    )  # fmt: skip
    assert code == 0
    assert "TrueSkill" in out and "heuristic" in out and "random" in out


def test_agents_command_lists_the_search_bots(capsys):
    code, out, _ = run(capsys, "agents")
    assert code == 0 and "mcts" in out and "ismcts" in out and "iterations" in out


SCRIPT = """
import sys
from oneiros.core import register
from tests.agents.secretgame import SecretPebbles
register("secret-pebbles", SecretPebbles)
from oneiros.cli.main import main
main(sys.argv[1:])
"""


@pytest.mark.slow
@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_stops_cleanly_and_keeps_finished_games(tmp_path, workers):
    out = tmp_path / "runs.jsonl"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    proc = subprocess.Popen(
        [sys.executable, "-c", SCRIPT, "simulate", "secret-pebbles", "-a",
         "mcts:iterations=20", "-n", "100000", "-s", "1", "-w", workers, "--out", str(out)],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True,  # its own process group: teardown ends the workers too
        preexec_fn=default_sigint,
    )  # fmt: skip
    try:
        for _ in range(600):  # wait for some finished games (at most a minute)
            if out.exists() and out.read_text().count("\n") >= 2:
                break
            time.sleep(0.1)
        proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=60)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)  # the parent and any worker left behind
        proc.wait(timeout=10)
    assert proc.returncode == 130, stderr
    assert "interrupted: kept" in stderr and "Traceback" not in stderr
    assert "Win rate per seat" in stdout
    games = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(games) >= 2
    indices = [g["index"] for g in games]
    assert indices == sorted(set(indices))
