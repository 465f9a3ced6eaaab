"""Each adapter needs only its own library: it is imported and played with the other
adapters' libraries hidden (a fresh interpreter whose import system refuses them)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"

BLOCKER = """
import importlib.abc, sys

class Hidden(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in HIDDEN:
            raise ModuleNotFoundError(f"No module named {name!r} (hidden)", name=name)
        return None

sys.meta_path.insert(0, Hidden())
"""

PLAY = {
    "gymnasium": """
from oneiros.interop.gymnasium import make
env = make("lucidity", seat=0, opponents="random", players=2, render_mode="ansi")
obs, info = env.reset(seed=1)
import numpy as np
rng = np.random.default_rng(0)
for _ in range(50):
    obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    if terminated or truncated:
        break
assert "Lucidity" in env.render()
""",
    "pettingzoo": """
from oneiros.interop.pettingzoo import env, parallel_env
e = env("lucidity", players=2, render_mode="ansi")
e.reset(seed=1)
import numpy as np
rng = np.random.default_rng(0)
for n, agent in enumerate(e.agent_iter(100)):
    obs, reward, terminated, truncated, info = e.last()
    e.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
assert "Lucidity" in e.render()
p = parallel_env("lucidity", players=2)
observations, infos = p.reset(seed=1)
assert set(observations) == {"player_0", "player_1"}
""",
    "openspiel": """
import pyspiel
from oneiros.interop import openspiel
openspiel.register(["lucidity"])
game = pyspiel.load_game("python_oneiros_lucidity", {"players": 2})
state = game.new_initial_state()
import random
rng = random.Random(0)
for _ in range(100):
    if state.is_terminal():
        break
    if state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))
assert state.observation_tensor(0)
""",
}

HIDDEN = {
    # PettingZoo's spaces are Gymnasium's, so the PettingZoo adapter may use Gymnasium.
    "gymnasium": {"pettingzoo", "pyspiel", "open_spiel", "torch", "sb3_contrib"},
    "pettingzoo": {"pyspiel", "open_spiel", "torch", "sb3_contrib"},
    "openspiel": {"gymnasium", "pettingzoo", "torch", "sb3_contrib"},
}


@pytest.mark.parametrize("adapter", sorted(PLAY))
def test_adapter_works_with_the_other_libraries_hidden(adapter):
    hidden = sorted(HIDDEN[adapter])
    code = f"HIDDEN = {hidden!r}\n" + BLOCKER + textwrap.dedent(PLAY[adapter])
    code += (
        "\nimport sys\nleaked = sorted(m for m in sys.modules if m.partition('.')[0] in HIDDEN)\n"
    )
    code += "assert not leaked, leaked\nprint('ok')\n"
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().endswith("ok")


def test_the_blocker_really_hides_a_library():
    code = 'HIDDEN = ["pettingzoo"]\n' + BLOCKER + "import pettingzoo\n"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert "No module named 'pettingzoo' (hidden)" in done.stderr
