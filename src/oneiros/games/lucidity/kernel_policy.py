"""The playout kernel's heuristic policy: the choices of ``heuristic.py`` (same formulas,
same tie-breaks: the first best option, or the last for the Nightmare's consume) over the
kernel state. Decisions the heuristic leaves to chance (the Temptation's offer, the Hunt
move) are chosen at random here too."""

from __future__ import annotations

from typing import Any

from .kernel_base import (
    C_BECOME,
    C_CONSUME,
    C_DRAW_AGAIN,
    C_MINION,
    C_MINIONS,
    C_PICK,
    C_REROLL,
    C_REROLL_CHOSEN,
    C_REROLL_FACE,
    C_RESOLVE,
    C_RESOLVE_SHADOW,
    C_REST_EXHAUST,
    C_REST_NONE,
    C_REST_SHADOW,
    C_RETURN,
    C_TARGET,
    CARDS,
    FEXH,
    FHUNT,
    FSHADOW,
    H_EXHROW,
    H_FACES,
    H_HUNTROW,
    H_N,
    K_ABILITY,
    K_BECOME,
    K_ENVY,
    K_FEAR,
    K_IMPRISON,
    K_MINION_PICK,
    K_MINION_TARGET,
    K_NIGHTMARE,
    K_NOW,
    K_REROLL_PICK,
    K_RESOLVE,
    K_REST,
    K_RETURN,
    K_SPEND,
    K_STRIP,
    K_TRACK,
    LIMBO,
    OPT,
    P1,
    P2,
    R_EXH,
    R_HUNT,
    R_POW,
    R_SHADOW,
    ROLLED,
    ROWBLK,
    SEAT_ROLE,
    SEAT_STAGE,
    pick_row,
    power_value,
    rand_below,
    row,
    seat_base,
    shadow_needed,
)

ROW_POWER_PICK = 35 * R_POW


def danger(S: Any, p: int, c: int) -> float:
    """``heuristic._danger``: how bad one more dream of colour ``c`` is for seat ``p``."""
    n = 6
    shadow = hunt = exh = 0
    pw = 0
    for i in range(6):
        f = S[H_FACES + 6 * c + i]
        if f == FSHADOW:
            shadow += 1
        elif f == FHUNT:
            hunt += 1
        elif f == FEXH:
            exh += 1
        elif f == P1:
            pw += 1
        elif f == P2:
            pw += 2
    need = shadow_needed(S, p)
    p_shadow = shadow / n
    p_hunt = hunt / n
    p_exh = exh / n
    p_pow = pw / n
    shadow_fill = (S[row(p, R_SHADOW + c)] + 1) / need
    hunt_fill = (S[row(p, R_HUNT)] + 1) / 4
    exh_fill = (S[row(p, R_EXH)] + 1) / 3
    return (
        p_shadow * shadow_fill**2 * 3
        + p_hunt * hunt_fill**2 * 5
        + p_exh * exh_fill**2 * 1.5
        - p_pow * 0.6
    )


def margin(S: Any, p: int) -> int:
    """``heuristic._margin``: fewest further bad results that would fill a row."""
    need = shadow_needed(S, p)
    left = need
    for c in range(4):
        left = min(left, need - S[row(p, R_SHADOW + c)])
    return min(S[H_HUNTROW] - S[row(p, R_HUNT)], S[H_EXHROW] - S[row(p, R_EXH)], left)


def find(S: Any, n: int, code: int) -> int:
    for i in range(n):
        if S[OPT + i] == code:
            return i
    return -1


def _resolve(S: Any, p: int, n: int) -> int:
    need = shadow_needed(S, p)
    hunt = S[row(p, R_HUNT)]
    exh = S[row(p, R_EXH)]
    for i in range(n):
        code = S[OPT + i]
        if C_REROLL <= code < C_REROLL + 4:
            c = code - C_REROLL
            bad = 0
            for j in range(ROLLED + 1, ROLLED + 1 + S[ROLLED]):
                d = S[j]
                if d & 7 != c:
                    continue
                f = (d >> 3) & 7
                if (f == FHUNT and hunt >= 3) or (
                    f == FSHADOW and S[row(p, R_SHADOW + c)] + 1 >= need
                ):
                    bad += 2
                elif f == FEXH and exh >= 2:
                    bad += 1
                elif f <= P2:
                    bad -= 2
            if bad >= 2:
                return i
    for what in (0, 2, 1, 3):  # power, exhaust, hunt, shadowmark
        i = find(S, n, C_RESOLVE + what)
        if i >= 0:
            return i
    # the Depths last (it draws more), the least-filled Shadow row first
    best = -1
    best_key = 0
    for i in range(n):
        code = S[OPT + i]
        if C_RESOLVE_SHADOW <= code < C_RESOLVE_SHADOW + 4:
            c = code - C_RESOLVE_SHADOW
            key = (1000 if c == 0 else 0) + S[row(p, R_SHADOW + c)]
            if best < 0 or key < best_key:
                best, best_key = i, key
    return best


