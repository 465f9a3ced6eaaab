"""The plain Python kernel's turn of a random dreamer: "1. Set Level of Control" to "5.
Rest or Draw Again" in one function over Python lists, for CPython only (numba compiles
the kernel's frames one at a time; this module is not compiled).

The plain Python frame loop (``kernel_pystep.advance``) starts ``dreamer_turn`` at a random
dreamer's track, resolve, check or rest frame: the draws, returns and rolls of each stage,
the resolve decisions (with Shadow of Envy's pick when the next seat is random, a shadow a
random Nightmare takes, Imprisonment without a choice, Primeval Fear, the Depths), the
check (with the exhaustion draw) and the rest, the hand and the unresolved dreams in local
lists and no frame pushed; the same random numbers, actions and decisions as the source
one frame at a time. Whatever needs a step it does not play (a heuristic seat's choice,
a Nightmare's ability used, the third Shadowmark, a reroll with a choice of Power, a row
filled at the check, the end of the bag...) is handed back: the frames the step machinery
would hold there are written to the stack and the kernel's own function applies the
decision already drawn. ``tests/lucidity/test_kernel_python.py`` checks that every game
is the source's game, also when ``max_actions`` stops it. The random number step and the
bag draw are written out at each use (a call costs about as much).
"""

from __future__ import annotations

from typing import Any

from .kernel_base import (
    AUTO,
    BONE,
    C_DRAW_AGAIN,
    C_REROLL,
    C_RESOLVE,
    C_RESOLVE_SHADOW,
    CARDS,
    DIE_BITS,
    DREAMER,
    FEXH,
    FHUNT,
    FMARK,
    FRAME,
    FSHADOW,
    H_ACTIONS,
    H_BAG,
    H_DECISIONS,
    H_DEND,
    H_ES,
    H_EXHROW,
    H_FACES,
    H_FOURTH,
    H_HOLDER,
    H_HUNTROW,
    H_N,
    H_POL,
    H_RETURNS,
    H_RNG,
    H_SDELTA,
    H_SP,
    H_TAKES,
    HAND,
    K_ABILITY,
    K_CHECK,
    K_NOW,
    K_TRACK,
    LIMBO,
    P1,
    P2,
    R_EXH,
    R_HUNT,
    R_MARKS,
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
    next_random,
    push_frame,
)
from .kernel_flow import end_turn, run_check
from .kernel_pybase import (
    CHECK,
    MARGIN,
    PC_OFFSET,
    PLAIN_ROW,
    RESOLVE,
    RESOLVE_OPTIONS,
    REST,
    SPREAD,
    STAGE,
    TRACK,
    envy_take,
    exhaust_now,
    fear_now,
    hand_back,
    push_next_stage,
    rest_now,
    store_turn,
)
from .kernel_step import apply_resolve
from .kernel_turn import do_ability, place


