"""The heuristic at the start of a Slumber Turn once Deliverance is unlocked (etherfields
"Slumber Entity Tiles": Deliverance; "A Brief Strategy Guide": Deliverance "will allow you
to remove or alter certain Slumbers", and a Slumber with "little benefit in completing" it,
or "too difficult", is better ended), as positions stated with the Slumber builder
(``slumber_play.position``): ``deliver`` is the last of the choices, so a bot that took the
first one would fail these tests."""

from __future__ import annotations

import random

import oneiros

from .slumber_play import drive, position, top_kind

WRATH = ["s03", "s03", "s06", "s06", "d3"]
"""The Dicer's starting cards that pay Wrath only (no Awareness, no Cunning)."""


def _heuristic(s):
    return s.game.heuristic_policy()(s, s.first, random.Random(0))


def _at_first_turn(s, spawn: str = "B1.2"):
    if top_kind(s) == "slumber_skip":
        s.apply("continue", player=s.first)  # the Skip before set-up
    if top_kind(s) == "spawn_choice":
        s.apply(f"space:{spawn}", player=s.first)
    assert top_kind(s) == "slumber_skip" and s.turn_no == 0
    assert [a.id for a in s.legal_actions(s.first)] == ["continue", "skip", "deliver"]
    return s


def _warden(hand: list[str], deck: list[str] | None = None):
    """The Thorn Warden (OS-04) set up for the Dicer alone, Deliverance unlocked: she holds
    ``hand`` (cards of her starting deck); with ``deck``, only those stay in her deck and
    the rest of her cards are Sealed."""
    game = oneiros.make("etherfields", players=1, options={"scenario": "slumber:OS-04"})
    carry = game.new_state(seed=0).slumber_carry()
    dicer = carry["dreamers"][0]
    for face in hand:
        dicer["deck"].remove(face)
    dicer["hand"] = list(hand)
    if deck is not None:
        rest = list(dicer["deck"])
        for face in deck:
            rest.remove(face)
        dicer["deck"], dicer["sealed"] = list(deck), rest
    dicer["space"] = "A1.1"
    carry["deliverance"] = True
    return _at_first_turn(game.new_state(seed=0, carry=carry))


def test_the_heuristic_delivers_the_lamplighter():
    # its Deliverance costs nothing and turns it into The Lit Lane (each Dreamer removes 1
    # Distress): more than the Loot to come, and its Out of Turns seals and gives Flaws
    s = _at_first_turn(position("slumber:OS-03", deliverance=True))
    assert _heuristic(s).id == "deliver"
    s.apply("deliver", player=s.first)
    assert s.results == [["OS-03", "delivered"]]


def test_the_heuristic_delivers_a_warden_it_cannot_win():
    # a hand of Wrath, one card short of her hand limit: the Warden's parley (4 Awareness or
    # 4 Cunning) is out of reach with the team's Items; its Deliverance (seal 1) is no worse
    # than its Out of Turns (seal 1, and 1 Distress next to it), and the Warden is gone
    s = _warden(WRATH)
    assert _heuristic(s).id == "deliver"
    s.apply("deliver", player=s.first)
    drive(s, lambda st: st.is_terminal())
    assert s.results == [["OS-04", "delivered"]]


def test_the_heuristic_plays_on_a_warden_it_can_win():
    # the Dicer holds her 4 Cunning: the parley's Loot beats Sealing a card each
    s = _warden(["d2"])
    assert _heuristic(s).id == "continue"


def test_the_heuristic_never_delivers_into_a_death():
    # the same Warden she cannot win, but with 6 cards outside her Sealed pile: Sealing one
    # would leave fewer than 6 ("Distress and Dying"), so she plays on
    assert _heuristic(_warden(WRATH, deck=["s01", "s02"])).id == "deliver"
    assert _heuristic(_warden(WRATH, deck=["s01"])).id == "continue"


def test_without_deliverance_the_heuristic_plays_the_slumber_on_as_before():
    # the choice is ``continue`` and ``skip``: the heuristic's answer is the one it always gave
    s = position("slumber:OS-03")
    if top_kind(s) == "slumber_skip":
        s.apply("continue", player=s.first)
    if top_kind(s) == "spawn_choice":
        s.apply("space:B1.2", player=s.first)
    assert [a.id for a in s.legal_actions(s.first)] == ["continue", "skip"]
    assert _heuristic(s).id == "continue"
