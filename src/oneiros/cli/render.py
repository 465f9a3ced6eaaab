"""Drawing the table in the terminal with rich, from what one seat may see.

Everything here is built from ``state.observation(viewer)`` and ``state.events(viewer)``
only, so a renderer can never show a hidden card. A game may provide its own drawing in
``oneiros.games.<game>.render`` with a function
``render_observation(obs, viewer=None, labels=None) -> rich renderable`` (and optionally
``render_risk(risk)``); anything else is drawn generically from the observation dict.
"""

from __future__ import annotations

import importlib
import inspect
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import IO, Any

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..core import CHANCE, Event, Game, State
from ..core.i18n import Translator, card_texts_in, translator

Renderer = Callable[..., RenderableType]
ENGLISH = translator("en")
"""The source language: every text as the engine writes it."""


def make_console(file: IO[str] | None = None, width: int | None = None) -> Console:
    """A console that draws colours on a terminal and plain readable text elsewhere."""
    stream = file if file is not None else sys.stdout
    is_tty = bool(getattr(stream, "isatty", lambda: False)())
    return Console(
        file=stream,
        force_terminal=is_tty,
        width=width if width is not None or is_tty else 100,
        highlight=False,
        soft_wrap=False,
    )


def _render_module(game: Game) -> Any | None:
    """The game's ``render`` module (next to its ``Game`` class), if it has one."""
    package = type(game).__module__.rpartition(".")[0]
    candidates = []
    if package.startswith("oneiros.games."):
        candidates.append(package.split(".")[2])
    candidates.append(game.name.replace("-", "_"))
    for name in dict.fromkeys(candidates):
        try:
            return importlib.import_module(f"oneiros.games.{name}.render")
        except ModuleNotFoundError as exc:
            if exc.name not in (f"oneiros.games.{name}", f"oneiros.games.{name}.render"):
                raise
    return None


def game_renderer(game: Game) -> Renderer | None:
    """The game's own observation renderer, or None to draw generically."""
    module = _render_module(game)
    found = getattr(module, "render_observation", None) if module else None
    return found if callable(found) else None


def risk_renderer(game: Game) -> Renderer:
    """The game's own risk-meter renderer, or the generic data renderer."""
    module = _render_module(game)
    found = getattr(module, "render_risk", None) if module else None
    return found if callable(found) else render_data


def translated(
    renderer: Renderer, tr: Translator | None, game: Game | None = None
) -> dict[str, Any]:
    """The keywords a game renderer takes beyond the observation: ``tr`` (it draws in a
    language) and ``cards`` (the names of its cards, ``Game.card_texts`` in that language)."""
    try:
        params = inspect.signature(renderer).parameters
    except (TypeError, ValueError):
        return {}
    out: dict[str, Any] = {}
    if tr is not None and "tr" in params:
        out["tr"] = tr
    if game is not None and "cards" in params:
        out["cards"] = _card_texts(game, tr.lang if tr is not None else "en")
    return out


_CARDS: dict[tuple[int, str], tuple[Game, dict[str, dict[str, Any]]]] = {}


def _card_texts(game: Game, lang: str) -> dict[str, dict[str, Any]]:
    """``card_texts_in(game, lang)``, kept for the game (a table is drawn many times)."""
    key = (id(game), lang)
    hit = _CARDS.get(key)
    if hit is None or hit[0] is not game:
        if len(_CARDS) > 16:
            _CARDS.clear()
        hit = _CARDS[key] = (game, card_texts_in(game, lang))
    return hit[1]


def risk_when(game: Game) -> str | None:
    """When the game offers its risk meter (``RISK_WHEN`` in its render module)."""
    module = _render_module(game)
    when = getattr(module, "RISK_WHEN", None) if module else None
    return when if isinstance(when, str) else None


DREAMERS = ("Luna", "Orin", "Vesper", "Somna", "Mara", "Hypnos")
"""The players' names by seat, as at the web table (never "seat 2")."""
PERSONALITY = {
    "random": "wild",
    "heuristic": "careful",
    "mcts": "deep",
    "ismcts": "deep",
    "greedy": "greedy",
}
"""A bot's personality by the agent that plays it (its name says it: ``Orin (careful bot)``)."""


def personality(agent: str, tr: Translator | None = None) -> str:
    """The personality word of an agent (``careful``; ``prudente`` in Spanish)."""
    g = (tr or ENGLISH).gettext
    words = {"wild": g("wild"), "careful": g("careful"), "deep": g("deep"), "greedy": g("greedy")}
    word = PERSONALITY.get(agent)
    return words[word] if word else agent


