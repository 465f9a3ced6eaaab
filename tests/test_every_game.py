"""The generic property test every registered game plugs into: random legal play from
random seeds never raises, ends within the game's declared bound, every observation is
JSON, and the record replays to an identical state."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import oneiros
from oneiros.testing import (
    check_hidden_information,
    check_observations_json,
    check_replay,
    check_terminal,
    random_playout,
)

GAMES = [(g.name, n) for g in oneiros.games() for n in range(g.min_players, g.max_players + 1)]


@pytest.mark.parametrize(("name", "players"), GAMES)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_random_play_ends_and_replays(name, players, seed):
    game = oneiros.make(name, players=players)
    state = random_playout(game, seed)
    check_terminal(state)
    check_observations_json(state)
    check_replay(state)


@pytest.mark.parametrize("info", oneiros.games(), ids=lambda g: g.name)
def test_every_ruleset_starts(info):
    for ruleset in info.rulesets:
        state = oneiros.make(info.name, ruleset=ruleset).new_state(seed=0)
        assert state.to_move(), f"{info.name}/{ruleset} starts terminal"
        assert state.decision() is not None or len(state.to_move()) > 1


def _view(state) -> tuple:
    return (
        state.history(),
        len(state.events()),
        [state.observation(p) for p in (None, *range(state.game.players))],
        state.to_move(),
    )


@pytest.mark.parametrize(("name", "players"), GAMES)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_every_action_outside_the_legal_ones_is_refused_and_changes_nothing(name, players, seed):
    """core API: "apply with an illegal, unknown or out-of-turn action raises IllegalAction
    and leaves the state exactly as it was" — for ids of the game's action space, at
    positions met in random play, for every deciding seat."""
    game = oneiros.make(name, players=players)
    if not hasattr(game, "action_ids"):
        pytest.skip(f"{name} declares no action space")
    ids = game.action_ids()
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        to_move = state.to_move()
        if rng.random() < 0.05:
            before = _view(state)
            for seat in to_move:
                if seat == oneiros.CHANCE:
                    legal = {a.id for a, _ in state.chance_outcomes()}
                else:
                    legal = {a.id for a in state.legal_actions(seat)}
                for aid in rng.sample(ids, min(len(ids), 150)):
                    if aid in legal:
                        continue
                    with pytest.raises(oneiros.IllegalAction):
                        state.apply(aid, player=seat)
            assert _view(state) == before
        seat = to_move[0]
        if seat == oneiros.CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions(seat)), player=seat)


@pytest.mark.parametrize(("name", "players"), GAMES)
@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_hidden_information_rule_references_and_event_texts(name, players, seed):
    """Generic checks for every game (``oneiros.testing.check_hidden_information``):
    ``determinize(seat)`` keeps the seat's observation and events; nothing hidden from a
    seat changes what it observes or the events it sees (for games on zones, derived from
    the zone declarations; otherwise through the game's determinize); every rule
    reference met in play has a rule_text; every event text formats."""
    check_hidden_information(oneiros.make(name, players=players), seed)
