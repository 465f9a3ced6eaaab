"""Every game as a pyspiel Python game: OpenSpiel's own ``random_sim_test`` (with
serialization) for every game that declares the encodings, OpenSpiel's MCTS and IS-MCTS
bots playing whole games, and Pebbles scenarios."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import oneiros
from oneiros.core import ConfigError
from oneiros.interop import openspiel
from tests.interop.cases import CASES, CONFIGS, OPTION_CASES, perfect_information

openspiel.register()

GAMES = sorted({name for name, _ruleset, _players in CONFIGS})


def load(name: str, **params):
    return pyspiel.load_game(openspiel.game_name(name), params)


def pebbles_after_deal(cards=(3, 4)):
    game = load("pebbles", players=2)
    state = game.new_initial_state()
    ids = game.oneiros_game.action_ids()
    for card in cards:
        state.apply_action(ids.index(f"card:{card}"))
    return game, state, ids


SIMS = {"etherfields": 1}
"""Random games per configuration (2 unless named): an Etherfields game is long, and
``serialize`` replays the record at every step, so it plays one per configuration (each of
its player counts, every option on and a journey still run)."""


@pytest.mark.parametrize(("name", "ruleset", "players"), CASES)
def test_openspiel_random_sim_test_with_serialization(name, ruleset, players):
    game = load(name, players=players, ruleset=ruleset)
    pyspiel.random_sim_test(game, num_sims=SIMS.get(name, 2), serialize=True, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_game_type_matches_the_game(name):
    info = oneiros.make(name).info
    game_type = load(name).get_type()
    assert game_type.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    expected_info = (
        pyspiel.GameType.Information.PERFECT_INFORMATION
        if perfect_information(name)
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION
    )
    assert game_type.information == expected_info
    expected_utility = (
        pyspiel.GameType.Utility.IDENTICAL
        if info.cooperative and getattr(oneiros.make(name), "shared_outcome", False)
        else pyspiel.GameType.Utility.GENERAL_SUM
    )
    assert game_type.utility == expected_utility
    assert (game_type.min_num_players, game_type.max_num_players) == (
        info.min_players,
        info.max_players,
    )
    game = load(name, players=info.max_players)
    assert game.num_players() == info.max_players
    assert game.num_distinct_actions() == game.oneiros_game.action_space_size
    declared = getattr(game.oneiros_game, "decision_bound", None)
    assert game.max_game_length() == (declared or info.max_decisions)
    assert game.observation_tensor_shape() == list(game.oneiros_game.observation_shape)


def test_pebbles_is_imperfect_information_with_a_players_parameter():
    game = load("pebbles", players=3)
    assert game.num_players() == 3
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert str(game) == "python_oneiros_pebbles(long=False,players=3,ruleset=basic)"


def test_the_deal_is_a_chance_node_with_the_cores_probabilities():
    game = load("pebbles", players=2)
    state = game.new_initial_state()
    assert state.is_chance_node()
    ids = game.oneiros_game.action_ids()
    outcomes = {ids[a]: p for a, p in state.chance_outcomes()}
    assert outcomes == pytest.approx({f"card:{c}": 1 / 6 for c in range(1, 7)})
    state.apply_action(ids.index("card:3"))
    assert {ids[a] for a, _ in state.chance_outcomes()} == {f"card:{c}" for c in (1, 2, 4, 5, 6)}


def test_simultaneous_bets_are_serialised_and_hidden_from_the_other_seat():
    _game, state, ids = pebbles_after_deal()
    assert state.current_player() == 0
    assert [ids[a] for a in state.legal_actions()] == ["bet:odd", "bet:even"]
    assert state.legal_actions(1) == []
    before = state.information_state_string(1)
    state.apply_action(ids.index("bet:odd"))
    assert state.current_player() == 1
    # Seat 1 cannot tell which bet seat 0 made: both choices give the same information state.
    _game, other, _ = pebbles_after_deal()
    other.apply_action(ids.index("bet:even"))
    assert state.information_state_string(1) == other.information_state_string(1)
    assert state.information_state_tensor(1) == other.information_state_tensor(1)
    assert state.information_state_string(0) != other.information_state_string(0)
    # Seat 1 knows that seat 0 has bet, only not what.
    assert state.information_state_string(1) != before


def test_information_state_tensor_counts_own_actions():
    game, state, ids = pebbles_after_deal()
    obs_size = game.observation_tensor_size()
    state.apply_action(ids.index("bet:odd"))
    tensor = state.information_state_tensor(0)
    assert tensor[:obs_size] == state.observation_tensor(0)
    assert tensor[obs_size + ids.index("bet:odd")] == 1.0
    assert sum(tensor[obs_size:]) == 1.0
    assert sum(state.information_state_tensor(1)[obs_size:]) == 0.0


def test_returns_are_plus_one_for_winners_minus_one_for_the_others():
    game = load("pebbles", players=3)
    rng = np.random.RandomState(5)
    for _ in range(5):
        state = game.new_initial_state()
        while not state.is_terminal():
            assert state.returns() == [0.0, 0.0, 0.0]
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=probs)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        winners = state.oneiros_state.winners()
        assert winners
        assert state.returns() == [1.0 if s in winners else -1.0 for s in range(3)]


def test_serialization_is_the_record_and_round_trips():
    game, state, ids = pebbles_after_deal()
    state.apply_action(ids.index("bet:odd"))
    state.apply_action(ids.index("bet:even"))
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert state2.history() == state.history()
    assert str(state2) == str(state)
    assert state2.oneiros_state.snapshot() == state.oneiros_state.snapshot()
    assert state2.information_state_string(0) == state.information_state_string(0)


def test_clone_is_independent():
    _game, state, ids = pebbles_after_deal()
    copy = state.clone()
    copy.apply_action(ids.index("bet:odd"))
    assert state.history() != copy.history()
    assert state.oneiros_state.bets == [None, None]


def test_resampled_states_keep_the_players_information_state():
    _game, state, ids = pebbles_after_deal()
    state.apply_action(ids.index("bet:odd"))
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(5):
        other = state.resample_from_infostate(1, sampler)
        assert other.current_player() == state.current_player()
        assert other.information_state_string(1) == state.information_state_string(1)
        assert other.legal_actions() == state.legal_actions()


def test_bad_parameters_are_config_errors():
    with pytest.raises(ConfigError, match="9 players is not allowed"):
        load("pebbles", players=9)
    with pytest.raises(ConfigError, match="unknown game 'nope'"):
        openspiel.register(["nope"])


def play_with(game, bot, rng: np.random.RandomState):
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
        assert moves <= game.max_game_length()
    return state


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_search_bots_play_whole_games(name):
    """MCTSBot on perfect-information games (Lucidity), ISMCTSBot on the others (Sleep Tight,
    Pebbles); small budgets and short rollouts: this checks that they play, not how well."""
    info = oneiros.make(name).info
    players = min(max(2, info.min_players), info.max_players)  # someone to hide things from
    if info.cooperative:  # nothing is hidden from a teammate that a solo game lacks: the
        players = info.min_players  # deck order and draws are still hidden chance
    game = load(name, players=players)
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=30)
    if perfect_information(name):
        bot = mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=rng)
    else:
        bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=rng)
    state = play_with(game, bot, rng)
    returns = state.returns()
    winners = state.oneiros_state.winners()
    assert returns == [1.0 if s in winners else -1.0 for s in range(game.num_players())]


def test_mcts_bot_also_plays_pebbles():
    game = load("pebbles", players=2)
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    state = play_with(game, mcts.MCTSBot(game, 2.0, 10, evaluator, random_state=rng), rng)
    assert state.is_terminal()


def test_identical_utilities_only_for_a_declared_shared_outcome():
    from dataclasses import replace

    from oneiros.interop.openspiel import _game_type
    from tests.tinygame import Pebbles

    class CoopPebbles(Pebbles):
        info = replace(Pebbles.info, name="coop-pebbles", cooperative=True)
        shared_outcome = True

    class SemiCoopPebbles(Pebbles):
        info = replace(Pebbles.info, name="semi-pebbles", cooperative=True)

    assert _game_type(CoopPebbles()).utility == pyspiel.GameType.Utility.IDENTICAL
    assert _game_type(SemiCoopPebbles()).utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert _game_type(Pebbles()).utility == pyspiel.GameType.Utility.GENERAL_SUM


@pytest.mark.parametrize(("name", "options"), OPTION_CASES)
def test_openspiel_random_sim_test_with_every_option_on(name, options):
    game = load(name, **options)
    assert all(game.get_parameters()[k] == v for k, v in options.items())
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "bound"), [("lucidity", 4000), ("sleep-tight", 1000)])
def test_max_game_length_is_the_declared_realistic_bound(name, bound):
    # Not the engine's cap (400,000 decisions for Lucidity): a bound searches can size by.
    game = load(name, players=oneiros.make(name).info.max_players)
    assert game.max_game_length() == bound < oneiros.make(name).info.max_decisions
    rng = np.random.RandomState(0)
    for _ in range(3):
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
                decisions += 1
        assert decisions <= game.max_game_length() // 3  # well inside the margin


def test_without_a_declared_bound_the_engine_cap_is_used():
    from oneiros.interop.openspiel import max_game_length
    from tests.tinygame import Pebbles

    assert max_game_length(Pebbles(players=2)) == Pebbles.info.max_decisions


def test_ismcts_bot_plays_through_evaluate_bots_with_restart_at():
    """OpenSpiel's ``evaluate_bots`` calls ``restart_at``, which the Python ISMCTSBot does
    not implement: the subclass shown in docs/rl.md does; full-length rollouts
    (``max_length=None``) so that every rollout reaches an outcome."""
    from open_spiel.python.algorithms import evaluate_bots

    class RestartableISMCTSBot(ismcts.ISMCTSBot):
        def restart_at(self, state):
            self.reset()

    game = load("sleep-tight", players=2)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    with pytest.raises(pyspiel.SpielError, match="RestartAt"):
        evaluate_bots.evaluate_bots(
            game.new_initial_state(),
            [ismcts.ISMCTSBot(game, evaluator, 2.0, 3, random_state=rng) for _ in range(2)],
            rng,
        )
    bots = [RestartableISMCTSBot(game, evaluator, 2.0, 3, random_state=rng) for _ in range(2)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert sorted(returns) in ([-1.0, -1.0], [-1.0, 1.0], [1.0, 1.0])


def test_a_state_serialised_as_its_record_still_deserialises():
    """States were serialised as their record (replayed on loading) before they were
    serialised as snapshots: such strings still load, to the same state."""
    text = (Path(__file__).parent / "fixtures/openspiel-state-as-record.txt").read_text()
    game, state = pyspiel.deserialize_game_and_state(text)
    assert len(state.history()) == 40
    again = game.new_initial_state()
    for action in state.history():
        again.apply_action(action)
    assert state.oneiros_state.to_snapshot() == again.oneiros_state.to_snapshot()
    _game, copy = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, again))
    assert copy.oneiros_state.to_snapshot() == again.oneiros_state.to_snapshot()
