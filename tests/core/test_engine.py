"""The core engine, exercised through the Pebbles test game."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import oneiros
from oneiros.core import CHANCE, Action, ConfigError, IllegalAction
from oneiros.testing import check_observations_json, check_replay, check_terminal, random_playout


def new(players: int = 2):
    return oneiros.make("pebbles", players=players).new_state(seed=1)


def deal_and_bet(state, cards=(3, 4), bets=("odd", "odd")):
    for card in cards:
        state.apply(f"card:{card}")
    for seat, bet in enumerate(bets):
        state.apply(f"bet:{bet}", player=seat)


def test_forced_chance_outcomes_decide_the_game():
    state = new()
    deal_and_bet(state)
    state.apply("roll")
    assert state.is_chance()
    outcomes = dict((a.id, p) for a, p in state.chance_outcomes())
    assert outcomes == pytest.approx(
        {"roll:1": 1 / 3, "roll:2": 1 / 3, "roll:bust": 1 / 6, "roll:gift": 1 / 6}
    )
    state.apply("roll:2")
    state.apply("roll")
    state.apply("roll:2")
    state.apply("stop")
    assert state.banked == [4, 0]
    assert state.to_move() == (1,)


def test_chance_probabilities_sum_to_one_and_deck_shrinks():
    state = new()
    first = state.chance_outcomes()
    assert sum(p for _, p in first) == pytest.approx(1.0)
    assert len(first) == 6
    state.apply("card:3")
    second = state.chance_outcomes()
    assert {a.id for a, _ in second} == {f"card:{c}" for c in (1, 2, 4, 5, 6)}


def test_sample_chance_matches_distribution():
    state = new()
    deal_and_bet(state)
    state.apply("roll")
    rng = random.Random(5)
    counts: dict[str, int] = {}
    for _ in range(6000):
        a = state.sample_chance(rng)
        counts[a.id] = counts.get(a.id, 0) + 1
    assert counts["roll:bust"] / 6000 == pytest.approx(1 / 6, abs=0.02)
    assert counts["roll:1"] / 6000 == pytest.approx(1 / 3, abs=0.025)


@pytest.mark.parametrize("bad", ["fly", "card:3", "gift:1", 42])
def test_illegal_action_is_rejected_and_state_unchanged(bad):
    state = new()
    deal_and_bet(state)
    before = state.snapshot()
    with pytest.raises(IllegalAction) as err:
        state.apply(bad)
    assert state.snapshot() == before
    if isinstance(bad, str):
        assert repr(bad) in str(err.value)


def test_out_of_turn_action_is_rejected():
    state = new()
    deal_and_bet(state)
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="not seat 1's decision"):
        state.apply("roll", player=1)
    with pytest.raises(IllegalAction):
        state.apply("roll", player=CHANCE)
    assert state.snapshot() == before


def test_simultaneous_decisions_need_a_seat_and_stay_hidden():
    state = new()
    state.apply("card:1")
    state.apply("card:2")
    assert state.to_move() == (0, 1)
    with pytest.raises(IllegalAction, match="same time"):
        state.apply("bet:odd")
    state.apply("bet:even", player=1)
    assert state.to_move() == (0,)
    assert state.observation(0)["bets"] == [None, None]
    assert state.observation(1)["bets"] == [None, "even"]
    assert all(e.kind != "bet" for e in state.events(0))
    state.apply("bet:odd", player=0)
    assert state.observation(0)["bets"] == ["odd", "even"]
    assert state.record()["actions"][2:] == [[1, "bet:even"], "bet:odd"]


def test_observation_redacts_other_hands():
    state = new()
    state.apply("card:5")
    state.apply("card:2")
    assert state.observation(0)["cards"] == [5, None]
    assert state.observation(1)["cards"] == [None, 2]
    assert state.observation(None)["cards"] == [None, None]
    seen_by_1 = [e.text for e in state.events(1)]
    assert "You draw 5" not in seen_by_1 and "You draw 2" in seen_by_1


def test_nested_step_interrupts_the_turn():
    state = new()
    deal_and_bet(state)
    state.apply("roll")
    state.apply("roll:gift")
    decision = state.decision()
    assert decision is not None and decision.kind == "gift" and decision.player == 1
    assert state.to_move() == (1,)
    state.apply("gift:2")
    assert state.to_move() == (0,) and state.pot == 2
    assert [a.id for a in state.legal_actions()] == ["roll", "stop"]


def test_clone_is_independent():
    state = new()
    deal_and_bet(state)
    copy = state.clone()
    copy.apply("roll")
    copy.apply("roll:2")
    assert state.pot == 0 and copy.pot == 2
    assert len(copy.events()) == len(state.events()) + 1


def test_record_replays_exactly():
    state = random_playout(oneiros.make("pebbles", players=3), seed=11)
    again = check_replay(state)
    assert again.scores() == state.scores()


def test_replay_rejects_bad_records():
    with pytest.raises(ConfigError, match="unknown game"):
        oneiros.replay({"game": "chess", "actions": []})
    with pytest.raises(ConfigError, match="does not replay"):
        oneiros.replay({"game": "pebbles", "players": 2, "actions": ["card:1", "card:1"]})
    with pytest.raises(ConfigError, match="actions"):
        oneiros.replay({"game": "pebbles"})


def test_config_errors_name_the_bad_value():
    with pytest.raises(ConfigError, match="5 players"):
        oneiros.make("pebbles", players=5)
    with pytest.raises(ConfigError, match=r"rule set 'x'.*basic"):
        oneiros.make("pebbles", ruleset="x")
    with pytest.raises(ConfigError, match="unknown option 'colour'"):
        oneiros.make("pebbles", options={"colour": 1})
    with pytest.raises(ConfigError, match="true or false"):
        oneiros.make("pebbles", options={"long": "maybe"})
    assert oneiros.make("pebbles", options={"long": "yes"}).options["long"] is True


def test_action_equality_and_events_are_lazy_text():
    assert Action("x", "one") == Action("x", "two")
    assert len({Action("x"), Action("x", "y")}) == 1
    state = new()
    state.apply("card:4")
    ev = state.events()[0]
    assert ev.rule == 'pebbles "Setup"' and ev.text == "Seat 0 draws a secret card"
    json.dumps(ev.to_dict())


def test_encodings_round_trip():
    game = oneiros.make("pebbles")
    state = game.new_state()
    deal_and_bet(state)
    mask = state.legal_action_mask()
    assert len(mask) == game.action_space_size
    legal = [state.action_at(i).id for i, ok in enumerate(mask) if ok]
    assert legal == ["roll", "stop"]
    assert state.action_at(state.action_index("stop")).id == "stop"


def test_games_lists_registered_game():
    assert "pebbles" in [g.name for g in oneiros.games()]


@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 3))
def test_random_play_ends_and_replays(seed, players):
    game = oneiros.make("pebbles", players=players)
    state = random_playout(game, seed, check=check_observations_json)
    check_terminal(state)
    check_replay(state)


def test_determinize_keeps_what_the_seat_knows_and_resamples_the_rest():
    state = new(3)
    state.apply("card:2")
    state.apply("card:5")
    state.apply("card:6")
    state.apply("bet:odd", player=1)
    seen_others = set()
    for seed in range(40):
        world = state.determinize(0, random.Random(seed))
        assert world.observation(0) == state.observation(0)
        assert [e.text for e in world.events()] == [e.text for e in state.events(0)]
        assert world.history() == []
        assert sorted([*world.table.faces_in("deck"), *world.cards]) == [1, 2, 3, 4, 5, 6]
        seen_others.add((world.cards[1], world.cards[2], world.bets[1]))
    assert len(seen_others) > 5  # the hidden cards and the unrevealed bet really vary


def test_the_view_of_a_seat_follows_the_zone_declarations():
    state = new()
    state.apply("card:3")
    state.apply("card:4")
    mine, theirs = state.view(0), state.view(1)
    assert mine.cards("hand", 0) == [3] and mine.cards("hand", 1) is None
    assert mine.count("hand", 1) == 1 and mine.count("deck") == 4
    assert theirs.cards("hand", 1) == [4] and theirs.cards("deck") is None
    assert state.view(None).cards("hand", 0) is None
