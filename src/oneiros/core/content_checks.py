"""The checks every pack gets: cross-references resolve, effects are supported.

A record is walked along its type annotations: every value of a field typed
``Annotated[str, Ref("kind")]`` (inside lists, tuples, sets, dicts and effect-op
arguments) must name a record of that kind (:func:`_check_refs`); every effect node inside
it (:func:`nodes`) must be an op that play supports (:func:`_check_support`, a warning).
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Annotated, Any, Union

from pydantic import BaseModel

from .content_records import Problem, Ref
from .effects import EffectLanguage, Node

if TYPE_CHECKING:
    from .content import Catalog


def _refs(value: Any, annotation: Any, path: str) -> Iterator[tuple[str, str, Any]]:
    """(path, kind, value) for every Ref-annotated value inside ``value``."""
    origin = typing.get_origin(annotation)
    if origin is Annotated:
        base, *meta = typing.get_args(annotation)
        for m in meta:
            if isinstance(m, Ref) and isinstance(value, str | int) and not isinstance(value, bool):
                yield path, m.kind, value
                return
        yield from _refs(value, base, path)
        return
    if value is None:
        return
    if isinstance(value, Node):
        yield from _refs(value.args, type(value.args), path)
        return
    if isinstance(value, BaseModel):
        for name, info in type(value).model_fields.items():
            ann: Any = info.annotation
            if info.metadata:
                ann = Annotated.__class_getitem__((ann, *info.metadata))  # type: ignore[attr-defined]
            yield from _refs(getattr(value, name), ann, f"{path}.{name}" if path else name)
        return
    if origin in (Union, types.UnionType):
        seen: set[tuple[str, str, Any]] = set()
        for arg in typing.get_args(annotation):
            for hit in _refs(value, arg, path):
                if hit not in seen:
                    seen.add(hit)
                    yield hit
        return
    args = typing.get_args(annotation)
    if isinstance(value, list | tuple | set | frozenset) and not isinstance(value, str):
        items = sorted(value, key=repr) if isinstance(value, set | frozenset) else value
        for i, item in enumerate(items):
            if origin is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
                ann = args[i] if i < len(args) else Any
            else:
                ann = args[0] if args else Any
            yield from _refs(item, ann, f"{path}[{i}]")
        return
    if isinstance(value, Mapping):
        k_ann, v_ann = args if len(args) == 2 else (Any, Any)
        for k, v in value.items():
            yield from _refs(k, k_ann, f"{path}[{k}]")
            yield from _refs(v, v_ann, f"{path}[{k}]")
        return


def _check_refs(catalog: Catalog) -> Iterator[Problem]:
    for loc in catalog.located():
        for path, kind, value in _refs(loc.record, type(loc.record), ""):
            if kind not in catalog._records:
                yield Problem(loc.file, f"{loc.entry}.{path}", f"refers to unknown kind {kind!r}")
            elif not catalog.known(kind, value):
                known = catalog.ids(kind)
                shown = ", ".join(known[:12]) + (", ..." if len(known) > 12 else "")
                yield Problem(
                    loc.file,
                    f"{loc.entry}.{path}",
                    f"{value!r} names no {kind} (known: {shown or 'none'})",
                )


def nodes(record: BaseModel) -> Iterator[tuple[str, Node]]:
    """Every effect node inside a record, with its path (for checks over effects)."""
    yield from _nodes(record, "")


def _nodes(value: Any, path: str) -> Iterator[tuple[str, Node]]:
    if isinstance(value, Node):
        yield path, value
        for name in type(value.args).model_fields:
            yield from _nodes(getattr(value.args, name), f"{path}.{name}")
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from _nodes(getattr(value, name), f"{path}.{name}" if path else name)
    elif isinstance(value, list | tuple):
        for i, v in enumerate(value):
            yield from _nodes(v, f"{path}[{i}]")
    elif isinstance(value, Mapping):
        for k, v in value.items():
            yield from _nodes(v, f"{path}[{k}]")


def _check_support(catalog: Catalog, language: EffectLanguage | None) -> Iterator[Problem]:
    if language is None:
        return
    for loc in catalog.located():
        for path, node in nodes(loc.record):
            spec = language.spec(node.op, node.category)
            if spec is not None and not spec.supported:
                yield Problem(
                    loc.file, f"{loc.entry}.{path}", f"{node.op} is not supported yet", "warning"
                )
