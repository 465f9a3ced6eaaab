"""Bots: legality, strength on positions a player can judge, parameters, and the
hidden-information guard (no agent may read what its seat cannot see)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import oneiros
from oneiros.agents import Agent, AgentInfo, agent_specs, make_agent, register_agent
from oneiros.agents.base import parse_spec, view_for
from oneiros.agents.mcts import terminal_rewards
from oneiros.core import CHANCE, ConfigError
from oneiros.sim import play_game
from tests.agents.secretgame import (
    HIDDEN,
    HiddenRead,
    SecretPebblesState,
    is_hidden,
    make_secret,
)
from tests.tinygame import position

FAST = ["random", "heuristic", "mcts:iterations=12", "ismcts:iterations=12"]


def test_agents_are_listed_with_their_parameters():
    names = {info.name: info for info in agent_specs()}
    assert {"random", "heuristic", "mcts", "ismcts"} <= set(names)
    assert {"iterations", "seconds", "c", "rollout"} <= set(names["mcts"].params)


def test_spec_strings_round_trip():
    game = make_secret()
    agent = make_agent("mcts:iterations=400,c=0.7", game)
    assert parse_spec(agent.spec) == ("mcts", {"iterations": 400, "c": 0.7})
    assert agent.iterations == 400 and agent.c == 0.7
    assert make_agent("ismcts:seconds=0.5", game).seconds == 0.5


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("alphazero", "unknown agent 'alphazero'"),
        ("mcts:iterations=0", "iterations must be"),
        ("mcts:seconds=-1", "seconds must be"),
        ("mcts:rollout=smart", "rollout must be heuristic or random"),
        ("mcts:confirm=-2", "confirm must be"),
        ("mcts:bias=-1", "bias must be"),
        ("mcts:playouts=0", "playouts must be"),
        ("mcts:budget=3", "unknown parameter 'budget'"),
        ("mcts:iterations", "is not key=value"),
    ],
)
def test_bad_specs_are_one_line_config_errors(spec, message):
    with pytest.raises(ConfigError, match=message) as info:
        make_agent(spec, make_secret())
    assert "\n" not in str(info.value)


def test_heuristic_rollouts_need_a_heuristic():
    plain = oneiros.make("pebbles")  # no heuristic bot
    assert make_agent("mcts", plain).policy is None
    with pytest.raises(ConfigError, match="no heuristic bot"):
        make_agent("mcts:rollout=heuristic", plain)
    with pytest.raises(ConfigError, match="no heuristic bot"):
        make_agent("heuristic", plain)


@pytest.mark.parametrize("spec", FAST)
@pytest.mark.parametrize("players", [2, 3])
def test_agents_only_play_legal_actions(spec, players):
    """play_game checks every chosen action against the real state's legal actions."""
    game = make_secret(players)
    for seed in range(6):
        agents = [make_agent(spec, game) for _ in range(players)]
        result = play_game(game, agents, seed)
        assert len(result.scores) == players
        assert result.winners and set(result.winners) <= set(range(players))


class Illegal(Agent):
    name = "illegal"

    def act(self, state, player):
        return oneiros.Action("teleport")


def test_an_illegal_choice_is_reported_with_the_agent_and_seat():
    game = make_secret()
    with pytest.raises(
        oneiros.IllegalAction, match=r"agent 'illegal' \(seat \d\) chose 'teleport'"
    ):
        play_game(game, [Illegal(game), Illegal(game)], seed=1)


def _position(banked, pot, current=0, gift=None):
    """A game after the deals and bets, seat ``current`` to roll or stop (or, with
    ``gift``, that seat choosing the gift ``current`` rolled)."""
    game = make_secret()
    state = position(
        game, cards=[2, 3], bets=["even", "odd"], banked=banked, pot=pot, current=current, gift=gift
    )
    return game, state


@pytest.mark.parametrize(
    "spec",
    [
        "mcts:iterations=200",
        "ismcts:iterations=200",
        "mcts:iterations=100,confirm=20",
        "mcts:iterations=100,playouts=3",
    ],
)
def test_search_banks_the_winning_pot(spec):
    # Seat 0 has 5 banked and 2 in the pot: stopping ends the game with a win; rolling
    # risks a bust (1 in 6) and gives seat 1 turns.
    game, state = _position([5, 4], 2)
    agent = make_agent(spec, game, seed=3)
    assert agent.act(view_for(state, 0, random.Random(0)), 0).id == "stop"


@pytest.mark.parametrize("spec", ["mcts:iterations=300", "ismcts:iterations=300"])
def test_search_values_moves_from_the_movers_point_of_view(spec):
    # Seat 0 rolled a gift with 4 banked and an empty pot; seat 1 chooses the gift.
    # Giving 2 lets seat 0 bank 6 and win at once; giving 1 does not.
    game, state = _position([4, 0], 0, gift=1)
    agent = make_agent(spec, game, seed=5)
    assert agent.act(view_for(state, 1, random.Random(0)), 1).id == "gift:1"


