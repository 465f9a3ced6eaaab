"""What a table shows next to the pieces: the rows of a dreamer card, the Nightmare cards,
the Manifestations and Dreamscapes, with their names and texts (``Game.card_texts``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.effects import Node, render
from .content import COLOURS

if TYPE_CHECKING:
    from .game import LucidityGame

SHADOW = {"blue": "depths", "green": "envy", "yellow": "imprisonment", "red": "fear"}
ROW_NAMES = {
    "power": ("Power", "Power dreams: the Power you hold (15 ends the game).", "resolve"),
    "hunt": ("Hunt", "A full Hunt row and the Nightmares eat you.", "check"),
    "exhaust": ("Exhaust", "A full Exhaust row ends your turn with nothing gained.", "check"),
    "shadowmark": ("Shadowmarks", "Three Shadowmarks and the Bone Hunters take you.", "shadowmark"),
}
FACES = {
    "power1": "1 Power",
    "power2": "2 Power",
    "hunt": "Hunt",
    "exhaust": "Exhaust",
    "shadow": "Shadow",
    "shadowmark": "Shadowmark",
}


def ability_text(ability: Node) -> str:
    """The Nightmare ability in words (the content's effect, ``effects.py``, and its
    numbers; a composite in the effect language's own form)."""
    args: Any = ability.args
    n = getattr(args, "count", 1)
    dreams = "dream" if n == 1 else "dreams"
    texts = {
        "send_minion": f"Draws {getattr(args, 'draw', 2)} dreams and gives one to a dreamer, who rolls it.",
        "strip_power": f"The dreamer returns {n} Power {dreams} of the Nightmare's choice to the bag.",
        "draw_to_exhaust": f"The dreamer draws {n} {dreams} into the Exhaust row without rolling.",
        "shadow_to_hunt": f"Moves {n} shadow {dreams} of the dreamer to the Hunt row.",
        "offer_power": (
            "May give one of its Power dreams to the dreamer, who must then draw and roll "
            "one dream."
        ),
    }
    return texts.get(ability.op) or f"Its ability: {render(ability)}."


def card_texts(game: LucidityGame) -> dict[str, dict[str, Any]]:
    """Rows (``row:shadow_green``), dice faces (``face:power1``), Nightmare cards
    (``nightmare:blue``), Manifestations and Dreamscapes by their content ids."""
    refs = game.refs
    out: dict[str, dict[str, Any]] = {}
    for row, (name, text, ref) in ROW_NAMES.items():
        out[f"row:{row}"] = {"name": name, "text": text, "kind": "row", "rule": refs[ref]}
    for colour in COLOURS:
        ref = refs[SHADOW[colour]]
        section = ref.split('"')[1] if '"' in ref else ref
        out[f"row:shadow_{colour}"] = {
            "name": section,
            "text": game.rule_text(ref) or section,
            "kind": "row",
            "rule": ref,
        }
    for face, name in FACES.items():
        out[f"face:{face}"] = {"name": name, "text": name, "kind": "face"}
    for colour, spec in game.nightmare_cards.items():
        takes = ", ".join(FACES.get(t, t) for t in spec.takes)
        out[f"nightmare:{colour}"] = {
            "name": spec.name,
            "text": f"Takes {colour} {takes} dreams. {ability_text(spec.ability)}",
            "kind": "nightmare",
            "rule": refs["ability"],
        }
    for cid, m in game.content.manifestations.items():
        out[cid] = {"name": m.name, "text": m.text, "cost": m.cost, "kind": "manifestation"}
    for did, d in game.content.dreamscapes.items():
        out[did] = {"name": d.name, "text": d.text, "kind": "dreamscape"}
    return out
