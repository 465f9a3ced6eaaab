"""Action-id codec: a game declares the grammar of its action ids once.

::

    GRAMMAR = ActionGrammar(
        "lucidity",
        {
            "pick": "pick:{row}:{colour}:{face}",
            "roll": "roll:{face}",
            "track": "track:{a:int}-{b:int}-{c:int}",
            "rest": "rest",
        },
        types={"row": ("hunt", "exhaust", "shadow"), "colour": COLOURS, "face": FACES},
    )
    GRAMMAR.format("pick", row="hunt", colour="blue", face="power1")  # "pick:hunt:blue:power1"
    GRAMMAR.parse("pick:hunt:blue:power1")  # Parsed("pick", {"row": "hunt", ...})
    GRAMMAR.to_data()                       # the grammar as JSON, for the web client

A pattern is literal text with ``{field}`` or ``{field:type}`` slots. A type is ``str`` (the
default: any text without the separator ``:``), ``int``, or the name of a vocabulary given in
``types`` (a field named like a vocabulary takes it without saying so). Patterns are tried in
declaration order; the first that matches wins, so a pattern with free fields comes after the
more specific ones that share its start.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

_SLOT = re.compile(r"\{([a-z_][a-z0-9_]*)(?::([a-z_][a-z0-9_]*))?\}")


class GrammarError(ValueError):
    """An id that matches no pattern, a missing field, or a bad declaration."""


@dataclass(frozen=True)
class Parsed:
    """A parsed action id: the pattern's name and the typed fields."""

    name: str
    fields: Mapping[str, Any]

    def __getitem__(self, key: str) -> Any:
        return self.fields[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.fields.get(key, default)


@dataclass(frozen=True)
class _Pattern:
    name: str
    text: str
    regex: re.Pattern[str]
    slots: tuple[tuple[str, str], ...]  # (field, type)
    pieces: tuple[str, ...]  # the literal text around the slots (one more than slots)
    literal_head: str


class ActionGrammar:
    """The action ids of one game: named patterns with typed fields."""

    def __init__(
        self,
        game: str,
        patterns: Mapping[str, str],
        types: Mapping[str, Sequence[str]] | None = None,
    ) -> None:
        self.game = game
        self.types: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in (types or {}).items()}
        for name, values in self.types.items():
            if name in ("str", "int"):
                raise GrammarError(f"{game}: {name!r} is a built-in type")
            if not values:
                raise GrammarError(f"{game}: vocabulary {name!r} is empty")
            for v in values:
                if ":" in v or not v:
                    raise GrammarError(f"{game}: {name} value {v!r} is empty or holds ':'")
        self._patterns: list[_Pattern] = [self._compile(n, t) for n, t in patterns.items()]
        self._by_name = {p.name: p for p in self._patterns}

    def _compile(self, name: str, text: str) -> _Pattern:
        slots: list[tuple[str, str]] = []
        pieces: list[str] = []
        regex = ""
        pos = 0
        for m in _SLOT.finditer(text):
            regex += re.escape(text[pos : m.start()])
            pieces.append(text[pos : m.start()])
            field, kind = m.group(1), m.group(2)
            if kind is None:
                kind = field if field in self.types else "str"
            if kind not in ("str", "int") and kind not in self.types:
                raise GrammarError(f"{self.game}: {name}: unknown type {kind!r} of {{{field}}}")
            if any(field == f for f, _ in slots):
                raise GrammarError(f"{self.game}: {name}: field {field!r} appears twice")
            slots.append((field, kind))
            if kind == "int":
                regex += r"(-?\d+)"
            elif kind == "str":
                regex += r"([^:]+?)" if text[m.end() : m.end() + 1] not in ("", ":") else r"([^:]+)"
            else:
                alts = sorted(self.types[kind], key=len, reverse=True)
                regex += "(" + "|".join(re.escape(v) for v in alts) + ")"
            pos = m.end()
        regex += re.escape(text[pos:])
        pieces.append(text[pos:])
        head = text.split("{", 1)[0]
        return _Pattern(name, text, re.compile(regex + r"\Z"), tuple(slots), tuple(pieces), head)

    # -- the codec ------------------------------------------------------------------------

    def names(self) -> list[str]:
        return [p.name for p in self._patterns]

    def pattern(self, name: str) -> str:
        return self._get(name).text

    def _get(self, name: str) -> _Pattern:
        try:
            return self._by_name[name]
        except KeyError:
            raise GrammarError(
                f"{self.game} has no action {name!r} (actions: {', '.join(self._by_name)})"
            ) from None

    def format(self, name: str, **fields: Any) -> str:
        """The id of action ``name`` with these fields; every field is checked."""
        pat = self._get(name)
        expected = {f for f, _ in pat.slots}
        if set(fields) != expected:
            missing = sorted(expected - set(fields))
            extra = sorted(set(fields) - expected)
            detail = "; ".join(
                part
                for part in (
                    f"missing {', '.join(missing)}" if missing else "",
                    f"unknown {', '.join(extra)}" if extra else "",
                )
                if part
            )
            raise GrammarError(f"{self.game} {name} ({pat.text}): {detail}")
        out = [pat.pieces[0]]
        for (field, kind), after in zip(pat.slots, pat.pieces[1:], strict=True):
            out.append(self._check(pat, field, kind, fields[field]))
            out.append(after)
        return "".join(out)

    def _check(self, pat: _Pattern, field: str, kind: str, value: Any) -> str:
        if kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise GrammarError(
                    f"{self.game} {pat.name}: {field} must be an integer, not {value!r}"
                )
            return str(value)
        text = str(value)
        if kind == "str":
            if not text or ":" in text:
                raise GrammarError(
                    f"{self.game} {pat.name}: {field} {text!r} is empty or holds ':'"
                )
            return text
        if text not in self.types[kind]:
            raise GrammarError(
                f"{self.game} {pat.name}: {field} {text!r} is not a {kind} "
                f"({', '.join(self.types[kind])})"
            )
        return text

    def parse(self, aid: str) -> Parsed:
        """The pattern name and typed fields of an id; ``GrammarError`` if none matches."""
        for pat in self._patterns:
            if not aid.startswith(pat.literal_head):
                continue
            m = pat.regex.match(aid)
            if m is None:
                continue
            fields: dict[str, Any] = {}
            for (field, kind), text in zip(pat.slots, m.groups(), strict=True):
                fields[field] = int(text) if kind == "int" else text
            return Parsed(pat.name, fields)
        raise GrammarError(f"{aid!r} is not an action id of {self.game}")

    def matches(self, aid: str) -> bool:
        try:
            self.parse(aid)
        except GrammarError:
            return False
        return True

    def roundtrip(self, aid: str) -> str:
        """``format(parse(aid))``: equal to ``aid`` for every well-formed id."""
        parsed = self.parse(aid)
        return self.format(parsed.name, **parsed.fields)

    # -- as data ---------------------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        """The grammar as JSON-ready data (the web client builds and reads ids from it)."""
        return {
            "game": self.game,
            "separator": ":",
            "types": {k: list(v) for k, v in self.types.items()},
            "actions": [
                {
                    "name": p.name,
                    "pattern": p.text,
                    "fields": [{"name": f, "type": k} for f, k in p.slots],
                    "regex": p.regex.pattern,
                }
                for p in self._patterns
            ],
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> ActionGrammar:
        """The inverse of :meth:`to_data`."""
        patterns = {a["name"]: a["pattern"] for a in data["actions"]}
        return cls(str(data["game"]), patterns, data.get("types") or {})


def unmatched(grammar: ActionGrammar, ids: Iterable[str]) -> list[str]:
    """The ids that do not parse or do not format back to themselves."""
    out = []
    for aid in ids:
        try:
            if grammar.roundtrip(aid) != aid:
                out.append(aid)
        except GrammarError:
            out.append(aid)
    return out


__all__ = ["ActionGrammar", "GrammarError", "Parsed", "unmatched"]
