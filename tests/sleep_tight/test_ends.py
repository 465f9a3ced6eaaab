"""The ends of the game (sleep-tight "Goal")."""

from __future__ import annotations

from .helpers import at_play, empty_sandman_deck_but, kinds, play, reveal, run_until


def test_empty_sandman_deck_all_players_win() -> None:
    state = at_play(3, hands={0: ["paper-slingshot"]})
    empty_sandman_deck_but(state, 2)
    play(state, 0, "play:paper-slingshot")
    reveal(state)
    assert not state.is_terminal()
    state.apply("sandman:" + state.sandman_deck.cards()[0])  # the Slingshot kills him
    assert state.end_reason() == "sandman_defeated"
    assert state.winners() == [0, 1, 2] and state.scores() == [1.0, 1.0, 1.0]
    assert kinds(state, "game_over")[0].rule == 'sleep-tight "Goal"'


def test_most_fragments_wins_option() -> None:
    state = at_play(3, frags={0: 2, 1: 5, 2: 5}, most_fragments_wins=True)
    empty_sandman_deck_but(state, 1)
    reveal(state)
    assert state.end_reason() == "sandman_defeated"
    assert state.winners() == [1, 2] and state.scores() == [0.0, 1.0, 1.0]


def test_everyone_dead_the_players_lose() -> None:
    state = at_play(3, frags={0: 1, 1: 1, 2: 1})
    reveal(state)
    assert state.end_reason() == "all_dead"
    assert state.winners() == [] and state.scores() == [0.0, 0.0, 0.0]
    assert kinds(state, "died")


def test_a_dead_player_is_out_and_the_first_player_token_skips_them() -> None:
    state = at_play(3, frags={1: 1})
    reveal(state)
    assert state.alive == [True, False, True] and not state.is_terminal()
    run_until(state, "play")
    assert state.first == 2 and state.to_move() == (2, 0)
    assert state.dreamscape[1] is None


def test_empty_dreamscape_deck_traps_the_players() -> None:
    state = at_play(3)
    for card in state.dream_deck.cards()[1:]:
        state.dream_deck.remove_anywhere(card)
        state.dream_discard.append(card)
    reveal(state)
    assert state.end_reason() == "trapped" and state.winners() == []


def test_not_terminal_has_no_scores() -> None:
    state = at_play(2)
    assert state.scores() == [] and state.winners() == [] and state.end_reason() is None
    assert state.turn_number() == 1
