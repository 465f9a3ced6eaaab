"""``oneiros play`` and ``oneiros resume``: humans and bots at one table in the terminal.

The loop asks each deciding seat in turn: chance is sampled, bots act from what their
seat may know (``view_for``), humans choose from a numbered list. After every move the
game is saved (the core record plus the seats) so that nothing typed, no crash and no
end of input can lose it; ``oneiros resume FILE`` continues from that file.
"""

from __future__ import annotations

import json
import os
import random
import tempfile
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import typer
from rich.console import Console, Group
from rich.panel import Panel
from rich.text import Text
from typer.core import TyperCommand

from ..agents import Agent, make_agent
from ..agents.base import view_for
from ..agents.estimate import win_chance
from ..core import CHANCE, Action, ConfigError, Game, IllegalAction, State, games, replay
from ..core.i18n import LANGUAGES, LanguageError, card_texts_in, default_language, for_game
from .common import OPTION_OPT, PLAYERS_OPT, RULESET_OPT, SEED_OPT, fail, make_game
from .render import (
    event_line,
    make_console,
    name_seats,
    render_data,
    render_result,
    render_table,
    risk_renderer,
    risk_when,
    seat_label,
    seat_name,
    translated,
)

HUMAN = "human"
HINT_PLAYOUTS = 200
"""Playouts behind the hint's win-chance estimate (fewer if they take too long)."""
HINT_SECONDS = 2.0
HINT_SEARCH_SECONDS = 3.0
"""At most this long for the hint's search (wall clock, on top of its own iteration budget:
a game whose playouts are long, Etherfields, stops here)."""
LAST_EVENTS = 8
"""Events shown under the table on a terminal."""
LAST_MOVES = 14
"""Lines of the moves just made shown under the table on a terminal."""
COMMANDS_HELP = (
    "Type the number of a choice or its action id. Commands: "
    "? (the rule behind this decision), log [N] (the story so far), risk (risk meter), "
    "hint (what the MCTS bot would do), card [NAME] (read a card; alone: list them), undo, "
    "table, choices, save FILE, quit."
)


class Quit(Exception):
    """The player typed ``quit`` (the game stays saved)."""


class EndOfInput(Exception):
    """Standard input ended (piped answers ran out): save and stop."""


# ----- saved games --------------------------------------------------------------------------
def save_game(path: Path, state: State, seats: Sequence[str]) -> None:
    """Write the record plus the seats atomically (a crash never leaves half a file)."""
    data: dict[str, Any] = state.record()
    data["seats"] = list(seats)
    path = path.expanduser()
    directory = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=".oneiros-", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(data, out, indent=1)
            out.write("\n")
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def default_players(name: str) -> int:
    """Four players when the game allows it (``make play``), else the game's default."""
    probe = make_game(name, None, None, None)
    info = probe.info
    return 4 if info.min_players <= 4 <= info.max_players else info.default_players


def default_bot(game: Game) -> str:
    return "heuristic" if game.heuristic_policy() is not None else "random"


def parse_seats(text: str | None, game: Game) -> list[str]:
    """``human,heuristic,mcts`` -> a checked list, one entry per seat."""
    if text is None:
        return [HUMAN] + [default_bot(game)] * (game.players - 1)
    seats = [s.strip() for s in text.split(",")]
    if len(seats) != game.players:
        raise ConfigError(
            f"--seats names {len(seats)} seat(s) but the game has {game.players} players"
        )
    for spec in seats:
        if not spec:
            raise ConfigError(f"--seats {text!r}: a seat is empty (use human or a bot spec)")
        if spec != HUMAN:
            make_agent(spec, game)  # raises ConfigError for an unknown bot or parameter
    return seats


def check_seats(seats: Any, players: int) -> list[str]:
    if (
        not isinstance(seats, list)
        or len(seats) != players
        or not all(isinstance(s, str) and s for s in seats)
    ):
        raise ConfigError(f"the saved game's seats must be a list of {players} seat specs")
    return list(seats)


