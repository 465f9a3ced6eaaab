"""The games. Each lives in its own package and is declared under the ``oneiros.games``
entry points in ``pyproject.toml``; the core finds them there and imports none.

A game package holds its rules (forward model), state, validated content data files,
heuristics for bots and rendering helpers, and nothing of any UI or server.

``oneiros.games`` is both this package and the function listing the games: calling the
module (``oneiros.games()``) returns the list of ``GameInfo``.
"""

from __future__ import annotations

import sys
import types
from typing import Any


class _CallableModule(types.ModuleType):
    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        from ..core.registry import games

        return games(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
