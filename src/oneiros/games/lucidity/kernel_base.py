"""The playout kernel's flat state: layout, codes and the small shared operations.

The kernel plays Lucidity over one flat sequence of integers ``S`` (a Python list when it
runs as plain Python, a numpy ``int64`` array when numba compiles it): the header, the bag,
every seat's rows as ordered lists, the dreams in hand, the step stack as frames of six
integers, and the option buffer of the decision at hand. Every function here and in the
other ``kernel_*`` modules takes ``S`` first and uses integers only, so the same source runs
as is and compiles with numba (``kernel.py`` does that when numba is installed).

Codes: colours 0-3 are blue, green, yellow, red and 4 is a Bone Hunter; faces 0-5 are
power1, power2, hunt, exhaust, shadow, shadowmark and 6 is a dream not rolled yet; a die is
``colour + 8 * face + 64 * rotated`` (rotated: an exhaust dream turned to its shadow side by
Shadow of Imprisonment). An action is its index in ``IDS`` (``rules.ACTION_IDS``, then
``rules.SEAT_PICK_IDS``).
"""

from __future__ import annotations

from typing import Any

from .rules import ACTION_IDS, SEAT_PICK_IDS, TRACKS

IDS: tuple[str, ...] = ACTION_IDS + SEAT_PICK_IDS
"""The kernel's action codes: ``rules.ACTION_IDS`` then the picks that name a seat."""
_I = {aid: i for i, aid in enumerate(IDS)}

# ----- colours, faces, roles, dice ------------------------------------------------------------
BLUE, GREEN, YELLOW, RED, BONE = 0, 1, 2, 3, 4
P1, P2, FHUNT, FEXH, FSHADOW, FMARK, FNONE = 0, 1, 2, 3, 4, 5, 6
DREAMER, NIGHTMARE, ELIMINATED = 0, 1, 2
CHANCE = -1
AUTO = -2
TURN_CAP = 400
"""The engine's safeguard (``state.TURN_CAP``): no rule of the game."""
TRACK_STEPS = (3, 5, 7, 4, 6, 8, 5, 7, 9)
"""``TRACKS`` flattened: control of track ``t`` at stage ``s`` is ``TRACK_STEPS[3 * t + s]``."""
assert tuple(x for steps in TRACKS.values() for x in steps) == TRACK_STEPS

# ability ops (content.ABILITY_OPS order)
OP_MINION, OP_STRIP, OP_EXHAUST, OP_HUNT, OP_OFFER = 0, 1, 2, 3, 4

# ----- action codes (indices in rules.ACTION_IDS) -----------------------------------------------
C_FIRST = _I["first:0"]
C_TRACK = _I["track:3-5-7"]
C_DRAW = _I["draw:blue"]
C_RETURN = _I["return:blue"]
C_ROLL = _I["roll:power1"]
C_REROLL = _I["reroll:blue"]
C_RESOLVE = _I["resolve:power"]  # + 0 power, 1 hunt, 2 exhaust, 3 shadowmark
C_RESOLVE_SHADOW = _I["resolve:shadow:blue"]
C_RESOLVE_NOW = _I["resolve:now"]
C_PICK = _I["pick:seat0:hunt:blue:hunt"]  # see pick_code
C_FEAR = _I["fear:blue"]  # + 2 * colour; + 1: the rotated dream of that colour
C_FEAR_NONE = _I["fear:none"]
C_REST_EXHAUST = _I["rest:exhaust"]
C_REST_SHADOW = _I["rest:shadow:blue"]  # + 3 * colour; + 1 hunt; + 2 rotated
C_REST_NONE = _I["rest:none"]
C_DRAW_AGAIN = _I["draw_again"]
C_BECOME = _I["become:blue"]
C_CONSUME = _I["consume:seat0:power1"]  # + 2 * seat + face
C_MINIONS = _I["minions"]
C_MINION = _I["minion:blue"]
C_TARGET = _I["target:seat0"]
C_ABILITY_USE = _I["ability:use"]
C_ABILITY_PASS = _I["ability:pass"]
C_SPEND = _I["spend:blue:power1"]  # + 2 * colour + face
C_REROLL_FACE = _I["reroll:blue:power1"]  # + 5 * colour + face
C_REROLL_CHOSEN = _I["reroll:chosen"]