# ----- the session --------------------------------------------------------------------------
class PlaySession:
    """One game at the terminal: whose turn, what to show, what to ask, when to save."""

    def __init__(
        self,
        state: State,
        seats: Sequence[str],
        console: Console,
        autosave: Path,
        delay: float = 0.6,
        hint_spec: str = "mcts",
        input_fn: Callable[[], str] = input,
        echo_input: bool = False,
        lang: str | None = None,
    ) -> None:
        self.state = state
        self.game = state.game
        self.lang = lang or default_language(self.game)
        self.tr = for_game(self.game, self.lang)
        self.g = self.tr.gettext
        self.seats = list(seats)
        self.console = console
        self.autosave_path = autosave
        self.delay = delay
        self.hint_spec = hint_spec
        self.input_fn = input_fn
        self.echo_input = echo_input
        self.seed = state.seed if state.seed is not None else 0
        self.humans = [i for i, s in enumerate(self.seats) if s == HUMAN]
        self.agents: dict[int, Agent] = {
            i: make_agent(spec, self.game, seed=self.seed * 101 + i)
            for i, spec in enumerate(self.seats)
            if spec != HUMAN
        }
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.last_human: int | None = None
        self.live = console.is_terminal
        self.narrated = len(state.events())
        self.pending: list[Text] = []
        self.bot_moved = False
        self.shown: tuple[int, int | None] | None = None

    # -- the loop --
    def run(self) -> int:
        self.intro()
        try:
            while not self.state.is_terminal():
                if self.state.is_chance():
                    self.apply(self.state.sample_chance(self._rng("chance")), CHANCE)
                    continue
                self.save()
                self.flush()
                deciding = self.state.to_move()
                seat = next((s for s in deciding if s in self.agents), deciding[0])
                if seat in self.agents:
                    self.bot_move(seat)
                else:
                    self.human_move(seat)
            self.save()
            self.flush()
            self.finish()
            return 0
        except Quit:
            self.save()
            saved = self.g("Game saved to {path}.").format(path=self.autosave_path)
            self.note(f"{saved} {self._resume_hint()}")
            return 0
        except EndOfInput:
            self.save()
            saved = self.g("Input ended: game saved to {path}.").format(path=self.autosave_path)
            self.note(f"\n{saved} {self._resume_hint()}")
            return 0
        except (ConfigError, IllegalAction, RuntimeError, ValueError, KeyError, TypeError) as exc:
            # a fault in a bot or a game: keep the game, say what broke, never a traceback
            self.save()
            self.note(
                f"\nThe game stopped on an internal error ({type(exc).__name__}: {exc}). "
                f"It is saved to {self.autosave_path}. {self._resume_hint()}"
            )
            return 1
        except KeyboardInterrupt:
            self.save()
            saved = self.g("Interrupted: game saved to {path}.").format(path=self.autosave_path)
            self.note(f"\n{saved} {self._resume_hint()}")
            return 130

    def _resume_hint(self) -> str:
        return self.g("Continue with: oneiros resume {path}").format(path=self.autosave_path)

    def _rng(self, what: str) -> random.Random:
        # a fresh, reproducible stream per position: resuming a save rolls the same dice
        return random.Random(f"{self.seed}:{what}:{len(self.state.history())}")

    def intro(self) -> None:
        info = self.game.info
        seats = ", ".join(seat_label(i, self.seats, tr=self.tr) for i in range(self.game.players))
        self.console.print(
            Text.assemble(
                (info.title, "bold"),
                self.g(" ({players} players, rule set {ruleset}, seed {seed})").format(
                    players=self.game.players, ruleset=self.game.ruleset, seed=self.state.seed
                )
                + "\n",
                self.g("Seats: {seats}").format(seats=seats) + "\n",
                self.g("Autosave: {path} (continue later with `oneiros resume {path}`)").format(
                    path=self.autosave_path
                )
                + "\n",
                self.g("At any prompt type help for the commands."),
            ),
            soft_wrap=True,
        )

    def save(self) -> None:
        try:
            save_game(self.autosave_path, self.state, self.seats)
        except OSError as exc:
            self.console.print(
                f"[yellow]warning:[/] could not autosave to {self.autosave_path}: "
                f"{exc.strerror or exc}"
            )

    # -- applying and showing moves --
    def apply(self, action: Action | str, seat: int, suffix: str = "") -> None:
        aid = action.id if isinstance(action, Action) else action
        label = aid
        if seat != CHANCE:
            for legal in self.state.legal_actions(seat):
                if legal.id == aid:
                    label = self.tr.text(legal.label)
                    break
        self.state.apply(aid, player=seat)
        if seat != CHANCE:
            who = seat_label(seat, self.seats, self.viewer, self.tr)
            shown = name_seats(label) if self._may_see(seat) else self.g("has chosen.")
            self.pending.append(Text.assemble((f"{who}: ", "bold"), shown, (suffix, "dim")))
        events = self.state.events()
        for event in events[self.narrated :]:
            if event.visible(self.viewer):
                self.pending.append(Text.assemble("  ", event_line(event, tr=self.tr)))
        self.narrated = len(events)

    def _may_see(self, seat: int) -> bool:
        """Whether the viewer may read the label of ``seat``'s choice. In games with hidden
        or simultaneous choices only the game's own events say what others did."""
        info = self.game.info
        return seat == self.viewer or (info.perfect_information and not info.simultaneous)

    def flush(self) -> None:
        """Show what happened since the last look, then pause if a bot moved."""
        if not self.pending:
            return
        if self.live:
            self.show_table(force=True, recent=self.pending)
        else:
            for line in self.pending:
                self.console.print(line)
        self.pending = []
        if self.bot_moved and self.delay > 0:
            time.sleep(self.delay)
        self.bot_moved = False

    def show_table(self, force: bool = False, recent: Sequence[Text] = ()) -> None:
        """Draw the table for the viewer. On a terminal the screen is redrawn with the moves
        just made (or the last events); piped output narrates events inline instead."""
        key = (len(self.state.history()), self.viewer)
        if not force and self.shown == key:
            return
        if self.live:
            self.console.clear()
        show_events = LAST_EVENTS if self.live and not recent else 0
        self.console.print(
            render_table(self.state, self.viewer, self.seats, show_events, tr=self.tr)
        )
        if recent and self.live:
            lines = list(recent)[-LAST_MOVES:]
            self.console.print(Panel(Group(*lines), title=self.g("last moves"), title_align="left"))
        if self.live:
            hint = self.g("autosave: {path} · type help for the commands")
            self.console.print(Text(hint.format(path=self.autosave_path), "dim"), soft_wrap=True)
        self.shown = key

    def bot_move(self, seat: int) -> None:
        agent = self.agents[seat]
        view = view_for(self.state.clone(), seat, self._rng(f"view{seat}"))
        action = agent.act(view, seat)
        self.apply(action.id, seat)
        self.bot_moved = True

    # -- humans --
    def read(self, prompt: str) -> str:
        self.console.print(prompt, end="")
        try:
            line = self.input_fn()
        except EOFError:
            raise EndOfInput from None
        if self.echo_input:
            self.console.print(line, highlight=False, markup=False)
        return line.strip()

    def pass_device(self, seat: int) -> None:
        if self.live:
            self.console.clear()
        self.console.print(
            Panel(
                Text(
                    f"Pass the device to {seat_name(seat)} (player {seat + 1}).\n"
                    f"{seat_name(seat)}: press Enter when you are ready (others, look away).",
                    justify="center",
                ),
                title="hot-seat",
            )
        )
        answer = self.read("> ")
        if answer.lower() in ("quit", "q", "exit"):
            raise Quit
        self.shown = None

    def human_move(self, seat: int) -> None:
        legal = self.state.legal_actions(seat)
        if len(legal) == 1:
            # a forced move is played at once; undo skips over it
            self.apply(legal[0].id, seat, suffix=self.g(" (the only choice)"))
            return
        if len(self.humans) > 1 and self.last_human is not None and self.last_human != seat:
            if self.game.info.perfect_information:
                # nothing is hidden: just say whose turn it is
                self.console.rule(f"{seat_name(seat)} (human) to play", style="bold cyan")
                self.shown = None
            else:
                self.pass_device(seat)
        self.last_human = seat
        if self.viewer != seat:
            self.viewer = seat
            self.shown = None
        self.show_table()
        self.show_choices(seat)
        while True:
            answer = self.read(f"{seat_name(seat)}> ")
            try:
                outcome = self.handle(answer, seat)
            except (Quit, EndOfInput, KeyboardInterrupt):
                raise
            except Exception as exc:  # a failing command must never lose the game
                self.say(f"That did not work ({type(exc).__name__}: {exc}); the game goes on.")
                continue
            if outcome is None:
                continue
            if outcome == "undone":
                return
            self.apply(outcome, seat)
            return

    def show_choices(self, seat: int) -> None:
        decision = self.state.decision(seat)
        prompt = self.tr.text(decision.prompt) if decision else self.g("Your choice")
        lines = [
            Text.assemble(
                (f"{seat_label(seat, self.seats, seat, self.tr)}, ", "bold"), name_seats(prompt)
            )
        ]
        for i, action in enumerate(self.state.legal_actions(seat), 1):
            lines.append(
                Text.assemble(
                    (f"{i:>3}. ", "bold cyan"),
                    name_seats(self.tr.text(action.label)),
                    (f"  [{action.id}]", "dim"),
                )
            )
        lines.append(
            Text(self.g("Type a number or an action id; help for the commands."), style="dim")
        )
        self.console.print(Group(*lines))

    def handle(self, answer: str, seat: int) -> str | None:
        """An action id to apply, ``"undone"`` after an undo, or None to ask again."""
        legal = self.state.legal_actions(seat)
        ids = [a.id for a in legal]
        n = len(legal)
        if not answer:
            self.say(self.g("Type a number from 1 to {n}, an action id, or help.").format(n=n))
            return None
        if answer.isdigit() or (answer.startswith("-") and answer[1:].isdigit()):
            index = int(answer)
            if 1 <= index <= n:
                return ids[index - 1]
            self.say(f"{answer} is not one of the choices: type a number from 1 to {n}.")
            return None
        if answer in ids:
            return answer
        lowered = [i.lower() for i in ids]
        if answer.lower() in lowered:
            return ids[lowered.index(answer.lower())]
        word, _, rest = answer.partition(" ")
        word = word.lower()
        rest = rest.strip()
        if word in ("?", "rule", "why"):
            self.explain(seat)
        elif word in ("help", "h"):
            self.say(self.g(COMMANDS_HELP))
        elif word == "log":
            self.log(seat, rest)
        elif word == "risk":
            self.risk(seat)
        elif word in ("card", "cards"):
            self.card(rest)
        elif word == "hint":
            self.hint(seat)
        elif word == "undo":
            if self.undo(seat):
                return "undone"
        elif word == "save":
            self.save_as(rest)
        elif word in ("quit", "exit", "q"):
            raise Quit
        elif word in ("table", "board", "show"):
            self.show_table(force=True)
        elif word in ("choices", "list", "ls"):
            self.show_choices(seat)
        else:
            shown = answer if len(answer) <= 30 else answer[:27] + "..."
            self.say(
                self.g(
                    "{answer} is not a choice here: type a number from 1 to {n}, "
                    "an action id, or help."
                ).format(answer=repr(shown), n=n)
            )
        return None

    def busy(self, message: str) -> AbstractContextManager[object]:
        """A spinner on a terminal while something slow runs; nothing when piped."""
        return self.console.status(message) if self.live else nullcontext()

    def note(self, message: str) -> None:
        """A plain message that is never wrapped (file names stay whole)."""
        self.console.print(Text(message), soft_wrap=True)

    def say(self, message: str) -> None:
        self.console.print(Text(message, style="yellow"))

    # -- commands --
    def explain(self, seat: int) -> None:
        decision = self.state.decision(seat)
        if decision is None or not decision.rule:
            self.say(self.g("This decision names no rule."))
            return
        try:
            text = self.game.rule_text(decision.rule)
        except Exception as exc:  # the game's explainer failing must not hide the reference
            text = None
            self.say(f"(The explanation could not be loaded: {type(exc).__name__}: {exc})")
        body = Text(decision.rule, style="bold")
        if text:  # without an explanation the reference is shown alone
            body.append("\n" + self.tr.text(text.strip()), style="not bold")
        self.console.print(Panel(body, title=self.g("the rule"), title_align="left"))

    def card(self, rest: str) -> None:
        """``card NAME``: the card's name, cost and text; ``card`` alone: every card's name."""
        texts = card_texts_in(self.game, self.lang)
        if not texts:
            self.say("This game has no cards to read.")
            return
        if not rest:
            names = sorted({c["name"] for c in texts.values() if c.get("kind") not in ("face",)})
            self.console.print(
                Panel(
                    Text(", ".join(names)), title="cards (card NAME reads one)", title_align="left"
                )
            )
            return
        want = rest.lower()
        found = [c for cid, c in texts.items() if want == cid.lower() or want in c["name"].lower()]
        if not found:
            self.say(f"No card is called {rest!r}: type card alone for the list.")
            return
        for c in found[:4]:
            body = Text(c["name"], style="bold")
            if c.get("cost") is not None:
                body.append(f"  (cost {c['cost']})", style="dim")
            body.append("\n" + str(c["text"]))
            if c.get("rule"):
                body.append(f"\n[{c['rule']}]", style="dim")
            self.console.print(Panel(body, title="card", title_align="left"))

    def log(self, seat: int, rest: str) -> None:
        events = list(self.state.events(seat))
        if rest:
            if not rest.isdigit() or int(rest) == 0:
                self.say("log takes a positive number of lines, e.g. log 20.")
                return
            events = events[-int(rest) :]
        if not events:
            self.say("Nothing has happened yet.")
            return
        lines = [event_line(e, tr=self.tr) for e in events]
        self.console.print(
            Panel(Group(*lines), title=self.g("the story so far"), title_align="left")
        )

    def risk(self, seat: int) -> None:
        with self.busy("Estimating the risk..."):
            risk = self.state.insights(seat).get("risk")
        if risk is None:
            when = risk_when(self.game)
            self.say(
                f"No risk meter at this decision: {self.game.info.title} shows it {when}."
                if when
                else f"{self.game.info.title} has no risk meter at this decision."
            )
            return
        draw = risk_renderer(self.game)
        body = draw(risk, **translated(draw, self.tr))
        self.console.print(Panel(body, title="risk meter", title_align="left"))

    def hint(self, seat: int) -> None:
        name = self.hint_spec.partition(":")[0]
        try:
            agent = make_agent(
                self.hint_spec, self.game, seed=self.seed + len(self.state.history())
            )
        except ConfigError as exc:
            self.say(f"No hint: the {name} bot is not available ({exc}).")
            return
        if getattr(agent, "seconds", 0) is None:
            agent.seconds = HINT_SEARCH_SECONDS  # type: ignore[attr-defined]  # and its iterations
        view = view_for(self.state.clone(), seat, self._rng(f"hint{seat}"))
        try:
            with self.busy(f"The {name} bot is thinking..."):
                action = agent.act(view, seat)
        except (ConfigError, IllegalAction, NotImplementedError) as exc:
            self.say(f"No hint: the {name} bot could not decide ({exc}).")
            return
        label = next(
            (self.tr.text(a.label) for a in self.state.legal_actions(seat) if a.id == action.id),
            action.id,
        )
        ids = [a.id for a in self.state.legal_actions(seat)]
        number = f"{ids.index(action.id) + 1}. " if action.id in ids else ""
        line = Text.assemble(
            f"The {name} bot would play ", (f"{number}{label}", "bold"), f" [{action.id}]"
        )
        with self.busy("Playing the game out..."):
            estimate, playouts, bots = self.playout_estimate(seat, action.id)
        if playouts:
            line.append(
                f"; estimated win chance after it: {estimate:.0%} "
                f"({playouts} playouts with {bots} bots)."
            )
        self.console.print(Panel(line, title="hint", title_align="left"))

    def playout_estimate(
        self, seat: int, action_id: str, playouts: int = HINT_PLAYOUTS
    ) -> tuple[float, int, str]:
        """How often ``seat`` wins when the game is played out after ``action_id`` by the
        game's heuristic bot (random moves when it has none), from what the seat may know."""
        got = win_chance(
            self.state, seat, action_id, self._rng(f"estimate{seat}"), playouts, HINT_SECONDS
        )
        return got.chance, got.playouts, got.bots

    def undo(self, seat: int) -> bool:
        others = [s for i, s in enumerate(self.seats) if i != seat]
        if any(s == HUMAN for s in others):
            self.say("undo is only allowed when every other seat is a bot.")
            return False
        record = self.state.record()
        actions = record["actions"]
        actors = actors_of(self.game, record)
        mine = [i for i, (who, choices) in enumerate(actors) if who == seat and choices > 1]
        if not mine:
            self.say("Nothing to undo: you have not made a decision yet.")
            return False
        record["actions"] = actions[: mine[-1]]
        self.state = replay(record)
        self.narrated = len(self.state.events())
        self.pending = []
        self.shown = None
        self.save()
        self.console.print(Text("Undone: back to your previous decision.", style="bold yellow"))
        return True

    def save_as(self, rest: str) -> None:
        if not rest:
            self.say("save needs a file name: save FILE")
            return
        path = Path(rest).expanduser()
        try:
            save_game(path, self.state, self.seats)
        except OSError as exc:
            self.say(f"Could not save to {path}: {exc.strerror or exc}.")
            return
        self.note(f"Saved to {path} (continue with `oneiros resume {path}`).")

    # -- the end --
    def finish(self) -> None:
        viewer = self.viewer if len(self.humans) <= 1 else None
        if self.live:
            self.console.clear()
        self.console.print(render_table(self.state, viewer, self.seats, 8, tr=self.tr))
        self.console.print(render_result(self.state, self.seats, viewer, tr=self.tr))
        self.note(
            f"The record is in {self.autosave_path}: watch it again with "
            f"`oneiros replay {self.autosave_path}`."
        )


def actors_of(game: Game, record: dict[str, Any]) -> list[tuple[int, int]]:
    """For each action of a record: the seat (or CHANCE) that made it, and how many
    choices it had."""
    state = game.new_state(seed=record.get("seed"))
    out: list[tuple[int, int]] = []
    for entry in record["actions"]:
        if isinstance(entry, list):
            seat, aid = int(entry[0]), str(entry[1])
        else:
            current = state.current_player()
            seat, aid = (CHANCE if current is None else current), str(entry)
        out.append((seat, len(state.legal_actions(seat))))
        state.apply(aid, player=seat)
    return out


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
        from .common import load_json

        lang = _check_lang(lang)
        data = load_json(file)
        if not isinstance(data, dict):
            fail(f"{file}: not a saved game (expected a JSON object)")
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


__all__ = ["PlaySession", "register", "render_data", "save_game"]
