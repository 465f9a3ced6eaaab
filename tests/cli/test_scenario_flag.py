"""``oneiros play GAME --scenario ID``: the Etherfields Dreams, Slumbers and journey of the
content pack, listed by ``--help``, played by bots to the end, and a clear error for an id
the pack lacks (docs/cli.md, docs/games/etherfields.md "Slumbers and journeys")."""

from __future__ import annotations

import pytest

import oneiros
from tests.cli.helpers import load, ok, one_line_error
from tests.cli.helpers import oneiros as run

pytestmark = pytest.mark.slow  # runs the oneiros command in subprocesses

BOTS = ["--seats", "heuristic,heuristic", "--delay", "0", "--autosave", "game.json"]


def test_help_lists_the_dreams_and_slumbers_of_the_content_pack(tmp_path):
    out = " ".join(ok(run(tmp_path, "play", "--help")).split())
    assert "--scenario" in out
    assert "Scenarios of etherfields (--scenario):" in out
    assert "dream:OD-01X (Dream: The Clockwork Orchard)" in out
    assert "slumber:OS-03 (Slumber: The Hollow Lamplighter)" in out
    for tile in ("OS-02", "OS-04", "OS-05", "OS-06"):
        assert f"slumber:{tile} (Slumber: " in out
    assert "journey (Journey: Slumbers up to the Delta Phase)" in out
    assert "DELTA" not in out  # the Delta Phase tile is not a Slumber one can play


def test_a_slumber_named_by_its_tile_plays_to_the_end(tmp_path):
    out = ok(run(tmp_path, "play", "etherfields", "--scenario", "OS-03", "--seed", "3", *BOTS))
    record = load(tmp_path / "game.json")
    assert record["options"]["scenario"] == "slumber:OS-03"
    assert oneiros.replay(record).is_terminal()
    assert "The Slumber The Hollow Lamplighter ends" in out and "OS-03 ends" not in out


def test_a_journey_plays_to_the_delta_phase(tmp_path):
    out = ok(run(tmp_path, "play", "etherfields", "--scenario", "journey", "--seed", "5", *BOTS))
    record = load(tmp_path / "game.json")
    assert record["options"]["scenario"] == "journey"
    state = oneiros.replay(record)
    assert state.is_terminal() and state.stats()["delta_phase"] == 1
    assert "The journey ends" in out


def test_an_unknown_scenario_fails_with_the_list_of_scenarios(tmp_path):
    line = one_line_error(run(tmp_path, "play", "etherfields", "--scenario", "OS-99", *BOTS))
    assert "unknown scenario 'OS-99'" in line
    assert "slumber:OS-03" in line and "journey" in line
    assert not (tmp_path / "game.json").exists()


def test_the_flag_and_the_option_together_and_a_game_without_scenarios_fail(tmp_path):
    both = ["--scenario", "journey", "-o", "scenario=slumber:OS-03"]
    line = one_line_error(run(tmp_path, "play", "etherfields", *both, *BOTS))
    assert "give one" in line
    line = one_line_error(run(tmp_path, "play", "lucidity", "--scenario", "journey", *BOTS))
    assert line.endswith("--scenario: lucidity has no scenarios")
