"""The plain Python kernel: the functions of ``kernel_*.py`` specialised for CPython.

numba compiles the kernel's source as it is; CPython runs it much slower than it could,
because the source is written for a compiler: every layout offset is a module constant
(a global look-up each time), and the small helpers (``top``, ``row``, ``push``,
``push_frame``...) cost a Python call each, some ten thousand calls a game. ``build``
rewrites each function's syntax tree before compiling it, without changing what it does:

- a name that is an integer (or a tuple of integers) of the kernel's modules and not a
  local variable of the function becomes that constant;
- a call of a *pure expression helper* (a function whose body is ``return <expression>``
  over its arguments, reads of ``S`` and other such helpers) is replaced by the
  expression, its arguments put in place of the parameters (only when every argument is
  itself pure, so nothing is evaluated in another order or a different number of times
  that could matter);
- a call used as a statement of a small *procedure* (no ``return`` in its body, at most
  ``PROC_NODES`` nodes) is replaced by its body, its locals renamed apart, each argument
  that is not a plain name or constant evaluated once, in order, into a fresh local first;
- the integer constants of a sum that must be an integer (an index of ``S``, an argument
  of ``range``, an assignment in a function that computes integers only) are added up
  into one, products of constants included (``1546 + p * 799 + 15 + 2 * 98`` becomes
  ``p * 799 + 1757``).

Each specialised function keeps the syntax tree CPython runs in ``specialised_tree``.

The result plays exactly the same games as the source (``tests/lucidity/test_kernel_*``
compare them); ``kernel.py`` uses it for the "python" backend, built with the plain
Python turns of ``kernel_pyturn`` and ``kernel_pynight`` and the frame loop of
``kernel_pystep`` (CPython only: its ``advance`` takes the place of ``kernel_step.advance``,
see ``build``'s ``overrides``).
"""

from __future__ import annotations

import ast
import copy
import inspect
import itertools
import types
from typing import Any

PROC_NODES = 160
"""The largest procedure (in syntax-tree nodes) inlined where it is called."""
PURE_BUILTINS = frozenset({"min", "max", "abs"})
_PURE_NODES = (
    ast.Name,
    ast.Constant,
    ast.BinOp,
    ast.UnaryOp,
    ast.BoolOp,
    ast.Compare,
    ast.IfExp,
    ast.Subscript,
    ast.Tuple,
    ast.Load,
    ast.operator,
    ast.unaryop,
    ast.boolop,
    ast.cmpop,
    ast.Slice,
)


_MISSING = object()


class _Func:
    """One kernel function: its syntax tree, module namespace and how it may be inlined."""

    def __init__(self, fn: types.FunctionType, tree: ast.FunctionDef, ns: dict[str, Any]):
        self.fn = fn
        self.tree = tree
        self.ns = ns
        self.params = [a.arg for a in tree.args.args]
        body = _strip_docstring(tree.body)
        self.body = body
        plain_args = (
            not tree.args.defaults
            and not tree.args.kwonlyargs
            and tree.args.vararg is None
            and tree.args.kwarg is None
        )
        self.expr: ast.expr | None = None
        if plain_args and len(body) == 1 and isinstance(body[0], ast.Return) and body[0].value:
            self.expr = body[0].value
        self.proc = (
            plain_args
            and self.expr is None
            and not any(isinstance(n, ast.Return | ast.Global | ast.Nonlocal) for n in _walk(body))
            and sum(1 for _ in _walk(body)) <= PROC_NODES
        )
        self.done = False


def _strip_docstring(body: list[ast.stmt]) -> list[ast.stmt]:
    first = body[0] if body else None
    value = first.value if isinstance(first, ast.Expr) else None
    if isinstance(value, ast.Constant) and isinstance(value.value, str):
        return body[1:] or [ast.Pass()]
    return body


def _walk(body: list[ast.stmt]) -> Any:
    for stmt in body:
        yield from ast.walk(stmt)


def _locals(tree: ast.FunctionDef) -> set[str]:
    names = {a.arg for a in tree.args.args}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
            names.add(node.id)
    return names


def _constant(value: Any) -> bool:
    if type(value) is int:
        return True
    return type(value) is tuple and all(type(v) is int for v in value)


