"""Entering the Dream and the Turn cycle (etherfields "Dream Gate Tiles", "Dreamer's
Entrance", "Turn Order", "2) Discard Turn Step", "Counting Turns")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....core import Action
from ....core.effects import Ctx
from ....core.flow import EACH, AutoStep, Flow, GroupStep
from ..kinds import KINDS, RUNTIME
from ..rules import end_game
from .cards import DealTurns, DrawFor, DrawTurn, PreDraw, turns_visible
from .dreamscape import Dreamscape
from .rounds import action_step

if TYPE_CHECKING:
    from ..state import EtherfieldsState


@KINDS.step
class EnterGate(AutoStep):
    """etherfields "Dream Gate Tiles": resolve the Setup, then read the Introduction."""

    kind = "enter_gate"
    rule = "gate"

    def run(self, s: EtherfieldsState, flow: Flow) -> None:
        gate = s.gate
        if s.game.options.get("full_vocabulary") and "full_vocabulary" not in s.flags:
            s.flags.append("full_vocabulary")  # the engine's flag (pack.ENGINE_FLAGS)
        flow.emit(
            "gate",
            "The Dream {name} begins ({turns} Turn cards)",
            name=str(gate.name),
            turns=gate.turns,
        )
        intro = s.catalog.get("script", f"{gate.id}/{gate.intro}")
        steps = [*RUNTIME.steps(gate.setup, Ctx(seat=0, source="gate"))]
        if turns_visible(s):
            steps.append(DealTurns(gate.turns))
        steps += RUNTIME.steps(
            RUNTIME.language.parse(f"script({intro.n})"), Ctx(seat=0, source="gate")
        )
        flow.replace(*reversed(steps))


@KINDS.step
class Entrance(GroupStep):
    """etherfields "Dreamer's Entrance": each Dreamer enters on either space the Entrance
    icon lies between."""

    kind = "entrance"
    rule = "entrance"
    prompt = "Choose your entrance space"
    policy = EACH

    def legal(self, s: EtherfieldsState, seat: int) -> list[Action]:
        return [Action(f"space:{ref}", f"Enter at {ref}") for ref in s.entrance_spaces()]

    def apply(self, s: EtherfieldsState, flow: Flow, seat: int, action: Action) -> None:
        s.pos[seat] = action.id.split(":", 1)[1]
        flow.emit("entered", "Dreamer {seat} enters at {space}", seat=seat, space=s.pos[seat])


@KINDS.step
class StartTurn(AutoStep):
    """etherfields "Turn Order": the Turn card, the Draw step, the Card and Action step,
    the Dreamscape Phase, the Discard Turn step."""

    kind = "start_turn"
    rule = "turn"

    def run(self, s: EtherfieldsState, flow: Flow) -> None:
        begin_turn(s, flow, EndTurn())


def begin_turn(s: EtherfieldsState, flow: Flow, end: Any, *first: Any) -> None:
    """A new Turn ("The Turn"): counted and announced, then its phases on the stack in
    order: ``first`` (run before the draw), the Turn card and the Draw phase, the Card and
    Action phase, the Dreamscape phase and ``end``."""
    s.turn_no += 1
    s.turn_used = []
    seats = tuple(range(s.game.players))
    flow.emit(
        "turn",
        "Turn {n} begins ({left} Turn cards after this one)",
        n=s.turn_no,
        left=s.turns_left - 1,
    )
    draws = [DrawFor(seat) for seat in seats]
    holding = tuple(x for x in seats if s.table.count("hand", x))
    from .triggers import fire_step

    flow.replace(
        end,
        *fire_step(s, "turn_end"),
        Dreamscape(),
        action_step(s),
        *reversed(draws),
        PreDraw(seats=holding),
        *fire_step(s, "turn_start"),
        DrawTurn(),
        *first,
    )


def discard_turn(s: EtherfieldsState, flow: Flow) -> bool:
    """etherfields "2) Discard Turn Step", in a Dream and in a Slumber: the current Turn card
    is discarded, what lasts "this Turn" ends ("State Tokens"), the Block tokens go back and
    the next Dreamer becomes the First Player; whether a Turn card is left."""
    card = s.table.top("turn_current")
    if card is not None:
        s.table.move(
            card,
            "turn_discard",
            flow=flow,
            kind="turn_discarded",
            fmt="Turn card {face} is discarded",
        )
    from .states import end_of_turn

    end_of_turn(s, flow)
    s.table.give("block", len(s.blocked_steps))
    s.blocked_steps = []
    s.first = (s.first + 1) % s.game.players
    return s.turns_left > 0


@KINDS.step
class EndTurn(AutoStep):
    """etherfields "2) Discard Turn Step": the current Turn card is discarded; with no
    card left, the Dream's Out of Turns script is read."""

    kind = "end_turn"
    rule = "discard_turn"

    def run(self, s: EtherfieldsState, flow: Flow) -> None:
        if discard_turn(s, flow):
            flow.replace(StartTurn())
            return
        flow.emit("out_of_turns", "Out of Turns: script {n}", n=s.gate.out_of_turns)
        s.ending = "out_of_turns"
        node = RUNTIME.language.parse(f"script({s.gate.out_of_turns})")
        from .triggers import fire_step

        script = RUNTIME.steps(node, Ctx(seat=s.first, source="gate"))
        flow.replace(OutOfTurns(), *script, *fire_step(s, "out_of_turns"))


@KINDS.step
class OutOfTurns(AutoStep):
    """etherfields "Counting Turns": when the Out of Turns script does not end the Dream by
    itself, the Dream is lost."""

    kind = "out_of_turns"
    rule = "counting"

    def run(self, s: EtherfieldsState, flow: Flow) -> None:
        end_game(s, flow, "defeat", "out_of_turns", "counting")
