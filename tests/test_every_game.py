"""The generic property test every registered game plugs into: random legal play from
random seeds never raises, ends within the game's declared bound, every observation is
JSON, and the record replays to an identical state."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import oneiros
from oneiros.testing import check_observations_json, check_replay, check_terminal, random_playout

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
