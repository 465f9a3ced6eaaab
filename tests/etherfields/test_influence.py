"""Influence cards played for their action (etherfields "Influence Cards", "Assault /
Contact Actions", "Rerolls"; part 2 of the design, first items). Chance is forced by id."""

from __future__ import annotations

import oneiros

from .builder import event_kinds, legal, play, position

DECK = ["s01", "s02", "s04", "s05", "s06", "s06", "s03", "s08"]


def _card(s, face: str, seat: int = 0) -> str:
    return s.table.find("hand", face, seat)


def test_a_card_is_played_for_its_action_when_its_requirement_holds():
    """etherfields "Influence Cards" ("you may only play Influence cards from your hand
    either for their Intent or for their action/effect"; "Some cards will have additional
    requirements ... (e.g.: being on a space with specific Terrain symbol)"): Wader's
    Stride moves 1 space while on Water, and goes to the discard pile."""
    dry = position(1, hands={0: ["s09"]}, at=["A2.1"])
    assert not any(a.startswith("play:") for a in legal(dry))
    s = position(1, hands={0: ["s09"]}, at=["A2.3"])  # the Water edge of the Orchard Gate
    card = _card(s, "s09")
    play(s, f"play:{card}")
    assert s.table.top("discard", 0) == card and s.flow.top.kind == "move"
    play(s, "step:n")
    assert s.pos == ["A2.1"]


def test_a_card_never_pays_for_its_own_action():
    """etherfields "Performing Actions" ("If you are discarding a card in this way you may
    not use its printed action ability"): Double or Nothing (3 Wrath) cannot pay its own
    2-Wrath action; with another Wrath card it can, and the Luck die decides."""
    s = position(1, hands={0: ["d3"]})
    play(s, f"play:{_card(s, 'd3')}")  # the Iron Poker (an Active Item) could pay for it
    assert not any(a.startswith("pay:") for a in legal(s))
    s = position(1, hands={0: ["d3", "s06"]})
    play(s, f"play:{_card(s, 'd3')}")
    assert f"pay:{s.table.find('discard', 'd3', 0)}:wrath" not in legal(s)
    play(s, f"pay:{_card(s, 's06')}:wrath")
    assert s.to_move() == (oneiros.CHANCE,)
    play(s, "luck:3", "done")
    assert s.ether == [2] and sorted(s.table.faces_in("discard", 0)) == ["d3", "s06"]


def test_a_rapid_card_in_the_middle_of_a_payment():
    """etherfields "Influence Cards" example, with the original Rapid card Oiled Hinge
    (Seal it: draw 2): paying 3 Wrath with 1 paid, the Tinkerer plays it mid-payment; the
    two cards drawn (forced to 2-Wrath cards) finish the payment, the Rapid card is
    Sealed."""
    s = position(
        1,
        options={"dreamers": "tinkerer"},
        hands={0: ["s03", "t3"]},
        decks={0: DECK},
        at=["B2.3"],
        entities=[("rust-moth", "B2.4")],
    )
    sealed = s.table.count("sealed", 0)
    play(s, "use:entity:rust-moth.1:swat", f"pay:{_card(s, 's03')}:wrath")
    t3 = _card(s, "t3")
    assert f"play:{t3}" in legal(s)
    play(s, f"play:{t3}")
    assert s.table.top("sealed", 0) == t3 and s.table.count("sealed", 0) == sealed + 1
    play(s, "draw:s06", "draw:s06")
    assert s.flow.top.kind == "pay" and s.flow.top.paid == 1  # the payment resumes
    play(s, f"pay:{_card(s, 's06')}:wrath")  # 3 of 3
    play(s, "resolve")
    assert s.minis == [] and s.team["gear"] == 1
    assert "played" in event_kinds(s)


