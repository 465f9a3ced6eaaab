"""Hypothesis properties of trigger abilities, Companions, the back-of-card action and the
Classic Card Rules variant in play: from a position with every trigger card of the original
pack in play, a summoned Companion and the variant on, random play ends, keeps Distress plus
the pool at 16 and the Companion inside the space limit, offers only actions of the action
table, keeps the observation tensor in its declared bounds, and never shows another seat's
hand (design §3)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from oneiros.games.etherfields.params import DISTRESS_POOL
from oneiros.testing import random_step

from .builder import ALL_TILES, position, run_effect


def _start(seed: int):
    s = position(
        2,
        tiles=ALL_TILES,
        at=["A2.3", "B2.3"],
        hands={0: ["s05", "s08"], 1: ["s04", "s06"]},
        progress={
            0: ["r-early-riser", "r-puddle-jumper", "r-trailblazer"],
            1: ["r-bell-ringer"],
        },
        items=["brass-bell", "pocket-watch"],
        entities=[("rust-moth", "C2.2")],
        distress=[1, 2],
        options={"masks": "-,echo-mask", "classic_cards": True},
    )
    run_effect(s, "summon('cog-sparrow', at=space('A2.4'))", seat=1)
    return s


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_triggers_companions_and_the_variant_keep_the_invariants(seed):
    s = _start(seed)
    ids = set(s.game.action_ids())
    low, high = s.game.observation_bounds
    rng = random.Random(seed)
    steps = 0
    while not s.is_terminal():
        random_step(s, rng)
        steps += 1
        assert sum(s.distress) + s.table.amount("distress") == DISTRESS_POOL
        assert len(s.companions) == 1
        for seat in s.to_move():
            if seat >= 0:
                assert {a.id for a in s.legal_actions(seat)} <= ids
        if steps % 25 == 0:
            assert all(low <= v <= high for v in s.observation_tensor(1))
            other = s.observation(1)["dreamers"][0]
            assert other["hand_cards"] is None and other["hand_ids"] is None
    assert s.outcome in ("victory", "defeat")
