"""The playout kernel's main loop: run the automatic steps (``state._advance``), then ask
chance, the seat's policy or the replay script for the next action and apply it."""

from __future__ import annotations

from typing import Any

from .kernel_base import (
    C_ABILITY_USE,
    C_BECOME,
    C_CONSUME,
    C_DRAW,
    C_FEAR,
    C_FEAR_NONE,
    C_FIRST,
    C_MINION,
    C_MINIONS,
    C_PICK,
    C_REROLL,
    C_REROLL_CHOSEN,
    C_REROLL_FACE,
    C_RESOLVE,
    C_RESOLVE_NOW,
    C_RESOLVE_SHADOW,
    C_RETURN,
    C_ROLL,
    C_SPEND,
    C_TARGET,
    C_TRACK,
    CHANCE,
    H_ACTIONS,
    H_BAG,
    H_CUR,
    H_DECISIONS,
    H_DEND,
    H_DTRACE0,
    H_DTRACECAP,
    H_DTRACEN,
    H_ERR,
    H_EXHFLAG,
    H_FACES,
    H_LOG,
    H_LOGN,
    H_N,
    H_OPTFOR,
    H_OPTN,
    H_POL,
    H_REASON,
    H_RNG,
    H_RQN,
    H_SCRIPT0,
    H_SCRIPTN,
    H_SCRIPTPOS,
    H_SP,
    H_STOP,
    H_TURNS,
    H_WON,
    HAND,
    K_ABILITY,
    K_ABILITY_DRAW,
    K_BECOME,
    K_CHECK,
    K_DRAW,
    K_DRAW_NOW,
    K_END_TURN,
    K_ENVY,
    K_EXHAUST_DRAW,
    K_FEAR,
    K_FIRST,
    K_HUNT_MOVE,
    K_IMPRISON,
    K_MINION_CHECK,
    K_MINION_DRAW,
    K_MINION_PICK,
    K_MINION_TARGET,
    K_NIGHTMARE,
    K_NOW,
    K_OFFER,
    K_REROLL_PICK,
    K_RESOLVE,
    K_REST,
    K_RETURN,
    K_ROLL,
    K_ROLL_NOW,
    K_ROLLOFF,
    K_SPEND,
    K_STRIP,
    K_TRACK,
    LIMBO,
    OPT,
    ROLLED,
    RQ,
    SEAT_ROLE,
    SIZE,
    bag_total,
    draw_colour,
    mix_seed,
    next_random,
    pick_colour,
    pop_frame,
    power_value,
    rand_below,
    seat_base,
    top,
)
from .kernel_flow import (
    check_rows_minion,
    do_become,
    do_rolloff,
    end_turn,
    exhaust_draw,
    finish_winners,
    give_back_limbo,
    run_check,
    start_turn,
    trigger_dream_end,
)
from .kernel_legal import legal, legal_resolve
from .kernel_policy import heuristic_choice
from .kernel_runs import draw_run, return_run, roll_run
from .kernel_turn import (
    do_ability,
    do_ability_draw,
    do_draw,
    do_draw_now,
    do_envy,
    do_fear,
    do_hunt_move,
    do_imprison,
    do_minion_draw,
    do_minion_pick,
    do_minion_target,
    do_nightmare,
    do_now,
    do_offer,
    do_reroll_pick,
    do_resolve,
    do_rest,
    do_return,
    do_roll,
    do_roll_now,
    do_spend,
    do_strip,
    do_track,
    returnable,
)


