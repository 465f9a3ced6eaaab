"""A game moving onto the flow one rule at a time: the flow runs the older ``Step`` values
through the game's own hooks (``legacy_*``), beside typed step classes, and answers the
``StepStack`` calls the older code makes (``top``, ``push``, ``pop``, ``replace_top``)."""

from __future__ import annotations

import random

import pytest

from oneiros.core import CHANCE, Action, Decision, Game, GameInfo, IllegalAction, State, Step, rule
from oneiros.core.flow import DecisionStep, Flow, FlowState, Kinds

AUTO = -2  # the older code's automatic pseudo-seat

REFS = {"turn": rule("half", "Turn"), "bonus": rule("half", "Bonus")}
KINDS = Kinds("half", REFS)
TAKE = [Action("take:1"), Action("take:2")]
COIN = [(Action("coin:heads"), 0.5), (Action("coin:tails"), 0.5)]


@KINDS.step
class Take(DecisionStep):
    """Already moved: a typed step. Taking 2 pushes an older-style coin flip."""

    kind = "take"
    rule = "turn"
    prompt = "Take 1 or 2"
    seat: int

    def legal(self, s):
        return TAKE

    def apply(self, s, flow, action):
        n = int(action.id[5:])
        s.total[self.seat] += n
        flow.emit("took", "Seat {seat} takes {n}", seat=self.seat, n=n)
        flow.pop()
        if n == 2:
            flow.push(Step("coin", CHANCE, seat=self.seat))


class HalfState(FlowState, State):
    """The coin flip and the end of turn are still the older kind: ``Step`` values
    handled by name through the game's hooks."""

    KINDS = KINDS

    def __init__(self, game, seed=None):
        super().__init__(game, seed)
        self.total = [0] * game.players
        self.turns = 0
        self.flow = Flow(REFS, self._events, [Step("end_turn", AUTO, seat=1), Take(0)])
        self.start()

    @property
    def stack(self):
        """The older code keeps calling the flow its stack."""
        return self.flow

    # the older hooks, per step kind
    def legacy_to_move(self, top):
        return (top.player,)

    def legacy_decision(self, top, player):
        return Decision(top.kind, top.player, "Flip a coin", REFS["bonus"])

    def legacy_legal(self, top, seat):
        return []

    def legacy_chance(self, top):
        return COIN

    def legacy_do(self, top, action, seat):
        if top.kind == "coin":
            self.stack.pop()
            if action.id == "coin:heads":
                self.total[top["seat"]] += 1
            self.emit("coin", "Coin: {face}", REFS["bonus"], face=action.id[5:])

    def legacy_advance(self, top):
        """Run an automatic older step; True when it changed the stack."""
        if top.kind != "end_turn":
            return False
        self.turns += 1
        if self.turns >= 4:
            self.stack.clear()
        else:
            self.stack.replace_top(Step("end_turn", AUTO, seat=top["seat"] ^ 1))
            self.stack.push(Take(top["seat"]))
        return True

    def observation(self, player):
        return {"total": list(self.total)}

    def scores(self):
        return [float(t) for t in self.total] if self.is_terminal() else []

    def winners(self):
        sc = self.scores()
        return [i for i, x in enumerate(sc) if x == max(sc)] if sc else []


class Half(Game):
    info = GameInfo("half", "Half", "test", ("basic",), "basic", 2, 2, 2, max_decisions=100)

    def new_state(self, seed=None):
        return HalfState(self, seed)


def test_typed_and_older_steps_run_side_by_side():
    s = Half().new_state()
    assert s.to_move() == (0,) and s.decision().prompt == "Take 1 or 2"
    s.apply("take:2")
    assert s.to_move() == (CHANCE,)  # the older coin step, through the game's hooks
    assert s.decision().rule == 'half "Bonus"'
    assert [a.id for a, _ in s.chance_outcomes()] == ["coin:heads", "coin:tails"]
    with pytest.raises(IllegalAction):
        s.apply("take:1")
    s.apply("coin:heads")
    # the older end of turn ran by itself and pushed seat 1's typed step
    assert s.to_move() == (1,) and s.total == [3, 0]
    s.apply("take:1")
    assert s.to_move() == (0,)
    c = s.clone()
    c.apply("take:1")
    assert s.total == [3, 1] and c.total == [4, 1]


def test_random_play_with_both_kinds_ends():
    rng = random.Random(2)
    for _ in range(30):
        s = Half().new_state()
        while not s.is_terminal():
            if s.is_chance():
                s.apply(s.sample_chance(rng))
            else:
                s.apply(rng.choice(s.legal_actions()))
        assert s.turns == 4 and s.winners()


def test_a_snapshot_keeps_the_older_steps_too():
    import json

    game = Half()
    s = game.new_state()
    s.apply("take:2")
    data = json.loads(json.dumps(s.to_snapshot()))
    assert {"legacy_step": {"kind": "coin", "player": CHANCE, "data": {"seat": 0}}} in data["flow"]
    again = game.from_snapshot(data)
    assert again.snapshot() == s.snapshot()
    again.apply("coin:tails")
    s.apply("coin:tails")
    assert again.snapshot() == s.snapshot()
