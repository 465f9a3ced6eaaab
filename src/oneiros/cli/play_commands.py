"""The commands a player types at the terminal's prompt instead of a choice.

``?`` (the rule behind the decision), ``card [NAME]``, ``log [N]``, ``risk``, ``hint``,
``undo`` and ``save FILE``: :class:`PromptCommands`, a base of
:class:`oneiros.cli.play_session.PlaySession` (which holds the loop, the table and the
prompt that dispatches to these), with the autosave they share.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path

from rich.console import Console, Group
from rich.panel import Panel
from rich.text import Text

from ..agents import make_agent
from ..agents.base import view_for
from ..agents.estimate import win_chance
from ..core import ConfigError, Game, IllegalAction, State, replay
from ..core.i18n import Translator, card_texts_in
from .play_seats import HUMAN, actors_of, save_game
from .render import event_line, risk_renderer, risk_when, translated

HINT_PLAYOUTS = 200
"""Playouts behind the hint's win-chance estimate (fewer if they take too long)."""
HINT_SECONDS = 2.0
HINT_SEARCH_SECONDS = 3.0
"""At most this long for the hint's search (wall clock, on top of its own iteration budget:
a game whose playouts are long, Etherfields, stops here)."""


class PromptCommands:
    """The prompt's commands, the messages they print and the autosave, for a session
    that sets these attributes (:class:`~oneiros.cli.play_session.PlaySession`)."""

    state: State
    game: Game
    lang: str
    tr: Translator
    g: Callable[[str], str]
    seats: list[str]
    console: Console
    autosave_path: Path
    hint_spec: str
    seed: int
    live: bool
    narrated: int
    pending: list[Text]
    shown: tuple[int, int | None] | None

    def _rng(self, what: str) -> random.Random:
        # a fresh, reproducible stream per position: resuming a save rolls the same dice
        return random.Random(f"{self.seed}:{what}:{len(self.state.history())}")

    def save(self) -> None:
        try:
            save_game(self.autosave_path, self.state, self.seats)
        except OSError as exc:
            self.console.print(
                f"[yellow]warning:[/] could not autosave to {self.autosave_path}: "
                f"{exc.strerror or exc}"
            )

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
