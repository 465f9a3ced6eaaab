"""The ``oneiros`` command line. Each command group lives in its own module with a
``register(app)`` function; bad arguments give a one-line error, never a traceback."""

from __future__ import annotations

import importlib
import sys

import typer

try:  # typer vendors click from 0.2x on; older releases depend on click itself
    from typer._click import exceptions as click_exc
except ImportError:  # pragma: no cover
    from click import exceptions as click_exc  # type: ignore[no-redef]

from ..core import OneirosError
from .common import console, fail

app = typer.Typer(
    name="oneiros",
    help="Dream-themed board games played faithfully: play, simulate, replay, analyse.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)

EXTRA_OF = {
    "matplotlib": "analysis",
    "trueskill": "analysis",
    "numpy": "rl",
    "gymnasium": "rl",
    "pettingzoo": "rl",
    "pyspiel": "rl",
    "open_spiel": "rl",
    "ray": "ray",
    "fastapi": "web",
    "uvicorn": "web",
    "sqlalchemy": "web",
    "httpx2": "web",
    "websockets": "web",
    "psycopg": "postgres",
}
"""The extra that installs each optional library (pyproject.toml's optional-dependencies)."""

COMMAND_MODULES = (
    "oneiros.cli.games",
    "oneiros.cli.play",
    "oneiros.cli.replay",
    "oneiros.cli.simulate",
    "oneiros.cli.analysis",
    "oneiros.cli.bench",
    "oneiros.cli.serve",
    "oneiros.cli.content",
    "oneiros.cli.campaign",
)

for _module in COMMAND_MODULES:
    importlib.import_module(_module).register(app)


def _print_version(value: bool) -> None:
    if value:
        from .. import __version__

        console.print(f"oneiros {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False,
        "--version",
        help="Print the version and exit.",
        callback=_print_version,
        is_eager=True,
    ),
) -> None:
    """Oneiros: Lucidity, Sleep Tight and more, with bots, simulation and analysis."""


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``oneiros`` console script."""
    try:
        result = app(args=argv, standalone_mode=False)
        if isinstance(result, int) and result:
            sys.exit(result)
    except click_exc.NoArgsIsHelpError as exc:
        console.print(exc.ctx.get_help() if exc.ctx else "")
    except click_exc.UsageError as exc:
        hint = f" (see `{exc.ctx.command_path} --help`)" if exc.ctx else ""
        fail(exc.format_message().replace("\n", " ") + hint)
    except typer.Abort:
        console.print("[yellow]aborted[/]")
        sys.exit(130)
    except click_exc.ClickException as exc:
        fail(exc.format_message())
    except OneirosError as exc:
        fail(str(exc))
    except ModuleNotFoundError as exc:
        missing = (exc.name or "").split(".")[0]
        if missing not in EXTRA_OF:
            raise
        extra = EXTRA_OF[missing]
        fail(
            f"this command needs {missing}, which is not installed: "
            f"pip install 'oneiros[{extra}]' (from a checkout: pip install -e '.[{extra}]')"
        )
    except BrokenPipeError:
        sys.exit(0)
    except KeyboardInterrupt:
        console.print("[yellow]interrupted[/]")
        sys.exit(130)


if __name__ == "__main__":
    main()
