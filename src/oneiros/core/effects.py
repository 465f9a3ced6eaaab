"""The effect language: what a card, tile or script does, written as data and checked on load.

An effect is a tree of ``{op, args}`` nodes. Every op belongs to one *category* (an effect,
a cost, a condition, a selector, an amount, a trigger, a modifier, an option) and registers
a pydantic model of its arguments, so a card with an unknown op or a bad argument is a
content error that names the card, never a surprise in play.

Two spellings give the same nodes:

- the canonical object form, for JSON packs and tools::

      {"op": "seal", "n": 2, "who": {"op": "in_range", "n": 2}}

- the authoring form, a restricted subset of Python expressions parsed with
  ``ast.parse(text, mode="eval")`` and never evaluated (calls, names, integers, strings,
  lists, keyword arguments, ``+ - *`` and unary ``-``)::

      seal(2, who=in_range(2))

Python keywords are spelled ``when`` (if), ``otherwise`` (else), ``no`` (not) and ``done``
(pass). A list where one effect is expected is a sequence. The core registers the
composites every game shares (``seq``, ``choose``/``option``, ``when``, ``repeat``,
``for_each``, ``done``; ``all``, ``any``, ``no`` for conditions; amount arithmetic); a game
registers its own ops on its :class:`EffectLanguage`.

A record field holding an expression is typed ``Annotated[Node, Expr("effect")]``; the
catalog (``core/content.py``) validates it with the pack's language.

This module holds the language (registration, parsing, validation, the core composites);
the nodes themselves (:class:`Node`, :class:`Args`, :func:`render`) are in
``effects_nodes.py`` and running them as flow steps (:class:`Ctx`, :class:`EffectRuntime`)
in ``effects_runtime.py``. Everything is importable from here.
"""

from __future__ import annotations

import ast
import difflib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, TypeVar

from pydantic import ValidationError, ValidationInfo
from pydantic_core import PydanticCustomError, core_schema

from .effects_nodes import CATEGORIES, Args, LanguageError, NoArgs, Node, _a, _raw, render
from .effects_runtime import COMPOSITES, Ctx, EffectRuntime, _runtime_steps
from .flow import Kinds
from .i18n import plural


@dataclass(frozen=True)
class OpSpec:
    """A registered op: name, category, argument model, and whether play supports it yet."""

    name: str
    category: str
    args: type[Args]
    doc: str = ""
    supported: bool = True

    def signature(self) -> str:
        names = list(self.args.model_fields)
        return ", ".join(names)


A = TypeVar("A", bound=type[Args])


