"""Placeholder replaced below."""

from __future__ import annotations

import random

from ...core import Action, State


def heuristic_policy(state: State, player: int, rng: random.Random) -> Action:
    return rng.choice(state.legal_actions(player))
