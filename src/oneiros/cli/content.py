"""``oneiros content``: validate a game's content (cards, tiles, scripts) and list its effect
language."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer

from ..core.registry import content_format
from .common import console, err_console


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
                tail = "OK" if ok else f"{len(report.warnings)} warning(s) (--strict)"
                console.print(f"{report.summary}: {tail}", highlight=False, soft_wrap=True)
        if not ok:
            sys.exit(1)

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
