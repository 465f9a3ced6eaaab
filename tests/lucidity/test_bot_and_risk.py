"""The heuristic bot and the risk meter (lucidity-en "5. Rest or Draw Again")."""

from __future__ import annotations

import random

import oneiros
from oneiros.agents.base import make_agent
from oneiros.games.lucidity.risk import risk_meter, wilson

from .helpers import draw_keep_one, give, new


def at_rest(**kw):
    s = new(3, **kw)
    draw_keep_one(s, "yellow", "roll:power1")
    assert s.decision().kind == "rest_or_draw"
    return s


def test_risk_meter_is_zero_risk_on_an_empty_card():
    r = risk_meter(at_rest(), 0, samples=200)
    assert r["method"] == "monte-carlo" and r["next_control"] == 5
    assert r["eaten"] == 0.0  # a single draw of 5 cannot bring 4 hunt dreams... from an empty card
    assert r["expected_power"] > 0
    lo, hi = r["eaten_interval"]
    assert lo == 0.0 and 0 < hi < 0.05


def test_risk_meter_sees_a_nearly_full_hunt_row():
    s = new(3)
    give(s, 0, "hunt", "red:hunt", "red:hunt", "red:hunt")
    draw_keep_one(s, "yellow", "roll:power1")
    r = risk_meter(s, 0, samples=300)
    # the meter assumes the bot's choices, which return red dreams first: small but not zero
    assert 0 < r["eaten"] < 0.2 and r["eaten_interval"][1] > r["eaten"]
    s2 = new(3)
    give(s2, 0, "shadow_yellow", "yellow:shadow", "yellow:shadow")
    draw_keep_one(s2, "green", "roll:power1")
    assert risk_meter(s2, 0, samples=300)["nightmare"] > 0.05


def test_risk_meter_does_not_change_the_state_and_only_applies_at_rest():
    s = at_rest()
    snap = s.snapshot()
    assert "risk" in s.insights(0)
    assert s.snapshot() == snap
    assert s.insights(1) == {}
    fresh = new(3)
    assert fresh.insights(0) == {} and risk_meter(fresh, 0) == {}


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and round(lo, 2) == 0.40 and round(hi, 2) == 0.60


def test_heuristic_agent_plays_legal_moves_in_both_roles():
    game = oneiros.make("lucidity", players=3)
    agent = make_agent("heuristic", game, seed=1)
    rng = random.Random(1)
    roles = set()
    for seed in range(5):
        state = game.new_state(seed=seed)
        while not state.is_terminal():
            if state.is_chance():
                state.apply(state.sample_chance(rng))
                continue
            seat = state.to_move()[0]
            roles.add(state.seats[seat].role)
            action = agent.act(state, seat)
            assert action in state.legal_actions()
            state.apply(action)
    assert "nightmare" in roles and "dreamer" in roles


def test_heuristic_beats_random_in_two_player_games():
    game = oneiros.make("lucidity", players=2)
    rng = random.Random(7)
    wins = 0.0
    n = 100
    for i in range(n):
        heur = i % 2
        agents = {
            heur: make_agent("heuristic", game, seed=i),
            1 - heur: make_agent("random", game, seed=i),
        }
        state = game.new_state(seed=i)
        while not state.is_terminal():
            if state.is_chance():
                state.apply(state.sample_chance(rng))
            else:
                seat = state.to_move()[0]
                state.apply(agents[seat].act(state, seat))
        if heur in state.winners():
            wins += 1 / len(state.winners())
    assert wins / n > 0.65


def test_heuristic_rests_when_a_row_is_nearly_full():
    s = new(3)
    give(s, 0, "hunt", "red:hunt", "red:hunt", "red:hunt")
    draw_keep_one(s, "yellow", "roll:power1")
    policy = s.game.heuristic_policy()
    assert policy(s, 0, random.Random(0)).id != "draw_again"
    s = at_rest()
    assert policy(s, 0, random.Random(0)).id == "draw_again"
