"""The nodes of the effect language: what a parsed expression is, how it prints.

A :class:`Node` is one validated ``{op, args}`` node (its op's name, its category and an
instance of the op's :class:`Args` model); :func:`render` writes a node back in the
authoring form. The language that parses and validates nodes is
:class:`oneiros.core.effects.EffectLanguage`; running them is ``effects_runtime.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict

CATEGORIES: tuple[str, ...] = (
    "effect",
    "cost",
    "condition",
    "selector",
    "amount",
    "trigger",
    "modifier",
    "option",
)
"""The categories every language knows; a language may add its own."""

_ARTICLE = {"effect": "an effect", "amount": "an amount", "option": "an option"}


def _a(category: str) -> str:
    return _ARTICLE.get(category, f"a {category}")


class LanguageError(ValueError):
    """An expression that does not validate; the message is one line."""


class Args(BaseModel):
    """Base of an op's argument model: frozen, no unknown argument.

    Positional arguments of the authoring form fill the fields in declaration order; a
    model with ``variadic = "name"`` collects every positional argument into that list
    field (``all(a, b, c)``).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")
    variadic: ClassVar[str | None] = None


class NoArgs(Args):
    """An op without arguments (``seal_this``, ``self``)."""


@dataclass(frozen=True, slots=True)
class Node:
    """One validated node: the op's name, its category and its argument model instance."""

    op: str
    category: str
    args: Args = field(default_factory=NoArgs)

    def to_raw(self) -> dict[str, Any]:
        """The canonical object form (JSON-ready)."""
        out: dict[str, Any] = {"op": self.op}
        for name in type(self.args).model_fields:
            value = getattr(self.args, name)
            out[name] = _raw(value)
        return out

    def children(self) -> Iterator[Node]:
        """The nodes directly inside this one's arguments."""
        for name in type(self.args).model_fields:
            yield from _nodes_in(getattr(self.args, name))

    def walk(self) -> Iterator[Node]:
        """This node and every node below it, depth first."""
        yield self
        for child in self.children():
            yield from child.walk()

    def __str__(self) -> str:
        return render(self)


def _raw(value: Any) -> Any:
    if isinstance(value, Node):
        return value.to_raw()
    if isinstance(value, BaseModel):
        return {k: _raw(getattr(value, k)) for k in type(value).model_fields}
    if isinstance(value, list | tuple):
        return [_raw(v) for v in value]
    if isinstance(value, dict):
        return {k: _raw(v) for k, v in value.items()}
    if isinstance(value, frozenset | set):
        return sorted(_raw(v) for v in value)
    return value


def _nodes_in(value: Any) -> Iterator[Node]:
    if isinstance(value, Node):
        yield value
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _nodes_in(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _nodes_in(v)
    elif isinstance(value, BaseModel):
        for k in type(value).model_fields:
            yield from _nodes_in(getattr(value, k))


def render(value: Any) -> str:
    """A node (or amount) in the authoring form: ``seal(2, who=in_range(2))``."""
    if isinstance(value, Node):
        if value.op == "seq":
            return render(list(value.args.do))  # type: ignore[attr-defined]
        fields = type(value.args).model_fields
        if not fields:
            return value.op
        parts: list[str] = []
        for name, info in fields.items():
            v = getattr(value.args, name)
            if not info.is_required() and v == info.default:
                continue
            if type(value.args).variadic == name:
                parts.extend(render(item) for item in v)
            else:
                parts.append(f"{name}={render(v)}")
        return f"{value.op}({', '.join(parts)})"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(render(v) for v in value) + "]"
    if isinstance(value, str):
        return repr(value)
    return str(value)
