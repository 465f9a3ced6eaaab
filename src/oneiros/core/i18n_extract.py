"""Finding the messages to translate in the source of the games and the front ends.

Message ids are extracted from the source (:func:`extract`): the second argument of every
``emit`` call and of ``Event``, the prompt of every ``Decision``, the label of every
``Action``, both forms of every ``plural(n, singular, plural)``
(:func:`oneiros.core.i18n.plural`), and the strings of the message tables a game names
(one name a line in its ``locale/tables.txt``): dict literals and functions whose string
values are prompts or labels. f-strings become ids with their expressions as placeholders
(``f"Take {name}"`` -> ``"Take {name}"``). The front ends' interface strings
(:func:`cli_messages`, :func:`web_messages`), a game's rule explanations
(:func:`rule_messages`) and its cards' names and texts (:func:`card_messages`) are found
here too. :mod:`oneiros.core.i18n` writes the catalogues from them and re-exports all of
this.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

EVENT_KEYWORDS = ("fmt", "public", "private")
"""Keyword arguments whose string is an event text, in any call (``zones.Table.move``)."""
KEYWORDS: dict[str, int] = {"emit": 1, "Event": 1, "Decision": 2, "Action": 1}
"""Calls whose argument at this (0-based) position is a message, as Babel's ``-k emit:2``."""
PLURAL = "plural"
"""``plural(n, singular, plural)``: both its string arguments are messages, wherever the
call is (an ``emit``'s text, an ``Event``'s, a step's ``prompt_text``)."""


def _template(node: ast.expr) -> str | None:
    """A string constant, or an f-string with its expressions as ``{placeholders}``;
    adjacent literals and ``+`` of those are joined."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        out = []
        for part in node.values:
            if isinstance(part, ast.Constant):
                out.append(str(part.value).replace("{", "{{").replace("}", "}}"))
            elif isinstance(part, ast.FormattedValue):
                out.append("{" + ast.unparse(part.value) + "}")
        return "".join(out)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _template(node.left), _template(node.right)
        if left is not None and right is not None:
            return left + right
    return None


def _templates(node: ast.expr) -> list[str]:
    """Like :func:`_template`, and ``"a " + ("b" if x else "c")`` gives both sentences."""
    if isinstance(node, ast.IfExp):
        return _templates(node.body) + _templates(node.orelse)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        lefts, rights = _templates(node.left), _templates(node.right)
        return [a + b for a in lefts for b in rights]
    text = _template(node)
    return [text] if text is not None else []


def _is_message(text: str) -> bool:
    """A sentence for people (not an id such as ``"choose_track"`` or a rule key)."""
    return " " in text.strip() or (text[:1].isupper() and text.isalpha())


def _flat(value: ast.expr) -> Iterator[ast.expr]:
    """The items of a tuple (of tuples: ``(("eaten", "eaten (Hunt row filled)"), ...)``)."""
    if isinstance(value, ast.Tuple):
        for item in value.elts:
            yield from _flat(item)
    else:
        yield value


def _table_strings(node: ast.AST) -> Iterator[tuple[str, int]]:
    """Messages among the values of a table: dict values, tuple items, assigned f-strings,
    returned strings."""
    if isinstance(node, ast.expr):
        text = _template(node)
        if text is not None and _is_message(text):
            yield text, node.lineno
    for sub in ast.walk(node):
        values: list[ast.expr] = []
        if isinstance(sub, ast.Dict):
            values = [v for v in sub.values if v is not None]
        elif isinstance(sub, ast.Assign | ast.Return) and sub.value is not None:
            values = [sub.value]
        for value in values:
            for item in _flat(value):
                text = _template(item)
                if text is not None and _is_message(text):
                    yield text, item.lineno


def extract_file(
    path: Path, tables: Iterable[str] = (), keywords: Mapping[str, int] | None = None
) -> Iterator[tuple[str, int]]:
    """``(message id, line)`` of every message in one source file: the arguments of the
    calls in ``keywords`` (name -> 0-based position; :data:`KEYWORDS` are always used) and
    the strings of the ``tables``, and the ``prompt`` of every flow step class."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    names = set(tables)
    calls = {**KEYWORDS, **(keywords or {})}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            pos = calls.get(name)
            if name == PLURAL:
                for form in node.args[1:3]:
                    for text in _templates(form):
                        if _is_message(text):
                            yield text, node.lineno
                continue
            # an event text handed to a move of pieces: ``table.move(..., fmt="...")``
            for k in node.keywords:
                if k.arg in EVENT_KEYWORDS:
                    for text in _templates(k.value):
                        if _is_message(text):
                            yield text, node.lineno
            if pos is None:
                continue
            arg: ast.expr | None = node.args[pos] if len(node.args) > pos else None
            if arg is None:
                kw = {"emit": "fmt", "Event": "fmt", "Decision": "prompt", "Action": "label"}
                arg = next((k.value for k in node.keywords if k.arg == kw.get(name)), None)
            for text in _templates(arg) if arg is not None else ():
                # the game calls also carry ids; an explicit gettext keyword is always a message
                if text and (name not in KEYWORDS or _is_message(text)):
                    yield text, node.lineno
        elif isinstance(node, ast.ClassDef):
            # a flow step's prompt: ``prompt = "..."`` in its class body
            for stmt in node.body:
                target = stmt.targets[0] if isinstance(stmt, ast.Assign) else None
                if isinstance(stmt, ast.AnnAssign):
                    target = stmt.target
                value = getattr(stmt, "value", None)
                if isinstance(target, ast.Name) and target.id == "prompt" and value is not None:
                    for text in _templates(value):
                        if text and _is_message(text):
                            yield text, stmt.lineno
        elif names and isinstance(node, ast.FunctionDef) and node.name in names:
            yield from _table_strings(node)
        elif names and isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                base = t.value if isinstance(t, ast.Subscript) else t
                if isinstance(base, ast.Name) and base.id in names and node.value is not None:
                    yield from _table_strings(node.value)


