"""Structured rounds (etherfields "Variants — Structured Rounds", option
``turn_order=structured``; part 2 of the design, acceptance 14)."""

from __future__ import annotations

from .builder import legal, play, position

GEAR = ("OD-01 SETUP", "OD-01 T2", "OD-01 T4")


def _structured(**kw):
    return position(2, options={"turn_order": "structured"}, **kw)


def test_rounds_go_clockwise_from_the_first_player_with_one_dream_action_each():
    """ "start with the First Player and go clockwise with each Dreamer performing a round
    involving one Dream action (Map Action, Dream or Entity tile interaction) and as many
    other actions ... as they want"."""
    s = _structured(
        tiles=GEAR,
        at=["A2.3", "B1.2"],
        hands={1: ["s08", "s04", "s02"]},
        first=1,
    )
    assert s.to_move() == (1,) and s.flow.top.kind == "round"
    play(s, "use:map:B1.2:gear", "pay:" + s.table.find("hand", "s08", 1) + ":awareness")
    assert s.team["gear"] == 1 and s.to_move() == (1,)  # still their round
    assert not any(a.startswith(("use:map:", "use:flying:")) for a in legal(s, 1))
    assert "use:basic:move" in legal(s, 1)  # other actions: as many as they want
    play(s, "pass")
    assert s.to_move() == (0,)  # clockwise


def test_passing_and_acting_again_until_everyone_passes_in_a_row():
    """ "You may always pass the current round and act again in another round ... until
    everyone runs out of cards to play or passes in a row"; "This marker will pass
    clockwise to the next player at the start of each new Turn"."""
    s = _structured(hands={0: ["s02"], 1: ["s05"]}, at=["A2.3", "A2.4"])
    play(s, "pass")  # Dreamer 0 passes
    play(
        s, "use:basic:move", "pay:" + s.table.find("hand", "s05", 1) + ":cunning", "resolve", "stop"
    )
    play(s, "pass")  # Dreamer 1 ends an active round: the streak starts again
    assert s.to_move() == (0,)
    play(
        s, "use:basic:move", "pay:" + s.table.find("hand", "s02", 0) + ":cunning", "resolve", "stop"
    )
    play(s, "pass")
    play(s, "pass")  # Dreamer 1
    assert s.flow.top.kind == "round"  # one pass in a row so far
    play(s, "pass")  # Dreamer 0: two passes in a row
    assert s.flow.top is not None and s.flow.top.kind != "round"
    while s.flow.top.kind != "round":
        options = legal(s, s.to_move()[0])
        play(s, "done" if "done" in options else options[0], seat=s.to_move()[0])
    assert s.to_move() == (1,) and s.first == 1  # the First Player marker moved on


def test_random_structured_dreams_keep_hands_hidden_and_replay():
    """Random play under structured rounds ends, replays, and tells no hand (the generic
    checks of ``oneiros.testing``)."""
    import oneiros
    from oneiros.testing import check_hidden_information, check_replay, check_terminal

    game = oneiros.make("etherfields", players=3, options={"turn_order": "structured"})
    state = check_hidden_information(game, 2)
    check_terminal(state)
    check_replay(state)
