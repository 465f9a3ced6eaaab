"""The playout kernel: turns, filled rows, becoming a Nightmare, being eaten and the end of
the game ("4. Check for Filled Rows", "5. Rest or Draw Again", "Power Victory", "Nightmare
Victory", "Dream Victory", "The Winner"), step for step as ``state.py`` plays them."""

from __future__ import annotations

from typing import Any

from .kernel_base import (
    AUTO,
    CARDS,
    DREAMER,
    ELIMINATED,
    H_BAG,
    H_CUR,
    H_DEND,
    H_ES,
    H_EXHFLAG,
    H_EXHROW,
    H_FACES,
    H_FT,
    H_FTLEN,
    H_FTSET,
    H_GOAL,
    H_HOLDER,
    H_HUNTROW,
    H_N,
    H_REASON,
    H_ROLLOFF,
    H_RQN,
    H_SP,
    H_TURNS,
    H_WON,
    HAND,
    K_BECOME,
    K_CHECK,
    K_END_TURN,
    K_EXHAUST_DRAW,
    K_MINION_CHECK,
    K_NIGHTMARE,
    K_REST,
    K_ROLLOFF,
    K_TRACK,
    LIMBO,
    NIGHTMARE,
    P1,
    P2,
    R_EXH,
    R_HUNT,
    R_MARKS,
    R_POW,
    R_SHADOW,
    ROLLED,
    ROWBLK,
    RQ,
    SEAT_COLOUR,
    SEAT_ROLE,
    SEAT_STAGE,
    SEAT_TRACK,
    STACK,
    TURN_CAP,
    any_dreamer,
    bag_total,
    log_entry,
    pop_frame,
    power_clear,
    power_count,
    power_push,
    power_value,
    push_frame,
    row,
    seat_base,
    shadow_needed,
    snapshot,
    to_bag_list,
    top,
)

CHANCE = -1


def start_turn(S: Any, p: int) -> None:
    snapshot(S)
    S[H_CUR] = p
    S[H_TURNS] += 1
    sb = seat_base(p)
    if S[sb + SEAT_ROLE] == DREAMER:
        S[sb + SEAT_TRACK] = -1
        S[sb + SEAT_STAGE] = 0
        push_frame(S, K_TRACK, p, 0, 0, 0, 0)
    else:
        push_frame(S, K_NIGHTMARE, p, 0, 0, 0, 0)


def trigger_dream_end(S: Any) -> None:
    """ "Dream Victory": the bag is empty; the game ends after this turn."""
    S[H_DEND] = 1


def took_last(S: Any) -> bool:
    """lucidity-es "Fin del juego": whatever empties the bag ends the game after this turn."""
    if S[H_ES] and bag_total(S) == 0:
        trigger_dream_end(S)
        return True
    return False


def give_back_limbo(S: Any) -> None:
    to_bag_list(S, LIMBO)


def eliminate(S: Any, p: int, eaten: bool) -> None:
    """Eaten (a full Hunt row) or three Shadowmarks: every dream back to the bag."""
    for r in range(8):
        to_bag_list(S, row(p, r))
    power_clear(S, p)
    sb = seat_base(p)
    S[sb + SEAT_ROLE] = ELIMINATED
    S[sb + SEAT_TRACK] = -1
    log_entry(S, p, 4 if eaten else 5)


def become(S: Any, p: int, c: int) -> None:
    """ "4. Check for Filled Rows": become the Nightmare of colour ``c``."""
    for r in (R_HUNT, R_EXH, R_SHADOW, R_SHADOW + 1, R_SHADOW + 2, R_SHADOW + 3, R_MARKS):
        to_bag_list(S, row(p, r))
    card = CARDS + c * ROWBLK
    for i in range(card + 1, card + 1 + S[card]):
        power_push(S, p, S[i])
    S[card] = 0
    S[H_HOLDER + c] = p
    sb = seat_base(p)
    S[sb + SEAT_ROLE] = NIGHTMARE
    S[sb + SEAT_COLOUR] = c
    S[sb + SEAT_TRACK] = -1
    log_entry(S, p, c)


def nightmare_mask(S: Any, p: int) -> int:
    """Bit mask of the Nightmare colours ``p`` becomes at the check (0: none; several: a
    tie to choose from). A full row of a claimed colour does not fill for this check: the
    most-filled full row among the unclaimed colours decides ("4. Check for Filled Rows")."""
    need = shadow_needed(S, p)
    if (
        S[row(p, R_SHADOW)] < need
        and S[row(p, R_SHADOW + 1)] < need
        and S[row(p, R_SHADOW + 2)] < need
        and S[row(p, R_SHADOW + 3)] < need
    ):
        return 0
    best = need
    mask = 0
    for c in range(4):
        if S[H_HOLDER + c] < 0:
            n = S[row(p, R_SHADOW + c)]
            if n > best:
                best = n
                mask = 1 << c
            elif n == best:
                mask |= 1 << c
    return mask


