"""Content packs: one loader of typed records for every game.

A game declares its pack once, as a :class:`PackFormat`: the record *kinds* (a frozen
pydantic model each, ``extra="forbid"``), the file and top-level key each kind is read
from, its effect language and any game-specific checks. Loading a pack directory gives a
:class:`Catalog`:

- every record validated against its kind; ids unique within a kind;
- cross-references (fields typed ``Annotated[str, Ref("kind")]``) resolved;
- every record's provenance: ``printed`` (from the rulebook), ``transcription`` (typed in
  by an owner of the game, never shipped), ``provisional`` (a fact the rulebook names
  without giving it; a one-line ``reason`` is required) or ``original`` (written for this
  project); a record without one takes the pack's;
- localisable names and texts (:class:`Text`: ``en`` required, ``es`` optional; a plain
  string is English);
- a stable content hash: the same records give the same hash whatever the file layout,
  order of files or format (TOML or JSON).

Problems are collected, never raised one at a time: :meth:`PackFormat.check` returns every
one as ``file: entry: problem`` (:class:`Problem`), and :meth:`PackFormat.load` raises a
:class:`ContentProblems` (a ``ContentError``) holding them all.

The records' building blocks and the problems (:class:`Record`, :class:`Text`,
:class:`Ref`, :class:`Problem`...) are in ``content_records.py`` and the checks every pack
gets (references, supported effects) in ``content_checks.py``; this module loads packs and
re-exports them all.

A pack directory holds ``pack.toml`` (``format``, ``game``, ``title``, ``provenance``,
``notice``) and one file per kind (TOML; JSON with the same shape is accepted). A kind read
from ``turns.toml`` under key ``turns`` is a TOML array of tables::

    [[turns]]
    id = "T-01"
    suit = "hearts"
    steps = ["morphing", "basic", "movement"]
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError
from pydantic_core import to_jsonable_python

from .content_checks import _check_refs, _check_support, nodes
from .content_records import FORMAT_VERSION as FORMAT_VERSION  # the pack format's version
from .content_records import (
    LANGUAGES,
    PACK_FILE,
    PROVENANCES,
    ContentFormat,
    ContentProblems,
    ContentReport,
    LocalText,
    PackInfo,
    Problem,
    Provenance,
    Record,
    Ref,
    Text,
    _pydantic_problems,
    entry_name,
)
from .effects import EffectLanguage
from .errors import ContentError

# --------------------------------------------------------------------------------------
# Kinds, formats and the catalog
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Kind:
    """A record kind: its name, model, and where its entries are read from.

    ``file`` is a path relative to the pack (``"turns.toml"``) or a glob
    (``"dreams/*.toml"``); ``key`` is the top-level key holding a list of entries (a single
    table is one entry). ``id_field`` names the field used as id when it is not ``id``
    (scripts are numbered: ``n``); ``required`` fails a pack with no such file.
    """

    name: str
    model: type[BaseModel]
    file: str
    key: str
    id_field: str = "id"
    required: bool = False
    ident: Callable[[Any], str | None] | None = None
    """The id of a raw entry whose id is derived (a script's ``<dream>/<n>``), so that an
    entry that fails to validate is still known to cross-reference checks."""


CheckFn = Callable[["Catalog"], Iterable[Problem]]


def _read(path: Path, rel: str) -> tuple[dict[str, Any] | None, Problem | None]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        return None, Problem(rel, "(file)", f"cannot be read: {exc.strerror or exc}")
    try:
        data = json.loads(text) if path.suffix == ".json" else tomllib.loads(text)
    except json.JSONDecodeError as exc:
        return None, Problem(rel, f"line {exc.lineno}", f"not valid JSON: {exc.msg}")
    except tomllib.TOMLDecodeError as exc:
        return None, Problem(rel, "(file)", f"not valid TOML: {exc}")
    if not isinstance(data, dict):
        return None, Problem(rel, "(file)", "the file must hold a table (an object)")
    return data, None


@dataclass
class Located:
    """A loaded record and where it came from."""

    kind: str
    record: BaseModel
    file: str
    entry: str


class Catalog:
    """Every record of a loaded pack, by kind and id, with its provenance and a content hash."""

    def __init__(self, fmt: PackFormat, path: Path, info: PackInfo) -> None:
        self.format = fmt
        self.path = path
        self.info = info
        self._records: dict[str, dict[str, Located]] = {k.name: {} for k in fmt.kinds}
        self._failed: dict[str, set[str]] = {}
        self._hash: str | None = None

    # -- reading -----------------------------------------------------------------------

    @property
    def game(self) -> str:
        return self.info.game

    def kinds(self) -> list[str]:
        return list(self._records)

    def get(self, kind: str, ident: str | int) -> Any:
        """The record of ``kind`` with that id; ``KeyError`` names what is missing."""
        try:
            return self._records[kind][str(ident)].record
        except KeyError:
            raise KeyError(f"no {kind} {ident!r} in the {self.game} pack") from None

    def has(self, kind: str, ident: str | int) -> bool:
        return str(ident) in self._records.get(kind, {})

    def failed(self, kind: str) -> set[str]:
        """Ids of the entries of ``kind`` that did not validate."""
        return set(self._failed.get(kind, ()))

    def known(self, kind: str, ident: str | int) -> bool:
        """A loaded record, or an entry of that id that failed to validate (already
        reported: a check should not report a dangling reference to it)."""
        return self.has(kind, ident) or str(ident) in self._failed.get(kind, ())

    def all(self, kind: str) -> list[Any]:
        """The records of ``kind`` in the order the pack lists them."""
        return [loc.record for loc in self._records[kind].values()]

    def ids(self, kind: str) -> list[str]:
        return list(self._records[kind])

    def where(self, kind: str, ident: str | int) -> tuple[str, str]:
        """(file, entry) of a record, for problems found after loading."""
        loc = self._records[kind][str(ident)]
        return loc.file, loc.entry

    def located(self) -> Iterator[Located]:
        for by_id in self._records.values():
            yield from by_id.values()

    def provenance(self, record: BaseModel) -> str:
        """A record's provenance (its own, else the pack's)."""
        own = getattr(record, "provenance", None)
        return own or self.info.provenance

    def provisional(self) -> list[tuple[str, str, str]]:
        """Every provisional record as (kind, id, reason)."""
        return [
            (loc.kind, self._ident(loc), getattr(loc.record, "reason", ""))
            for loc in self.located()
            if self.provenance(loc.record) == "provisional"
        ]

    def __len__(self) -> int:
        return sum(len(v) for v in self._records.values())

    def _ident(self, loc: Located) -> str:
        kind = self.format.kind(loc.kind)
        return str(getattr(loc.record, kind.id_field))

    @property
    def hash(self) -> str:
        """``sha256:…`` of the pack's records in canonical form (sorted by kind and id; a
        set's members sorted, so the hash never depends on the process's string hashing)."""
        if self._hash is None:
            doc = {
                "game": self.info.game,
                "format": self.info.format,
                "provenance": self.info.provenance,
                "records": {
                    kind: {
                        ident: _canonical(loc.record.model_dump(mode="python"))
                        for ident, loc in sorted(by_id.items())
                    }
                    for kind, by_id in sorted(self._records.items())
                },
            }
            blob = json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
            self._hash = "sha256:" + hashlib.sha256(blob.encode()).hexdigest()
        return self._hash

    def summary(self) -> str:
        n_prov = len(self.provisional())
        title = self.info.title.en
        return (
            f"{self.game} {title} (provenance={self.info.provenance}, {len(self)} entries, "
            f"{n_prov} provisional)"
        )


class PackFormat:
    """A game's pack declaration: its kinds, effect language and extra checks."""

    def __init__(
        self,
        game: str,
        kinds: Sequence[Kind],
        default: Path,
        language: EffectLanguage | None = None,
        checks: Sequence[CheckFn] = (),
    ) -> None:
        names = [k.name for k in kinds]
        if len(set(names)) != len(names):
            raise ValueError(f"{game}: kind names repeat: {names}")
        self.game = game
        self.kinds = tuple(kinds)
        self._default = default
        self.language = language
        self.checks = list(checks)

    def kind(self, name: str) -> Kind:
        for k in self.kinds:
            if k.name == name:
                return k
        raise KeyError(f"{self.game} has no record kind {name!r}")

    def check_with(self, fn: CheckFn) -> CheckFn:
        """Decorator adding a game-specific check (yields :class:`Problem`)."""
        self.checks.append(fn)
        return fn

    def default_path(self) -> Path:
        return self._default

    def schema(self) -> dict[str, Any]:
        """JSON Schema of every file of a pack, for editors: ``{file: schema}``."""
        files: dict[str, dict[str, Any]] = {PACK_FILE: PackInfo.model_json_schema()}
        for kind in self.kinds:
            entry = files.setdefault(
                kind.file, {"type": "object", "properties": {}, "additionalProperties": False}
            )
            entry["properties"][kind.key] = {
                "type": "array",
                "items": kind.model.model_json_schema(),
                "description": f"{kind.name} records",
            }
        return files

    def load(self, path: str | Path | None = None) -> Catalog:
        """The catalog of a pack; :class:`ContentProblems` lists every error."""
        report = self.check(path)
        if report.errors or report.catalog is None:
            raise ContentProblems(
                report.errors or [Problem(report.path, "(pack)", "does not load")]
            )
        return report.catalog

    def check(self, path: str | Path | None = None) -> ContentReport:
        """Validate a pack directory: every problem, and the catalog when it loads."""
        root = Path(path) if path is not None else self._default
        report = ContentReport(self.game, str(root))
        problems = report.problems
        if not root.is_dir():
            problems.append(Problem(str(root), "(pack)", "no such directory"))
            return report
        data, err = _read(root / PACK_FILE, PACK_FILE)
        info: PackInfo | None = None
        if err is not None:
            problems.append(err)
        elif data is not None:
            try:
                info = PackInfo.model_validate(data)
            except ValidationError as exc:
                problems.extend(_pydantic_problems(PACK_FILE, "", exc))
            else:
                if info.game != self.game:
                    problems.append(
                        Problem(PACK_FILE, "game", f"{info.game!r} is not {self.game!r}")
                    )
        catalog = Catalog(self, root, info or _placeholder(self.game))
        context = {"language": self.language}
        read: dict[str, dict[str, Any] | None] = {}
        for kind in self.kinds:
            files = sorted(root.glob(kind.file))
            if not files and kind.required:
                problems.append(
                    Problem(kind.file, "(file)", f"missing: the pack needs its {kind.name} records")
                )
            for file in files:
                rel = file.relative_to(root).as_posix()
                if rel not in read:  # a file holding several kinds is read and checked once
                    data, err = _read(file, rel)
                    read[rel] = data
                    if err is not None:
                        problems.append(err)
                    elif data is not None:
                        self._check_sections(rel, data, problems)
                data = read[rel]
                if data is not None:
                    self._load_kind(catalog, kind, rel, data, context, problems)
        for file in sorted(root.rglob("*")):
            rel = file.relative_to(root).as_posix()
            if file.suffix not in (".toml", ".json") or rel == PACK_FILE:
                continue
            if not any(_matches(rel, k.file) for k in self.kinds):
                problems.append(Problem(rel, "(file)", "not part of the pack format", "warning"))
        # every check runs on the records that loaded, so one pass lists every problem; a
        # reference to an entry that failed to validate is not reported a second time
        problems.extend(_check_refs(catalog))
        problems.extend(_check_support(catalog, self.language))
        for check in self.checks:
            try:
                problems.extend(check(catalog))
            except Exception as exc:  # a check must not hide the problems found so far
                if not any(p.severity == "error" for p in problems):
                    raise
                problems.append(
                    Problem(str(root), "(pack)", f"{check.__name__} skipped: {exc!r}", "warning")
                )
        if not report.errors and info is not None:
            report.catalog = catalog
            report.summary = catalog.summary()
        return report

    def _check_sections(self, rel: str, data: dict[str, Any], problems: list[Problem]) -> None:
        for key in data:
            if not any(k.key == key and _matches(rel, k.file) for k in self.kinds):
                expected = ", ".join(k.key for k in self.kinds if _matches(rel, k.file))
                problems.append(
                    Problem(rel, str(key), f"unknown section (this file holds: {expected})")
                )

    def _load_kind(
        self,
        catalog: Catalog,
        kind: Kind,
        rel: str,
        data: dict[str, Any],
        context: dict[str, Any],
        problems: list[Problem],
    ) -> None:
        if kind.key not in data:
            return
        entries = data[kind.key]
        if isinstance(entries, dict):
            entries = [entries]
        if not isinstance(entries, list):
            problems.append(Problem(rel, kind.key, "must be a list of entries"))
            return
        by_id = catalog._records[kind.name]
        for i, raw in enumerate(entries):
            entry = f"{kind.key}[{i}]"
            try:
                record = kind.model.model_validate(raw, context=context)
            except ValidationError as exc:
                problems.extend(_pydantic_problems(rel, entry, exc))
                ident = kind.ident(raw) if kind.ident else None
                if ident is None and isinstance(raw, dict):
                    value = raw.get(kind.id_field)
                    ident = str(value) if isinstance(value, str | int) else None
                if ident is not None:
                    catalog._failed.setdefault(kind.name, set()).add(ident)
                continue
            ident = str(getattr(record, kind.id_field))
            if ident in by_id:
                first = by_id[ident]
                problems.append(
                    Problem(
                        rel,
                        f"{entry}.{kind.id_field}",
                        f"duplicate {kind.name} id {ident!r} (first at {first.file}: {first.entry})",
                    )
                )
                continue
            by_id[ident] = Located(kind.name, record, rel, entry)


