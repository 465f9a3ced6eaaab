"""Observation bounds and shaping potentials of Lucidity and Sleep Tight: every tensor entry
stays within the declared bounds (random and heuristic games, extreme states), the
adapters build bounded spaces, ``shaped=True`` works and its terms add up to minus the
first potential, and a seat's potential never depends on what it cannot see."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import oneiros
from oneiros.core import CHANCE, Deck, Game, State
from oneiros.games.lucidity.encoding import DEFAULT_GOAL
from oneiros.games.lucidity.model import die
from oneiros.games.sleep_tight.state import Play
from oneiros.interop._common import check_shaping, potentials
from oneiros.interop.gymnasium import make
from oneiros.interop.pettingzoo import env

SEEDS = st.integers(0, 2**31 - 1)

LUCIDITY_CONFIGS = [
    (2, "en", {}),
    (3, "es", {}),
    (4, "en", {}),
    (2, "en", {"bone_hunters": 8, "replacement_dice": True, "fourth_shadow_space": True}),
    (3, "en", {"manifestations": True, "dreamscapes": True, "bone_hunters": 3}),
    (4, "es", {"replacement_dice": True, "table_slips": True, "temptation": "fear"}),
    (
        4,
        "en",
        {
            "bone_hunters": 8,
            "replacement_dice": True,
            "manifestations": True,
            "dreamscapes": True,
            "table_slips": True,
            "fourth_shadow_space": True,
        },
    ),
]
SLEEP_TIGHT_CONFIGS = [
    (players, options)
    for players in (1, 2, 3, 4)
    for options in ({}, {"most_fragments_wins": True, "easier_soul_consumer": True})
]
CONFIGS = [
    pytest.param("lucidity", p, r, o, id=f"lucidity-{r}-{p}p-{'+'.join(sorted(o)) or 'base'}")
    for p, r, o in LUCIDITY_CONFIGS
] + [
    pytest.param(
        "sleep-tight", p, "base", o, id=f"sleep-tight-{p}p-{'+'.join(sorted(o)) or 'base'}"
    )
    for p, o in SLEEP_TIGHT_CONFIGS
]
GAMES = ("lucidity", "sleep-tight")
SHAPED_CASES = [("lucidity", 2), ("lucidity", 4), ("sleep-tight", 1), ("sleep-tight", 3)]


def playout(game: Game, seed: int, visit: Callable[[State], None], heuristic: float = 0.5) -> State:
    """Play a whole game (each decision by the heuristic bot with probability ``heuristic``,
    else at random; chance with its true probabilities), calling ``visit`` on every state."""
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    policy = game.heuristic_policy()
    visit(state)
    while True:
        tm = state.to_move()
        if not tm:
            return state
        if tm[0] == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            seat = tm[0]
            if policy is not None and rng.random() < heuristic:
                action = policy(state, seat, rng)
            else:
                action = rng.choice(state.legal_actions(seat))
            state.apply(action, player=seat)
        visit(state)


def within(game: Game, tensor: list[float]) -> None:
    low, high = game.observation_bounds  # type: ignore[misc]
    assert len(tensor) == game.observation_shape[0]
    bad = [(i, x) for i, x in enumerate(tensor) if not low <= x <= high]
    assert not bad, f"entries outside [{low}, {high}]: {bad[:5]}"


# ----- the declared bounds -------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_both_games_declare_bounds_zero_to_one(name):
    game = oneiros.make(name)
    assert game.observation_bounds == (0.0, 1.0)


@pytest.mark.parametrize(("name", "players", "ruleset", "options"), CONFIGS)
@settings(max_examples=6, deadline=None)
@given(seed=SEEDS)
def test_every_tensor_entry_and_potential_stay_within_bounds(name, players, ruleset, options, seed):
    game = oneiros.make(name, players=players, ruleset=ruleset, options=options)

    def visit(state: State) -> None:
        for seat in range(players):
            within(game, state.observation_tensor(seat))
            if not state.is_terminal():
                assert -1.0 <= state.reward_potential(seat) <= 1.0  # type: ignore[attr-defined]

    playout(game, seed, visit, heuristic=[0.0, 0.6, 0.95][seed % 3])


def test_lucidity_extreme_counts_reach_one_and_no_more():
    """Every dream of a colour in one place, Shadowmarks from all eight Bone Hunters and a
    huge Power: the counts are exactly 1, Power stays below 1."""
    game = oneiros.make(
        "lucidity", players=4, options={"replacement_dice": True, "bone_hunters": 8}
    )
    state: Any = game.new_state(seed=0)
    bag = state.bag
    s0, s1, s2 = state.seats[0], state.seats[1], state.seats[2]
    s0.power = [die("blue", "power2")] * bag["blue"]
    s1.hunt = [die("green", "hunt")] * bag["green"]
    s2.marks = [die("bone", "shadowmark")] * bag["bone"]
    state.cards["red"] = [die("red", "power1")] * bag["red"]
    state.hand = ["yellow"] * bag["yellow"]  # in hand: counted by colour, rolled or not
    for c in bag:
        bag[c] = 0
    for seat in range(4):
        tensor = state.observation_tensor(seat)
        within(game, tensor)
        assert max(tensor) == 1.0
    power = 2 * 22
    assert power / (power + DEFAULT_GOAL) in state.observation_tensor(0)


def test_sleep_tight_extreme_counts_reach_one_and_no_more():
    """Every Action card played by one seat (face up, so every seat sees them) with the
    largest protections, buys and round: every count is exactly 1 at most."""
    game = oneiros.make("sleep-tight", players=4)
    state: Any = game.new_state(seed=0)
    cards = [c.id for c in game.content.actions for _ in range(c.copies)]
    scales: dict[str, int] = {"prevent_sandman": 0, "prevent_players": 0}
    for card in game.content.actions:
        for effect in card.effects:
            if effect.kind in scales:
                scales[effect.kind] += card.copies * effect.amount
    assert scales == {"prevent_sandman": 6, "prevent_players": 4}  # over the old / 5
    state.seats[0].plays = [Play(card, face_up=True) for card in cards]
    state.seats[0].prevent_sandman = scales["prevent_sandman"]
    state.seats[0].prevent_players = scales["prevent_players"]
    state.seats[0].buys = 6
    for seat, n in enumerate([26, 0, 0, 0]):
        state.seats[seat].fragments = n
    state.pile = 0
    state.round = 29
    for seat in range(4):
        within(game, state.observation_tensor(seat))
    # the whole deck in one hand, then in the discard pile
    state.seats[0].plays = []
    state.seats[0].hand = sorted(cards)
    within(game, state.observation_tensor(0))
    state.seats[0].hand = []
    state.action_discard = list(cards)
    for seat in range(4):
        within(game, state.observation_tensor(seat))


# ----- the adapters ----------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "players"), SHAPED_CASES)
def test_adapters_build_bounded_spaces_that_hold_the_observations(name, players):
    e = env(name, players=players)
    for agent in e.possible_agents:
        box = e.observation_space(agent)["observation"]
        assert box.is_bounded("both")
        assert np.all(box.low == 0.0) and np.all(box.high == 1.0)
    g = make(name, seat=0, opponents="random", players=players)
    box = g.observation_space["observation"]
    assert box.is_bounded("both")
    assert np.all(box.low == 0.0) and np.all(box.high == 1.0)
    obs, _ = g.reset(seed=3)
    rng = np.random.default_rng(3)
    while True:
        assert g.observation_space.contains(obs)
        obs, _, terminated, truncated, _ = g.step(
            int(rng.choice(np.flatnonzero(obs["action_mask"])))
        )
        if terminated or truncated:
            assert g.observation_space.contains(obs)
            break


@pytest.mark.parametrize("name", GAMES)
def test_shaped_is_accepted_now(name):
    game = oneiros.make(name)
    assert check_shaping(game, True) is True
    env(name, shaped=True)
    make(name, seat=0, opponents="random", shaped=True)


@pytest.mark.parametrize(("name", "players"), SHAPED_CASES)
@settings(max_examples=3, deadline=None)
@given(seed=SEEDS)
def test_pettingzoo_shaping_terms_add_up_to_minus_the_first_potential(name, players, seed):
    e = env(name, players=players, shaped=True)
    e.reset(seed=seed)
    first = potentials(e.game_state)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    moved = False
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        moved = moved or reward != 0.0
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    state = e.game_state
    assert state.is_terminal()
    winners = state.winners()
    for seat, agent in enumerate(e.possible_agents):
        outcome = 1.0 if seat in winners else -1.0
        assert totals[agent] - outcome == pytest.approx(-first[seat], abs=1e-9)
    assert moved, "no shaping reward before the end"


@pytest.mark.parametrize(("name", "players"), SHAPED_CASES)
@settings(max_examples=3, deadline=None)
@given(seed=SEEDS)
def test_gymnasium_shaping_terms_add_up_to_minus_the_first_potential(name, players, seed):
    seat = seed % players
    g = make(name, seat=seat, opponents="random", players=players, shaped=True)
    obs, _ = g.reset(seed=seed)
    # the episode starts at the seat's first decision: reset returns no reward
    first = potentials(g.game_state)[seat]
    rng = np.random.default_rng(seed)
    total = 0.0
    while True:
        obs, reward, terminated, truncated, info = g.step(
            int(rng.choice(np.flatnonzero(obs["action_mask"])))
        )
        total += float(reward)
        if terminated or truncated:
            break
    outcome = 1.0 if seat in info["winners"] else -1.0
    assert total - outcome == pytest.approx(-first, abs=1e-9)


# ----- what the potentials say -----------------------------------------------------------------
def test_lucidity_potential_values():
    game = oneiros.make("lucidity", players=3, options={"first_player": "0"})
    state: Any = game.new_state(seed=0)
    assert [state.reward_potential(s) for s in range(3)] == [0.0, 0.0, 0.0]
    state.seats[0].power = [die("blue", "power2")] * 5 + [die("red", "power1")] * 5
    # seat 0 at the goal and 15 ahead; the others 15 behind
    assert state.reward_potential(0) == pytest.approx(1.0)
    assert state.reward_potential(1) == pytest.approx(-0.5)
    state.seats[1].power = [die("green", "power2")] * 3
    state.seats[1].hunt = [die("red", "hunt")] * 3
    # (6/15 + (6 - 15)/15) / 2 - 0.3 * 3/4
    assert state.reward_potential(1) == pytest.approx((6 / 15 - 9 / 15) / 2 - 0.3 * 0.75)
    state.seats[2].shadow["green"] = [die("green", "shadow")] * 2
    # 3 players: 3 shadows make a Nightmare
    assert state.reward_potential(2) == pytest.approx((0 - 1) / 2 - 0.2 * 2 / 3)
    state.seats[2].role = "nightmare"
    state.seats[2].shadow["green"] = []
    assert state.reward_potential(2) == pytest.approx(-0.5)
    state.seats[1].role = "eliminated"
    assert state.reward_potential(1) == -1.0


def test_lucidity_potential_uses_public_information_only():
    """Lucidity has no hidden information: the potential is a function of the public
    observation, so a replay of the same record gives the same potentials."""
    game = oneiros.make("lucidity", players=4)
    assert game.info.perfect_information
    end = playout(game, 5, lambda s: None, heuristic=0.8)
    record = end.record()
    for cut in (10, 40, 90):
        prefix = dict(record, actions=record["actions"][:cut])
        a = oneiros.replay(prefix)
        b = oneiros.replay(prefix)
        if a.is_terminal():
            continue
        assert potentials(a) == potentials(b)
        assert a.observation(None) == b.observation(None)


def test_sleep_tight_potential_values():
    game = oneiros.make("sleep-tight", players=4)
    state: Any = game.new_state(seed=0)
    # nothing beaten, on pace, 3 fragments of 10
    assert [state.reward_potential(s) for s in range(4)] == pytest.approx([0.075] * 4)
    dreams, sandman = game.setup_decks
    assert (dreams, sandman) == (28, 28)
    for card in state.sandman_deck.cards()[:14]:
        state.sandman_deck.take(card)
        state.sandman_discard.append(card)
    # half the Sandman's deck gone, the Dreamscapes all there: 1/4 + 1/4 * 1/2 + 0.075
    assert state.reward_potential(0) == pytest.approx(0.25 + 0.125 + 0.075)
    state.seats[1].role = "undercover"
    state.seats[2].alive = False
    state.seats[2].fragments = 0
    # the agent loses ground as the Sandman's deck goes; a dead other seat helps it
    assert state.reward_potential(1) == pytest.approx(-0.25 + 0.25 / 3 + 0.075)
    assert state.reward_potential(2) == pytest.approx(0.25 + 0.125)


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=3, deadline=None)
@given(seed=SEEDS)
def test_sleep_tight_potential_ignores_hidden_information(players, seed):
    """Two states that differ only in what a seat cannot see (other hands, face-down plays,
    pending discards, who the undercover agent is: ``determinize``) give that seat the
    same potential; so does another seat's hand or hidden role changed by hand."""
    game = oneiros.make("sleep-tight", players=players)
    rng = random.Random(seed)
    checked = [0]

    def visit(state: Any) -> None:
        if state.is_terminal() or (checked[0] and rng.random() > 0.25):
            return
        for seat in range(players):
            mine = state.reward_potential(seat)
            world = state.determinize(seat, rng)
            assert world.observation(seat) == state.observation(seat)
            assert world.reward_potential(seat) == mine
            other = (seat + 1) % players
            changed = state.clone()
            pool = changed.hands[other] + changed.action_deck.cards()
            rng.shuffle(pool)
            size = len(changed.hands[other])
            changed.seats[other].hand = sorted(pool[:size])
            changed.action_deck = Deck(pool[size:])
            if changed.role[other] == "dreamer" and changed.alive[other]:
                changed.seats[other].role = "undercover"
            assert changed.reward_potential(seat) == mine
            checked[0] += 1

    playout(game, seed, visit, heuristic=0.7)
    assert checked[0] > 0
