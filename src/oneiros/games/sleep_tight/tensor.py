"""Sleep Tight's observation tensor as a float32 numpy array (for the RL adapters, which
ask for it after every step): ``encode_array(state, player)`` is
``numpy.asarray(encode_state(state, player), dtype=numpy.float32)`` entry for entry.

``encoding._fill`` writes the entries that are not zero straight into a float32
``array.array`` of zeros (each entry once, from its value computed in Python floats, so
rounded to float32 to nearest as ``numpy`` does), which a new numpy array then shares: no
list of floats is built and converted. ``tests/interop/test_sleep_tight_tensor.py`` plays
random games (hypothesis) and compares the array with the encoding of each seat's
observation at every step.

numpy is imported only when a tensor is first asked for (it comes with the ``rl`` extra).
"""

from __future__ import annotations

from array import array
from typing import Any

from .encoding import _fill, _scales

_NP: Any = None


def encode_array(state: Any, player: int) -> Any:
    """``encode_state(state, player)`` as a new float32 numpy array."""
    global _NP
    np = _NP
    if np is None:
        import numpy as np

        _NP = np
    sc = _scales(state.c)
    out = array("f", sc.zeros)
    _fill(state, player, out, sc, 1)
    return np.frombuffer(out, dtype=np.float32)
