"""Drawing a Sleep Tight table with rich, from the observation dict alone (no rules here).

The observation holds the round and phase, the Sandman's deck and current card, the Soul
Fragment pile, the Action deck and discard, and per seat: Soul Fragments, dreamscape, hand
(only your own; others show a count), the cards played this round (face-down cards of others
stay hidden until the reveal) and the protections in force. With a translator (``tr``:
``oneiros play sleep-tight --lang es``) every word is looked up in the game's catalogue, and
``cards`` (``Game.card_texts`` in that language) gives the cards their printed names.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...core.i18n import Translator, translator

ENGLISH = translator("en")
Names = Mapping[str, Mapping[str, Any]]
"""The cards by id (``Game.card_texts``): their printed names."""


def phase_name(phase: str, tr: Translator = ENGLISH) -> str:
    """The phase of the round in words."""
    g = tr.gettext
    words = {
        "setup": g("setup"),
        "keep": g("keeping a Dreamscape"),
        "dreamscapes": g("Dreamscapes"),
        "draw": g("drawing cards"),
        "sandman": g("the Sandman acts"),
        "buy": g("buying cards"),
        "play": g("playing Actions face down"),
        "reveal": g("revealing Actions"),
        "resolve": g("resolving Actions"),
        "cleanup": g("end of round"),
        "over": g("game over"),
    }
    return words.get(phase, phase)


def _word(value: str, tr: Translator = ENGLISH) -> str:
    """A role or the state of a play in words."""
    g = tr.gettext
    words = {
        "dreamer": g("dreamer"),
        "undercover": g("undercover"),
        "exposed": g("exposed"),
        "revealed": g("revealed"),
        "resolved": g("resolved"),
    }
    return words.get(value, value)


ROLE_STYLE = {"dreamer": "cyan", "undercover": "bold red", "exposed": "bold magenta"}


def card_name(card: Any, names: Names | None = None) -> str:
    """The card's name from ``names`` (``Game.card_texts``), else from its id:
    ``where-is-the-sandman`` -> ``Where Is The Sandman``."""
    if card is None:
        return "?"
    known = (names or {}).get(str(card))
    if known and isinstance(known.get("name"), str):
        return str(known["name"])
    return " ".join(part.capitalize() for part in str(card).replace("_", "-").split("-"))


def _cards(cards: Sequence[Any], names: Names | None = None) -> Text:
    if not cards:
        return Text("-", style="dim")
    return Text(", ".join(card_name(c, names) for c in cards))


def _play(play: Mapping[str, Any], tr: Translator = ENGLISH, names: Names | None = None) -> Text:
    g = tr.gettext
    out = Text()
    if play.get("face_up"):
        out.append(card_name(play.get("card"), names), style="bold")
    elif play.get("card") is not None:
        out.append(card_name(play.get("card"), names), style="bold")
        out.append(g(" (face down)"), style="dim")
    else:
        out.append(g("a face-down card"), style="dim")
    if play.get("bottom"):
        out.append(g(" on {card}").format(card=card_name(play["bottom"], names)))
    status = str(play.get("status") or "")
    if status and status not in ("hidden",):
        out.append(f" [{_word(status, tr)}]", style="dim")
    return out


def _seat_title(seat: int, labels: Sequence[str] | None, tr: Translator = ENGLISH) -> str:
    if labels is not None and 0 <= seat < len(labels):
        return labels[seat]
    return tr.gettext("seat {seat}").format(seat=seat)


def player_panel(
    seat: int,
    p: Mapping[str, Any],
    first: bool,
    labels: Sequence[str] | None,
    tr: Translator = ENGLISH,
    names: Names | None = None,
) -> Panel:
    g = tr.gettext
    table = Table.grid(padding=(0, 1))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    table.add_row(g("Fragments"), Text(str(p.get("fragments", 0)), style="bold"))
    dreamscape = p.get("dreamscape")
    if dreamscape:
        dream = p.get("dream")
        shown = card_name(dreamscape, names) + (f" ({tr.value(dream)})" if dream else "")
        table.add_row(g("Dreamscape"), Text(shown))
    hand = p.get("hand")
    if hand is not None:
        table.add_row(g("Hand"), _cards(hand, names))
    else:
        count = g("{n} cards").format(n=p.get("hand_count", 0))
        table.add_row(g("Hand"), Text(count, style="dim"))
    plays = p.get("plays") or []
    played = Group(*(_play(x, tr, names) for x in plays)) if plays else Text("-", style="dim")
    table.add_row(g("Played"), played)
    guards = []
    if p.get("shield"):
        guards.append(g("shield"))
    if p.get("untouchable"):
        guards.append(g("untouchable"))
    if p.get("prevent_sandman"):
        guards.append(g("prevents {n} Sandman harm").format(n=p["prevent_sandman"]))
    if p.get("prevent_players"):
        guards.append(g("prevents {n} harm from players").format(n=p["prevent_players"]))
    if guards:
        table.add_row(g("Protected"), Text(", ".join(guards)))
    if p.get("pending_discards"):
        table.add_row(g("To discard"), _cards(p["pending_discards"], names))
    if p.get("pending_harm"):
        table.add_row(g("Harm waiting"), Text(str(len(p["pending_harm"]))))
    if p.get("offer_pending"):
        table.add_row(g("Offer"), Text(g("waiting for your answer"), style="yellow"))
    role = str(p.get("role") or "dreamer")
    alive = p.get("alive", True)
    title = Text()
    if first:
        title.append("★ ", style="bold yellow")
    title.append(_seat_title(seat, labels, tr), style="bold")
    title.append(f" · {_word(role, tr)}", style=ROLE_STYLE.get(role, ""))
    if not alive:
        title.append(g(" · taken by the Sandman"), style="dim")
    return Panel(
        table,
        title=title,
        title_align="left",
        border_style="dim" if not alive else ROLE_STYLE.get(role, "white"),
    )


def render_observation(
    obs: Mapping[str, Any],
    viewer: int | None = None,
    labels: Sequence[str] | None = None,
    tr: Translator | None = None,
    cards: Names | None = None,
) -> RenderableType:
    """The whole Sleep Tight table (in the language of ``tr``, the cards named by ``cards``)."""
    tr = tr or ENGLISH
    g = tr.gettext
    players: Sequence[Mapping[str, Any]] = obs.get("players") or []
    phase = str(obs.get("phase") or "")
    head = Text()
    head.append(g("Round {n}").format(n=obs.get("round", 0)), style="bold")
    if phase:
        head.append(f" · {phase_name(phase, tr)}")
    first = obs.get("first_player")
    if isinstance(first, int):
        head.append(g(" · first player: {name} (★)").format(name=_seat_title(first, labels, tr)))
    sandman = Text(g("Sandman: "), style="bold")
    sandman.append(g("{n} cards left").format(n=obs.get("sandman_deck", 0)))
    if obs.get("sandman_card"):
        sandman.append(g(" · now: "))
        sandman.append(card_name(obs["sandman_card"], cards), style="bold red")
    sandman.append(g(" · {n} played").format(n=len(obs.get("sandman_discard") or [])))
    supply = Text(g("Supply: "), style="bold")
    supply.append(
        g(
            "Soul Fragment pile {pile} · Action deck {deck} · discard {discard} · dreamscapes {n}"
        ).format(
            pile=obs.get("pile", 0),
            deck=obs.get("action_deck", 0),
            discard=len(obs.get("action_discard") or []),
            n=obs.get("dreamscape_deck", 0),
        )
    )
    parts: list[RenderableType] = [head, sandman, supply]
    grid = Table.grid(expand=True, padding=(0, 1))
    per_row = 2 if len(players) > 1 else 1
    for _ in range(per_row):
        grid.add_column(ratio=1)
    # the viewer's own panel (their hand) comes last, right above the choices
    mine = viewer if viewer is not None and 0 <= viewer < len(players) else None
    panels = [
        player_panel(seat, p, seat == first, labels, tr, cards)
        for seat, p in enumerate(players)
        if seat != mine
    ]
    for start in range(0, len(panels), per_row):
        row: list[RenderableType] = list(panels[start : start + per_row])
        row += [Text("")] * (per_row - len(row))
        grid.add_row(*row)
    parts.append(grid)
    if mine is not None:
        parts.append(player_panel(mine, players[mine], mine == first, labels, tr, cards))
    if obs.get("exposed_cards"):
        parts.append(Text.assemble((g("Exposed: "), "bold"), _cards(obs["exposed_cards"], cards)))
    if obs.get("removed_actions"):
        removed = _cards(obs["removed_actions"], cards)
        parts.append(Text.assemble((g("Removed from the game: "), "bold"), removed))
    if obs.get("result"):
        winners = obs.get("winners") or []
        names = ", ".join(_seat_title(int(s), labels, tr) for s in winners) or g("nobody")
        over = g("The game is over ({result}): {names} won.")
        parts.append(Text(over.format(result=tr.value(obs["result"]), names=names), style="bold"))
    return Group(*parts)
