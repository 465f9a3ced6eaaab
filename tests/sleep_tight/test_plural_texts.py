"""What a player reads counts in words: "takes 1 Soul Fragment", "takes 2 Soul Fragments",
a Dreamscape card giving "1 Soul Fragment" or "0 Soul Fragments" on entering, never
"Soul Fragment(s)", in English and in Spanish (``oneiros.core.i18n.plural``)."""

from __future__ import annotations

import json
from typing import Any

import oneiros
from oneiros.core.i18n import card_texts_in, for_game

from .helpers import kinds, play, reveal
from .scenario import scenario


def _spanish(state: Any, text_or_event: Any) -> str:
    tr = for_game(state.game, "es")
    if isinstance(text_or_event, str):
        return tr.text(text_or_event)
    return str(text_or_event.text_in("es", tr))


def test_one_fragment_taken_from_the_pile_is_singular() -> None:
    """sleep-tight "Card Symbols": Gather Glimmers takes a fragment from the pile."""
    state = scenario(3, hands={0: ["gather-glimmers"]})
    play(state, 0, "play:gather-glimmers")
    reveal(state)
    said = kinds(state, "gained")[-1]
    assert said.text == "Seat 0 takes 1 Soul Fragment from the pile"
    assert _spanish(state, said) == "El asiento 0 coge 1 Fragmento de Alma de la reserva"
    assert dict(said.data) == {"seat": 0, "got": 1}


def test_two_fragments_taken_from_a_player_are_plural() -> None:
    """sleep-tight "Card Symbols": Dream Catcher takes its fragments from another player."""
    state = scenario(3, hands={0: ["dream-catcher"]}, fragments={0: 2, 1: 5})
    play(state, 0, "play:dream-catcher")
    reveal(state)
    state.apply("from:1")
    said = kinds(state, "stole_fragments")[-1]
    assert said.text == "Seat 0 takes 2 Soul Fragments from seat 1"
    assert _spanish(state, said) == "El asiento 0 coge 2 Fragmentos de Alma del asiento 1"
    assert dict(said.data) == {"seat": 0, "victim": 1, "n": 2}


def test_shuffling_two_cards_back_then_one() -> None:
    """sleep-tight "Card Examples": draw 3 cards, then shuffle 2 back, one at a time."""
    state = scenario(3, hands={0: ["frantic-search", "tantrum"]}, fragments={0: 3})
    play(state, 0, "play:frantic-search")
    reveal(state)
    for card in ("nightlight", "pickpocket", "gather-glimmers"):
        state.apply("draw:" + card)
    prompt = state.decision().prompt  # type: ignore[union-attr]
    assert prompt == "Shuffle 2 cards back into the Action deck"
    assert _spanish(state, prompt) == "Devuelve 2 cartas al mazo de Acción"
    state.apply("return:tantrum")
    prompt = state.decision().prompt  # type: ignore[union-attr]
    assert prompt == "Shuffle 1 card back into the Action deck"
    assert _spanish(state, prompt) == "Devuelve 1 carta al mazo de Acción"


def test_dreamscape_cards_count_the_fragments_given_on_entering() -> None:
    """sleep-tight "1. Draw Dreamscapes and Take Soul Fragments": the card texts the tables
    show (``card_texts``, what the web client's Dreamscape cards read)."""
    game = oneiros.make("sleep-tight", players=3)
    cards = game.card_texts()
    assert cards["grey-meadow"]["text"] == "Dream: limbo · 0 Soul Fragments on entering."
    assert cards["familiar-hallway"]["text"] == "Dream: shadow · 1 Soul Fragment on entering."
    assert cards["icicle-nursery"]["text"] == "Dream: cold · 2 Soul Fragments on entering."
    assert cards["frozen-stairwell"]["text"].endswith(" · 1 Soul Fragment on entering.")
    assert not any("(s)" in str(c.get("text")) for c in cards.values())
    spanish = card_texts_in(game, "es")
    assert spanish["grey-meadow"]["text"] == "Sueño: limbo · 0 Fragmentos de Alma al entrar."
    assert spanish["familiar-hallway"]["text"] == "Sueño: sombra · 1 Fragmento de Alma al entrar."
    assert spanish["frozen-stairwell"]["text"].endswith("frío · 1 Fragmento de Alma al entrar.")


def test_a_game_saved_with_the_former_texts_loads_with_todays() -> None:
    """A snapshot written while the log said "Soul Fragment(s)": loaded, it says "1 Soul
    Fragment" (the game's ``reworded`` table, applied by the snapshot loader); kinds and
    data are those saved, and the state is the one saved."""
    state = scenario(3, hands={0: ["gather-glimmers"]})
    play(state, 0, "play:gather-glimmers")
    reveal(state)
    snap = json.loads(json.dumps(state.to_snapshot()))
    former = "Seat {seat} takes {got} Soul Fragment(s) from the pile"
    for event in snap["events"]:
        if event[0] == "gained":
            event[1] = former
    loaded = state.game.from_snapshot(snap)
    said = kinds(loaded, "gained")[-1]
    assert said.text == "Seat 0 takes 1 Soul Fragment from the pile"
    assert _spanish(loaded, said) == "El asiento 0 coge 1 Fragmento de Alma de la reserva"
    assert loaded.to_snapshot() == state.to_snapshot()