def seat_name(seat: int, tr: Translator | None = None) -> str:
    """``Luna`` for seat 0, ``Orin`` for seat 1...; chance is ``chance``."""
    if seat == CHANCE:
        return (tr or ENGLISH).gettext("chance")
    base = DREAMERS[seat % len(DREAMERS)]
    return base if seat < len(DREAMERS) else f"{base} {seat // len(DREAMERS) + 1}"


def seat_label(
    seat: int,
    seats: Sequence[str] | None = None,
    viewer: int | None = None,
    tr: Translator | None = None,
) -> str:
    """``Orin (careful bot)``, ``Luna (you)``, ``Vesper (human)``; chance is ``chance``
    (in the language of ``tr``: ``Orin (bot prudente)``)."""
    g = (tr or ENGLISH).gettext
    if seat == CHANCE:
        return g("chance")
    name = seat_name(seat)
    if seats is None or not 0 <= seat < len(seats):
        return name
    spec = seats[seat]
    if spec == "human":
        return (g("{name} (you)") if seat == viewer else g("{name} (human)")).format(name=name)
    agent = spec.split(":")[0]
    return g("{name} ({kind} bot)").format(name=name, kind=personality(agent, tr))


# "Winners: seats [1, 2]" (and the "seat(s) [1, 2]" of an older saved log), "Seat 2"
_SEAT_RE = re.compile(r"\b(?:[Ss]eat(?:\(s\)|s) \[([\d, ]*)\]|(?:[Ss]eats? ?|Dreamer )(\d+))")
_IDS = {
    "power1": "1 Power",
    "power2": "2 Power",
    "shadow_blue": "Shadow of the Depths",
    "shadow_green": "Shadow of Envy",
    "shadow_yellow": "Shadow of Imprisonment",
    "shadow_red": "Shadow of Primeval Fear",
}


# Spanish: "El asiento 2 saca" -> "Vesper saca", "al asiento 1" -> "a Orin"
_SEAT_ES_RE = re.compile(
    r"\b(?:(El/los|[Ll]os|[Ee]l|[Aa]l|[Dd]el) )?(?:[Aa]siento(?:\(s\)|s)?|Soñador) "
    r"(?:\[([\d, ]*)\]|(\d+))"
)
_ES_ARTICLE = {"al": "a ", "del": "de "}


def _names_es(m: re.Match[str]) -> str:
    article = _ES_ARTICLE.get((m.group(1) or "").lower(), "")
    if m.group(3) is not None:
        return article + seat_name(int(m.group(3)))
    seats = [int(x) for x in m.group(2).replace(",", " ").split()]
    if not seats:
        return "nadie"
    listed = [seat_name(x) for x in seats]
    joined = listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " y " + listed[-1]
    return article + joined


def name_seats(text: str) -> str:
    """Engine text in players' names: ``Seat 2 gains power1`` -> ``Vesper gains 1 Power``."""

    def names(m: re.Match[str]) -> str:
        if m.group(1) is not None:
            seats = [int(x) for x in m.group(1).replace(",", " ").split()]
            if not seats:
                return "nobody"
            listed = [seat_name(x) for x in seats]
            return listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " and " + listed[-1]
        return seat_name(int(m.group(2)))

    text = _SEAT_RE.sub(names, text)
    text = _SEAT_ES_RE.sub(_names_es, text)
    return re.sub(
        r"\b(power[12]|shadow_[a-z]+)\b", lambda m: _IDS.get(m.group(1), m.group(1)), text
    )