class _Specialiser(ast.NodeTransformer):
    """Rewrites one function body (see the module docs)."""

    def __init__(self, table: dict[Any, _Func], func: _Func, counter: itertools.count[int]):
        self.table = table
        self.func = func
        self.ns = func.ns
        self.local = _locals(func.tree)
        self.counter = counter
        self.integers = _integers_only(func)

    def visit_Assign(self, node: ast.Assign) -> Any:
        self.generic_visit(node)
        if self.integers and isinstance(node.value, ast.BinOp):
            node.value = _fold_sum(node.value)
        return node

    # ----- names and constants -----------------------------------------------------------
    def visit_Name(self, node: ast.Name) -> ast.expr:
        if isinstance(node.ctx, ast.Load) and node.id not in self.local:
            value = self.ns.get(node.id)
            if _constant(value):
                return ast.copy_location(ast.Constant(value), node)
        return node

    def _callee(self, node: ast.expr) -> _Func | None:
        if isinstance(node, ast.Name) and node.id not in self.local:
            target = self.ns.get(node.id)
            if isinstance(target, types.FunctionType):
                return self.table.get(target)
        return None

    def _pure(self, node: ast.expr) -> bool:
        for sub in ast.walk(node):
            if isinstance(sub, ast.Call):
                if not (
                    isinstance(sub.func, ast.Name)
                    and (sub.func.id in PURE_BUILTINS and sub.func.id not in self.ns)
                    and not sub.keywords
                ):
                    return False
            elif isinstance(sub, ast.Subscript):
                if not isinstance(sub.ctx, ast.Load):
                    return False
            elif not isinstance(sub, _PURE_NODES) and not (
                isinstance(sub, ast.expr_context) or sub is node
            ):
                return False
        return True

    def _shares_names(self, callee: _Func, body: list[Any]) -> bool:
        """Whether the free names of ``body`` (a helper's) mean the same here: they are
        looked up in this function's namespace once inlined (a name missing here is
        added; a local of this function or another object under the name forbids it)."""
        own = _locals(callee.tree)
        for sub in _walk(body):
            if isinstance(sub, ast.Name) and sub.id not in own:
                if sub.id in self.local:
                    return False
                there = callee.ns.get(sub.id, _MISSING)
                here = self.ns.get(sub.id, _MISSING)
                if here is _MISSING:
                    if there is not _MISSING:
                        self.ns[sub.id] = there
                elif here is not there:
                    return False
        return True

    # ----- integer offsets ---------------------------------------------------------------------
    def visit_Subscript(self, node: ast.Subscript) -> ast.expr:
        self.generic_visit(node)
        node.slice = _fold_sum(node.slice)
        return node

    # ----- expression helpers ------------------------------------------------------------------
    def visit_Call(self, node: ast.Call) -> ast.expr:
        self.generic_visit(node)
        if (
            isinstance(node.func, ast.Name)
            and node.func.id == "range"
            and "range" not in self.ns
            and "range" not in self.local
        ):
            node.args = [_fold_sum(a) for a in node.args]
            return node
        callee = self._callee(node.func)
        if callee is None or callee.expr is None or node.keywords:
            return node
        if len(node.args) != len(callee.params):
            return node
        if not all(self._pure(a) for a in node.args):
            return node
        _specialise(self.table, callee, self.counter)
        assert callee.expr is not None
        if not self._pure(callee.expr):
            return node
        if not self._shares_names(callee, [callee.expr]):
            return node
        mapping = dict(zip(callee.params, node.args, strict=True))
        return ast.copy_location(_Substitute(mapping).visit(copy.deepcopy(callee.expr)), node)

    # ----- procedures ----------------------------------------------------------------------------
    def visit_Expr(self, node: ast.Expr) -> Any:
        self.generic_visit(node)
        call = node.value
        if not isinstance(call, ast.Call) or call.keywords:
            return node
        callee = self._callee(call.func)
        if callee is None or not callee.proc or callee is self.func:
            return node
        if len(call.args) != len(callee.params):
            return node
        _specialise(self.table, callee, self.counter)
        if not self._shares_names(callee, callee.body):
            return node
        tag = f"_i{next(self.counter)}_"
        assigned = _locals(callee.tree) - set(callee.params)
        for name in callee.params:
            if any(
                isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load)
                for n in _walk(callee.body)
            ):
                assigned.add(name)
        mapping: dict[str, ast.expr] = {}
        out: list[ast.stmt] = []
        for name, arg in zip(callee.params, call.args, strict=True):
            if name not in assigned and (
                isinstance(arg, ast.Constant)
                or (isinstance(arg, ast.Name) and arg.id in self.local)
            ):
                mapping[name] = arg
            else:
                temp = tag + name
                if self.integers and isinstance(arg, ast.BinOp):
                    arg = _fold_sum(arg)
                out.append(
                    ast.copy_location(
                        ast.Assign(targets=[ast.Name(temp, ast.Store())], value=arg), node
                    )
                )
                mapping[name] = ast.Name(temp, ast.Load())
                self.local.add(temp)
        for name in assigned:
            if name not in mapping:
                mapping[name] = ast.Name(tag + name, ast.Load())
                self.local.add(tag + name)
        body = [_Substitute(mapping).visit(copy.deepcopy(s)) for s in callee.body]
        out.extend(s for s in body if not isinstance(s, ast.Pass))
        return out or [ast.Pass()]


def _integers_only(func: _Func) -> bool:
    """Whether every value the function computes is an integer, so that a sum's constants
    may be added up in any order: no division, no float constant and not the heuristic's
    module (its scores are floats)."""
    if func.fn.__module__.endswith("kernel_policy"):
        return False
    for node in ast.walk(func.tree):
        if isinstance(node, ast.Div) or (
            isinstance(node, ast.Constant) and isinstance(node.value, float)
        ):
            return False
    return True


