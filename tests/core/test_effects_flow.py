"""Effects compiled to flow steps: the composites run in order, conditions and amounts are
evaluated when their step runs, a choice is a decision, an op may push a chance step."""

from __future__ import annotations

import json

import pytest

from oneiros.core import CHANCE, Action, Game, GameInfo, State, rule
from oneiros.core.effects import Amount, Args, Ctx, EffectLanguage, Selector
from oneiros.core.flow import AutoStep, ChanceStep, Flow, FlowState, Kinds
from oneiros.testing import random_playout

LANG = EffectLanguage("orchard")
REFS = {"effects": rule("orchard", "Effects"), "roll": rule("orchard", "Dice")}
KINDS = Kinds("orchard", REFS)


@LANG.op("gain")
class Gain(Args):
    n: Amount = 1
    who: Selector | None = None


@LANG.op("roll")
class Roll(Args):
    pass


@LANG.op("has", "condition")
class Has(Args):
    n: int


LANG.register("each", "selector")
LANG.register("self", "selector")
LANG.register("it", "selector")
LANG.register("pc", "amount")
LANG.register("rolled", "amount")
RUNTIME = LANG.runtime(KINDS, "effects", prompt="Choose an option")


def targets(s, who, ctx: Ctx) -> tuple[int, ...]:
    return (ctx.seat,) if who is None else RUNTIME.select(s, who, ctx)


@LANG.handler("gain")
def _gain(s, flow: Flow, args: Gain, ctx: Ctx) -> None:
    n = RUNTIME.amount(s, args.n, ctx)
    for seat in targets(s, args.who, ctx):
        s.gears[seat] += n
        flow.emit("gain", "Seat {seat} gains {n}", seat=seat, n=n)


@KINDS.step
class RollDie(ChanceStep):
    kind = "roll"
    rule = "roll"
    prompt = "Roll the die"

    def outcomes(self, s):
        return [(Action(f"die:{i}"), 1 / 3) for i in (1, 2, 3)]

    def apply(self, s, flow, action):
        s.last_roll = int(action.id[4:])
        flow.pop()


@LANG.handler("roll")
def _roll(s, flow: Flow, args: Roll, ctx: Ctx) -> None:
    flow.push(RollDie())


LANG.handler("has", "condition")(lambda s, args, ctx: s.gears[ctx.seat] >= args.n)
LANG.handler("each", "selector")(lambda s, args, ctx: tuple(range(s.game.players)))
LANG.handler("self", "selector")(lambda s, args, ctx: (ctx.seat,))
LANG.handler("it", "selector")(lambda s, args, ctx: (ctx.it,))
LANG.handler("pc", "amount")(lambda s, args, ctx: s.game.players)
LANG.handler("rolled", "amount")(lambda s, args, ctx: s.last_roll)


@KINDS.step
class Finish(AutoStep):
    kind = "finish"
    rule = "effects"

    def run(self, s, flow):
        flow.emit("end", "The script ends")
        flow.clear()


class OrchardState(FlowState, State):
    KINDS = KINDS

    def __init__(self, game, seed=None):
        super().__init__(game, seed)
        self.gears = [0] * game.players
        self.last_roll = 0
        node = LANG.parse(game.options["script"])
        self.flow = Flow(REFS, self._events, [Finish(), *RUNTIME.steps(node, Ctx(seat=0))])
        self.start()

    def observation(self, player):
        return {"gears": list(self.gears)}

    def scores(self):
        return [float(g) for g in self.gears] if self.is_terminal() else []

    def winners(self):
        return []


class Orchard(Game):
    info = GameInfo("orchard", "Orchard", "test", ("basic",), "basic", 1, 3, 2, max_decisions=50)

    def __init__(self, script: str, players: int = 2) -> None:
        super().__init__(players=players)
        self.options = {"script": script}

    def new_state(self, seed=None):
        return OrchardState(self, seed)


def play(script: str, players: int = 2) -> State:
    return Orchard(script, players).new_state(seed=1)


def test_sequence_condition_and_amounts_run_in_order():
    s = play("[gain(1), when(has(2), then=gain(10), otherwise=gain(pc * 2)), gain(1)]")
    assert s.is_terminal() and s.gears == [6, 0]
    texts = [e.text for e in s.events()]
    assert texts == ["Seat 0 gains 1", "Seat 0 gains 4", "Seat 0 gains 1", "The script ends"]
    assert {e.rule for e in s.events()} == {'orchard "Effects"'}


def test_repeat_and_for_each_bind_the_target():
    s = play("[repeat(pc + 1, gain(1)), for_each(each, gain(2, who=it))]", players=3)
    assert s.gears == [6, 2, 2]  # 3 players: pc + 1 = 4, then 2 each


def test_a_choice_offers_only_the_options_whose_requirement_holds():
    s = play(
        "[gain(1), choose(option('Rest', then=gain(5)), option('Climb', requires=has(3), then=done),"
        " option('Run', requires=has(1), then=[gain(1, who=each), gain(1)]))]"
    )
    assert s.to_move() == (0,)
    d = s.decision()
    assert (d.kind, d.prompt, d.rule) == ("effect_choice", "Choose an option", 'orchard "Effects"')
    assert [(a.id, a.label) for a in s.legal_actions()] == [
        ("choose:0", "Rest"),
        ("choose:2", "Run"),
    ]
    s.apply("choose:2")
    assert s.is_terminal() and s.gears == [3, 1]


def test_an_op_may_push_a_chance_step_before_the_rest_of_the_effect():
    s = play("[roll, gain(rolled)]")
    assert s.to_move() == (CHANCE,)
    s.apply("die:3")
    assert s.gears == [3, 0] and s.is_terminal()


def test_effects_play_to_the_end_at_random_and_nothing_lacks_a_handler():
    game = Orchard(
        "[roll, choose(option('a', then=gain(rolled)), option('b', then=[roll, gain(rolled)]))]"
    )
    for seed in range(5):
        assert random_playout(game, seed).is_terminal()
    assert RUNTIME.missing() == []
    lang = EffectLanguage("bare")
    lang.register("zap", "effect")
    runtime = lang.runtime(Kinds("bare", {"x": "x"}), "x")
    assert runtime.missing() == ["effect zap"]


def test_an_op_without_a_handler_is_named():
    lang = EffectLanguage("bare")
    lang.register("zap", "effect")
    runtime = lang.runtime(Kinds("bare", {"x": "x"}), "x")
    with pytest.raises(NotImplementedError, match="effect zap has no handler"):
        runtime.run(
            None, Flow({}, [], [runtime.run_cls(lang.parse("zap"))]), lang.parse("zap"), Ctx()
        )


def test_effect_steps_survive_a_snapshot():
    script = (
        "[gain(1), choose(option('Rest', then=gain(5)), option('Run', then=[roll, gain(rolled)])),"
        " for_each(each, gain(2, who=it))]"
    )
    game = Orchard(script)
    s = game.new_state(seed=1)
    data = json.loads(json.dumps(s.to_snapshot()))
    assert [step["kind"] for step in data["flow"]] == ["finish", "effect", "effect_choice"]
    again = game.from_snapshot(data)
    for state in (s, again):
        state.apply("choose:1")
        state.apply("die:2")
    assert again.gears == s.gears == [5, 2]
    assert [e.text for e in again.events()] == [e.text for e in s.events()]