def dreamer_turn(S: Any, f: int, p: int, phase: int, max_actions: int) -> None:
    """Play random seat ``p``'s turn on from the frame at ``f`` (popped): a track decision
    (``phase`` TRACK), a rest decision (REST), the check (CHECK) or the resolve decisions
    above that check frame (RESOLVE), until the turn ends or something is handed back.
    When the turn ends at the rest and the next seat is a random dreamer, its turn follows."""
    sb = SEATS + p * SEATSZ
    rows = sb + SEAT_ROWS
    base = (f - STACK) // FRAME  # the stack's length without this turn's frames
    acts = S[H_ACTIONS]
    decs = S[H_DECISIONS]
    x = S[H_RNG]
    es = S[H_ES]
    # the dreams a Shadow row needs to be filled before the Shadowmarks (the same all game)
    filled = (4 if (S[H_N] == 2 or S[H_FOURTH]) else 3) + S[H_SDELTA]
    if filled < 2:
        filled = 2
    ca = cb = 0  # the check frame's "exhausted" and "exhaust draw done"
    exhausted = 0
    held = -1  # the colours of the Power dreams held, once the resolve needs them
    takes = 0
    hand: list[int] = S[HAND + 1 : HAND + 1 + S[HAND]]
    rolled: list[int] = S[ROLLED + 1 : ROLLED + 1 + S[ROLLED]]
    if phase == REST:
        exhausted = S[f + 2]
    elif phase != TRACK:
        ca = S[f + 3]
        cb = S[f + 4]
    while True:
        if phase == TRACK:
            # "1. Set Level of Control": one of the three tracks, at random
            acts += 1
            decs += 1
            x = next_random(x)
            S[sb + SEAT_TRACK] = (x * 3) >> 32  # the option C_TRACK + that index
            S[sb + SEAT_STAGE] = 0
            phase = STAGE
        if phase == STAGE:
            # "2. Draw and Select Dreams": draw up to the track's control
            control = TRACK_STEPS[3 * S[sb + SEAT_TRACK] + S[sb + SEAT_STAGE]]
            # the bag in locals while drawing: its four colours, and the total
            b0, b1, b2, b3, bone = S[H_BAG : H_BAG + 5]
            total = b0 + b1 + b2 + b3 + bone
            if control >= total:
                # "Dream Victory": the bag runs out (lucidity-es: when it is emptied)
                if control > total or es:
                    S[H_DEND] = 1
                control = total
            acts += control
            for _ in range(control):
                x = next_random(x)
                r = (x * total) >> 32  # ``draw_colour``: the colours in order, then bone
                total -= 1
                if r < b0:
                    b0 -= 1
                    hand.append(0)
                elif r < b0 + b1:
                    b1 -= 1
                    hand.append(1)
                elif r < b0 + b1 + b2:
                    b2 -= 1
                    hand.append(2)
                elif r < b0 + b1 + b2 + b3:
                    b3 -= 1
                    hand.append(3)
                else:
                    hand.append(BONE)
            bone = total - b0 - b1 - b2 - b3
            left = S[H_RETURNS]
            if not S[H_DEND] and left > 0:
                # "Select Dreams": a random seat's returns, each a colour in hand at random
                n0 = hand.count(0)
                n1 = hand.count(1)
                n2 = hand.count(2)
                n3 = hand.count(3)
                n = (n0 > 0) + (n1 > 0) + (n2 > 0) + (n3 > 0)  # the colours in hand
                k = 0
                while k < left and n:
                    k += 1
                    j = 0
                    if n > 1:
                        x = next_random(x)
                        j = (x * n) >> 32
                    if n0 and j == 0:
                        hand.remove(0)
                        b0 += 1
                        n0 -= 1
                        if not n0:
                            n -= 1
                        continue
                    if n0:
                        j -= 1
                    if n1 and j == 0:
                        hand.remove(1)
                        b1 += 1
                        n1 -= 1
                        if not n1:
                            n -= 1
                        continue
                    if n1:
                        j -= 1
                    if n2 and j == 0:
                        hand.remove(2)
                        b2 += 1
                        n2 -= 1
                        if not n2:
                            n -= 1
                        continue
                    hand.remove(3)
                    b3 += 1
                    n3 -= 1
                    if not n3:
                        n -= 1
                acts += k
                decs += k
            S[H_BAG : H_BAG + 5] = (b0, b1, b2, b3, bone)
            # "3. Roll and Resolve Dreams": every dream in hand, the last first
            acts += len(hand)
            for c in reversed(hand):
                x = next_random(x)
                rolled.append(c + 8 * S[H_FACES + 6 * c + ((x * 6) >> 32)])
            hand.clear()
            phase = RESOLVE
        if phase == RESOLVE:
            if held < 0:  # once a turn: both are kept up to date below
                takes = 0  # the dice a Nightmare takes from this dreamer, as bits
                holders = S[H_HOLDER : H_HOLDER + 4]
                if max(holders) >= 0:
                    for c in range(4):
                        h = holders[c]
                        if h >= 0 and h != p:
                            takes |= SPREAD[S[H_TAKES + c]] << c
                # the colours of the Power dreams held (the rerolls): both values of each
                k0, k1, k2, k3, k4, k5, k6, k7 = S[sb + SEAT_PC : sb + SEAT_PC + 8]
                held = (k0 | k1 and 1) | (k2 | k3 and 2) | (k4 | k5 and 4) | (k6 | k7 and 8)
            ropts = RESOLVE_OPTIONS[es]
            bits = -1  # the option bits of the unresolved dreams (-1: to be found again)
            while True:
                if bits < 0:
                    bits = 0
                    for d in rolled:
                        bits |= DIE_BITS[d]
                opts = ropts[bits & 0xFF][bits >> 8 & held]
                n = len(opts)
                if n == 0:
                    break
                code = opts[0]
                if n > 1 or code < C_RESOLVE:
                    if acts + MARGIN >= max_actions:
                        hand_back(S, base, p, ca, cb, hand, rolled, acts, decs, x)
                        return
                    acts += 1
                    decs += 1
                    if n > 1:
                        x = next_random(x)
                        code = opts[(x * n) >> 32]
                if code >= C_RESOLVE_SHADOW:
                    # the Shadows (a heuristic chooser or Nightmare is handed back)
                    c = code - C_RESOLVE_SHADOW
                    d = c + 8 * FSHADOW
                    if takes >> d & 1 and S[H_POL + S[H_HOLDER + c]] == 0:
                        # "Activating Nightmare Abilities": taken as 1 Power; use it?
                        rolled.remove(d)
                        bits = -1
                        nb = SEATS + S[H_HOLDER + c] * SEATSZ
                        pw = nb + SEAT_ROWS + R_POW * ROWBLK
                        S[pw] += 1
                        S[pw + S[pw]] = c  # ``c + 8 * P1``
                        S[nb + SEAT_PC + 2 * c] += 1
                        S[nb + SEAT_POWER] += 1
                        acts += 1
                        decs += 1
                        x = next_random(x)
                        if (x * 2) >> 32:  # the options: use, pass
                            continue
                        hand_back(S, base, p, ca, cb, hand, rolled, acts, decs, x)
                        push_frame(S, K_ABILITY, S[H_HOLDER + c], p, c, 0, 0)
                        do_ability(S, True)
                        return
                    ex = rows + R_EXH * ROWBLK
                    turnable = 0
                    if c == 2:
                        for i in range(ex + 1, ex + 1 + S[ex]):
                            if S[i] < 64 and S[i] & 7 != BONE:
                                turnable |= 1 << (S[i] & 7)
                    if (
                        takes >> d & 1
                        or turnable & (turnable - 1)
                        or (c == 1 and S[H_POL + (p + 1) % S[H_N]])
                    ):
                        hand_back(S, base, p, ca, cb, hand, rolled, acts, decs, x)
                        apply_resolve(S, code)
                        return
                    rolled.remove(d)
                    bits = -1
                    sr = rows + (R_SHADOW + c) * ROWBLK
                    S[sr] += 1
                    S[sr + S[sr]] = d
                    if c == 1:
                        # Shadow of Envy: the next seat picks a dream, rolled at once
                        d, x = envy_take(S, p, x)
                        if d < 0:
                            continue
                        acts += 2  # the pick and the roll
                        decs += 1
                        if d < 16 and d & 7 != BONE:  # a Power dream: the rerolls held
                            pc = sb + SEAT_PC + 2 * (d & 7)
                            if not (S[pc] or S[pc + 1]):
                                held &= ~(1 << (d & 7))
                        c = d & 7
                        x = next_random(x)
                        face = S[H_FACES + 6 * c + ((x * 6) >> 32)]
                        d = c + 8 * face
                        if face == FSHADOW and es:
                            rolled.append(d)  # lucidity-es: it joins the unresolved dreams
                            continue
                        if c != BONE and (S[sb + SEAT_PC + 2 * c] or S[sb + SEAT_PC + 2 * c + 1]):
                            # "Re-rolling dreams": the dreamer may reroll it before it resolves
                            hand_back(S, base, p, ca, cb, hand, rolled, acts, decs, x)
                            S[LIMBO] += 1
                            S[LIMBO + S[LIMBO]] = d
                            push_frame(S, K_NOW, p, 1, 0, 0, 0)
                            return
                        if face > FEXH or takes >> d & 1:
                            hand_back(S, base, p, ca, cb, hand, rolled, acts, decs, x)
                            place(S, p, d, 1)
                            return
                        b = rows + PLAIN_ROW[face] * ROWBLK
                        S[b] += 1
                        S[b + S[b]] = d
                        if face <= P2:
                            S[sb + PC_OFFSET[d]] += 1
                            S[sb + SEAT_POWER] += face + 1
                            held = (held | 1 << c) & 15
                        continue
                    if c == 2:
                        # Shadow of Imprisonment: the only colour's first exhaust dream turns
                        if turnable:
                            k = (0, 0, 1, 0, 2, 0, 0, 0, 3)[turnable]  # its one colour
                            i = ex + 1
                            while S[i] != k + 8 * FEXH:
                                i += 1
                            S[i] += 64
                        continue
                    if c == 3:
                        # Shadow of Primeval Fear: a shadow or a turned dream to the Hunt row
                        acts += 1
                        decs += 1
                        x = fear_now(S, rows, x)
                        continue
                    # Shadow of the Depths: draw a dream and roll it at once
                    total = S[H_BAG] + S[H_BAG + 1] + S[H_BAG + 2] + S[H_BAG + 3] + S[H_BAG + 4]
                    if total == 0:
                        S[H_DEND] = 1
                        continue
                    acts += 2
                    x = next_random(x)
                    r = (x * total) >> 32
                    b = H_BAG
                    while r >= S[b]:
                        r -= S[b]
                        b += 1
                    S[b] -= 1
                    if total == 1 and es:
                        S[H_DEND] = 1
                    c = b - H_BAG
                    x = next_random(x)
                    face = S[H_FACES + 6 * c + ((x * 6) >> 32)]
                    d = c + 8 * face
                    if face == FSHADOW and es:
                        rolled.append(d)  # lucidity-es: it joins the unresolved dreams
                        continue
                    if c != BONE and (S[sb + SEAT_PC + 2 * c] or S[sb + SEAT_PC + 2 * c + 1]):
                        # "Re-rolling dreams": the dreamer may reroll it before it resolves
                        hand_back(S, base, p, ca, cb, hand, rolled, acts, decs, x)
                        S[LIMBO] += 1
                        S[LIMBO + S[LIMBO]] = d
                        push_frame(S, K_NOW, p, 1, 0, 0, 0)
                        return
                    if (
                        face == FSHADOW
                        or takes >> d & 1
                        or (face == FMARK and S[rows + R_MARKS * ROWBLK] >= 2)
                    ):
                        hand_back(S, base, p, ca, cb, hand, rolled, acts, decs, x)
                        place(S, p, d, 1)
                        return
                    if face <= P2:
                        pw = rows + R_POW * ROWBLK
                        S[pw] += 1
                        S[pw + S[pw]] = d
                        S[sb + SEAT_PC + 2 * c + face] += 1
                        S[sb + SEAT_POWER] += face + 1
                        held = (held | 1 << c) & 15
                        continue
                    rb = (
                        rows
                        + (R_HUNT if face == FHUNT else R_EXH if face == FEXH else R_MARKS) * ROWBLK
                    )
                    S[rb] += 1
                    S[rb + S[rb]] = d
                    continue
                if code < C_RESOLVE:
                    # "Re-rolling dreams": spend a Power dream of that colour
                    c = code - C_REROLL
                    pc = sb + SEAT_PC + 2 * c
                    again = 0
                    for d in rolled:
                        if d & 7 == c:
                            again += 1
                    if (S[pc] and S[pc + 1]) or (es and again > 1):
                        hand_back(S, base, p, ca, cb, hand, rolled, acts, decs, x)
                        apply_resolve(S, code)
                        return
                    face = P1 if S[pc] else P2  # ``spend``, written out
                    d = c + 8 * face
                    i = rows + R_POW * ROWBLK + 1
                    while S[i] != d:
                        i += 1
                    end = rows + R_POW * ROWBLK + S[rows + R_POW * ROWBLK]
                    while i < end:
                        S[i] = S[i + 1]
                        i += 1
                    S[rows + R_POW * ROWBLK] -= 1
                    S[pc + face] -= 1
                    S[sb + SEAT_POWER] -= face + 1
                    if S[H_HOLDER + c] < 0:
                        S[CARDS + c * ROWBLK] += 1
                        S[CARDS + c * ROWBLK + S[CARDS + c * ROWBLK]] = d
                    else:
                        S[H_BAG + c] += 1
                    if not (S[pc] or S[pc + 1]):
                        held &= ~(1 << c)
                    keep = []
                    for d in rolled:
                        if d & 7 != c:
                            keep.append(d)
                    rolled = keep
                    bits = -1
                    for _ in range(again):  # rolled again at once (the hand is empty)
                        acts += 1
                        x = next_random(x)
                        rolled.append(c + 8 * S[H_FACES + 6 * c + ((x * 6) >> 32)])
                    continue
                # a category: its dreams in order, none of which needs a step of its own
                what = code - C_RESOLVE
                bit = 1 << what
                taken = []
                keep = []
                plain = True
                kept = 0  # the option bits of the dreams kept
                for d in rolled:
                    db = DIE_BITS[d]
                    if db & bit:
                        taken.append(d)
                        if takes >> d & 1:
                            plain = False
                    else:
                        keep.append(d)
                        kept |= db
                if what == 3 and S[rows + R_MARKS * ROWBLK] + len(taken) >= 3:
                    plain = False
                if not plain:
                    hand_back(S, base, p, ca, cb, hand, rolled, acts, decs, x)
                    apply_resolve(S, code)
                    return
                rolled = keep
                bits = kept
                if what == 0:
                    pw = rows + R_POW * ROWBLK
                    m = S[pw]
                    gain = 0
                    for d in taken:
                        m += 1
                        S[pw + m] = d
                        S[sb + PC_OFFSET[d]] += 1  # ``SEAT_PC`` + 2 * colour + face
                        gain += (d >> 3) + 1
                        held |= 1 << (d & 7)
                    S[pw] = m
                    S[sb + SEAT_POWER] += gain
                    held &= 15  # a Bone Hunter is never rerolled
                else:
                    rb = rows + (R_HUNT if what == 1 else R_EXH if what == 2 else R_MARKS) * ROWBLK
                    m = S[rb]
                    for d in taken:
                        m += 1
                        S[rb + m] = d
                    S[rb] = m
            phase = CHECK
        if phase == CHECK:
            # "4. Check for Filled Rows"
            marks = S[rows + R_MARKS * ROWBLK]
            if (
                not cb
                and S[rows + R_EXH * ROWBLK] >= S[H_EXHROW]
                and S[sb + SEAT_ROLE] == DREAMER
                and S[rows + R_HUNT * ROWBLK] < S[H_HUNTROW]
                and marks < 3
            ):
                # exhausted (``run_check``, ``exhaust_draw``); then the check again
                ca = cb = 1
                x, c = exhaust_now(S, p, x)
                if c >= 0:
                    acts += 1
                    if c != BONE:
                        held &= ~(1 << c)
            need = filled - marks
            if need < 1:
                need = 1
            if (
                S[sb + SEAT_ROLE] != DREAMER
                or S[rows + R_HUNT * ROWBLK] >= S[H_HUNTROW]
                or marks >= 3
                or (not cb and S[rows + R_EXH * ROWBLK] >= S[H_EXHROW])
                or max(S[rows + R_SHADOW * ROWBLK : rows + (R_SHADOW + 4) * ROWBLK : ROWBLK])
                >= need
                or S[H_DEND]
            ):
                store_turn(S, base, hand, rolled, acts, decs, x)
                push_frame(S, K_CHECK, AUTO, p, ca, cb, 0)
                run_check(S)  # a filled row, the exhaustion draw, the end of the game
                return
            exhausted = ca
            phase = REST
        # "5. Rest or Draw Again": the decision, and the rest applied (``rest_now``)
        acts += 1
        decs += 1
        code, x = rest_now(S, sb, rows, exhausted, x)
        if code != C_DRAW_AGAIN:
            store_turn(S, base, hand, rolled, acts, decs, x)
            end_turn(S)
            # the next seat's turn: here at once if it is a random dreamer's
            if S[H_SP] != 1 or S[STACK] != K_TRACK:
                return
            p = S[STACK + 1]
            if S[H_POL + p] or S[H_ACTIONS] + MARGIN >= max_actions:
                return
            sb = SEATS + p * SEATSZ
            rows = sb + SEAT_ROWS
            base = 0
            acts = S[H_ACTIONS]
            decs = S[H_DECISIONS]
            x = S[H_RNG]
            hand = []  # end_turn put back the hand and the unresolved dreams
            rolled = []
            ca = cb = exhausted = 0
            held = -1
            phase = TRACK
            continue
        if acts + MARGIN >= max_actions:
            store_turn(S, base, hand, rolled, acts, decs, x)
            S[sb + SEAT_STAGE] += 1
            push_frame(S, K_CHECK, AUTO, p, 0, 0, 0)
            push_next_stage(S, p)
            return
        S[sb + SEAT_STAGE] += 1
        ca = cb = 0
        phase = STAGE
