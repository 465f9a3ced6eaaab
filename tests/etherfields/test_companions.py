"""Companions' own abilities and movement (etherfields "Companions": "ignored by all
Actions and/or effects ... unless their Progress/Note card says otherwise"): what the Cog
Sparrow's record prints belongs to the Dreamer who summoned it."""

from __future__ import annotations

from .builder import legal, play, position, run_effect


def test_the_summoner_uses_the_companions_action_measured_from_its_space():
    """The Sparrow's Mend (1 Awareness): each Dreamer within range 1 of the Sparrow, not of
    its summoner, removes 1 Distress; the other Dreamer is not offered it; once per Turn."""
    s = position(2, at=["A2.1", "B2.3"], distress=[1, 1], hands={0: ["s01", "s04"]})
    run_effect(s, "summon('cog-sparrow', at=space('A2.4'))")
    assert "use:companion:cog-sparrow:mend" in legal(s, 0)
    assert "use:companion:cog-sparrow:mend" not in legal(s, 1)
    play(s, "use:companion:cog-sparrow:mend", f"pay:{s.table.find('hand', 's01', 0)}:awareness")
    assert s.distress == [1, 0]  # A2.1 is 2 from A2.4, B2.3 is 1
    assert "use:companion:cog-sparrow:mend" not in legal(s, 0)


def test_the_summoner_moves_the_companion_once_per_turn():
    """``moves = 2``: one step at a time, never through a Wall or onto a Blocked space; the
    space limit counts it where it ends ("Limit of Miniatures & Entity Tokens per Space")."""
    s = position(1, at=["A2.3"])
    run_effect(s, "summon('cog-sparrow')")
    play(s, "use:companion:cog-sparrow:walk")
    assert s.flow.top.kind == "companion_move"
    assert sorted(legal(s)) == ["step:e", "step:n", "stop"]
    play(s, "step:e")  # A2.4
    play(s, "step:e")  # B2.3
    assert s.companions == [["cog-sparrow", "B2.3", 0]]
    assert s.pos == ["A2.3"]
    assert "use:companion:cog-sparrow:walk" not in legal(s)


def test_a_companion_cannot_end_its_move_on_a_full_space():
    """Four Dreamers fill A2.2: with 1 step left the Sparrow may not step onto it."""
    s = position(4, at=["A2.2"] * 4)
    run_effect(s, "summon('cog-sparrow', at=space('A2.3'))")
    play(s, "use:companion:cog-sparrow:walk", seat=0)
    play(s, "step:n")  # A2.1, 1 step left
    assert "step:e" not in legal(s) and "step:s" in legal(s)


def test_effects_still_ignore_the_companion():
    """No selector names a Companion: an Entity's effects and the team's choices pass it
    by."""
    s = position(1, at=["A2.3"], entities=[("rust-moth", "A2.4")])
    run_effect(s, "summon('cog-sparrow', at=space('A2.4'))")
    run_effect(s, "remove_entity(choose_entity(range=1))")
    assert s.minis == [] and s.companions == [["cog-sparrow", "A2.4", 0]]
