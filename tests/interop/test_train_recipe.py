"""The MaskablePPO training recipe (examples/train_lucidity_ppo.py) and the ``policy``
agent that plays what it saves. The short training runs when the ``train`` extra
(sb3-contrib, PyTorch) is installed; the argument parsing, the evaluation with Wilson
intervals and the clear errors without the extra are tested without it."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import oneiros
from oneiros.agents import make_agent
from oneiros.core import ConfigError

ROOT = Path(__file__).resolve().parents[2]
RECIPE = ROOT / "examples" / "train_lucidity_ppo.py"
HAVE_TRAIN = all(importlib.util.find_spec(m) for m in ("torch", "sb3_contrib"))
needs_train = pytest.mark.skipif(
    not HAVE_TRAIN, reason="the train extra (sb3-contrib, torch) is not installed"
)


@pytest.fixture(scope="module")
def recipe():
    spec = importlib.util.spec_from_file_location("train_lucidity_ppo", RECIPE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_lucidity_ppo"] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_defaults_are_the_documented_recipe(recipe):
    args = recipe.parse_args([])
    assert (args.game, args.players, args.opponents) == ("lucidity", 2, "heuristic")
    assert (args.timesteps, args.eval_games, args.eval_against) == (
        50_000,
        200,
        "random,heuristic",
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--timesteps", "0"], "--timesteps must be at least 1"),
        (["--eval-games", "-3"], "--eval-games must be at least 1"),
        (["--evaluate", "a.zip", "--agent", "random"], "not both"),
    ],
)
def test_bad_arguments_are_usage_errors(recipe, capsys, argv, message):
    with pytest.raises(SystemExit) as exit_info:
        recipe.parse_args(argv)
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_evaluation_counts_wins_with_rotating_seats_and_a_wilson_interval(recipe):
    game = oneiros.make("lucidity", players=2)
    heuristic = make_agent("heuristic", game)
    result = recipe.evaluate(game, heuristic, "random", games=12, seed=3)
    assert result.games == 12 and 0 <= result.wins <= 12
    assert result.low <= result.rate <= result.high
    # The heuristic beats random play most of the time in both seats.
    assert result.wins >= 8
    # Replaying the games: the recipe counted a win exactly when the agent's seat won.
    from oneiros.sim.loop import play_game

    wins = 0
    for i in range(12):
        seat = i % 2
        agents = [heuristic if s == seat else make_agent("random", game) for s in range(2)]
        wins += seat in play_game(game, agents, seed=3 + i, index=i).winners
    assert wins == result.wins


def test_agent_evaluation_needs_no_training_extra(recipe, capsys):
    out = recipe.main(["--agent", "random", "--eval-games", "4", "--eval-against", "heuristic"])
    assert out["agent"] == "random"
    [row] = out["evaluations"]
    assert row["opponent"] == "heuristic" and row["games"] == 4
    assert "against heuristic: won" in capsys.readouterr().out


def test_a_bad_opponent_is_a_one_line_error(recipe, capsys):
    with pytest.raises(SystemExit) as exit_info:
        recipe.main(["--opponents", "genius", "--agent", "random"])
    assert exit_info.value.code == 2
    assert capsys.readouterr().err.startswith("error: unknown agent 'genius'")


def run_hidden(code: str, hidden: list[str]) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter where ``hidden`` packages cannot be imported."""
    blocker = (
        "import importlib.abc, sys\n"
        "class Hidden(importlib.abc.MetaPathFinder):\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        f"        if name.partition('.')[0] in {hidden!r}:\n"
        "            raise ModuleNotFoundError(name, name=name)\n"
        "sys.meta_path.insert(0, Hidden())\n"
    )
    env = {**os.environ, "PYTHONPATH": f"{ROOT / 'src'}{os.pathsep}{ROOT}"}
    return subprocess.run(
        [sys.executable, "-c", blocker + code], capture_output=True, text=True, env=env, timeout=120
    )


def test_without_the_extra_training_and_the_policy_agent_say_what_to_install(tmp_path):
    model = tmp_path / "model.zip"
    model.write_bytes(b"not read")
    done = run_hidden(
        f"import runpy, sys\nsys.argv = ['train', '--out', {str(model)!r}]\n"
        f"runpy.run_path({str(RECIPE)!r}, run_name='__main__')\n",
        ["torch", "sb3_contrib"],
    )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "error: needs the train extra: pip install -e '.[train]' (sb3-contrib and PyTorch)"
    ]
    done = run_hidden(
        "import oneiros\nfrom oneiros.agents import make_agent\n"
        f"make_agent('policy:path={model}', oneiros.make('lucidity'))\n",
        ["torch", "sb3_contrib"],
    )
    assert "ConfigError: the policy agent needs the train extra" in done.stderr


def test_policy_agent_needs_an_existing_file(tmp_path):
    game = oneiros.make("lucidity", players=2)
    with pytest.raises(ConfigError, match="needs path=FILE"):
        make_agent("policy", game)
    with pytest.raises(ConfigError, match="does not exist"):
        make_agent(f"policy:path={tmp_path / 'none.zip'}", game)
    assert "policy" in {info.name for info in oneiros.agents.agent_specs()}


@needs_train
def test_policy_agent_refuses_a_file_that_is_not_a_model(tmp_path):
    bad = tmp_path / "bad.zip"
    bad.write_text("hello")
    with pytest.raises(ConfigError, match="is not a MaskablePPO model"):
        make_agent(f"policy:path={bad}", oneiros.make("lucidity"))


@pytest.fixture(scope="module")
def trained(recipe, tmp_path_factory):
    """A very short training run of the recipe (a few seconds)."""
    if not HAVE_TRAIN:
        pytest.skip("the train extra (sb3-contrib, torch) is not installed")
    out = tmp_path_factory.mktemp("policy") / "lucidity_ppo.zip"
    result = recipe.main(
        ["--timesteps", "512", "--envs", "2", "--eval-games", "4", "--out", str(out), "--json"]
    )
    return out, result


@needs_train
def test_a_short_training_saves_a_policy_and_evaluates_it(trained, capsys):
    out, result = trained
    assert out.is_file()
    assert result["timesteps"] >= 512
    assert result["agent"] == f"policy:path={out}"
    assert [r["opponent"] for r in result["evaluations"]] == ["random", "heuristic"]
    assert all(
        r["games"] == 4 and r["low"] <= r["rate"] <= r["high"] for r in result["evaluations"]
    )


@needs_train
def test_the_saved_policy_plays_in_oneiros_simulate(trained):
    out, _ = trained
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [
            sys.executable, "-m", "oneiros.cli.main", "simulate", "lucidity", "-p", "2",
            "-a", f"policy:path={out},heuristic", "-n", "3", "--json", "-q",
        ],
        capture_output=True, text=True, env=env, timeout=240,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["games"] == 3


@needs_train
def test_the_saved_policy_only_plays_legal_moves_and_fits_only_its_game(trained):
    out, _ = trained
    game = oneiros.make("lucidity", players=3)  # the tensor is the same for every count
    agent = make_agent(f"policy:path={out}", game)
    state = game.new_state(seed=4)
    import random

    rng = random.Random(0)
    moves = 0
    while not state.is_terminal() and moves < 300:
        if state.is_chance():
            state.apply(state.sample_chance(rng))
            continue
        seat = state.to_move()[0]
        action = agent.act(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(action, player=seat)
        moves += 1
    with pytest.raises(ConfigError, match="was trained on observations"):
        make_agent(f"policy:path={out}", oneiros.make("sleep-tight"))
