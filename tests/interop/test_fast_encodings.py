"""The observation tensors the adapters hand over are computed straight from the state;
they must equal, entry for entry, the reference encoding of the seat's observation
(``encode(observation(seat))``) in every position random and heuristic play reach."""

from __future__ import annotations

import random

import pytest

import oneiros
from oneiros.games.lucidity import encoding as lucidity_encoding

LUCIDITY_CONFIGS = [
    pytest.param(2, "en", {}, id="en-2p"),
    pytest.param(4, "en", {}, id="en-4p"),
    pytest.param(3, "es", {}, id="es-3p"),
    pytest.param(
        4,
        "en",
        {"bone_hunters": 4, "dreamscapes": True, "manifestations": True, "table_slips": True},
        id="en-4p-expansions",
    ),
]


def positions(game, games: int, seed: int):
    """Every position of ``games`` random games (with a heuristic seat now and then)."""
    rng = random.Random(seed)
    policy = game.heuristic_policy()
    for g in range(games):
        state = game.new_state(seed=seed * 100 + g)
        while not state.is_terminal():
            yield state
            tm = state.to_move()
            if state.is_chance():
                state.apply(state.sample_chance(rng))
            elif policy is not None and rng.random() < 0.3:
                state.apply(policy(state, tm[0], rng), player=tm[0])
            else:
                state.apply(rng.choice(state.legal_actions(tm[0])), player=tm[0])
        yield state


@pytest.mark.parametrize(("players", "ruleset", "options"), LUCIDITY_CONFIGS)
def test_lucidity_tensor_equals_the_encoding_of_the_observation(players, ruleset, options):
    game = oneiros.make("lucidity", players=players, ruleset=ruleset, options=options)
    checked = 0
    for state in positions(game, games=2, seed=players):
        for viewer in (checked % players, None):
            fast = lucidity_encoding.encode_state(state, viewer)
            slow = lucidity_encoding.encode(
                state.observation(viewer), game, state.to_move(), viewer
            )
            assert fast == slow
        assert state.observation_tensor(0) == lucidity_encoding.encode_state(state, 0)
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("players", [1, 2, 4])
def test_sleep_tight_tensor_equals_the_encoding_of_the_observation(players):
    from oneiros.games.sleep_tight import encoding as sleep_tight_encoding

    game = oneiros.make("sleep-tight", players=players)
    checked = 0
    for state in positions(game, games=3, seed=players):
        for seat in range(players):
            fast = sleep_tight_encoding.encode_state(state, seat)
            slow = sleep_tight_encoding.encode(state.observation(seat), seat, state.c)
            assert fast == slow, (seat, state.history()[-3:])
            assert state.observation_tensor(seat) == fast
        checked += 1
    assert checked > 100
