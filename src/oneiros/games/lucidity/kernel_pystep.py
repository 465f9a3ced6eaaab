"""The plain Python kernel's frame loop: ``advance`` for CPython (the plain Python build
puts it in the place of ``kernel_step.advance``, see ``kernel._impl``). CPython only.

With the actions made in runs (no replay script, no stop seat) the source's loop tests a
frame's kind against a long chain, then asks ``legal`` for the options, ``sample_chance``
or ``choose`` for the action and ``apply_chance`` or ``apply_decision`` for the step that
applies it: some hundreds of operations around each action. Here the frames that come
up most often outside the turns played in one go (``kernel_pyturn``, ``kernel_pynight``)
are tested first and, for a random seat, played directly: the roll of a dream drawn or
given outside the stage ("Re-rolling dreams", Shadow of the Depths, Shadow of Envy, a
minion), the choice to resolve it now or reroll it, Shadow of Envy's pick, the
Nightmares' ability decisions, the draws of minions, of the exhaustion and of the
abilities, the minion's check and the end of a Nightmare's turn; the turns of random
dreamers and Nightmares start here (``kernel_pyturn.dreamer_turn``, ``kernel_pynight.nightmare_turn``). Each plays
exactly one action as the source would (the same options in the same order, the same
random number, the same step applied), so nothing changes but the cost.

Anything else (a heuristic seat's decision, the rarer frames, and every action once
fewer than ``MARGIN`` are left before ``max_actions``) is the source's own loop
(``step_advance``): for one action (its ``max_actions`` the next action), or to the end
near ``max_actions``, so that a stopped game stops exactly where the source stops."""

from __future__ import annotations

from typing import Any

from .kernel_base import (
    BONE,
    CHANCE,
    DREAMER,
    FEXH,
    FNONE,
    FRAME,
    FSHADOW,
    H_ACTIONS,
    H_BAG,
    H_DECISIONS,
    H_DEND,
    H_ES,
    H_FACES,
    H_FOURTH,
    H_HOLDER,
    H_HUNTROW,
    H_N,
    H_OPTFOR,
    H_POL,
    H_RNG,
    H_SDELTA,
    H_SP,
    H_TAKES,
    HAND,
    K_ABILITY,
    K_ABILITY_DRAW,
    K_CHECK,
    K_DRAW,
    K_DRAW_NOW,
    K_END_TURN,
    K_ENVY,
    K_EXHAUST_DRAW,
    K_MINION_CHECK,
    K_MINION_DRAW,
    K_MINION_PICK,
    K_NIGHTMARE,
    K_NOW,
    K_RESOLVE,
    K_REST,
    K_RETURN,
    K_ROLL,
    K_ROLL_NOW,
    K_TRACK,
    LIMBO,
    P2,
    R_HUNT,
    R_MARKS,
    R_SHADOW,
    ROLLED,
    ROWBLK,
    SEAT_PC,
    SEAT_POWER,
    SEAT_ROLE,
    SEAT_ROWS,
    SEATS,
    SEATSZ,
    STACK,
    next_random,
    push_frame,
)
from .kernel_flow import check_rows_minion, end_turn, exhaust_draw, run_check, took_last
from .kernel_pybase import (
    CHECK,
    MARGIN,
    PC_OFFSET,
    PLAIN_ROW,
    RESOLVE,
    REST,
    TRACK,
    colour_at,
    envy_take,
)
from .kernel_pynight import nightmare_turn
from .kernel_pyturn import dreamer_turn
from .kernel_runs import draw_run, return_run, roll_run
from .kernel_step import advance as step_advance
from .kernel_turn import (
    do_ability,
    do_ability_draw,
    do_draw_now,
    do_minion_pick,
    place,
    returnable,
    start_reroll,
)


