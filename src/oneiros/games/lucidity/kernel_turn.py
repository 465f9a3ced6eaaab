"""The playout kernel: a dreamer's dice ("2. Draw and Select Dreams", "3. Roll and Resolve
Dreams", "Re-rolling dreams", the four Shadows) and the Nightmare's turn ("Consume Power",
"Send Minions", "Activating Nightmare Abilities"), step for step as ``state.py`` plays
them."""

from __future__ import annotations

from typing import Any

from .kernel_base import (
    BONE,
    C_DRAW_AGAIN,
    C_REST_EXHAUST,
    C_REST_NONE,
    C_REST_SHADOW,
    CARDS,
    DIE_BITS,
    DREAMER,
    FEXH,
    FHUNT,
    FMARK,
    FNONE,
    FSHADOW,
    H_ABDRAW,
    H_ABIL,
    H_BAG,
    H_CUR,
    H_ES,
    H_HOLDER,
    H_RETURNS,
    H_TAKES,
    HAND,
    K_ABILITY,
    K_ABILITY_DRAW,
    K_CHECK,
    K_DRAW,
    K_DRAW_NOW,
    K_END_TURN,
    K_ENVY,
    K_FEAR,
    K_HUNT_MOVE,
    K_IMPRISON,
    K_MINION_CHECK,
    K_MINION_DRAW,
    K_MINION_PICK,
    K_MINION_TARGET,
    K_NOW,
    K_OFFER,
    K_REROLL_PICK,
    K_RESOLVE,
    K_RETURN,
    K_ROLL,
    K_ROLL_NOW,
    K_SPEND,
    K_STRIP,
    LIMBO,
    OP_EXHAUST,
    OP_HUNT,
    OP_MINION,
    OP_STRIP,
    P1,
    P2,
    R_EXH,
    R_HUNT,
    R_MARKS,
    R_POW,
    R_SHADOW,
    ROLLED,
    ROWBLK,
    SCRATCH,
    SEAT_PC,
    SEAT_ROLE,
    SEAT_STAGE,
    SEAT_TRACK,
    TRACK_STEPS,
    bag_total,
    delete,
    next_seat,
    pick_matches,
    pick_row,
    pop_frame,
    pop_last,
    power_count,
    power_held,
    power_push,
    push,
    push_frame,
    remove_first,
    row,
    seat_base,
    top,
)
from .kernel_flow import end_turn, give_back_limbo, marked_out, took_last, trigger_dream_end

CHANCE = -1
AUTO = -2


def push_stage(S: Any, p: int) -> None:
    """The four steps of a drawing stage, bottom first: resolve, roll, return, draw."""
    sb = seat_base(p)
    control = TRACK_STEPS[3 * S[sb + SEAT_TRACK] + S[sb + SEAT_STAGE]]
    push_frame(S, K_RESOLVE, p, 0, 0, 0, 0)
    push_frame(S, K_ROLL, CHANCE, p, 0, 0, 0)
    push_frame(S, K_RETURN, p, S[H_RETURNS], 0, 0, 0)
    push_frame(S, K_DRAW, CHANCE, p, S[HAND] + control, 0, 0)


def do_track(S: Any, t: int) -> None:
    """ "1. Set Level of Control"."""
    f = top(S)
    p = S[f + 1]
    sb = seat_base(p)
    S[sb + SEAT_TRACK] = t
    S[sb + SEAT_STAGE] = 0
    pop_frame(S)
    push_frame(S, K_CHECK, AUTO, p, 0, 0, 0)
    push_stage(S, p)


def do_draw(S: Any, c: int) -> None:
    S[H_BAG + c] -= 1
    push(S, HAND, c)
    if S[H_BAG + c] == 0 and took_last(S):
        pop_frame(S)


def returnable(S: Any) -> bool:
    """A dream other than a Bone Hunter in hand (Bone Hunters are never returned)."""
    for i in range(HAND + 1, HAND + 1 + S[HAND]):  # noqa: SIM110 (numba compiles no generator)
        if S[i] != BONE:
            return True
    return False


def do_return(S: Any, c: int) -> None:
    f = top(S)
    remove_first(S, HAND, c)
    S[H_BAG + c] += 1
    S[f + 2] -= 1
    S[f + 3] += 1