def test_an_assault_card_paid_twice_targets_twice():
    """etherfields "Assault / Contact Actions" ("You can bold the effect of an
    Assault/Contact action by paying its cost multiple times"; "you can choose a
    different target for each effect"): the Bruiser's Shoulder Charge, 3 Wrath, paid 6,
    puts 1 Threat twice, each on a moth the Dreamer chooses."""
    s = position(
        1,
        options={"dreamers": "bruiser"},
        hands={0: ["b1", "b2", "s06"]},
        at=["B2.3"],
        entities=[("rust-moth", "B2.4"), ("rust-moth", "B2.1")],
    )
    play(s, f"play:{_card(s, 'b1')}")
    play(s, f"pay:{_card(s, 'b2')}:wrath", f"pay:{_card(s, 's06')}:wrath", "resolve")
    assert sorted(legal(s)) == ["target:entity:rust-moth.1", "target:entity:rust-moth.2"]
    play(s, "target:entity:rust-moth.2")
    play(s, "target:entity:rust-moth.2")
    assert [m[3] for m in s.minis] == [0, 2] and s.table.amount("threat") == 10
    far = position(
        1,
        options={"dreamers": "bruiser"},
        hands={0: ["b1", "b2"]},
        at=["A2.1"],
        entities=[("rust-moth", "B2.4")],
    )
    assert f"play:{_card(far, 'b1')}" not in legal(far)  # no Entity within range 1


def test_a_rapid_reroll_card_in_the_reroll_window():
    """etherfields "Rerolls" ("sometimes this only applies to your roll, sometimes to any
    roll"), "Influence Cards" (Rapid): the Dicer's Loaded Die, Sealed, rerolls a Luck die
    boost; under the Morphing "no rerolls" it is not offered ("Morphings")."""
    gear = {"tiles": ("OD-01 SETUP", "OD-01 T2", "OD-01 T4"), "at": ["B1.2"]}
    s = position(1, hands={0: ["s01", "d1"]}, **gear)
    play(s, "use:map:B1.2:gear", f"pay:{_card(s, 's01')}:awareness", "boost", "luck:skull")
    d1 = _card(s, "d1")
    assert legal(s) == [f"play:{d1}", "use:back", "done"]
    play(s, f"play:{d1}", "luck:2", "done")
    assert s.team["gear"] == 1 and s.table.top("sealed", 0) == d1
    s = position(
        1,
        hands={0: ["s01", "d1"]},
        entities=[("rust-moth", "B2.4")],
        morphings={"rust-moth": ["no_reroll"]},
        **gear,
    )
    play(s, "use:map:B1.2:gear", f"pay:{_card(s, 's01')}:awareness", "boost", "luck:skull")
    assert legal(s) == ["penalty:distress", "penalty:seal"]


def test_progress_cards_are_not_played_from_the_hand():
    """etherfields "Progress Influence Cards": "the actions/effects on them cannot be used
    until they are placed into your Progress Zone"."""
    s = position(1, hands={0: ["s10", "s04"]})
    assert not any(a.startswith("play:") for a in legal(s))


def test_a_rapid_card_before_a_turn_card_step():
    """etherfields "Influence Cards" (Rapid cards can be played "during the Dreamscape
    Phase"), design §6 reading 2 (a window before each Turn-card step, open only when some
    Dreamer may respond): the Bruiser seals Grit to remove 1 Distress before the moth's
    Basic effect; with no Rapid card left, no window opens before the Movement step."""
    s = position(
        1,
        options={"dreamers": "bruiser"},
        hands={0: ["b3"]},
        distress=[1],
        at=["B2.4"],
        entities=[("rust-moth", "B2.4")],
        turn="T-02",  # basic, movement
        phase="dreamscape",
    )
    b3 = _card(s, "b3")
    assert s.flow.top.kind == "rapid_window" and legal(s) == [f"play:{b3}", "done"]
    play(s, f"play:{b3}")
    assert s.distress == [0] and s.table.top("sealed", 0) == b3
    assert legal(s) == ["done"]
    play(s, "done")
    assert s.distress == [1]  # the Basic step: range 0, 1 Distress
    assert s.to_move() == (oneiros.CHANCE,) and legal(s)[0].startswith("mdie:")