def advance(S: Any, runs: bool, max_actions: int) -> int:
    """``kernel_step.advance`` (see there and the module docs): the same actions, steps and
    random numbers, the common frames of random seats played here directly."""
    if not runs:
        return step_advance(S, runs, max_actions)
    while S[H_SP] > 0:
        acts = S[H_ACTIONS]
        if acts + MARGIN >= max_actions:
            return step_advance(S, runs, max_actions)
        f = STACK + FRAME * (S[H_SP] - 1)
        k = S[f]
        if k == K_RESOLVE:
            # the resolve decisions of a random dreamer's stage (``dreamer_turn``)
            p = S[f + 1]
            if (
                S[H_POL + p] == 0
                and f != STACK
                and S[f - FRAME] == K_CHECK
                and S[f - FRAME + 2] == p
            ):
                dreamer_turn(S, f - FRAME, p, RESOLVE, max_actions)
                continue
        elif k == K_ROLL_NOW:
            # a dream drawn or given outside the stage, rolled at once (``do_roll_now``)
            n = S[LIMBO]
            if n == 0:
                S[H_SP] -= 1
                continue
            S[H_ACTIONS] = acts + 1
            x = S[H_RNG]
            x = next_random(x)
            S[H_RNG] = x
            c = S[LIMBO + n] & 7
            face = S[H_FACES + 6 * c + ((x * 6) >> 32)]
            p = S[f + 2]
            pool = S[f + 3]
            S[H_SP] -= 1
            d = c + 8 * face
            sb = SEATS + p * SEATSZ
            if S[sb + SEAT_ROLE] != DREAMER:
                S[LIMBO] = n - 1
                S[H_BAG + c] += 1
            elif face == FSHADOW and pool and S[H_ES]:
                # lucidity-es: a new shadow joins the unresolved dreams
                S[LIMBO] = n - 1
                m = S[ROLLED] + 1
                S[ROLLED] = m
                S[ROLLED + m] = d
            elif c != BONE and (S[sb + SEAT_PC + 2 * c] or S[sb + SEAT_PC + 2 * c + 1]):
                # "Re-rolling dreams": the dreamer may reroll it before it resolves
                S[LIMBO + n] = d
                push_frame(S, K_NOW, p, pool, 0, 0, 0)
            else:
                S[LIMBO] = n - 1
                h = S[H_HOLDER + c] if c != BONE else -1
                if face <= FEXH and (h < 0 or h == p or not S[H_TAKES + c] >> face & 1):
                    # ``place``: a Power, Hunt or Exhaust dream nobody takes, to its row
                    b = sb + SEAT_ROWS + PLAIN_ROW[face] * ROWBLK
                    m = S[b] + 1
                    S[b] = m
                    S[b + m] = d
                    if face <= P2:
                        S[sb + PC_OFFSET[d]] += 1
                        S[sb + SEAT_POWER] += face + 1
                else:
                    place(S, p, d, pool)
            continue
        elif k == K_TRACK:
            p = S[f + 1]
            if S[H_POL + p] == 0:
                dreamer_turn(S, f, p, TRACK, max_actions)
                continue
        elif k == K_NIGHTMARE:
            if S[H_POL + S[f + 1]] == 0 and nightmare_turn(S, f):
                continue
        elif k == K_NOW:
            # "Re-rolling dreams": resolve the new dream now or reroll it (``do_now``)
            n = S[LIMBO]
            if n == 0:
                S[H_SP] -= 1
                continue
            p = S[f + 1]
            if S[H_POL + p] == 0:
                S[H_ACTIONS] = acts + 1
                S[H_DECISIONS] += 1
                x = S[H_RNG]
                x = next_random(x)
                S[H_RNG] = x
                pool = S[f + 2]
                S[H_SP] -= 1
                if (x * 2) >> 32:  # the options: resolve now, reroll
                    start_reroll(S, p, S[LIMBO + n] & 7, 1, pool)
                    continue
                S[LIMBO] = n - 1
                d = S[LIMBO + n]
                c = d & 7
                face = d >> 3
                h = S[H_HOLDER + c] if c != BONE else -1
                if face <= FEXH and (h < 0 or h == p or not S[H_TAKES + c] >> face & 1):
                    # ``place``: a Power, Hunt or Exhaust dream nobody takes, to its row
                    sb = SEATS + p * SEATSZ
                    b = sb + SEAT_ROWS + PLAIN_ROW[face] * ROWBLK
                    m = S[b] + 1
                    S[b] = m
                    S[b + m] = d
                    if face <= P2:
                        S[sb + PC_OFFSET[d]] += 1
                        S[sb + SEAT_POWER] += face + 1
                else:
                    place(S, p, d, pool)
                continue
        elif k == K_ABILITY:
            # "Activating Nightmare Abilities": use it or not
            if S[H_POL + S[f + 1]] == 0:
                S[H_ACTIONS] = acts + 1
                S[H_DECISIONS] += 1
                x = S[H_RNG]
                x = next_random(x)
                S[H_RNG] = x
                do_ability(S, (x * 2) >> 32 == 0)  # the options: use, pass
                continue
        elif k in (K_EXHAUST_DRAW, K_MINION_DRAW, K_ABILITY_DRAW, K_DRAW_NOW):
            # a dream drawn from the bag (``draw_colour``), then that frame's step
            b0, b1, b2, b3, bone = S[H_BAG : H_BAG + 5]
            total = b0 + b1 + b2 + b3 + bone
            if total == 0:
                S[H_SP] -= 1
                S[H_DEND] = 1  # ``trigger_dream_end``
                continue
            S[H_ACTIONS] = acts + 1
            x = S[H_RNG]
            x = next_random(x)
            S[H_RNG] = x
            r = (x * total) >> 32
            c = colour_at(r, b0, b1, b2, b3)
            if k == K_MINION_DRAW:  # ``do_minion_draw``
                S[H_BAG + c] -= 1
                n = S[LIMBO] + 1
                S[LIMBO] = n
                S[LIMBO + n] = c + 8 * FNONE
                S[H_SP] -= 1
                if S[H_BAG + c] == 0:
                    took_last(S)
            elif k == K_EXHAUST_DRAW:
                exhaust_draw(S, c)
            elif k == K_ABILITY_DRAW:
                do_ability_draw(S, c)
            else:
                do_draw_now(S, c)
            continue
        elif k == K_CHECK:
            p = S[f + 2]
            if S[H_POL + p] == 0 and S[SEATS + p * SEATSZ + SEAT_ROLE] == DREAMER:
                dreamer_turn(S, f, p, CHECK, max_actions)
            else:
                run_check(S)
            continue
        elif k == K_ENVY:
            # Shadow of Envy: the next seat picks a dream of the dreamer's (``legal_envy``)
            if S[H_POL + S[f + 1]] == 0:
                envy(S, f, acts)
                continue
        elif k == K_MINION_CHECK:
            # ``check_rows_minion``: played there only when a row of the dreamer's is full
            S[H_SP] -= 1
            p = S[f + 2]
            sb = SEATS + p * SEATSZ
            if S[sb + SEAT_ROLE] == DREAMER:
                rows = sb + SEAT_ROWS
                marks = S[rows + R_MARKS * ROWBLK]
                need = (4 if (S[H_N] == 2 or S[H_FOURTH]) else 3) + S[H_SDELTA]
                need = (need if need > 2 else 2) - marks  # ``shadow_needed``
                if need < 1:
                    need = 1
                if (
                    S[rows + R_HUNT * ROWBLK] >= S[H_HUNTROW]
                    or marks >= 3
                    or S[rows + R_SHADOW * ROWBLK] >= need
                    or S[rows + (R_SHADOW + 1) * ROWBLK] >= need
                    or S[rows + (R_SHADOW + 2) * ROWBLK] >= need
                    or S[rows + (R_SHADOW + 3) * ROWBLK] >= need
                ):
                    check_rows_minion(S, p)
            continue
        elif k == K_END_TURN:
            S[H_SP] -= 1
            end_turn(S)
            continue
        elif k == K_MINION_PICK:
            if S[H_POL + S[f + 1]] == 0 and minion_pick(S, f, acts):
                continue
        elif k == K_REST:
            p = S[f + 1]
            if S[H_POL + p] == 0:
                dreamer_turn(S, f, p, REST, max_actions)
                continue
        elif k == K_DRAW:
            if S[HAND] >= S[f + 3]:
                S[H_SP] -= 1
                continue
            if S[H_BAG] + S[H_BAG + 1] + S[H_BAG + 2] + S[H_BAG + 3] + S[H_BAG + 4] == 0:
                S[H_DEND] = 1
                S[H_SP] -= 1
                continue
            draw_run(S, f, max_actions)
            continue
        elif k == K_ROLL:
            if S[HAND] == 0:
                S[H_SP] -= 1
                continue
            roll_run(S, f, max_actions)
            continue
        elif k == K_RETURN:
            if S[H_DEND] or S[f + 2] <= 0 or not returnable(S):
                S[H_SP] -= 1
                continue
            if S[H_POL + S[f + 1]] == 0:
                return_run(S, f, max_actions)
                continue
        # anything else: the source's loop for one action (its options found again)
        step_advance(S, runs, acts + 1)
        S[H_OPTFOR] = 0
    return -1