def do_roll(S: Any, face: int) -> None:
    c = pop_last(S, HAND)
    push(S, ROLLED, c + 8 * face)


def spend(S: Any, p: int, c: int, face: int) -> None:
    """Spend a Power dream: to its Nightmare card while nobody holds it, else the bag."""
    remove_first(S, row(p, R_POW), c + 8 * face)
    power_count(S, p, c + 8 * face, -1)
    if S[H_HOLDER + c] < 0:
        push(S, CARDS + c * ROWBLK, c + 8 * face)
    else:
        S[H_BAG + c] += 1


def start_reroll(S: Any, p: int, c: int, now: int, pool: int) -> None:
    """ "Re-rolling dreams": with Power dreams of both values the dreamer chooses one."""
    pc = seat_base(p) + SEAT_PC + 2 * c
    has1 = S[pc] > 0
    has2 = S[pc + 1] > 0
    if has1 and has2:
        push_frame(S, K_SPEND, p, c, now, pool, 0)
        return
    reroll_with(S, p, c, P1 if has1 else P2, now, pool)


def _drop_colour(S: Any, c: int) -> int:
    """Move the unresolved dreams of colour ``c`` back to the hand; how many."""
    n = 0
    i = 0
    while i < S[ROLLED]:
        if S[ROLLED + 1 + i] & 7 == c:
            delete(S, ROLLED, i)
            n += 1
        else:
            i += 1
    for _ in range(n):
        push(S, HAND, c)
    return n


def _count_colour(S: Any, c: int) -> int:
    n = 0
    for i in range(ROLLED + 1, ROLLED + 1 + S[ROLLED]):
        if S[i] & 7 == c:
            n += 1
    return n


def reroll_with(S: Any, p: int, c: int, face: int, now: int, pool: int) -> None:
    spend(S, p, c, face)
    es = S[H_ES]
    if now:
        pop_last(S, LIMBO)
        push(S, LIMBO, c + 8 * FNONE)
        others = _count_colour(S, c) if S[H_CUR] == p else 0
        if others:
            push_frame(S, K_ROLL, CHANCE, p, 0, 0, 0)
        push_frame(S, K_ROLL_NOW, CHANCE, p, pool, 0, 0)
        if others and es:
            push_frame(S, K_REROLL_PICK, p, c, 1, 1, 0)
            return
        if others:
            _drop_colour(S, c)
        return
    again = _count_colour(S, c)
    push_frame(S, K_ROLL, CHANCE, p, 0, 0, 0)
    if es and again > 1:
        push_frame(S, K_REROLL_PICK, p, c, 0, 1, 0)
        return
    _drop_colour(S, c)


def do_reroll_pick(S: Any, code_face: int) -> None:
    """lucidity-es: choose which unresolved dreams of the colour are rerolled (face -1:
    done)."""
    f = top(S)
    if code_face < 0:
        pop_frame(S)
        return
    c = S[f + 2]
    d = c + 8 * code_face
    for i in range(S[ROLLED] - 1, -1, -1):
        if S[ROLLED + 1 + i] == d:
            delete(S, ROLLED, i)
            break
    push(S, HAND, c)
    S[f + 3] += 1


def do_spend(S: Any, face: int) -> None:
    f = top(S)
    p, c, now, pool = S[f + 1], S[f + 2], S[f + 3], S[f + 4]
    pop_frame(S)
    reroll_with(S, p, c, face, now, pool)


def imprison(S: Any, p: int, c: int) -> None:
    """Shadow of Imprisonment: the first exhaust dream of colour ``c`` turns."""
    ex = row(p, R_EXH)
    for i in range(ex + 1, ex + 1 + S[ex]):
        if S[i] == c + 8 * FEXH:
            S[i] += 64
            return


