"""The fast Etherfields observation and tensor (``Table.view`` per seat plan, the encoder's
index maps) give exactly what the plain reference gives (tests/etherfields/
observation_reference.py): the same observation dict for every seat and the spectator, and
the same tensor for every seat, at every step of random games of 1 to 4 Dreamers, in a
Dream, a Slumber and a journey, hands hidden or open (etherfields design §3: who sees what).
"""

from __future__ import annotations

import json
import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import oneiros
from oneiros.testing import random_step
from tests.etherfields.builder import play, position, run_effect
from tests.etherfields.observation_reference import (
    reference_observation,
    reference_tensor,
)

STEPS = 250
"""Steps looked at per game (a journey runs long; its first Slumbers show every part)."""

SCENARIOS = ("dream:OD-01X", "dream:OD-02X", "slumber:OS-03", "journey")


def _same_for_every_seat(state) -> None:
    players = state.game.players
    for seat in (None, *range(players)):
        expected = reference_observation(state, seat)
        got = state.observation(seat)
        assert got == expected
        # the same dict, key order included (the JSON a web client or a record receives)
        assert json.dumps(got) == json.dumps(expected)
    for seat in range(players):
        expected = reference_tensor(state, seat)
        assert state.observation_tensor(seat) == expected
        # the float32 array the RL adapters read, bit for bit the reference converted
        array = state.game.observation_array(state, seat)
        assert array.dtype == np.float32
        assert array.tobytes() == np.asarray(expected, dtype=np.float32).tobytes()


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 2**31 - 1),
    players=st.integers(1, 4),
    scenario=st.sampled_from(SCENARIOS),
    open_hands=st.booleans(),
)
def test_every_seat_sees_what_the_reference_shows_at_every_step(
    seed, players, scenario, open_hands
):
    options = {"scenario": scenario, "open_hands": open_hands}
    state = oneiros.make("etherfields", players=players, options=options).new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(STEPS):
        _same_for_every_seat(state)
        if state.is_terminal():
            break
        random_step(state, rng)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(1, 4))
def test_a_determinized_world_shows_what_the_reference_shows(seed, players):
    """A seat's determinized world (the other Dreamers' cards dealt anew) is read by the
    same fast path; its observation and tensor equal the reference's too."""
    state = oneiros.make("etherfields", players=players).new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(5, 80)):
        if state.is_terminal():
            break
        random_step(state, rng)
    for seat in range(players):
        _same_for_every_seat(state.determinize(seat, random.Random(seed + seat)))


def test_a_stated_position_shows_what_the_reference_shows():
    """A position stated by the scenario builder: hands, discard and Sealed piles, placed
    Progress cards with one flipped ("Progress Influence Cards"), an Entity on the map with
    Morphings on it, a discarded Turn card."""
    state = position(
        3,
        tiles=("OD-01 SETUP", "OD-01 T2", "OD-01 T3"),
        hands={0: ["s06", "s05"], 1: ["s01"]},
        discards={0: ["s04"], 2: ["s01", "s01"]},
        sealed={1: ["s04"]},
        progress={0: ["m-overreach", "c-wound-spring", "s10"]},
        flipped={0: ["s10"]},
        entities=[("rust-moth", "B2.4")],
        morphings={"rust-moth": ["movement", "range"]},
        turn_discard=["T-03"],
    )
    _same_for_every_seat(state)


def test_flipped_progress_flaws_states_companions_and_terrain_show_what_the_reference_shows():
    """ "Progress Influence Cards", "Flaws", "State Tokens", "Companions", "Terrain Symbols
    and Terrain Tokens": a flipped Progress card, a Flaw in the Progress zone, States on a
    Dreamer and an Entity, the Cog Sparrow, a Light token on the map, and one on
    printed Darkness (Light cancels Darkness on its space)."""
    from .test_render import _flawed_and_flipped

    state = _flawed_and_flipped()
    run_effect(state, "apply_state('paralyzed')")
    run_effect(state, "apply_state('dazed', to=entity('rust-moth'))")
    run_effect(state, "place('light', at=space('B2.3'))")
    _same_for_every_seat(state)
    # Darkness printed on a tile, a Light token cancelling it on one space
    state = position(2, tiles=("OD-01 SETUP", "OD-01 T2", "OD-01 T3"))
    run_effect(state, "place('light', at=space('A1.4'))")
    terrain = {sp["ref"]: sp["terrain"] for sp in state.observation(0)["map"]}
    assert terrain["A1.4"] == ["light"] and terrain["A1.3"] == ["darkness"]
    _same_for_every_seat(state)


def test_a_flaw_set_aside_on_top_of_a_deck_shows_what_the_reference_shows():
    """ "Sealing and Unsealing Cards": a Flaw a Seal skipped lies on top of the deck, seen by
    every seat (its back is "flaw"; the deck's other cards stay unseen)."""
    pad = ["s05", "s06", "s07", "s08", "s09"]
    state = position(2, decks={0: ["s01", "gnawing-rust", "s02", "s03", "s04"]}, discards={0: pad})
    run_effect(state, "seal(3)")
    play(state, "back:dicer", "draw:s01", "back:flaw", "draw:gnawing-rust")
    assert state.observation(1)["dreamers"][0]["top_back"] == "flaw"
    _same_for_every_seat(state)
    play(state, "draw:s02", "draw:s03")
    _same_for_every_seat(state)


def test_a_quirk_on_the_slumber_map_shows_what_the_reference_shows():
    """ "Fate Cards": the Quirk of A Bench in the Fog (F-02) lies in B1.3 and adds its map
    actions to that space."""
    from .slumber_play import position as slumber_position

    state = slumber_position("slumber:OS-02", ("B1.3", "A1.2"), quirks=(("B1.3", "F-02"),))
    view = {sp["ref"]: sp for sp in state.observation(0)["map"]}
    assert view["B1.3"]["quirk"] == "F-02" and view["B1.3"]["actions"]
    _same_for_every_seat(state)
