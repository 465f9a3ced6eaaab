"""The plain Python kernel's turns in one go (``kernel_pyturn``, ``kernel_pynight``): their
tables, how a turn hands its locals back to the step machinery, and the end of a turn
(``end_turn``, in the place of ``kernel_flow.end_turn``). CPython only."""

from __future__ import annotations

from typing import Any

from . import kernel_flow
from .kernel_base import (
    AUTO,
    BONE,
    C_DRAW_AGAIN,
    C_FEAR,
    C_FEAR_NONE,
    C_REROLL,
    C_RESOLVE,
    C_RESOLVE_SHADOW,
    C_REST_EXHAUST,
    C_REST_NONE,
    C_REST_SHADOW,
    CHANCE,
    DB_HUNTED,
    DB_PLAIN_EXH,
    DB_ROTATED,
    DIE_BITS,
    DREAMER,
    ELIMINATED,
    FRAME,
    FSHADOW,
    H_ACTIONS,
    H_BAG,
    H_CUR,
    H_DECISIONS,
    H_DEND,
    H_ES,
    H_EXHFLAG,
    H_FTSET,
    H_GOAL,
    H_N,
    H_REASON,
    H_RETURNS,
    H_RNG,
    H_SP,
    H_STAGES,
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
    STACK,
    TRACK_STEPS,
    TURN_CAP,
    next_random,
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


REROLL_OPTIONS = tuple(tuple(C_REROLL + c for c in range(4) if m >> c & 1) for m in range(16))
"""``REROLL_OPTIONS[colours]``: the rerolls of those colours, in colour order."""
RESOLVE_OPTIONS = tuple(
    tuple(tuple(_resolve_options(b, es) + REROLL_OPTIONS[m] for m in range(16)) for b in range(256))
    for es in (0, 1)
)
"""``RESOLVE_OPTIONS[es][bits & 0xFF][colours]``: the resolve options of the categories and
shadows, then the rerolls of those colours (``legal_resolve``'s order)."""


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
    if S[LIMBO]:
        to_bag_list(S, LIMBO)  # ``give_back_limbo``
    if S[HAND] or S[ROLLED]:
        hand_to_bag(S)
    nxt = S[H_CUR] + 1
    if nxt == n:
        nxt = 0
    if S[SEATS + nxt * SEATSZ + SEAT_ROLE] == ELIMINATED:
        for _ in range(n - 1):
            nxt = (nxt + 1) % n
            if S[SEATS + nxt * SEATSZ + SEAT_ROLE] != ELIMINATED:
                break
    # ``start_turn``, its snapshot only when the turns are recorded (a replay)
    if S[H_TRACE0]:
        snapshot(S)
    S[H_CUR] = nxt
    S[H_TURNS] += 1
    sb = SEATS + nxt * SEATSZ
    S[H_SP] = 1  # the stack was emptied: the new turn's frame is the only one
    if S[sb + SEAT_ROLE] == DREAMER:
        S[sb + SEAT_TRACK] = -1
        S[sb + SEAT_STAGE] = 0
        S[STACK : STACK + FRAME] = (K_TRACK, nxt, 0, 0, 0, 0)
    else:
        S[STACK : STACK + FRAME] = (K_NIGHTMARE, nxt, 0, 0, 0, 0)


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
        x = next_random(x)
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


def _rest_options(exhaust: int, again: int, shadows: int) -> tuple[int, ...]:
    """``legal_rest``'s options without hunted or turned dreams: all exhaust dreams (or
    none), a shadow of each colour in ``shadows`` (bits), drawing again."""
    first = C_REST_EXHAUST if exhaust else C_REST_NONE
    out = (first, *(C_REST_SHADOW + 3 * c for c in range(4) if shadows >> c & 1))
    return (*out, C_DRAW_AGAIN) if again else out


REST_OPTIONS = tuple(
    tuple(tuple(_rest_options(e, a, m) for m in range(16)) for a in (0, 1)) for e in (0, 1)
)
"""``REST_OPTIONS[exhaust][again][shadows]``: the rest options but hunted and turned dreams."""
REST_MORE = tuple(
    tuple(
        tuple(C_REST_SHADOW + 3 * c + 1 for c in range(4) if m >> c & 1)
        + tuple(C_REST_SHADOW + 3 * c + 2 for c in range(4) if m >> (c + 4) & 1)
        + ((C_DRAW_AGAIN,) if again else ())
        for m in range(256)
    )
    for again in (0, 1)
)
"""``REST_MORE[again][hunted | turned << 4]``: the rests of a hunted dream of each colour,
then of a turned one (by colour bits), then drawing again."""


def rest_now(S: Any, sb: int, rows: int, exhausted: int, x: int) -> tuple[int, int]:
    """A random seat's "5. Rest or Draw Again" (the seat at ``sb``, its rows at ``rows``):
    ``legal_rest``'s options (all exhaust dreams or none, a shadow of each colour, a hunted
    or turned dream of each colour, drawing again unless exhausted or at the last stage),
    one drawn with the random number after ``x`` (none for a single option), and the rest
    applied as ``do_rest`` applies it but the end of the turn. The code and ``x``."""
    ex = rows + R_EXH * ROWBLK
    exb = 0
    for d in S[ex + 1 : ex + 1 + S[ex]]:
        exb |= DIE_BITS[d]
    hr = rows + R_HUNT * ROWBLK
    hb = 0
    for d in S[hr + 1 : hr + 1 + S[hr]]:
        hb |= DIE_BITS[d]
    s0, s1, s2, s3 = S[rows + R_SHADOW * ROWBLK : rows + (R_SHADOW + 4) * ROWBLK : ROWBLK]
    sm = (s0 and 1) | (s1 and 2) | (s2 and 4) | (s3 and 8)  # the shadow rows not empty
    again = not exhausted and S[sb + SEAT_STAGE] < S[H_STAGES] - 1
    more = hb >> DB_HUNTED & 15 | exb >> DB_ROTATED << 4 & 240  # hunted, then turned
    if more:
        opts = REST_OPTIONS[exb & DB_PLAIN_EXH and 1][0][sm] + REST_MORE[again][more]
    else:
        opts = REST_OPTIONS[exb & DB_PLAIN_EXH and 1][again][sm]
    n = len(opts)
    code = opts[0]
    if n > 1:
        x = next_random(x)
        code = opts[(x * n) >> 32]
    if code in (C_DRAW_AGAIN, C_REST_NONE):
        return code, x
    if code == C_REST_EXHAUST:  # every exhaust dream not turned back to the bag
        k = 0
        for i in range(ex + 1, ex + 1 + S[ex]):
            d = S[i]
            if d < 64 and d & 7 != BONE:
                S[H_BAG + (d & 7)] += 1
            else:
                S[ex + 1 + k] = d
                k += 1
        S[ex] = k
        return code, x
    j = code - C_REST_SHADOW
    c = j // 3
    how = j % 3
    if how == 0:  # a shadow of that colour
        S[rows + (R_SHADOW + c) * ROWBLK] -= 1
        S[H_BAG + c] += 1
        return code, x
    b = hr if how == 1 else ex  # a hunted (shadow or turned) or a turned dream
    for i in range(b + 1, b + 1 + S[b]):
        d = S[i]
        if d & 7 == c and (d >= 64 or (how == 1 and (d >> 3) & 7 == FSHADOW)):
            end = b + S[b]
            while i < end:
                S[i] = S[i + 1]
                i += 1
            S[b] -= 1
            S[H_BAG + c] += 1
            break
    return code, x


def colour_at(r: int, b0: int, b1: int, b2: int, b3: int) -> int:
    """The colour at place ``r`` of a bag of ``b0`` to ``b3`` dreams of each colour, then
    Bone Hunters (``draw_colour``'s order). A pure expression: the plain Python build writes
    it out where it is called (``kernel_python``), so it costs no call."""
    return (
        0
        if r < b0
        else 1
        if r < b0 + b1
        else 2
        if r < b0 + b1 + b2
        else 3
        if r < b0 + b1 + b2 + b3
        else BONE
    )


def exhaust_now(S: Any, p: int, x: int) -> tuple[int, int]:
    """Seat ``p`` exhausted at the check (``run_check``, then ``exhaust_draw`` with the
    random number after ``x``): a dream drawn (it stays in the bag) and every Power dream
    of its colour back to the bag. ``x`` and the colour drawn (-1: the bag is empty, no
    draw: "Dream Victory" after this turn)."""
    b0, b1, b2, b3, bone = S[H_BAG : H_BAG + 5]
    total = b0 + b1 + b2 + b3 + bone
    if total == 0:
        S[H_DEND] = 1
        return x, -1
    x = next_random(x)
    r = (x * total) >> 32
    c = colour_at(r, b0, b1, b2, b3)
    S[H_EXHFLAG] |= 1 << p
    if c != BONE:
        sb = SEATS + p * SEATSZ
        pw = sb + SEAT_ROWS + R_POW * ROWBLK
        k = 0
        for i in range(pw + 1, pw + 1 + S[pw]):
            d = S[i]
            if d & 7 == c:
                S[H_BAG + c] += 1
                S[sb + PC_OFFSET[d]] -= 1
                S[sb + SEAT_POWER] -= (d >> 3) + 1
            else:
                k += 1
                S[pw + k] = d
        S[pw] = k
    return x, c


def fear_now(S: Any, rows: int, x: int) -> int:
    """Shadow of Primeval Fear for a random dreamer (its rows at ``rows``), from the random
    number after ``x`` (``legal``'s ``K_FEAR`` options, then ``do_fear``): nothing, or a
    shadow or a turned dream of a colour moved to the Hunt row. The new ``x``."""
    ex = rows + R_EXH * ROWBLK
    turned = 0
    for i in range(ex + 1, ex + 1 + S[ex]):
        if S[i] >= 64:
            turned |= 1 << (S[i] & 7)
    opts = [C_FEAR_NONE]
    for k in range(4):
        if S[rows + (R_SHADOW + k) * ROWBLK]:
            opts.append(C_FEAR + 2 * k)
    for k in range(4):
        if turned >> k & 1:
            opts.append(C_FEAR + 2 * k + 1)
    x = next_random(x)
    code = opts[(x * len(opts)) >> 32]
    if code == C_FEAR_NONE:
        return x
    k = (code - C_FEAR) // 2
    hr = rows + R_HUNT * ROWBLK
    if (code - C_FEAR) % 2:
        i = ex + 1
        while S[i] & 7 != k or S[i] < 64:
            i += 1
        d = S[i]
        end = ex + S[ex]
        while i < end:
            S[i] = S[i + 1]
            i += 1
        S[ex] -= 1
    else:
        sr = rows + (R_SHADOW + k) * ROWBLK
        d = S[sr + S[sr]]
        S[sr] -= 1
    S[hr] += 1
    S[hr + S[hr]] = d
    return x
