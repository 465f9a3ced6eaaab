"""Flaw cards (etherfields "Flaw Cards", "Sealing and Unsealing Cards"; design §6 reading
7, option ``flaw_draw``). Chance is forced by id."""

from __future__ import annotations

import oneiros

from .builder import event_kinds, legal, play, position, run_effect


def test_a_flaw_gained_goes_on_top_of_the_discard_pile():
    """ "When the game instructs you to gain a FLAW CARD, draw one from the FLAW DECK and
    put it on the top of your Discard pile"."""
    s = position(1, discards={0: ["s01"]})
    run_effect(s, "gain_flaw")
    assert s.to_move() == (oneiros.CHANCE,)
    assert sorted(legal(s)) == [
        "draw:clouded-eye",
        "draw:dread-weight",
        "draw:gnawing-rust",
        "draw:nagging-doubt",
    ]
    play(s, "draw:nagging-doubt")
    assert s.table.faces_in("discard", 0) == ["s01", "nagging-doubt"]
    assert "flaw_gained" in event_kinds(s)


def test_a_flaw_drawn_is_resolved_at_once_and_counts_as_drawn():
    """ "Whenever you draw a Flaw card from your Influence deck, you must resolve it
    immediately": Gnawing Rust deals 1 Distress and goes to the discard pile; by default
    it is one of the cards drawn (reading 7)."""
    s = position(1, decks={0: ["s06", "gnawing-rust", "s05"]})
    play(s, "back:flaw")  # the Flaw's back on top ("Influence Cards")
    run_effect(s, "draw(2)")
    play(s, "draw:gnawing-rust")
    assert s.distress == [1] and s.table.faces_in("discard", 0) == ["gnawing-rust"]
    play(s, "draw:s06")
    assert s.table.faces_in("hand", 0) == ["s06"] and s.flow.top.kind == "card_action"


def test_with_flaw_draw_replaced_another_card_is_drawn_in_its_place():
    s = position(1, decks={0: ["s06", "gnawing-rust", "s05"]}, options={"flaw_draw": "replaced"})
    run_effect(s, "draw(2)")
    play(s, "back:flaw", "draw:gnawing-rust", "draw:s06", "draw:s05")
    assert sorted(s.table.faces_in("hand", 0)) == ["s05", "s06"]


def test_a_persistent_flaw_sits_in_the_progress_zone_outside_the_limit():
    """Dread Weight goes to the Progress zone ("applying a persistent negative effect":
    the hand limit drops to 5), and "these are not counted toward the active Progress
    card limit": with 3 cards placed, a 4th needs no room made."""
    s = position(
        1,
        progress={0: ["s10", "c-wound-spring", "m-steady-hand"]},
        decks={0: ["dread-weight", "s01"]},
        hands={0: ["m-overreach", "s05"]},
        discards={0: ["s02", "s03", "s04", "s06"]},
    )
    assert s.hand_limit(0) == 6
    run_effect(s, "draw(1)")
    play(s, "back:flaw", "draw:dread-weight")
    assert s.hand_limit(0) == 5 and "dread-weight" in s.table.faces_in("progress", 0)
    card = s.table.find("hand", "m-overreach", 0)
    play(s, f"place:{card}", f"pay:{s.table.find('hand', 's05', 0)}:cunning")
    assert s.table.count("progress", 0) == 5 and s.flow.top.kind == "card_action"


def test_sealing_skips_a_flaw_and_puts_it_back_on_top():
    """ "Sealing and Unsealing Cards" (Note: "Only Influence cards can be Sealed ... you
    just skip the Flaw card and draw another card. After resolving the Seal effect, any
    drawn Flaw card is placed back on the top of the deck"): Seal 3 with the Flaw revealed
    second seals 3 Influence cards, and the next card drawn is the Flaw."""
    pad = ["s05", "s06", "s07", "s08", "s09"]
    s = position(1, decks={0: ["s01", "gnawing-rust", "s02", "s03", "s04"]}, discards={0: pad})
    sealed = s.table.count("sealed", 0)
    run_effect(s, "seal(3)")
    play(s, "back:dicer", "draw:s01", "back:flaw", "draw:gnawing-rust")
    assert "flaw_skipped" in event_kinds(s)
    assert "draw:gnawing-rust" not in legal(s)  # it is set aside, not sealed
    play(s, "draw:s02", "draw:s03")
    assert s.table.count("sealed", 0) == sealed + 3
    assert "gnawing-rust" not in s.table.faces_in("sealed", 0)
    run_effect(s, "draw(1)")
    assert legal(s) == ["draw:gnawing-rust"]  # back on top: the next card drawn
    play(s, "draw:gnawing-rust")
    assert s.distress == [1]


def test_a_flaw_is_removed_for_its_price_to_the_bottom_of_the_flaw_deck():
    """ "Most Flaw cards can be removed from your deck for a price (generally 1 Ether)
    after which it is returned to the bottom of the Flaw deck": the Flaw deck then draws
    the Flaws never drawn first, and the returned one last."""
    s = position(1, discards={0: ["gnawing-rust", "nagging-doubt"]}, ether=[1])
    assert "use:card:flaw.gnawing-rust:remove" in legal(s)
    assert "use:card:flaw.nagging-doubt:remove" not in legal(s)  # it costs 2 Ether
    play(s, "use:card:flaw.gnawing-rust:remove")
    assert s.ether == [0] and s.table.place("flaw.gnawing-rust") == ("flaw_deck", None)
    assert "flaw_removed" in event_kinds(s)
    run_effect(s, "gain_flaw")
    assert sorted(legal(s)) == ["draw:clouded-eye", "draw:dread-weight"]  # never drawn: first
    play(s, "draw:dread-weight")
    run_effect(s, "gain_flaw")
    play(s, "draw:clouded-eye")
    run_effect(s, "gain_flaw")
    assert legal(s) == ["draw:gnawing-rust"]
