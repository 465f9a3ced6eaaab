"""Languages for people: the Spanish (or any other) text of events, prompts, action labels.

Games keep writing English. The English format string an event is emitted with
(``self.emit(kind, "Seat {seat} rolls {face}", ...)``) is the message id; a game package
ships a gettext catalogue per language, ``<package>/locale/<lang>/LC_MESSAGES/oneiros.po``
(the source, edited by translators) and ``oneiros.mo`` (compiled, what is read at run time
with the standard library's :mod:`gettext`, so playing needs no extra tool). The core's own
catalogue (``oneiros/core/locale``) holds the words every game shares and the front ends'
interface strings.

Nothing happens on the hot path: an event is translated only when a front end asks for its
text in a language (:meth:`oneiros.core.types.Event.text_in`). Texts that a game formats
before handing them over (decision prompts, action labels) are translated by matching them
against the catalogue's message ids that carry ``{placeholders}``: the pieces they hold
(a colour, a face, a card name) are translated in turn when the catalogue knows them.

Message ids are extracted from the source (:func:`extract`): the second argument of every
``emit`` call and of ``Event``, the prompt of every ``Decision``, the label of every
``Action``, and the strings of the message tables a game names (one name a line in its
``locale/tables.txt``): dict literals and functions whose string values are prompts or
labels. f-strings become ids with their expressions as placeholders
(``f"Take {name}"`` -> ``"Take {name}"``). Maintainers refresh catalogues with Babel
(``babel`` is in the ``dev`` extra): :func:`update_catalogue` and :func:`compile_catalogue`.
"""

from __future__ import annotations

import ast
import gettext
import io
import re
from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

LANGUAGES: tuple[str, ...] = ("en", "es")
"""The languages a player may choose; ``en`` is the source language (no catalogue)."""
Lang = Literal["en", "es"]

LANGUAGE_NAMES: dict[str, str] = {"en": "English", "es": "Español"}

DOMAIN = "oneiros"
DOMAINS = (DOMAIN, "terms", "rules", "cards")
"""``oneiros``: the messages extracted from the source; ``terms``: the words that fill their
placeholders (colours, faces, rows), kept by hand; ``rules``: the rule explanations of the
game's ``data/rules.json`` (:func:`rule_messages`); ``cards``: the names and texts of its
cards and named pieces (:func:`card_messages`)."""
CORE_LOCALE = Path(__file__).parent / "locale"

_FIELD = re.compile(r"\{([^{}]*)\}")


class LanguageError(ValueError):
    """A language code outside :data:`LANGUAGES`."""


def check_language(lang: str) -> str:
    """``lang`` itself, or :class:`LanguageError` naming the languages there are."""
    if lang not in LANGUAGES:
        raise LanguageError(
            f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)} "
            f"({', '.join(f'{k} = {v}' for k, v in LANGUAGE_NAMES.items())})"
        )
    return lang


# ----------------------------------------------------------------------------- catalogues
def locale_dir(package: str) -> Path:
    """Where the package ``oneiros.games.<name>`` (or ``oneiros.core``) keeps its catalogues."""
    import importlib

    module = importlib.import_module(package)
    return Path(module.__file__ or "").parent / "locale"


@lru_cache(maxsize=64)
def _catalogue(directory: str, lang: str) -> Mapping[str, str]:
    out: dict[str, str] = {}
    for domain in DOMAINS:
        path = Path(directory) / lang / "LC_MESSAGES" / f"{domain}.mo"
        if not path.is_file():
            continue
        with path.open("rb") as fh:
            translations = gettext.GNUTranslations(fh)
        catalog: dict[Any, Any] = translations._catalog  # type: ignore[attr-defined]
        out.update({k: v for k, v in catalog.items() if isinstance(k, str) and k and v})
    return out