def single_colour(mask: int) -> int:
    """The colour of a one-bit mask, -1 for several."""
    for c in range(4):
        if mask == 1 << c:
            return c
    return -1


def run_check(S: Any) -> None:
    """ "4. Check for Filled Rows" at the end of a drawing stage."""
    f = top(S)
    p = S[f + 2]
    sb = seat_base(p)
    if S[sb + SEAT_ROLE] != DREAMER:
        pop_frame(S)
        end_turn(S)
        return
    hunt = S[row(p, R_HUNT)]
    marks = S[row(p, R_MARKS)]
    if hunt >= S[H_HUNTROW] or marks >= 3:
        pop_frame(S)
        eliminate(S, p, hunt >= S[H_HUNTROW])
        end_turn(S)
        return
    exhausted = S[f + 3]
    if not S[f + 4] and S[row(p, R_EXH)] >= S[H_EXHROW]:
        pop_frame(S)
        push_frame(S, K_CHECK, AUTO, p, 1, 1, 0)
        push_frame(S, K_EXHAUST_DRAW, CHANCE, p, 0, 0, 0)
        return
    mask = nightmare_mask(S, p)
    if mask:
        pop_frame(S)
        c = single_colour(mask)
        if c < 0:
            push_frame(S, K_BECOME, p, mask, 0, 0, 0)
        else:
            become(S, p, c)
            end_turn(S)
        return
    pop_frame(S)
    if S[H_DEND]:
        end_game(S, 3)
        return
    push_frame(S, K_REST, p, exhausted, 0, 0, 0)


def check_rows_minion(S: Any, p: int) -> None:
    """Filled rows after a dream given by a Nightmare (no rest: it is not that turn)."""
    if S[seat_base(p) + SEAT_ROLE] != DREAMER:
        return
    hunt = S[row(p, R_HUNT)]
    if hunt >= S[H_HUNTROW] or S[row(p, R_MARKS)] >= 3:
        eliminate(S, p, hunt >= S[H_HUNTROW])
    else:
        mask = nightmare_mask(S, p)
        if mask:
            c = single_colour(mask)
            if c < 0:
                push_frame(S, K_BECOME, p, mask, 1, 0, 0)
                return
            become(S, p, c)
    if not any_dreamer(S):
        end_game(S, 2)


def do_become(S: Any, code_colour: int) -> None:
    f = top(S)
    p = S[f + 1]
    minion = S[f + 3]
    pop_frame(S)
    become(S, p, code_colour)
    if minion:
        if not any_dreamer(S):
            end_game(S, 2)
        return
    end_turn(S)


def exhaust_draw(S: Any, c: int) -> None:
    """Exhausted: draw a dream and lose every Power dream of its colour."""
    f = top(S)
    p = S[f + 2]
    pop_frame(S)
    S[H_EXHFLAG] |= 1 << p
    if c == 4:
        return  # a Bone Hunter: no Power is lost, the dream goes straight back
    pw = row(p, R_POW)
    i = 0
    while i < S[pw]:
        d = S[pw + 1 + i]
        if d & 7 == c:
            for j in range(pw + 1 + i, pw + S[pw]):
                S[j] = S[j + 1]
            S[pw] -= 1
            S[H_BAG + c] += 1
            power_count(S, p, d, -1)
        else:
            i += 1


def hand_to_bag(S: Any) -> None:
    for i in range(HAND + 1, HAND + 1 + S[HAND]):
        S[H_BAG + S[i]] += 1
    S[HAND] = 0
    to_bag_list(S, ROLLED)


def end_turn(S: Any) -> None:
    if S[H_REASON]:
        return
    S[H_SP] = 0
    give_back_limbo(S)
    hand_to_bag(S)
    if not any_dreamer(S):
        end_game(S, 2)
        return
    if S[H_DEND]:
        end_game(S, 3)
        return
    if S[H_TURNS] >= TURN_CAP:
        end_game(S, 4)
        return
    n = S[H_N]
    cur = S[H_CUR]
    if not S[H_FTSET]:
        goal = S[H_GOAL]
        holders = 0
        for i in range(n):
            if power_value(S, i) >= goal:
                holders |= 1 << i
        if holders:
            # "Power Victory": every other remaining dreamer, from the next seat on
            S[H_FTSET] = 1
            k = 0
            for j in range(1, n + 1):
                i = (cur + j) % n
                if S[seat_base(i) + SEAT_ROLE] == DREAMER and not holders & (1 << i):
                    S[H_FT + k] = i
                    k += 1
            S[H_FTLEN] = k
    else:
        k = 0
        for j in range(S[H_FTLEN]):
            i = S[H_FT + j]
            if i != cur:
                S[H_FT + k] = i
                k += 1
        S[H_FTLEN] = k
    if S[H_FTSET]:
        k = 0
        for j in range(S[H_FTLEN]):
            i = S[H_FT + j]
            if S[seat_base(i) + SEAT_ROLE] == DREAMER:
                S[H_FT + k] = i
                k += 1
        S[H_FTLEN] = k
        if k == 0:
            end_game(S, 1)
            return
        start_turn(S, S[H_FT])
        return
    nxt = cur
    for _ in range(n):
        nxt = (nxt + 1) % n
        if S[seat_base(nxt) + SEAT_ROLE] != ELIMINATED:
            break
    start_turn(S, nxt)


