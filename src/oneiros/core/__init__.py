"""The game-agnostic engine: states, actions, chance, events, steps, components, boards,
content packs and the effect language."""

from .board import Board, Occupancy, TileMap
from .components import Bag, Deck, Die, weighted_choice
from .errors import ConfigError, ContentError, IllegalAction, OneirosError
from .game import Game, GameInfo, OptionSpec, Policy
from .registry import games, make, register, replay
from .state import RECORD_VERSION, State
from .steps import Step, StepStack
from .types import CHANCE, Action, Decision, Event, rule

__all__ = [
    "CHANCE",
    "RECORD_VERSION",
    "Action",
    "Bag",
    "Board",
    "ConfigError",
    "ContentError",
    "Decision",
    "Deck",
    "Die",
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "Occupancy",
    "OneirosError",
    "OptionSpec",
    "Policy",
    "State",
    "Step",
    "StepStack",
    "TileMap",
    "games",
    "make",
    "register",
    "replay",
    "rule",
    "weighted_choice",
]
