"""The plain Python kernel's turns in one go (``kernel_pyturn``, ``kernel_pynight``): their
tables, how a turn hands its locals back to the step machinery, and the end of a turn
(``end_turn``, in the place of ``kernel_flow.end_turn``). CPython only."""

from __future__ import annotations

from typing import Any

from . import kernel_flow
from .kernel_base import (
    AUTO,
    BONE,
    C_REROLL,
    C_RESOLVE,
    C_RESOLVE_SHADOW,
    CHANCE,
    DREAMER,
    ELIMINATED,
    H_ACTIONS,
    H_CUR,
    H_DECISIONS,
    H_DEND,
    H_ES,
    H_FTSET,
    H_GOAL,
    H_N,
    H_REASON,
    H_RETURNS,
    H_RNG,
    H_SP,
    H_TRACE0,
    H_TURNS,
    HAND,
    K_CHECK,
    K_DRAW,
    K_NIGHTMARE,
    K_RESOLVE,
    K_RETURN,
    K_ROLL,
    K_TRACK,
    LIMBO,
    R_EXH,
    R_HUNT,
    R_POW,
    R_SHADOW,
    ROLLED,
    ROWBLK,
    SEAT_PC,
    SEAT_POWER,
    SEAT_ROLE,
    SEAT_ROWS,
    SEAT_STAGE,
    SEAT_TRACK,
    SEATS,
    SEATSZ,
    TRACK_STEPS,
    TURN_CAP,
    pick_code,
    push_frame,
    snapshot,
)
from .kernel_flow import hand_to_bag, to_bag_list

MARGIN = 200
"""The hooks play only this many actions or more below ``max_actions`` (a stage, a resolve
decision with its rerolls or a Nightmare's turn apply far fewer), so that they never
pass the limit: ``advance`` plays the last actions one at a time."""

STAGE, RESOLVE, CHECK, REST, TRACK = 0, 1, 2, 3, 4
"""Where ``dreamer_turn`` starts (or goes on): a stage's draws, the resolve decisions, the
check, the rest decision, the track decision."""


def _spread(faces: int) -> int:
    """Bit ``8 * face`` for each face bit of ``faces`` (the dice ``colour + 8 * face``)."""
    return sum(1 << (8 * face) for face in range(6) if faces >> face & 1)


SPREAD = tuple(_spread(t) for t in range(64))
"""``SPREAD[faces] << colour``: the dice of that colour with those faces, as bits."""


def _resolve_options(bits: int, es: int) -> tuple[int, ...]:
    """``legal_resolve``'s options but the rerolls, from the bits of the rolled dice."""
    if bits & 8:
        return (C_RESOLVE + 3,)
    if bits & 7:
        out = tuple(C_RESOLVE + k for k in range(3) if bits & (1 << k))
        return out[:1] if es else out
    return tuple(C_RESOLVE_SHADOW + c for c in range(4) if bits & (16 << c))


RESOLVE_OPTIONS = tuple(tuple(_resolve_options(b, es) for b in range(256)) for es in (0, 1))
"""``RESOLVE_OPTIONS[es][bits & 0xFF]``: the resolve options of the categories and shadows."""
REROLL_OPTIONS = tuple(tuple(C_REROLL + c for c in range(4) if m >> c & 1) for m in range(16))
"""``REROLL_OPTIONS[colours]``: the rerolls of those colours, in colour order."""


PC_OFFSET = tuple(SEAT_PC + 2 * (d & 7) + (d >> 3 & 1) for d in range(16))
"""``PC_OFFSET[die]``: where a seat counts its Power dreams of that die (power1 or power2)."""


PLAIN_ROW = (R_POW, R_POW, R_HUNT, R_EXH)
"""``PLAIN_ROW[face]``: the row of a power1, power2, hunt or exhaust dream."""


def push_next_stage(S: Any, p: int) -> None:
    """``kernel_turn.push_stage`` (the hand is empty at a draw again)."""
    sb = SEATS + p * SEATSZ
    control = TRACK_STEPS[3 * S[sb + SEAT_TRACK] + S[sb + SEAT_STAGE]]
    push_frame(S, K_RESOLVE, p, 0, 0, 0, 0)
    push_frame(S, K_ROLL, CHANCE, p, 0, 0, 0)
    push_frame(S, K_RETURN, p, S[H_RETURNS], 0, 0, 0)
    push_frame(S, K_DRAW, CHANCE, p, S[HAND] + control, 0, 0)


def hand_back(
    S: Any,
    base: int,
    p: int,
    ca: int,
    cb: int,
    hand: list[int],
    rolled: list[int],
    acts: int,
    decs: int,
    x: int,
) -> None:
    """Write the turn's locals back to ``S`` with the frames ``advance`` would hold in the
    middle of the resolve decisions: the check, then the resolve."""
    store_turn(S, base, hand, rolled, acts, decs, x)
    push_frame(S, K_CHECK, AUTO, p, ca, cb, 0)
    push_frame(S, K_RESOLVE, p, 0, 0, 0, 0)


