"""``oneiros replay``: step through a finished or saved game, showing the table.

The record is rebuilt with ``oneiros.replay`` and then walked action by action. A step is
one decision of a seat together with the chance outcomes it led to (the dice it rolled,
the dreams it drew), so stepping forward shows one move at a time; ``turn N`` jumps to the
start of turn N (``state.turn_number()``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import typer
from rich.console import Console, Group
from rich.panel import Panel
from rich.text import Text

from ..core import CHANCE, ConfigError, IllegalAction, State, replay
from ..core.i18n import Translator, default_language, for_game
from ..core.registry import apply_recorded
from .common import fail, load_json_object
from .play import LANG_OPT, _check_lang
from .render import event_line, make_console, render_result, render_table, seat_label


def g(text: str) -> str:
    """Marks an interface string for the catalogue; :class:`ReplayViewer` translates it."""
    return text


REPLAY_HELP = g(
    "Enter or n: next move; b: back; turn N: jump to turn N; start; end; "
    "log: the events so far; q: quit."
)


class Position:
    """A moment worth showing: the state before a seat's decision (or the end)."""

    __slots__ = ("index", "state", "turn")

    def __init__(self, index: int, state: State) -> None:
        self.index = index
        self.state = state
        self.turn = state.turn_number()


def positions_of(record: dict[str, Any]) -> list[Position]:
    """Every position before a seat's decision, plus the start and the last position."""
    replay(record)  # validates the whole record first, with a one-line error naming the action
    state = replay({**record, "actions": []})
    out = [Position(0, state.clone())]
    for i, entry in enumerate(record["actions"]):
        try:
            apply_recorded(state, entry if isinstance(entry, list) else str(entry))
        except (IllegalAction, ValueError, IndexError) as exc:
            raise ConfigError(f"record action {i} ({entry!r}) does not replay: {exc}") from None
        if not state.is_chance():
            out.append(Position(i + 1, state.clone()))
    if out[-1].index != len(record["actions"]):
        out.append(Position(len(record["actions"]), state.clone()))
    return out


