"""The flow's checkpoint (``Flow.checkpoint``): a game's check that the one driver runs
between steps, for rules that hold "at any moment" (deaths, the end of the game, a
question asked whenever a condition holds). A tiny game is the example: seats take turns
adding 1 to 3 to a shared total; whenever the total reaches 5 or more the seat that made
it is asked once whether to cash in (a question pushed by the checkpoint, on top of
whatever step was next), and the game ends the moment the total reaches 12, whatever
step is on top."""

from __future__ import annotations

import random

from oneiros.core import Action, Game, GameInfo, State, rule
from oneiros.core.flow import AutoStep, DecisionStep, Flow, FlowState, Kinds

REFS = {k: rule("adder", k.title()) for k in ("turn", "cash", "end")}
KINDS = Kinds("adder", REFS)
ADDS = [Action(f"add:{n}") for n in (1, 2, 3)]


@KINDS.step
class Turn(DecisionStep):
    kind = "turn"
    rule = "turn"
    prompt = "Seat {seat}: add 1, 2 or 3"
    seat: int

    def legal(self, s):
        return ADDS

    def apply(self, s, flow, action):
        s.total += int(action.id[4:])
        s.last = self.seat
        flow.emit("added", "Seat {seat} makes {total}", seat=self.seat, total=s.total)
        flow.replace(Next(self.seat))


@KINDS.step
class Next(AutoStep):
    kind = "next"
    rule = "turn"
    seat: int

    def run(self, s, flow):
        s.autos += 1
        flow.replace(Turn((self.seat + 1) % s.game.players))


@KINDS.step
class Cash(DecisionStep):
    kind = "cash"
    rule = "cash"
    prompt = "Seat {seat}: cash in the total now?"
    seat: int

    def legal(self, s):
        return [Action("cash"), Action("wait")]

    def apply(self, s, flow, action):
        flow.pop()
        if action.id == "cash":
            s.cashed[self.seat] += s.total
            s.total = 0


def checkpoint(s, flow):
    """The end at 12, then the cash-in question at 5 (once per total)."""
    s.checks += 1
    if s.over:
        return False
    if s.total >= 12:
        s.over = True
        flow.clear()
        flow.emit("end", "The total reaches {total}: the game ends", "end", total=s.total)
        return True
    top = flow.top
    if s.total >= 5 and s.asked != s.total and not isinstance(top, Cash):
        s.asked = s.total
        flow.push(Cash(s.last))
        return True
    return False


class AdderState(FlowState, State):
    KINDS = KINDS

    def __init__(self, game, seed=None):
        super().__init__(game, seed)
        self.total = 0
        self.last = 0
        self.asked = -1
        self.over = False
        self.checks = 0
        self.autos = 0
        self.cashed = [0] * game.players
        self.flow = Flow(REFS, self._events, [Turn(0)], checkpoint=checkpoint)
        self.start()

    def observation(self, player):
        return {"total": self.total, "cashed": list(self.cashed)}

    def scores(self):
        return [float(c) for c in self.cashed] if self.is_terminal() else []

    def winners(self):
        sc = self.scores()
        return [i for i, x in enumerate(sc) if x == max(sc)] if sc else []


class Adder(Game):
    info = GameInfo("adder", "Adder", "test", ("basic",), "basic", 2, 3, 2, max_decisions=500)

    def new_state(self, seed=None):
        return AdderState(self, seed)


def new():
    return Adder(players=2).new_state()


def test_the_checkpoint_pushes_a_question_on_top_of_the_next_step():
    s = new()
    s.apply("add:3")  # 3: nothing to ask; the automatic step passes the turn
    assert s.to_move() == (1,) and s.autos == 1
    s.apply("add:2")  # 5: seat 1 is asked before seat 0's turn
    assert s.to_move() == (1,) and s.decision().kind == "cash"
    s.apply("wait")
    # asked once for this total: the turn that was next comes back
    assert s.to_move() == (0,) and s.decision().kind == "turn"
    s.apply("add:1")  # 6: a new total, a new question
    assert s.decision().kind == "cash" and s.to_move() == (0,)
    s.apply("cash")
    assert s.cashed == [6, 0] and s.total == 0 and s.decision().kind == "turn"


def test_the_checkpoint_ends_the_game_whatever_is_on_top():
    s = new()
    for aid in ("add:3", "add:3", "wait", "add:3", "wait", "add:3"):
        s.apply(aid)
    assert s.total == 12 and s.is_terminal() and s.to_move() == ()
    assert s.events()[-1].kind == "end" and s.events()[-1].rule == REFS["end"]


def test_the_checkpoint_runs_between_every_step_and_after_every_action():
    s = new()
    at_start = s.checks
    assert at_start == 1  # once before the driver stops at the first turn
    s.apply("add:1")
    # after the action (Next on top), after Next ran (Turn on top): twice
    assert s.checks == at_start + 2


def test_copies_and_snapshots_keep_the_checkpoint():
    s = new()
    s.apply("add:3")
    copy = s.clone()
    copy.apply("add:2")
    assert copy.decision().kind == "cash" and s.decision().kind == "turn"
    restored = s.game.from_snapshot(s.to_snapshot())
    restored.apply("add:2")
    assert restored.decision().kind == "cash"


def test_random_games_end_and_the_checkpoint_never_loops():
    rng = random.Random(3)
    for _ in range(50):
        s = new()
        while not s.is_terminal():
            seat = s.to_move()[0]
            s.apply(rng.choice(s.legal_actions(seat)))
        assert s.total >= 12 or s.over
