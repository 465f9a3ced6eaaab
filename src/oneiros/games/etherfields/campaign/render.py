"""The Dreamworld panel at the terminal: the map with the Team marker, the Season, the
Keys, the team's Items and each Dreamer's holdings (a Dreamworld leg's observation)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text


def is_world(obs: Mapping[str, Any]) -> bool:
    """Whether an observation is a Dreamworld leg's (it has a Team marker, no Turn)."""
    return "location" in obs and "turn" not in obs


def render_world(
    obs: Mapping[str, Any], viewer: int | None = None, labels: Sequence[str] | None = None
) -> RenderableType:
    locations = {x["id"]: x for x in obs["map"]["locations"]}
    here = obs["location"]
    head = Text()
    head.append(f"Dreamworld: {locations[here]['name']} ({obs['district']})", style="bold")
    head.append(
        f"  {obs['season_name']}  Keys {obs['keys']}  Locations this leg "
        f"{obs['arrived']}/{obs['session_limit']}  Shopping card "
        f"{'held' if obs['shopping'] else 'in the Secrets'}"
    )
    world = Table(title="Dreamworld map", title_justify="left", show_header=True)
    for col in ("", "Location", "District", "kind", "arrows (~ shortcut)"):
        world.add_column(col)
    for loc in locations.values():
        outs = [
            ("~" if short else "") + end
            for start, end, short in obs["map"]["arrows"]
            if start == loc["id"]
        ]
        world.add_row(
            "T" if loc["id"] == here else "",
            loc["name"],
            loc["district"],
            loc["kind"],
            ", ".join(outs),
            style="bold" if loc["id"] == here else None,
        )
    team = Table(title="Dreamers", title_justify="left")
    for col in (
        "seat",
        "Dreamer",
        "deck",
        "hand",
        "discard",
        "sealed",
        "box",
        "Ether",
        "Gems",
        "Distress",
        "Mask",
    ):
        team.add_column(col)
    for seat, d in enumerate(obs["dreamers"]):
        name = labels[seat] if labels and seat < len(labels) else str(seat)
        team.add_row(
            name,
            d["dreamer"],
            str(d["deck"]),
            str(d["hand"]),
            str(len(d["discard"])),
            str(len(d["sealed"])),
            str(d["aside"]),
            str(d["ether"]),
            str(d["gems"]),
            str(d["distress"]),
            d["mask"] or "-",
        )
    foot = Text(
        f"Active Items: {', '.join(obs['items']) or '-'}; Storage: "
        f"{', '.join(obs['storage']) or '-'}; Influence Market {obs['market']} cards; Item "
        f"Market {obs['item_market']}; Gates {', '.join(obs['gates']) or '-'}"
        + (f"; drawn from the Market: {', '.join(obs['drawn'])}" if obs["drawn"] else "")
        + f"; Wisdom: {', '.join(obs.get('wisdom', [])) or '-'}"
        + f"; Notes: {', '.join(obs.get('notes', [])) or '-'}"
    )
    parts: list[RenderableType] = [head, world, team, foot]
    if obs.get("legend"):  # the Dreamworld Map Wisdom card ("Dreamworld Map")
        parts.append(
            Text("Map legend: " + "; ".join(f"{k}: {v}" for k, v in obs["legend"].items()))
        )
    return Group(*parts)


def wisdom_rows(doc: Any) -> list[tuple[str, str]]:
    """The "Wisdom and Notes" section of ``oneiros campaign show``: each Wisdom card
    ("Wisdom Cards": always active) and Note ("Note Cards": in the Storage) the team holds,
    what it does, and the Dreamworld Map card's legend."""
    from .. import catalog as content
    from .wisdom import describe, legend

    cat = content.catalog(content.pack_path(str(doc.options.get("content", ""))))
    rows = describe(cat, doc.wisdom, doc.notes)
    rows += [(f"Map: {kind}", text) for kind, text in legend(cat, doc.wisdom).items()]
    used = [x for x in doc.removed if "note" in cat.kinds() and cat.has("note", x)]
    if used:
        rows.append(("Notes used", ", ".join(used)))
    return rows or [("Wisdom and Notes", "none yet")]


__all__ = ["is_world", "render_world", "wisdom_rows"]
