"""lucidity-en "Turn Order" and "1. Set Level of Control": a dreamer's turn starts with the
choice of a sleep track and plays its drawing stages (draw, return, roll, resolve), checked
and rested after each; a Nightmare's turn is its own (``steps/nightmare.py``). When a turn
ends, everything still in hand goes back to the bag, the end of the game is looked for
("Power Victory", "Nightmare Victory", "Dream Victory") and the next player in turn order
who is still in the game plays."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ....core import Action, Event
from ....core.flow import Flow, shared
from ....core.i18n import plural
from ..model import die, power_value
from ..params import MAX_SEATS, TRACKS, TURN_CAP
from .base import KINDS, Auto, Seated

if TYPE_CHECKING:
    from ..state import LucidityState

_STAGES: dict[tuple[int, int, int], tuple[Any, ...]] = {}


def stage_steps(seat: int, returns: int, upto: int) -> tuple[Any, ...]:
    """The four steps of a drawing stage, bottom first: resolve, roll, return, draw (made
    once and shared: steps are immutable)."""
    key = (seat, returns, upto)
    steps = _STAGES.get(key)
    if steps is None:
        steps = _STAGES[key] = (
            shared(_resolve.Resolve, seat),
            shared(_resolve.Roll, seat),
            shared(_draw.Return, seat, returns, 0),
            shared(_draw.Draw, seat, upto),
        )
    return steps


def push_stage(s: LucidityState, seat: int) -> None:
    """The next drawing stage of ``seat``: draw up to the control of the track's stage."""
    me = s.seats[seat]
    control = TRACKS[me.track][me.stage]  # type: ignore[index]
    key = (seat, s.rules["returns"], len(s.hand) + control)
    steps = _STAGES.get(key)  # stage_steps, written out
    s.stack.items.extend(stage_steps(*key) if steps is None else steps)


def start_turn(s: LucidityState, seat: int) -> None:
    """``seat``'s turn starts: a dreamer chooses a sleep track, a Nightmare plays its turn.
    The rules start a turn through the state's ``_start_turn`` (this function), so that a
    tool may watch turns begin (``kernel_guard.record``)."""
    s.current = seat
    s.turns += 1
    me = s.seats[seat]
    if me.role == "dreamer":
        me.track = None
        me.stage = 0
        s.stack.items.append(_CHOOSE[seat])
    else:
        s.stack.items.append(shared(_nightmare.NightmareTurn, seat))


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class ChooseTrack(Seated):
    """lucidity-en "1. Set Level of Control": the dreamer chooses a sleep track; its first
    stage's control is how many dreams are drawn."""

    kind = "track"
    rule = "track"
    prompt = "Choose your sleep track"
    decision_kind = "choose_track"
    seat: int

    def decision_data(self, s: LucidityState) -> dict[str, Any]:
        return {}

    def legal(self, s: LucidityState) -> list[Action]:
        return s.game.track_actions

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        seat = self.seat
        me = s.seats[seat]
        event = s.game.track_events[seat][action.id]  # the shared event
        me.track = event.data["track"]
        me.stage = 0
        s._events.append(event)
        check = _CHECKS.get(seat)
        if check is None:
            check = _CHECKS[seat] = shared(_filled_rows.CheckRows, seat, False, False)
        s.stack.items[-1] = check
        push_stage(s, seat)


_CHOOSE = tuple(shared(ChooseTrack, k) for k in range(MAX_SEATS))
"""``shared(ChooseTrack, seat)`` by seat."""
_CHECKS: dict[int, Any] = {}
"""``shared(CheckRows, seat, False, False)`` by seat (the first check of a turn)."""

TRACK_TEXT = "Seat {seat} chooses the sleep track {track}"
"""The event text of a chosen sleep track (a message: ``locale/tables.txt``)."""