def test_mcts_beats_random():
    game = make_secret()
    wins = 0
    for seed in range(30):
        seat = seed % 2
        agents = [make_agent("random", game), make_agent("random", game)]
        agents[seat] = make_agent("mcts:iterations=40,rollout=random", game)
        wins += seat in play_game(game, agents, seed).winners
    assert wins >= 22  # a random opponent wins about half of the time against random


def test_last_stats_give_each_searched_move_its_visits_and_mean_reward():
    game, state = _position([3, 3], 1)
    agent = make_agent("mcts:iterations=120", game, seed=1)
    move = agent.act(state, 0)
    stats = agent.last_stats
    legal = {a.id for a in state.legal_actions(0)}
    assert set(stats) <= legal and move.id in stats
    assert sum(n for n, _ in stats.values()) == agent.last_iterations
    assert all(0.0 <= mean <= 1.0 for _, mean in stats.values())
    assert stats[move.id][0] == max(n for n, _ in stats.values())  # the most visited move


def test_time_budget_stops_the_search():
    game, state = _position([3, 3], 1)
    agent = make_agent("mcts:seconds=0.05", game, seed=1)
    agent.act(state, 0)
    assert agent.last_iterations >= 1
    capped = make_agent("mcts:seconds=30,iterations=25", game, seed=1)
    capped.act(state, 0)
    assert capped.last_iterations == 25


