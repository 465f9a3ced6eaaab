"""The game-agnostic engine: states, actions, chance, events, steps and components."""

from .components import Bag, Deck, Die, Grid, weighted_choice
from .errors import ConfigError, ContentError, IllegalAction, OneirosError
from .game import Game, GameInfo, OptionSpec, PlayoutResult, Policy, engine_playouts
from .registry import games, make, register, replay
from .state import RECORD_VERSION, State
from .steps import Step, StepStack
from .types import CHANCE, Action, Decision, Event, rule

__all__ = [
    "CHANCE",
    "RECORD_VERSION",
    "Action",
    "Bag",
    "ConfigError",
    "ContentError",
    "Decision",
    "Deck",
    "Die",
    "Event",
    "Game",
    "GameInfo",
    "Grid",
    "IllegalAction",
    "OneirosError",
    "OptionSpec",
    "PlayoutResult",
    "Policy",
    "State",
    "Step",
    "StepStack",
    "engine_playouts",
    "games",
    "make",
    "register",
    "replay",
    "rule",
    "weighted_choice",
]
