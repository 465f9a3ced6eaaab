"""Engine state -> kernel state: the flat integer state of the playout kernel filled from a
Lucidity state at any point a search stops at (``from_state``), with the die codes, the
configuration block (``blank``) and one stack frame per flow step (``_frame``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import Step
from . import kernel_base as kb
from .content import ABILITY_OPS, BONE_FACES, COLOURS
from .rules import TRACKS

if TYPE_CHECKING:
    from .game import LucidityGame
    from .state import LucidityState

ALL = (*COLOURS, "bone")
FACE = {f: i for i, f in enumerate(BONE_FACES)}
FACE[""] = kb.FNONE
TRACK_INDEX = {t: i for i, t in enumerate(TRACKS)}
ROLE = {"dreamer": kb.DREAMER, "nightmare": kb.NIGHTMARE, "eliminated": kb.ELIMINATED}
KIND = {name: i for i, name in enumerate(kb.KIND_NAMES)}


_DIE_CODES: dict[tuple[str, str, bool], int] = {}


def _die(d: tuple[str, str, bool]) -> int:
    code = _DIE_CODES.get(d)
    if code is None:
        code = _DIE_CODES[d] = ALL.index(d[0]) + 8 * FACE[d[1]] + (64 if d[2] else 0)
    return code


def _dice(dice: list[tuple[str, str, bool]]) -> list[int]:
    codes = _DIE_CODES
    try:
        return [codes[d] for d in dice]
    except KeyError:
        return [_die(d) for d in dice]


def _put(S: list[int], base: int, values: list[int]) -> None:
    S[base] = len(values)
    S[base + 1 : base + 1 + len(values)] = values


_BLANK: dict[int, tuple[Any, list[int]]] = {}


def blank(game: LucidityGame, extra: int = 0) -> list[int]:
    """A kernel state holding the game's configuration, with nothing played."""
    kept = _BLANK.get(id(game))
    if kept is not None and kept[0] is game:
        S = kept[1].copy()
        if extra:
            S.extend([0] * extra)
        return S
    S = _blank(game)
    if len(_BLANK) > 64:
        _BLANK.clear()
    _BLANK[id(game)] = (game, S.copy())
    if extra:
        S.extend([0] * extra)
    return S


def _blank(game: LucidityGame) -> list[int]:
    S = [0] * kb.SIZE
    S[kb.H_N] = game.players
    S[kb.H_ES] = 1 if game.ruleset == "es" else 0
    S[kb.H_FOURTH] = 1 if game.options["fourth_shadow_space"] else 0
    for c, colour in enumerate(COLOURS):
        takes = 0
        for taken in game.takes[colour]:
            takes |= 1 << FACE[taken]
        S[kb.H_TAKES + c] = takes
        spec = game.abilities[colour]
        S[kb.H_ABIL + c] = ABILITY_OPS.index(spec.op)
        S[kb.H_ABDRAW + c] = spec.draw
    for c, colour in enumerate(ALL):
        for i, face in enumerate(game.content.faces[colour]):
            S[kb.H_FACES + 6 * c + i] = FACE[face]
    for i in range(4):
        S[kb.H_HOLDER + i] = -1
    S[kb.H_STOP] = -1
    return S


def _step_data(step: Any) -> dict[str, Any]:
    d = step.fields()
    if "checked" in d:
        d["done"] = d.pop("checked")
    return d


