"""Whole original campaigns between bots (``oneiros simulate etherfields --campaign``)."""

from __future__ import annotations

from oneiros.sim.campaign import MAX_SESSIONS, run_campaign, run_campaigns


def test_bot_campaigns_never_get_stuck_and_report_where_they_stop():
    report = run_campaigns("etherfields", 2, ["heuristic", "heuristic"], 3, seed=1)
    assert len(report["campaigns"]) == 3
    for run in report["campaigns"]:
        assert run["stop"] in ("finished", "capped"), run
        assert 1 <= run["sessions"] <= MAX_SESSIONS
        assert run["where"]  # the last session and how it ended
        # a campaign alternates Dreams and Dreamworld legs from the First Dream on
        assert "OD-01X" in run["dreams"]
        if run["stop"] == "finished":
            assert run["dreams_won"] == 2
            # the original map passes the Slumber Location between the two Dreams
            assert run["journeys"] >= 1 and sum(run["slumbers"].values()) >= 1
        assert run["seconds_by_kind"]
    assert report["journeys_mean"] >= 0 and isinstance(report["slumbers"], dict)
    assert report["seconds_per_session"] >= 0


def test_a_finished_campaign_won_both_dreams_and_random_bots_stop_at_the_cap():
    found = [run_campaign("etherfields", 2, ["heuristic"] * 2, seed) for seed in range(1, 6)]
    assert any(r["stop"] == "finished" for r in found)  # the heuristic bots can finish it
    random_run = run_campaign("etherfields", 1, ["random"], 7, max_sessions=6)
    assert random_run["stop"] in ("capped", "finished") and random_run["sessions"] <= 6
