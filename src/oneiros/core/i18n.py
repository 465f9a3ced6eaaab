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

A text that counts something is written in its singular and its plural form, the one to
use chosen where the event is emitted (:func:`plural`): both forms are message ids, so each
is translated whole ("loses 1 yellow Power dream", "loses 2 yellow Power dreams"). English
and Spanish share the rule (1 is singular, anything else plural), so the choice made in
English holds for the translation.

Message ids are extracted from the source (``i18n_extract.py``, whose names this module
re-exports: :func:`extract`, :func:`game_messages`, :func:`ui_messages`...). Maintainers
refresh catalogues with Babel (``babel`` is in the ``dev`` extra): :func:`update_catalogue`
and :func:`compile_catalogue`.
"""

from __future__ import annotations

import contextlib
import gettext
import io
import re
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from .i18n_extract import (
    EVENT_KEYWORDS,
    KEYWORDS,
    UI_SOURCES,
    WEB_DOMAIN,
    assigned_strings,
    card_messages,
    cli_messages,
    extract,
    extract_file,
    game_messages,
    lobby_messages,
    rule_messages,
    ui_messages,
    web_messages,
)

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


def plural(n: int, singular: str, plural: str) -> str:
    """``singular`` when ``n`` is 1, else ``plural``: the format string (message id) of a
    text that counts ``n`` things, chosen by the count where the text is emitted::

        s.emit("lost", plural(n, "Seat {seat} loses {n} dream", "Seat {seat} loses {n} dreams"),
               rule, seat=seat, n=n)

    The extractor (:func:`extract_file`) takes both strings of every ``plural(...)`` call
    into the catalogues. The event's kind and data are the same whichever form is chosen."""
    return singular if n == 1 else plural


Reworded = Mapping[str, Callable[[Mapping[str, Any]], str]]
"""Texts a game worded anew: the former text -> today's text chosen by the event's data."""


def by_count(field: str, singular: str, plural_: str) -> Callable[[Mapping[str, Any]], str]:
    """For :data:`Reworded`: ``singular`` or ``plural_`` by the count in the data's ``field``
    (a number, or a list: its length), as :func:`plural` chooses them where they are emitted."""

    def choose(data: Mapping[str, Any]) -> str:
        value = data[field]
        return plural(len(value) if isinstance(value, list) else int(value), singular, plural_)

    return choose


def reword(events: Any, former: Reworded) -> Any:
    """A snapshot's events (``[kind, text, rule, data, visible_to]`` each) with every text
    that ``former`` names in today's wording, so that a game saved before the change shows
    (and translates) its log as a new one; anything malformed is left for the loader to
    report. Kind and data are never changed."""
    if not isinstance(events, list):
        return events
    out = []
    for item in events:
        if isinstance(item, list | tuple) and len(item) == 5 and isinstance(item[1], str):
            choose = former.get(item[1])
            if choose is not None and isinstance(item[3], Mapping):
                with contextlib.suppress(KeyError, TypeError, ValueError):
                    item = [item[0], choose(item[3]), *item[2:]]
        out.append(item)
    return out


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


# ----------------------------------------------------------------------------- catalogues' upkeep
WEB_CATALOGUES = Path(__file__).parent.parent / "server" / "static" / "i18n"
"""Where the web client's catalogues (``es.json``: English -> Spanish) are written."""


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


__all__ = [
    "CORE_LOCALE",
    "DOMAIN",
    "DOMAINS",
    "EVENT_KEYWORDS",
    "KEYWORDS",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "UI_SOURCES",
    "WEB_CATALOGUES",
    "WEB_DOMAIN",
    "Lang",
    "LanguageError",
    "Reworded",
    "Translator",
    "assigned_strings",
    "by_count",
    "card_messages",
    "card_texts_in",
    "check_language",
    "cli_messages",
    "compile_catalogue",
    "default_language",
    "extract",
    "extract_file",
    "for_game",
    "game_messages",
    "lobby_messages",
    "locale_dir",
    "plural",
    "reword",
    "rule_messages",
    "translator",
    "ui",
    "ui_messages",
    "update_catalogue",
    "web_catalogue",
    "web_messages",
    "write_web_catalogue",
]


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(_main())
