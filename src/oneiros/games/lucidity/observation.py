"""What a seat sees of a Lucidity position (``state.observation``): Lucidity is a game of
perfect information, so every seat sees the same dict; its layout is documented in
docs/games/lucidity.md ("Observation")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .content import COLOURS
from .model import die_dict
from .steps.resolve import pending

if TYPE_CHECKING:
    from .state import LucidityState


def observation(state: LucidityState) -> dict[str, Any]:
    """The whole table: the bag, each seat's card, the Nightmare cards, the dreams in hand,
    the de-lux decks, whose turn it is and the decision on top."""
    players: list[dict[str, Any]] = []
    for s in state.seats:
        rows = {
            "hunt": [die_dict(d) for d in s.hunt],
            "exhaust": [die_dict(d) for d in s.exhaust],
            "power": [die_dict(d) for d in s.power],
        }
        for c in COLOURS:
            rows["shadow_" + c] = [die_dict(d) for d in s.shadow[c]]
        if s.marks:
            rows["shadowmark"] = [die_dict(d) for d in s.marks]
        players.append(
            {
                "role": s.role,
                "colour": s.colour,
                "rows": rows,
                "track": s.track,
                "control": s.control if s.role == "dreamer" else None,
                "track_stage": s.stage if s.track is not None else None,
                "manifestations": list(s.manifested),
                "shield": s.shield,
                "shadow_needed": state.shadow_needed(len(players)),
            }
        )
    in_hand = [{"colour": c, "face": None, "shadow_side": False} for c in state.hand]
    rolled, limbo = pending(state)  # held by the steps on the stack
    in_hand += [die_dict(d) for d in rolled]
    in_hand += [
        {"colour": d[0], "face": d[1] or None, "shadow_side": d[1] == "shadow"} for d in limbo
    ]
    top = state.stack.top
    dec = state.decision()
    return {
        "bag": dict(state.bag),
        "players": players,
        "nightmare_cards": {
            c: {"holder": state.holder[c], "dice": [die_dict(d) for d in state.cards[c]]}
            for c in COLOURS
        },
        "in_hand": in_hand + [die_dict(d) for d in state.pool],
        "manifest_pool": [die_dict(d) for d in state.pool],
        "manifest_revealed": list(state.revealed),
        "manifest_deck": len(state.mdeck),
        "dreamscape": state.dreamscape,
        "current": state.current,
        "power": [state.power_of(i) for i in range(len(state.seats))],
        "decision": dec.to_dict() if dec is not None and top is not None else None,
        "final_turns": list(state.final_turns) if state.final_turns is not None else None,
        "turn": state.turns,
        "ruleset": state.game.ruleset,
        "end_reason": state.reason,
    }
