"""The text render of the PettingZoo and Gymnasium environments shows only what every seat
sees (issue: a seat's private prompt named the card it drew)."""

from __future__ import annotations

import pytest

from oneiros.interop._common import render_text
from oneiros.interop.gymnasium import make
from oneiros.interop.pettingzoo import env
from tests.sleep_tight.helpers import IAM, SAFE, chance, new


def dealt(first_card: str):
    """A 2-player Sleep Tight game whose first dealt card (seat 0's) is ``first_card``; the
    other draws are the same neutral cards in both worlds."""
    state = new(2)
    state.apply("draw:" + first_card)
    while state.is_chance():
        chance(state)
    return state


def keep_for_seat_1(state) -> None:
    """Seat 1 shuffles back the same cards in both worlds until it is done."""
    while 1 in state.to_move():
        state.apply(sorted(a.id for a in state.legal_actions(1))[0], player=1)


def test_drawing_i_am_the_sandman_does_not_show_in_the_render():
    # sleep-tight "Special Cards": the card is drawn face down; whoever draws it decides in
    # secret. Seat 0's own prompt names the offer...
    offered, plain = dealt(IAM), dealt(SAFE)
    assert offered.decision(0).kind == "sandman_offer"
    # ...but the render is the same as in a world where seat 0 drew an ordinary card.
    assert render_text(offered) == render_text(plain)
    assert "seats 0, 1 decide at the same time" in render_text(offered)
    # Once seat 1 has kept its cards, seat 0 alone decides: the render names the public
    # decision of the step (keep 4 of 7), not seat 0's offer.
    keep_for_seat_1(offered)
    keep_for_seat_1(plain)
    assert offered.to_move() == plain.to_move() == (0,)
    text = render_text(offered)
    assert text == render_text(plain)
    assert "Sandman" not in text.splitlines()[0]
    assert "seat 0 decides: Choose the cards to shuffle back" in text


@pytest.mark.parametrize("seed", range(3))
def test_both_environments_render_the_public_text(seed):
    e = env("sleep-tight", players=3, render_mode="ansi")
    e.reset(seed=seed)
    assert e.render() == render_text(e.game_state)
    g = make("sleep-tight", seat=2, opponents="random", players=3, render_mode="ansi")
    g.reset(seed=seed)
    assert g.render() == render_text(g.game_state)