class Translator:
    """The messages of one language for one game (its catalogue, then the core's)."""

    def __init__(self, lang: str, packages: Iterable[str] = ()) -> None:
        self.lang = check_language(lang)
        merged: dict[str, str] = {}
        if lang != "en":
            for directory in [CORE_LOCALE, *(locale_dir(p) for p in packages)]:
                merged.update(_catalogue(str(directory), lang))
        self.messages: dict[str, str] = merged
        self._patterns: list[tuple[re.Pattern[str], list[str], str]] | None = None
        self._cache: dict[str, str] = {}

    def __bool__(self) -> bool:
        return bool(self.messages)

    def gettext(self, msgid: str) -> str:
        """The translation of exactly ``msgid`` (``msgid`` itself when there is none)."""
        return self.messages.get(msgid, msgid)

    def value(self, value: Any) -> Any:
        """A piece of data as shown in this language: strings the catalogue knows are
        translated (``"red"`` -> ``"rojo"``), so are the items of a comma-separated list of
        them; anything else is left as it is."""
        if isinstance(value, str):
            found = self.messages.get(value)
            if found is not None:
                return found
            if ", " in value:  # a list of names: "Tantrum, Nightlight"
                return ", ".join(self.messages.get(p, p) for p in value.split(", "))
        return value

    def format(self, fmt: str, data: Mapping[str, Any]) -> str:
        """``fmt`` translated, then formatted with ``data`` (its strings translated too).
        A translation that does not format with the data falls back to English."""
        target = self.messages.get(fmt)
        shown = {k: self.value(v) for k, v in data.items()} if target else data
        if target is not None:
            try:
                return target.format(**shown)
            except (KeyError, IndexError, ValueError, AttributeError, TypeError):
                pass
        return fmt.format(**data)

    def text(self, text: str) -> str:
        """An already formatted English text (a prompt, a label) in this language: an exact
        message, or a message with placeholders that matches it, its pieces translated."""
        if not self.messages or not text:
            return text
        hit = self._cache.get(text)
        if hit is not None:
            return hit
        out = self.messages.get(text)
        if out is None:
            out = self._match(text)
        if len(self._cache) < 50_000:
            self._cache[text] = out
        return out

    def _match(self, text: str) -> str:
        if self._patterns is None:
            self._patterns = _compile_patterns(self.messages)
        for pattern, names, target in self._patterns:
            m = pattern.fullmatch(text)
            if m is None:
                continue
            values = [self.text(g) for g in m.groups()]
            return _fill(target, names, values)
        return text


def _fill(target: str, names: list[str], values: list[str]) -> str:
    """``target`` with its ``{name}`` fields replaced by the values matched for the same
    names (``{}`` fields: in order)."""
    named = dict(zip(names, values, strict=True))
    unnamed = iter(v for n, v in zip(names, values, strict=True) if not n)
    out = []
    for i, part in enumerate(_FIELD.split(target)):
        if i % 2 == 0:
            out.append(part)
        elif part:
            out.append(named.get(part, "{" + part + "}"))
        else:
            out.append(next(unnamed, "{}"))
    return "".join(out)


def _compile_patterns(
    messages: Mapping[str, str],
) -> list[tuple[re.Pattern[str], list[str], str]]:
    out = []
    for msgid, target in messages.items():
        names = _FIELD.findall(msgid)
        if not names:
            continue
        parts = _FIELD.split(msgid)
        regex = "".join(re.escape(p) if i % 2 == 0 else "(.+?)" for i, p in enumerate(parts))
        fixed = sum(len(p) for p in parts[::2])
        out.append((re.compile(regex, re.DOTALL), names, target, fixed))
    # the most specific (most fixed text) first, so "Take {x} from the bag" beats "Take {x}"
    out.sort(key=lambda p: -p[3])
    return [(p, n, t) for p, n, t, _ in out]


@lru_cache(maxsize=32)
def translator(lang: str, packages: tuple[str, ...] = ()) -> Translator:
    """The shared :class:`Translator` of a language and game packages."""
    return Translator(lang, packages)


def for_game(game: Any, lang: str) -> Translator:
    """The translator of ``lang`` for a game object (its package's catalogue + the core's)."""
    module = type(game).__module__
    parts = module.split(".")
    package = ".".join(parts[:3]) if parts[:2] == ["oneiros", "games"] else module
    return translator(check_language(lang), (package,))


def ui(lang: str) -> Translator:
    """The translator of the core catalogue alone (interface strings, shared words)."""
    return translator(check_language(lang), ())


def card_texts_in(game: Any, lang: str) -> dict[str, dict[str, Any]]:
    """``game.card_texts()`` with the names and texts in ``lang`` where the catalogue has
    them (ids, costs and kinds unchanged)."""
    cards: dict[str, dict[str, Any]] = game.card_texts()
    if lang == "en":
        return cards
    tr = for_game(game, lang)
    out = {}
    for cid, card in cards.items():
        shown = dict(card)
        for key in ("name", "text"):
            if isinstance(shown.get(key), str):
                shown[key] = tr.text(shown[key])
        out[cid] = shown
    return out


def default_language(game: Any) -> str:
    """The language a game opens in: Spanish for a Spanish rule set (``lucidity-es``)."""
    return "es" if getattr(game, "ruleset", None) == "es" else "en"


# ----------------------------------------------------------------------------- extraction
EVENT_KEYWORDS = ("fmt", "public", "private")
"""Keyword arguments whose string is an event text, in any call (``zones.Table.move``)."""
KEYWORDS: dict[str, int] = {"emit": 1, "Event": 1, "Decision": 2, "Action": 1}
"""Calls whose argument at this (0-based) position is a message, as Babel's ``-k emit:2``."""


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
WEB_CATALOGUES = Path(__file__).parent.parent / "server" / "static" / "i18n"
"""Where the web client's catalogues (``es.json``: English -> Spanish) are written."""


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


