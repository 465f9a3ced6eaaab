"""``oneiros play`` and ``oneiros resume``: humans and bots at one table in the terminal.

The loop asks each deciding seat in turn: chance is sampled, bots act from what their
seat may know (``view_for``), humans choose from a numbered list. After every move the
game is saved (the core record plus the seats) so that nothing typed, no crash and no
end of input can lose it; ``oneiros resume FILE`` continues from that file.

The session itself is :mod:`oneiros.cli.play_session` (its prompt's commands:
:mod:`oneiros.cli.play_commands`; seats and saved games: :mod:`oneiros.cli.play_seats`);
this module holds the two commands and re-exports those names.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import typer
from rich.text import Text
from typer.core import TyperCommand

from ..core import State, games, replay
from ..core.i18n import LANGUAGES, LanguageError, default_language, for_game
from .common import OPTION_OPT, PLAYERS_OPT, RULESET_OPT, SEED_OPT, fail, make_game
from .play_commands import HINT_PLAYOUTS, HINT_SEARCH_SECONDS, HINT_SECONDS, PromptCommands
from .play_seats import (
    HUMAN,
    actors_of,
    check_seats,
    default_bot,
    default_players,
    parse_seats,
    save_game,
)
from .play_session import COMMANDS_HELP, LAST_EVENTS, LAST_MOVES, EndOfInput, PlaySession, Quit
from .render import make_console, render_data, render_result, render_table


# ----- the commands -------------------------------------------------------------------------
def _stdin_is_tty() -> bool:
    import sys

    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def start_session(
    state: State,
    seats: list[str],
    autosave: Path,
    delay: float,
    hint: str,
    lang: str | None = None,
) -> int:
    console = make_console()
    session = PlaySession(
        state,
        seats,
        console,
        autosave,
        delay=delay,
        hint_spec=hint,
        echo_input=not _stdin_is_tty(),
        lang=lang,
    )
    return session.run()


def _check_autosave(path: Path) -> Path:
    path = path.expanduser()
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        fail(f"--autosave {path}: the folder {parent} does not exist")
    if path.is_dir():
        fail(f"--autosave {path}: is a folder, not a file")
    return path


DELAY_OPT = typer.Option(
    0.6, "--delay", min=0.0, help="Seconds to pause after each bot move (0: no pause)."
)
AUTOSAVE_HELP = "Where the game is saved after every move."
HINT_OPT = typer.Option(
    "mcts", "--hint-agent", help="The bot asked by the hint command (an agent spec)."
)
LANG_OPT = typer.Option(
    None,
    "--lang",
    help=f"The language of the table: {', '.join(LANGUAGES)} "
    "(default: es for the lucidity-es rule set, en otherwise): the board, events, prompts, "
    "choices, card and rule texts.",
)


def _check_lang(lang: str | None) -> str | None:
    if lang is None:
        return None
    try:
        from ..core.i18n import check_language

        return check_language(lang.lower())
    except LanguageError as exc:
        fail(f"--lang: {exc}")


SCENARIO_OPT = typer.Option(
    None,
    "--scenario",
    metavar="ID",
    help="What to play, for a game with scenarios (its `scenario` option): a Dream, a Slumber "
    "or a journey of Slumbers for etherfields; the list is below. A bare id (OS-03) is enough "
    "when it names one.",
)


def scenario_list() -> str:
    """The scenarios every game offers (its ``scenario`` option's menu), one game a
    paragraph: read from the games' content packs, so only when the help is shown."""
    out = []
    for info in games():
        spec = next((o for o in info.options if o.name == "scenario" and o.choices), None)
        if spec is None:
            continue
        labels = spec.labels or {}
        listed = "; ".join(
            f"{c} ({labels[c]})" if c in labels else str(c) for c in spec.choices or ()
        )
        out.append(f"Scenarios of {info.name} (--scenario): {listed}.")
    return "\n\n".join(out)


class PlayCommand(TyperCommand):
    """``oneiros play``: its help ends with the scenarios the games' content packs offer."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        if self.epilog is None:
            self.epilog = scenario_list() or None
        super().format_help(ctx, formatter)


def scenario_options(game_name: str, scenario: str | None, option: list[str] | None) -> list[str]:
    """``--option`` with ``--scenario ID`` added as ``scenario=ID``; a bare id (``OS-03``)
    becomes the one scenario of the game's menu that ends with it (``slumber:OS-03``)."""
    options = list(option or [])
    if scenario is None:
        return options
    if any(o.partition("=")[0].strip() == "scenario" for o in options):
        fail("--scenario and --option scenario=... both say what to play: give one")
    try:
        info = next(i for i in games() if i.name == game_name)
    except StopIteration:
        return [*options, f"scenario={scenario}"]  # make_game names the unknown game
    spec = next((o for o in info.options if o.name == "scenario"), None)
    if spec is None:
        fail(f"--scenario: {game_name} has no scenarios")
    wanted = scenario.strip()
    menu = [str(c) for c in spec.choices or ()]
    if wanted not in menu:
        named = [c for c in menu if c.split(":", 1)[-1] == wanted]
        if len(named) == 1:
            wanted = named[0]
    return [*options, f"scenario={wanted}"]


def register(app: typer.Typer) -> None:
    @app.command("play", cls=PlayCommand)
    def play_cmd(
        game_name: str = typer.Argument(
            ..., metavar="GAME", help="The game, e.g. lucidity (see `oneiros games`)."
        ),
        players: int | None = PLAYERS_OPT,
        seats: str | None = typer.Option(
            None,
            "--seats",
            help="Who sits where, comma-separated: human or a bot spec "
            "(default: you at seat 0, heuristic bots elsewhere).",
        ),
        ruleset: str | None = RULESET_OPT,
        scenario: str | None = SCENARIO_OPT,
        option: list[str] | None = OPTION_OPT,
        seed: int | None = SEED_OPT,
        delay: float = DELAY_OPT,
        autosave: Path | None = typer.Option(
            None, "--autosave", help=AUTOSAVE_HELP + " Default: oneiros-GAME-TIME.json here."
        ),
        hint: str = HINT_OPT,
        lang: str | None = LANG_OPT,
    ) -> None:
        """Play a game at this terminal: humans (hot-seat) and bots, saved after every move."""
        lang = _check_lang(lang)
        if players is None:
            count = len(seats.split(",")) if seats is not None else default_players(game_name)
        else:
            count = players
        game = make_game(game_name, count, ruleset, scenario_options(game_name, scenario, option))
        seat_specs = parse_seats(seats, game)
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2**31)
        if autosave is None:
            stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
            autosave = Path(f"oneiros-{game.name}-{stamp}.json")
        autosave = _check_autosave(autosave)
        state = game.new_state(seed=seed)
        code = start_session(state, seat_specs, autosave, delay, hint, lang)
        if code:
            raise typer.Exit(code)

    @app.command("resume")
    def resume_cmd(
        file: Path = typer.Argument(
            ..., metavar="FILE", help="A saved game (an autosave or `save FILE`)."
        ),
        seats: str | None = typer.Option(
            None, "--seats", help="Change who sits where (default: as saved)."
        ),
        delay: float = DELAY_OPT,
        autosave: Path | None = typer.Option(
            None, "--autosave", help=AUTOSAVE_HELP + " Default: the resumed file itself."
        ),
        hint: str = HINT_OPT,
        lang: str | None = LANG_OPT,
    ) -> None:
        """Continue a saved game where it stopped."""
        from .common import load_json_object

        lang = _check_lang(lang)
        data = load_json_object(file, "a saved game")
        state = replay(data)
        if seats is not None:
            seat_specs = parse_seats(seats, state.game)
        elif "seats" in data:
            seat_specs = check_seats(data["seats"], state.game.players)
        else:
            seat_specs = parse_seats(None, state.game)
        target = _check_autosave(autosave if autosave is not None else file)
        console = make_console()
        if state.is_terminal():
            tr = for_game(state.game, lang or default_language(state.game))
            console.print(Text(f"{file}: this game is already over."), soft_wrap=True)
            console.print(render_table(state, None, seat_specs, tr=tr))
            console.print(render_result(state, seat_specs, tr=tr))
            console.print(Text(f"Watch it again with `oneiros replay {file}`."), soft_wrap=True)
            return
        code = start_session(state, seat_specs, target, delay, hint, lang)
        if code:
            raise typer.Exit(code)


__all__ = [
    "COMMANDS_HELP",
    "HINT_PLAYOUTS",
    "HINT_SEARCH_SECONDS",
    "HINT_SECONDS",
    "HUMAN",
    "LAST_EVENTS",
    "LAST_MOVES",
    "EndOfInput",
    "PlaySession",
    "PromptCommands",
    "Quit",
    "actors_of",
    "check_seats",
    "default_bot",
    "default_players",
    "parse_seats",
    "register",
    "render_data",
    "save_game",
]
