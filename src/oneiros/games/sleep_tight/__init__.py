"""Sleep Tight (sleep-tight rulebook): a semi-cooperative card game against the Sandman."""

from __future__ import annotations

from .content import Content, load_content
from .game import SleepTightGame
from .state import SleepTightState

__all__ = ["Content", "SleepTightGame", "SleepTightState", "load_content"]