def _terms(node: ast.expr, sign: int, out: list[tuple[int, ast.expr]]) -> None:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Sub):
        _terms(node.left, sign, out)
        _terms(node.right, sign if isinstance(node.op, ast.Add) else -sign, out)
    else:
        value = _int_value(node)
        out.append((sign, node if value is None else ast.Constant(value)))


def _int_value(node: ast.expr) -> int | None:
    """The value of an expression of integer constants (``(3 + 1) * 98``), else None."""
    if isinstance(node, ast.Constant):
        return node.value if type(node.value) is int else None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult | ast.Add | ast.Sub):
        left, right = _int_value(node.left), _int_value(node.right)
        if left is not None and right is not None:
            if isinstance(node.op, ast.Mult):
                return left * right
            return left + right if isinstance(node.op, ast.Add) else left - right
    return None


def _fold_sum(node: ast.expr) -> ast.expr:
    """A sum or difference that must be an integer (an index of ``S`` or an argument of
    ``range``: the source would fail otherwise) with its integer constants added up into
    one, the other terms kept in their order: ``1546 + p * 788 + 4 + 196 + 1`` becomes
    ``p * 788 + 1747`` (Python folds constants only when they are next to each other)."""
    terms: list[tuple[int, ast.expr]] = []
    _terms(node, 1, terms)
    constant = 0
    rest: list[tuple[int, ast.expr]] = []
    for sign, term in terms:
        if isinstance(term, ast.Constant) and type(term.value) is int:
            constant += sign * term.value
        else:
            rest.append((sign, term))
    if len(terms) - len(rest) < 2 and (constant or len(terms) == len(rest)):
        return node
    if not rest:
        return ast.copy_location(ast.Constant(constant), node)
    sign, first = rest[0]
    out: ast.expr = first if sign > 0 else ast.UnaryOp(ast.USub(), first)
    for sign, term in rest[1:]:
        out = ast.BinOp(out, ast.Add() if sign > 0 else ast.Sub(), term)
    if constant:
        out = ast.BinOp(out, ast.Add() if constant > 0 else ast.Sub(), ast.Constant(abs(constant)))
    return ast.copy_location(out, node)


class _Substitute(ast.NodeTransformer):
    """Puts expressions (or renamed locals) in place of names."""

    def __init__(self, mapping: dict[str, ast.expr]):
        self.mapping = mapping

    def visit_Name(self, node: ast.Name) -> ast.expr:
        new = self.mapping.get(node.id)
        if new is None:
            return node
        if isinstance(new, ast.Name):
            return ast.copy_location(ast.Name(new.id, node.ctx), node)
        return copy.deepcopy(new)


def _specialise(table: dict[Any, _Func], func: _Func, counter: itertools.count[int]) -> None:
    if func.done:
        return
    func.done = True  # a recursive helper is left as a call
    tree = func.tree
    tree.body = func.body
    for arg in tree.args.args:
        arg.annotation = None
    tree.returns = None
    tree.decorator_list = []
    _Specialiser(table, func, counter).visit(tree)
    func.body = tree.body
    ret = tree.body[0] if len(tree.body) == 1 else None
    if func.expr is not None and isinstance(ret, ast.Return) and ret.value is not None:
        func.expr = ret.value


def build(
    modules: tuple[types.ModuleType, ...],
    overrides: dict[str, Any] | None = None,
) -> dict[Any, types.FunctionType]:
    """The specialised function of each kernel function (keyed by the original).
    ``overrides``: names given another value (a function of ``modules``, an integer) in
    every module that has them, before specialising (the plain Python kernel's
    ``advance`` and ``end_turn``)."""
    table: dict[Any, _Func] = {}
    namespaces = {m.__name__: dict(vars(m)) for m in modules}
    for ns in namespaces.values():
        for name, value in (overrides or {}).items():
            if name in ns and ns[name] is not value:
                ns[name] = value
    for module in modules:
        tree = ast.parse(inspect.getsource(module))
        ns = namespaces[module.__name__]
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                fn = vars(module).get(node.name)
                if isinstance(fn, types.FunctionType) and fn.__module__ == module.__name__:
                    table[fn] = _Func(fn, node, ns)
    counter = itertools.count()
    for func in table.values():
        _specialise(table, func, counter)
    out: dict[Any, types.FunctionType] = {}
    for fn, func in table.items():
        module_tree = ast.Module(body=[func.tree], type_ignores=[])
        ast.fix_missing_locations(module_tree)
        code = compile(module_tree, str(fn.__code__.co_filename), "exec")
        scope: dict[str, Any] = {}
        exec(code, func.ns, scope)  # the kernel's own source, rewritten
        new = scope[fn.__name__]
        new.__qualname__ = fn.__qualname__
        new.specialised_tree = func.tree  # the syntax tree CPython runs (``ast.unparse``)
        out[fn] = new
    for ns in namespaces.values():
        for name, value in list(ns.items()):
            if isinstance(value, types.FunctionType) and value in out:
                ns[name] = out[value]
    return out
