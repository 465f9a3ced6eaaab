"""de-lux "Manifestations Expansion" with the provisional cards: reveal after resting,
manifest, empower, pass (``steps/manifestations.py``; what the cards do: ``test_effects.py``)."""

from __future__ import annotations

import oneiros

from .builder import set_shield
from .helpers import chance_ids, check_invariants, draw_keep_one, give, legal, new, play


def rest_now(s):
    draw_keep_one(s, "yellow", "roll:power1")
    rests = [a for a in legal(s) if a.startswith("rest:")]
    play(s, rests[0])


def test_after_resting_reveal_the_top_manifestation():
    s = new(3, manifestations=True)
    rest_now(s)
    assert s.is_chance() and s.decision().rule == 'lucidity-en "Manifestations Expansion"'
    assert len(chance_ids(s)) == 20
    play(s, "card:m03")
    assert s.to_move() == (0,) and s.decision().kind == "manifest"
    # 1 Power: Morning Light costs 2, so it cannot be manifested yet
    assert legal(s) == ["empower:yellow:power1", "pass"]


def test_manifest_pays_to_the_bag_and_applies_the_card():
    s = new(3, manifestations=True)
    give(s, 0, "power", "red:power2", "green:power1")
    give(s, 0, "hunt", "red:hunt", "red:hunt")
    rest_now(s)
    play(s, "card:m01")  # Lantern of Waking: cost 3, return 1 Hunt dream
    assert "manifest:m01" in legal(s)
    bag_red = s.bag["red"]
    play(s, "manifest:m01")
    # de-lux "Manifest": "The Dreamer pays Power equal or greater than the Manifestation's
    # cost": the dreamer chooses the dreams, one at a time, until the cost is covered
    assert s.decision().kind == "pay" and sorted(legal(s)) == [
        "pick:seat0:power:green:power1",
        "pick:seat0:power:red:power2",
        "pick:seat0:power:yellow:power1",
    ]
    play(s, "pick:seat0:power:red:power2", "pick:seat0:power:green:power1")
    p = s.seats[0]
    assert p.manifested == ["m01"] and len(p.hunt) == 1
    assert s.power_of(0) == 1  # paid exactly 3 of 4 (a 2-power and a 1-power dream)
    assert [d[:2] for d in p.power] == [("yellow", "power1")]
    assert s.bag["red"] == bag_red + 1 + 1  # the red hunt dream and the red 2-power paid
    assert s.current == 1
    check_invariants(s)


def test_empower_draws_another_card_and_unspent_power_returns_at_end_of_turn():
    s = new(3, manifestations=True)
    give(s, 0, "power", "green:power1")
    rest_now(s)
    play(s, "card:m05", "empower:green:power1", "card:m07")
    assert s.revealed == ["m05", "m07"] and len(s.pool) == 1
    check_invariants(s)  # the set-aside dream is still counted (in in_hand)
    play(s, "pass")
    # two unmanifested cards: the player orders them at the bottom
    assert legal(s) == ["bottom:m05", "bottom:m07"]
    play(s, "bottom:m07")
    assert s.mdeck.bottom == ["m07", "m05"]
    assert s.pool == [] and s.current == 1
    check_invariants(s)


def test_at_most_one_manifest_per_turn_pooled_power_pays():
    s = new(3, manifestations=True)
    give(s, 0, "power", "green:power1", "green:power1")
    rest_now(s)  # 3 Power now
    play(s, "card:m10", "empower:green:power1", "card:m20")
    play(s, "manifest:m20")  # cost 1, paid from the set-aside dream
    assert s.decision().kind == "bottom" or s.current == 1
    assert s.seats[0].manifested == ["m20"]
    assert s.power_of(0) == 2


def test_shield_turns_a_hunt_result_back():
    s = new(3, manifestations=True)
    set_shield(s, 0, 1)
    draw_keep_one(s, "red", "roll:hunt")
    assert s.seats[0].hunt == [] and s.seats[0].shield == 0


def test_harvest_draws_dreams_as_power():
    s = new(3, manifestations=True)
    give(s, 0, "power", "red:power2", "red:power2")
    rest_now(s)
    play(
        s,
        "card:m08",
        "manifest:m08",
        "pick:seat0:power:red:power2",
        "pick:seat0:power:yellow:power1",
    )
    # the last red 2-Power dream is the only kind left: paid without asking
    play(s, "draw:blue", "draw:red")
    assert sorted(d[:2] for d in s.seats[0].power)[:2] == [("blue", "power1"), ("red", "power1")]
    check_invariants(s)


def test_expansion_actions_are_in_the_action_space():
    g = oneiros.make("lucidity", options={"manifestations": True, "dreamscapes": True})
    ids = g.action_ids()
    assert "manifest:m01" in ids and "dreamscape:d10" in ids and "card:m20" in ids
    assert len(ids) == len(set(ids))


def test_manifest_the_dreamer_chooses_which_power_pays_and_may_overpay():
    """de-lux "Manifest": "The Dreamer pays Power equal or greater than the Manifestation's
    cost from their Power row (or from Power set aside ...) to the bag": which dreams pay is
    the dreamer's choice; a single kind of Power dream left is paid without asking."""
    s = new(3, manifestations=True)
    give(s, 0, "power", "red:power2")
    rest_now(s)
    play(s, "card:m10", "manifest:m10")  # Open Window: cost 1
    assert s.decision().kind == "pay"
    assert sorted(legal(s)) == ["pick:seat0:power:red:power2", "pick:seat0:power:yellow:power1"]
    play(s, "pick:seat0:power:red:power2")  # overpays: 2 for a cost of 1
    assert s.seats[0].manifested == ["m10"] and s.power_of(0) == 1
    s = new(3, manifestations=True)
    give(s, 0, "power", "yellow:power1")
    draw_keep_one(s, "yellow", "roll:power1", "resolve:power", "rest:none")
    play(s, "card:m03", "manifest:m03")  # Morning Light: cost 2, two yellow 1-Power dreams
    assert s.seats[0].manifested == ["m03"] and s.power_of(0) == 0
    check_invariants(s)
