"""Drawing an Etherfields table with rich, from the observation dict alone (no rules here):
the Dreamscape map (Walls, Blocked spaces, the Entrance, Spawn spaces with suits, terrain,
Traps, map actions), the miniatures, the Entities with their Morphings, the Turn card and
Hours, each Dreamer's Distress, Ether, Gems and pile sizes, and the viewer's hand; in a
Slumber the Slumber map as its tiles are placed, Quirk spaces (``q``) and the Fate cards
lying in them (``Q``), the Slumber, the Fate card drawn and the journey so far. With a
translator (``tr``: ``oneiros play etherfields --lang es``) every word is looked up in the
game's catalogue, and ``cards`` (``Game.card_texts`` in that language) names the cards."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...core.i18n import Translator, translator
from .names import reason as end_reason

ENGLISH = translator("en")
Names = Mapping[str, Mapping[str, Any]]

SUITS = {"hearts": "♥", "spades": "♠", "diamonds": "♦", "clubs": "♣"}
TERRAIN = {"water": "≈", "darkness": "▒", "light": "☼", "swamp": "§"}
CELL = 11


def _name(card: Any, names: Names | None) -> str:
    """A card's name from ``names`` (``Game.card_texts``), else its id."""
    known = (names or {}).get(str(card))
    return str(known["name"]) if known and isinstance(known.get("name"), str) else str(card)


def _deck(d: dict[str, Any], cards: Names | None, g: Any) -> str:
    """A deck's size and the back on top, seen by every seat ("Influence Cards"): the
    Dreamer whose starting back it is (their back-of-card action is usable), or plain,
    secret, flaw."""
    size = str(d.get("deck", 0))
    back = d.get("top_back")
    if not back:
        return size
    if back == "plain":
        return g("{n} (back: plain)").format(n=size)
    if back == "secret":
        return g("{n} (back: Secret)").format(n=size)
    if back == "flaw":
        return g("{n} (back: Flaw)").format(n=size)
    return g("{n} (back: {dreamer})").format(n=size, dreamer=_name(back, cards))


def _initials(ident: Any, cards: Names | None) -> str:
    """A Companion on a map cell: the initials of its name ("CS" for Cog Sparrow)."""
    words = _name(ident, cards).replace("-", " ").split()
    return "".join(w[0].upper() for w in words)[:3]


def _said(tr: Translator, value: Any) -> str:
    """A word of the observation (``slumber_lost``) as a player reads it."""
    return str(tr.value(value)).replace("_", " ")


def _cell(space: Mapping[str, Any], here: list[str], tr: Translator = ENGLISH) -> list[Text]:
    walls = set(space.get("walls") or [])
    top = ("━" if "n" in walls else "─") * CELL
    name = Text(f"{space['ref']:<{CELL}}"[:CELL], style="dim")
    who = Text((" ".join(here) or "")[:CELL].ljust(CELL), style="bold")
    icons = ""
    if space.get("blocked"):
        icons += "▓▓ " + tr.gettext("blocked")
    spawn = space.get("spawn")
    if spawn:
        icons += "S" + (SUITS.get(spawn, "") if isinstance(spawn, str) else "")
    if space.get("entrance"):
        icons += "E"
    if space.get("trap"):
        icons += "T"
    if space.get("draw_bonus"):
        icons += f"+{space['draw_bonus']}"
    if space.get("quirk"):
        icons += "Q"
    elif space.get("quirk_slot"):
        icons += "q"
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


def progress_shown(
    obs: Mapping[str, Any], cards: Names | None, tr: Translator = ENGLISH
) -> list[list[str]]:
    """Each Dreamer's Progress zone as read ("Progress Influence Cards", "Flaws"): a card
    by name, "(face down)" when flipped (``flipped`` holds the card ids, ``<owner>.<face>.<k>``
    or ``gained.<face>``: a face flipped once marks one card of that face), a Flaw lying
    there marked "(Flaw)"."""
    g = tr.gettext
    down = [str(c).split(".")[1] if "." in str(c) else str(c) for c in obs.get("flipped") or []]
    out = []
    for d in obs.get("dreamers") or []:
        row = []
        for face in d.get("progress") or []:
            name = _name(face, cards)
            if ((cards or {}).get(str(face)) or {}).get("kind") == "flaw":
                name = g("{name} (Flaw)").format(name=name)
            elif face in down:
                down.remove(face)
                name = g("{name} (face down)").format(name=name)
            row.append(name)
        out.append(row)
    return out


