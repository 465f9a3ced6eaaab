"""Rule references (book and section) of each rule set: the keys every step, event and
decision cites (``rule_refs(ruleset)[key]``)."""

from __future__ import annotations

from ...core import rule

EN = "lucidity-en"
ES = "lucidity-es"

_EN_SECTIONS = {
    "setup": "Setting Up",
    "how_to_win": "How to win",
    "track": "1. Set Level of Control",
    "draw": "2. Draw and Select Dreams",
    "roll": "3. Roll and Resolve Dreams",
    "resolve": "3. Roll and Resolve Dreams",
    "reroll": "Re-rolling dreams",
    "depths": "Shadow of the Depths",
    "envy": "Shadow of Envy",
    "imprisonment": "Shadow of Imprisonment",
    "fear": "Shadow of Primeval Fear",
    "check": "4. Check for Filled Rows",
    "rest": "5. Rest or Draw Again",
    "nightmare": "Turn Order (Nightmare)",
    "consume": "Consume Power",
    "minions": "Send Minions",
    "ability": "Activating Nightmare Abilities",
    "power_victory": "Power Victory",
    "nightmare_victory": "Nightmare Victory",
    "dream_victory": "Dream Victory",
    "winner": "The Winner",
    "two_player": "Two Player Games",
    "fourth_space": "Two Player Games",
    "faq": "FAQ and Overlooked Rules",
    "bone": "Bone Hunters Expansion",
    "shadowmark": "The Shadowmark",
    "manifestations": "Manifestations Expansion",
    "dreamscapes": "Dreamscapes Expansion",
}
_ES_SECTIONS = {
    "setup": "Preparar",
    "track": "1. Elija una pista de sueño",
    "draw": "2. Dibujar y seleccionar sueños",
    "roll": "3. Rollo y resolución de sueños",
    "resolve": "Orden de resolución",
    "reroll": "3. Rollo y resolución de sueños",
    "depths": "Sombra de las profundidades",
    "envy": "Sombra de la envidia",
    "imprisonment": "Sombra del encarcelamiento",
    "fear": "Sombra del miedo primigenio",
    "check": "4. Compruebe las filas llenas",
    "rest": "5. Descanse o vuelva a soñar",
    "nightmare": "Orden de turno (Pesadilla)",
    "consume": "Orden de turno (Pesadilla)",
    "minions": "Orden de turno (Pesadilla)",
    "ability": "Habilidades de pesadilla",
    "power_victory": "Fin del juego",
    "nightmare_victory": "Fin del juego",
    "dream_victory": "Fin del juego",
    "winner": "Fin del juego",
    "how_to_win": "Fin del juego",
    "two_player": "Juegos de dos jugadores",
    # the worst-case rule ('La regla del "peor caso"') is a paragraph of "Fin del juego"
    "faq": "Fin del juego",
}


def rule_refs(ruleset: str) -> dict[str, str]:
    """Section key -> rule reference string for a rule set (the de-lux booklet is in en)."""
    en = {k: rule(EN, v) for k, v in _EN_SECTIONS.items()}
    if ruleset == "en":
        return en
    out = dict(en)
    out.update({k: rule(ES, v) for k, v in _ES_SECTIONS.items()})
    return out


def all_rule_refs() -> list[str]:
    return sorted(
        {rule(EN, v) for v in _EN_SECTIONS.values()} | {rule(ES, v) for v in _ES_SECTIONS.values()}
    )
