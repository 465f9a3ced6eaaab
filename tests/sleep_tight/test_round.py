"""The round (``steps/round.py``): sleep-tight "1. Draw Dreamscapes and Take Soul Fragments",
the First Player token, and the end of a round."""

from __future__ import annotations

from .helpers import (
    kinds,
    new,
    play,
    reveal,
    run_until,
    set_fragments,
)
from .scenario import scenario


def test_first_player_token_moves_left_every_round() -> None:
    # Setup 5: every turn the next player on the left becomes the First Player.
    state = scenario(3)
    assert state.first == 0
    reveal(state)
    run_until(state, "play")
    assert (state.round, state.first) == (2, 1)
    reveal(state)
    run_until(state, "play")
    assert (state.round, state.first) == (3, 2)


def test_round_one_takes_no_fragments_later_rounds_do() -> None:
    state = scenario(2, at="buy", dreamscapes={0: "icicle-nursery", 1: "ruined-city"})
    assert state.fragments == [3, 3]  # only on the first turn no fragments are picked
    reveal_round(state)
    run_until(state, "buy", dreams={0: "faces-in-the-wallpaper", 1: "grey-meadow"})
    # Round 1 cost each player 1 fragment (the Sandman), round 2 pays 2 and 0.
    assert state.fragments == [2 + 2, 2 + 0]
    got = {e.data["seat"]: e.data["got"] for e in kinds(state, "dreamscape")[-2:]}
    assert got == {0: 2, 1: 0}


def reveal_round(state) -> None:  # type: ignore[no-untyped-def]
    run_until(state, "play")
    reveal(state)


def test_a_short_pile_pays_what_it_has() -> None:
    state = new(3)
    run_until(state, "play")
    reveal(state)
    run_until(state, "dream")
    for seat, n in ((0, 8), (1, 8), (2, 9)):
        set_fragments(state, seat, n)
    assert state.pile == 1
    state.apply("dream:ashen-fields")  # seat 1 is First Player in round 2
    assert state.fragments[1] == 9 and state.pile == 0
    state.apply("dream:faces-in-the-wallpaper")
    assert state.fragments[2] == 9 and state.pile == 0


def test_round_end_discards_played_cards_and_the_sandman_card() -> None:
    state = scenario(2, hands={0: ["paper-slingshot"]})
    play(state, 0, "play:paper-slingshot")
    reveal(state)
    state.apply("sandman:grinning-moth")  # the Slingshot discards this one
    assert "paper-slingshot" in state.action_discard
    assert state.sandman_discard == ["grinning-moth", "quiet-visitor"]
    assert state.plays == [[], []] and state.round == 2
