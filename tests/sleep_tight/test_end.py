"""sleep-tight "Goal" (``steps/end.py``): the ends of the game, deaths, and Wake Up! at any
moment, checked between steps."""

from __future__ import annotations

from oneiros.games.sleep_tight.state import SleepTightState

from .helpers import (
    all_done,
    kinds,
    play,
    reveal,
    run_until,
    set_hand,
    step_top,
)
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


def test_wake_up_at_ten_fragments_wins_alone_at_any_moment() -> None:
    state = scenario(3, hands={1: ["wake-up"]}, fragments={1: 10})
    all_done(state)  # the next step boundary after the face-down plays offers it
    assert state.to_move() == (1,) and state.decision().kind == "wake_up"  # type: ignore[union-attr]
    assert [a.id for a in state.legal_actions()] == ["wake", "wait"]
    state.apply("wake")
    assert state.end_reason() == "wake_up" and state.winners() == [1]
    assert state.scores() == [0.0, 1.0, 0.0]


def test_every_player_with_ten_fragments_is_asked_so_the_card_stays_secret() -> None:
    state = scenario(3, hands={1: ["paper-slingshot"]}, fragments={1: 10})
    all_done(state)
    assert state.to_move() == (1,)
    assert [a.id for a in state.legal_actions()] == ["wait"]
    state.apply("wait")
    assert step_top(state) == "sandman_draw"  # not asked again until something changes
    set_hand(state, 1, ["paper-slingshot", "tantrum"])
    state.apply("sandman:quiet-visitor")
    assert state.to_move() == (1,) and step_top(state) == "wake"


def test_card_symbols_wake_up_is_offered_again_after_dipping_below_ten() -> None:
    # Seat 1 waits at 10, the Sandman takes 1 (9), Gather Glimmers gives it back (10): the
    # hand is the same size and the count the same as when it waited, and it is asked again.
    state = scenario(3, hands={1: ["gather-glimmers", "wake-up"]}, fragments={1: 10})
    play(state, 1, "play:gather-glimmers")
    all_done(state)
    assert step_top(state) == "wake" and state.to_move() == (1,)
    state.apply("wait")
    state.apply("sandman:quiet-visitor")  # lurking in no dream: 1 damage
    assert state.fragments[1] == 10
    assert [e.data["lost"] for e in kinds(state, "sandman_damage") if e.data["seat"] == 1] == [1]
    assert step_top(state) == "wake" and state.to_move() == (1,)
    assert [a.id for a in state.legal_actions()] == ["wake", "wait"]
    state.apply("wake")
    assert state.end_reason() == "wake_up" and state.winners() == [1]
