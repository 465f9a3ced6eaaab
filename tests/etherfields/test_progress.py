"""Progress Influence cards (etherfields "Progress Influence Cards", "Morphings",
"Distress and Dying"; part 2 of the design). Chance is forced by id."""

from __future__ import annotations

from .builder import event_kinds, legal, play, position, run_effect


def _card(s, face: str, seat: int = 0, zone: str = "hand") -> str:
    return s.table.find(zone, face, seat)


def test_a_progress_card_is_placed_by_paying_its_cost_with_other_cards():
    """etherfields "Progress Influence Cards": placed by paying the listed cost (Lantern
    Thought: 2 Awareness), never with itself; once placed it cannot be paid as Intent, and
    its passive (draw 1 more card in the Draw step) acts."""
    s = position(1, hands={0: ["s10"]})
    assert f"place:{_card(s, 's10')}" in legal(s)  # the Tin Lantern could pay
    s = position(1, hands={0: ["s10", "s04"]}, phase="actions")
    s10 = _card(s, "s10")
    play(s, f"place:{s10}")
    assert f"pay:{s10}:awareness" not in legal(s)  # it never pays for itself
    play(s, f"pay:{_card(s, 's04')}:awareness")
    assert s.table.ids("progress", 0) == [s10] and "placed_progress" in event_kinds(s)
    assert s.observation(None)["dreamers"][0]["progress"] == ["s10"]  # public
    run_effect(s, "gain('ether', progress('awareness'))")  # its colour icon counts
    assert s.ether == [1]
    draws = position(1, hands={0: ["s01", "s10", "s04"]})
    play(draws, f"place:{_card(draws, 's10')}", f"pay:{_card(draws, 's04')}:awareness")
    play(draws, "pass")  # the Dreamscape Phase, then the next Turn
    while draws.flow.top.kind != "draw":
        play(draws, legal(draws)[0])
    assert draws.flow.top.left == 5  # 4 + 1: "draw 1 more card in the Draw step"


def test_a_fifth_progress_card_needs_a_placed_one_discarded_first():
    """etherfields "Progress Influence Cards": "If you want to place a new Progress card
    when you have already reached your limit, you must first discard one of your placed
    Progress cards" (the Dreamer chooses which)."""
    placed = ["d4", "c-wound-spring", "t4", "r4"]  # the Dicer's own, a reward, two bought
    s = position(1, hands={0: ["s10", "s08"]}, progress={0: placed})
    before = list(s.table.ids("progress", 0))
    play(s, f"place:{_card(s, 's10')}", f"pay:{_card(s, 's08')}:awareness")
    assert s.flow.top.kind == "progress_room"
    assert legal(s) == [f"discard:{c}" for c in before]
    play(s, f"discard:{before[1]}")
    assert s.table.top("discard", 0) == before[1]
    assert s.table.faces_in("progress", 0) == ["d4", "t4", "r4", "s10"]


def test_placed_progress_cards_do_not_count_against_dying():
    """etherfields "Distress and Dying": fewer than 6 cards "including cards in their
    influence deck, hand, and Discard Pile but not Active Progress cards": placing the
    sixth card of deck, hand and discard pile loses the Dream."""
    s = position(1, decks={0: ["s01", "s02", "s03"]}, hands={0: ["s10", "s04", "s05"]})
    play(s, f"place:{_card(s, 's10')}", f"pay:{_card(s, 's04')}:awareness")
    assert s.is_terminal() and s.reason == "too_few_cards"


def test_the_stall_morphing_makes_placed_progress_cards_inactive():
    """etherfields "Morphings": "All placed PROGRESS cards are inactive ... New ones can be
    placed but will remain inactive": no extra card drawn, no colour icon."""
    s = position(
        1,
        hands={0: ["s10", "s04"]},
        entities=[("rust-moth", "C2.2")],
        morphings={"rust-moth": ["no_progress"]},
    )
    play(s, f"place:{_card(s, 's10')}", f"pay:{_card(s, 's04')}:awareness")
    assert s.table.count("progress", 0) == 1
    run_effect(s, "gain('ether', progress('awareness'))")
    assert s.ether == [0]
