"""The playout kernel's runs: the draws of a drawing stage, a random seat's returns and the
rolls of a stage applied in one go ("2. Draw and Select Dreams", "3. Roll and Resolve
Dreams"), as ``kernel_step.play`` would apply them one action at a time, with the same
random numbers (``kernel_step.advance`` calls them when no replay script and no stop seat
need the actions one by one)."""

from __future__ import annotations

from typing import Any

from .kernel_base import (
    H_ACTIONS,
    H_BAG,
    H_DECISIONS,
    H_DEND,
    H_ES,
    H_FACES,
    H_RNG,
    HAND,
    ROLLED,
    bag_total,
    next_random,
    pop_frame,
)


def draw_run(S: Any, f: int, max_actions: int) -> None:
    """The draws of the ``K_DRAW`` frame ``f`` one after the other, as ``play`` would apply
    them one action at a time (``advance``, ``sample_chance``, ``do_draw``), without the
    step machinery between them; the frame is closed here once the hand is full (else
    ``advance`` closes it). The hand's length, the action count and the random number are
    kept in locals and written back once."""
    upto = S[f + 3]
    total = bag_total(S)
    n = S[HAND]
    acts = S[H_ACTIONS]
    x = S[H_RNG]
    while n < upto and acts < max_actions and total:
        acts += 1
        x = next_random(x)
        r = (x * total) >> 32
        b = H_BAG
        while r >= S[b]:
            r -= S[b]
            b += 1
        S[b] -= 1
        total -= 1
        n += 1
        S[HAND + n] = b - H_BAG
        if total == 0 and S[H_ES]:
            # ``took_last``: whatever empties the bag ends the game after this turn
            S[H_DEND] = 1
            S[HAND] = n
            S[H_ACTIONS] = acts
            S[H_RNG] = x
            pop_frame(S)
            return
    S[HAND] = n
    S[H_ACTIONS] = acts
    S[H_RNG] = x
    if n >= upto:
        pop_frame(S)


def return_run(S: Any, f: int, max_actions: int) -> None:
    """A random seat's returns at the ``K_RETURN`` frame ``f`` one after the other: each
    the uniform choice ``play`` would make among the colours in hand (``legal``), with the
    same random number, or no random number for a single option (see ``draw_run``); the
    frame is closed here once no return is left (else ``advance`` closes it). The hand's
    dreams per colour are counted once, then kept up to date."""
    left = S[f + 2]
    acts = S[H_ACTIONS]
    end = HAND + 1 + S[HAND]
    n0 = n1 = n2 = n3 = 0
    for i in range(HAND + 1, end):
        c = S[i]
        if c == 0:
            n0 += 1
        elif c == 1:
            n1 += 1
        elif c == 2:
            n2 += 1
        elif c == 3:
            n3 += 1
    done = 0
    while left > 0 and acts < max_actions:
        n = (1 if n0 else 0) + (1 if n1 else 0) + (1 if n2 else 0) + (1 if n3 else 0)
        if n == 0:
            break
        j = 0
        if n > 1:
            x = S[H_RNG]
            x = next_random(x)
            S[H_RNG] = x
            j = (x * n) >> 32
        # the j-th colour in hand, in colour order
        if n0 and j == 0:
            c = 0
            n0 -= 1
        else:
            if n0:
                j -= 1
            if n1 and j == 0:
                c = 1
                n1 -= 1
            else:
                if n1:
                    j -= 1
                if n2 and j == 0:
                    c = 2
                    n2 -= 1
                else:
                    c = 3
                    n3 -= 1
        acts += 1
        done += 1
        # ``do_return``: the first dream of that colour in hand goes back to the bag
        i = HAND + 1
        while S[i] != c:
            i += 1
        end -= 1
        for j in range(i, end):
            S[j] = S[j + 1]
        S[H_BAG + c] += 1
        left -= 1
    S[HAND] = end - HAND - 1
    S[f + 2] = left
    S[f + 3] += done
    S[H_ACTIONS] = acts
    S[H_DECISIONS] += done
    if acts < max_actions:
        pop_frame(S)


def roll_run(S: Any, f: int, max_actions: int) -> None:
    """The rolls of the ``K_ROLL`` frame ``f`` one after the other (see ``draw_run``)."""
    h = S[HAND]
    n = S[ROLLED]
    acts = S[H_ACTIONS]
    x = S[H_RNG]
    while h > 0 and acts < max_actions:
        acts += 1
        x = next_random(x)
        c = S[HAND + h]
        h -= 1
        n += 1
        S[ROLLED + n] = c + 8 * S[H_FACES + 6 * c + ((x * 6) >> 32)]
    S[HAND] = h
    S[ROLLED] = n
    S[H_ACTIONS] = acts
    S[H_RNG] = x
    if h == 0:
        pop_frame(S)
