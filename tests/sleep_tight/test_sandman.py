"""The Sandman (``steps/sandman.py``): his card and damage (sleep-tight "4. Resolve Actions and
the Sandman Card", "Dreamscapes and Dreams"), a card that nullifies, dodging, passing and
redirecting his damage ("Card Symbols", "Card Examples")."""

from __future__ import annotations

from oneiros.games.sleep_tight.state import SleepTightState

from .helpers import (
    at_play,
    kinds,
    make_agent,
    play,
    reveal,
    step_top,
)
from .scenario import scenario


def test_sandman_deals_one_plus_one_in_a_matching_dream_never_in_limbo() -> None:
    state = at_play(
        3,
        dreams={0: "icicle-nursery", 1: "familiar-hallway", 2: "grey-meadow"},
    )
    reveal(state, "grinning-moth")  # lurks in Cold dreams
    assert state.fragments == [3 - 2, 3 - 1, 3 - 1]
    state = scenario(3, dreamscapes={2: "grey-meadow"})
    reveal(state, "the-pale-guest" if state.n == 4 else "clockwork-crow")
    assert state.fragments[2] == 2  # Limbo: never the extra damage


def next_sandman_cards(beaten: int, **options: bool) -> list[str]:
    """The Sandman cards round 1's draw may give with 4 players, once ``beaten`` of his
    deck's cards are beaten."""
    state = scenario(4, sandman_beaten=beaten, **options)
    for seat in range(4):
        state.apply("done", player=seat)
    assert step_top(state) == "sandman_draw"
    return [a.id for a, _p in state.chance_outcomes()]


def test_easier_option_keeps_the_soul_consumer_in_the_bottom_half() -> None:
    # "Make the Game a Little Easier": 26 Sandman cards with 4 players, the Soul Consumer
    # shuffled into the bottom 13: never among the first 13 drawn, possible from the 14th.
    assert "sandman:soul-consumer" in next_sandman_cards(0)
    for beaten in range(13):
        assert "sandman:soul-consumer" not in next_sandman_cards(beaten, easier_soul_consumer=True)
    assert "sandman:soul-consumer" in next_sandman_cards(13, easier_soul_consumer=True)


def test_nullify_sandman_card_makes_all_actions_fail() -> None:
    # "Card Examples": all Action cards have no effect; each player still loses 1.
    state = scenario(3, hands={0: ["gather-glimmers"], 1: ["nightlight"]}, fragments={1: 3})
    play(state, 0, "play:gather-glimmers")
    play(state, 1, "play:nightlight")
    reveal(state, "hollow-hour")
    assert state.fragments == [2, 2, 2]
    assert kinds(state, "nullified") and not kinds(state, "resolve")


def test_pass_damage_on_to_another_player() -> None:
    state = scenario(3, hands={0: ["run-for-the-stairs"]})
    play(state, 0, "play:run-for-the-stairs")
    reveal(state)
    assert [a.id for a in state.legal_actions()] == [
        "dodge:take",
        "dodge:pay",
        "pass:1",
        "pass:2",
    ]
    state.apply("pass:2")
    assert state.fragments == [3, 2, 1]


def test_pay_a_fragment_and_the_sandman_revives_a_card() -> None:
    state = scenario(3, hands={0: ["run-for-the-stairs"]}, sandman_discard=["rubble-hound"])
    left = state.sandman_left()
    play(state, 0, "play:run-for-the-stairs")
    reveal(state)
    state.apply("dodge:pay")
    assert [a.id for a, _p in state.chance_outcomes()] == ["revive:rubble-hound"]
    state.apply("revive:rubble-hound")
    assert state.fragments == [2, 2, 2]
    assert state.sandman_left() == left - 1 + 1  # one drawn this round, one revived
    assert "rubble-hound" not in state.sandman_discard


def test_the_sandman_damages_the_player_to_your_left_not_you() -> None:
    # "Card Examples": this turn the Sandman damages the player to your left, not you.
    state = scenario(3, hands={1: ["hide-behind-a-friend"]})
    play(state, 1, "play:hide-behind-a-friend")
    reveal(state)  # no choice: the card is not optional
    assert state.fragments == [2, 3, 1]


def hide_behind(left_card: str | None, left_frags: int = 3) -> SleepTightState:
    hands = {1: ["hide-behind-a-friend"], 2: [left_card] if left_card else []}
    state = scenario(3, hands=hands, fragments={2: left_frags})
    play(state, 1, "play:hide-behind-a-friend")
    if left_card:
        play(state, 2, f"play:{left_card}")
    return state


def test_card_examples_hide_behind_a_friend_is_mandatory() -> None:
    state = hide_behind(None)
    reveal(state)  # 1 damage to everyone; seat 1's goes to seat 2 without a question
    assert step_top(state) != "dodge" and not state.is_terminal()
    assert state.fragments == [2, 3, 1]


def test_card_examples_hide_behind_a_friend_spares_an_exposed_agent() -> None:
    state = hide_behind(None)
    make_agent(state, 2, "exposed")
    reveal(state)
    assert step_top(state) != "dodge"
    assert state.fragments == [2, 3, 3]  # "The Sandman does not damage you"


def test_card_examples_hide_behind_a_friend_meets_sandman_protection_only() -> None:
    # Nightlight (prevent 2 Sandman damage) covers its own hit and the redirected one.
    state = hide_behind("nightlight")
    reveal(state)
    assert step_top(state) != "dodge"
    assert state.fragments == [2, 3, 3]
    # Pillow Wall (prevent damage from players) does not: it is the Sandman's damage.
    state = hide_behind("pillow-wall")
    reveal(state)
    assert step_top(state) != "dodge"
    assert state.fragments == [2, 3, 1]
    # Blanket Fort: no Sandman damage touches you this round.
    state = hide_behind("blanket-fort")
    reveal(state)
    assert step_top(state) != "dodge"
    assert state.fragments == [2, 3, 3]


def test_card_examples_hide_behind_a_friend_kill_is_passing_damage() -> None:
    # An undercover agent whose redirected Sandman damage kills wins ("passing damage").
    state = hide_behind(None, left_frags=1)
    make_agent(state, 1)
    reveal(state)
    assert state.end_reason() == "undercover_agent" and state.winners() == [1]
