"""Etherfields' ML encodings (issue "ML encodings"): a finite action table that names every
legal action of random games, an observation tensor in its declared bounds that is built
from the seat's redacted observation (another Dreamer's hidden cards never change it), and
the core's action index and legal-action mask over them."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import oneiros
from oneiros.games.etherfields.encoding import encode, layout
from oneiros.testing import random_step


def _play(players: int, seed: int, steps: int):
    state = oneiros.make("etherfields", players=players).new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        random_step(state, rng)
    return state


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(1, 4))
def test_every_legal_action_is_in_the_table_and_the_tensor_stays_in_bounds(seed, players):
    game = oneiros.make("etherfields", players=players)
    ids = game.action_ids()
    assert len(ids) == len(set(ids)) == game.action_space_size
    low, high = game.observation_bounds
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        for seat in state.to_move():
            if seat < 0:
                continue
            legal = state.legal_actions(seat)
            mask = state.legal_action_mask(seat)
            assert sum(mask) == len(legal)
            for a in legal:
                assert ids[state.action_index(a)] == a.id and mask[state.action_index(a)]
        if rng.random() < 0.1:
            for seat in range(players):
                t = state.observation_tensor(seat)
                assert len(t) == game.observation_shape[0]
                assert all(low <= x <= high for x in t)
        random_step(state, rng)


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), steps=st.integers(5, 120))
def test_the_tensor_shows_only_what_the_seat_sees(seed, steps):
    state = _play(3, seed, steps)
    for seat in range(3):
        tensor = state.observation_tensor(seat)
        assert tensor == encode(state.observation(seat), seat, layout(state.catalog))
        # the other Dreamers' hands and decks dealt anew: the seat's tensor does not change
        world = state.determinize(seat, random.Random(seed))
        assert world.observation_tensor(seat) == tensor


def test_the_tensor_reads_the_own_hand_and_the_counts_of_the_others():
    state = _play(2, 7, 40)
    lay = layout(state.catalog)
    t0 = state.observation_tensor(0)
    seat0 = t0[lay.header : lay.header + lay.seat]
    seat1 = t0[lay.header + lay.seat : lay.header + 2 * lay.seat]
    k = 10 + len(lay.dreamers)
    back0, back1 = seat0[k : k + len(lay.backs)], seat1[k : k + len(lay.backs)]
    k += len(lay.backs)  # the back on top of each deck, seen by all ("Influence Cards")
    hand0 = seat0[k : k + len(lay.cards)]
    hand1 = seat1[k : k + len(lay.cards)]
    for back, seat in ((back0, 0), (back1, 1)):
        shown = state.observation(0)["dreamers"][seat]["top_back"]
        assert back == [1.0 if b == shown else 0.0 for b in lay.backs]
    assert seat0[1] == 1.0 and seat1[1] == 0.0  # "this seat"
    assert seat0[8] == 1.0 and seat1[8] == 0.0  # whose hand is seen
    assert sum(hand0) > 0 if state.table.count("hand", 0) else sum(hand0) == 0
    assert sum(hand1) == 0  # never another Dreamer's cards
    assert t0[lay.header + 2 * lay.seat] == 0.0  # no third Dreamer at a two-player table


def _seat_part(state, seat_slot: int, viewer: int = 0):
    """The Progress, flipped, Flaw, Mask and State entries of one seat slot of the tensor."""
    lay = layout(state.catalog)
    t = state.observation_tensor(viewer)
    base = lay.header + seat_slot * lay.seat
    k = base + 10 + len(lay.dreamers) + len(lay.backs) + 3 * len(lay.cards)
    n = len(lay.cards)
    out = {}
    for name, size in (
        ("progress", n),
        ("flipped", n),
        ("flaws", len(lay.flaws)),
        ("mask", len(lay.masks)),
        ("states", len(lay.state_kinds)),
    ):
        out[name] = t[k : k + size]
        k += size
    assert k == base + lay.seat - len(lay.spaces)  # the Dreamer's space comes last
    return lay, out


def test_the_tensor_reads_placed_flipped_progress_flaws_masks_states_and_companions():
    """ "Progress Influence Cards", "Flaws", "Masks", "State Tokens", "Companions": Dreamer
    0's placed cards (Wound Spring flipped face down), the Flaw Dread Weight in the
    Progress zone, a worn Mask, a State on the Dreamer and on the moth, and the Cog
    Sparrow on its space all change the tensor, within [0, 1]."""
    from .builder import run_effect
    from .test_render import _flawed_and_flipped

    s = _flawed_and_flipped()
    lay, part = _seat_part(s, 0)
    cix = lay.cix
    assert part["progress"][cix["s10"]] == part["progress"][cix["c-wound-spring"]] == 0.25
    assert part["flipped"][cix["c-wound-spring"]] == 0.25
    assert sum(part["flipped"]) == 0.25  # only Wound Spring lies face down
    assert part["flaws"] == [1.0 if f == "dread-weight" else 0.0 for f in lay.flaws]
    assert sum(part["mask"]) == 0 and sum(part["states"]) == 0
    run_effect(s, "apply_state('paralyzed')")  # on Dreamer 0
    run_effect(s, "apply_state('dazed', to=entity('rust-moth'))")
    _lay, part = _seat_part(s, 0)
    assert part["states"] == [1.0 if k == "paralyzed" else 0.0 for k in lay.state_kinds]
    t = s.observation_tensor(1)
    moth = lay.header + 4 * lay.seat + len(lay.spaces) * lay.space
    moth_states = t[moth + 2 + len(lay.spaces) : moth + lay.mini]
    assert moth_states == [1.0 if k == "dazed" else 0.0 for k in lay.state_kinds]
    companions = moth + len(lay.minis) * lay.mini
    sparrow = t[companions : companions + lay.companion]
    assert sparrow[0] == 1.0 and sparrow[1 + lay.spaces.index("B2.3")] == 1.0
    assert sum(sparrow) == 2.0 and all(0.0 <= x <= 1.0 for x in t)
    assert len(t) == lay.size == s.game.observation_shape[0]


def test_the_tensor_reads_the_worn_mask():
    from .builder import position

    s = position(2, options={"masks": "grin,-"})
    lay, part = _seat_part(s, 0)
    assert part["mask"] == [1.0 if m == "grin" else 0.0 for m in lay.masks]
    _lay, other = _seat_part(s, 1)
    assert sum(other["mask"]) == 0
