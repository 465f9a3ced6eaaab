"""The bots and the simulator on Lucidity itself (skipped while the game is not available)."""

from __future__ import annotations

import pytest

import oneiros
from oneiros.agents import make_agent
from oneiros.sim import RunConfig, play_game, run_games
from oneiros.sim.report import write_report

pytestmark = pytest.mark.skipif(
    "lucidity" not in {g.name for g in oneiros.games()}, reason="Lucidity is not available"
)


@pytest.mark.parametrize(
    ("players", "specs"),
    [
        (2, ["mcts:iterations=2", "heuristic"]),
        (3, ["ismcts:iterations=2,rollout=random", "random", "heuristic"]),
        (4, ["random", "heuristic", "random", "heuristic"]),
    ],
)
def test_bots_play_legal_lucidity_games_to_the_end(players, specs):
    game = oneiros.make("lucidity", players=players)
    result = play_game(game, [make_agent(s, game) for s in specs], seed=players)
    assert result.end_reason not in (None, "decision-limit")
    assert len(result.scores) == players and result.winners
    assert result.turns >= 1 and result.decisions >= players


def test_lucidity_runs_are_the_same_with_two_workers(tmp_path):
    game = oneiros.make("lucidity", players=3)
    config = RunConfig.build(game, ["heuristic", "random", "heuristic"], 5, rotate=True)
    one = run_games(config, 12, workers=1)
    two = run_games(config, 12, workers=2)
    assert [r.to_dict() for r in one.results] == [r.to_dict() for r in two.results]
    files = {f.name for f in write_report(one.results, tmp_path)}
    # the game's statistics get charts: power at the end by role, which Nightmares appear
    stats = one.results[0].stats
    if "final_power_by_role" in stats:
        assert "stat_final_power_by_role.png" in files
    if "nightmares" in stats:
        assert any(name.startswith("stat_nightmares") for name in files) or not any(
            r.stats["nightmares"] for r in one.results
        )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_default_search_budget_follows_the_kernel_and_the_players(players):
    """Through the compiled kernel, a 2-player game gets more playouts a leaf and fewer
    iterations than larger games; without it the search keeps 200 iterations of one."""
    from oneiros.agents import mcts

    game = oneiros.make("lucidity", players=players)
    agent = make_agent("mcts", game)
    if game.kernel_backend() != "numba":
        assert (agent.iterations, agent.playouts) == (mcts.DEFAULT_ITERATIONS, 1)
    elif players == 2:
        assert (agent.iterations, agent.playouts) == (mcts.TWO_ITERATIONS, mcts.TWO_PLAYOUTS)
    else:
        assert (agent.iterations, agent.playouts) == (mcts.FAST_ITERATIONS, mcts.FAST_PLAYOUTS)
    assert mcts.TWO_PLAYOUTS > mcts.FAST_PLAYOUTS
    given = make_agent("mcts:iterations=300,playouts=3", game)
    assert (given.iterations, given.playouts) == (300, 3)  # a spec's numbers always win
    engine = make_agent("mcts:fast=false", game)
    assert (engine.iterations, engine.playouts) == (mcts.DEFAULT_ITERATIONS, 1)
