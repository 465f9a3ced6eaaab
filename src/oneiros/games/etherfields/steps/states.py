"""State tokens (etherfields "State Tokens"): placed next to a Dreamer or a miniature and
affecting it alone; a State with no free token is ignored, and a two-sided token shows one
State at a time.

- Dazed: the range of its Entity effects / Dreamer actions is at most 1, to the end of the
  Turn (an Entity) or of the Dreamers Phase (a Dreamer).
- Stunned: the Distress its effects cause is ignored, this Turn.
- Paralyzed: it does not Move or Relocate, to the end of the Turn / Dreamers Phase.
- Poisoned (an Entity): its Entity gains no more Morphings, to the end of the Dream.

``s.states`` holds ``[target, state, token]``: a seat (int) or a miniature id. Readings
(design §6, reading 15): the first free token showing the State is used (pack order); a
target never holds the same State twice; a State on a miniature counts for that miniature
alone, except Poisoned, which stops the Morphings of its Entity tile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....core.flow import Flow

if TYPE_CHECKING:
    from ..state import EtherfieldsState

UNTIL_TURN_END = ("dazed", "stunned", "paralyzed")
"""The States of an Entity that end with the Turn (Poisoned lasts the Dream)."""
DREAMERS_PHASE = ("dazed", "paralyzed")
"""The States of a Dreamer that end with the Dreamers Phase (Stunned lasts the Turn)."""


def has(s: EtherfieldsState, target: Any, state: str) -> bool:
    return any(x[0] == target and x[1] == state for x in s.states)


def entity_poisoned(s: EtherfieldsState, entity: str) -> bool:
    """Poisoned on any of its miniatures: the Entity tile gains no Morphing."""
    return any(
        x[1] == "poisoned" and isinstance(x[0], str) and x[0].rsplit(".", 1)[0] == entity
        for x in s.states
    )


def apply(s: EtherfieldsState, flow: Flow, target: Any, state: str) -> None:
    """Place a State token on a target (a seat or a miniature)."""
    who = f"Dreamer {target}" if isinstance(target, int) else str(target)
    if has(s, target, state):
        return
    used = {x[2] for x in s.states}
    token = next(
        (t.id for t in s.catalog.all("state") if state in t.sides and t.id not in used), None
    )
    if token is None:
        flow.emit(
            "state_ignored",
            "No {state} token is left: {who} is not affected",
            "states",
            state=state,
            who=who,
        )
        return
    s.states.append([target, state, token])
    flow.emit("state", "{who} is {state}", "states", who=who, state=state)


def clear(s: EtherfieldsState, flow: Flow, keep: Any) -> None:
    """Take off the States for which ``keep(target, state)`` is False; the tokens go back."""
    for entry in [x for x in s.states if not keep(x[0], x[1])]:
        s.states.remove(entry)
        who = f"Dreamer {entry[0]}" if isinstance(entry[0], int) else str(entry[0])
        flow.emit("state_ends", "{who} is no longer {state}", "states", who=who, state=entry[1])


def end_of_dreamers_phase(s: EtherfieldsState, flow: Flow) -> None:
    clear(s, flow, lambda t, k: not (isinstance(t, int) and k in DREAMERS_PHASE))


def end_of_turn(s: EtherfieldsState, flow: Flow) -> None:
    clear(s, flow, lambda t, k: k == "poisoned" and not isinstance(t, int))


def capped(s: EtherfieldsState, target: Any, n: int | None) -> int | None:
    """A range under Dazed: at most 1 ("any range" too)."""
    if has(s, target, "dazed"):
        return 1 if n is None else min(n, 1)
    return n
