"""Other Dreamers inside a payment (etherfields "Influence Cards": Rapid cards "can be
played at any time during your action (even in the middle of another action), other
Dreamers rounds"; "Gradual Actions": "Any Intent marker placed on an action is considered
to be yours, even if it was placed by another Dreamer"). Chance is forced by id."""

from __future__ import annotations

from .builder import ALL_TILES, event_kinds, legal, play, position


def _card(s, face: str, seat: int = 0) -> str:
    return s.table.find("hand", face, seat)


def test_another_dreamer_plays_a_rapid_card_in_the_middle_of_a_payment():
    """The rulebook's example seen from the table: Dreamer 0 pays 3 Wrath to swat a moth;
    after the first card, the Tinkerer plays Oiled Hinge (Seal it: draw 2) in the middle
    of Dreamer 0's action; then Dreamer 0's payment goes on and the moth is removed."""
    s = position(
        2,
        options={"dreamers": "dicer,tinkerer"},
        at=["B2.3", "A2.3"],
        hands={0: ["s03", "s06"], 1: ["t3", "s01"]},
        entities=[("rust-moth", "B2.4")],
    )
    play(s, "use:entity:rust-moth.1:swat", seat=0)
    play(s, f"pay:{_card(s, 's03')}:wrath")
    assert s.flow.top.kind == "payment_window" and s.to_move() == (1,)
    t3 = _card(s, "t3", 1)
    assert sorted(legal(s, 1)) == ["done", f"play:{t3}"]  # a Rapid card; no Gradual payment
    play(s, f"play:{t3}", seat=1)
    assert s.table.top("sealed", 1) == t3
    play(s, "draw:s06", "draw:s08")
    assert sorted(s.table.faces_in("hand", 1)) == ["s01", "s06", "s08"]
    play(s, "done", seat=1)
    assert s.flow.top.kind == "pay" and s.flow.top.paid == 1  # Dreamer 0's payment resumes
    play(s, f"pay:{_card(s, 's06')}:wrath", "resolve")
    assert s.minis == [] and s.team["gear"] == 1


def test_several_dreamers_pay_one_gradual_action_in_one_go():
    """ "Gradual Actions": Dreamer 0 winds the clock (3 Cunning x Player Count = 6);
    Dreamer 1 adds 4 Cunning of their own in the same action, and it is performed; a card
    of another colour is never offered."""
    s = position(
        2,
        tiles=ALL_TILES,
        at=["C1.2", "C1.2"],
        hands={0: ["s05"], 1: ["s05", "s09", "s04"]},
        flags=["gears"],
    )
    play(s, "use:map:C1.2:wind", seat=0)
    play(s, f"pay:{_card(s, 's05')}:cunning")
    assert s.flow.top.kind == "payment_window"
    ids = legal(s, 1)
    assert f"pay:{_card(s, 's05', 1)}:cunning" in ids
    assert not any(a.startswith(f"pay:{_card(s, 's04', 1)}") for a in ids)
    play(s, f"pay:{_card(s, 's05', 1)}:cunning", seat=1)
    assert "contributed" in event_kinds(s) and s.flow.top.kind == "payment_window"
    play(s, f"pay:{_card(s, 's09', 1)}:cunning", seat=1)
    play(s, "done", seat=1)
    assert s.is_terminal() and s.reason == "victory"
    assert sorted(s.table.faces_in("discard", 1)) == ["s05", "s09"]


def test_no_window_opens_when_no_other_dreamer_can_answer():
    """A window opens only for a Dreamer who may hold a Rapid card (by what every seat
    sees) or, in a Gradual payment, holds cards: with an empty hand, none opens."""
    s = position(
        2,
        at=["B2.3", "A2.3"],
        hands={0: ["s03", "s06"]},
        entities=[("rust-moth", "B2.4")],
    )
    play(s, "use:entity:rust-moth.1:swat", seat=0)
    play(s, f"pay:{_card(s, 's03')}:wrath")
    assert s.flow.top.kind == "pay"