def place(S: Any, p: int, d: int, pool: int) -> bool:
    """Resolve one rolled dream for ``p``; True if steps were pushed to resolve first."""
    c = d & 7
    f = (d >> 3) & 7
    sb = seat_base(p)
    if c != BONE:
        h = S[H_HOLDER + c]
        if h >= 0 and h != p and S[H_TAKES + c] & (1 << f):
            # "Activating Nightmare Abilities": the Nightmare takes it as 1 Power
            power_push(S, h, c + 8 * P1)
            if S[sb + SEAT_ROLE] == DREAMER:
                push_frame(S, K_ABILITY, h, p, c, 0, 0)
                return True
            return False
    if f in (P1, P2):
        power_push(S, p, d)
        return False
    if f == FHUNT:
        push(S, row(p, R_HUNT), d)
        return False
    if f == FEXH:
        push(S, row(p, R_EXH), d)
        return False
    if f == FMARK:
        mk = row(p, R_MARKS)
        push(S, mk, d)
        if S[mk] >= 3 and S[sb + SEAT_ROLE] == DREAMER:
            marked_out(S, p)
            return True
        return False
    push(S, row(p, R_SHADOW + c), d)
    if c == 0:
        # Shadow of the Depths: draw a dream and roll it at once
        if bag_total(S) == 0:
            trigger_dream_end(S)
            return False
        push_frame(S, K_ROLL_NOW, CHANCE, p, pool, 0, 0)
        push_frame(S, K_DRAW_NOW, CHANCE, p, 0, 0, 0)
        return True
    if c == 1:
        # Shadow of Envy: the next player chooses a dream to reroll
        push_frame(S, K_ENVY, next_seat(S, p), p, pool, 0, 0)
        return True
    if c == 2:
        # Shadow of Imprisonment: turn an exhaust dream to its shadow side
        ex = row(p, R_EXH)
        turnable = 0
        for i in range(ex + 1, ex + 1 + S[ex]):
            x = S[i]
            if x < 64 and x & 7 != BONE:
                turnable |= 1 << (x & 7)
        if turnable & (turnable - 1):
            push_frame(S, K_IMPRISON, p, p, 0, 0, 0)
            return True
        for k in range(4):
            if turnable == 1 << k:
                imprison(S, p, k)
        return False
    # Shadow of Primeval Fear
    push_frame(S, K_FEAR, p, 0, 0, 0, 0)
    return True


def do_resolve(S: Any, what: int, arg: int) -> None:
    """A resolve decision: ``what`` 0-3 a category (power, hunt, exhaust, shadowmark), 4 a
    shadow of colour ``arg``, 5 a reroll of colour ``arg``."""
    f = top(S)
    p = S[f + 1]
    if what == 5:
        start_reroll(S, p, arg, 0, 0)
        return
    if what == 4:
        for i in range(S[ROLLED]):
            if S[ROLLED + 1 + i] == arg + 8 * FSHADOW:
                delete(S, ROLLED, i)
                break
        place(S, p, arg + 8 * FSHADOW, 1)
        return
    # take the dreams of the category out (in order), keep the rest
    nt = 0
    k = 0
    bit = 1 << what  # DB_POWER, DB_HUNT, DB_EXH or DB_MARK (a rolled die has faces 0-5)
    for i in range(ROLLED + 1, ROLLED + 1 + S[ROLLED]):
        d = S[i]
        if DIE_BITS[d] & bit:
            S[SCRATCH + nt] = d
            nt += 1
        else:
            S[ROLLED + 1 + k] = d
            k += 1
    S[ROLLED] = k
    for j in range(nt):
        if place(S, p, S[SCRATCH + j], 1):
            # later dreams of the category wait, before the others, until those are done
            rest = nt - j - 1
            if rest:
                n = S[ROLLED]
                for i in range(n - 1, -1, -1):
                    S[ROLLED + 1 + i + rest] = S[ROLLED + 1 + i]
                for i in range(rest):
                    S[ROLLED + 1 + i] = S[SCRATCH + j + 1 + i]
                S[ROLLED] = n + rest
            return


def do_draw_now(S: Any, c: int) -> None:
    S[H_BAG + c] -= 1
    push(S, LIMBO, c + 8 * FNONE)
    pop_frame(S)
    if S[H_BAG + c] == 0:
        took_last(S)


