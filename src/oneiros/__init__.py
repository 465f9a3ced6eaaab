"""Oneiros: dream-themed board games played faithfully on a computer.

import oneiros
game = oneiros.make("lucidity", players=4)
state = game.new_state(seed=7)
"""

__version__ = "0.1.0"

from .core import (
    CHANCE,
    Action,
    ConfigError,
    ContentError,
    Decision,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    OneirosError,
    State,
    games,
    make,
    register,
    replay,
)

__all__ = [
    "CHANCE",
    "Action",
    "ConfigError",
    "ContentError",
    "Decision",
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "OneirosError",
    "State",
    "__version__",
    "games",
    "make",
    "register",
    "replay",
]
