"""The game-agnostic engine: states, actions, chance, events, the flow of steps, zones,
components, boards, content packs and the effect language."""

from .board import Board, Occupancy, TileMap
from .components import Bag, Deck, Die, weighted_choice
from .errors import ConfigError, ContentError, IllegalAction, OneirosError
from .flow import (
    AutoStep,
    ChanceStep,
    DecisionStep,
    Flow,
    FlowState,
    GroupStep,
    Kinds,
    SimultaneousStep,
)
from .game import (
    Game,
    GameInfo,
    OptionSpec,
    PlayoutResult,
    PlayoutRoot,
    Policy,
    engine_playouts,
)
from .registry import games, make, register, replay
from .state import RECORD_VERSION, State
from .steps import Step, StepStack
from .types import CHANCE, Action, Decision, Event, rule
from .zones import Pool, Table, Visibility, Zone

__all__ = [
    "CHANCE",
    "RECORD_VERSION",
    "Action",
    "AutoStep",
    "Bag",
    "Board",
    "ChanceStep",
    "ConfigError",
    "ContentError",
    "Decision",
    "DecisionStep",
    "Deck",
    "Die",
    "Event",
    "Flow",
    "FlowState",
    "Game",
    "GameInfo",
    "GroupStep",
    "IllegalAction",
    "Kinds",
    "Occupancy",
    "OneirosError",
    "OptionSpec",
    "PlayoutResult",
    "PlayoutRoot",
    "Policy",
    "Pool",
    "SimultaneousStep",
    "State",
    "Step",
    "StepStack",
    "Table",
    "TileMap",
    "Visibility",
    "Zone",
    "engine_playouts",
    "games",
    "make",
    "register",
    "replay",
    "rule",
    "weighted_choice",
]