class ReplayViewer:
    """The stepping loop: reads commands and shows the table at each position."""

    def __init__(
        self,
        positions: Sequence[Position],
        console: Console,
        viewer: int | None,
        seats: Sequence[str] | None,
        input_fn: Callable[[], str] = input,
        echo_input: bool = False,
        tr: Translator | None = None,
    ) -> None:
        self.tr = tr if tr is not None else for_game(positions[0].state.game, "en")
        self.g = self.tr.gettext
        self.positions = positions
        self.console = console
        self.viewer = viewer
        self.seats = seats
        self.input_fn = input_fn
        self.echo_input = echo_input
        self.at = 0

    @property
    def state(self) -> State:
        return self.positions[self.at].state

    def show(self) -> None:
        pos = self.positions[self.at]
        if self.console.is_terminal:
            self.console.clear()
        previous = self.positions[self.at - 1] if self.at else None
        header = Text(
            self.g("Move {at} of {last}  (action {index}, turn {turn})").format(
                at=self.at, last=len(self.positions) - 1, index=pos.index, turn=pos.turn
            ),
            style="bold",
        )
        parts: list[Any] = [header]
        if previous is not None:
            new = list(pos.state.events(self.viewer))[len(previous.state.events(self.viewer)) :]
            actor = self._actor(previous.state, pos)
            lines = [Text(actor, style="bold")] if actor else []
            lines += [Text.assemble("  ", event_line(e, tr=self.tr)) for e in new]
            if lines:
                parts.append(Panel(Group(*lines), title=self.g("this move"), title_align="left"))
        self.console.print(Group(*parts))
        self.console.print(
            render_table(pos.state, self.viewer, self.seats, last_events=0, tr=self.tr)
        )
        if pos.state.is_terminal():
            self.console.print(render_result(pos.state, self.seats, tr=self.tr))

    def _actor(self, before: State, pos: Position) -> str:
        deciding = [s for s in before.to_move() if s != CHANCE]
        if not deciding:
            return ""
        history = pos.state.history()
        entry = history[len(before.history())] if len(history) > len(before.history()) else None
        if isinstance(entry, list):
            seat, aid = int(entry[0]), str(entry[1])
        elif entry is not None:
            seat, aid = deciding[0], str(entry)
        else:
            return ""
        label = aid
        info = before.game.info
        if seat == self.viewer or (info.perfect_information and not info.simultaneous):
            for action in before.legal_actions(seat):
                if action.id == aid:
                    label = self.tr.text(action.label)
                    break
        else:
            label = self.g("has chosen.")
        return f"{seat_label(seat, self.seats, self.viewer, tr=self.tr)}: {label}"

    def read(self) -> str:
        self.console.print("replay> ", end="")
        line = self.input_fn()
        if self.echo_input:
            self.console.print(line, markup=False, highlight=False)
        return line.strip()

    def run(self) -> None:
        self.show()
        self.console.print(Text(REPLAY_HELP, style="dim"))
        last = len(self.positions) - 1
        while True:
            try:
                answer = self.read()
            except EOFError:
                self.console.print("")
                return
            word, _, rest = answer.lower().partition(" ")
            rest = rest.strip()
            if word in ("", "n", "next", "f", "forward"):
                if self.at >= last:
                    self.say(self.g("This is the end of the record (b: back, q: quit)."))
                    continue
                self.at += 1
            elif word in ("b", "back", "p", "prev"):
                if self.at == 0:
                    self.say(self.g("This is the start of the game."))
                    continue
                self.at -= 1
            elif word in ("turn", "t") or (word.isdigit() and not rest):
                target = rest if word in ("turn", "t") else word
                if not target.isdigit():
                    self.say(self.g("turn takes a whole number, e.g. turn 3."))
                    continue
                found = self.find_turn(int(target))
                if found is None:
                    turns = self.positions[-1].turn
                    self.say(
                        self.g("There is no turn {turn}: the record has turns 0 to {last}.").format(
                            turn=target, last=turns
                        )
                    )
                    continue
                self.at = found
            elif word in ("start", "s", "first"):
                self.at = 0
            elif word in ("end", "e", "last"):
                self.at = last
            elif word == "log":
                events = list(self.state.events(self.viewer))
                body = Group(*(event_line(e, tr=self.tr) for e in events)) if events else Text("-")
                title = self.g("the story so far")
                self.console.print(Panel(body, title=title, title_align="left"))
                continue
            elif word in ("q", "quit", "exit"):
                return
            elif word in ("help", "h", "?"):
                self.say(self.g(REPLAY_HELP))
                continue
            else:
                shown = answer if len(answer) <= 30 else answer[:27] + "..."
                self.say(
                    self.g("{answer} is not a replay command.").format(answer=repr(shown))
                    + " "
                    + self.g(REPLAY_HELP)
                )
                continue
            self.show()

    def find_turn(self, turn: int) -> int | None:
        """The first position of turn ``turn`` (or the first after it), None past the end."""
        for i, pos in enumerate(self.positions):
            if pos.turn >= turn:
                return i
        return None

    def say(self, message: str) -> None:
        self.console.print(Text(message, style="yellow"))


def _seats_of(data: dict[str, Any], players: int) -> list[str] | None:
    seats = data.get("seats")
    if isinstance(seats, list) and len(seats) == players and all(isinstance(s, str) for s in seats):
        return list(seats)
    return None


def register(app: typer.Typer) -> None:
    @app.command("replay")
    def replay_cmd(
        record_file: Path = typer.Argument(
            ..., metavar="RECORD", help="A game record or saved game (JSON), e.g. an autosave."
        ),
        seat: int | None = typer.Option(
            None, "--seat", help="Watch as this seat sees it (default: the public view)."
        ),
        turn: int | None = typer.Option(None, "--turn", "-t", help="Start at turn N."),
        end: bool = typer.Option(False, "--end", help="Start at the end of the record."),
        lang: str | None = LANG_OPT,
    ) -> None:
        """Step through a finished or saved game: forward, back, jump to a turn."""
        lang = _check_lang(lang)
        data = load_json_object(record_file, "a game record")
        positions = positions_of(data)
        game = positions[0].state.game
        if seat is not None and not 0 <= seat < game.players:
            fail(f"--seat {seat}: the game has seats 0 to {game.players - 1}")
        console = make_console()
        viewer = ReplayViewer(
            positions,
            console,
            seat,
            _seats_of(data, game.players),
            echo_input=not _stdin_is_tty(),
            tr=for_game(game, lang or default_language(game)),
        )
        if turn is not None:
            found = viewer.find_turn(turn)
            if found is None:
                fail(f"--turn {turn}: the record has turns 0 to {positions[-1].turn}")
            viewer.at = found
        if end:
            viewer.at = len(positions) - 1
        viewer.run()


def _stdin_is_tty() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False
