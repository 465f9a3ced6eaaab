"""The action ids of Lucidity, declared in one place: their grammar, labels and the shared
``Action`` values (``A``), with the precomputed tables of the frequent decisions.

The grammar (``kind:arg:...``):

- ``first:<seat>``, ``track:<a>-<b>-<c>``, ``dreamscape:<id>``, ``card:<id>`` (chance and setup)
- ``draw:<colour>``, ``return:<colour>``, ``replace:<colour>``, ``excess:<colour>``,
  ``excess:<colour>:<face>``, ``draw_extra``, ``proceed``, ``roll_anyway`` (drawing)
- ``roll:<face>``, ``resolve:<category>``, ``resolve:shadow:<colour>``, ``resolve:now``
- ``reroll:<colour>``, ``reroll:<colour>:<face>``, ``reroll:chosen``, ``spend:<colour>:<face>``
- ``pick:seat<k>:<row>:<colour>:<face>`` (a dream on seat k's card; the older
  ``pick:<row>:<colour>:<face>`` and ``fear:<colour>`` stay in the table, never legal)
- ``rest:exhaust``, ``rest:none``, ``rest:shadow:<colour>``, ``rest:hunt:<colour>``,
  ``rest:rotated:<colour>``, ``draw_again``, ``become:<colour>``
- ``consume:seat<k>:<face>``, ``minions``, ``minion:<colour>``, ``target:seat<k>``,
  ``ability:use``, ``ability:pass``, ``empower:<colour>:<face>``, ``pass``
"""

from __future__ import annotations

from ...core import Action
from .content import BONE_FACES, COLOURS
from .params import MAX_SEATS, TRACKS

ALL_COLOURS = (*COLOURS, "bone")
ROWS = ("hunt", "exhaust", "power", "shadow_blue", "shadow_green", "shadow_yellow", "shadow_red")
PICK_FACES = (*BONE_FACES, "rotated")
# the faces a dream can show in each row of a card (a pick never names a Bone Hunter)
ROW_FACES: dict[str, tuple[str, ...]] = {
    "hunt": ("hunt", "shadow", "rotated"),  # shadows and turned exhaust dreams moved by Fear
    "exhaust": ("exhaust", "rotated"),
    "power": ("power1", "power2"),
}


def seat_pick_ids() -> list[str]:
    """``pick:seat<k>:<row>:<colour>:<face>``: a dream on seat k's card, every combination
    that can occur (a Shadow row holds only shadows of its own colour)."""
    out: list[str] = []
    for seat in range(MAX_SEATS):
        for row, faces in ROW_FACES.items():
            for c in COLOURS:
                for f in faces:
                    out.append(f"pick:seat{seat}:{row}:{c}:{f}")
        for c in COLOURS:
            out.append(f"pick:seat{seat}:shadow_{c}:{c}:shadow")
    return out