def store_turn(
    S: Any, base: int, hand: list[int], rolled: list[int], acts: int, decs: int, x: int
) -> None:
    """Write the turn's locals back to ``S``; the stack cut to ``base`` frames."""
    S[H_ACTIONS] = acts
    S[H_DECISIONS] = decs
    S[H_RNG] = x
    n = len(hand)
    S[HAND] = n
    S[HAND + 1 : HAND + 1 + n] = hand
    n = len(rolled)
    S[ROLLED] = n
    S[ROLLED + 1 : ROLLED + 1 + n] = rolled
    S[H_SP] = base


def end_turn(S: Any) -> None:
    """``kernel_flow.end_turn`` for CPython (the plain Python kernel puts it in its place,
    see ``kernel._impl``): the turn passes to the next seat not eliminated. The seats'
    roles and Power are read as two slices (one operation each instead of a loop of four)
    and empty lists are not walked; whatever ends the game or plays the final turns (the
    bag, the turn cap, a Power Victory, no dreamer left) is the source's own function."""
    n = S[H_N]
    if (
        S[H_REASON]
        or S[H_DEND]
        or S[H_FTSET]
        or S[H_TURNS] >= TURN_CAP
        or DREAMER not in S[SEATS + SEAT_ROLE : SEATS + n * SEATSZ : SEATSZ]
        or max(S[SEATS + SEAT_POWER : SEATS + n * SEATSZ : SEATSZ]) >= S[H_GOAL]
    ):
        kernel_flow.end_turn(S)
        return
    S[H_SP] = 0
    if S[LIMBO]:
        to_bag_list(S, LIMBO)  # ``give_back_limbo``
    if S[HAND] or S[ROLLED]:
        hand_to_bag(S)
    nxt = S[H_CUR]
    for _ in range(n):
        nxt = (nxt + 1) % n
        if S[SEATS + nxt * SEATSZ + SEAT_ROLE] != ELIMINATED:
            break
    # ``start_turn``, its snapshot only when the turns are recorded (a replay)
    if S[H_TRACE0]:
        snapshot(S)
    S[H_CUR] = nxt
    S[H_TURNS] += 1
    sb = SEATS + nxt * SEATSZ
    if S[sb + SEAT_ROLE] == DREAMER:
        S[sb + SEAT_TRACK] = -1
        S[sb + SEAT_STAGE] = 0
        push_frame(S, K_TRACK, nxt, 0, 0, 0, 0)
    else:
        push_frame(S, K_NIGHTMARE, nxt, 0, 0, 0, 0)


def _envy_pick(r: int, d: int) -> int:
    """``pick_code``'s offset (within the seat's 32) of die ``d`` in row ``r``; -1 for a
    Bone Hunter (Shadow of Envy never offers one)."""
    if d & 7 == BONE:
        return -1
    return pick_code(0, r, d)


ENVY_PICKS = tuple(tuple(_envy_pick(r, d) for d in range(128)) for r in range(7))
"""``ENVY_PICKS[row][die]``: Shadow of Envy's pick of that die, -1 for none."""


def envy_take(S: Any, p: int, x: int) -> tuple[int, int]:
    """Shadow of Envy's pick for a random chooser, from the random number ``x``: the
    options of ``legal_envy`` (every dream on seat ``p``'s card but Bone Hunters, by row,
    each kind once; lucidity-es not the Envy dream itself), one drawn at random (no random
    number for a single option), and the last dream of its row with that pick taken out
    (``remove_pick``, the Power counts kept). The dream (-1: no option) and ``x``."""
    sb = SEATS + p * SEATSZ
    rows = sb + SEAT_ROWS
    skip = R_SHADOW + 1 if S[H_ES] else -1
    seen = 0
    opts = []
    for r in range(7):
        b = rows + r * ROWBLK
        m = S[b]
        if m == 0:
            continue
        picks = ENVY_PICKS[r]
        if r == skip:
            m -= 1
        for d in S[b + 1 : b + 1 + m]:
            j = picks[d]
            if j >= 0 and not seen >> j & 1:
                seen |= 1 << j
                opts.append(j)
    n = len(opts)
    if n == 0:
        return -1, x
    j = opts[0]
    if n > 1:
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        j = opts[(x * n) >> 32]
    r = 0 if j < 12 else 1 if j < 20 else R_POW if j < 28 else R_SHADOW + j - 28
    b = rows + r * ROWBLK
    picks = ENVY_PICKS[r]
    end = b + S[b]
    i = end
    while picks[S[i]] != j:
        i -= 1
    d = S[i]
    while i < end:
        S[i] = S[i + 1]
        i += 1
    S[b] -= 1
    if r == R_POW:
        S[sb + PC_OFFSET[d]] -= 1
        S[sb + SEAT_POWER] -= (d >> 3) + 1
    return d, x