def envy(S: Any, f: int, acts: int) -> None:
    """Shadow of Envy at frame ``f``, its chooser random: ``envy_take`` (``legal_envy`` and
    ``remove_pick``), then ``do_envy``'s roll pushed; no option pops the frame."""
    p = S[f + 2]
    d, x = envy_take(S, p, S[H_RNG])
    S[H_SP] -= 1
    if d < 0:
        return
    S[H_RNG] = x
    S[H_ACTIONS] = acts + 1
    S[H_DECISIONS] += 1
    pool = S[f + 3]
    n = S[LIMBO] + 1
    S[LIMBO] = n
    S[LIMBO + n] = (d & 7) + 8 * FNONE
    push_frame(S, K_ROLL_NOW, CHANCE, p, pool, 0, 0)


def minion_pick(S: Any, f: int, acts: int) -> bool:
    """A random Nightmare's minion at frame ``f`` (``legal``'s ``K_MINION_PICK``: the colours
    drawn, in colour order) and ``do_minion_pick``; False (nothing done) when there is no
    option (the source gives the dreams back then)."""
    target = S[f + 2]
    if target >= 0:
        if S[SEATS + target * SEATSZ + SEAT_ROLE] != DREAMER:
            return False
    elif DREAMER not in S[SEATS + SEAT_ROLE : SEATS + S[H_N] * SEATSZ : SEATSZ]:
        return False
    held = 0
    for d in S[LIMBO + 1 : LIMBO + 1 + S[LIMBO]]:
        held |= 1 << (d & 7)
    opts = []
    for c in range(4):
        if held >> c & 1:
            opts.append(c)
    n = len(opts)
    if n == 0:
        return False
    S[H_ACTIONS] = acts + 1
    S[H_DECISIONS] += 1
    c = opts[0]
    if n > 1:
        x = S[H_RNG]
        x = next_random(x)
        S[H_RNG] = x
        c = opts[(x * n) >> 32]
    do_minion_pick(S, c)
    return True
