"""Small immutable values shared by every game: actions, events, decisions, rule references."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

CHANCE = -1
"""The pseudo-seat that decides chance nodes (dice rolls, bag draws, deck draws)."""


class Action:
    """A move: a short stable ``id`` (``track:3-5-7``, ``roll:shadow``) and a ``label`` for people.

    Actions are equal and hash by ``id`` alone, so ``Action("x") == Action("x", "other label")``.
    """

    __slots__ = ("id", "label")

    id: str
    label: str

    def __init__(self, id: str, label: str = "") -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "label", label or id)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Action is immutable")

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Action):
            return self.id == other.id
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.id)

    def __repr__(self) -> str:
        return f"Action({self.id!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, (self.id, self.label))


def rule(book: str, section: str) -> str:
    """A rule reference as quoted in events and docs: ``lucidity-en "4. Check for Filled Rows"``."""
    return f'{book} "{section}"'


_STRICT = [os.environ.get("ONEIROS_STRICT_EVENTS", "") not in ("", "0")]


def strict_event_text(on: bool = True) -> None:
    """Make ``Event.text`` raise ``EventTextError`` when its format string does not format
    with its data (tests turn this on; the environment variable ``ONEIROS_STRICT_EVENTS=1``
    does it too). Off, a player sees the raw format string rather than a crash."""
    _STRICT[0] = on


class EventTextError(ValueError):
    """An event's text names a field its data lacks (or is otherwise malformed)."""


def _same(text: str) -> str:
    return text


Namer = Callable[[str, Mapping[str, Any], Callable[[str], str]], Mapping[str, Any]]
"""A game's naming of event data: ``(kind, data, gettext) -> values shown`` (``Event.names``)."""


class Event:
    """Something a player would notice, with the rule it comes from.

    ``text`` is built lazily from a format string and ``data`` so that creating an event on the
    hot path of ``apply`` costs no string formatting. An event is a value: nothing changes it
    once emitted, so a game may emit the same object again when a rule happens again with the
    same data (Lucidity shares the events of its frequent rules: no allocation per draw).
    """

    __slots__ = ("_fmt", "data", "kind", "names", "rule", "visible_to")

    kind: str
    rule: str
    data: Mapping[str, Any]
    visible_to: tuple[int, ...] | None
    names: Namer | None
    """How the text names what ``data`` holds by id (a card id, a miniature): called with
    the kind, the data and a ``gettext`` of the language read, it returns the values to
    format the text with. ``data`` itself never changes. None: the data as it is."""

    def __init__(
        self,
        kind: str,
        fmt: str,
        rule: str = "",
        data: Mapping[str, Any] | None = None,
        visible_to: tuple[int, ...] | None = None,
        names: Namer | None = None,
    ) -> None:
        self.kind = kind
        self._fmt = fmt
        self.rule = rule
        self.data = data if data is not None else {}
        self.visible_to = visible_to
        self.names = names

    def shown(self, gettext: Callable[[str], str] | None = None) -> Mapping[str, Any]:
        """The data as the text shows it: the game's names for the ids it holds (``names``),
        in the language of ``gettext`` (English without one)."""
        if self.names is None:
            return self.data
        return self.names(self.kind, self.data, gettext or _same)

    @property
    def text(self) -> str:
        """One line for people."""
        return self.format(_STRICT[0])

    def format(self, strict: bool = True) -> str:
        """The text; with ``strict``, a format string that does not format raises."""
        try:
            return self._fmt.format(**self.shown())
        except (KeyError, IndexError, ValueError, AttributeError, TypeError) as exc:
            if strict:
                raise EventTextError(
                    f"event {self.kind!r}: {self._fmt!r} does not format with "
                    f"{dict(self.data)!r} ({type(exc).__name__}: {exc})"
                ) from None
            return self._fmt

    def text_in(self, lang: str, translator: Any = None) -> str:
        """The text in language ``lang`` (``"en"``, ``"es"``): the format string is looked
        up in the message catalogues (:mod:`oneiros.core.i18n`), falling back to English.
        ``translator`` (an :class:`oneiros.core.i18n.Translator` of that language) picks a
        game's catalogue; without one only the core's shared words are used."""
        if lang == "en":
            return self.text
        if translator is None or translator.lang != lang:
            from .i18n import ui

            translator = ui(lang)
        try:
            shown = self.data if self.names is None else self.shown(translator.gettext)
            return str(translator.format(self._fmt, shown))
        except (KeyError, IndexError, ValueError, AttributeError, TypeError):
            return self.text

    def visible(self, player: int | None) -> bool:
        """Whether seat ``player`` (None: a spectator) may see this event."""
        if self.visible_to is None:
            return True
        return player is not None and player in self.visible_to

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "text": self.text,
            "rule": self.rule,
            "data": dict(self.data),
            "visible_to": list(self.visible_to) if self.visible_to is not None else None,
        }

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.text!r})"


@dataclass(frozen=True, slots=True)
class Decision:
    """What the deciding seat faces: a ``kind`` (``choose_track``, ``roll``...), the seat
    (``CHANCE`` for chance), a prompt for people and the rule reference behind it."""

    kind: str
    player: int
    prompt: str
    rule: str = ""
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "player": self.player,
            "prompt": self.prompt,
            "rule": self.rule,
            "data": dict(self.data),
        }
