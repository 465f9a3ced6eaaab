"""The original Market cards that show the rest of the effect language in play: costs of
several parts and in Keys, Terrain tokens placed and removed, a Rapid Block, a passive
that forbids, a reshuffle without penalty, amounts. Chance is forced by id."""

from __future__ import annotations

import oneiros

from .builder import event_kinds, legal, play, position, run_effect


def _card(s, face: str, seat: int = 0) -> str:
    return s.table.find("hand", face, seat)


def test_a_cost_of_intent_and_a_key():
    """Borrowed Hour, ``all(cunning(1), keys(1))`` ("Dreamers Actions"; Keys are a team
    pool, design reading 12): not offered without a Key; with one, the Key is spent when
    the action starts and the Cunning is paid card by card."""
    s = position(1, hands={0: ["m-borrowed-hour", "s02"]}, turn="T-01", turn_discard=["T-03"])
    play_id = f"play:{_card(s, 'm-borrowed-hour')}"
    assert play_id not in legal(s)
    run_effect(s, "gain('keys', 1)")
    assert s.team["keys"] == 1 and play_id in legal(s)
    hours, left = s.hours, s.turns_left
    play(s, play_id)
    assert s.team["keys"] == 0 and "keys_spent" in event_kinds(s)
    play(s, f"pay:{_card(s, 's02')}:cunning")
    assert s.turns_left == left + 1 and s.hours == hours - 1


def test_a_light_token_placed_then_every_one_removed():
    """Lamplighter ("Terrain Symbols and Terrain Tokens": "Terrain tokens ... follow the
    same rules as Terrain symbols"): a Light token on the Dreamer's space, then every Light
    token back to its pool."""
    s = position(1, progress={0: ["m-lamplighter"]}, hands={0: ["s05", "s04"]}, at=["A2.1"])
    card = s.table.find("progress", "m-lamplighter", 0)
    pool = s.table.amount("light")
    play(s, f"use:card:{card}:light", f"pay:{_card(s, 's05')}:cunning")
    assert "light" in s.terrain("A2.1") and s.table.amount("light") == pool - 1
    assert f"use:card:{card}:light" not in legal(s)  # on the Light now, and once per Turn
    play(s, f"use:card:{card}:snuff", f"pay:{_card(s, 's04')}:awareness")
    assert "light" not in s.terrain("A2.1") and s.table.amount("light") == pool


def test_a_rapid_card_blocks_a_step_before_it_resolves():
    """Stillness (Rapid, "Other Turn Card Rules": Block 1 step): played before the
    Dreamscape's Basic step, it blocks that step, and the moth's Distress is not dealt."""
    s = position(
        1,
        at=["B2.3"],
        hands={0: ["m-stillness"]},
        entities=[("rust-moth", "B2.4")],
        turn="T-02",
        phase="dreamscape",
    )
    card = _card(s, "m-stillness")
    assert f"play:{card}" in legal(s)
    play(s, f"play:{card}", "choose:0")
    assert 0 in s.blocked_steps and s.table.top("sealed", 0) == card
    play(s, "done")
    assert s.distress == [0] and "step_blocked" in event_kinds(s)


def test_a_flaw_that_forbids_gem_rerolls():
    """Clouded Eye (a Flaw kept in the Progress zone: ``forbid('gem_reroll')``): its
    Dreamer may not reroll with a Shining Gem, as under the Morphing of that name."""
    gamble = "roll_luck(skull=distress(1))"
    s = position(1, gems=[1])
    run_effect(s, gamble)
    play(s, "luck:skull")
    assert "reroll:gem" in legal(s)
    s = position(1, gems=[1], decks={0: ["clouded-eye", "s01"]})
    run_effect(s, "draw(1)")
    play(s, "back:flaw", "draw:clouded-eye")
    run_effect(s, gamble)
    play(s, "luck:skull")
    assert "reroll:gem" not in legal(s)  # only the Dicer's back action (``back.py``)
    play(s, "done")
    assert s.distress == [1]


def test_a_reshuffle_without_penalty_then_an_amount_of_cards():
    """Fresh Start: "If the game allows you to reshuffle your Influence deck, even though
    you still have some cards in it, reshuffle all the remaining cards and the cards in
    your Discard pile" (no penalty, "Reshuffle!"), then draw 2 x Player Count - 1."""
    s = position(2, hands={0: ["m-fresh-start", "s06"]}, discards={0: ["s01", "s02"]})
    deck = s.table.count("deck", 0)
    play(s, f"play:{_card(s, 'm-fresh-start')}", f"pay:{_card(s, 's06')}:wrath")
    assert s.table.count("discard", 0) == 0 and "reshuffled" in event_kinds(s)
    assert s.table.count("deck", 0) == deck + 4  # the two discarded, the card and the payment
    assert s.to_move() == (oneiros.CHANCE,)
    # the played Market card is in the new deck: each new top shows its back
    play(s, "back:dicer", "draw:s01", "back:dicer", "draw:s02", "back:dicer", "draw:s03")
    assert sorted(s.table.faces_in("hand", 0)) == ["s01", "s02", "s03"]
    assert "reshuffle_penalty" not in event_kinds(s)
