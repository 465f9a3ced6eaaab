"""Scripted scenarios checking rulebook points one by one (sleep-tight rulebook sections in the
test names): damage and its protections, the Soul Consumer's cost, Where Is The Sandman and a
pending offer, Hide Behind a Friend, discard cards discarding each other, and what other seats
and spectators may see."""

from __future__ import annotations

from typing import Any

from oneiros.cli.render import status_line
from oneiros.games.sleep_tight.state import SleepTightState

from .helpers import (
    all_done,
    at_play,
    step_top,
)

VIEWERS_OTHER_THAN_0 = (1, 2, None)


def public_view(state: SleepTightState, viewer: int | None) -> dict[str, Any]:
    """Everything ``viewer`` can see: observation, events, whose move it is and the decision
    (``decision(None)`` for a spectator, the viewer's own otherwise)."""
    decision = state.decision(viewer)
    return {
        "observation": state.observation(viewer),
        "events": [(e.kind, e.text, dict(e.data)) for e in state.events(viewer)],
        "to_move": state.to_move(),
        "decision": None if decision is None else decision.to_dict(),
        "status": status_line(state, viewer, None).plain,
    }


# ----- "3. Play Actions Facedown": nothing public changes before the reveal ---------------
def ten_fragments_at_play(secret: bool) -> SleepTightState:
    state = at_play(3, hands={0: ["paper-slingshot", "wake-up"], 1: ["elbow-jab"]}, frags={0: 10})
    if secret:
        state.apply("play:paper-slingshot", player=0)
    state.apply("done", player=1)
    return state


def test_play_actions_facedown_wake_up_questions_wait_for_the_reveal() -> None:
    acted = ten_fragments_at_play(True)
    idle = ten_fragments_at_play(False)
    assert acted.to_move() == idle.to_move() == (0, 2)
    assert step_top(acted) == step_top(idle) == "play"
    for viewer in (1, 2, None):
        assert public_view(acted, viewer) == public_view(idle, viewer)
    # The question comes back at the reveal, when hand sizes are public again.
    all_done(acted)
    assert step_top(acted) == "wake" and acted.to_move() == (0,)
    assert [a.id for a in acted.legal_actions()] == ["wake", "wait"]