def _rest(S: Any, p: int, n: int) -> int:
    need = shadow_needed(S, p)
    m = margin(S, p)
    again = find(S, n, C_DRAW_AGAIN)
    if again >= 0 and power_value(S, p) < 15:
        stage = S[seat_base(p) + SEAT_STAGE]
        stage_ok = stage == 0 or (stage == 1 and m >= 3)
        hunted = False
        h = row(p, R_HUNT)
        for i in range(h + 1, h + 1 + S[h]):
            if (S[i] >> 3) & 7 == FSHADOW:
                hunted = True
        if m >= 2 and stage_ok and not hunted:
            return again
    best = -1
    best_value = 0.0
    for i in range(n):
        code = S[OPT + i]
        if code == C_DRAW_AGAIN:
            continue
        value = 0.0
        if code == C_REST_EXHAUST:
            ex = row(p, R_EXH)
            k = 0
            for j in range(ex + 1, ex + 1 + S[ex]):
                if S[j] < 64:
                    k += 1
            value = k / 3 * 1.2
        elif code != C_REST_NONE:
            j = code - C_REST_SHADOW
            c = j // 3
            if j % 3 == 0:
                value = S[row(p, R_SHADOW + c)] / need * 1.5
            elif j % 3 == 1:
                value = 2.0 + S[row(p, R_HUNT)] / 4
            else:
                value = 0.4
        if best < 0 or value > best_value:
            best, best_value = i, value
    return best


def _pick_power2(S: Any, n: int) -> int:
    """The first pick option naming a 2-Power dream."""
    for i in range(n):
        k = (S[OPT + i] - C_PICK) % 32
        if 20 <= k < 28 and k % 2 == 1:
            return i
    return -1


def heuristic_choice(S: Any, f: int, n: int) -> int:
    """The index of the heuristic bot's choice among the ``n`` options of frame ``f``."""
    k = S[f]
    p = S[f + 1]
    if k == K_TRACK:
        m = margin(S, p)
        if m <= 1 or power_value(S, p) >= 12:
            return 0
        return 1 if m >= 3 else 0
    if k == K_RETURN:
        best = 0
        best_value = danger(S, p, S[OPT] - C_RETURN)
        for i in range(1, n):
            value = danger(S, p, S[OPT + i] - C_RETURN)
            if value > best_value:
                best, best_value = i, value
        return best
    if k == K_RESOLVE:
        return _resolve(S, p, n)
    if k == K_NOW:
        d = S[LIMBO + S[LIMBO]]
        c = d & 7
        face = (d >> 3) & 7
        bad = (
            (face == FHUNT and S[row(p, R_HUNT)] + 1 >= S[H_HUNTROW])
            or (face == FSHADOW and S[row(p, R_SHADOW + c)] + 1 >= shadow_needed(S, p))
            or (face == FEXH and S[row(p, R_EXH)] + 1 >= S[H_EXHROW])
        )
        return 1 if bad else 0
    if k == K_REROLL_PICK:
        for i in range(n):
            code = S[OPT + i]
            if C_REROLL_FACE <= code < C_REROLL_FACE + 20 and (code - C_REROLL_FACE) % 5 > P2:
                return i
        i = find(S, n, C_REROLL_CHOSEN)
        return i if i >= 0 else 0
    if k == K_REST:
        return _rest(S, p, n)
    if k == K_ENVY:
        i = _pick_power2(S, n)
        if i >= 0:
            return i
        for i in range(n):
            if pick_row(S[OPT + i] - C_PICK) == R_POW:
                return i
        return 0
    if k == K_STRIP:
        i = _pick_power2(S, n)
        return i if i >= 0 else 0
    if k == K_BECOME:
        best = 0
        most = -1
        for i in range(n):
            cards = S[CARDS + ROWBLK * (S[OPT + i] - C_BECOME)]
            if cards > most:
                best, most = i, cards
        return best
    if k == K_NIGHTMARE:
        # the biggest Power dream of its colour from the richest victim (the last of equals)
        best = -1
        best_key = -1
        for i in range(n):
            code = S[OPT + i]
            if code == C_MINIONS:
                continue
            j = code - C_CONSUME
            key = 1000 * (j % 2) + power_value(S, j // 2)
            if key >= best_key:
                best, best_key = i, key
        return best if best >= 0 else find(S, n, C_MINIONS)
    if k == K_MINION_PICK:
        target = S[f + 2]
        victim = target
        if target < 0:
            most = -1
            for i in range(S[H_N]):
                if S[seat_base(i) + SEAT_ROLE] == 0 and power_value(S, i) > most:
                    victim, most = i, power_value(S, i)
        best = 0
        best_value = danger(S, victim, S[OPT] - C_MINION)
        for i in range(1, n):
            value = danger(S, victim, S[OPT + i] - C_MINION)
            if value > best_value:
                best, best_value = i, value
        return best
    if k == K_MINION_TARGET:
        c = S[LIMBO + S[LIMBO]] & 7
        best = 0
        t = S[OPT] - C_TARGET
        best_power = power_value(S, t)
        best_danger = danger(S, t, c)
        for i in range(1, n):
            t = S[OPT + i] - C_TARGET
            pw = power_value(S, t)
            dg = danger(S, t, c)
            if pw > best_power or (pw == best_power and dg > best_danger):
                best, best_power, best_danger = i, pw, dg
        return best
    if k in (K_FEAR, K_IMPRISON, K_ABILITY, K_SPEND):
        return 0  # move no shadow; the first exhaust dream; activate; spend the 1-Power dream
    return rand_below(S, n)
