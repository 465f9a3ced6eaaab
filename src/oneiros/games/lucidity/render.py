"""Drawing a Lucidity table with rich, from the observation dict alone (no rules here).

The observation format is fixed in ``docs`` (core API, "Lucidity observation"): the bag
counts, one entry per seat (role, Nightmare colour, the dreamer card's rows, the sleep track
and control), the Nightmare cards and who holds them, the dreams in hand, the current seat
and the Power per seat. Every die is drawn as a coloured token that also spells its colour
and face (``B1P`` a blue 1 Power, ``YEx*`` a yellow exhaust turned to its shadow side), so
the table stays readable without colours. Every word is looked up in the game's message
catalogue when a translator is given (``tr``: ``oneiros play lucidity --lang es``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...core.i18n import Translator, plural, translator

ENGLISH = translator("en")

COLOURS = ("blue", "green", "yellow", "red")
STYLE = {
    "blue": "bold white on blue",
    "green": "bold black on green",
    "yellow": "bold black on yellow",
    "red": "bold white on red",
    "bone": "bold black on white",
}
LETTER = {"blue": "B", "green": "G", "yellow": "Y", "red": "R", "bone": "X"}
FACE = {
    "power1": "1P",
    "power2": "2P",
    "hunt": "Hu",
    "exhaust": "Ex",
    "shadow": "Sh",
    "shadowmark": "SM",
}
DREAM_NAME = {
    "blue": "the Depths",
    "green": "Envy",
    "yellow": "Imprisonment",
    "red": "Primeval Fear",
    "bone": "Bone Hunters",
}
ROW_WORDS = {
    "hunt": "Hunt",
    "exhaust": "Exhaust",
    "shadow_blue": "Depths",
    "shadow_green": "Envy",
    "shadow_yellow": "Imprison",
    "shadow_red": "Fear",
}
ROWS = (
    ("hunt", 4),
    ("exhaust", 3),
    ("shadow_blue", 3),
    ("shadow_green", 3),
    ("shadow_yellow", 3),
    ("shadow_red", 3),
)


def colour_name(colour: str, tr: Translator = ENGLISH) -> str:
    """A dream's colour in words (``blue``; ``azul`` in Spanish)."""
    g = tr.gettext
    names = {
        "blue": g("blue"),
        "green": g("green"),
        "yellow": g("yellow"),
        "red": g("red"),
        "bone": g("bone"),
    }
    return names.get(colour, colour)


POWER_TO_WIN = 15


def die_token(die: Mapping[str, Any]) -> Text:
    """One die: colour letter, face (``??`` before it is rolled), ``*`` on its shadow side."""
    colour = str(die.get("colour") or "?")
    face = die.get("face")
    token = LETTER.get(colour, colour[:1].upper()) + (
        FACE.get(str(face), str(face)[:2]) if face else "??"
    )
    if die.get("shadow_side") and face != "shadow":
        token += "*"
    return Text(token, style=STYLE.get(colour, "bold"))


def dice_row(dice: Sequence[Mapping[str, Any]], slots: int = 0) -> Text:
    """Dice side by side, then empty slots (``·``) up to the row's size; rows can overfill."""
    out = Text()
    for i, die in enumerate(dice):
        if i:
            out.append(" ")
        out.append_text(die_token(die))
    for i in range(len(dice), slots):
        if i:
            out.append(" ")
        out.append(" · ", style="dim")
    if not dice and not slots:
        out.append("-", style="dim")
    return out


def power_of(die: Mapping[str, Any]) -> int:
    return 2 if die.get("face") == "power2" else 1


def sleep_track(track: str | None, control: int | None, tr: Translator = ENGLISH) -> Text:
    """``3 [5] 7``: the chosen path with the marker on the current control."""
    if not track:
        return Text(tr.gettext("not chosen"), style="dim")
    out = Text()
    for i, step in enumerate(track.split("-")):
        if i:
            out.append(" ")
        if control is not None and step == str(control):
            out.append(f"[{step}]", style="bold reverse")
        else:
            out.append(step)
    return out


def _seat_title(seat: int, labels: Sequence[str] | None, tr: Translator = ENGLISH) -> str:
    if labels is not None and 0 <= seat < len(labels):
        return labels[seat]
    return tr.gettext("seat {seat}").format(seat=seat)


