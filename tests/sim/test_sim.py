"""The game loop, batch runs (determinism across workers, Ctrl-C), statistics and reports."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oneiros.agents import Agent, AgentInfo, make_agent, register_agent
from oneiros.core import ConfigError
from oneiros.sim import (
    GameResult,
    RunConfig,
    batches,
    game_seed,
    newcombe_difference,
    play_game,
    run_games,
    spread,
    summarize,
    wilson,
)
from oneiros.sim.analysis import compare_results, lineups, ranks, rate
from oneiros.sim.report import generic_stat_charts, load_results, write_report
from tests.agents.secretgame import make_secret

# ----- statistics on known cases --------------------------------------------------------------


def test_wilson_interval_of_known_counts():
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = wilson(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775
    low, high = wilson(10, 10)
    assert round(low, 4) == 0.7225 and high == 1.0
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(11, 10)


def test_newcombe_interval_of_the_published_example():
    # Newcombe (1998), example (b): 56/70 against 48/80, difference 0.2, CI 0.0524 to 0.3339
    d, low, high = newcombe_difference(48, 80, 56, 70)
    assert (round(d, 4), round(low, 4), round(high, 4)) == (0.2, 0.0524, 0.3339)


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 5000), data=st.data())
def test_wilson_contains_the_observed_rate(n, data):
    k = data.draw(st.integers(0, n))
    low, high = wilson(k, n)
    assert 0.0 <= low <= k / n <= high <= 1.0
    # more games of the same rate give a narrower interval
    low4, high4 = wilson(4 * k, 4 * n)
    assert high4 - low4 <= high - low + 1e-12


def test_spread_of_known_values():
    s = spread([2, 4, 4, 4, 5, 5, 7, 9])
    assert s.mean == 5 and math.isclose(s.sd, 2.138, rel_tol=1e-3)
    assert s.low < 5 < s.high and (s.minimum, s.maximum) == (2, 9)


def _result(index, winners, scores, agents=("a", "b"), turns=3, reason="power", stats=None):
    return GameResult(
        index=index,
        seed=index,
        game="secret-pebbles",
        ruleset="basic",
        players=len(agents),
        options={},
        agents=list(agents),
        scores=scores,
        winners=winners,
        turns=turns,
        decisions=2 * turns,
        actions=3 * turns,
        end_reason=reason,
        stats=stats or {},
    )


def test_summary_counts_wins_per_seat_and_agent():
    results = [
        _result(0, [0], [5, 1]),
        _result(1, [0], [5, 2], agents=("b", "a")),
        _result(2, [1], [1, 6], reason="nightmare"),
        _result(3, [0, 1], [4, 4]),
    ]
    s = summarize(results)
    assert [(r["wins"], r["games"]) for r in s["seats"]] == [(3, 4), (2, 4)]
    by_agent = {r["agent"]: (r["wins"], r["games"]) for r in s["agents"]}
    assert by_agent == {"a": (2, 4), "b": (3, 4)}
    assert s["shared_wins"] == 1
    assert s["end_reasons"] == {"power": 3, "nightmare": 1}
    assert s["seats"][0]["low"] == pytest.approx(wilson(3, 4)[0])


def test_ranks_put_winners_first_then_scores():
    assert ranks(_result(0, [1], [3, 7, 5], agents=("a", "b", "c"))) == [2, 0, 1]
    assert ranks(_result(0, [0, 1], [4, 4], agents=("a", "b"))) == [0, 0]


# ----- the game loop --------------------------------------------------------------------------


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**62), players=st.sampled_from([2, 3]))
def test_a_game_is_a_function_of_its_seed(seed, players):
    game = make_secret(players)
    specs = ["random", "heuristic", "random"][:players]

    def once():
        return play_game(game, [make_agent(s, game) for s in specs], seed).to_dict()

    first = once()
    assert first == once()
    assert first["decisions"] <= first["actions"] <= game.info.max_decisions
    assert set(first["winners"]) <= set(range(players))
    assert len(first["scores"]) == players
    assert json.loads(json.dumps(first)) == first


def test_game_seeds_are_fixed_numbers():
    # game i of a run always gets the same seed, on every machine
    assert game_seed(7, 0) == game_seed(7, 0) != game_seed(7, 1)
    assert game_seed(7, 0) != game_seed(8, 0)
    assert game_seed(7, 3) == 4940406319551254578


def test_records_replay_to_the_final_position():
    import oneiros

    game = make_secret()
    agents = [make_agent("random", game), make_agent("heuristic", game)]
    result = play_game(game, agents, 5, keep_record=True)
    state = oneiros.replay(result.record)
    assert state.is_terminal() and state.scores() == result.scores


@settings(max_examples=30, deadline=None)
@given(n=st.integers(0, 500), workers=st.integers(1, 8))
def test_batches_cover_every_game_once_in_order(n, workers):
    cut = batches(list(range(n)), workers)
    assert [i for b in cut for i in b] == list(range(n))
    assert all(0 < len(b) <= 50 for b in cut)


# ----- runs -----------------------------------------------------------------------------------


def _config(agents=("ismcts:iterations=8", "heuristic"), seed=7, **kw):
    return RunConfig.build(make_secret(len(agents)), list(agents), seed, **kw)


def test_results_do_not_depend_on_the_number_of_workers():
    config = _config(rotate=True)
    one = run_games(config, 30, workers=1)
    two = run_games(config, 30, workers=2)
    assert not one.interrupted and not two.interrupted
    assert [r.to_dict() for r in one.results] == [r.to_dict() for r in two.results]
    assert [r.index for r in two.results] == list(range(30))
    # a later slice of the run is the same games again
    tail = run_games(config, 10, workers=2, start=20)
    assert [r.to_dict() for r in tail.results] == [r.to_dict() for r in one.results[20:]]


def test_rotation_seats_every_agent_everywhere():
    config = RunConfig("secret-pebbles", 3, "basic", {}, ("x", "y", "z"), seed=1, rotate=True)
    assert [config.seat_agents(i) for i in range(3)] == [
        ["x", "y", "z"],
        ["z", "x", "y"],
        ["y", "z", "x"],
    ]


def test_bad_configurations_fail_early():
    game = make_secret()
    with pytest.raises(ConfigError, match="1 agent"):
        RunConfig.build(game, ["random"], 1)
    with pytest.raises(ConfigError, match="unknown agent"):
        RunConfig.build(game, ["random", "oracle"], 1)
    config = _config()
    with pytest.raises(ConfigError, match="workers"):
        run_games(config, 3, workers=0)
    with pytest.raises(ConfigError, match="unknown backend"):
        run_games(config, 3, backend="slurm")


class Sleepy(Agent):
    """Presses Ctrl-C during game ``after``."""

    name = "ctrl-c"

    def __init__(self, game, seed=None, after=3, **params):
        super().__init__(game, seed, after=after)
        self.after = after
        self.games = -1

    def reset(self, seed=None):
        super().reset(seed)
        self.games += 1

    def act(self, state, player):
        if self.games >= self.after:
            raise KeyboardInterrupt
        return self.rng.choice(state.legal_actions(player))


register_agent(AgentInfo("ctrl-c", "interrupts the run", Sleepy, {"after": "game to stop in"}))


def test_ctrl_c_keeps_the_finished_games():
    config = _config(agents=("ctrl-c:after=4", "random"))
    seen = []
    outcome = run_games(config, 20, on_result=seen.append)
    assert outcome.interrupted
    assert [r.index for r in outcome.results] == [0, 1, 2, 3]
    assert seen == outcome.results


# ----- compare, tournament, report --------------------------------------------------------------


def test_compare_reports_the_difference_b_minus_a():
    base = _config(agents=("random", "random"), seed=3)
    strong = _config(agents=("mcts:iterations=30,rollout=random", "random"), seed=3)
    a = run_games(base, 40).results
    b = run_games(strong, 40).results
    result = compare_results(a, b)
    seat0 = result["seats"][0]
    assert seat0["difference"] == pytest.approx(seat0["b"]["rate"] - seat0["a"]["rate"])
    assert seat0["low"] <= seat0["difference"] <= seat0["high"]
    assert seat0["difference"] > 0.15 and seat0["significant"]
    assert result["length"]["decisions"]["pairs"] == 40


def test_tournament_ranks_the_stronger_agent_first():
    specs = ["random", "mcts:iterations=30,rollout=random"]
    results = []
    for lineup in lineups(specs, 2):
        results += run_games(
            RunConfig.build(make_secret(), list(lineup), 5, rotate=True), 30
        ).results
    table = rate(results, specs)
    assert table[0].agent == specs[1]
    assert table[0].games == table[1].games == 30
    assert table[0].mu > table[1].mu and table[0].sigma < 25 / 3
    with pytest.raises(ConfigError, match="at least 3 agents"):
        lineups(specs, 3)


def test_report_files_are_written(tmp_path):
    results = run_games(_config(agents=("heuristic", "random"), seed=2), 25).results
    runs = tmp_path / "runs.jsonl"
    runs.write_text("".join(json.dumps(r.to_dict()) + "\n" for r in results))
    loaded = load_results(runs)
    assert [r.to_dict() for r in loaded] == [r.to_dict() for r in results]
    files = write_report(loaded, tmp_path / "report")
    names = {f.name for f in files}
    for expected in ("winrate_seat.png", "winrate_agent.png", "length.png", "end_reasons.png"):
        assert expected in names
    # generic charts from the game's stats(): a number, labels, per-seat list, label list
    for key in ("banked_total", "first_bet", "banked", "bets", "finished"):
        assert f"stat_{key}.png" in names
    for f in files:
        assert f.stat().st_size > 0
        if f.suffix == ".png":
            assert f.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    page = (tmp_path / "report" / "index.html").read_text()
    assert page.count("<img ") == sum(1 for f in files if f.suffix == ".png")
    assert "Win rate per seat" in page and "heuristic" in page


def test_generic_charts_draw_groups_and_records(tmp_path):
    # like Lucidity's final power by role and who became which Nightmare
    stats = [
        {"by_role": {"dreamer": [12, 3], "nightmare": [7]}, "turned": [{"seat": 0, "into": "red"}]},
        {"by_role": {"dreamer": [15]}, "turned": [{"seat": 1, "into": "red"}, {"into": "blue"}]},
    ]
    results = [_result(i, [0], [1, 0], stats=st_) for i, st_ in enumerate(stats)]
    made = generic_stat_charts(results, tmp_path)
    assert made == [("by_role", "stat_by_role.png"), ("turned: into", "stat_turned_into.png")]
    assert all((tmp_path / f).stat().st_size > 0 for _t, f in made)


def test_generic_charts_skip_what_they_cannot_draw(tmp_path):
    results = [_result(i, [0], [1, 0], stats={"nested": {"a": {"b": 1}}, "n": i}) for i in range(3)]
    assert generic_stat_charts(results, tmp_path) == [("n", "stat_n.png")]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "no such file"),
        ("", "no games"),
        ("{not json\n", "line 1: not valid JSON"),
        ('{"index": 0}\n', "line 1: not a game result"),
        ("[1, 2]\n", "line 1: not a game result"),
    ],
)
def test_bad_run_files_are_clear_errors(tmp_path, content, message):
    path = tmp_path / "runs.jsonl"
    if content is not None:
        path.write_text(content)
    with pytest.raises(ConfigError, match=message):
        load_results(path)