def _matches(rel: str, pattern: str) -> bool:
    return fnmatch(rel, pattern)


def _placeholder(game: str) -> PackInfo:
    return PackInfo(game=game, title=Text(en="(no pack.toml)"), provenance="original")


# --------------------------------------------------------------------------------------
# Single-file content (games whose content is one JSON file)
# --------------------------------------------------------------------------------------


class FileFormat:
    """A game whose content is one JSON file validated by one pydantic model.

    ``facts(data, file)`` runs the game's own checks after the model validates and yields
    :class:`Problem` (or raises ``ContentError`` for the first one).
    """

    def __init__(
        self,
        game: str,
        model: type[BaseModel],
        default: Path,
        facts: Callable[[Any, str], Iterable[Problem] | None] | None = None,
        describe: Callable[[Any], str] | None = None,
    ) -> None:
        self.game = game
        self.model = model
        self._default = default
        self.facts = facts
        self.describe = describe

    def default_path(self) -> Path:
        return self._default

    def schema(self) -> dict[str, Any]:
        """JSON Schema of the file, for editors: ``{file name: schema}``."""
        return {self._default.name: self.model.model_json_schema()}

    def check(self, path: str | Path | None = None) -> ContentReport:
        file = Path(path) if path is not None else self._default
        if file.is_dir():
            file = file / self._default.name
        name = str(file)
        report = ContentReport(self.game, name)
        try:
            text = file.read_text(encoding="utf-8")
        except OSError as exc:
            report.problems.append(
                Problem(name, "(file)", f"cannot be read: {exc.strerror or exc}")
            )
            return report
        try:
            raw = json.loads(text)
        except json.JSONDecodeError as exc:
            report.problems.append(
                Problem(name, f"line {exc.lineno}", f"not valid JSON: {exc.msg}")
            )
            return report
        try:
            data = self.model.model_validate(raw)
        except ValidationError as exc:
            report.problems.extend(_pydantic_problems(name, "", exc))
            return report
        if self.facts is not None:
            try:
                report.problems.extend(self.facts(data, name) or ())
            except ContentError as exc:
                report.problems.append(Problem(exc.file, exc.entry, exc.problem))
        if not report.errors:
            blob = json.dumps(data.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))
            digest = hashlib.sha256(blob.encode()).hexdigest()
            detail = self.describe(data) if self.describe else ""
            report.summary = f"{self.game} content {name} ({detail + ', ' if detail else ''}sha256:{digest[:12]})"
        return report


def _canonical(value: Any) -> Any:
    """A record's dump as JSON values, with every set's members in sorted order (a set
    dumped as it iterates would change the pack's hash from one process to the next)."""
    if isinstance(value, dict):
        return {str(k): _canonical(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        members = [_canonical(v) for v in value]
        return sorted(members, key=lambda v: json.dumps(v, sort_keys=True))
    if isinstance(value, (list, tuple)):
        return [_canonical(v) for v in value]
    return to_jsonable_python(value)


__all__ = [
    "LANGUAGES",
    "PROVENANCES",
    "Catalog",
    "ContentFormat",
    "ContentProblems",
    "ContentReport",
    "FileFormat",
    "Kind",
    "LocalText",
    "PackFormat",
    "PackInfo",
    "Problem",
    "Provenance",
    "Record",
    "Ref",
    "Text",
    "entry_name",
    "nodes",
]