# ----- generic data ---------------------------------------------------------------------------
def _scalar(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"  # the generic drawing of data: the engine's words
    if isinstance(value, float):
        return f"{value:.3g}"
    return str(value)


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def render_data(value: Any, title: str | None = None) -> RenderableType:
    """Any JSON-like value as nested tables: dicts as key/value rows, lists of dicts as
    tables with one column per key, lists of scalars on one line."""
    if _is_scalar(value):
        return Text(_scalar(value))
    if isinstance(value, Mapping):
        table = Table(show_header=False, box=None, pad_edge=False, title=title)
        table.add_column(style="bold")
        table.add_column()
        for key, item in value.items():
            table.add_row(str(key).replace("_", " "), render_data(item))
        return table
    if isinstance(value, Sequence):
        items = list(value)
        if not items:
            return Text("-")
        if all(_is_scalar(v) for v in items):
            return Text(", ".join(_scalar(v) for v in items))
        if all(isinstance(v, Mapping) for v in items):
            keys: list[str] = []
            for v in items:
                keys.extend(k for k in v if k not in keys)
            table = Table(title=title, title_justify="left", pad_edge=False)
            table.add_column("#", justify="right")
            for key in keys:
                table.add_column(str(key).replace("_", " "))
            for i, v in enumerate(items):
                table.add_row(str(i), *(render_data(v.get(k)) for k in keys))
            return table
        return Group(*(render_data(v) for v in items))
    return Text(str(value))


def render_observation(obs: Mapping[str, Any], title: str = "table") -> RenderableType:
    """The generic drawing of an observation dict."""
    return Panel(render_data(obs), title=title, title_align="left")


# ----- events -------------------------------------------------------------------------------
def event_line(event: Event, with_rule: bool = True, tr: Translator | None = None) -> Text:
    """``Orin banks 3   [pebbles "Turn"]`` (in the language of ``tr``, English without)."""
    line = Text(name_seats(event.text_in(tr.lang, tr) if tr else event.text))
    if with_rule and event.rule:
        line.append(f"   [{event.rule}]", style="dim")
    return line


def render_events(
    events: Sequence[Event], title: str | None = None, tr: Translator | None = None
) -> RenderableType:
    g = (tr or ENGLISH).gettext
    title = g("last events") if title is None else title
    body: RenderableType = (
        Group(*(event_line(e, tr=tr) for e in events))
        if events
        else Text(g("nothing yet"), style="dim")
    )
    return Panel(body, title=title, title_align="left")


# ----- the whole table ----------------------------------------------------------------------
def status_line(
    state: State,
    viewer: int | None,
    seats: Sequence[str] | None,
    tr: Translator | None = None,
) -> Text:
    """Whose turn it is and what they decide, in one line."""
    tr = tr or ENGLISH
    game = state.game
    text = Text()
    text.append(game.info.title, style="bold")
    turn = state.turn_number()
    if turn:
        text.append(tr.gettext("  turn {turn}").format(turn=turn))
    if state.is_terminal():
        text.append(tr.gettext("  game over"), style="bold magenta")
        return text
    deciding = [s for s in state.to_move() if s != CHANCE]
    if deciding:
        names = ", ".join(seat_label(s, seats, viewer, tr) for s in deciding)
        text.append(tr.gettext("  to play: "), style="dim")
        text.append(names, style="bold cyan")
        # Another seat's decision may be private: other viewers see the public one.
        decision = state.decision(viewer if viewer in deciding else None)
        if decision is not None:
            text.append(f"  {tr.text(decision.prompt)}")
    return text


def render_table(
    state: State,
    viewer: int | None,
    seats: Sequence[str] | None = None,
    last_events: int = 8,
    tr: Translator | None = None,
) -> RenderableType:
    """The table as ``viewer`` may see it (None: a spectator), with the last events, in
    the language of ``tr`` (the game's drawing too, when its renderer takes ``tr``)."""
    game = state.game
    obs = state.observation(viewer)
    labels = [seat_label(s, seats, viewer, tr) for s in range(game.players)]
    renderer = game_renderer(game)
    body: RenderableType
    if renderer is not None:
        try:
            body = renderer(obs, viewer=viewer, labels=labels, **translated(renderer, tr, game))
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            # an observation the game renderer does not understand: never lose the table
            body = render_observation(obs)
    else:
        body = render_observation(obs)
    parts: list[RenderableType] = [status_line(state, viewer, seats, tr), body]
    if last_events > 0:
        events = list(state.events(viewer))[-last_events:]
        parts.append(render_events(events, tr=tr))
    return Group(*parts)


def render_result(
    state: State,
    seats: Sequence[str] | None = None,
    viewer: int | None = None,
    tr: Translator | None = None,
) -> RenderableType:
    """Final scores, winners and why the game ended."""
    g = (tr or ENGLISH).gettext
    scores = state.scores()
    winners = set(state.winners())
    table = Table(title=g("Result"), title_justify="left")
    table.add_column(g("seat"))
    table.add_column(g("score"), justify="right")
    table.add_column("")
    for seat in range(state.game.players):
        score = _scalar(scores[seat]) if seat < len(scores) else "-"
        table.add_row(
            seat_label(seat, seats, viewer, tr),
            score,
            Text(g("winner"), style="bold green") if seat in winners else Text(""),
        )
    parts: list[RenderableType] = [table]
    reason = state.end_reason()
    if reason:
        parts.append(Text(g("The game ended by {reason}.").format(reason=reason.replace("_", " "))))
    # the engine's own account of the end: why the winners win (a dead player who shares
    # a win is never listed without it)
    ending = [e for e in state.events(viewer) if re.search(r"over|win|victory", e.kind)]
    for event in ending[-2:]:
        parts.append(event_line(event, with_rule=False, tr=tr))
    if not winners:
        parts.append(Text(g("Nobody wins.")))
    return Group(*parts)
