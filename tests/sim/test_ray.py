"""The Ray backend plays the same batches as the local one: same results for the same seed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from oneiros.sim import RunConfig, run_games
from tests.agents.secretgame import make_secret

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
@pytest.mark.ray
def test_ray_backend_equals_local(monkeypatch):
    pytest.importorskip("ray")
    # Ray workers import the test game by its module path (RunConfig.game_class)
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    monkeypatch.setenv("RAY_USAGE_STATS_ENABLED", "0")
    config = RunConfig.build(make_secret(), ["ismcts:iterations=8", "heuristic"], 11, rotate=True)
    local = run_games(config, 40, workers=1)
    remote = run_games(config, 40, workers=2, backend="ray")
    assert not remote.interrupted
    assert [r.to_dict() for r in remote.results] == [r.to_dict() for r in local.results]
