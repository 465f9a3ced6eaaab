"""Bots, determinization, machine-learning encodings, rule texts and game information."""

from __future__ import annotations

import random
import re

import pytest

import oneiros
from oneiros.agents.base import make_agent
from oneiros.core import CHANCE
from oneiros.games.sleep_tight.heuristic import team_outlook
from oneiros.games.sleep_tight.refs import SECTIONS
from oneiros.sim.loop import play_game
from oneiros.testing import random_step

from .helpers import IAM, chance, new, play, set_fragments, step_top
from .scenario import scenario


def test_game_info_declares_hidden_simultaneous_semi_cooperative_play() -> None:
    info = next(i for i in oneiros.games() if i.name == "sleep-tight")
    assert (info.min_players, info.max_players) == (1, 4)
    assert info.rulesets == ("base",)
    assert not info.perfect_information and info.simultaneous and info.cooperative
    assert {o.name for o in info.options} == {
        "most_fragments_wins",
        "easier_soul_consumer",
        "content",
    }
    assert all(o.help for o in info.options)


def test_bad_options_are_one_line_config_errors() -> None:
    with pytest.raises(oneiros.ConfigError, match="most_fragments_wins"):
        oneiros.make("sleep-tight", options={"most_fragments_wins": "maybe"})
    with pytest.raises(oneiros.ConfigError, match="unknown option 'bone_hunters'"):
        oneiros.make("sleep-tight", options={"bone_hunters": 2})


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_heuristic_bots_finish_games_with_legal_moves(players: int) -> None:
    game = oneiros.make("sleep-tight", players=players)
    agents = [make_agent("heuristic", game) for _ in range(players)]
    for seed in range(3):
        result = play_game(game, agents, seed=seed)
        assert result.end_reason is not None and result.end_reason != "decision-limit"


def test_heuristic_decides_from_what_its_seat_may_know() -> None:
    # The same choice on the real state and on any determinization of it.
    game = oneiros.make("sleep-tight", players=3)
    policy = game.heuristic_policy()
    rng = random.Random(0)
    checked = 0
    for seed in range(4):
        state = game.new_state(seed=seed)
        while not state.is_terminal():
            tm = state.to_move()
            if tm != (CHANCE,):
                for seat in tm:
                    mine = policy(state, seat, random.Random(1))
                    view = state.determinize(seat, rng)
                    assert policy(view, seat, random.Random(1)) == mine
                    checked += 1
            random_step(state, rng)
    assert checked > 100


def test_heuristic_plays_to_hurt_the_sandman_not_the_others() -> None:
    game = oneiros.make("sleep-tight", players=3)
    policy = game.heuristic_policy()
    state = scenario(3, hands={0: ["slam-the-closet", "elbow-jab"]})
    assert policy(state, 0, random.Random(0)).id == "play:slam-the-closet"
    play(state, 0, "play:slam-the-closet", done=False)
    assert policy(state, 0, random.Random(0)).id == "done"


def offer(players: int, mine: int, theirs: int) -> str:
    state = new(players)
    state.apply("draw:" + IAM)
    while state.is_chance():
        chance(state)
    set_fragments(state, 0, mine)
    for seat in range(1, players):
        set_fragments(state, seat, theirs)
    policy = state.game.heuristic_policy()
    return policy(state, 0, random.Random(0)).id


def test_heuristic_accepts_the_offer_dealt_in_its_opening_hand() -> None:
    # At setup nothing yet tells how strong the table is: it becomes the agent at once.
    assert offer(3, 5, 2) == "accept"
    assert offer(4, 3, 3) == "accept"
    assert offer(2, 3, 3) == "accept"
    assert offer(1, 3, 3) == "refuse"  # alone, an agent has nobody to sacrifice


def later_offer(players: int, discarded: int, mine: int = 3, theirs: int = 3) -> str:
    """The bot (seat 0) draws I Am the Sandman in round 2, after the players discarded
    ``discarded`` Sandman cards in round 1."""
    state = scenario(
        players,
        at="buy",
        round=2,
        sandman_beaten=discarded,
        offers=[0],
        fragments={seat: mine if seat == 0 else theirs for seat in range(players)},
    )
    assert state.round == 2 and step_top(state) == "buy"
    policy = state.game.heuristic_policy()
    return policy(state, 0, random.Random(0)).id


def test_heuristic_refuses_a_later_offer_while_the_players_keep_pace() -> None:
    # Three Sandman cards discarded in round 1: at that pace the Sandman dies in time.
    assert later_offer(4, discarded=3) == "refuse"
    assert later_offer(3, discarded=3) == "refuse"


def test_heuristic_accepts_a_later_offer_when_the_players_will_be_trapped() -> None:
    # No Sandman card discarded in round 1: the Dreamscape deck would run out first.
    assert later_offer(4, discarded=0) == "accept"
    assert later_offer(3, discarded=0) == "accept"


