"""The simulation lab: one reusable game loop, batch runs on processes or Ray, statistics.

from oneiros.sim import play_game, run_games, RunConfig, summarize
"""

from .loop import DECISION_LIMIT, GameResult, derive_seed, game_seed, play_game
from .runner import RunConfig, RunOutcome, batches, play_batch, run_games
from .stats import newcombe_difference, proportion, spread, summarize, wilson

__all__ = [
    "DECISION_LIMIT",
    "GameResult",
    "RunConfig",
    "RunOutcome",
    "batches",
    "derive_seed",
    "game_seed",
    "newcombe_difference",
    "play_batch",
    "play_game",
    "proportion",
    "run_games",
    "spread",
    "summarize",
    "wilson",
]
