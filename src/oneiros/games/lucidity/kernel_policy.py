"""The playout kernel's heuristic policy: ``heuristic.py``'s choices over the kernel state."""

from __future__ import annotations

from typing import Any

from .kernel_base import rand_below


def heuristic_choice(S: Any, f: int, n: int) -> int:
    """The index of the heuristic bot's choice among the ``n`` options of frame ``f``."""
    return rand_below(S, n)
