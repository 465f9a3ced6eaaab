"""One game at the terminal: the loop over the deciding seats, the table, the prompt.

Chance is sampled, bots act from what their seat may know (``view_for``), humans choose
from a numbered list or type a command (:mod:`oneiros.cli.play_commands`); the game is
saved after every move.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console, Group
from rich.panel import Panel
from rich.text import Text

from ..agents import Agent, make_agent
from ..agents.base import view_for
from ..core import CHANCE, Action, ConfigError, IllegalAction, State
from ..core.i18n import default_language, for_game
from .play_commands import PromptCommands
from .play_seats import HUMAN
from .render import (
    event_line,
    name_seats,
    render_result,
    render_table,
    seat_label,
    seat_name,
)

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


class PlaySession(PromptCommands):
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
