"""``game.playouts`` and its users: the API, the plain Python kernel without numba, the
compiled build against the plain one, a statistical comparison with the engine, the
tree searches' playouts and ``simulate --fast``."""

from __future__ import annotations

import json
import random
import statistics
import sys
from typing import Any

import pytest
from typer.testing import CliRunner

import oneiros
from oneiros.agents.base import make_agent
from oneiros.agents.mcts import MCTSAgent
from oneiros.cli.main import app, main
from oneiros.core import CHANCE, ConfigError, engine_playouts
from oneiros.games.lucidity import kernel as K
from oneiros.games.lucidity import risk
from oneiros.sim import RunConfig, run_games

from .helpers import give, new, play


def lucidity(players: int = 4, **options: Any) -> Any:
    return oneiros.make("lucidity", players=players, options=options)


def test_playouts_return_one_score_list_per_game_reproducibly() -> None:
    game = lucidity(3)
    scores = game.playouts(20, seed=4)
    assert scores is not None and len(scores) == 20
    assert all(len(s) == 3 and all(x >= 0 for x in s) for s in scores)
    assert game.playouts(20, seed=4) == scores
    assert game.playouts(20, seed=5) != scores
    results = game.playout_results(20, seed=4)
    assert [r.scores for r in results] == scores
    for r in results:
        assert r.fast and r.end_reason in ("power", "nightmare", "dream", "eliminated")
        assert r.stats["turns"] == r.turns and r.stats["final_power"] == [int(x) for x in r.scores]
        if r.end_reason == "power":
            # "Power Victory": someone reached 15 Power (the winners have the most Power)
            assert max(r.scores) >= 15
            assert all(r.scores[w] == max(r.scores[i] for i in range(3)) for w in r.winners)


def test_playouts_from_a_position_start_there() -> None:
    """A dreamer at 14 Power who draws again: games from there keep what happened."""
    state = new(players=2)
    play(state, "track:3-5-7", "draw:red", "draw:red", "draw:red", "return:red", "return:red")
    play(state, "roll:power2")
    before = state.clone()
    results = state.game.playout_results(30, seed=1, policy="heuristic", start=state)
    assert all(r.turns >= 1 for r in results)
    assert state.observation(None) == before.observation(None), "the start state is unchanged"
    # seat 0 holds a red 2-Power dream: a Power the kernel must have carried over
    assert any(r.scores[0] >= 2 for r in results)


def test_a_game_without_a_kernel_has_no_playouts() -> None:
    game = oneiros.make("sleep-tight")
    assert game.playouts(3) is None
    assert game.kernel_gap() is not None
    assert game.kernel_backend() is None


def test_bad_policies_are_refused_clearly() -> None:
    with pytest.raises(ConfigError, match="unknown playout policy 'greedy'"):
        lucidity().playouts(2, policy="greedy")
    with pytest.raises(ConfigError, match="one policy per seat"):
        lucidity().playouts(2, policy=["random", "heuristic"])


def test_without_numba_the_plain_python_kernel_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "numba", None)  # "import numba" now fails
    monkeypatch.setattr(K, "_IMPL", {})
    assert not K.numba_available()
    assert K.backend() == "python"
    assert lucidity().kernel_backend(build=True) == "python"
    assert len(lucidity().playouts(5, seed=2) or []) == 5
    with pytest.raises(ImportError):
        K.backend("numba")


def turns_and_reasons(results: list[Any]) -> tuple[float, dict[str, float]]:
    reasons: dict[str, float] = {}
    for r in results:
        reasons[r.end_reason] = reasons.get(r.end_reason, 0) + 1 / len(results)
    return statistics.mean(r.turns for r in results), reasons


@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_kernel_games_look_like_engine_games(policy: str) -> None:
    """A smoke test of the whole pipeline: mean length and end reasons of 300 kernel games
    against 300 engine games (the exact equivalence is test_kernel_equivalence.py's)."""
    game = lucidity(4)
    fast = game.playout_results(300, seed=11, policy=policy)
    slow = engine_playouts(game, 300, seed=11, policy=policy)
    (t1, r1), (t2, r2) = turns_and_reasons(fast), turns_and_reasons(slow)
    sd = statistics.pstdev([r.turns for r in slow])
    assert abs(t1 - t2) < 4 * sd / 300**0.5 * 2**0.5, (t1, t2)
    for reason in ("power", "nightmare"):
        assert abs(r1.get(reason, 0) - r2.get(reason, 0)) < 0.1, (reason, r1, r2)


@pytest.mark.slow
@pytest.mark.timeout(1800)
def test_the_compiled_kernel_plays_the_same_games_as_the_plain_one() -> None:
    """Compiles the kernel with numba if the cache does not hold it yet (one to eight
    minutes on the development machine, depending on its load)."""
    pytest.importorskip("numba")
    game = lucidity(4)
    for policy in ("random", "heuristic"):
        fast = K.playouts(game, 300, seed=9, policy=policy, kernel="numba")
        plain = K.playouts(game, 300, seed=9, policy=policy, kernel="python")
        assert fast is not None and plain is not None
        assert [(p.scores, p.winners, p.actions, p.log) for p in fast] == [
            (p.scores, p.winners, p.actions, p.log) for p in plain
        ]


