"""Flipping, unflipping and discarding placed Progress cards, and the actions of placed
cards (etherfields "Progress Influence Cards", "Flipping Progress Cards"). Chance is
forced by id."""

from __future__ import annotations

from oneiros.games.etherfields.steps.progress import colour_icons

from .builder import event_kinds, legal, play, position


def _placed(s, face: str, seat: int = 0) -> str:
    return s.table.find("progress", face, seat)


def _card(s, face: str, seat: int = 0) -> str:
    return s.table.find("hand", face, seat)


def test_flipping_a_card_stops_its_action_and_its_colour_icon_but_not_the_limit():
    """Overreach (1 Wrath: flip one of your Progress cards, gain 1 Ether): the Dreamer
    flips Wound Spring; "The card's action can no longer be used until it is unflipped but
    the card still counts toward your placed Progress cards limit"; "flipped cards do not
    count" for colour icons."""
    s = position(
        1,
        progress={0: ["m-overreach", "c-wound-spring", "s10", "m-steady-hand"]},
        hands={0: ["s06", "s05", "d4"]},
        options={"dreamers": "dicer"},
    )
    assert colour_icons(s, 0, "cunning") == 2
    play(s, f"use:card:{_placed(s, 'm-overreach')}:reach", f"pay:{_card(s, 's06')}:wrath")
    assert s.flow.top.kind == "progress_choice"
    spring = _placed(s, "c-wound-spring")
    assert f"target:progress:{spring}" in legal(s) and len(legal(s)) == 4
    play(s, f"target:progress:{spring}")
    assert s.flipped == [spring] and s.ether == [1] and "progress_flipped" in event_kinds(s)
    assert colour_icons(s, 0, "cunning") == 1
    # the flipped Steady Hand would lose its action the same way; the zone is still full:
    play(s, f"place:{_card(s, 'd4')}", f"pay:{_card(s, 's05')}:cunning")
    assert f"discard:{spring}" in legal(s)  # "discard one of your placed cards (active or flipped)"
    play(s, f"discard:{spring}")
    assert s.flipped == [] and s.table.count("progress", 0) == 4


def test_a_flipped_card_offers_no_action_until_unflipped():
    """Second Wind (2 Awareness: turn 2 of your flipped Progress cards face up): Steady
    Hand's action returns once it is face up."""
    s = position(
        1,
        progress={0: ["m-steady-hand", "s10"]},
        flipped={0: ["m-steady-hand", "s10"]},
        hands={0: ["m-second-wind", "s08", "s05"]},
    )
    hand_card = _placed(s, "m-steady-hand")
    assert f"use:card:{hand_card}:sift" not in legal(s)
    assert colour_icons(s, 0, "awareness") == 0
    play(s, f"play:{_card(s, 'm-second-wind')}", f"pay:{_card(s, 's08')}:awareness")
    assert s.flipped == [] and "progress_unflipped" in event_kinds(s)
    assert f"use:card:{hand_card}:sift" in legal(s)
    assert colour_icons(s, 0, "awareness") == 2


def test_an_effect_discards_a_placed_card_of_the_dreamers_choice():
    """Clean Slate: "Placed Progress cards remain in your Progress zone until a game
    effect forces you to discard them": the Dreamer picks which, then draws 2."""
    s = position(
        1,
        progress={0: ["m-steady-hand", "s10"]},
        hands={0: ["m-clean-slate", "s05"]},
    )
    play(s, f"play:{_card(s, 'm-clean-slate')}", f"pay:{_card(s, 's05')}:cunning")
    lantern = _placed(s, "s10")
    assert sorted(legal(s)) == sorted(f"discard:{c}" for c in s.table.ids("progress", 0))
    play(s, f"discard:{lantern}", "draw:s01", "draw:s02")
    assert s.table.faces_in("progress", 0) == ["m-steady-hand"]
    assert s.table.top("discard", 0) == lantern or lantern in s.table.ids("discard", 0)
    assert sorted(s.table.faces_in("hand", 0)) == ["s01", "s02"]


def test_flip_with_nothing_to_flip_does_nothing():
    s = position(1, progress={0: ["s10"]}, flipped={0: ["s10"]})
    from .builder import run_effect

    run_effect(s, "flip_progress(1)")
    assert s.flipped == [_placed(s, "s10")] and s.flow.top.kind == "card_action"
