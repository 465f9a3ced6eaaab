"""Lucidity content that the rulebooks do not print: die faces, Nightmare abilities and the
de-lux cards. Kept in ``data/content.json`` and validated on load with pydantic; a bad file
raises :class:`oneiros.ContentError` naming the file, the entry and the problem.

A player who owns the game can point at a corrected copy with the game option ``content``
(a path) or the environment variable ``ONEIROS_LUCIDITY_CONTENT``.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ...core import ContentError
from ...core.content import FileFormat, Problem
from .effects import ABILITY_OPS, CARD_OPS, EffectNode, misplaced

DEFAULT_FILE = Path(__file__).parent / "data" / "content.json"
ENV_VAR = "ONEIROS_LUCIDITY_CONTENT"

COLOURS = ("blue", "green", "yellow", "red")
DREAM_FACES = ("power1", "power2", "hunt", "exhaust", "shadow")
BONE_FACES = (*DREAM_FACES, "shadowmark")


class _Entry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    provisional: bool = False
    reason: str = ""

    @field_validator("reason")
    @classmethod
    def _one_line(cls, value: str) -> str:
        if "\n" in value:
            raise ValueError("the reason must be one line")
        return value


class DieSpec(_Entry):
    faces: list[str] = Field(min_length=6, max_length=6)


class NightmareSpec(_Entry):
    name: str = Field(min_length=1)
    takes: list[Literal["power1", "power2", "hunt", "exhaust", "shadow"]] = Field(min_length=1)
    ability: EffectNode
    """What the card's ability does (``effects.py``): a Nightmare ability op, or composites
    of them."""


class ManifestationSpec(_Entry):
    id: str = Field(pattern=r"^[a-z0-9_-]{1,12}$")
    name: str = Field(min_length=1)
    text: str = Field(min_length=1)
    cost: int = Field(ge=0, le=15)
    effect: EffectNode
    """What the card does once manifested (``effects.py``): a Manifestation op, or
    composites of them."""


class DreamscapeRules(BaseModel):
    model_config = ConfigDict(extra="forbid")
    power_goal: int = Field(default=15, ge=5, le=30)
    hunt_row: int = Field(default=4, ge=2, le=8)
    exhaust_row: int = Field(default=3, ge=2, le=8)
    shadow_delta: int = Field(default=0, ge=-2, le=3)
    returns: int = Field(default=2, ge=0, le=2)
    stages: int = Field(default=3, ge=1, le=3)


class DreamscapeSpec(_Entry):
    id: str = Field(pattern=r"^[a-z0-9_-]{1,12}$")
    name: str = Field(min_length=1)
    text: str = Field(min_length=1)
    rules: DreamscapeRules


class ContentFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    dice: dict[str, DieSpec]
    nightmares: dict[str, NightmareSpec]
    temptation: NightmareSpec
    manifestations: list[ManifestationSpec] = []
    dreamscapes: list[DreamscapeSpec] = []


class Content:
    """Validated content: faces per colour, Nightmare cards and the de-lux cards."""

    def __init__(self, data: ContentFile, file: str) -> None:
        self.file = file
        self.raw = data
        self.faces: dict[str, tuple[str, ...]] = {c: tuple(d.faces) for c, d in data.dice.items()}
        self.nightmares = data.nightmares
        self.temptation = data.temptation
        self.manifestations = {m.id: m for m in data.manifestations}
        self.dreamscapes = {d.id: d for d in data.dreamscapes}
        self._hash: str | None = None

    @property
    def hash(self) -> str:
        """``sha256:…`` of the validated content in canonical form (keys sorted, defaults
        filled in): the same content gives the same hash whatever the file's layout. Records
        carry it (``LucidityGame.content_hash``) and ``oneiros.replay`` checks it;
        ``oneiros content check lucidity`` prints its first 12 digits."""
        if self._hash is None:
            blob = json.dumps(
                self.raw.model_dump(mode="json"), sort_keys=True, separators=(",", ":")
            )
            self._hash = "sha256:" + hashlib.sha256(blob.encode()).hexdigest()
        return self._hash

    def provisional(self) -> list[tuple[str, str]]:
        """Every provisional entry as (entry, reason)."""
        out: list[tuple[str, str]] = []
        raw = self.raw
        for colour, die in raw.dice.items():
            if die.provisional:
                out.append((f"dice.{colour}", die.reason))
        for colour, card in raw.nightmares.items():
            if card.provisional:
                out.append((f"nightmares.{colour}", card.reason))
        if raw.temptation.provisional:
            out.append(("temptation", raw.temptation.reason))
        named: list[tuple[str, ManifestationSpec | DreamscapeSpec]] = [
            *(("manifestations", m) for m in raw.manifestations),
            *(("dreamscapes", d) for d in raw.dreamscapes),
        ]
        for kind, item in named:
            if item.provisional:
                out.append((f"{kind}.{item.id} {item.name}", item.reason))
        return out


def _entry_name(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top level)"


def _fact_problems(data: ContentFile, file: str) -> Iterator[Problem]:
    for colour in COLOURS:
        if colour not in data.dice:
            yield Problem(file, f"dice.{colour}", "missing: every dream colour needs a die")
        if colour not in data.nightmares:
            yield Problem(file, f"nightmares.{colour}", "missing Nightmare card")
    for colour, die in data.dice.items():
        allowed = BONE_FACES if colour == "bone" else DREAM_FACES
        if colour not in (*COLOURS, "bone"):
            yield Problem(
                file, f"dice.{colour}", f"unknown colour (allowed: {', '.join((*COLOURS, 'bone'))})"
            )
        for i, face in enumerate(die.faces):
            if face not in allowed:
                yield Problem(
                    file,
                    f"dice.{colour}.faces[{i}]",
                    f"unknown face {face!r} (allowed: {', '.join(allowed)})",
                )
    for kind, ids in (
        ("manifestations", [m.id for m in data.manifestations]),
        ("dreamscapes", [d.id for d in data.dreamscapes]),
    ):
        seen: set[str] = set()
        for i, ident in enumerate(ids):
            if ident in seen:
                yield Problem(file, f"{kind}[{i}].id", f"duplicate id {ident!r}")
            seen.add(ident)
    for where, node in [
        *((f"nightmares.{c}.ability", n.ability) for c, n in data.nightmares.items()),
        ("temptation.ability", data.temptation.ability),
    ]:
        for op in misplaced(node, ABILITY_OPS):
            yield Problem(file, where, f"{op} is a Manifestation effect, not a Nightmare ability")
    for i, m in enumerate(data.manifestations):
        for op in misplaced(m.effect, CARD_OPS):
            yield Problem(
                file,
                f"manifestations[{i}].effect",
                f"{op} is a Nightmare ability, not a Manifestation effect",
            )
    for colour in data.nightmares:
        if colour not in COLOURS:
            yield Problem(
                file, f"nightmares.{colour}", f"unknown colour (allowed: {', '.join(COLOURS)})"
            )


def _check_facts(data: ContentFile, file: str) -> None:
    """Raise the first problem of :func:`_fact_problems` as a ``ContentError``."""
    for problem in _fact_problems(data, file):
        raise ContentError(problem.file, problem.entry, problem.problem)


def load_content(path: str | os.PathLike[str] | None = None) -> Content:
    """Load and validate a content file (default: the shipped one, or ``$ONEIROS_LUCIDITY_CONTENT``)."""
    if path is None or str(path) == "":
        path = os.environ.get(ENV_VAR) or DEFAULT_FILE
    try:
        st = os.stat(path)
        stamp: tuple[int, int] | None = (st.st_mtime_ns, st.st_size)
    except OSError:
        stamp = None  # _load says why it cannot be read
    return _load(str(path), stamp)


@lru_cache(maxsize=8)
def _load(path: str, stamp: tuple[int, int] | None = None) -> Content:
    """The content of ``path`` (cached while the file's ``stamp``, its modification time
    and size, stays the same: a changed file is read again)."""
    file = path
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ContentError(file, "(file)", f"cannot be read: {exc.strerror or exc}") from None
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ContentError(file, f"line {exc.lineno}", f"not valid JSON: {exc.msg}") from None
    try:
        data = ContentFile.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise ContentError(file, _entry_name(tuple(err["loc"])), err["msg"]) from None
    _check_facts(data, file)
    return Content(data, file)


CONTENT_FORMAT = FileFormat(
    "lucidity",
    ContentFile,
    DEFAULT_FILE,
    facts=_fact_problems,
    describe=lambda d: (
        f"{len(d.dice)} dice, {len(d.nightmares)} Nightmare cards, "
        f"{len(d.manifestations)} Manifestations, {len(d.dreamscapes)} Dreamscapes"
    ),
)
"""What ``oneiros content check lucidity [FILE]`` validates (declared in pyproject.toml)."""