def player_panel(
    seat: int,
    player: Mapping[str, Any],
    power: int,
    shadow_size: int,
    current: bool,
    labels: Sequence[str] | None,
    tr: Translator = ENGLISH,
) -> Panel:
    """A dreamer card, a Nightmare or an eaten dreamer."""
    g = tr.gettext
    role = str(player.get("role") or "dreamer")
    colour = player.get("colour")
    rows: Mapping[str, Any] = player.get("rows") or {}
    table = Table.grid(padding=(0, 1))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    table.add_row(g("Power"), Text(f"{power}/{POWER_TO_WIN}", style="bold"))
    table.add_row("", dice_row(rows.get("power") or []))
    if role == "dreamer":
        table.add_row(g("Sleep"), sleep_track(player.get("track"), player.get("control"), tr))
        needed = player.get("shadow_needed")
        if isinstance(needed, int) and not isinstance(needed, bool) and 0 < needed <= 6:
            shadow_size = needed
        for key, size in ROWS:
            if key.startswith("shadow_"):
                size = shadow_size
            table.add_row(g(ROW_WORDS[key]), dice_row(rows.get(key) or [], size))
        if rows.get("shadowmark"):
            table.add_row(g("Marks"), dice_row(rows["shadowmark"]))
        role_text = g("dreamer")
        style = "cyan" if current else "white"
    elif role == "nightmare":
        role_text = nightmare_name(str(colour), tr)
        for key, _size in ROWS:
            dice = rows.get(key) or []
            if dice:
                table.add_row(g(ROW_WORDS[key]), dice_row(dice))
        style = STYLE.get(str(colour), "magenta").split(" on ")[-1] if colour else "magenta"
    else:
        role_text = g("eaten by the Nightmares") if role == "eliminated" else role
        style = "dim"
    title = Text()
    if current:
        title.append("▶ ", style="bold cyan")
    title.append(_seat_title(seat, labels, tr), style="bold")
    title.append(f" · {role_text}")
    return Panel(table, title=title, title_align="left", border_style=style)


def nightmare_name(colour: str, tr: Translator = ENGLISH) -> str:
    """``Nightmare of Envy`` (``Pesadilla de la envidia``), by the Nightmare's colour."""
    name = DREAM_NAME.get(colour, colour)
    return tr.text(f"Nightmare of {name}")


def bag_line(bag: Mapping[str, int], tr: Translator = ENGLISH) -> Text:
    g = tr.gettext
    out = Text(g("Bag: "), style="bold")
    total = 0
    for colour in (*COLOURS, "bone"):
        count = bag.get(colour)
        if count is None or (colour == "bone" and not count):
            continue
        total += int(count)
        out.append(f" {LETTER[colour]} ", style=STYLE[colour])
        out.append(f" {colour_name(colour, tr)} {count}  ")
    out.append(
        g(plural(total, "({total} dream)", "({total} dreams)")).format(total=total), style="dim"
    )
    return out


def nightmare_table(
    cards: Mapping[str, Any], labels: Sequence[str] | None, tr: Translator = ENGLISH
) -> Table:
    g = tr.gettext
    table = Table(title=g("Nightmare cards"), title_justify="left", pad_edge=False, expand=False)
    table.add_column(g("card"))
    table.add_column(g("held by"))
    table.add_column(g("Power waiting on it"))
    for colour, card in cards.items():
        card = card or {}
        holder = card.get("holder")
        held = _seat_title(holder, labels, tr) if isinstance(holder, int) else g("unclaimed")
        table.add_row(
            Text(nightmare_name(colour, tr), style=STYLE.get(colour, "")),
            held,
            dice_row(card.get("dice") or []),
        )
    return table


def render_observation(
    obs: Mapping[str, Any],
    viewer: int | None = None,
    labels: Sequence[str] | None = None,
    tr: Translator | None = None,
) -> RenderableType:
    """The whole Lucidity table: bag, Nightmare cards, every player's card, dreams in hand
    (in the language of ``tr``; English without)."""
    tr = tr or ENGLISH
    g = tr.gettext
    players: Sequence[Mapping[str, Any]] = obs.get("players") or []
    powers: Sequence[int] = obs.get("power") or [0] * len(players)
    current = obs.get("current")
    shadow_size = 4 if len(players) == 2 else 3
    parts: list[RenderableType] = [bag_line(obs.get("bag") or {}, tr)]
    cards = obs.get("nightmare_cards") or {}
    if cards:
        parts.append(nightmare_table(cards, labels, tr))

    def panel(seat: int) -> Panel:
        power = int(powers[seat]) if seat < len(powers) else 0
        return player_panel(seat, players[seat], power, shadow_size, seat == current, labels, tr)

    # the viewer's own card comes last, right above the choices, so it stays on screen
    mine = viewer if viewer is not None and 0 <= viewer < len(players) else None
    panels = [panel(seat) for seat in range(len(players)) if seat != mine]
    grid = Table.grid(expand=True, padding=(0, 1))
    per_row = 2 if len(panels) > 1 else 1
    for _ in range(per_row):
        grid.add_column(ratio=1)
    for start in range(0, len(panels), per_row):
        row: list[RenderableType] = list(panels[start : start + per_row])
        row += [Text("")] * (per_row - len(row))
        grid.add_row(*row)
    parts.append(grid)
    if mine is not None:
        parts.append(panel(mine))
    in_hand = obs.get("in_hand") or []
    hand = Text(g("In hand: "), style="bold")
    hand.append_text(dice_row(in_hand) if in_hand else Text(g("nothing"), style="dim"))
    parts.append(hand)
    final = obs.get("final_turns")
    if final:
        names = ", ".join(_seat_title(int(s), labels, tr) for s in final)
        reached = g("Someone reached {goal} Power: final turns for {names}.")
        parts.append(Text(reached.format(goal=POWER_TO_WIN, names=names), style="bold magenta"))
    parts.insert(1, legend(tr))
    return Group(*parts)