def track_events(refs: Mapping[str, str], seats: int) -> list[dict[str, Event]]:
    """The event of seat k choosing a sleep track, ``[k][track action id]``: an event never
    changes once emitted, so every such choice emits the same one (built once per game)."""
    rule = refs["track"]
    return [
        {"track:" + t: Event("track", TRACK_TEXT, rule, {"seat": k, "track": t}) for t in TRACKS}
        for k in range(seats)
    ]


@KINDS.step  # no field of its own: the registry makes it a dataclass
class EndTurn(Auto):
    """The turn ends (after the steps above it: a Nightmare's minions, a Manifestation)."""

    kind = "end_turn"
    rule = "how_to_win"

    def run(self, s: LucidityState, flow: Flow) -> None:
        flow.pop()
        end_turn(s)


END_TURN = EndTurn()


def end_turn(s: LucidityState) -> None:
    """The turn of ``s.current`` ends: dreams in hand go back, the end of the game is looked
    for, then the next player in turn order who is still in the game plays (or, once the
    Power goal is reached, the next of the final turns)."""
    if s.reason is not None:
        return
    unresolved: tuple[Any, ...] = ()
    if s.stack.items:  # the dreams its steps still hold
        _nightmare.give_back_limbo(s)
        unresolved = _resolve.take_rolled(s)
    s.stack.clear()
    if s.revealed or s.pool:
        _manifestations.return_revealed(s)
    if s.hand or unresolved:
        s._to_bag([die(c, "") for c in s.hand] + list(unresolved))
        s.hand = []
    seats = s.seats
    for x in seats:
        if x.role == "dreamer":
            break
    else:
        _end.end_game(s, "nightmare")
        return
    if s.dream_end:
        _end.end_game(s, "dream")
        return
    if s.turns >= TURN_CAP:
        # no rule of the game: the engine's safeguard (scored as the rulebook's winner)
        s.emit(
            "turn_cap",
            "The game reaches {cap} turns, the engine's safeguard (not a rule of the game): "
            "it ends and the player with the most Power wins",
            s.R["winner"],
            cap=TURN_CAP,
        )
        _end.end_game(s, "dream", capped=True)
        return
    n = len(seats)
    cur = s.current
    if s.final_turns is None:
        goal = s.rules["power_goal"]
        # a Power dream counts at most 2: shorter rows cannot be at the goal
        holders: list[int] = []
        for i, x in enumerate(seats):
            if 2 * len(x.power) >= goal and power_value(x.power) >= goal:
                holders.append(i)
        if holders:
            # lucidity-en "Power Victory": "each other remaining dreamer" takes a final turn,
            # in turn order from the next seat; the seat whose turn just ended comes last
            # (that turn was played before the end was triggered)
            order = [(cur + k) % n for k in range(1, n + 1)]
            s.final_turns = tuple(
                i for i in order if seats[i].role == "dreamer" and i not in holders
            )
            s.emit(
                "power_victory",
                plural(
                    len(holders),
                    "Seat {holders[0]} reaches {goal} Power: every other dreamer takes one final "
                    "turn",
                    "Seats {holders} reach {goal} Power: every other dreamer takes one final turn",
                ),
                s.R["power_victory"],
                holders=holders,
                goal=goal,
                final=list(s.final_turns),
            )
    else:
        s.final_turns = tuple(i for i in s.final_turns if i != cur)
    if s.final_turns is not None:
        left = tuple(i for i in s.final_turns if seats[i].role == "dreamer")
        s.final_turns = left
        if not left:
            _end.end_game(s, "power")
            return
        s._start_turn(left[0])
        return
    nxt = cur
    for _ in range(n):
        nxt = (nxt + 1) % n
        if seats[nxt].role != "eliminated":
            break
    s._start_turn(nxt)


# the sections a turn goes through (imported last: they end turns)
from . import draw as _draw  # noqa: E402
from . import end as _end  # noqa: E402
from . import filled_rows as _filled_rows  # noqa: E402
from . import manifestations as _manifestations  # noqa: E402
from . import nightmare as _nightmare  # noqa: E402
from . import resolve as _resolve  # noqa: E402