def render_map(
    obs: Mapping[str, Any], tr: Translator = ENGLISH, cards: Names | None = None
) -> RenderableType:
    """The map with its miniatures: Dreamers ``D0``, Entities by number (``moth.1``) and
    Companions by their initials (``CS``: Cog Sparrow, "Companions")."""
    g = tr.gettext
    spaces = obs.get("map") or []
    if not spaces:
        return Text(g("(no map yet)"))
    occupants: dict[str, list[str]] = {}
    for seat, d in enumerate(obs.get("dreamers") or []):
        if d.get("space"):
            occupants.setdefault(d["space"], []).append(f"D{seat}")
    for mini in obs.get("entities") or []:
        occupants.setdefault(mini[2], []).append(str(mini[0]).split("-")[-1][:6])
    for companion, space in obs.get("companions") or []:
        occupants.setdefault(space, []).append(_initials(companion, cards))
    grid = {(s["x"], s["y"]): s for s in spaces}
    xs = range(min(x for x, _ in grid), max(x for x, _ in grid) + 1)
    ys = range(min(y for _, y in grid), max(y for _, y in grid) + 1)
    lines: list[Text] = []
    for y in ys:
        cells = []
        for x in xs:
            s = grid.get((x, y))
            cells.append(
                _cell(s, occupants.get(s["ref"], []), tr) if s else [Text(" " * (CELL + 2))] * 4
            )
        for i in range(4):
            line = Text()
            for c in cells:
                line.append_text(c[i])
            lines.append(line)
    legend = Text(
        g(
            "E entrance · S spawn · T trap · +n drawing bonus · * map action (· used) · "
            "≈ water · ▒ darkness · ┃━ wall"
        ),
        style="dim",
    )
    if obs.get("slumber") is not None:
        legend.append(g(" · q Quirk space · Q a Quirk lies there"), style="dim")
    return Group(*lines, legend)


def render_slumber(obs: Mapping[str, Any], tr: Translator, cards: Names | None) -> Text:
    """The Slumber lines: the Slumber now, the decks, the Fate card drawn, the Quirks on the
    map (the Fate card, its space and its Quirk), how each Slumber of the journey ended,
    whether Deliverance is unlocked and the Slumber tiles a Deliverance removed."""
    g = tr.gettext
    sl = obs["slumber"]
    out = Text()
    title = g("Journey") if sl.get("mode") == "journey" else g("Slumber")
    out.append(f"{title}: ", style="bold")
    tile = sl.get("tile")
    out.append(_name(tile, cards) if tile else g("between Slumbers"))
    out.append(
        g(" · Slumber deck {n} · Fate deck {fate} · Slumber map tiles left {tiles}").format(
            n=sl.get("deck", 0), fate=sl.get("fate_deck", 0), tiles=sl.get("map_deck", 0)
        )
    )
    if sl.get("loot"):
        out.append(g(" · Loot gained {n}").format(n=sl["loot"]))
    for face in sl.get("fate_current") or []:
        out.append("\n" + g("Fate card: {name}").format(name=_name(face, cards)))
    for ref, face in sl.get("quirks") or []:
        quirk = ((cards or {}).get(face) or {}).get("quirk", "")
        line = g("Quirk at {space}: {name}").format(space=ref, name=_name(face, cards))
        out.append("\n" + line + (f" ({quirk})" if quirk else ""))
    if sl.get("results"):
        done = ", ".join(f"{_name(t, cards)} {_said(tr, r)}" for t, r in sl["results"])
        out.append("\n" + g("Slumbers so far: {list}").format(list=done))
    if sl.get("delta_done"):
        out.append("\n" + g("The Delta Phase is done"))
    if sl.get("deliverance"):
        out.append("\n" + g("Deliverance is unlocked"))
    if sl.get("removed"):
        gone = ", ".join(_name(t, cards) for t in sl["removed"])
        out.append("\n" + g("Out of the game: {list}").format(list=gone))
    return out