def extract(
    package_dir: Path, tables: Iterable[str] = (), keywords: Mapping[str, int] | None = None
) -> dict[str, list[tuple[str, int]]]:
    """Every message id of the ``.py`` files under ``package_dir`` (recursively) with where
    it is used (file relative to ``package_dir``, line)."""
    out: dict[str, list[tuple[str, int]]] = {}
    tables = tuple(tables)
    for path in sorted(package_dir.rglob("*.py")):
        for text, line in extract_file(path, tables, keywords):
            out.setdefault(text, []).append((str(path.relative_to(package_dir)), line))
    return out


def game_messages(package_dir: Path) -> dict[str, list[tuple[str, int]]]:
    """The message ids of a game package. Its ``locale/tables.txt`` names, one a line, the
    tables whose strings are messages and (as ``name:N``, Babel's keyword syntax with the
    argument counted from 1) more calls whose N-th argument is a message."""
    listing = package_dir / "locale" / "tables.txt"
    tables: list[str] = []
    keywords: dict[str, int] = {}
    if listing.is_file():
        for line in listing.read_text(encoding="utf-8").splitlines():
            line = line.split("#", 1)[0].strip()
            name, _, pos = line.partition(":")
            if pos.isdigit():
                keywords[name] = int(pos) - 1
            elif line:
                tables.append(line)
    return extract(package_dir, tables, keywords)


UI_SOURCES = ("cli", "server")
"""The front ends whose Python interface strings the core catalogue holds: the literal
argument of ``g(...)``, ``gettext(...)`` and the ``COMMANDS_HELP`` table."""
WEB_DOMAIN = "web"
"""The web client's own strings (``server/static``: the literal argument of ``t("...")``
in the JavaScript, the text of the elements marked ``data-i18n`` in the pages, and what the
lobby shows from the server's lists, :func:`lobby_messages`; an ``aria-label`` or ``title``
followed by ``data-i18n-aria`` / ``data-i18n-title``). A separate domain of the core
catalogue, never loaded by :class:`Translator`: its short interface words must not turn
into patterns that engine texts are matched against."""

_JS_CALL = re.compile(r"""\bt\((["'`])((?:\\.|(?!\1).)*)\1""")
_HTML_TEXT = re.compile(r"<\w+[^>]*\bdata-i18n(?:=\"\")?[\s>][^<]*?>?([^<>]+)<")
_HTML_PLACEHOLDER = re.compile(r'placeholder="([^"]+)"[^>]*\bdata-i18n-placeholder')
_HTML_ATTRIBUTE = re.compile(r'(?:aria-label|title)="([^"]+)" data-i18n-(?:aria|title)\b')


def cli_messages(root: Path | None = None) -> dict[str, list[tuple[str, int]]]:
    """The interface strings of the Python front ends (see :data:`UI_SOURCES`)."""
    root = root or Path(__file__).parent.parent
    out: dict[str, list[tuple[str, int]]] = {}
    for name in UI_SOURCES:
        for msg, where in extract(root / name, ["COMMANDS_HELP"], {"g": 0, "gettext": 0}).items():
            out.setdefault(msg, []).extend((f"{name}/{f}", n) for f, n in where)
    return out


def web_messages(root: Path | None = None) -> dict[str, list[tuple[str, int]]]:
    """The strings of the web client (see :data:`WEB_DOMAIN`)."""
    root = root or Path(__file__).parent.parent
    out: dict[str, list[tuple[str, int]]] = {}
    static = root / "server" / "static"
    for path in sorted([*static.rglob("*.js"), *static.rglob("*.html")]):
        html = path.suffix == ".html"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if html:
                texts = [m.group(1) for m in _HTML_TEXT.finditer(line)]
                texts += [m.group(1) for m in _HTML_PLACEHOLDER.finditer(line)]
                texts += [m.group(1) for m in _HTML_ATTRIBUTE.finditer(line)]
            else:
                texts = [
                    m.group(2).replace("\\" + m.group(1), m.group(1))
                    for m in _JS_CALL.finditer(line)
                ]
            for text in texts:
                out.setdefault(text, []).append((str(path.relative_to(root)), n))
    for msg, where in lobby_messages().items():
        out.setdefault(msg, []).extend(where)
    return out