def web_catalogue(lang: str) -> dict[str, str]:
    """The web client's catalogue of ``lang`` (English -> translation): the core
    catalogue's ``web`` domain, then the interface strings it shares with the terminal."""
    out = dict(_catalogue(str(CORE_LOCALE), lang))
    path = CORE_LOCALE / lang / "LC_MESSAGES" / f"{WEB_DOMAIN}.mo"
    if path.is_file():
        with path.open("rb") as fh:
            catalog: dict[Any, Any] = gettext.GNUTranslations(fh)._catalog  # type: ignore[attr-defined]
        out.update({k: v for k, v in catalog.items() if isinstance(k, str) and k and v})
    return dict(sorted(out.items()))


def write_web_catalogue(lang: str) -> Path:
    """Write ``server/static/i18n/<lang>.json`` from the compiled core catalogue."""
    import json

    _catalogue.cache_clear()
    WEB_CATALOGUES.mkdir(parents=True, exist_ok=True)
    path = WEB_CATALOGUES / f"{lang}.json"
    text = json.dumps(web_catalogue(lang), ensure_ascii=False, indent=1, sort_keys=True)
    path.write_text(text + "\n", encoding="utf-8")
    return path


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


# ----------------------------------------------------------------------------- maintenance
def update_catalogue(
    po_file: Path,
    messages: Mapping[str, Iterable[tuple[str, int]]],
    lang: str,
    domain: str = DOMAIN,
) -> list[str]:
    """Bring a ``.po`` file up to the extracted ``messages`` (new ids get an empty
    translation, translations of ids that went away are dropped). Needs Babel (``dev``).
    Returns the ids that still lack a translation."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    old: dict[str, str] = {}
    if po_file.is_file():
        with po_file.open("rb") as fh:
            for m in read_po(fh):
                if m.id and isinstance(m.id, str) and isinstance(m.string, str):
                    old[m.id] = m.string
    catalog = Catalog(locale=lang, domain=domain, project="Oneiros", fuzzy=False)
    for msgid, where in sorted(messages.items()):
        catalog.add(msgid, old.get(msgid, ""), locations=[w for w in where if w[1]])
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=96, sort_output=True)
    if not po_file.is_file() or _undated(po_file.read_bytes()) != _undated(buffer.getvalue()):
        po_file.parent.mkdir(parents=True, exist_ok=True)  # only a real change is written:
        po_file.write_bytes(buffer.getvalue())  # no diff for a new creation date alone
    return [m for m in messages if not old.get(m)]


def _undated(po: bytes) -> bytes:
    return re.sub(rb'"POT-Creation-Date: [^"]*"', b"", po)


def compile_catalogue(po_file: Path) -> Path:
    """Write the ``.mo`` next to a ``.po`` (Babel, ``dev`` extra); returns its path."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po_file.open("rb") as fh:
        catalog = read_po(fh)
    mo_file = po_file.with_suffix(".mo")
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    if not mo_file.is_file() or mo_file.read_bytes() != buffer.getvalue():
        mo_file.write_bytes(buffer.getvalue())
    return mo_file


def _main(argv: list[str] | None = None) -> int:
    """``python -m oneiros.core.i18n`` re-extracts every game's messages into its ``.po``
    files and compiles them (a maintainer's tool: needs Babel)."""
    import sys

    games_dir = Path(__file__).parent.parent / "games"
    status = 0
    for pkg in sorted(p for p in games_dir.iterdir() if (p / "locale").is_dir()):
        domains = {
            DOMAIN: game_messages(pkg),
            "rules": rule_messages(pkg),
            "cards": card_messages(pkg.name.replace("_", "-")),
        }
        for lang in LANGUAGES[1:]:
            for domain, messages in domains.items():
                po = pkg / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"
                if domain != DOMAIN and not po.is_file():
                    print(f"{pkg.name} [{lang}] has no {domain} catalogue", file=sys.stderr)
                    continue
                missing = update_catalogue(po, messages, lang, domain)
                compile_catalogue(po)
                for m in missing:
                    print(f"{pkg.name} [{lang}] {domain}: untranslated {m!r}", file=sys.stderr)
                    status = 1
    for lang in LANGUAGES[1:]:
        for domain, messages in ((DOMAIN, cli_messages()), (WEB_DOMAIN, web_messages())):
            po = CORE_LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
            for m in update_catalogue(po, messages, lang, domain):
                print(f"core [{lang}] {domain}: untranslated {m!r}", file=sys.stderr)
                status = 1
        for po in [
            *(games_dir.glob(f"*/locale/{lang}/LC_MESSAGES/terms.po")),
            *(CORE_LOCALE / lang / "LC_MESSAGES").glob("*.po"),
        ]:
            compile_catalogue(po)
        write_web_catalogue(lang)
    return status


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(_main())
