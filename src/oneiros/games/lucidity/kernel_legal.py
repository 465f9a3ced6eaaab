"""The playout kernel: the options of each decision, in the order of the engine's
``legal_actions`` (``state._legal_*``), written to the option buffer of ``S``."""

from __future__ import annotations

from typing import Any

from .kernel_base import (
    BONE,
    C_ABILITY_PASS,
    C_ABILITY_USE,
    C_BECOME,
    C_CONSUME,
    C_DRAW_AGAIN,
    C_FEAR,
    C_FEAR_NONE,
    C_MINION,
    C_MINIONS,
    C_PICK,
    C_REROLL,
    C_REROLL_CHOSEN,
    C_REROLL_FACE,
    C_RESOLVE,
    C_RESOLVE_NOW,
    C_RESOLVE_SHADOW,
    C_REST_EXHAUST,
    C_REST_NONE,
    C_REST_SHADOW,
    C_RETURN,
    C_SPEND,
    C_TARGET,
    C_TRACK,
    DB_COLOUR,
    DB_HUNTED,
    DB_MARK,
    DB_PLAIN_EXH,
    DB_ROTATED,
    DB_SHADOW,
    DIE_BITS,
    DREAMER,
    FEXH,
    FSHADOW,
    H_ES,
    H_N,
    H_OPTN,
    H_STAGES,
    HAND,
    K_ABILITY,
    K_BECOME,
    K_ENVY,
    K_FEAR,
    K_HUNT_MOVE,
    K_IMPRISON,
    K_MINION_PICK,
    K_MINION_TARGET,
    K_NIGHTMARE,
    K_NOW,
    K_OFFER,
    K_REROLL_PICK,
    K_RESOLVE,
    K_REST,
    K_RETURN,
    K_SPEND,
    K_STRIP,
    K_TRACK,
    LIMBO,
    OPT,
    R_EXH,
    R_HUNT,
    R_POW,
    R_SHADOW,
    ROLLED,
    SEAT_PC,
    SEAT_ROLE,
    SEAT_STAGE,
    any_dreamer,
    bag_total,
    pick_code,
    power_held,
    row,
    seat_base,
)


def add(S: Any, code: int) -> None:
    n = S[H_OPTN]
    S[OPT + n] = code
    S[H_OPTN] = n + 1


def legal_resolve(S: Any, p: int) -> None:
    """ "3. Roll and Resolve Dreams": the order power, hunt, exhaust (lucidity-es offers only
    the first present); Shadowmarks first; shadows once nothing else is left; rerolls."""
    bits = 0
    for i in range(ROLLED + 1, ROLLED + 1 + S[ROLLED]):
        bits |= DIE_BITS[S[i]]
    n = S[H_OPTN]
    if bits & DB_MARK:
        S[OPT + n] = C_RESOLVE + 3
        n += 1
    elif bits & 7:
        for k in range(3):
            if bits & (1 << k):
                S[OPT + n] = C_RESOLVE + k
                n += 1
                if S[H_ES]:
                    break
    elif bits & (15 << DB_SHADOW):
        for c in range(4):
            if bits & (1 << (DB_SHADOW + c)):
                S[OPT + n] = C_RESOLVE_SHADOW + c
                n += 1
    if bits & (15 << DB_COLOUR):
        for c in range(4):
            if bits & (1 << (DB_COLOUR + c)) and power_held(S, p, c):
                S[OPT + n] = C_REROLL + c
                n += 1
    S[H_OPTN] = n


def legal_rest(S: Any, p: int, exhausted: int) -> None:
    ex = 0
    b = row(p, R_EXH)
    for i in range(b + 1, b + 1 + S[b]):
        ex |= DIE_BITS[S[i]]
    hunt = 0
    b = row(p, R_HUNT)
    for i in range(b + 1, b + 1 + S[b]):
        hunt |= DIE_BITS[S[i]]
    n = S[H_OPTN]
    # "all exhaust dreams" with none returns nothing and is still a rest
    S[OPT + n] = C_REST_EXHAUST if ex & DB_PLAIN_EXH else C_REST_NONE
    n += 1
    for c in range(4):
        if S[row(p, R_SHADOW + c)]:
            S[OPT + n] = C_REST_SHADOW + 3 * c
            n += 1
    if hunt & (15 << DB_HUNTED):
        for c in range(4):
            if hunt & (1 << (DB_HUNTED + c)):
                S[OPT + n] = C_REST_SHADOW + 3 * c + 1
                n += 1
    if ex & (15 << DB_ROTATED):
        for c in range(4):
            if ex & (1 << (DB_ROTATED + c)):
                S[OPT + n] = C_REST_SHADOW + 3 * c + 2
                n += 1
    if not exhausted and S[seat_base(p) + SEAT_STAGE] < S[H_STAGES] - 1:
        S[OPT + n] = C_DRAW_AGAIN
        n += 1
    S[H_OPTN] = n