def _frame(state: LucidityState, step: Any) -> tuple[int, ...] | None:
    k = KIND.get(step.kind)
    if k is None:
        return None
    # an older Step keeps its values in ``data``; a typed flow step in its fields (the
    # check's ``checked`` was the older ``done``), its ``player`` says who decides
    d = step.data if type(step) is Step else _step_data(step)
    p = step.player
    a = b = c = 0
    kind = step.kind
    if kind in ("draw",):
        a, b = d["seat"], d["upto"]
    elif kind == "return":
        a, b = d["left"], d["returned"]
    elif kind == "check":
        a, b, c = d["seat"], int(d["exhausted"]), int(d["done"])
    elif kind == "rest":
        a = int(d["exhausted"])
    elif kind == "become":
        a = sum(1 << COLOURS.index(x) for x in d["colours"])
        b = int(d.get("minion", False))
    elif kind == "draw_now":
        a, b = d["seat"], int(d.get("ref") == "ability")
    elif kind == "roll_now" or kind == "envy":
        a, b = d["seat"], int(d["pool"])
    elif kind == "ability":
        a, b = d["seat"], COLOURS.index(d["colour"])
    elif kind == "minion_pick":
        a = -1 if d["target"] is None else d["target"]
    elif kind == "now":
        a = int(d["pool"])
    elif kind == "spend":
        a, b, c = COLOURS.index(d["colour"]), int(d["then"] == "now"), int(d["pool"])
    elif kind == "reroll_pick":
        a, b, c = COLOURS.index(d["colour"]), d["n"], d["least"]
    elif kind == "rolloff":
        a = sum(1 << i for i in state.rolloff)
    elif "seat" in d:
        a = d["seat"]
    return (k, p, a, b, c, 0)


def from_state(state: LucidityState, extra: int = 0) -> list[int] | None:
    """The kernel state of an engine state (None if the kernel does not cover it)."""
    from .kernel import covers

    game = state.game
    if covers(game) is not None:
        return None
    S = blank(game, extra)
    S[kb.H_CUR] = state.current
    S[kb.H_TURNS] = state.turns
    S[kb.H_DEND] = int(state.dream_end)
    r = state.rules
    S[kb.H_HUNTROW] = r["hunt_row"]
    S[kb.H_EXHROW] = r["exhaust_row"]
    S[kb.H_SDELTA] = r["shadow_delta"]
    S[kb.H_RETURNS] = r["returns"]
    S[kb.H_STAGES] = r["stages"]
    S[kb.H_GOAL] = r["power_goal"]
    if state.final_turns is not None:
        S[kb.H_FTSET] = 1
        S[kb.H_FTLEN] = len(state.final_turns)
        for i, seat in enumerate(state.final_turns):
            S[kb.H_FT + i] = seat
    for c, colour in enumerate(COLOURS):
        h = state.holder[colour]
        S[kb.H_HOLDER + c] = -1 if h is None else h
        _put(S, kb.CARDS + c * kb.ROWBLK, _dice(state.cards[colour]))
    for c, colour in enumerate(ALL):
        S[kb.H_BAG + c] = state.bag[colour]
    _put(S, kb.HAND, [ALL.index(x) for x in state.hand])
    _put(S, kb.ROLLED, _dice(state.rolled))
    _put(S, kb.LIMBO, _dice(state.limbo))
    log = [e for e in state.log if "became" in e or "cause" in e][:8]
    S[kb.H_LOGN] = len(log)
    for i, e in enumerate(log):
        what = COLOURS.index(e["became"]) if "became" in e else 4 if e["eaten"] else 5
        S[kb.H_LOG + 3 * i : kb.H_LOG + 3 * i + 3] = [e["seat"], what, e["turn"]]
    for p, card in enumerate(state.seats):
        sb = kb.seat_base(p)
        S[sb + kb.SEAT_ROLE] = ROLE[card.role]
        S[sb + kb.SEAT_COLOUR] = -1 if card.colour is None else COLOURS.index(card.colour)
        S[sb + kb.SEAT_TRACK] = -1 if card.track is None else TRACK_INDEX[card.track]
        S[sb + kb.SEAT_STAGE] = card.stage
        rows = [card.hunt, card.exhaust, card.power, *(card.shadow[c] for c in COLOURS)]
        for i, dice in enumerate([*rows, card.marks]):
            _put(S, kb.row(p, i), _dice(dice))
        kb.power_counts(S, p)
    for i, total in state.rolloff.items():
        S[kb.H_ROLLOFF + i] = total
    items = state.stack._items
    for step in items:
        frame = _frame(state, step)
        if frame is None:
            return None
        sp = S[kb.H_SP]
        S[kb.STACK + kb.FRAME * sp : kb.STACK + kb.FRAME * sp + kb.FRAME] = frame
        S[kb.H_SP] = sp + 1
        if step.kind == "rolloff":
            queue = step.data["queue"]
            for j, (seat, colour) in enumerate(queue):
                S[kb.RQ + j] = seat * 8 + ALL.index(colour)
            S[kb.H_RQN] = len(queue)
    return S
