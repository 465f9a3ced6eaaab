"""The observation tensor says which seat decides and which seat it is for."""

from __future__ import annotations

import oneiros
from oneiros.core import CHANCE
from oneiros.games.lucidity.params import MAX_SEATS

from .helpers import new, play

TAIL = MAX_SEATS + 1 + MAX_SEATS


def tail(state: object, viewer: int) -> tuple[list[float], float, list[float]]:
    t = state.observation_tensor(viewer)  # type: ignore[attr-defined]
    end = t[-TAIL:]
    return end[:MAX_SEATS], end[MAX_SEATS], end[MAX_SEATS + 1 :]


def test_tensor_encodes_deciding_seat_and_viewer() -> None:
    state = new(players=3)
    assert state.to_move() == (0,)
    for viewer in range(3):
        deciding, chance, me = tail(state, viewer)
        assert deciding == [1.0, 0.0, 0.0, 0.0]
        assert chance == 0.0
        assert me == [1.0 if i == viewer else 0.0 for i in range(MAX_SEATS)]
    assert state.observation_tensor(0) != state.observation_tensor(1)
    play(state, "track:3-5-7")
    assert state.to_move() == (CHANCE,)
    deciding, chance, _me = tail(state, 2)
    assert deciding == [0.0] * MAX_SEATS and chance == 1.0


def test_tensor_length_matches_shape_for_every_player_count() -> None:
    for players in (2, 3, 4):
        game = oneiros.make("lucidity", players=players)
        state = game.new_state(seed=3)
        for seat in range(players):
            assert len(state.observation_tensor(seat)) == game.observation_shape[0] == 232
