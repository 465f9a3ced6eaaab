"""lucidity-en "5. Rest or Draw Again": after the check, the dreamer rests (returns one
shadow dream, or all exhaust dreams) and the turn ends, or draws again at the next stage of
the sleep track (not after the Exhaust row filled this turn)."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from ....core import Action, Event
from ....core.flow import DecisionStep, Flow, shared
from ....core.i18n import plural
from ..actions import REST_HUNT_ACTIONS, REST_ROTATED_ACTIONS, REST_SHADOW_ACTIONS, A
from ..model import Die
from .base import KINDS

if TYPE_CHECKING:
    from ..state import LucidityState


_REST_SHADOW_ACTIONS = tuple(REST_SHADOW_ACTIONS.items())
_REST_HUNT_ACTIONS = tuple(REST_HUNT_ACTIONS.items())
_REST_ROTATED_ACTIONS = tuple(REST_ROTATED_ACTIONS.items())
"""The rest actions by colour, in the order they are offered."""


@KINDS.step
@dataclasses.dataclass(frozen=True, slots=True)
class Rest(DecisionStep):
    """Rest or draw again; ``exhausted``: the Exhaust row filled this turn (no drawing
    again)."""

    kind = "rest"
    rule = "rest"
    prompt = "Rest or draw again"
    decision_kind = "rest_or_draw"
    seat: int
    exhausted: bool = False

    @property
    def player(self) -> int:
        return self.seat

    def legal(self, s: LucidityState) -> list[Action]:
        me = s.seats[self.seat]
        out: list[Action] = []
        plain_exhaust = False
        rotated: set[str] = set()
        for d in me.exhaust:
            if d[2]:
                rotated.add(d[0])
            elif d[0] != "bone":
                plain_exhaust = True
        # a shadow or a turned exhaust dream moved to the Hunt row by Fear
        hunted: set[str] = set()
        for d in me.hunt:
            if d[1] == "shadow" or d[2]:
                hunted.add(d[0])
        # "Return either: 1 shadow dream; or all exhaust dreams": all of none returns nothing
        # and is still a rest (``rest:none``), which keeps every shadow dream on the card
        out.append(A["rest:exhaust"] if plain_exhaust else A["rest:none"])
        shadow = me.shadow
        for c, action in _REST_SHADOW_ACTIONS:
            if shadow[c]:
                out.append(action)
        if hunted:
            for c, action in _REST_HUNT_ACTIONS:
                if c in hunted:
                    out.append(action)
        if rotated:
            for c, action in _REST_ROTATED_ACTIONS:
                if c in rotated:
                    out.append(action)
        if not self.exhausted and me.stage < s.rules["stages"] - 1:
            out.append(A["draw_again"])
        return out

    def apply(self, s: LucidityState, flow: Flow, action: Action) -> None:
        aid = action.id
        seat = self.seat
        me = s.seats[seat]
        if aid == "draw_again":
            me.stage += 1
            flow.emit(
                "draw_again",
                "Seat {seat} draws again (control {control})",
                "rest",
                seat=seat,
                control=me.control,
            )
            # a new stage, checked again at its end (steps/filled_rows.py)
            flow.replace(shared(KINDS.by_kind["check"], seat, False, False))
            _turn.push_stage(s, seat)
            return
        parts = aid.split(":")
        back: list[Die] = []
        if parts[1] == "exhaust":
            back = [d for d in me.exhaust if not d[2] and d[0] != "bone"]
            me.exhaust = [d for d in me.exhaust if d[2] or d[0] == "bone"]
        elif parts[1] == "shadow":
            back = [me.shadow[parts[2]].pop()]
        elif parts[1] == "hunt":
            for i, d in enumerate(me.hunt):
                if d[0] == parts[2] and (d[1] == "shadow" or d[2]):
                    back = [me.hunt.pop(i)]
                    break
        elif parts[1] == "rotated":
            for i, d in enumerate(me.exhaust):
                if d[0] == parts[2] and d[2]:
                    back = [me.exhaust.pop(i)]
                    break
        s._to_bag(back)
        s._events.append(
            Event(
                "rest",
                plural(
                    len(back),
                    "Seat {seat} rests and returns {n} dream",
                    "Seat {seat} rests and returns {n} dreams",
                ),
                s.R["rest"],
                {"seat": seat, "n": len(back), "how": aid},
            )
        )
        flow._legal.clear()  # flow.pop(), written out
        flow.items.pop()
        if s.game.options["manifestations"] and me.role == "dreamer":
            # de-lux "Manifestations": reveal a card, then manifest, before the turn ends
            s.stack.items.extend(
                (_turn.END_TURN, _manifestations.Manifest(seat), _manifestations.ManifestDraw(seat))
            )
            return
        _turn.end_turn(s)


# what follows a rest (imported last: the turn pushes checks, which push rests)
from . import manifestations as _manifestations  # noqa: E402
from . import turn as _turn  # noqa: E402
