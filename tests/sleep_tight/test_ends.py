"""The ends of the game (sleep-tight "Goal")."""

from __future__ import annotations

from oneiros.games.sleep_tight.state import SleepTightState

from .helpers import kinds, play, reveal, run_until
from .scenario import scenario


def test_empty_sandman_deck_all_players_win() -> None:
    state = scenario(3, hands={0: ["paper-slingshot"]}, sandman_deck=2)
    play(state, 0, "play:paper-slingshot")
    reveal(state)
    assert not state.is_terminal()
    state.apply("sandman:" + state.sandman_deck.cards()[0])  # the Slingshot kills him
    assert state.end_reason() == "sandman_defeated"
    assert state.winners() == [0, 1, 2] and state.scores() == [1.0, 1.0, 1.0]
    assert kinds(state, "game_over")[0].rule == 'sleep-tight "Goal"'


def test_most_fragments_wins_option() -> None:
    state = scenario(3, fragments={0: 2, 1: 5, 2: 5}, sandman_deck=1, most_fragments_wins=True)
    reveal(state)
    assert state.end_reason() == "sandman_defeated"
    assert state.winners() == [1, 2] and state.scores() == [0.0, 1.0, 1.0]


def test_everyone_dead_the_players_lose() -> None:
    state = scenario(3, fragments={0: 1, 1: 1, 2: 1})
    reveal(state)
    assert state.end_reason() == "all_dead"
    assert state.winners() == [] and state.scores() == [0.0, 0.0, 0.0]
    assert kinds(state, "died")


def test_a_dead_player_is_out_and_the_first_player_token_skips_them() -> None:
    state = scenario(3, fragments={1: 1})
    reveal(state)
    assert state.alive == [True, False, True] and not state.is_terminal()
    run_until(state, "play")
    assert state.first == 2 and state.to_move() == (2, 0)
    assert state.dreamscape[1] is None


def test_empty_dreamscape_deck_traps_the_players() -> None:
    state = scenario(3, dreamscape_deck=1)
    reveal(state)
    run_until(state, "play")  # round 2: the first player draws the last Dreamscape
    assert state.end_reason() == "trapped" and state.winners() == []


def test_not_terminal_has_no_scores() -> None:
    state = scenario(2)
    assert state.scores() == [] and state.winners() == [] and state.end_reason() is None
    assert state.turn_number() == 1


def dreamscapes_left_after_round_one(left: int) -> SleepTightState:
    """Three players in round 1 with ``left`` Dreamscape cards in the deck; round 1 ends."""
    state = scenario(3, dreamscape_deck=left)
    reveal(state)
    return state


def test_goal_the_players_lose_as_soon_as_the_last_dreamscape_is_drawn() -> None:
    # "If the Dreamscape deck is empty, the players lose": with 3 cards left for 3 players,
    # round 2 deals them and the game ends there, before anyone draws an Action card.
    state = dreamscapes_left_after_round_one(3)
    run_until(state, "play")
    assert state.end_reason() == "trapped" and state.winners() == []
    assert state.round == 2 and len(state.dream_deck) == 0
    round_two = [e.kind for e in state.events()][
        [e.kind for e in state.events()].index("round_end") :
    ]
    assert round_two.count("dreamscape") == 3
    assert "drew" not in round_two and "sandman" not in round_two
    assert kinds(state, "game_over")[0].rule == 'sleep-tight "Goal"'


def test_goal_a_round_is_played_while_a_dreamscape_is_left() -> None:
    state = dreamscapes_left_after_round_one(4)
    run_until(state, "play")
    assert not state.is_terminal() and state.round == 2 and len(state.dream_deck) == 1