def do_roll_now(S: Any, face: int) -> None:
    f = top(S)
    p, pool = S[f + 2], S[f + 3]
    c = pop_last(S, LIMBO) & 7
    pop_frame(S)
    d = c + 8 * face
    if S[seat_base(p) + SEAT_ROLE] != DREAMER:
        S[H_BAG + c] += 1
        return
    if face == FSHADOW and pool and S[H_ES]:
        # lucidity-es: a new shadow joins the unresolved dreams
        push(S, ROLLED, d)
        return
    if c != BONE and power_held(S, p, c):
        # "Re-rolling dreams": at any time, so also before this new dream resolves
        push(S, LIMBO, d)
        push_frame(S, K_NOW, p, pool, 0, 0, 0)
        return
    place(S, p, d, pool)


def do_now(S: Any, reroll: bool) -> None:
    f = top(S)
    p, pool = S[f + 1], S[f + 2]
    pop_frame(S)
    if not reroll:
        place(S, p, pop_last(S, LIMBO), pool)
        return
    start_reroll(S, p, S[LIMBO + S[LIMBO]] & 7, 1, pool)


def remove_pick(S: Any, p: int, j: int) -> int:
    """Remove the last die of seat ``p``'s row that pick offset ``j`` names; return it."""
    r = pick_row(j)
    b = row(p, r)
    for i in range(S[b] - 1, -1, -1):
        if pick_matches(j, S[b + 1 + i]):
            d = delete(S, b, i)
            if r == R_POW:
                power_count(S, p, d, -1)
            return d
    return -1  # pragma: no cover


def do_envy(S: Any, code: int) -> None:
    f = top(S)
    p, pool = S[f + 2], S[f + 3]
    d = remove_pick(S, p, code)
    pop_frame(S)
    push(S, LIMBO, (d & 7) + 8 * FNONE)
    push_frame(S, K_ROLL_NOW, CHANCE, p, pool, 0, 0)


def do_fear(S: Any, c: int, rotated: bool) -> None:
    """Shadow of Primeval Fear: ``c`` -1 moves nothing."""
    f = top(S)
    p = S[f + 1]
    pop_frame(S)
    if c < 0:
        return
    if rotated:
        ex = row(p, R_EXH)
        for i in range(S[ex]):
            d = S[ex + 1 + i]
            if d & 7 == c and d >= 64:
                push(S, row(p, R_HUNT), delete(S, ex, i))
                return
        return
    push(S, row(p, R_HUNT), pop_last(S, row(p, R_SHADOW + c)))


def do_imprison(S: Any, c: int) -> None:
    f = top(S)
    p = S[f + 2]
    pop_frame(S)
    imprison(S, p, c)


def do_ability(S: Any, use: bool) -> None:
    """ "Activating Nightmare Abilities"."""
    f = top(S)
    nm, target, c = S[f + 1], S[f + 2], S[f + 3]
    pop_frame(S)
    if not use or S[seat_base(target) + SEAT_ROLE] != DREAMER:
        return
    op = S[H_ABIL + c]
    if op == OP_MINION:
        push_frame(S, K_MINION_PICK, nm, target, 0, 0, 0)
        for _ in range(S[H_ABDRAW + c]):
            push_frame(S, K_MINION_DRAW, CHANCE, nm, 0, 0, 0)
    elif op == OP_STRIP:
        push_frame(S, K_STRIP, nm, target, 0, 0, 0)
    elif op == OP_EXHAUST:
        push_frame(S, K_ABILITY_DRAW, CHANCE, target, 0, 0, 0)
    elif op == OP_HUNT:
        push_frame(S, K_HUNT_MOVE, nm, target, 0, 0, 0)
    else:
        push_frame(S, K_OFFER, nm, target, 0, 0, 0)


def do_strip(S: Any, code: int) -> None:
    f = top(S)
    d = remove_pick(S, S[f + 2], code)
    pop_frame(S)
    S[H_BAG + (d & 7)] += 1


def do_offer(S: Any, code: int) -> None:
    f = top(S)
    nm, target = S[f + 1], S[f + 2]
    d = remove_pick(S, nm, code)
    power_push(S, target, d)
    pop_frame(S)
    if bag_total(S) > 0:
        push_frame(S, K_ROLL_NOW, CHANCE, target, 0, 0, 0)
        push_frame(S, K_DRAW_NOW, CHANCE, target, 1, 0, 0)