def dice_count(S: Any, p: int) -> int:
    total = 0
    for r in range(8):
        total += S[row(p, r)]
    return total


def end_game(S: Any, reason: int) -> None:
    """ "The Winner": the most Power among the candidates; lucidity-en breaks ties by the
    most dreams on the card, then a roll-off of every dream on it."""
    S[H_SP] = 0
    give_back_limbo(S)
    hand_to_bag(S)
    S[H_REASON] = reason
    snapshot(S)
    n = S[H_N]
    cands = 0
    for i in range(n):
        role = S[seat_base(i) + SEAT_ROLE]
        if (reason == 2 and role == NIGHTMARE) or (reason != 2 and role != ELIMINATED):
            cands |= 1 << i
    if cands == 0:
        # "How to win": every player eliminated and no Nightmare left: nobody wins
        S[H_REASON] = 5
        S[H_WON] = 0
        return
    best = -1
    for i in range(n):
        if cands & (1 << i):
            best = max(best, power_value(S, i))
    tied = 0
    ntied = 0
    for i in range(n):
        if cands & (1 << i) and power_value(S, i) == best:
            tied |= 1 << i
            ntied += 1
    if ntied > 1 and not S[H_ES]:
        most = 0
        for i in range(n):
            if tied & (1 << i):
                most = max(most, dice_count(S, i))
        kept = 0
        ntied = 0
        for i in range(n):
            if tied & (1 << i) and dice_count(S, i) == most:
                kept |= 1 << i
                ntied += 1
        tied = kept
        if ntied > 1 and most > 0:
            start_rolloff(S, tied)
            return
    S[H_WON] = tied


def start_rolloff(S: Any, tied: int) -> None:
    k = 0
    for i in range(S[H_N]):
        S[H_ROLLOFF + i] = 0
        if tied & (1 << i):
            for r in range(8):
                b = row(i, r)
                for j in range(b + 1, b + 1 + S[b]):
                    S[RQ + k] = i * 8 + (S[j] & 7)
                    k += 1
    S[H_RQN] = k
    push_frame(S, K_ROLLOFF, CHANCE, tied, 0, 0, 0)


def do_rolloff(S: Any, face: int) -> None:
    f = top(S)
    pos = S[f + 3]
    seat = S[RQ + pos] >> 3
    if face == P2:
        S[H_ROLLOFF + seat] += 2
    elif face == P1:
        S[H_ROLLOFF + seat] += 1
    S[f + 3] = pos + 1


def finish_winners(S: Any, tied: int) -> None:
    """ "The Winner": the most Power rolled wins; players still tied roll off again, as long
    as one of their dreams can roll Power (else the tie stands)."""
    best = -1
    for i in range(S[H_N]):
        if tied & (1 << i):
            best = max(best, S[H_ROLLOFF + i])
    won = 0
    n = 0
    for i in range(S[H_N]):
        if tied & (1 << i) and S[H_ROLLOFF + i] == best:
            won |= 1 << i
            n += 1
    if n > 1:
        for i in range(S[H_N]):
            if won & (1 << i):
                for r in range(8):
                    b = row(i, r)
                    for j in range(b + 1, b + 1 + S[b]):
                        c = S[j] & 7
                        for k in range(6):
                            if S[H_FACES + 6 * c + k] <= P2:
                                start_rolloff(S, won)
                                return
    S[H_WON] = won


def marked_out(S: Any, p: int) -> None:
    """The third Shadowmark eliminates at once ("The Shadowmark")."""
    eliminate(S, p, False)
    give_back_limbo(S)
    if S[H_CUR] == p:
        S[H_SP] = 0
        push_frame(S, K_END_TURN, AUTO, 0, 0, 0, 0)
        return
    while S[H_SP] > 0:
        f = top(S)
        if S[f] == K_MINION_CHECK and S[f + 2] == p:
            break
        pop_frame(S)
    if S[H_SP] == 0:  # pragma: no cover - a dream outside one's turn is always a minion
        push_frame(S, K_END_TURN, AUTO, 0, 0, 0, 0)


def stack_base() -> int:
    return STACK
