"""Running effects: the language's nodes compiled to flow steps.

:meth:`oneiros.core.effects.EffectLanguage.runtime` registers two step kinds in a game's
:class:`~oneiros.core.flow.Kinds` and returns the :class:`EffectRuntime` that turns nodes
into those steps: the core runs the composites (:data:`COMPOSITES`), every other op calls
the handler its game registered.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from .effects_nodes import Node
from .flow import AutoStep, DecisionStep, Flow, Kinds
from .types import Action

if TYPE_CHECKING:
    from .effects import EffectLanguage

COMPOSITES = frozenset({"seq", "choose", "option", "when", "repeat", "for_each", "done"})
"""Ops the core itself runs; every other op needs a handler from its game."""


@dataclass(frozen=True, slots=True)
class Ctx:
    """What an effect runs with: the seat it acts for, the choosing seat, its source (a
    card or tile id), ``it`` (the target bound by ``for_each``), ``x`` (times the cost was
    paid) and game-specific bindings."""

    seat: int | None = None
    source: str | None = None
    chooser: int | None = None
    it: Any = None
    x: int = 1
    extra: tuple[tuple[str, Any], ...] = ()

    def bind(self, **changes: Any) -> Ctx:
        return replace(self, **changes)

    def get(self, key: str, default: Any = None) -> Any:
        return dict(self.extra).get(key, default)


class EffectRuntime:
    """How a language's nodes run on the flow of one game.

    :meth:`EffectLanguage.runtime` builds it: two step kinds registered in the game's
    :class:`~oneiros.core.flow.Kinds` (``effect``, automatic, and ``effect_choice``, a
    decision for ``choose``), both citing the rule key the game gives. The composites run in
    the core; every other op calls the handler the game registered with
    :meth:`EffectLanguage.handler`:

    - an effect: ``handler(s, flow, args, ctx)``; it changes the state, emits events, and may
      push steps (a decision, a chance step) that resolve before the rest of the effect;
    - a condition: ``handler(s, args, ctx) -> bool``; an amount: ``-> int``; a selector:
      ``-> tuple`` of targets.
    """

    def __init__(self, language: EffectLanguage, run_cls: type[Any], choice_cls: type[Any]) -> None:
        self.language = language
        self.run_cls = run_cls
        self.choice_cls = choice_cls

    def steps(self, node: Node | None, ctx: Ctx) -> tuple[Any, ...]:
        """The flow steps that run ``node`` (push them, or ``flow.replace`` with them)."""
        if node is None or node.op == "done":
            return ()
        return (self.run_cls(node, ctx),)

    def missing(self) -> list[str]:
        """Supported ops without a handler (a game test asserts this is empty)."""
        out = []
        for spec in self.language.ops():
            if not spec.supported or spec.category in ("option", "cost", "trigger", "modifier"):
                continue
            if spec.category == "effect" and spec.name in COMPOSITES:
                continue
            if spec.category == "condition" and spec.name in ("all", "any", "no"):
                continue
            if spec.category == "amount" and spec.name in ("add", "sub", "mul", "neg"):
                continue
            if (spec.category, spec.name) not in self.language.handlers:
                out.append(f"{spec.category} {spec.name}")
        return out

    def _handler(self, node: Node) -> Callable[..., Any]:
        fn = self.language.handlers.get((node.category, node.op))
        if fn is None:
            raise NotImplementedError(
                f"{self.language.name}: {node.category} {node.op} has no handler"
            )
        return fn

    def amount(self, s: Any, value: Any, ctx: Ctx) -> int:
        if isinstance(value, int):
            return value
        a: Any = value.args
        if value.op == "add":
            return self.amount(s, a.a, ctx) + self.amount(s, a.b, ctx)
        if value.op == "sub":
            return self.amount(s, a.a, ctx) - self.amount(s, a.b, ctx)
        if value.op == "mul":
            return self.amount(s, a.a, ctx) * self.amount(s, a.b, ctx)
        if value.op == "neg":
            return -self.amount(s, a.a, ctx)
        return int(self._handler(value)(s, a, ctx))

    def holds(self, s: Any, cond: Node | None, ctx: Ctx) -> bool:
        if cond is None:
            return True
        a: Any = cond.args
        if cond.op == "all":
            return all(self.holds(s, c, ctx) for c in a.items)
        if cond.op == "any":
            return any(self.holds(s, c, ctx) for c in a.items)
        if cond.op == "no":
            return not self.holds(s, a.cond, ctx)
        return bool(self._handler(cond)(s, a, ctx))

    def select(self, s: Any, sel: Node, ctx: Ctx) -> tuple[Any, ...]:
        return tuple(self._handler(sel)(s, sel.args, ctx))

    def run(self, s: Any, flow: Flow, node: Node, ctx: Ctx) -> None:
        """Run one node as the running ``effect`` step (the composites replace it)."""
        a: Any = node.args
        op = node.op
        if op == "seq":
            steps = [st for child in a.do for st in self.steps(child, ctx)]
            flow.replace(*reversed(steps))
        elif op == "when":
            branch = a.then if self.holds(s, a.cond, ctx) else a.otherwise
            flow.replace(*self.steps(branch, ctx))
        elif op == "repeat":
            n = max(0, self.amount(s, a.n, ctx))
            flow.replace(*(self.steps(a.do, ctx) * n))
        elif op == "for_each":
            targets = self.select(s, a.sel, ctx)
            steps = [st for t in targets for st in self.steps(a.do, ctx.bind(it=t))]
            flow.replace(*reversed(steps))
        elif op == "choose":
            open_ = tuple(i for i, o in enumerate(a.options) if self.holds(s, o.args.requires, ctx))
            if open_:
                flow.replace(self.choice_cls(node, ctx, open_))
            else:
                flow.pop()
        elif op == "done":
            flow.pop()
        else:
            flow.pop()
            self._handler(node)(s, flow, a, ctx)


def _step_json(step: Any) -> dict[str, Any]:
    """An effect step as JSON (snapshots): the node in its canonical object form."""
    out: dict[str, Any] = {"kind": step.kind, "node": step.node.to_raw()}
    ctx: Ctx = step.ctx
    out["ctx"] = {
        "seat": ctx.seat,
        "source": ctx.source,
        "chooser": ctx.chooser,
        "it": _lists(ctx.it),
        "x": ctx.x,
        "extra": [[k, _lists(v)] for k, v in ctx.extra],
    }
    if hasattr(step, "open"):
        out["open"] = list(step.open)
    return out


def _lists(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_lists(v) for v in value]
    if isinstance(value, dict):
        return {k: _lists(v) for k, v in value.items()}
    return value


def _tuples(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return tuple(_tuples(v) for v in value)
    return value


def _thaw(step: Any, runtime: EffectRuntime) -> None:
    """Rebuild the node and context of an effect step read back from JSON."""
    if not isinstance(step.node, Node):
        object.__setattr__(step, "node", runtime.language.parse(_lists(step.node)))
    if isinstance(step.ctx, Mapping):
        raw = dict(step.ctx)
        raw["it"] = _tuples(raw.get("it"))
        raw["extra"] = tuple((k, _tuples(v)) for k, v in raw.get("extra") or ())
        object.__setattr__(step, "ctx", Ctx(**raw))


def _options(node: Node) -> list[Any]:
    args: Any = node.args
    return list(args.options)


def _runtime_steps(
    language: EffectLanguage, kinds: Kinds, rule: str, prompt: str, kind: str = "effect"
) -> EffectRuntime:
    runtime: EffectRuntime

    class RunEffect(AutoStep):
        kind = "effect"
        node: Node
        ctx: Ctx = Ctx()

        def __post_init__(self) -> None:
            _thaw(self, runtime)

        def run(self, s: Any, flow: Flow) -> None:
            runtime.run(s, flow, self.node, self.ctx)

        def to_json(self) -> dict[str, Any]:
            return _step_json(self)

    class ChooseOption(DecisionStep):
        kind = "effect_choice"
        node: Node
        ctx: Ctx
        open: tuple[int, ...]

        def __post_init__(self) -> None:
            _thaw(self, runtime)

        def to_json(self) -> dict[str, Any]:
            return _step_json(self)

        def actor(self, s: Any) -> int:
            seat = self.ctx.chooser if self.ctx.chooser is not None else self.ctx.seat
            if seat is None:
                raise NotImplementedError("a choice needs ctx.chooser or ctx.seat")
            return seat

        def legal(self, s: Any) -> list[Action]:
            options = _options(self.node)
            return [Action(f"choose:{i}", options[i].args.label) for i in self.open]

        def apply(self, s: Any, flow: Flow, action: Action) -> None:
            k = int(action.id.partition(":")[2])
            option = _options(self.node)[k]
            flow.emit("chose", "{label}", label=option.args.label, option=k)
            flow.replace(*runtime.steps(option.args.then, self.ctx))

    RunEffect.rule = ChooseOption.rule = rule
    RunEffect.kind = kind
    ChooseOption.kind = f"{kind}_choice"
    ChooseOption.prompt = prompt
    run_cls = kinds.step(dataclass(frozen=True, slots=True)(RunEffect))
    choice_cls = kinds.step(dataclass(frozen=True, slots=True)(ChooseOption))
    runtime = EffectRuntime(language, run_cls, choice_cls)
    return runtime