def advance(S: Any, runs: bool, max_actions: int) -> int:
    """Run the steps that need no decision (``state._advance``), until a decision or the
    end of the game; the top frame then (-1: the game is over). With ``runs`` (no replay
    script, no stop seat) the chance events and the seats' choices are made here too, as
    ``play`` would make them one by one (``sample_chance``, ``choose``), with the draws and
    rolls of a stage and a random seat's returns in one go (``draw_run``, ``roll_run``,
    ``return_run``): the same actions, in the same order, with the same random numbers;
    it returns only at the end of the game or once ``max_actions`` actions are applied.
    The plain Python build plays whole turns of random seats in its own loop
    (``kernel_pystep.advance``), which calls this one for single actions."""
    while S[H_SP] > 0:
        f = top(S)
        k = S[f]
        if k == K_RESOLVE:
            S[H_OPTN] = 0
            legal_resolve(S, S[f + 1])
            n = S[H_OPTN]
            if n == 0:
                pop_frame(S)
                continue
            code = S[OPT]
            if (n == 1 and code < C_REROLL) or (n == 1 and code > C_REROLL + 3):
                apply_resolve(S, code)
                continue
            S[H_OPTFOR] = 1
        elif k == K_DRAW:
            if S[HAND] >= S[f + 3]:
                pop_frame(S)
                continue
            if bag_total(S) == 0:
                trigger_dream_end(S)
                pop_frame(S)
                continue
            if runs and S[H_ACTIONS] < max_actions:
                draw_run(S, f, max_actions)
                continue
        elif k == K_ROLL:
            if S[HAND] == 0:
                pop_frame(S)
                continue
            if runs and S[H_ACTIONS] < max_actions:
                roll_run(S, f, max_actions)
                continue
        elif k == K_CHECK:
            run_check(S)
            continue
        elif k == K_RETURN:
            if S[H_DEND] or S[f + 2] <= 0 or not returnable(S):
                pop_frame(S)
                continue
            if runs and S[H_POL + S[f + 1]] == 0 and S[H_ACTIONS] < max_actions:
                return_run(S, f, max_actions)
                continue
        elif k == K_END_TURN:
            pop_frame(S)
            end_turn(S)
            continue
        elif k == K_MINION_CHECK:
            pop_frame(S)
            check_rows_minion(S, S[f + 2])
            continue
        elif k in (K_DRAW_NOW, K_MINION_DRAW, K_EXHAUST_DRAW, K_ABILITY_DRAW):
            if bag_total(S) == 0:
                pop_frame(S)
                trigger_dream_end(S)
                continue
        elif k in (K_ROLL_NOW, K_NOW):
            if S[LIMBO] == 0:
                pop_frame(S)
                continue
        elif k == K_ROLLOFF:
            if S[f + 3] >= S[H_RQN]:
                pop_frame(S)
                finish_winners(S, S[f + 2])
                continue
        elif k == K_REROLL_PICK:
            c = S[f + 2]
            left = False
            for i in range(ROLLED + 1, ROLLED + 1 + S[ROLLED]):
                if S[i] & 7 == c:
                    left = True
            if not left:
                pop_frame(S)
                continue
        elif k in (
            K_ENVY,
            K_FEAR,
            K_STRIP,
            K_OFFER,
            K_HUNT_MOVE,
            K_MINION_PICK,
            K_MINION_TARGET,
            K_NIGHTMARE,
        ):
            if legal(S, f) == 0:
                pop_frame(S)
                if k == K_MINION_PICK:
                    give_back_limbo(S)
                elif k == K_NIGHTMARE:
                    end_turn(S)
                continue
            S[H_OPTFOR] = 1
        # a chance event or a decision at frame f
        if not runs or S[H_ACTIONS] >= max_actions:
            return f
        p = S[f + 1]
        S[H_ACTIONS] += 1
        if p == CHANCE:
            apply_chance(S, f, sample_chance(S, f))
            continue
        n = S[H_OPTN] if S[H_OPTFOR] else legal(S, f)
        S[H_OPTFOR] = 0
        S[H_DECISIONS] += 1
        if n == 1:
            code = S[OPT]
        elif S[H_POL + p] == 1:
            code = S[OPT + heuristic_choice(S, f, n)]
        else:
            x = S[H_RNG]  # ``rand_below(S, n)``, written out
            x = next_random(x)
            S[H_RNG] = x
            code = S[OPT + ((x * n) >> 32)]
        if k == K_RESOLVE:
            apply_resolve(S, code)
        else:
            apply_decision(S, k, code)
    return -1


def choose(S: Any, f: int, p: int, n: int) -> int:
    """The choice of seat ``p`` among the ``n`` options of frame ``f``: the only one, the
    heuristic's, or one at random."""
    if n == 1:
        return S[OPT]
    if S[H_POL + p] == 1:
        return S[OPT + heuristic_choice(S, f, n)]
    return S[OPT + rand_below(S, n)]


def apply_resolve(S: Any, code: int) -> None:
    if code >= C_REROLL and code < C_REROLL + 4:
        do_resolve(S, 5, code - C_REROLL)
    elif code >= C_RESOLVE_SHADOW and code < C_RESOLVE_SHADOW + 4:
        do_resolve(S, 4, code - C_RESOLVE_SHADOW)
    else:
        do_resolve(S, code - C_RESOLVE, 0)


