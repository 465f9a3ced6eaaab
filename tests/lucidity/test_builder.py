"""The scenario builder states positions as data and keeps every dream in one place."""

from __future__ import annotations

import pytest

from .builder import pending, scenario
from .helpers import check_invariants, legal


def test_a_position_as_data_places_dreams_from_the_bag() -> None:
    s = scenario(
        3,
        rows={0: {"power": ["red:power2"], "exhaust": ["yellow:exhaust:rotated"]}},
        cards={"green": ["green:power1"]},
        nightmares={1: "green"},
        eliminated=[2],
        turn=1,
    )
    check_invariants(s)
    obs = s.observation(None)
    assert obs["bag"]["red"] == 19 and obs["bag"]["yellow"] == 19 and obs["bag"]["green"] == 19
    assert obs["players"][0]["rows"]["power"] == [
        {"colour": "red", "face": "power2", "shadow_side": False}
    ]
    assert obs["players"][0]["rows"]["exhaust"][0]["shadow_side"] is True
    assert [p["role"] for p in obs["players"]] == ["dreamer", "nightmare", "eliminated"]
    # seat 1 (green Nightmare) starts its turn; seat 0 holds no green Power: only minions
    assert s.current == 1 and legal(s) == ["minions"]
    assert pending(s)["kind"] == "nightmare"


def test_a_bag_holding_only_some_dreams() -> None:
    s = scenario(2, bag={"red": 1})
    assert s.observation(None)["bag"] == {"blue": 0, "green": 0, "yellow": 0, "red": 1, "bone": 0}
    check_invariants(s)


def test_bad_positions_are_refused() -> None:
    with pytest.raises(ValueError, match="colour:face"):
        scenario(2, rows={0: {"power": ["red"]}})
    with pytest.raises(ValueError, match="unknown row"):
        scenario(2, rows={0: {"attic": ["red:power1"]}})
    with pytest.raises(ValueError, match="no bone dream"):
        scenario(2, rows={0: {"power": ["bone:power1"]}})