class EffectLanguage:
    """The ops of one game, by category, with the core composites built in."""

    def __init__(self, name: str, categories: Sequence[str] = CATEGORIES) -> None:
        self.name = name
        self.categories: tuple[str, ...] = tuple(dict.fromkeys((*CATEGORIES, *categories)))
        self._ops: dict[tuple[str, str], OpSpec] = {}
        self.handlers: dict[tuple[str, str], Callable[..., Any]] = {}
        _register_core(self)

    # -- registration -------------------------------------------------------------------

    def register(
        self,
        name: str,
        category: str,
        args: type[Args] = NoArgs,
        doc: str = "",
        supported: bool = True,
    ) -> OpSpec:
        """Register op ``name`` in ``category`` with its argument model."""
        if category not in self.categories:
            raise ValueError(f"unknown category {category!r} (known: {', '.join(self.categories)})")
        if (category, name) in self._ops:
            raise ValueError(f"{name} is already {_a(category)} of {self.name}")
        if not issubclass(args, Args):
            raise TypeError(f"the arguments of {name} must subclass effects.Args")
        spec = OpSpec(name, category, args, doc or (args.__doc__ or "").strip(), supported)
        self._ops[(category, name)] = spec
        return spec

    def op(
        self, name: str, category: str = "effect", doc: str = "", supported: bool = True
    ) -> Callable[[A], A]:
        """Class decorator: ``@lang.op("seal")`` over the op's ``Args`` model."""

        def deco(model: A) -> A:
            self.register(name, category, model, doc, supported)
            return model

        return deco

    def ops(self, category: str | None = None) -> list[OpSpec]:
        """Registered ops (of one category), sorted by name."""
        return sorted(
            (s for s in self._ops.values() if category is None or s.category == category),
            key=lambda s: (s.category, s.name),
        )

    def spec(self, name: str, category: str) -> OpSpec | None:
        return self._ops.get((category, name))

    def schema(self) -> dict[str, Any]:
        """The language as data (editors, tools, docs): per category, each op's JSON Schema."""
        out: dict[str, Any] = {"language": self.name, "categories": {}}
        for spec in self.ops():
            out["categories"].setdefault(spec.category, {})[spec.name] = {
                "doc": spec.doc,
                "supported": spec.supported,
                "arguments": list(spec.args.model_fields),
                "variadic": spec.args.variadic,
            }
        return out

    # -- parsing and validation -----------------------------------------------------------

    def parse(self, value: Any, category: str = "effect") -> Any:
        """Validate ``value`` (authoring string, canonical object, list or constant) as
        ``category``: a :class:`Node`, or an ``int`` for a constant amount. Raises
        :class:`LanguageError` with a one-line message."""
        if isinstance(value, str) and (category != "amount" or not value.strip().isdigit()):
            value = self._from_text(value, category)
        return self._validate(value, category, "")

    def _from_text(self, text: str, category: str) -> Any:
        src = text.strip()
        if not src:
            raise LanguageError(f"empty expression, {_a(category)} is expected here")
        try:
            tree = ast.parse(src, mode="eval")
        except SyntaxError as exc:
            col = f"col {exc.offset}: " if exc.offset else ""
            raise LanguageError(f"{col}not a valid expression ({exc.msg})") from None
        return self._convert(tree.body)

    def _convert(self, node: ast.AST) -> Any:
        col = getattr(node, "col_offset", 0) + 1
        if isinstance(node, ast.Constant) and isinstance(node.value, int | str):
            if isinstance(node.value, bool):
                raise LanguageError(f"col {col}: write booleans as 1 or 0")
            return node.value
        if isinstance(node, ast.Name):
            return {"op": node.id, "@col": col}
        if isinstance(node, ast.List):
            return [self._convert(e) for e in node.elts]
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            inner = self._convert(node.operand)
            return -inner if isinstance(inner, int) else {"op": "neg", "a": inner, "@col": col}
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Sub | ast.Mult):
            op = {ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul"}[type(node.op)]
            return {
                "op": op,
                "a": self._convert(node.left),
                "b": self._convert(node.right),
                "@col": col,
            }
        if isinstance(node, ast.Call):
            if not isinstance(node.func, ast.Name):
                raise LanguageError(f"col {col}: only a plain name can be called")
            out: dict[str, Any] = {"op": node.func.id, "@col": col}
            if node.args:
                out["@pos"] = [self._convert(a) for a in node.args]
            for kw in node.keywords:
                if kw.arg is None:
                    raise LanguageError(f"col {col}: ** is not part of the language")
                out[kw.arg] = self._convert(kw.value)
            return out
        what = type(node).__name__
        hint = ""
        if isinstance(node, ast.IfExp | ast.Compare | ast.BoolOp):
            hint = " (write when(...), all(...), any(...), no(...))"
        raise LanguageError(f"col {col}: {what} is not part of the effect language{hint}")

    def _known(self, category: str) -> str:
        names = sorted(s.name for s in self._ops.values() if s.category == category)
        return ", ".join(names)

    def _validate(self, value: Any, category: str, where: str) -> Any:
        at = f"{where}: " if where else ""
        if isinstance(value, list):
            if category != "effect":
                raise LanguageError(f"{at}a list is not {_a(category)}")
            value = {"op": "seq", "do": value}
        if isinstance(value, bool):
            raise LanguageError(f"{at}{value!r} is not {_a(category)}")
        if isinstance(value, int):
            if category == "amount":
                return value
            raise LanguageError(f"{at}the number {value} is not {_a(category)}")
        if isinstance(value, str):
            value = {"op": value}
        if not isinstance(value, Mapping):
            raise LanguageError(f"{at}{value!r} is not {_a(category)}")
        raw = dict(value)
        col = raw.pop("@col", None)
        pos = raw.pop("@pos", [])
        name = raw.pop("op", None)
        if name == "if":
            name = "when"
        here = f"{at}col {col}: " if col else at
        if not isinstance(name, str):
            raise LanguageError(f"{here}a node needs an 'op' naming what it does")
        spec = self._ops.get((category, name))
        if spec is None:
            others = [s for s in self._ops.values() if s.name == name]
            if others:
                kinds = " and ".join(sorted({_a(s.category) for s in others}))
                raise LanguageError(f"{here}{name} is {kinds}, {_a(category)} is expected here")
            close = difflib.get_close_matches(
                name, [s.name for s in self._ops.values() if s.category == category], n=1
            )
            hint = f"did you mean {close[0]}? " if close else ""
            raise LanguageError(
                f"{here}unknown {category} {name!r} ({hint}known: "
                f"{self._known(category) or 'none'})"
            )
        model = spec.args
        fields = list(model.model_fields)
        if pos:
            if model.variadic is not None:
                if model.variadic in raw:
                    raise LanguageError(f"{here}{name}(): {model.variadic} given twice")
                raw[model.variadic] = pos
            else:
                if len(pos) > len(fields):
                    raise LanguageError(
                        f"{here}{name}(): takes at most {len(fields)} positional "
                        f"{plural(len(fields), 'argument', 'arguments')}"
                        f" ({spec.signature() or 'none'}), {len(pos)} given"
                    )
                for fname, v in zip(fields, pos, strict=False):
                    if fname in raw:
                        raise LanguageError(f"{here}{name}(): {fname} given twice")
                    raw[fname] = v
        for key in raw:
            if key not in model.model_fields:
                raise LanguageError(
                    f"{here}{name}(): unknown argument {key!r} (arguments: "
                    f"{spec.signature() or 'none'})"
                )
        try:
            args = model.model_validate(raw, context={"language": self})
        except ValidationError as exc:
            # a problem inside a nested expression of the text already names its column:
            # it is reported as it is; any other names this op and the argument
            placed, problems = [], []
            for err in exc.errors():
                msg = err["msg"]
                if msg.startswith("col "):
                    placed.append(msg)
                    continue
                loc = ".".join(str(p) for p in err["loc"])
                problems.append(f"{loc}: {msg}" if loc else msg)
            parts = placed + ([f"{here}{name}(): " + "; ".join(problems)] if problems else [])
            raise LanguageError("; ".join(parts)) from None
        return Node(name, category, args)

    # -- execution hooks ------------------------------------------------------------------

    def runtime(
        self, kinds: Kinds, rule: str, prompt: str = "Choose one", kind: str = "effect"
    ) -> EffectRuntime:
        """Register the effect steps in a game's ``Kinds`` (citing ``rule``) and return the
        :class:`EffectRuntime` that compiles nodes to them. ``kind`` names the steps
        (``<kind>`` and ``<kind>_choice``; by default ``effect`` and ``effect_choice``), so
        that a game whose effects belong to several rules registers one runtime per rule."""
        return _runtime_steps(self, kinds, rule, prompt, kind)

    def handler(self, name: str, category: str = "effect") -> Callable[[Callable[..., Any]], Any]:
        """Decorator registering how op ``name`` runs (see :func:`run_effect`)."""
        if (category, name) not in self._ops:
            raise ValueError(f"{name} is not {_a(category)} of {self.name}")

        def deco(fn: Callable[..., Any]) -> Callable[..., Any]:
            self.handlers[(category, name)] = fn
            return fn

        return deco


@dataclass(frozen=True)
class Expr:
    """Field annotation: ``Annotated[Node, Expr("effect")]`` holds an expression of that
    category, validated with the language in the validation context (``context={"language":
    lang}``, given by the catalog) and serialised to the canonical object form."""

    category: str

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> core_schema.CoreSchema:
        category = self.category

        def validate(value: Any, info: ValidationInfo) -> Any:
            if isinstance(value, Node):
                if value.category != category:
                    raise PydanticCustomError(
                        "expr", "{msg}", {"msg": f"{value.op} is not {_a(category)}"}
                    )
                return value
            lang = (info.context or {}).get("language")
            if not isinstance(lang, EffectLanguage):
                raise PydanticCustomError(
                    "expr", "{msg}", {"msg": "no effect language to read this expression with"}
                )
            try:
                return lang.parse(value, category)
            except LanguageError as exc:
                raise PydanticCustomError("expr", "{msg}", {"msg": str(exc)}) from None

        return core_schema.with_info_plain_validator_function(
            validate,
            serialization=core_schema.plain_serializer_function_ser_schema(_raw),
        )

    def __get_pydantic_json_schema__(self, schema: Any, handler: Any) -> dict[str, Any]:
        return {
            "description": f"{_a(self.category)} of the effect language (text or object form)",
            "anyOf": [
                {"type": "string"},
                {"type": "object"},
                {"type": "array"},
                {"type": "integer"},
            ],
        }


# --------------------------------------------------------------------------------------
# The core composites
# --------------------------------------------------------------------------------------

Effect = Annotated[Node, Expr("effect")]
Condition = Annotated[Node, Expr("condition")]
Selector = Annotated[Node, Expr("selector")]
Amount = Annotated[int | Node, Expr("amount")]
Cost = Annotated[Node, Expr("cost")]
Option = Annotated[Node, Expr("option")]


class Seq(Args):
    """Do each effect in order."""

    variadic: ClassVar[str | None] = "do"
    do: list[Effect]


class Choose(Args):
    """Multiple choices: one option is chosen; an option whose requirement fails is not offered."""

    variadic: ClassVar[str | None] = "options"
    options: list[Option]


class OptionArgs(Args):
    """One option of ``choose``: a label, an optional requirement and what it does."""

    label: str
    requires: Condition | None = None
    then: Effect | None = None


class When(Args):
    """If the condition holds do ``then``, otherwise ``otherwise``."""

    cond: Condition
    then: Effect | None = None
    otherwise: Effect | None = None


class Repeat(Args):
    """Do the effect ``n`` times (``x``: as many times as the cost was paid)."""

    n: Amount
    do: Effect


class ForEach(Args):
    """Do the effect once for each target the selector picks, that target as ``it``."""

    sel: Selector
    do: Effect


class Conds(Args):
    variadic: ClassVar[str | None] = "items"
    items: list[Condition]


class Not(Args):
    cond: Condition


class BinArgs(Args):
    a: Amount
    b: Amount


class NegArgs(Args):
    a: Amount


def _register_core(lang: EffectLanguage) -> None:
    lang.register("seq", "effect", Seq)
    lang.register("choose", "effect", Choose)
    lang.register("option", "option", OptionArgs)
    lang.register("when", "effect", When)
    lang.register("repeat", "effect", Repeat)
    lang.register("for_each", "effect", ForEach)
    lang.register("done", "effect", NoArgs, "Nothing (Python's pass).")
    lang.register("all", "condition", Conds, "Every condition holds.")
    lang.register("any", "condition", Conds, "At least one condition holds.")
    lang.register("no", "condition", Not, "The condition does not hold (Python's not).")
    lang.register("add", "amount", BinArgs, "a + b")
    lang.register("sub", "amount", BinArgs, "a - b")
    lang.register("mul", "amount", BinArgs, "a * b")
    lang.register("neg", "amount", NegArgs, "-a")


__all__ = [
    "CATEGORIES",
    "COMPOSITES",
    "Amount",
    "Args",
    "Condition",
    "Cost",
    "Ctx",
    "Effect",
    "EffectLanguage",
    "EffectRuntime",
    "Expr",
    "LanguageError",
    "NoArgs",
    "Node",
    "OpSpec",
    "Option",
    "Selector",
    "render",
]