def test_heuristic_in_a_duel_accepts_when_it_leads_and_no_choice_with_one_fragment() -> None:
    assert later_offer(2, discarded=3, mine=4, theirs=2) == "accept"
    assert later_offer(2, discarded=3, mine=2, theirs=4) == "refuse"
    assert later_offer(2, discarded=3, mine=1, theirs=4) == "accept"


def test_team_outlook_reads_the_pace_of_sandman_discards() -> None:
    obs = {
        "players": [{"alive": True}] * 4,
        "round": 3,
        "dreamscape_deck": 13,
        "sandman_deck": 16,
        "sandman_discard": ["x"] * 6,
    }
    # 4 rounds left (this one and 3 more: the 13th Dreamscape is drawn in the round after,
    # which ends the game), 12 cards to discard beyond the 4 reveals: 3 a round, against 2
    # a round discarded so far (6 cards minus 2 reveals over 2 rounds).
    assert team_outlook(obs) == pytest.approx(1.5)
    # With 12 Dreamscapes left, the 12th is drawn in the 4th round: 3 rounds left.
    assert team_outlook({**obs, "dreamscape_deck": 12}) == pytest.approx(13 / 3 / 2)
    assert team_outlook({**obs, "round": 1}) == 0.0  # no round played yet
    assert team_outlook({**obs, "sandman_deck": 4}) == 0.0  # the reveals alone suffice


def test_ismcts_can_play_sleep_tight() -> None:
    game = oneiros.make("sleep-tight", players=2)
    agents = [make_agent("ismcts:iterations=4,rollout=random", game), make_agent("random", game)]
    result = play_game(game, agents, seed=11)
    assert result.end_reason is not None and result.end_reason != "decision-limit"


def test_determinize_keeps_the_observation_and_resamples_other_hands() -> None:
    state = scenario(3, hands={0: ["nightlight"], 1: ["tantrum", "wake-up"], 2: ["pickpocket"]})
    state.apply("play:tantrum", player=1)
    rng = random.Random(2)
    changed = 0
    for _ in range(20):
        view = state.determinize(0, rng)
        assert view.observation(0) == state.observation(0)
        assert view.hands[0] == ["nightlight"]
        assert len(view.hands[1]) == 2 and view.plays[1] == []  # play hidden from seat 0
        changed += view.hands[1] != ["tantrum", "wake-up"]
    assert changed > 10


def test_action_space_covers_every_legal_action_and_tensors_have_the_shape() -> None:
    for players in (2, 4):
        game = oneiros.make("sleep-tight", players=players)
        ids = game.action_ids()
        assert len(ids) == len(set(ids)) == game.action_space_size
        rng = random.Random(players)
        for seed in range(3):
            state = game.new_state(seed=seed)
            while not state.is_terminal():
                tm = state.to_move()
                for seat in tm:
                    for action in state.legal_actions(seat):
                        assert state.action_at(state.action_index(action)) == action
                    if seat != CHANCE:
                        mask = state.legal_action_mask(seat)
                        assert sum(mask) == len(state.legal_actions(seat))
                        tensor = state.observation_tensor(seat)
                        assert len(tensor) == game.observation_shape[0]
                random_step(state, rng)


def test_observation_tensor_comes_from_the_redacted_observation() -> None:
    state = scenario(3, hands={0: ["nightlight"], 1: ["tantrum", "wake-up"]})
    before = state.observation_tensor(0)
    view = state.determinize(0, random.Random(5))
    assert view.observation_tensor(0) == before
    # another hidden hand for seat 1, everything seat 0 sees the same
    other = scenario(3, hands={0: ["nightlight"], 1: ["tantrum", "paper-slingshot"]})
    assert other.observation(0) == state.observation(0)
    assert other.observation_tensor(0) == before


def test_every_rule_reference_has_an_explanation() -> None:
    game = oneiros.make("sleep-tight", players=3)
    for section in SECTIONS:
        text = game.rule_text(f'sleep-tight "{section}"')
        assert text and len(text) > 80
    assert game.rule_text("3. Play Actions Facedown") == game.rule_text(
        'sleep-tight "3. Play Actions Facedown"'
    )
    assert game.rule_text('lucidity-en "Setup"') is None
    state = game.new_state(seed=3)
    rng = random.Random(3)
    refs = set()
    while not state.is_terminal():
        decision = state.decision(state.to_move()[0])
        assert decision is not None
        refs.add(decision.rule)
        random_step(state, rng)
    refs |= {e.rule for e in state.events()}
    for ref in refs:
        assert re.fullmatch(r'sleep-tight "[^"]+"', ref), ref
        assert game.rule_text(ref), ref


def test_stats_turns_and_end_reason() -> None:
    game = oneiros.make("sleep-tight", players=2)
    agents = [make_agent("heuristic", game) for _ in range(2)]
    result = play_game(game, agents, seed=5)
    assert result.turns >= 1
    assert set(result.stats) >= {"rounds", "end_reason", "players_won", "sandman_left"}
    assert result.stats["end_reason"] == result.end_reason
