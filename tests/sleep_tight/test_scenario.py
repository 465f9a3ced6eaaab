"""The scenario builder lays out the position it is given, moving cards and fragments
without making or losing any (sleep-tight "Components")."""

from __future__ import annotations

from .helpers import count_cards, step_top
from .scenario import IAM, scenario, start_effect

WHOLE = (40, 28, 28)
"""The Action, Dreamscape and Sandman cards of the shipped set, in every zone together."""


def test_a_play_position_is_laid_out_as_described() -> None:
    state = scenario(
        3,
        hands={0: ["nightlight", "tantrum"], 1: ["wake-up"]},
        fragments={0: 5, 2: 1},
        dreamscapes={1: "endless-corridor"},
        agents={2: "exposed"},
        sandman_top=["rubble-hound", "ash-choir"],
        sandman_deck=6,
    )
    assert step_top(state) == "play" and state.round == 1
    assert state.observation(0)["players"][0]["hand"] == ["nightlight", "tantrum"]
    assert state.observation(1)["players"][1]["hand"] == ["wake-up"]
    assert state.observation(2)["players"][2]["hand"] == []
    assert [p["fragments"] for p in state.observation(None)["players"]] == [5, 3, 1]
    assert state.observation(None)["pile"] == 26 - 9
    assert state.observation(None)["players"][1]["dreamscape"] == "endless-corridor"
    assert state.observation(0)["players"][2]["role"] == "exposed"
    assert state.observation(None)["sandman_deck"] == 6
    state.apply("done", player=0)
    state.apply("done", player=1)
    state.apply("done", player=2)
    assert [a.id for a, _p in state.chance_outcomes()] == ["sandman:rubble-hound"]
    assert count_cards(state) == WHOLE


def test_an_undercover_agent_holds_i_am_the_sandman_that_only_it_sees() -> None:
    state = scenario(3, hands={1: ["tantrum"]}, agents={1: "undercover"})
    assert state.observation(1)["players"][1]["hand"] == sorted(["tantrum", IAM])
    assert state.observation(1)["players"][1]["role"] == "undercover"
    assert state.observation(0)["players"][1]["role"] == "dreamer"
    assert state.observation(0)["players"][1]["hand_count"] == 2
    assert count_cards(state) == WHOLE


def test_an_earlier_step_with_forced_dreamscapes_and_draws() -> None:
    state = scenario(
        2, at="buy", dreamscapes={0: "icicle-nursery", 1: "grey-meadow"}, draws=["tantrum"]
    )
    assert step_top(state) == "buy"
    assert [p["dreamscape"] for p in state.observation(None)["players"]] == [
        "icicle-nursery",
        "grey-meadow",
    ]
    assert "tantrum" in state.observation(0)["players"][0]["hand"]
    assert count_cards(state) == WHOLE


def test_decks_cut_down_and_plays_already_made() -> None:
    state = scenario(
        3,
        hands={0: ["tantrum"]},
        dreamscape_deck=2,
        action_deck=0,
        plays={0: ["play:tantrum", "done"]},
    )
    obs = state.observation(None)
    assert obs["dreamscape_deck"] == 2 and obs["action_deck"] == 0
    assert state.to_move() == (1, 2)
    assert len(state.observation(0)["players"][0]["plays"]) == 1
    assert count_cards(state) == WHOLE


def test_a_clone_plays_on_without_changing_the_original_seats() -> None:
    # Each seat's record (hand, plays, fragments) is copied with the state: a face-down
    # play in the clone leaves the original's hand and plays as they were.
    state = scenario(3, hands={0: ["tantrum", "nightlight"]}, fragments={0: 4})
    copy = state.clone()
    copy.apply("play:tantrum", player=0)
    copy.apply("done", player=0)
    assert state.observation(0)["players"][0]["hand"] == ["nightlight", "tantrum"]
    assert state.observation(0)["players"][0]["plays"] == []
    assert copy.observation(0)["players"][0]["hand"] == ["nightlight"]
    assert [p["card"] for p in copy.observation(0)["players"][0]["plays"]] == ["tantrum"]
    assert state.to_move() == (0, 1, 2) and copy.to_move() == (1, 2)


def test_a_later_round_with_sandman_cards_beaten() -> None:
    plain = scenario(3, at="buy", round=2)
    state = scenario(3, at="buy", round=2, sandman_beaten=3)
    assert step_top(state) == "buy" and state.turn_number() == 2
    before, after = plain.observation(None), state.observation(None)
    assert after["sandman_deck"] == before["sandman_deck"] - 3
    assert len(after["sandman_discard"]) == len(before["sandman_discard"]) + 3
    assert count_cards(state) == WHOLE


def test_an_effect_put_on_top_runs_until_someone_decides() -> None:
    state = scenario(3, fragments={0: 1})
    start_effect(state, "seq(gain(2), damage(1))", seat=0)
    assert state.observation(None)["players"][0]["fragments"] == 3
    assert state.decision(0).kind == "target"  # type: ignore[union-attr]
    assert [a.id for a in state.legal_actions(0)] == ["target:1", "target:2"]
    state.apply("target:2", player=0)
    assert [p["fragments"] for p in state.observation(None)["players"]] == [3, 3, 2]