def legend(tr: Translator = ENGLISH) -> Text:
    return Text(
        tr.gettext(
            "Dice: B blue (the Depths), G green (Envy), Y yellow (Imprisonment), R red "
            "(Primeval Fear), X Bone Hunter; 1P/2P Power, Hu hunt, Ex exhaust, Sh shadow, "
            "SM Shadowmark, ?? not rolled, * shadow side up; · an empty space."
        ),
        style="dim",
    )


def _percent(value: float) -> Text:
    filled = max(1, round(value * 10)) if value >= 0.005 else 0  # any real risk shows
    style = "green" if value < 0.2 else "yellow" if value < 0.5 else "bold red"
    out = Text("█" * filled + "░" * (10 - filled), style=style)
    out.append(f" {value:.0%}")
    return out


RISK_WHEN = "when you choose between resting and drawing again"
"""When the game offers its risk meter (said when a player asks at another time)."""

RISK_LINES = ("eaten", "nightmare", "exhausted")


def risk_name(key: str, tr: Translator = ENGLISH) -> str:
    g = tr.gettext
    names = {
        "eaten": g("eaten (Hunt row filled)"),
        "nightmare": g("becoming a Nightmare"),
        "exhausted": g("exhausted"),
    }
    return names.get(key, key)


def render_risk(risk: Any, tr: Translator | None = None) -> RenderableType:
    """The risk meter of drawing again: each danger as a bar with its 95% interval, and
    the expected Power gained; any other shape of data is shown as it is."""
    tr = tr or ENGLISH
    g = tr.gettext
    if isinstance(risk, Mapping) and all(key in risk for key in RISK_LINES):
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold")
        table.add_column()
        table.add_column(style="dim")
        nxt = risk.get("next_control")
        header = (
            g("If you draw again (control {n}):").format(n=nxt)
            if nxt is not None
            else g("If you draw again:")
        )
        for key in RISK_LINES:
            value = float(risk[key])
            low, high = (risk.get(f"{key}_interval") or (value, value))[:2]
            interval = g("95%: {low} to {high}").format(low=f"{low:.0%}", high=f"{high:.0%}")
            table.add_row(risk_name(key, tr), _percent(value), interval)
        gain = risk.get("expected_power")
        if isinstance(gain, int | float):
            low, high = (risk.get("expected_power_interval") or (gain, gain))[:2]
            table.add_row(
                g("Power gained"),
                Text(g("{gain} on average").format(gain=f"{gain:+.1f}")),
                g("95%: {low} to {high}").format(low=f"{low:+.1f}", high=f"{high:+.1f}"),
            )
        how = g(str(risk.get("method", "estimate")))
        samples = risk.get("samples")
        more = g(", {samples} simulated continuations").format(samples=samples) if samples else ""
        foot = Text(f"{how}{more}", style="dim")
        return Group(Text(header, style="bold"), table, foot)
    return _render_any(risk)


def _render_any(risk: Any) -> RenderableType:
    """Chances (0..1) as bars, anything else as it is."""
    if isinstance(risk, Mapping):
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold")
        table.add_column()
        for key, value in risk.items():
            table.add_row(str(key).replace("_", " "), _render_any(value))
        return table
    if isinstance(risk, float) and 0.0 <= risk <= 1.0:
        return _percent(risk)
    if isinstance(risk, list | tuple):
        return Text(", ".join(str(v) for v in risk))
    return Text(str(risk))
