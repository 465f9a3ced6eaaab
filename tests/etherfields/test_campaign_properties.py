"""Invariants of the Dreamworld over many random legs (hypothesis): every leg ends within
its Location cap, no Influence card is created or lost (buying moves it from the Market to
a discard pile), the Keys stay within their pool, and the next snapshot validates."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import oneiros
from oneiros.games.etherfields.campaign.document import Campaign
from tests.etherfields.campaign_scenarios import campaign, catalog, world


def cards(doc: dict, present: set[str]) -> Counter[str]:
    """The Market and every Dreamer's cards, seated or sitting out, less the starting deck
    each Dreamer who joined at an Awakening brought."""
    from oneiros.games.etherfields.campaign.sessions import starting_holding

    out: Counter[str] = Counter(doc["market"])
    for h in doc["dreamers"] + doc["benched"]:
        for zone in ("deck", "hand", "discard", "sealed", "progress", "aside"):
            out.update(h[zone])
        if h["dreamer"] not in present:
            out.subtract(starting_holding(catalog(), h["dreamer"]).deck)
    return +out


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(1, 4),
    location=st.sampled_from(["wake", "lamp-row", "bazaar", "key-well", "quiet-field"]),
    phase=st.sampled_from(["setup", "awaken", "travel"]),
    ether=st.integers(0, 4),
)
def test_random_legs_end_conserve_cards_and_leave_a_valid_snapshot(
    seed, players, location, phase, ether
):
    doc = campaign(players, location=location, phase=phase, ether=[ether] * players)
    s = world(doc, seed=seed, session_limit=6)
    rng = random.Random(seed)
    present = {h["dreamer"] for h in s.doc["dreamers"]}
    before = cards(s.doc, present)
    steps = 0
    while not s.is_terminal():
        tm = s.to_move()
        if tm == (oneiros.CHANCE,):
            s.apply(s.sample_chance(rng))
        else:
            s.apply(rng.choice(s.legal_actions(tm[0])), player=tm[0])
        steps += 1
        assert cards(s.doc, present) + Counter(s.drawn) == before
        assert 0 <= s.doc["keys"] <= s.pool("keys")
        assert s.arrived <= 6
    assert steps < 2_000
    nxt = Campaign.model_validate(s.carry_over())
    assert nxt.snapshot == doc.snapshot + 1 and nxt.parent == doc.hash()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), gems=st.integers(0, 2), distress=st.integers(0, 3))
def test_cards_on_the_map_conserve_cards_and_never_show_another_hand(seed, gems, distress):
    """ "Playing Cards in the Dreamworld" over random legs: cards played stay their
    Dreamer's (discard or Sealed pile), every use ends, and the Bruiser's hand card never
    appears in the Dicer's choices or observation until the Bruiser plays it (design §3)."""
    doc = campaign(
        2,
        location="lamp-row",
        dreamers=["dicer", "bruiser"],
        hands={0: ["s01", "s09"], 1: ["b3", "s02"]},
        sealed={0: ["s03"], 1: ["s04"]},
        gems=[gems, gems],
        distress=[distress, distress],
        items=["sleep-salts", "tin-lantern", "iron-poker"],
        wisdom=["morning-light", "cartographers-key", "gem-lore"],
        notes=["gardeners-note", "orchard-ledger"],
    )
    s = world(doc, seed=seed, session_limit=4)
    rng = random.Random(seed)
    present = {h["dreamer"] for h in s.doc["dreamers"]}
    before = cards(s.doc, present)
    steps = 0
    while not s.is_terminal():
        played = "b3" not in s.doc["dreamers"][1]["hand"]
        if not played:
            assert not [a.id for a in s.legal_actions(0) if "b3" in a.id]
            assert s.observation(0)["dreamers"][1]["hand_cards"] is None
        tm = s.to_move()
        if tm == (oneiros.CHANCE,):
            s.apply(s.sample_chance(rng))
        else:
            seat = rng.choice(list(tm))
            s.apply(rng.choice(s.legal_actions(seat)), player=seat)
        steps += 1
        assert cards(s.doc, present) + Counter(s.drawn) == before
        assert all(h["distress"] >= 0 and h["gems"] >= 0 for h in s.doc["dreamers"])
        assert len(set(s.used)) == len(s.used)  # each ability once per travel
    assert steps < 2_000
    Campaign.model_validate(s.carry_over())