def pick_code(seat: int, r: int, d: int) -> int:
    """The offset from ``C_PICK`` of ``pick:seat<k>:<row>:<colour>:<face>`` for die ``d``
    in row ``r`` of seat ``seat`` (the order of ``rules.SEAT_PICK_IDS``: per seat 12 Hunt
    row picks (hunt, shadow, rotated), 8 Exhaust (exhaust, rotated), 8 Power, 4 Shadow)."""
    c = d & 7
    base = 32 * seat
    if r == 0:
        f = (d >> 3) & 7
        return base + 3 * c + (2 if d >= 64 else 1 if f == FSHADOW else 0)
    if r == 1:
        return base + 12 + 2 * c + (1 if d >= 64 else 0)
    if r == 2:
        return base + 20 + 2 * c + ((d >> 3) & 7)
    return base + 28 + c


def pick_row(j: int) -> int:
    """The row of pick offset ``j``."""
    k = j % 32
    return 0 if k < 12 else 1 if k < 20 else 2 if k < 28 else 3 + k - 28


def pick_colour(j: int) -> int:
    k = j % 32
    return k // 3 if k < 12 else (k - 12) // 2 if k < 20 else (k - 20) // 2 if k < 28 else k - 28


def pick_matches(j: int, d: int) -> bool:
    """Whether die ``d`` of row ``pick_row(j)`` is the dream pick offset ``j`` names."""
    return pick_code(j // 32, pick_row(j), d) == j


def _contiguous() -> None:
    colours = ("blue", "green", "yellow", "red", "bone")
    faces = ("power1", "power2", "hunt", "exhaust", "shadow", "shadowmark", "rotated")
    rows = (
        "hunt",
        "exhaust",
        "power",
        "shadow_blue",
        "shadow_green",
        "shadow_yellow",
        "shadow_red",
    )
    checks = [(C_FIRST + i, f"first:{i}") for i in range(4)]
    checks += [(C_TRACK + i, "track:" + t) for i, t in enumerate(TRACKS)]
    checks += [(C_DRAW + c, "draw:" + colours[c]) for c in range(5)]
    checks += [(C_ROLL + f, "roll:" + faces[f]) for f in range(6)]
    checks += [(C_RESOLVE + 3, "resolve:shadowmark")]
    for c in range(4):
        n = colours[c]
        checks += [
            (C_RETURN + c, "return:" + n),
            (C_REROLL + c, "reroll:" + n),
            (C_RESOLVE_SHADOW + c, "resolve:shadow:" + n),
            (C_FEAR + 2 * c, "fear:" + n),
            (C_FEAR + 2 * c + 1, "fear:rotated:" + n),
            (C_REST_SHADOW + 3 * c, "rest:shadow:" + n),
            (C_REST_SHADOW + 3 * c + 1, "rest:hunt:" + n),
            (C_REST_SHADOW + 3 * c + 2, "rest:rotated:" + n),
            (C_BECOME + c, "become:" + n),
            (C_MINION + c, "minion:" + n),
            (C_SPEND + 2 * c + 1, f"spend:{n}:power2"),
            (C_REROLL_FACE + 5 * c + 4, f"reroll:{n}:shadow"),
        ]
    for s in range(4):
        checks += [
            (C_TARGET + s, f"target:seat{s}"),
            (C_CONSUME + 2 * s + 1, f"consume:seat{s}:power2"),
        ]
    for seat in range(4):
        for r, dream_faces in ((0, (2, 4, 6)), (1, (3, 6)), (2, (0, 1))):
            for c in range(4):
                for f in dream_faces:
                    aid = f"pick:seat{seat}:{rows[r]}:{colours[c]}:{faces[f]}"
                    checks.append(
                        (C_PICK + pick_code(seat, r, c + 8 * f if f < 6 else c + 8 * 3 + 64), aid)
                    )
        for c in range(4):
            aid = f"pick:seat{seat}:shadow_{colours[c]}:{colours[c]}:shadow"
            checks.append((C_PICK + pick_code(seat, 3 + c, c + 8 * 4), aid))
    for code, aid in checks:
        if IDS[code] != aid:  # pragma: no cover - the action table is append-only
            raise AssertionError(f"kernel action code {code} is {IDS[code]}, not {aid}")


_contiguous()

# ----- step kinds ------------------------------------------------------------------------------
(
    K_FIRST,
    K_TRACK,
    K_DRAW,
    K_RETURN,
    K_ROLL,
    K_RESOLVE,
    K_CHECK,
    K_REST,
    K_EXHAUST_DRAW,
    K_BECOME,
    K_DRAW_NOW,
    K_ROLL_NOW,
    K_ENVY,
    K_FEAR,
    K_IMPRISON,
    K_ABILITY,
    K_MINION_DRAW,
    K_MINION_PICK,
    K_MINION_TARGET,
    K_NIGHTMARE,
    K_STRIP,
    K_OFFER,
    K_NOW,
    K_SPEND,
    K_REROLL_PICK,
    K_HUNT_MOVE,
    K_ABILITY_DRAW,
    K_ROLLOFF,
    K_MINION_CHECK,
    K_END_TURN,
) = range(30)
KIND_NAMES = (
    "first",
    "track",
    "draw",
    "return",
    "roll",
    "resolve",
    "check",
    "rest",
    "exhaust_draw",
    "become",
    "draw_now",
    "roll_now",
    "envy",
    "fear",
    "imprison",
    "ability",
    "minion_draw",
    "minion_pick",
    "minion_target",
    "nightmare",
    "strip",
    "offer",
    "now",
    "spend",
    "reroll_pick",
    "hunt_move",
    "ability_draw",
    "rolloff",
    "minion_check",
    "end_turn",
)

# ----- what a die is, as bits (one look-up instead of decoding it in each loop) ----------------
DB_POWER, DB_HUNT, DB_EXH, DB_MARK = 1, 2, 4, 8
"""The resolve category of a rolled dream (a shadowmark or any other face: ``DB_MARK``)."""
DB_SHADOW = 4  # << colour: a shadow of that colour (not a Bone Hunter)
DB_COLOUR = 8  # << colour: the colour (not a Bone Hunter)
DB_ROTATED = 12  # << colour: turned by Shadow of Imprisonment
DB_PLAIN_EXH = 1 << 16
"""In the Exhaust row: a dream "all exhaust dreams" returns (not turned, not a Bone Hunter)."""
DB_HUNTED = 20  # << colour: in the Hunt row, a shadow or a turned dream a rest may return


def _die_bits(d: int) -> int:
    c = d & 7
    f = (d >> 3) & 7
    bits = 0
    if f <= P2:
        bits |= DB_POWER
    elif f == FHUNT:
        bits |= DB_HUNT
    elif f == FEXH:
        bits |= DB_EXH
    elif f != FSHADOW:
        bits |= DB_MARK
    if c < BONE:
        bits |= 1 << (DB_COLOUR + c)
        if f == FSHADOW:
            bits |= 1 << (DB_SHADOW + c)
        if d >= 64:
            bits |= 1 << (DB_ROTATED + c)
        if f == FSHADOW or d >= 64:
            bits |= 1 << (DB_HUNTED + c)
    if d < 64 and c != BONE:
        bits |= DB_PLAIN_EXH
    return bits


DIE_BITS = tuple(_die_bits(d) for d in range(128))
"""``DIE_BITS[d]``: the bits ``DB_*`` of die ``d``."""

# ----- layout of S -------------------------------------------------------------------------------
H_N = 0  # players
H_ES = 1  # 1: lucidity-es
H_CUR = 2
H_TURNS = 3
H_DEND = 4  # the bag ran out: the game ends after this turn
H_REASON = 5  # 0 playing, 1 power, 2 nightmare, 3 dream, 4 dream at the engine's turn cap
H_FOURTH = 6
H_HUNTROW = 7
H_EXHROW = 8
H_SDELTA = 9
H_RETURNS = 10
H_STAGES = 11
H_GOAL = 12
H_FTSET = 13
H_FTLEN = 14
H_FT = 15  # 4
H_WON = 19  # bit mask of the winners
H_RNG = 20
H_SP = 21
H_ACTIONS = 22
H_DECISIONS = 23
H_POL = 24  # 4: policy of each seat (0 random, 1 heuristic)
H_HOLDER = 28  # 4: seat holding each Nightmare card, -1 none
H_BAG = 32  # 5
H_TAKES = 37  # 4: bit mask of the faces each Nightmare takes
H_ABIL = 41  # 4: ability op
H_ABDRAW = 45  # 4: dreams drawn by send_minion
H_FACES = 49  # 5 x 6
H_ROLLOFF = 79  # 4: roll-off totals
H_RQN = 83  # roll-off queue length
H_SCRIPT0 = 84  # start of the replay script (0: none)
H_SCRIPTN = 85
H_SCRIPTPOS = 86
H_ERR = 87  # a replayed action the kernel does not allow: its position + 1
H_TRACE0 = 88  # start of the turn snapshots (0: none)
H_TRACECAP = 89
H_TRACEN = 90
H_DTRACE0 = 91  # start of the decision trace (0: none)
H_DTRACECAP = 92
H_DTRACEN = 93
H_LOGN = 94
H_LOG = 95  # 8 entries x 3: seat, what (0-3 became colour, 4 eaten, 5 shadowmarks), turn
H_STOP = 119  # a seat whose next rest, role change or end of turn stops the game (-1: none)
H_EXHFLAG = 120  # bit mask of the seats exhausted so far ("4. Check for Filled Rows")
H_OPTFOR = 121  # 1 when the option buffer holds the options of the top frame already
H_OPTN = 122
OPT = 123
OPT_CAP = 128
HAND = OPT + OPT_CAP  # length, then colours
LIST_CAP = 100
ROLLED = HAND + 1 + LIST_CAP  # length, then dice
LIMBO = ROLLED + 1 + LIST_CAP  # length, then dice
LIMBO_CAP = 16
CARDS = LIMBO + 1 + LIMBO_CAP  # 4 rows: the Power dreams on each Nightmare card
ROWBLK = 98  # length + 97 dice: every dream of the game fits in one row
RQ = CARDS + 4 * ROWBLK  # roll-off queue: seat * 8 + colour
RQ_CAP = 200
SCRATCH = RQ + RQ_CAP  # the dreams of a category being resolved
STACK = SCRATCH + LIST_CAP
FRAME = 6  # kind, player, a, b, c, d
STACK_CAP = 64
SEATS = STACK + FRAME * STACK_CAP
# per seat: role, colour, track, stage, the Power of the Power row, how many dreams of each
# colour and value (power1, power2) it holds, then the rows
SEAT_ROLE, SEAT_COLOUR, SEAT_TRACK, SEAT_STAGE = 0, 1, 2, 3
SEAT_POWER = 4
SEAT_PC = 5  # + 2 * colour + face (P1 or P2), Bone Hunters included
SEAT_ROWS = 15
R_HUNT, R_EXH, R_POW, R_SHADOW, R_MARKS = 0, 1, 2, 3, 7  # R_SHADOW + colour
SEATSZ = SEAT_ROWS + 8 * ROWBLK
SIZE = SEATS + 4 * SEATSZ
"""Length of a kernel state without the replay and trace regions."""
SNAP = 8 + 4 * 12
"""Ints in one turn snapshot (see ``snapshot``)."""


def seat_base(p: int) -> int:
    return SEATS + p * SEATSZ


def row(p: int, r: int) -> int:
    """Start of row ``r`` of seat ``p`` (its length; the dice follow)."""
    return SEATS + p * SEATSZ + SEAT_ROWS + r * ROWBLK


# ----- rows ---------------------------------------------------------------------------------------
def push(S: Any, base: int, v: int) -> None:
    n = S[base] + 1
    S[base] = n
    S[base + n] = v


def delete(S: Any, base: int, i: int) -> int:
    """Remove and return item ``i`` (0-based) of the list at ``base``, keeping the order."""
    n = S[base]
    v = S[base + 1 + i]
    for j in range(base + 1 + i, base + n):
        S[j] = S[j + 1]
    S[base] = n - 1
    return v


def pop_last(S: Any, base: int) -> int:
    n = S[base]
    S[base] = n - 1
    return S[base + n]


def find_first(S: Any, base: int, v: int) -> int:
    for i in range(S[base]):
        if S[base + 1 + i] == v:
            return i
    return -1


def remove_first(S: Any, base: int, v: int) -> None:
    """``list.remove``: the first item equal to ``v``."""
    i = find_first(S, base, v)
    delete(S, base, i)


def bag_total(S: Any) -> int:
    return S[H_BAG] + S[H_BAG + 1] + S[H_BAG + 2] + S[H_BAG + 3] + S[H_BAG + 4]


def power_value(S: Any, p: int) -> int:
    """The Power of seat ``p``'s Power row (kept up to date, see ``power_counts``)."""
    return S[SEATS + p * SEATSZ + SEAT_POWER]


def power_held(S: Any, p: int, c: int) -> int:
    """How many dreams of colour ``c`` seat ``p``'s Power row holds."""
    return S[SEATS + p * SEATSZ + SEAT_PC + 2 * c] + S[SEATS + p * SEATSZ + SEAT_PC + 2 * c + 1]


def power_count(S: Any, p: int, d: int, k: int) -> None:
    """Count ``k`` (1 or -1) more of the Power die ``d`` in seat ``p``'s Power row: every
    change of that row goes through here (``power_push``, ``power_remove``...)."""
    sb = SEATS + p * SEATSZ
    f = (d >> 3) & 7
    S[sb + SEAT_PC + 2 * (d & 7) + f] += k
    S[sb + SEAT_POWER] += k * (f + 1)


def power_push(S: Any, p: int, d: int) -> None:
    push(S, row(p, R_POW), d)
    power_count(S, p, d, 1)


def power_clear(S: Any, p: int) -> None:
    """The Power row emptied: no count left."""
    sb = SEATS + p * SEATSZ
    for i in range(SEAT_POWER, SEAT_PC + 10):
        S[sb + i] = 0


def power_counts(S: Any, p: int) -> None:
    """Count seat ``p``'s Power row from its dice (a state filled from the engine's)."""
    power_clear(S, p)
    b = row(p, R_POW)
    for i in range(b + 1, b + 1 + S[b]):
        power_count(S, p, S[i], 1)


def to_bag_list(S: Any, base: int) -> None:
    """Every die of the list at ``base`` back to the bag; the list is emptied."""
    for i in range(base + 1, base + 1 + S[base]):
        S[H_BAG + (S[i] & 7)] += 1
    S[base] = 0


def shadow_needed(S: Any, p: int) -> int:
    base = (4 if (S[H_N] == 2 or S[H_FOURTH]) else 3) + S[H_SDELTA]
    need = (base if base > 2 else 2) - S[row(p, R_MARKS)]
    return need if need > 1 else 1


def any_dreamer(S: Any) -> bool:
    for p in range(S[H_N]):  # noqa: SIM110 (numba compiles no generator)
        if S[seat_base(p) + SEAT_ROLE] == DREAMER:
            return True
    return False


def next_seat(S: Any, p: int) -> int:
    return (p + 1) % S[H_N]


# ----- the step stack -------------------------------------------------------------------------------
def top(S: Any) -> int:
    """Start of the top frame (the stack is never empty when this is called)."""
    return STACK + FRAME * (S[H_SP] - 1)


def push_frame(S: Any, kind: int, player: int, a: int, b: int, c: int, d: int) -> None:
    sp = S[H_SP]
    f = STACK + FRAME * sp
    S[f] = kind
    S[f + 1] = player
    S[f + 2] = a
    S[f + 3] = b
    S[f + 4] = c
    S[f + 5] = d
    S[H_SP] = sp + 1


def pop_frame(S: Any) -> None:
    S[H_SP] -= 1


# ----- random numbers: the same numbers in plain Python and compiled -------------------------
# A linear congruential generator modulo 2**32 (Knuth's and Numerical Recipes' constants),
# one number in [0, n) from its high bits: ``(x * n) >> 32``. Three integer operations a
# step where xorshift32 took eight: the plain Python kernel spends a tenth less time a game.
def next_random(x: int) -> int:
    """The generator's state after ``x``. A pure expression: the plain Python build writes
    it out where it is called (``kernel_python``), so a draw costs no call."""
    return (x * 1664525 + 1013904223) & 0xFFFFFFFF


def mix_seed(seed: int) -> int:
    """The generator's first state for a game's ``seed`` (below 2**31): an integer hash (a
    bijection of the 32-bit values), so that near seeds start far apart."""
    x = ((seed >> 16) ^ seed) * 0x45D9F3B & 0xFFFFFFFF
    x = ((x >> 16) ^ x) * 0x45D9F3B & 0xFFFFFFFF
    return (x >> 16) ^ x


def rand_below(S: Any, n: int) -> int:
    x = S[H_RNG]
    x = next_random(x)
    S[H_RNG] = x
    return (x * n) >> 32


def draw_colour(S: Any) -> int:
    """A colour drawn from the bag with its true probability (the bag is not empty)."""
    r = rand_below(S, bag_total(S))
    for c in range(5):
        n = S[H_BAG + c]
        if r < n:
            return c
        r -= n
    return 4  # pragma: no cover


def log_entry(S: Any, p: int, what: int) -> None:
    n = S[H_LOGN]
    if n < 8:
        S[H_LOG + 3 * n] = p
        S[H_LOG + 3 * n + 1] = what
        S[H_LOG + 3 * n + 2] = S[H_TURNS]
        S[H_LOGN] = n + 1


def snapshot(S: Any) -> None:
    """Record the counts at a turn boundary (replay mode): turn, current seat, the bag, the
    final turns, then per seat its role, colour, row lengths and Power."""
    t0 = S[H_TRACE0]
    if t0 == 0 or S[H_TRACEN] >= S[H_TRACECAP]:
        return
    b = t0 + SNAP * S[H_TRACEN]
    S[H_TRACEN] += 1
    S[b] = S[H_TURNS]
    S[b + 1] = S[H_CUR]
    for c in range(5):
        S[b + 2 + c] = S[H_BAG + c]
    ft = -1
    if S[H_FTSET]:
        ft = 0
        for i in range(S[H_FTLEN]):
            ft = ft * 5 + S[H_FT + i] + 1
    S[b + 7] = ft
    for p in range(4):
        o = b + 8 + 12 * p
        if p >= S[H_N]:
            for k in range(12):
                S[o + k] = 0
            continue
        sb = seat_base(p)
        S[o] = S[sb + SEAT_ROLE]
        S[o + 1] = S[sb + SEAT_COLOUR]
        for r in range(8):
            S[o + 2 + r] = S[row(p, r)]
        S[o + 10] = power_value(S, p)
        S[o + 11] = 0
