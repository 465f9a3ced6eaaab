"""Drawing a Sleep Tight table with rich, from the observation dict alone (no rules here).

The observation holds the round and phase, the Sandman's deck and current card, the Soul
Fragment pile, the Action deck and discard, and per seat: Soul Fragments, dreamscape, hand
(only your own; others show a count), the cards played this round (face-down cards of others
stay hidden until the reveal) and the protections in force.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

PHASES = {
    "setup": "setup",
    "sandman": "the Sandman acts",
    "buy": "buying cards",
    "play": "playing Actions face down",
    "reveal": "revealing Actions",
    "resolve": "resolving Actions",
    "cleanup": "end of round",
}
ROLE_STYLE = {"dreamer": "cyan", "undercover": "bold red", "exposed": "bold magenta"}


def card_name(card: Any) -> str:
    """``where-is-the-sandman`` -> ``Where Is The Sandman`` (names are the card ids)."""
    if card is None:
        return "?"
    return " ".join(part.capitalize() for part in str(card).replace("_", "-").split("-"))


def _cards(cards: Sequence[Any]) -> Text:
    if not cards:
        return Text("-", style="dim")
    return Text(", ".join(card_name(c) for c in cards))


def _play(play: Mapping[str, Any]) -> Text:
    out = Text()
    if play.get("face_up"):
        out.append(card_name(play.get("card")), style="bold")
    elif play.get("card") is not None:
        out.append(card_name(play.get("card")), style="bold")
        out.append(" (face down)", style="dim")
    else:
        out.append("a face-down card", style="dim")
    if play.get("bottom"):
        out.append(f" on {card_name(play['bottom'])}")
    status = play.get("status")
    if status and status not in ("hidden",):
        out.append(f" [{status}]", style="dim")
    return out


def _seat_title(seat: int, labels: Sequence[str] | None) -> str:
    if labels is not None and 0 <= seat < len(labels):
        return labels[seat]
    return f"seat {seat}"


def player_panel(
    seat: int, p: Mapping[str, Any], first: bool, labels: Sequence[str] | None
) -> Panel:
    table = Table.grid(padding=(0, 1))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    table.add_row("Fragments", Text(str(p.get("fragments", 0)), style="bold"))
    dreamscape = p.get("dreamscape")
    if dreamscape:
        dream = p.get("dream")
        table.add_row("Dreamscape", Text(card_name(dreamscape) + (f" ({dream})" if dream else "")))
    hand = p.get("hand")
    if hand is not None:
        table.add_row("Hand", _cards(hand))
    else:
        table.add_row("Hand", Text(f"{p.get('hand_count', 0)} cards", style="dim"))
    plays = p.get("plays") or []
    table.add_row("Played", Group(*(_play(x) for x in plays)) if plays else Text("-", style="dim"))
    guards = []
    if p.get("shield"):
        guards.append("shield")
    if p.get("untouchable"):
        guards.append("untouchable")
    if p.get("prevent_sandman"):
        guards.append(f"prevents {p['prevent_sandman']} Sandman harm")
    if p.get("prevent_players"):
        guards.append(f"prevents {p['prevent_players']} harm from players")
    if guards:
        table.add_row("Protected", Text(", ".join(guards)))
    if p.get("pending_discards"):
        table.add_row("To discard", _cards(p["pending_discards"]))
    if p.get("pending_harm"):
        table.add_row("Harm waiting", Text(str(len(p["pending_harm"]))))
    if p.get("offer_pending"):
        table.add_row("Offer", Text("waiting for your answer", style="yellow"))
    role = str(p.get("role") or "dreamer")
    alive = p.get("alive", True)
    title = Text()
    if first:
        title.append("★ ", style="bold yellow")
    title.append(_seat_title(seat, labels), style="bold")
    title.append(f" · {role}", style=ROLE_STYLE.get(role, ""))
    if not alive:
        title.append(" · taken by the Sandman", style="dim")
    return Panel(
        table,
        title=title,
        title_align="left",
        border_style="dim" if not alive else ROLE_STYLE.get(role, "white"),
    )


def render_observation(
    obs: Mapping[str, Any], viewer: int | None = None, labels: Sequence[str] | None = None
) -> RenderableType:
    """The whole Sleep Tight table."""
    players: Sequence[Mapping[str, Any]] = obs.get("players") or []
    phase = str(obs.get("phase") or "")
    head = Text()
    head.append(f"Round {obs.get('round', 0)}", style="bold")
    if phase:
        head.append(f" · {PHASES.get(phase, phase)}")
    first = obs.get("first_player")
    if isinstance(first, int):
        head.append(f" · first player: {_seat_title(first, labels)} (★)")
    sandman = Text("Sandman: ", style="bold")
    sandman.append(f"{obs.get('sandman_deck', 0)} cards left")
    if obs.get("sandman_card"):
        sandman.append(" · now: ")
        sandman.append(card_name(obs["sandman_card"]), style="bold red")
    sandman.append(f" · {len(obs.get('sandman_discard') or [])} played")
    supply = Text("Supply: ", style="bold")
    supply.append(
        f"Soul Fragment pile {obs.get('pile', 0)} · Action deck {obs.get('action_deck', 0)}"
        f" · discard {len(obs.get('action_discard') or [])}"
        f" · dreamscapes {obs.get('dreamscape_deck', 0)}"
    )
    parts: list[RenderableType] = [head, sandman, supply]
    grid = Table.grid(expand=True, padding=(0, 1))
    per_row = 2 if len(players) > 1 else 1
    for _ in range(per_row):
        grid.add_column(ratio=1)
    # the viewer's own panel (their hand) comes last, right above the choices
    mine = viewer if viewer is not None and 0 <= viewer < len(players) else None
    panels = [
        player_panel(seat, p, seat == first, labels)
        for seat, p in enumerate(players)
        if seat != mine
    ]
    for start in range(0, len(panels), per_row):
        row: list[RenderableType] = list(panels[start : start + per_row])
        row += [Text("")] * (per_row - len(row))
        grid.add_row(*row)
    parts.append(grid)
    if mine is not None:
        parts.append(player_panel(mine, players[mine], mine == first, labels))
    if obs.get("exposed_cards"):
        parts.append(Text.assemble(("Exposed: ", "bold"), _cards(obs["exposed_cards"])))
    if obs.get("removed_actions"):
        parts.append(
            Text.assemble(("Removed from the game: ", "bold"), _cards(obs["removed_actions"]))
        )
    if obs.get("result"):
        winners = obs.get("winners") or []
        names = ", ".join(_seat_title(int(s), labels) for s in winners) or "nobody"
        parts.append(Text(f"The game is over ({obs['result']}): {names} won.", style="bold"))
    return Group(*parts)
