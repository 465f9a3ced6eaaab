"""``oneiros content``: validate a game's content (cards, tiles, scripts) and list its effect
language."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer
from rich.table import Table

from ..core.i18n import plural
from ..core.registry import content_format
from .common import console, err_console, fail


def register(app: typer.Typer) -> None:
    content = typer.Typer(
        name="content",
        help=(
            "Content packs: the cards, tiles and scripts a game loads from data files. "
            "`content check GAME [PATH]` validates a pack; `content ops GAME` lists the "
            "effect language; `content schema GAME` prints the pack's JSON Schema."
        ),
        no_args_is_help=True,
    )

    @content.command("check")
    def check_cmd(
        game: str = typer.Argument(
            ..., help="The game whose content format applies (lucidity, sleep-tight, etherfields)."
        ),
        path: Path | None = typer.Argument(
            None,
            help="The pack directory (or, for a one-file game, the JSON file) to check; "
            "default: the content shipped with the game.",
        ),
        strict: bool = typer.Option(
            False, "--strict", help="Treat warnings (unused files, unsupported ops) as errors."
        ),
        as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
    ) -> None:
        """Validate a content pack and print every problem as `file: entry: problem`.

        Checks the files' syntax (TOML or JSON), each record's fields and types, every effect expression (unknown ops and arguments, a cost where an effect is expected), unique ids, cross-references (a card a deck names, a script a tile reads) and the game's own rules (a starting deck holds 22 cards). Every problem is listed, not only the first.

        Exit code 0 when the pack is valid, 1 when it has errors (or, with --strict, warnings).

        Example: oneiros content check etherfields ./my-transcription
        """
        report = content_format(game).check(path)
        ok = report.ok(strict)
        if as_json:
            console.print_json(
                json.dumps(
                    {
                        "game": report.game,
                        "path": report.path,
                        "ok": ok,
                        "summary": report.summary,
                        "hash": report.catalog.hash if report.catalog else None,
                        "problems": [
                            {
                                "file": p.file,
                                "entry": p.entry,
                                "problem": p.problem,
                                "severity": p.severity,
                            }
                            for p in report.problems
                        ],
                    }
                )
            )
        else:
            for problem in report.problems:
                err_console.print(str(problem), highlight=False, soft_wrap=True, markup=False)
            if report.errors:
                n = len(report.errors)
                err_console.print(
                    f"{report.path}: {n} error{'s' if n > 1 else ''}", highlight=False
                )
            elif report.summary:
                w = len(report.warnings)
                tail = "OK" if ok else f"{w} {plural(w, 'warning', 'warnings')} (--strict)"
                console.print(f"{report.summary}: {tail}", highlight=False, soft_wrap=True)
        if not ok:
            sys.exit(1)

    @content.command("show")
    def show_cmd(
        game: str = typer.Argument(..., help="The game whose pack to show."),
        path: Path | None = typer.Argument(None, help="The pack (default: the shipped one)."),
        kind: str | None = typer.Option(
            None, "--kind", "-k", help="Show the records of this kind (default: count every kind)."
        ),
        lang: str = typer.Option("en", "--lang", help="Language of names and texts (en, es)."),
        as_json: bool = typer.Option(False, "--json", help="Print the records as JSON."),
    ) -> None:
        """Show what a pack holds: the records per kind, or one kind's records with their provenance and names."""
        fmt = content_format(game)
        load = getattr(fmt, "load", None)
        if load is None:
            fail(f"{game}: its content is one file; open {fmt.default_path()} to read it")
        catalog = load(path)
        kinds = catalog.kinds()
        if kind is not None and kind not in kinds:
            fail(f"{game} has no record kind {kind!r} (kinds: {', '.join(kinds)})")
        if kind is None:
            counts = {k: len(catalog.all(k)) for k in kinds}
            if as_json:
                console.print_json(json.dumps({"summary": catalog.summary(), "kinds": counts}))
                return
            console.print(catalog.summary(), highlight=False, soft_wrap=True)
            for k, n in counts.items():
                console.print(f"  {k}: {n}", highlight=False)
            return
        records = catalog.all(kind)
        if as_json:
            console.print_json(json.dumps([r.model_dump(mode="json") for r in records]))
            return
        table = Table(title=f"{game}: {kind} ({len(records)})", title_justify="left")
        table.add_column("id")
        table.add_column("provenance")
        table.add_column("name")
        for record in records:
            name = getattr(record, "name", None)
            table.add_row(
                str(record.id),
                catalog.provenance(record),
                name.get(lang) if name is not None else "",
            )
        console.print(table)

    @content.command("schema")
    def schema_cmd(
        game: str = typer.Argument(..., help="The game whose pack format to describe."),
    ) -> None:
        """Print the JSON Schema of every file of a game's content pack (for editors).

        The result maps each file name (pack.toml, turns.toml, dreams/*.toml, ...) to the JSON Schema of its content; expression fields accept the effect language as a string or in its object form.
        """
        console.print_json(json.dumps(content_format(game).schema()))

    @content.command("ops")
    def ops_cmd(
        game: str = typer.Argument(..., help="The game whose effect language to list."),
        as_json: bool = typer.Option(False, "--json", help="Print the language as JSON."),
    ) -> None:
        """List the ops of a game's effect language by category, with their arguments."""
        fmt = content_format(game)
        language = getattr(fmt, "language", None)
        if language is None:
            console.print(f"{game}: its content uses no effect language")
            return
        if as_json:
            console.print_json(json.dumps(language.schema()))
            return
        current = None
        for spec in language.ops():
            if spec.category != current:
                current = spec.category
                console.print(f"[bold]{current}[/]")
            flag = "" if spec.supported else "  (not supported yet)"
            console.print(
                f"  {spec.name}({spec.signature()}){flag}  [dim]{spec.doc}[/]",
                highlight=False,
                soft_wrap=True,
            )

    app.add_typer(content)