def test_tree_search_playouts_go_through_the_kernel() -> None:
    game = lucidity(4)
    assert MCTSAgent(game).fast
    assert not make_agent("mcts:fast=false", game).fast  # type: ignore[attr-defined]
    assert not make_agent("mcts:depth=50", game).fast  # type: ignore[attr-defined]
    assert not MCTSAgent(lucidity(3, manifestations=True)).fast
    assert not MCTSAgent(oneiros.make("sleep-tight")).fast
    with pytest.raises(ConfigError, match="fast must be true or false"):
        make_agent("mcts:fast=3", game)
    state = game.new_state(seed=0)
    rng = random.Random(0)
    while state.to_move()[0] == CHANCE or len(state.legal_actions()) < 2:
        state.apply(
            state.sample_chance(rng) if state.to_move()[0] == CHANCE else state.legal_actions()[0]
        )
    agent = make_agent("mcts:iterations=60", game, seed=1)
    calls = []
    roots = []
    playout_root = game.playout_root

    class Counted:
        def __init__(self, inner: Any) -> None:
            self.inner = inner

        def outcomes(self, path: list[str], count: int, seed: int) -> Any:
            calls.append(count)
            return self.inner.outcomes(path, count, seed)

    def counted(start: Any, policy: Any = "random") -> Any:
        roots.append(start)
        return Counted(playout_root(start, policy))

    game.playout_root = counted  # type: ignore[method-assign]
    action = agent.act(state, state.to_move()[0])
    assert action in state.legal_actions()
    # the search may stop early once the move is settled (mcts.STOP_CHECK)
    assert 50 <= agent.last_iterations <= 60  # type: ignore[attr-defined]
    # the root is converted once; each new leaf: two playouts averaged through the
    # compiled kernel, else one, replayed from the root
    assert roots == [state]
    each = 2 if game.kernel_backend() == "numba" else 1
    assert calls == [each] * agent.last_iterations  # type: ignore[attr-defined]
    assert make_agent("mcts:playouts=2", game).playouts == 2  # type: ignore[attr-defined]


def test_fast_runs_are_the_same_whatever_the_workers() -> None:
    game = lucidity(3)
    config = RunConfig.build(game, ["heuristic", "random", "heuristic"], seed=5, rotate=True)
    assert config.fast
    one = run_games(config, 30, workers=1).results
    two = run_games(config, 30, workers=2).results
    assert [r.to_dict() for r in one] == [r.to_dict() for r in two]
    assert [r.agents for r in one[:3]] != [one[0].agents] * 3  # rotated seats


def test_simulate_uses_the_kernel_when_it_can_and_says_why_not_otherwise(
    capsys: pytest.CaptureFixture[str],
) -> None:
    runner = CliRunner()
    out = runner.invoke(
        app, ["simulate", "lucidity", "-n", "40", "-a", "heuristic", "--json", "-q"]
    )
    assert out.exit_code == 0, out.output
    summary = json.loads(out.output)
    assert summary["fast"] in ("python", "numba")
    out = runner.invoke(
        app, ["simulate", "lucidity", "-n", "4", "-a", "random", "--no-fast", "--json", "-q"]
    )
    assert json.loads(out.output)["fast"] is None
    for args, why in (
        (["-a", "mcts"], "--fast: the agent 'mcts' is neither 'random' nor 'heuristic'"),
        (["-o", "manifestations=true"], "--fast: the Manifestations expansion"),
        (["--records"], "--fast: --records keeps each game's full record"),
    ):
        with pytest.raises(SystemExit) as exc:
            main(["simulate", "lucidity", "-n", "2", "--fast", *args])
        assert exc.value.code != 0
        assert why in " ".join(capsys.readouterr().err.split())


def test_the_risk_meter_samples_through_the_kernel_as_the_engine_would() -> None:
    """A dreamer with three hunt dreams and two yellow shadows at rest: the kernel's
    continuations and the engine's give the same chances (within sampling error)."""
    s = new(3)
    give(s, 0, "hunt", "red:hunt", "red:hunt")
    give(s, 0, "shadow_yellow", "yellow:shadow", "yellow:shadow")
    play(s, "track:3-5-7", "draw:yellow", "draw:blue", "draw:blue")
    play(s, "return:blue", "return:blue", "roll:power1")
    assert s.decision().kind == "rest_or_draw"
    fast = risk._kernel_samples(s, 0, 600, seed=3)
    assert fast is not None and len(fast) == 600
    rng = random.Random(3)
    slow = [risk._simulate(s, 0, rng) for _ in range(600)]
    for k in range(3):  # eaten, Nightmare, exhausted
        a = sum(x[k] for x in fast) / 600
        b = sum(x[k] for x in slow) / 600
        assert abs(a - b) < 0.08, (k, a, b)
    assert abs(statistics.mean(x[3] for x in fast) - statistics.mean(x[3] for x in slow)) < 0.6
    assert sum(x[0] for x in fast) > 0 and sum(x[1] for x in fast) > 0
