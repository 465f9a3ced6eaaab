"""The flow (core/flow.py): step kinds checked at import, one driver, the four kinds of
decider, the legal-action cache, copies and JSON. A tiny relay game is the example:
seat after seat rolls a die (chance) and decides to pass or keep; a kept 6 pushes a nested
choice for the next seat; at the end all seats vote in secret (simultaneous)."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from oneiros.core import CHANCE, Action, Game, GameInfo, IllegalAction, State, rule
from oneiros.core.flow import (
    EACH,
    LEADER,
    AutoStep,
    ChanceStep,
    DecisionStep,
    Flow,
    FlowState,
    GroupStep,
    Kinds,
    SimultaneousStep,
    StepKindError,
    shared,
)

REFS = {k: rule("relay", k.title()) for k in ("turn", "roll", "six", "vote", "end")}
KINDS = Kinds("relay", REFS)
PASS, KEEP = Action("pass"), Action("keep")
ROLLS = [(Action(f"roll:{i}"), 1 / 6) for i in range(1, 7)]


@KINDS.step
class Roll(ChanceStep):
    kind = "roll"
    rule = "roll"
    prompt = "Roll for seat {seat}"
    seat: int

    def outcomes(self, s):
        return ROLLS

    def apply(self, s, flow, action):
        n = int(action.id[5:])
        s.pot += n
        flow.emit("rolled", "Seat {seat} rolls {n}", seat=self.seat, n=n)
        flow.pop()
        if n == 6:
            flow.push(Six(seat=(self.seat + 1) % s.game.players, roller=self.seat))


@KINDS.step
class Six(DecisionStep):
    kind = "six"
    rule = "six"
    prompt = "Seat {roller} rolled a 6: give or take?"
    seat: int
    roller: int

    def legal(self, s):
        return [Action("give"), Action("take")]

    def apply(self, s, flow, action):
        s.pot += 1 if action.id == "give" else -1
        flow.emit("six", "Seat {seat} chose {what}", seat=self.seat, what=action.id)
        flow.pop()


@KINDS.step
class Turn(DecisionStep):
    kind = "turn"
    rule = "turn"
    prompt = "Seat {seat}: pass the die or keep the pot?"
    seat: int
    rolled: bool = False

    def legal(self, s):
        return [PASS, KEEP] if self.rolled else [Action("roll")]

    def apply(self, s, flow, action):
        if action.id == "roll":
            flow.replace(dataclasses.replace(self, rolled=True), Roll(self.seat))
        elif action.id == "keep":
            s.kept[self.seat] += s.pot
            s.pot = 0
            flow.replace(EndTurn(self.seat))
        else:
            flow.replace(EndTurn(self.seat))


@KINDS.step
class EndTurn(AutoStep):
    kind = "end_turn"
    rule = "turn"
    seat: int

    def run(self, s, flow):
        s.turns += 1
        if s.turns >= 2 * s.game.players:
            flow.replace(Vote(waiting=tuple(range(s.game.players))))
        else:
            flow.replace(Turn((self.seat + 1) % s.game.players))


@KINDS.step
class Vote(SimultaneousStep):
    kind = "vote"
    rule = "vote"
    prompt = "Vote for the winner"

    def legal(self, s, seat):
        return [Action(f"vote:{i}") for i in range(s.game.players)]

    def on_choose(self, s, flow, seat, action):
        flow.emit("voted", "You vote {v}", visible_to=(seat,), v=action.id)

    def close(self, s, flow, choices):
        s.votes = [choices[i] for i in range(s.game.players)]
        flow.emit("votes", "Votes: {votes}", votes=s.votes)
        flow.pop()


class RelayState(FlowState, State):
    KINDS = KINDS

    def __init__(self, game, seed=None):
        super().__init__(game, seed)
        self.pot = 0
        self.turns = 0
        self.kept = [0] * game.players
        self.votes: list[str] = []
        self.flow = Flow(REFS, self._events, [Turn(0)])
        self.start()

    def observation(self, player):
        return {"pot": self.pot, "kept": list(self.kept), "votes": list(self.votes)}

    def scores(self):
        return [float(k) for k in self.kept] if self.is_terminal() else []

    def winners(self):
        sc = self.scores()
        return [i for i, x in enumerate(sc) if x == max(sc)] if sc else []


class Relay(Game):
    info = GameInfo("relay", "Relay", "test", ("basic",), "basic", 2, 3, 2, max_decisions=500)

    def new_state(self, seed=None):
        return RelayState(self, seed)


def new(players=2):
    return Relay(players=players).new_state()


def test_a_decision_then_a_nested_chance_step_then_back():
    s = new()
    assert s.to_move() == (0,)
    d = s.decision()
    assert (d.kind, d.player, d.rule) == ("turn", 0, 'relay "Turn"')
    assert d.prompt == "Seat 0: pass the die or keep the pot?"
    s.apply("roll")
    assert s.to_move() == (CHANCE,)
    assert s.decision().prompt == "Roll for seat 0"
    assert [a.id for a, _ in s.chance_outcomes()] == [f"roll:{i}" for i in range(1, 7)]
    events = s.apply("roll:6")
    # the emitted event cites the running step's rule by default
    assert [(e.kind, e.text, e.rule) for e in events] == [
        ("rolled", "Seat 0 rolls 6", 'relay "Roll"')
    ]
    # a 6 pushed a choice for the next seat; afterwards the roller's turn resumes
    assert s.to_move() == (1,)
    assert s.decision().prompt == "Seat 0 rolled a 6: give or take?"
    s.apply("give")
    assert s.to_move() == (0,)
    assert [a.id for a in s.legal_actions()] == ["pass", "keep"]
    s.apply("keep")  # the automatic end of turn ran: seat 1 is to move
    assert s.kept == [7, 0]
    assert s.to_move() == (1,)


def test_simultaneous_vote_stays_secret_until_the_last_choice():
    s = new()
    for _ in range(4):
        s.apply("roll")
        s.apply("roll:1")
        s.apply("pass")
    assert s.to_move() == (0, 1)
    assert s.decision(1).prompt == "Vote for the winner"
    s.apply("vote:1", player=1)
    assert s.to_move() == (0,)
    assert s.votes == []
    assert [e.kind for e in s.events(0)][-1] != "voted"  # seat 1's choice is not seat 0's
    assert [e.text for e in s.events(1)][-1] == "You vote vote:1"
    with pytest.raises(IllegalAction):
        s.apply("vote:0", player=1)  # seat 1 already chose
    s.apply("vote:0", player=0)
    assert s.votes == ["vote:0", "vote:1"]
    assert s.is_terminal()


def test_an_illegal_action_changes_nothing_and_the_cache_follows_the_flow():
    s = new()
    before = s.snapshot()
    with pytest.raises(IllegalAction):
        s.apply("keep")
    assert s.snapshot() == before
    assert [a.id for a in s.legal_actions()] == ["roll"]
    s.apply("roll")
    s.apply("roll:2")
    assert [a.id for a in s.legal_actions()] == ["pass", "keep"]  # not the cached ["roll"]


def test_a_change_from_outside_drops_the_cached_legal_actions_and_is_counted():
    s = new()
    s.apply("roll")
    s.apply("roll:2")
    assert [a.id for a in s.legal_actions()] == ["pass", "keep"]
    assert s.flow.outside == 0
    s.apply("keep")  # applied actions are not changes from outside
    assert s.flow.outside == 0
    assert [a.id for a in s.legal_actions()] == ["roll"]  # seat 1's turn (now cached)
    # set a position up by hand: seat 1 is asked whether to give or take, then say so
    s.flow.items.append(Six(1, 0))
    s.flow.changed()
    assert s.flow.outside == 1
    assert [a.id for a in s.legal_actions()] == ["give", "take"]  # not the cached roll
    assert s.clone().flow.outside == 1  # a copy says what its original had seen


def test_clone_is_independent_and_steps_round_trip_through_json():
    s = new()
    s.apply("roll")
    c = s.clone()
    c.apply("roll:6")
    assert s.to_move() == (CHANCE,) and c.to_move() == (1,)
    assert len(c.events()) == len(s.events()) + 1
    for step in c.flow:
        again = KINDS.from_json(json.loads(json.dumps(step.to_json())))
        assert again == step and type(again) is type(step)


def test_steps_are_frozen_slotted_and_shared_steps_are_one_object():
    t = Turn(0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        t.seat = 1  # type: ignore[misc]
    assert not hasattr(t, "__dict__")
    assert shared(Turn, 2) is shared(Turn, 2)
    assert shared(Turn, 2) == Turn(2)


def test_random_play_ends():
    rng = random.Random(3)
    for _ in range(20):
        s = new(3)
        while not s.is_terminal():
            tm = s.to_move()
            if tm == (CHANCE,):
                s.apply(s.sample_chance(rng))
            else:
                seat = rng.choice(tm)
                s.apply(rng.choice(s.legal_actions(seat)), player=seat)
        assert len(s.winners()) >= 1


# ----- the registry refuses incomplete kinds at import ------------------------------------


def test_incomplete_kinds_fail_when_declared():
    kinds = Kinds("t", {"r"})
    with pytest.raises(StepKindError, match="does not implement legal"):

        @kinds.step
        class NoLegal(DecisionStep):
            kind = "a"
            rule = "r"
            prompt = "p"
            seat: int

            def apply(self, s, flow, action): ...

    with pytest.raises(StepKindError, match="rule key 'missing'"):

        @kinds.step
        class BadRule(AutoStep):
            kind = "b"
            rule = "missing"

            def run(self, s, flow): ...

    with pytest.raises(StepKindError, match="no prompt"):

        @kinds.step
        class NoPrompt(ChanceStep):
            kind = "c"
            rule = "r"

            def outcomes(self, s): ...
            def apply(self, s, flow, action): ...

    with pytest.raises(StepKindError, match="names 'colour'"):

        @kinds.step
        class BadPrompt(DecisionStep):
            kind = "d"
            rule = "r"
            prompt = "Pick a {colour}"
            seat: int

            def legal(self, s): ...
            def apply(self, s, flow, action): ...

    @kinds.step
    class Fine(AutoStep):
        kind = "e"
        rule = "r"

        def run(self, s, flow): ...

    with pytest.raises(StepKindError, match="already"):

        @kinds.step
        class Clash(AutoStep):
            kind = "e"
            rule = "r"

            def run(self, s, flow): ...


# ----- group steps ----------------------------------------------------------------------------

GREFS = {"g": "group rule"}
GK = Kinds("group", GREFS)


@GK.step
class Discard(GroupStep):
    """Each seat discards once, in the open, in any order."""

    kind = "discard"
    rule = "g"
    prompt = "Discard a card"
    policy = EACH

    def legal(self, s, seat):
        return [Action("discard:a"), Action("discard:b")]

    def apply(self, s, flow, seat, action):
        s.log.append((seat, action.id))


@GK.step
class Path(GroupStep):
    """The leader chooses for the group."""

    kind = "path"
    rule = "g"
    prompt = "Choose the group's path"
    policy = LEADER
    first: int = 0

    def leader(self, s):
        return self.first

    def legal(self, s, seat):
        return [Action("left"), Action("right")]

    def apply(self, s, flow, seat, action):
        s.log.append((seat, action.id))
        flow.pop()


@GK.step
class Free(GroupStep):
    """Any seat that has not passed may act; passing leaves the group."""

    kind = "free"
    rule = "g"
    prompt = "Act or pass"

    def legal(self, s, seat):
        return [Action("act"), Action("pass")]

    def apply(self, s, flow, seat, action):
        s.log.append((seat, action.id))
        if action.id == "pass":
            flow.replace(dataclasses.replace(self, seats=tuple(x for x in self.seats if x != seat)))


class GroupState(FlowState, State):
    KINDS = GK

    def __init__(self, game, seed=None):
        super().__init__(game, seed)
        self.log: list[tuple[int, str]] = []
        self.flow = Flow(
            GREFS, self._events, [Free(seats=(0, 1, 2)), Path(first=2), Discard(seats=(0, 1, 2))]
        )
        self.start()


class GroupGame(Game):
    info = GameInfo("group", "Group", "test", ("basic",), "basic", 3, 3, 3)

    def new_state(self, seed=None):
        return GroupState(self, seed)


def test_group_policies_each_leader_any():
    s = GroupGame().new_state()
    assert s.to_move() == (0, 1, 2)  # each: all three, in any order
    s.apply("discard:a", player=2)
    assert s.to_move() == (0, 1)
    s.apply("discard:b", player=0)
    s.apply("discard:a", player=1)
    assert s.to_move() == (2,)  # leader: only seat 2 decides for the group
    assert s.legal_actions(0) == []
    s.apply("right")
    assert s.to_move() == (0, 1, 2)  # any: whoever has not passed
    s.apply("act", player=1)
    s.apply("pass", player=1)
    assert s.to_move() == (0, 2)
    s.apply("pass", player=0)
    s.apply("pass", player=2)
    assert s.is_terminal()
    assert s.log[:4] == [(2, "discard:a"), (0, "discard:b"), (1, "discard:a"), (2, "right")]


# ----- a step that settles itself when nothing needs choosing -----------------------------

SK = Kinds("settle", {"pay": "settle-rule"})


@SK.step
class Pay(DecisionStep):
    """Pay a cost one coin colour at a time; with one colour left, it pays by itself; a
    cost already met ends the step (``done``)."""

    kind = "pay"
    rule = "pay"
    prompt = "Pay {left} more"
    seat: int
    left: int

    def done(self, s):
        return self.left <= 0

    def finish(self, s, flow):
        flow.emit("paid", "Seat {seat} has paid", seat=self.seat)

    def legal(self, s):
        return [Action(f"pay:{c}") for c, n in s.coins.items() if n > 0]

    def apply(self, s, flow, action):
        s.coins[action.id[4:]] -= 1
        flow.replace(dataclasses.replace(self, left=self.left - 1))

    def settle(self, s, flow):
        options = self.legal(s)
        if len(options) == 1 and options[0].id.startswith("pay:"):
            self.apply(s, flow, options[0])
            return True
        return False


class PayState(FlowState, State):
    KINDS = SK

    def __init__(self, game, seed=None):
        super().__init__(game, seed)
        self.coins = {"red": 1, "blue": 3}
        self.flow = Flow({"pay": "settle-rule"}, self._events, [Pay(0, 3)])
        self.start()


class PayGame(Game):
    info = GameInfo("pay", "Pay", "test", ("basic",), "basic", 1, 1, 1)

    def new_state(self, seed=None):
        return PayState(self, seed)


def test_a_step_settles_by_itself_when_one_choice_is_left_and_ends_when_done():
    s = PayGame().new_state()
    assert s.decision().prompt == "Pay 3 more"
    s.apply("pay:red")  # only blue is left: the last two coins are paid without asking
    assert s.coins == {"red": 0, "blue": 1}
    assert s.is_terminal()
    assert [e.text for e in s.events()] == ["Seat 0 has paid"]
    assert s.history() == ["pay:red"]
