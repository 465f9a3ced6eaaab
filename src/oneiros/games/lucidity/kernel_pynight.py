"""The plain Python kernel's turn of a random Nightmare ("Consume Power", "Send Minions")
in one function, for CPython only (see ``kernel_pyturn``, which calls it)."""

from __future__ import annotations

from typing import Any

from .kernel_base import (
    AUTO,
    C_CONSUME,
    C_MINIONS,
    DREAMER,
    FRAME,
    H_ACTIONS,
    H_BAG,
    H_CUR,
    H_DECISIONS,
    H_FACES,
    H_N,
    H_RNG,
    H_SP,
    K_END_TURN,
    K_MINION_CHECK,
    K_NOW,
    LIMBO,
    SEAT_COLOUR,
    SEAT_PC,
    SEAT_ROLE,
    SEATS,
    SEATSZ,
    STACK,
    next_random,
    push_frame,
)
from .kernel_turn import do_nightmare, place


def nightmare_turn(S: Any, f: int) -> bool:
    """A random Nightmare's turn ("Consume Power", "Send Minions") from its frame ``f``, as
    ``advance`` plays it one frame at a time: the choice, then for minions the two draws,
    the minion and the target, and the minion's roll; the dreamer's rerolls, the steps of
    the dream placed, the check and the end of the turn are left to the step machinery.
    False (nothing done) when the bag holds fewer than three dreams (its end is near)."""
    total = S[H_BAG] + S[H_BAG + 1] + S[H_BAG + 2] + S[H_BAG + 3] + S[H_BAG + 4]
    if total < 3 or S[LIMBO]:
        return False
    me = S[f + 1]
    n = S[H_N]
    colour = S[SEATS + me * SEATSZ + SEAT_COLOUR]
    opts = []
    dreamers = []
    for i in range(n):
        sb = SEATS + i * SEATSZ
        if S[sb + SEAT_ROLE] == DREAMER:
            dreamers.append(i)
        if i != me:
            if S[sb + SEAT_PC + 2 * colour]:
                opts.append(C_CONSUME + 2 * i)
            if S[sb + SEAT_PC + 2 * colour + 1]:
                opts.append(C_CONSUME + 2 * i + 1)
    if dreamers:
        opts.append(C_MINIONS)
    if not opts:
        return False
    x = S[H_RNG]
    acts = S[H_ACTIONS] + 1
    S[H_DECISIONS] += 1
    code = opts[0]
    k = len(opts)
    if k > 1:
        x = next_random(x)
        code = opts[(x * k) >> 32]
    if code != C_MINIONS:
        S[H_RNG] = x
        S[H_ACTIONS] = acts
        do_nightmare(S, (code - C_CONSUME) // 2, (code - C_CONSUME) % 2)  # "Consume Power"
        return True
    # "Send Minions": draw two dreams, send one to a dreamer, the other back to the bag
    S[H_SP] = (f - STACK) // FRAME
    push_frame(S, K_END_TURN, AUTO, 0, 0, 0, 0)
    drawn = []
    for _ in range(2):
        acts += 1
        x = next_random(x)
        r = (x * total) >> 32
        b = H_BAG
        while r >= S[b]:
            r -= S[b]
            b += 1
        S[b] -= 1
        total -= 1
        drawn.append(b - H_BAG)
    held = []  # the colours drawn, in colour order
    for c in range(4):
        if c in drawn:
            held.append(c)
    k = len(held)
    if k == 0:  # two Bone Hunters: no minion to send
        S[H_RNG] = x
        S[H_ACTIONS] = acts
        S[H_BAG + drawn[0]] += 1
        S[H_BAG + drawn[1]] += 1
        return True
    acts += 1
    S[H_DECISIONS] += 1
    c = held[0]
    if k > 1:
        x = next_random(x)
        c = held[(x * k) >> 32]
    drawn.remove(c)
    S[H_BAG + drawn[0]] += 1  # the other dream goes back
    acts += 1
    S[H_DECISIONS] += 1
    k = len(dreamers)
    target = dreamers[0]
    if k > 1:
        x = next_random(x)
        target = dreamers[(x * k) >> 32]
    if S[H_CUR] != target:
        push_frame(S, K_MINION_CHECK, AUTO, target, 0, 0, 0)
    # the minion is rolled for the target at once
    acts += 1
    x = next_random(x)
    S[H_RNG] = x
    S[H_ACTIONS] = acts
    d = c + 8 * S[H_FACES + 6 * c + ((x * 6) >> 32)]
    pc = SEATS + target * SEATSZ + SEAT_PC + 2 * c
    if S[pc] or S[pc + 1]:
        # "Re-rolling dreams": the target may reroll it first
        S[LIMBO] = 1
        S[LIMBO + 1] = d
        push_frame(S, K_NOW, target, 0, 0, 0, 0)
        return True
    place(S, target, d, 0)
    return True
