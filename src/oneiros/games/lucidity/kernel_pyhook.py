"""The plain Python kernel's ``turn_hook``: where ``kernel_step.advance`` hands a random
seat's turn to ``kernel_pyturn.dreamer_turn`` or ``kernel_pynight.nightmare_turn``.
CPython only (see ``kernel_pyturn``). The plain Python build runs its own frame loop
(``kernel_pystep.advance``), which starts those turns itself and runs the source's loop
only for single actions and near ``max_actions``, where this hook declines: it stays so
that the source's loop, run as is in that build, still plays the same games."""

from __future__ import annotations

from typing import Any

from .kernel_base import (
    DREAMER,
    FRAME,
    H_ACTIONS,
    H_POL,
    K_CHECK,
    K_NIGHTMARE,
    K_RESOLVE,
    K_TRACK,
    SEAT_ROLE,
    SEATS,
    SEATSZ,
    STACK,
)
from .kernel_pybase import CHECK, MARGIN, RESOLVE, REST, TRACK
from .kernel_pynight import nightmare_turn
from .kernel_pyturn import dreamer_turn


def turn_hook(S: Any, f: int, max_actions: int) -> bool:
    """``kernel_step.turn_hook`` of the plain Python kernel: a random dreamer's turn from
    the track, resolve, check or rest frame ``f`` (see ``dreamer_turn``), a random
    Nightmare's turn from its frame (``nightmare_turn``); whether it played."""
    if S[H_ACTIONS] + MARGIN >= max_actions:
        return False
    k = S[f]
    if k == K_NIGHTMARE:
        return S[H_POL + S[f + 1]] == 0 and nightmare_turn(S, f)
    if k == K_CHECK:
        p = S[f + 2]
        if S[H_POL + p] or S[SEATS + p * SEATSZ + SEAT_ROLE] != DREAMER:
            return False
        phase = CHECK
    else:
        p = S[f + 1]
        if S[H_POL + p]:
            return False
        if k == K_RESOLVE:
            if f == STACK or S[f - FRAME] != K_CHECK or S[f - FRAME + 2] != p:
                return False
            f -= FRAME
            phase = RESOLVE
        else:
            phase = TRACK if k == K_TRACK else REST
    dreamer_turn(S, f, p, phase, max_actions)
    return True