def do_hunt_move(S: Any, c: int) -> None:
    f = top(S)
    p = S[f + 2]
    push(S, row(p, R_HUNT), pop_last(S, row(p, R_SHADOW + c)))
    pop_frame(S)


def do_ability_draw(S: Any, c: int) -> None:
    f = top(S)
    p = S[f + 2]
    pop_frame(S)
    if c == BONE:
        return  # a Nightmare never gives a Bone Hunter: it stays in the bag
    S[H_BAG + c] -= 1
    push(S, row(p, R_EXH), c + 8 * FEXH)
    if S[H_BAG + c] == 0:
        took_last(S)


def do_nightmare(S: Any, victim: int, face: int) -> None:
    """The Nightmare's turn: consume a Power dream (``victim`` >= 0) or send minions."""
    f = top(S)
    me = S[f + 1]
    pop_frame(S)
    if victim < 0:
        push_frame(S, K_END_TURN, AUTO, 0, 0, 0, 0)
        push_frame(S, K_MINION_PICK, me, -1, 0, 0, 0)
        push_frame(S, K_MINION_DRAW, CHANCE, me, 0, 0, 0)
        push_frame(S, K_MINION_DRAW, CHANCE, me, 0, 0, 0)
        return
    c = S[seat_base(me) + 1]
    remove_first(S, row(victim, R_POW), c + 8 * face)
    power_count(S, victim, c + 8 * face, -1)
    power_push(S, me, c + 8 * face)
    end_turn(S)


def do_minion_draw(S: Any, c: int) -> None:
    S[H_BAG + c] -= 1
    push(S, LIMBO, c + 8 * FNONE)
    pop_frame(S)
    if S[H_BAG + c] == 0:
        took_last(S)


def send_to(S: Any, nm: int, target: int) -> None:
    if S[H_CUR] != target:
        push_frame(S, K_MINION_CHECK, AUTO, target, 0, 0, 0)
    push_frame(S, K_ROLL_NOW, CHANCE, target, 0, 0, 0)


def do_minion_pick(S: Any, c: int) -> None:
    f = top(S)
    nm, target = S[f + 1], S[f + 2]
    remove_first(S, LIMBO, c + 8 * FNONE)
    give_back_limbo(S)
    push(S, LIMBO, c + 8 * FNONE)
    pop_frame(S)
    if target < 0:
        push_frame(S, K_MINION_TARGET, nm, 0, 0, 0, 0)
    else:
        send_to(S, nm, target)


def do_minion_target(S: Any, target: int) -> None:
    f = top(S)
    nm = S[f + 1]
    pop_frame(S)
    send_to(S, nm, target)


def do_rest(S: Any, code: int) -> None:
    """ "5. Rest or Draw Again"."""
    f = top(S)
    p = S[f + 1]
    sb = seat_base(p)
    pop_frame(S)
    if code == C_DRAW_AGAIN:
        S[sb + SEAT_STAGE] += 1
        push_frame(S, K_CHECK, AUTO, p, 0, 0, 0)
        push_stage(S, p)
        return
    ex = row(p, R_EXH)
    if code == C_REST_EXHAUST:
        k = 0
        for i in range(ex + 1, ex + 1 + S[ex]):
            d = S[i]
            if d < 64 and d & 7 != BONE:
                S[H_BAG + (d & 7)] += 1
            else:
                S[ex + 1 + k] = d
                k += 1
        S[ex] = k
    elif code != C_REST_NONE:
        j = code - C_REST_SHADOW
        c = j // 3
        how = j % 3
        if how == 0:
            pop_last(S, row(p, R_SHADOW + c))
            S[H_BAG + c] += 1
        elif how == 1:
            h = row(p, R_HUNT)
            for i in range(S[h]):
                d = S[h + 1 + i]
                if d & 7 == c and ((d >> 3) & 7 == FSHADOW or d >= 64):
                    delete(S, h, i)
                    S[H_BAG + c] += 1
                    break
        else:
            for i in range(S[ex]):
                d = S[ex + 1 + i]
                if d & 7 == c and d >= 64:
                    delete(S, ex, i)
                    S[H_BAG + c] += 1
                    break
    end_turn(S)
