"""What a player reads counts in words: "Discard 1 card", "2 cards return to the Market's
bottom", "cashes 1 Ether voucher", never "card(s)", in English and in Spanish
(``oneiros.core.i18n.plural``)."""

from __future__ import annotations

import json
from typing import Any

from oneiros.core.i18n import for_game
from oneiros.games.etherfields.campaign.document import Campaign
from tests.etherfields.builder import play, position
from tests.etherfields.campaign_scenarios import campaign, world


def _spanish(s: Any, text: str) -> str:
    return for_game(s.game, "es").text(text)


def _events(s: Any, kind: str) -> list[Any]:
    return [e for e in s.events() if e.kind == kind]


def test_a_discard_cost_counts_down_to_one_card():
    """etherfields "Basic Actions Card" (Gain a Shining Gem: discard 3 Influence cards from
    your hand), "Dreamers Actions" (a cost of discarding cards, one at a time)."""
    s = position(
        1,
        hands={0: ["s01", "s02", "s03", "s04"]},
        tiles=("OD-01 SETUP", "OD-01 T2", "OD-01 T4"),
        at=["B1.2"],
    )
    play(s, "use:basic:gain-gem")
    key = "Discard 3 Influence cards from your hand: gain a Shining Gem."
    prompt = s.decision().prompt
    assert prompt == f"Discard 3 cards to pay for: {key}"
    assert _spanish(s, prompt).startswith("Descarta 3 cartas para pagar: ")
    for face in ("s02", "s03"):
        play(s, f"discard:{s.table.find('hand', face, 0)}")
    prompt = s.decision().prompt
    assert prompt == f"Discard 1 card to pay for: {key}"
    assert _spanish(s, prompt) == (
        "Descarta 1 carta para pagar: Descarta 3 cartas de Influencia de tu mano: gana una "
        "Gema brillante."
    )


def test_the_cards_not_bought_return_to_the_market_bottom():
    """etherfields "Influence Market & Buying New Influence Cards": the cards drawn and not
    bought go to the Market's bottom."""
    one = world(campaign(location="bazaar", ether=[3, 0]))
    play(one, "shop", "buy-cards", "draw:m01", "draw:m02", "draw:m04", "buy:m01", "buy:m04")
    play(one, "done")
    said = _events(one, "market_bottom")[-1]
    assert said.text == "1 card returns to the Market's bottom" and said.data == {"n": 1}
    assert said.text_in("es", for_game(one.game, "es")) == "1 carta vuelve al fondo del Mercado"
    two = world(campaign(location="bazaar", ether=[3, 0]))
    play(two, "shop", "buy-cards", "draw:m01", "draw:m02", "draw:m04", "buy:m01", "done")
    said = _events(two, "market_bottom")[-1]
    assert said.text == "2 cards return to the Market's bottom" and said.data == {"n": 2}
    assert said.text_in("es", for_game(two.game, "es")) == "2 cartas vuelven al fondo del Mercado"


def test_one_ether_voucher_is_cashed_the_next_evening():
    """etherfields "Saving Your Game": an Ether voucher bought on saving is cashed when the
    campaign goes on."""
    s = world(campaign(location="lamp-row", ether=[2, 0]))
    play(s, "save", "skip")
    s2 = world(Campaign.model_validate(s.carry_over()))
    said = _events(s2, "voucher")[-1]
    assert said.text == "Dreamer 0 cashes 1 Ether voucher: +1 Ether"
    assert said.text_in("es", for_game(s2.game, "es")) == (
        "El Soñador 0 canjea 1 vale de Éter: +1 de Éter"
    )
    assert said.rule == 'etherfields "Saving Your Game"'


def test_a_game_saved_with_the_former_texts_loads_with_todays():
    """A snapshot written while the log said "{n} card(s) return to the Market's bottom":
    loaded, it says "1 card returns" (the game's ``reworded`` table, applied by the snapshot
    loader); the state is the one saved."""
    s = world(campaign(location="bazaar", ether=[3, 0]))
    play(s, "shop", "buy-cards", "draw:m01", "draw:m02", "draw:m04", "buy:m01", "buy:m04")
    play(s, "done")
    snap = json.loads(json.dumps(s.to_snapshot()))
    for event in snap["events"]:
        if event[0] == "market_bottom":
            event[1] = "{n} card(s) return to the Market's bottom"
    loaded = s.game.from_snapshot(snap)
    said = _events(loaded, "market_bottom")[-1]
    assert said.text == "1 card returns to the Market's bottom"
    assert loaded.to_snapshot() == s.to_snapshot()