def _labels() -> dict[str, str]:
    out: dict[str, str] = {}
    for seat in range(MAX_SEATS):
        out[f"first:{seat}"] = f"Seat {seat} goes first"
    for name, steps in TRACKS.items():
        out[f"track:{name}"] = f"Choose the sleep track {name} (control {steps[0]})"
    for c in ALL_COLOURS:
        out[f"draw:{c}"] = f"A {c} dream is drawn"
    for c in COLOURS:
        out[f"return:{c}"] = f"Return a {c} dream to the bag"
    for f in BONE_FACES:
        out[f"roll:{f}"] = f"The dream rolls {f}"
    for c in COLOURS:
        out[f"reroll:{c}"] = f"Spend a {c} Power dream to reroll your unresolved {c} dreams"
    for f in ("power", "hunt", "exhaust", "shadowmark"):
        out[f"resolve:{f}"] = f"Resolve your {f} dreams"
    for c in COLOURS:
        out[f"resolve:shadow:{c}"] = f"Resolve a {c} shadow"
    out["resolve:now"] = "Resolve the new dream now"
    for row in ROWS:
        for c in ALL_COLOURS:
            for f in PICK_FACES:
                # the older form, never legal now: picks name the seat (SEAT_PICK_IDS)
                out[f"pick:{row}:{c}:{f}"] = (
                    f"Choose a {c} {f} dream in the {row} row (older id: pick:seat<k>:...)"
                )
    for c in COLOURS:
        out[f"fear:{c}"] = f"Move a {c} shadow dream to the Hunt row"
        out[f"fear:rotated:{c}"] = f"Move a {c} dream turned to its shadow side to the Hunt row"
    out["fear:none"] = "Move no shadow dream"
    out["rest:exhaust"] = "Rest: return all exhaust dreams"
    for c in COLOURS:
        out[f"rest:shadow:{c}"] = f"Rest: return a {c} dream from its Shadow row"
        out[f"rest:hunt:{c}"] = f"Rest: return a {c} shadow dream from the Hunt row"
        out[f"rest:rotated:{c}"] = f"Rest: return a {c} exhaust dream turned to its shadow side"
    out["rest:none"] = "Rest: return all exhaust dreams (there are none: nothing goes back)"
    out["draw_again"] = "Draw again (next stage of the sleep track)"
    for c in COLOURS:
        out[f"become:{c}"] = f"Become the {c} Nightmare"
    for seat in range(MAX_SEATS):
        for f in ("power1", "power2"):
            out[f"consume:seat{seat}:{f}"] = f"Consume a {f} dream of your colour from seat {seat}"
    out["minions"] = "Send minions: draw two dreams"
    for c in COLOURS:
        out[f"minion:{c}"] = f"Give the {c} dream (return the other)"
    for seat in range(MAX_SEATS):
        out[f"target:seat{seat}"] = f"Give the minion to seat {seat}"
    out["ability:use"] = "Activate your Nightmare ability"
    out["ability:pass"] = "Do not activate your Nightmare ability"
    for c in COLOURS:
        out[f"excess:{c}"] = f"Return an excess {c} dream to the bag"
        out[f"replace:{c}"] = f"Take a {c} dream from the bag as a replacement"
    for c in COLOURS:
        for f in ("power1", "power2"):
            out[f"empower:{c}:{f}"] = f"Empower: set a {c} {f} dream aside and reveal another card"
    out["pass"] = "Pass (manifest nothing more)"
    out["draw_extra"] = "Draw one dream too many (a slip at the table)"
    out["proceed"] = "Go on to rolling"
    out["roll_anyway"] = "Roll everything held (a slip: too many rolled)"
    for c in COLOURS:
        for f in BONE_FACES:
            if f != "shadowmark":
                out[f"excess:{c}:{f}"] = f"Return an excess rolled {c} dream ({f}) to the bag"
    # added later at the end, so that the earlier ids keep their index in the action space
    for c in COLOURS:
        for f in ("power1", "power2"):
            out[f"spend:{c}:{f}"] = f"Spend the {c} {f} dream for the reroll"
    for c in COLOURS:
        for f in ("power1", "power2", "hunt", "exhaust", "shadow"):
            out[f"reroll:{c}:{f}"] = f"Choose an unresolved {c} dream showing {f} to reroll (es)"
    out["reroll:chosen"] = "Reroll the chosen dreams (es)"
    out["replace:bone"] = "Take a Bone Hunter from the bag as a replacement"
    return out


def row_words(row: str) -> str:
    """A row as a label or a log names it: ``shadow_green`` is the "green Shadow" row."""
    if row.startswith("shadow_"):
        return f"{row[7:]} Shadow"
    return row


def _seat_pick_labels() -> dict[str, str]:
    out: dict[str, str] = {}
    for aid in seat_pick_ids():
        _, seat, row, c, f = aid.split(":")
        row = row_words(row)
        what = "turned to its shadow side" if f == "rotated" else f
        out[aid] = f"Choose a {c} dream ({what}) in the {row} row of seat {seat[4:]}"
    return out


LABELS = _labels()
ACTION_IDS: tuple[str, ...] = tuple(LABELS)
SEAT_PICK_LABELS = _seat_pick_labels()
SEAT_PICK_IDS: tuple[str, ...] = tuple(SEAT_PICK_LABELS)
"""The picks that name the seat whose card the dream is on. They replaced the older
``pick:<row>:<colour>:<face>`` (and ``fear:<colour>`` for the Nightmare of Primeval Fear's
ability), which stay in ``ACTION_IDS`` (never legal) so that every id keeps its index; these
come last in ``game.action_ids()``, after the card ids."""
A: dict[str, Action] = {aid: Action(aid, label) for aid, label in LABELS.items()}
A.update({aid: Action(aid, label) for aid, label in SEAT_PICK_LABELS.items()})


# precomputed action tables for the frequent decisions (no string building per call)
DRAW_ACTIONS = {c: A["draw:" + c] for c in ALL_COLOURS}
DRAW_COLOUR = {"draw:" + c: c for c in ALL_COLOURS}
RETURN_ACTIONS = {c: A["return:" + c] for c in COLOURS}
RETURN_COLOUR = {"return:" + c: c for c in COLOURS}
REROLL_ACTIONS = {c: A["reroll:" + c] for c in COLOURS}
RESOLVE_ACTIONS = {cat: A["resolve:" + cat] for cat in ("power", "hunt", "exhaust", "shadowmark")}
RESOLVE_SHADOW_ACTIONS = {c: A["resolve:shadow:" + c] for c in COLOURS}
REROLL_COLOUR = {"reroll:" + c: c for c in COLOURS}
RESOLVE_CATEGORY = {"resolve:" + cat: cat for cat in RESOLVE_ACTIONS}
RESOLVE_SHADOW_COLOUR = {"resolve:shadow:" + c: c for c in COLOURS}
REST_SHADOW_ACTIONS = {c: A["rest:shadow:" + c] for c in COLOURS}
REST_HUNT_ACTIONS = {c: A["rest:hunt:" + c] for c in COLOURS}
REST_ROTATED_ACTIONS = {c: A["rest:rotated:" + c] for c in COLOURS}
