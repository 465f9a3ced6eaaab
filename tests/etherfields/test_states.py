"""State tokens (etherfields "State Tokens"; part 2 of the design, acceptance 10). Chance
is forced by id."""

from __future__ import annotations

from .builder import event_kinds, legal, play, position, run_effect


def _states(s) -> list[list]:
    return s.observation(None)["states"]


def test_dazed_caps_an_entity_range_at_one_after_a_morphing():
    """etherfields "State Tokens" (Dazed: "The maximum range of Entity effects ... is
    reduced to 1 until the end of the Turn"), "Morphings" (+1 range): the moth's Basic
    effect reaches range 2 with its Reach token, and only range 1 once Dazed."""
    kw = dict(
        at=["A2.4"],  # range 2 from the moth
        entities=[("rust-moth", "B2.4")],
        morphings={"rust-moth": ["range"]},
        turn="T-11",  # basic, special
    )
    s = position(1, phase="dreamscape", **kw)
    assert s.distress == [1]
    s = position(1, **kw)
    run_effect(s, "apply_state('dazed', to=entity('rust-moth'))")
    assert _states(s) == [["rust-moth.1", "dazed"]]
    play(s, "pass")
    assert s.distress == [0] and s.tally["sealed"] == 0  # Basic and Special: out of reach
    assert _states(s) == []  # ended with the Turn


def test_stunned_cancels_the_distress_of_that_miniature_only():
    """etherfields "State Tokens" (Stunned: "Any Distress caused by effects of the stunned
    target are ignored for this Turn"), "Entity & Dream/Slumber Effects": the Bruiser's Iron
    Jaw stuns the moth in its space; a second moth still reaches the other Dreamer."""
    s = position(
        2,
        options={"dreamers": "bruiser,tinkerer"},
        hands={0: ["b2", "s06"]},
        at=["B2.4", "B2.1"],
        entities=[("rust-moth", "B2.4"), ("rust-moth", "B2.3")],
        turn="T-02",  # basic, movement
    )
    assert "play:" + s.table.find("hand", "b2", 0) in legal(s)
    play(s, "play:" + s.table.find("hand", "b2", 0))
    play(s, "pay:" + s.table.find("hand", "s06", 0) + ":wrath", "resolve", seat=0)
    assert sorted(legal(s)) == ["target:entity:rust-moth.1", "target:entity:rust-moth.2"]
    play(s, "target:entity:rust-moth.1")
    assert _states(s) == [["rust-moth.1", "stunned"]]
    play(s, "pass", seat=0)
    play(s, "pass", seat=1)
    # Dreamer 0 is in range of both moths: the unstunned one (range 1) still reaches them
    assert s.distress == [1, 1]
    s = position(
        1,
        at=["B2.4"],
        entities=[("rust-moth", "B2.4"), ("rust-moth", "A2.1")],
        turn="T-02",
    )
    run_effect(s, "apply_state('stunned', to=space('B2.4'))")  # no miniature: nothing
    run_effect(s, "apply_state('stunned', to=entity('rust-moth'))")
    assert [x[1] for x in _states(s)] == ["stunned", "stunned"]  # each miniature
    play(s, "pass")
    assert s.distress == [0]


def test_paralyzed_entities_and_dreamers_do_not_move():
    """etherfields "State Tokens" (Paralyzed: "unable to Move/Relocate until the end of the
    Turn/Dreamers Phase")."""
    s = position(1, at=["A2.1"], entities=[("rust-moth", "B2.4")], turn="T-02")
    run_effect(s, "apply_state('paralyzed', to=entity('rust-moth'))")
    run_effect(s, "apply_state('paralyzed')")  # the acting Dreamer
    assert "use:basic:move" not in legal(s) and "use:basic:effort" not in legal(s)
    run_effect(s, "relocate(to=space('A2.4'))")
    assert s.pos == ["A2.1"] and "paralyzed" in event_kinds(s)
    play(s, "pass", "mdie:2")
    assert s.minis[0][2] == "B2.4" and "entity_paralyzed" in event_kinds(s)


def test_poisoned_entities_gain_no_morphing_for_the_rest_of_the_dream():
    """etherfields "State Tokens" (Poisoned: "unable to gain newer Morphings until the end
    of the Dream/Slumber"): the Morphing step draws no token, Turn after Turn."""
    s = position(1, at=["A2.1"], entities=[("rust-moth", "B2.1")], turn="T-01")
    run_effect(s, "apply_state('poisoned', to=entity('rust-moth'))")
    play(s, "pass")  # T-01: morphing, basic, movement
    assert s.morphs.get("rust-moth", []) == [] and "poisoned" in event_kinds(s)
    play(s, legal(s)[0])  # the movement die; then the next Turn
    assert _states(s) == [["rust-moth.1", "poisoned"]]  # to the end of the Dream


def test_a_state_with_no_free_token_is_ignored():
    """etherfields "State Tokens" ("When you should place a State token and there are none
    left in the pool, the effect is ignored. Note that tokens share different States on
    the opposite sides"): two tokens show Dazed; once one shows Stunned, the other Dazed
    is the last."""
    s = position(3, at=["A2.1", "A2.2", "A2.3"])
    run_effect(s, "apply_state('stunned', to=each)")  # the tokens state-1 and state-4
    assert [x[1] for x in _states(s)] == ["stunned", "stunned"]
    assert "state_ignored" in event_kinds(s)  # no third token shows Stunned
    run_effect(s, "apply_state('dazed', to=each)")
    assert [x for x in _states(s) if x[1] == "dazed"] == [[0, "dazed"]]  # state-3 only