def legal_envy(S: Any, p: int) -> None:
    """Shadow of Envy: any dream on the dreamer's card but Bone Hunters (lucidity-es: not
    the Envy dream itself), by row, each kind once."""
    seen = 0  # the seat's picks offered so far (``pick_code`` - 32 * p: 0 to 31), as bits
    for r in range(7):
        b = row(p, r)
        last = S[b] - 1
        for i in range(S[b]):
            d = S[b + 1 + i]
            if d & 7 == BONE:
                continue
            if S[H_ES] and r == R_SHADOW + 1 and i == last:
                continue
            j = pick_code(p, r, d)
            bit = 1 << (j - 32 * p)
            if not seen & bit:
                seen |= bit
                add(S, C_PICK + j)


def legal_power_picks(S: Any, p: int) -> None:
    pw = row(p, R_POW)
    seen = 0
    for i in range(pw + 1, pw + 1 + S[pw]):
        d = S[i]
        if d & 7 != BONE:
            j = pick_code(p, R_POW, d)
            bit = 1 << (j - 32 * p)
            if not seen & bit:
                seen |= bit
                add(S, C_PICK + j)


def legal(S: Any, f: int) -> int:
    """Write the options of the decision of frame ``f`` to the buffer; how many."""
    S[H_OPTN] = 0
    k = S[f]
    p = S[f + 1]
    if k == K_TRACK:
        S[OPT] = C_TRACK
        S[OPT + 1] = C_TRACK + 1
        S[OPT + 2] = C_TRACK + 2
        S[H_OPTN] = 3
    elif k == K_RETURN:
        hand = 0
        for i in range(HAND + 1, HAND + 1 + S[HAND]):
            hand |= 1 << S[i]
        for c in range(4):
            if hand & (1 << c):
                add(S, C_RETURN + c)
    elif k == K_RESOLVE:
        legal_resolve(S, p)
    elif k == K_REST:
        legal_rest(S, p, S[f + 2])
    elif k == K_BECOME:
        for c in range(4):
            if S[f + 2] & (1 << c):
                add(S, C_BECOME + c)
    elif k == K_ENVY:
        legal_envy(S, S[f + 2])
    elif k == K_FEAR:
        add(S, C_FEAR_NONE)
        for c in range(4):
            if S[row(p, R_SHADOW + c)]:
                add(S, C_FEAR + 2 * c)
        ex = row(p, R_EXH)
        turned = 0
        for i in range(ex + 1, ex + 1 + S[ex]):
            if S[i] >= 64:
                turned |= 1 << (S[i] & 7)
        for c in range(4):
            if turned & (1 << c):
                add(S, C_FEAR + 2 * c + 1)
    elif k == K_IMPRISON:
        seat = S[f + 2]
        ex = row(seat, R_EXH)
        have = 0
        for i in range(ex + 1, ex + 1 + S[ex]):
            if S[i] < 64:
                have |= 1 << (S[i] & 7)
        for c in range(4):
            if have & (1 << c):
                add(S, C_PICK + pick_code(seat, R_EXH, c + 8 * FEXH))
    elif k == K_ABILITY:
        add(S, C_ABILITY_USE)
        add(S, C_ABILITY_PASS)
    elif k == K_MINION_PICK:
        target = S[f + 2]
        if target >= 0 and S[seat_base(target) + SEAT_ROLE] != DREAMER:
            return 0
        if target < 0 and not any_dreamer(S):
            return 0
        held = 0
        for i in range(LIMBO + 1, LIMBO + 1 + S[LIMBO]):
            held |= 1 << (S[i] & 7)
        for c in range(4):
            if held & (1 << c):
                add(S, C_MINION + c)
    elif k == K_MINION_TARGET:
        for i in range(S[H_N]):
            if S[seat_base(i) + SEAT_ROLE] == DREAMER:
                add(S, C_TARGET + i)
    elif k == K_NIGHTMARE:
        c = S[seat_base(p) + 1]
        for i in range(S[H_N]):
            if i == p:
                continue
            pc = seat_base(i) + SEAT_PC + 2 * c
            for face in range(2):
                if S[pc + face]:
                    add(S, C_CONSUME + 2 * i + face)
        if bag_total(S) > 0 and any_dreamer(S):
            add(S, C_MINIONS)
    elif k == K_STRIP:
        legal_power_picks(S, S[f + 2])
    elif k == K_OFFER:
        legal_power_picks(S, p)
    elif k == K_HUNT_MOVE:
        target = S[f + 2]
        for c in range(4):
            if S[row(target, R_SHADOW + c)]:
                add(S, C_PICK + pick_code(target, R_SHADOW + c, c + 8 * FSHADOW))
    elif k == K_NOW:
        add(S, C_RESOLVE_NOW)
        add(S, C_REROLL + (S[LIMBO + S[LIMBO]] & 7))
    elif k == K_SPEND:
        c = S[f + 2]
        add(S, C_SPEND + 2 * c)
        add(S, C_SPEND + 2 * c + 1)
    elif k == K_REROLL_PICK:
        c = S[f + 2]
        faces = 0
        for i in range(ROLLED + 1, ROLLED + 1 + S[ROLLED]):
            d = S[i]
            if d & 7 == c:
                faces |= 1 << ((d >> 3) & 7)
        for face in range(5):
            if faces & (1 << face):
                add(S, C_REROLL_FACE + 5 * c + face)
        if S[f + 3] >= S[f + 4]:
            add(S, C_REROLL_CHOSEN)
    return S[H_OPTN]