def apply_decision(S: Any, k: int, code: int) -> None:
    if k == K_TRACK:
        do_track(S, code - C_TRACK)
    elif k == K_RETURN:
        do_return(S, code - C_RETURN)
    elif k == K_RESOLVE:
        apply_resolve(S, code)
    elif k == K_REST:
        do_rest(S, code)
    elif k == K_BECOME:
        do_become(S, code - C_BECOME)
    elif k == K_ENVY:
        do_envy(S, code - C_PICK)
    elif k == K_FEAR:
        if code == C_FEAR_NONE:
            do_fear(S, -1, False)
        else:
            do_fear(S, (code - C_FEAR) // 2, (code - C_FEAR) % 2 == 1)
    elif k == K_HUNT_MOVE:
        do_hunt_move(S, pick_colour(code - C_PICK))
    elif k == K_IMPRISON:
        do_imprison(S, pick_colour(code - C_PICK))
    elif k == K_ABILITY:
        do_ability(S, code == C_ABILITY_USE)
    elif k == K_STRIP:
        do_strip(S, code - C_PICK)
    elif k == K_OFFER:
        do_offer(S, code - C_PICK)
    elif k == K_NIGHTMARE:
        if code == C_MINIONS:
            do_nightmare(S, -1, 0)
        else:
            do_nightmare(S, (code - C_CONSUME) // 2, (code - C_CONSUME) % 2)
    elif k == K_MINION_PICK:
        do_minion_pick(S, code - C_MINION)
    elif k == K_MINION_TARGET:
        do_minion_target(S, code - C_TARGET)
    elif k == K_NOW:
        do_now(S, code != C_RESOLVE_NOW)
    elif k == K_SPEND:
        do_spend(S, (code - C_SPEND) % 2)
    elif k == K_REROLL_PICK:
        if code == C_REROLL_CHOSEN:
            do_reroll_pick(S, -1)
        else:
            do_reroll_pick(S, (code - C_REROLL_FACE) % 5)


def rolling_colour(S: Any, f: int) -> int:
    k = S[f]
    if k == K_ROLL:
        return S[HAND + S[HAND]]
    if k == K_ROLL_NOW:
        return S[LIMBO + S[LIMBO]] & 7
    return S[RQ + S[f + 3]] & 7  # K_ROLLOFF


def sample_chance(S: Any, f: int) -> int:
    """A chance outcome with its true probability, as an action code."""
    k = S[f]
    if k == K_FIRST:
        return C_FIRST + rand_below(S, S[H_N])
    if k in (K_ROLL, K_ROLL_NOW, K_ROLLOFF):
        c = rolling_colour(S, f)
        return C_ROLL + S[H_FACES + 6 * c + rand_below(S, 6)]
    return C_DRAW + draw_colour(S)


def chance_allowed(S: Any, f: int, code: int) -> bool:
    """Whether a replayed chance outcome can happen here."""
    k = S[f]
    if k == K_FIRST:
        return C_FIRST <= code < C_FIRST + S[H_N]
    if k in (K_ROLL, K_ROLL_NOW, K_ROLLOFF):
        c = rolling_colour(S, f)
        for i in range(6):  # noqa: SIM110 (numba compiles no generator)
            if C_ROLL + S[H_FACES + 6 * c + i] == code:
                return True
        return False
    return C_DRAW <= code < C_DRAW + 5 and S[H_BAG + code - C_DRAW] > 0


def apply_chance(S: Any, f: int, code: int) -> None:
    k = S[f]
    if k == K_FIRST:
        pop_frame(S)
        start_turn(S, code - C_FIRST)
    elif k == K_DRAW:
        do_draw(S, code - C_DRAW)
    elif k == K_ROLL:
        do_roll(S, code - C_ROLL)
    elif k == K_ROLL_NOW:
        do_roll_now(S, code - C_ROLL)
    elif k == K_ROLLOFF:
        do_rolloff(S, code - C_ROLL)
    elif k == K_DRAW_NOW:
        do_draw_now(S, code - C_DRAW)
    elif k == K_MINION_DRAW:
        do_minion_draw(S, code - C_DRAW)
    elif k == K_EXHAUST_DRAW:
        exhaust_draw(S, code - C_DRAW)
    else:  # K_ABILITY_DRAW
        do_ability_draw(S, code - C_DRAW)


def next_scripted(S: Any) -> int:
    pos = S[H_SCRIPTPOS]
    if pos >= S[H_SCRIPTN]:
        return -1
    S[H_SCRIPTPOS] = pos + 1
    return S[S[H_SCRIPT0] + pos]


def trace_options(S: Any, n: int) -> None:
    t0 = S[H_DTRACE0]
    pos = S[H_DTRACEN]
    if pos + n + 1 > S[H_DTRACECAP]:
        return
    S[t0 + pos] = n
    for i in range(n):
        S[t0 + pos + 1 + i] = S[OPT + i]
    S[H_DTRACEN] = pos + n + 1


def play(S: Any, max_actions: int) -> None:
    """Play on until the game ends (or ``max_actions`` applied actions, or the end of the
    replay script); chance from the kernel's random numbers or the script. With no script
    and no stop seat (``S[H_STOP]`` -1; -2 turns this off) ``advance`` applies runs of
    draws, rolls and random returns in one go: the same actions and random numbers."""
    scripted = S[H_SCRIPT0] > 0
    stop = S[H_STOP]
    runs = not scripted and stop == -1
    while True:
        S[H_OPTFOR] = 0
        f = advance(S, runs, max_actions)
        if f < 0 or S[H_ACTIONS] >= max_actions:
            return
        k = S[f]
        p = S[f + 1]
        if stop >= 0 and (
            (k == K_REST and p == stop) or S[seat_base(stop) + SEAT_ROLE] != 0 or S[H_CUR] != stop
        ):
            return
        if p == CHANCE:
            if scripted:
                code = next_scripted(S)
                if code < 0:
                    return
                if not chance_allowed(S, f, code):
                    S[H_ERR] = S[H_SCRIPTPOS]
                    return
            else:
                code = sample_chance(S, f)
            S[H_ACTIONS] += 1
            apply_chance(S, f, code)
            continue
        n = S[H_OPTN] if S[H_OPTFOR] else legal(S, f)
        if scripted:
            if S[H_DTRACE0]:
                trace_options(S, n)
            code = next_scripted(S)
            if code < 0:
                return
            found = False
            for i in range(n):
                if S[OPT + i] == code:
                    found = True
            if not found:
                S[H_ERR] = S[H_SCRIPTPOS]
                return
        else:
            code = choose(S, f, p, n)
        S[H_ACTIONS] += 1
        S[H_DECISIONS] += 1
        apply_decision(S, k, code)


RESULT = 40
"""Ints per game in the output of ``play_many``: Power of each seat (4), the winners' bit
mask, turns, end reason, applied actions, seat decisions, each seat's role (4), how many
log entries, then 8 log entries of (seat, what, turn) (what: 0-3 became that Nightmare,
4 eaten, 5 three Shadowmarks)."""


def play_many(S: Any, out: Any, seeds: Any, max_actions: int) -> None:
    """Play one game per seed (below 2**31) from the position ``S`` (left unchanged); game
    ``g``'s result goes to ``out[g * RESULT:(g + 1) * RESULT]``."""
    for g in range(len(seeds)):
        T = S.copy()
        T[H_RNG] = mix_seed(seeds[g])
        play(T, max_actions)
        o = g * RESULT
        for i in range(4):
            out[o + i] = power_value(T, i) if i < T[H_N] else 0
            out[o + 9 + i] = T[seat_base(i) + SEAT_ROLE] if i < T[H_N] else 0
        out[o + 4] = T[H_WON] if T[H_SP] == 0 else -1
        out[o + 5] = T[H_TURNS]
        out[o + 6] = T[H_REASON]
        out[o + 7] = T[H_ACTIONS]
        out[o + 8] = T[H_DECISIONS]
        out[o + 13] = T[H_LOGN]
        out[o + 14] = T[H_EXHFLAG]
        for i in range(24):
            out[o + 16 + i] = T[H_LOG + i]


def play_many_after(S: Any, script: Any, out: Any, seeds: Any, max_actions: int) -> int:
    """``play_many`` from the position that ``script`` (action codes, chance included, the
    room for them after ``SIZE`` in ``S``) leads to from ``S`` (left unchanged): 1, or 0
    with nothing played when the kernel refuses an action of the script."""
    T = S.copy()
    n = len(script)
    for i in range(n):
        T[SIZE + i] = script[i]
    T[H_SCRIPT0] = SIZE
    T[H_SCRIPTN] = n
    T[H_SCRIPTPOS] = 0
    play(T, max_actions)
    if T[H_ERR] != 0 or T[H_SCRIPTPOS] != n:
        return 0
    T[H_SCRIPT0] = 0
    T[H_SCRIPTN] = 0
    play_many(T, out, seeds, max_actions)
    return 1
