"""Drawing an Etherfields table with rich, from the observation dict alone (no rules here):
the Dreamscape map (Walls, Blocked spaces, the Entrance, Spawn spaces with suits, terrain,
Traps, map actions), the miniatures, the Entities with their Morphings, the Turn card and
Hours, each Dreamer's Distress, Ether, Gems and pile sizes, and the viewer's hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

SUITS = {"hearts": "♥", "spades": "♠", "diamonds": "♦", "clubs": "♣"}
TERRAIN = {"water": "≈", "darkness": "▒", "light": "☼", "swamp": "§"}
CELL = 11


def _cell(space: Mapping[str, Any], here: list[str]) -> list[Text]:
    walls = set(space.get("walls") or [])
    top = ("━" if "n" in walls else "─") * CELL
    name = Text(f"{space['ref']:<{CELL}}"[:CELL], style="dim")
    who = Text((" ".join(here) or "")[:CELL].ljust(CELL), style="bold")
    icons = ""
    if space.get("blocked"):
        icons += "▓▓ blocked"
    spawn = space.get("spawn")
    if spawn:
        icons += "S" + (SUITS.get(spawn, "") if isinstance(spawn, str) else "")
    if space.get("entrance"):
        icons += "E"
    if space.get("trap"):
        icons += "T"
    if space.get("draw_bonus"):
        icons += f"+{space['draw_bonus']}"
    icons += "".join(TERRAIN.get(t, "") for t in space.get("terrain") or [])
    actions = space.get("actions") or {}
    icons += "".join("·" if used else "*" for used in actions.values())
    rows = [Text(top), name, who, Text(icons[:CELL].ljust(CELL))]
    left = "┃" if "w" in walls else "│"
    right = "┃" if "e" in walls else "│"
    out = []
    for row in rows:
        line = Text(left)
        line.append_text(row)
        line.append(right)
        out.append(line)
    return out


def render_map(obs: Mapping[str, Any]) -> RenderableType:
    spaces = obs.get("map") or []
    if not spaces:
        return Text("(no map yet)")
    occupants: dict[str, list[str]] = {}
    for seat, d in enumerate(obs.get("dreamers") or []):
        if d.get("space"):
            occupants.setdefault(d["space"], []).append(f"D{seat}")
    for mini in obs.get("entities") or []:
        occupants.setdefault(mini[2], []).append(str(mini[0]).split("-")[-1][:6])
    grid = {(s["x"], s["y"]): s for s in spaces}
    xs = range(min(x for x, _ in grid), max(x for x, _ in grid) + 1)
    ys = range(min(y for _, y in grid), max(y for _, y in grid) + 1)
    lines: list[Text] = []
    for y in ys:
        cells = []
        for x in xs:
            s = grid.get((x, y))
            cells.append(
                _cell(s, occupants.get(s["ref"], [])) if s else [Text(" " * (CELL + 2))] * 4
            )
        for i in range(4):
            line = Text()
            for c in cells:
                line.append_text(c[i])
            lines.append(line)
    legend = Text(
        "E entrance · S spawn · T trap · +n drawing bonus · * map action (· used) · ≈ water · ▒ darkness · ┃━ wall",
        style="dim",
    )
    return Group(*lines, legend)


def render_observation(
    obs: Mapping[str, Any], viewer: int | None = None, labels: Sequence[str] | None = None
) -> RenderableType:
    """The whole Etherfields table."""
    head = Text()
    head.append(f"Turn {obs.get('turn', 0)}", style="bold")
    head.append(
        f" · Turn card {obs.get('turn_card') or '-'} · {obs.get('turns_left', 0)} Turn cards left"
    )
    steps = [
        f"{s}[blocked]" if i in (obs.get("blocked_steps") or []) else str(s)
        for i, s in enumerate(obs.get("turn_steps") or [])
    ]
    turn_line = Text(
        f"Turn card: {SUITS.get(obs.get('turn_suit') or '', '')} {' → '.join(steps) or '-'}"
    )
    if obs.get("turn_deck"):
        turn_line.append(f" · Turn deck (top first): {', '.join(reversed(obs['turn_deck']))}")
    head.append(f" · Hours {obs.get('hours', 0)} · first player D{obs.get('first', 0)}")
    head.append(
        f" · Distress pool {obs.get('distress_pool', 0)}/16 · Gears {(obs.get('team') or {}).get('gear', 0)}"
    )
    ents = Text("Entities: ", style="bold")
    for entity, kinds in (obs.get("morphings") or {}).items():
        ents.append(f"{entity} morphings {', '.join(kinds) or 'none'}; ")
    ents.append(", ".join(f"{m[0]}@{m[2]}" for m in obs.get("entities") or []) or "none")
    if obs.get("states"):
        ents.append(
            " · States: "
            + ", ".join(
                f"{'D' + str(t) if isinstance(t, int) else t} {k}" for t, k in obs["states"]
            )
        )
    table = Table(title="Dreamers", title_justify="left")
    for col in (
        "seat",
        "dreamer",
        "space",
        "Distress",
        "Ether",
        "Gems",
        "deck",
        "hand",
        "discard",
        "sealed",
        "progress",
        "mask",
    ):
        table.add_column(col)
    for seat, d in enumerate(obs.get("dreamers") or []):
        name = labels[seat] if labels and seat < len(labels) else f"D{seat}"
        table.add_row(
            name,
            str(d.get("dreamer")),
            str(d.get("space") or "-"),
            str(d.get("distress", 0)),
            str(d.get("ether", 0)),
            str(d.get("gems", 0)),
            str(d.get("deck", 0)),
            str(d.get("hand", 0)),
            str(len(d.get("discard") or [])),
            str(len(d.get("sealed") or [])),
            ", ".join(d.get("progress") or []) or "-",
            str(d.get("mask") or "-"),
        )
    parts: list[RenderableType] = [
        head,
        turn_line,
        Panel(render_map(obs), title="Dreamscape", title_align="left"),
        ents,
        table,
    ]
    parts.append(
        Text(
            f"Active Items: {', '.join(obs.get('items') or []) or 'none'} · Storage: {', '.join(obs.get('storage') or []) or 'none'}"
        )
    )
    if viewer is not None and 0 <= viewer < len(obs.get("dreamers") or []):
        mine = obs["dreamers"][viewer]
        cards = mine.get("hand_cards") or []
        intents = mine.get("hand_intent") or [[] for _ in cards]
        shown = [
            f"{face} {'/'.join(f'{v}{str(c)[0].upper()}' for c, v in intent)}"
            for face, intent in zip(cards, intents, strict=False)
        ]
        parts.append(
            Text(
                f"Your hand (A Awareness, C Cunning, W Wrath): {', '.join(shown) or 'empty'}",
                style="bold cyan",
            )
        )
    if obs.get("outcome"):
        parts.append(
            Text(f"The Dream ends: {obs['outcome']} ({obs.get('end_reason')})", style="bold")
        )
    return Group(*parts)