def ui_messages(root: Path | None = None) -> dict[str, list[tuple[str, int]]]:
    """The interface strings of the terminal and the web client: :func:`cli_messages`
    (core ``oneiros`` domain) and :func:`web_messages` (core ``web`` domain)."""
    out = cli_messages(root)
    for msg, where in web_messages(root).items():
        out.setdefault(msg, []).extend(where)
    return out


def lobby_messages() -> dict[str, list[tuple[str, int]]]:
    """What the lobby shows from the server's lists, translated by the page: each game's
    summary, rule set titles, option names and help (``/api/games``) and each bot's
    summary (``/api/agents``)."""
    from .registry import _load, games

    out: dict[str, list[tuple[str, int]]] = {}

    def add(text: str, where: str) -> None:
        if text and text.strip():
            out.setdefault(text, []).append((where, 0))

    for info in games():
        if not _load(info.name).__module__.startswith("oneiros.games."):
            continue  # a game installed from elsewhere brings its own words
        data = info.to_dict()
        add(str(data.get("summary") or ""), f"lobby:{info.name}:summary")
        for code, title in (data.get("ruleset_titles") or {}).items():
            add(str(title), f"lobby:{info.name}:ruleset:{code}")
        for option in data.get("options") or []:
            name = str(option["name"]).replace("-", " ").replace("_", " ")
            add(name[:1].upper() + name[1:], f"lobby:{info.name}:option")  # as pretty() in JS
            add(str(option.get("help") or ""), f"lobby:{info.name}:option:{option['name']}")
            labels = option.get("labels") or {}
            for choice in option.get("choices") or []:
                shown = labels.get(str(choice), choice)  # the menu shows a choice's label
                if isinstance(shown, str) and not shown.isdigit():
                    add(shown, f"lobby:{info.name}:option:{option['name']}:choice")
    for text, where in assigned_strings(
        Path(__file__).parent.parent / "server", "CONTENT_HELP"
    ).items():
        out.setdefault(text, []).extend((f"server/{f}", n) for f, n in where)
    try:
        from ..agents.base import agent_specs
    except ImportError:  # pragma: no cover - the agents are part of the package
        return out
    for agent in agent_specs():
        if getattr(agent.factory, "__module__", "").startswith("oneiros."):
            add(agent.summary, f"lobby:agent:{agent.name}")
    return out


def assigned_strings(directory: Path, name: str) -> dict[str, list[tuple[str, int]]]:
    """The strings of the value assigned to ``name`` in the ``.py`` files under
    ``directory`` (a table of messages: ``RULE_TEXTS = {...}``, ``CONTENT_HELP = "..."``)."""
    out: dict[str, list[tuple[str, int]]] = {}
    for source in sorted(directory.rglob("*.py")):
        tree = ast.parse(source.read_text(encoding="utf-8"), str(source))
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == name for t in node.targets
            ):
                for text, line in _table_strings(node.value):
                    out.setdefault(text, []).append((str(source.relative_to(directory)), line))
    return out


def rule_messages(package_dir: Path) -> dict[str, list[tuple[str, int]]]:
    """The rule explanations of a game, for the ``rules`` domain: every text of its
    ``data/rules.json`` but the ``book`` and ``note`` fields, and the strings of a
    ``RULE_TEXTS`` table in its source (rule reference -> explanation)."""
    import json

    path = package_dir / "data" / "rules.json"
    out: dict[str, list[tuple[str, int]]] = {}
    for text, where in assigned_strings(package_dir, "RULE_TEXTS").items():
        out.setdefault(text, []).extend(where)
    if not path.is_file():
        return out

    def walk(value: Any, key: str) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                if k not in ("book", "note"):
                    walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, key)
        elif isinstance(value, str) and value.strip():
            out.setdefault(value, []).append((f"data/rules.json:{key}", 0))

    walk(json.loads(path.read_text(encoding="utf-8")), "")
    return out


def card_messages(game_name: str) -> dict[str, list[tuple[str, int]]]:
    """The names and texts of a game's cards and named pieces (``Game.card_texts`` under
    each rule set), for the ``cards`` domain."""
    from .registry import make

    out: dict[str, list[tuple[str, int]]] = {}
    probe = make(game_name)
    for ruleset in probe.info.rulesets:
        game = make(game_name, ruleset=ruleset)
        for cid, card in game.card_texts().items():
            for key in ("name", "text"):
                value = card.get(key)
                if isinstance(value, str) and value.strip():
                    out.setdefault(value, []).append((f"{cid}:{key}", 0))
    return out