def render_observation(
    obs: Mapping[str, Any],
    viewer: int | None = None,
    labels: Sequence[str] | None = None,
    tr: Translator | None = None,
    cards: Names | None = None,
) -> RenderableType:
    """The whole Etherfields table (in the language of ``tr``, cards named by ``cards``)."""
    from .campaign.render import is_world, render_world

    if is_world(obs):  # a campaign's Dreamworld leg
        return render_world(obs, viewer, labels)
    tr = tr or ENGLISH
    g = tr.gettext
    head = Text()
    head.append(g("Turn {n}").format(n=obs.get("turn", 0)), style="bold")
    head.append(
        g(" · Turn card {card} · {n} Turn cards left").format(
            card=_name(obs["turn_card"], cards) if obs.get("turn_card") else "-",
            n=obs.get("turns_left", 0),
        )
    )
    blocked = g("blocked")
    steps = [
        f"{tr.value(s)}[{blocked}]" if i in (obs.get("blocked_steps") or []) else str(tr.value(s))
        for i, s in enumerate(obs.get("turn_steps") or [])
    ]
    suit = SUITS.get(obs.get("turn_suit") or "", "")
    turn_line = Text(
        g("Turn card: {suit} {steps}").format(suit=suit, steps=" → ".join(steps) or "-")
    )
    if obs.get("turn_deck"):
        turn_line.append(
            g(" · Turn deck (top first): {cards}").format(
                cards="; ".join(_name(c, cards) for c in reversed(obs["turn_deck"]))
            )
        )
    head.append(
        g(" · Hours {n} · first player D{first}").format(
            n=obs.get("hours", 0), first=obs.get("first", 0)
        )
    )
    head.append(
        g(" · Distress pool {n}/16 · Gears {gears}").format(
            n=obs.get("distress_pool", 0), gears=(obs.get("team") or {}).get("gear", 0)
        )
    )
    none = g("none")
    ents = Text(g("Entities: "), style="bold")
    for entity, kinds in (obs.get("morphings") or {}).items():
        morphs = ", ".join(_name(k, cards) for k in kinds) or none
        ents.append(
            g("{entity} morphings {list}; ").format(entity=_name(entity, cards), list=morphs)
        )
    minis = [f"{_name(m[0], cards)}@{m[2]}" for m in obs.get("entities") or []]
    ents.append(", ".join(minis) or none)
    if obs.get("companions"):
        found = ", ".join(
            f"{_name(c, cards)} ({_initials(c, cards)})@{at}" for c, at in obs["companions"]
        )
        ents.append(g(" · Companions: {list}").format(list=found))
    if obs.get("states"):
        held = ", ".join(
            f"{'D' + str(t) if isinstance(t, int) else _name(t, cards)} {_name(k, cards)}"
            for t, k in obs["states"]
        )
        ents.append(g(" · States: {list}").format(list=held))
    progress = progress_shown(obs, cards, tr)
    table = Table(title=g("Dreamers"), title_justify="left")
    for col in (
        g("seat"),
        g("dreamer"),
        g("space"),
        g("Distress"),
        g("Ether"),
        g("Gems"),
        g("deck"),
        g("hand"),
        g("discard"),
        g("sealed"),
        g("progress"),
        g("mask"),
    ):
        table.add_column(col)
    for seat, d in enumerate(obs.get("dreamers") or []):
        name = labels[seat] if labels and seat < len(labels) else f"D{seat}"
        table.add_row(
            name,
            _name(d.get("dreamer"), cards),
            str(d.get("space") or "-"),
            str(d.get("distress", 0)),
            str(d.get("ether", 0)),
            str(d.get("gems", 0)),
            _deck(d, cards, g),
            str(d.get("hand", 0)),
            str(len(d.get("discard") or [])),
            str(len(d.get("sealed") or [])),
            ", ".join(progress[seat]) or "-",
            _name(d.get("mask"), cards) if d.get("mask") else "-",
        )
    slumber = obs.get("slumber")
    where = g("Slumber Dreamscape") if slumber is not None else g("Dreamscape")
    parts: list[RenderableType] = [head, turn_line]
    if slumber is not None:
        parts.append(render_slumber(obs, tr, cards))
    parts += [Panel(render_map(obs, tr, cards), title=where, title_align="left"), ents, table]
    items = ", ".join(_name(i, cards) for i in obs.get("items") or []) or none
    storage = ", ".join(_name(i, cards) for i in obs.get("storage") or []) or none
    parts.append(
        Text(g("Active Items: {items} · Storage: {storage}").format(items=items, storage=storage))
    )
    if viewer is not None and 0 <= viewer < len(obs.get("dreamers") or []):
        mine = obs["dreamers"][viewer]
        hand = mine.get("hand_cards") or []
        intents = mine.get("hand_intent") or [[] for _ in hand]
        shown = [
            f"{_name(face, cards)} {'/'.join(f'{v}{str(c)[0].upper()}' for c, v in intent)}"
            for face, intent in zip(hand, intents, strict=False)
        ]
        key = g("Your hand (A Awareness, C Cunning, W Wrath): {cards}")
        parts.append(Text(key.format(cards=", ".join(shown) or g("empty")), style="bold cyan"))
    if obs.get("outcome"):
        ends = g("The Dream ends: {outcome} ({reason})")
        if slumber is not None:
            journey = slumber.get("mode") == "journey"
            ends = (
                g("The journey ends: {outcome} ({reason})")
                if journey
                else g("The Slumber ends: {outcome} ({reason})")
            )
        outcome, reason = _said(tr, obs["outcome"]), end_reason(obs.get("end_reason"), g)
        parts.append(Text(ends.format(outcome=outcome, reason=reason), style="bold"))
    return Group(*parts)