def test_a_settled_search_stops_early_with_the_same_move(monkeypatch):
    """Once the most visited move leads by more visits than iterations are left, the
    search stops: the same seed chooses the same move as the whole budget would."""
    from oneiros.agents import mcts

    game = make_secret()
    rng = random.Random(4)
    positions = []
    state = game.new_state(seed=4)
    while not state.is_terminal() and len(positions) < 12:
        to_move = state.to_move()
        if to_move[0] == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        seat = to_move[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            positions.append((view_for(state, seat, random.Random(0)), seat))
        state.apply(rng.choice(legal), player=seat)
    assert len(positions) >= 6
    spent = []
    early = []
    for view, seat in positions:
        agent = make_agent("mcts:iterations=400", game, seed=9)
        early.append(agent.act(view.clone(), seat).id)
        spent.append(agent.last_iterations)
    monkeypatch.setattr(mcts, "STOP_CHECK", 10**9)
    full = []
    for view, seat in positions:
        agent = make_agent("mcts:iterations=400", game, seed=9)
        full.append(agent.act(view.clone(), seat).id)
        assert agent.last_iterations == 400
    assert early == full
    assert min(spent) < 400, spent


def test_several_playouts_a_leaf_average_their_rewards(monkeypatch):
    """``playouts=3``: every new leaf is valued by three playouts, each its own game."""
    from oneiros.agents import mcts

    game, state = _position([3, 2], 1)
    agent = make_agent("mcts:iterations=30,playouts=3", game, seed=2)
    played = []
    engine_playout = mcts.MCTSAgent._engine_playout

    def counted(self, leaf, rng):
        played.append(leaf)
        return engine_playout(self, leaf, rng)

    monkeypatch.setattr(mcts.MCTSAgent, "_engine_playout", counted)
    agent.act(state, 0)
    assert len(played) == 3 * agent.last_iterations
    assert len({id(leaf) for leaf in played}) == len(played)  # separate copies
    assert mcts._mean([[1.0, 0.0], [0.0, 0.5], [0.5, 1.0]]) == [0.5, 0.5]


def test_same_seed_same_choices():
    game = make_secret()
    runs = [
        play_game(game, [make_agent("ismcts:iterations=20", game) for _ in range(2)], 11).to_dict()
        for _ in range(2)
    ]
    assert runs[0] == runs[1]


@settings(max_examples=15, deadline=None)
@given(
    scores=st.lists(st.integers(0, 9), min_size=2, max_size=3),
)
def test_rewards_favour_winners(scores):
    game = make_secret(len(scores))
    n = len(scores)
    # odd cards and even bets: no bonus
    state = position(game, cards=[1, 3, 5][:n], bets=["even"] * n, banked=scores, finished=True)
    best = max(scores)
    rewards = terminal_rewards(state)
    assert all(0.0 <= r <= 1.0 for r in rewards)
    winners = [i for i, s in enumerate(scores) if s == best]
    losers = [i for i, s in enumerate(scores) if s != best]
    assert all(rewards[w] > rewards[lo] for w in winners for lo in losers)


# ----- the hidden-information guard ---------------------------------------------------------


class Spy(Agent):
    """Plays randomly and keeps every state it was handed."""

    name = "spy"

    def __init__(self, game, seed=None, **params):
        super().__init__(game, seed, **params)
        self.seen = []
        self.real = None  # set by the test only to check the views afterwards

    def act(self, state, player):
        self.seen.append((player, state, self.real.observation(player)))
        return self.rng.choice(state.legal_actions(player))


def test_the_game_loop_never_hands_an_agent_the_real_hidden_state():
    game = make_secret(3)
    matches = checked = 0
    for seed in range(25):
        spies = [Spy(game) for _ in range(3)]
        real = game.new_state(seed=seed)
        for spy in spies:
            spy.real = real
        play_game(game, spies, seed, state=real)
        for spy in spies:
            for seat, view, known in spy.seen:
                assert view is not real
                # the view agrees with what the seat knew then ...
                assert view.observation(seat) == known
                # ... shows only events the seat may see ...
                assert all(e.visible(seat) for e in view.events())
                # ... and the other seats' cards are resampled, not read from the real game
                for other in range(3):
                    if other != seat and view.cards[other] is not None:
                        checked += 1
                        matches += view.cards[other] == real.cards[other]
                        assert f"card:{view.cards[other]}" in view.history()
    assert checked > 200
    # a resampled card equals the real one about 1 time in 5; a leak would always match
    assert matches / checked < 0.4


@pytest.mark.parametrize("spec", ["ismcts:iterations=60", "ismcts:iterations=60,rollout=random"])
def test_ismcts_needs_only_a_redacted_copy(spec):
    """Handed a copy where the other seat's card and bet cannot be read (any read fails),
    ISMCTS still decides: it only ever looks at its own determinizations."""
    game = make_secret()
    rng = random.Random(4)
    state = game.new_state(seed=4)
    decided = 0
    while not state.is_terminal():
        to_move = state.to_move()
        if to_move == (CHANCE,):
            state.apply(state.sample_chance(rng))
            continue
        seat = to_move[0]
        redacted = state.redacted(seat)
        action = make_agent(spec, game, seed=decided).act(redacted, seat)
        decided += 1
        state.apply(action, player=seat if len(to_move) > 1 else None)
    assert decided >= 3


def test_the_redacted_copy_does_catch_a_reader():
    """The guard above can fail: plain MCTS searches the copy it is given as if it were
    the whole truth, so on a redacted copy it reads the hidden card and is caught."""
    game, state = _position([5, 4], 2)
    redacted = state.redacted(0)
    assert is_hidden(redacted.cards[1]) and redacted.cards[1] is HIDDEN
    with pytest.raises(HiddenRead):
        make_agent("mcts:iterations=50", game, seed=1).act(redacted, 0)
    # given its seat's determinized view, as the game loop does, it is fine
    view = view_for(redacted, 0, random.Random(1))
    assert not is_hidden(view.cards[1])
    assert make_agent("mcts:iterations=50", game, seed=1).act(view, 0).id == "stop"


def test_view_for_perfect_information_is_the_state_itself():
    game, state = _position([0, 0], 0)
    assert isinstance(state, SecretPebblesState)
    assert view_for(state, 0, random.Random(0)) is not state  # hidden information
    perfect = type(game.info)(**{**game.info.__dict__, "perfect_information": True})
    type_ = type("PerfectSecret", (type(game),), {"info": perfect})
    open_game = type_(players=2)
    open_state = open_game.new_state(seed=0)
    assert view_for(open_state, 0, random.Random(0)) is open_state


@pytest.mark.parametrize(
    "info",
    [g for g in oneiros.games() if not g.perfect_information],
    ids=lambda g: g.name,
)
def test_every_hidden_information_game_gives_consistent_views(info):
    """For every registered hidden-information game: an agent's view is a different object
    that agrees with the seat's own observation."""
    game = oneiros.make(info.name)
    rng = random.Random(2)
    for seed in range(3):
        state = game.new_state(seed=seed)
        for _ in range(400):
            to_move = state.to_move()
            if not to_move:
                break
            if to_move == (CHANCE,):
                state.apply(state.sample_chance(rng))
                continue
            seat = to_move[0]
            view = view_for(state, seat, rng)
            assert view is not state
            assert view.observation(seat) == state.observation(seat)
            assert view.to_move() == state.to_move()
            state.apply(rng.choice(state.legal_actions(seat)), player=seat)


def test_custom_agents_can_be_registered():
    class First(Agent):
        name = "first"

        def act(self, state, player):
            return state.legal_actions(player)[0]

    register_agent(AgentInfo("first", "always the first legal action", First))
    game = make_secret()
    result = play_game(game, [make_agent("first", game), make_agent("random", game)], 2)
    assert result.agents == ["first", "random"]


def test_paired_playouts_only_confirm_a_better_move():
    # banking 2 with 5 banked wins at once; rolling can only do as well or worse
    game, state = _position([5, 4], 2)
    agent = make_agent("mcts:iterations=10,confirm=30", game, seed=2)
    stop, roll = (next(a for a in state.legal_actions(0) if a.id == i) for i in ("stop", "roll"))
    assert agent._confirmed(state, 0, challenger=stop, incumbent=roll)
    assert not agent._confirmed(state, 0, challenger=roll, incumbent=stop)
