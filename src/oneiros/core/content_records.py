"""The building blocks of content records and the problems a check reports.

:class:`Record` (the base of every record kind), :class:`Text` (a localisable text),
:class:`Ref` (a field naming a record of another kind), :class:`PackInfo` (``pack.toml``),
and what a check returns: :class:`Problem`, :class:`ContentReport`,
:class:`ContentProblems`. Loading packs is :mod:`oneiros.core.content`, which re-exports
all of these.
"""

from __future__ import annotations

import typing
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, Protocol

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)

from .errors import ContentError

if TYPE_CHECKING:
    from .content import Catalog

Provenance = Literal["printed", "transcription", "provisional", "original"]
PROVENANCES: tuple[str, ...] = typing.get_args(Provenance)
LANGUAGES: tuple[str, ...] = ("en", "es")
"""The languages a :class:`Text` has slots for."""

PACK_FILE = "pack.toml"
FORMAT_VERSION = 1


# --------------------------------------------------------------------------------------
# Building blocks of records
# --------------------------------------------------------------------------------------


class Text(BaseModel):
    """A localisable text: English always, Spanish when translated."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    en: str = Field(min_length=1)
    es: str | None = None

    def get(self, lang: str = "en") -> str:
        """The text in ``lang``, falling back to English."""
        value = getattr(self, lang, None) if lang in LANGUAGES else None
        return value or self.en

    def __str__(self) -> str:
        return self.en


def _text(value: Any) -> Any:
    return {"en": value} if isinstance(value, str) else value


LocalText = Annotated[Text, BeforeValidator(_text, json_schema_input_type=str | Text)]
"""A record field holding a :class:`Text`; a plain string is read as English."""


@dataclass(frozen=True)
class Ref:
    """Field annotation: ``Annotated[str, Ref("influence")]`` names a record of that kind;
    the catalog checks it resolves. Works inside lists, tuples, sets, dict keys and values,
    and in effect-op arguments."""

    kind: str


class Record(BaseModel):
    """Base of every record: an id, provenance and its reason, and ``source`` (where the
    record comes from in play: a starting component, or the Secret code holding it);
    frozen, no unknown field."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(min_length=1, max_length=60, pattern=r"^[A-Za-z0-9][A-Za-z0-9 _.:/+-]*$")
    provenance: Provenance | None = None
    reason: str = ""
    source: str | None = None

    @field_validator("reason")
    @classmethod
    def _one_line(cls, value: str) -> str:
        if "\n" in value:
            raise ValueError("the reason must be one line")
        return value

    @model_validator(mode="after")
    def _provisional_has_reason(self) -> Record:
        if self.provenance == "provisional" and not self.reason.strip():
            raise ValueError("a provisional record needs a one-line reason")
        return self


class PackInfo(BaseModel):
    """``pack.toml``: what the pack is and where its records come from."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    format: int = FORMAT_VERSION
    game: str
    title: LocalText
    provenance: Provenance
    notice: str = ""

    @field_validator("format")
    @classmethod
    def _known_format(cls, value: int) -> int:
        if value != FORMAT_VERSION:
            raise ValueError(f"pack format {value} is not supported (this is {FORMAT_VERSION})")
        return value


# --------------------------------------------------------------------------------------
# Problems
# --------------------------------------------------------------------------------------


@dataclass(frozen=True, order=True)
class Problem:
    """One problem of a pack: ``file: entry: problem``; warnings do not fail a check
    unless it is strict."""

    file: str
    entry: str
    problem: str
    severity: Literal["error", "warning"] = "error"

    def __str__(self) -> str:
        tag = "warning: " if self.severity == "warning" else ""
        return f"{self.file}: {self.entry}: {tag}{self.problem}"


class ContentProblems(ContentError):
    """A pack that does not load: every problem found, the first one in the message."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = list(problems)
        first = self.problems[0]
        super().__init__(first.file, first.entry, first.problem)
        more = len(self.problems) - 1
        if more:
            self.args = (
                f"{first} (and {more} more problem{'s' if more > 1 else ''}; "
                "`oneiros content check` lists them)",
            )


@dataclass
class ContentReport:
    """What a check found: the catalog (None when errors stop it) and every problem."""

    game: str
    path: str
    problems: list[Problem] = field(default_factory=list)
    catalog: Catalog | None = None
    summary: str = ""

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "warning"]

    def ok(self, strict: bool = False) -> bool:
        return not (self.problems if strict else self.errors)


class ContentFormat(Protocol):
    """What ``oneiros content check`` needs from a game (``Game.content_format()``)."""

    game: str

    def default_path(self) -> Path: ...

    def check(self, path: str | Path | None = None) -> ContentReport: ...

    def schema(self) -> dict[str, Any]: ...


def entry_name(base: str, loc: Sequence[int | str]) -> str:
    """``cards[3]`` + ``("abilities", 0, "cost")`` -> ``cards[3].abilities[0].cost``."""
    out = base
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top level)"


def _pydantic_problems(file: str, base: str, exc: ValidationError) -> list[Problem]:
    out = []
    for err in exc.errors():
        loc = [p for p in err["loc"] if not (isinstance(p, str) and p.startswith("function-"))]
        msg = err["msg"]
        if msg.startswith("Value error, "):
            msg = msg[len("Value error, ") :]
        out.append(Problem(file, entry_name(base, loc), msg))
    return out
