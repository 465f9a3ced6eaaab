"""The table drawings: what a player reads off the Lucidity table and the generic one."""

from __future__ import annotations

import io
import re
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console

import oneiros
import tests.cli.oneiros_cli  # noqa: F401  (registers the test games)
from oneiros.cli.render import render_data, render_table
from oneiros.games.lucidity.render import render_observation, render_risk

TOKEN = re.compile(r"(?<![A-Za-z])[BGYRX](?:1P|2P|Hu|Ex|Sh|SM|\?\?)\*?")
ROW_KEYS = (
    "hunt",
    "exhaust",
    "power",
    "shadow_blue",
    "shadow_green",
    "shadow_yellow",
    "shadow_red",
)


def text(renderable: Any, width: int = 100) -> str:
    console = Console(width=width, force_terminal=False, file=io.StringIO())
    console.print(renderable)
    return console.file.getvalue()  # type: ignore[attr-defined]


def d(colour: str, face: str | None, shadow_side: bool = False) -> dict[str, Any]:
    return {"colour": colour, "face": face, "shadow_side": shadow_side}


def player(**rows: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "role": "dreamer",
        "colour": None,
        "rows": {key: rows.get(key, []) for key in ROW_KEYS},
        "track": None,
        "control": None,
    }


def observation(players: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    obs = {
        "bag": {"blue": 20, "green": 20, "yellow": 20, "red": 20, "bone": 0},
        "players": players,
        "nightmare_cards": {
            c: {"holder": None, "dice": []} for c in ("blue", "green", "yellow", "red")
        },
        "in_hand": [],
        "current": 0,
        "power": [0] * len(players),
    }
    obs.update(extra)
    return obs


def line_with(out: str, label: str, panel: int = 0) -> str:
    """The ``panel``-th card's part of the line labelled ``label``."""
    for line in out.splitlines():
        if f"│ {label} " in line:
            parts = [p for p in line.split("│") if p.strip()]
            return parts[panel]
    raise AssertionError(f"no {label} row in\n{out}")


def test_a_dreamer_card_shows_each_die_in_its_row():
    me = player(
        hunt=[d("red", "hunt")],
        exhaust=[d("yellow", "exhaust", True), d("green", "exhaust")],
        power=[d("red", "power2"), d("green", "power1")],
        shadow_blue=[d("blue", "shadow", True)],
    )
    me.update(track="4-6-8", control=6)
    out = text(render_observation(observation([me, player()], power=[3, 0]), None, ["you", "bot"]))
    assert line_with(out, "Hunt").split() == ["Hunt", "RHu", "·", "·", "·"]
    # a yellow exhaust turned to its shadow side is starred; the row has 3 spaces
    assert line_with(out, "Exhaust").split() == ["Exhaust", "YEx*", "GEx", "·"]
    # two players: shadow rows have four spaces
    assert line_with(out, "Depths").split() == ["Depths", "BSh", "·", "·", "·"]
    assert "R2P G1P" in out and "3/15" in out
    assert "4 [6] 8" in line_with(out, "Sleep")
    assert "▶ you" in out and "▶ bot" not in out


def test_three_players_have_three_shadow_spaces_and_the_bag_is_counted():
    obs = observation(
        [player(), player(), player()],
        bag={"blue": 3, "green": 0, "yellow": 1, "red": 2, "bone": 0},
    )
    out = text(render_observation(obs))
    assert line_with(out, "Envy").split() == ["Envy", "·", "·", "·"]
    assert "blue 3" in out and "red 2" in out and "(6 dreams)" in out
    assert "bone" not in out.split("Dice:")[0]


def test_a_bag_of_one_dream_is_counted_in_the_singular():
    obs = observation(
        [player(), player()],
        bag={"blue": 0, "green": 1, "yellow": 0, "red": 0, "bone": 0},
    )
    out = text(render_observation(obs))
    assert "(1 dream)" in out and "(1 dreams)" not in out


def test_nightmares_eaten_dreamers_and_the_cards_they_hold():
    nightmare = {**player(power=[d("blue", "power1")]), "role": "nightmare", "colour": "blue"}
    eaten = {**player(), "role": "eliminated"}
    cards = {
        "blue": {"holder": 1, "dice": []},
        "green": {"holder": None, "dice": [d("green", "power1"), d("green", "power2")]},
        "yellow": {"holder": None, "dice": []},
        "red": {"holder": None, "dice": []},
    }
    obs = observation([player(), nightmare, eaten], nightmare_cards=cards, current=1)
    out = text(render_observation(obs, None, ["seat 0", "seat 1", "seat 2"]))
    assert "▶ seat 1 · Nightmare of the Depths" in out
    assert "seat 2 · eaten by the Nightmares" in out
    assert re.search(r"Nightmare of the Depths\s+│ seat 1", out)
    assert re.search(r"Nightmare of Envy\s+│ unclaimed\s+│ G1P G2P", out)


def test_dreams_in_hand_before_and_after_the_roll():
    obs = observation([player(), player()], in_hand=[d("blue", None), d("red", "shadow", True)])
    out = text(render_observation(obs))
    assert "In hand: B?? RSh" in out


def test_the_risk_meter_reads_as_percentages_with_intervals():
    risk = {
        "method": "monte-carlo",
        "samples": 400,
        "next_control": 7,
        "eaten": 0.05,
        "eaten_interval": (0.03, 0.08),
        "nightmare": 0.25,
        "nightmare_interval": (0.21, 0.3),
        "exhausted": 0.5,
        "exhausted_interval": (0.45, 0.55),
        "expected_power": 1.5,
        "expected_power_interval": (1.2, 1.8),
    }
    out = text(render_risk(risk))
    assert "If you draw again (control 7):" in out
    assert re.search(r"eaten \(Hunt row filled\)\s+█░+ 5%\s+95%: 3% to 8%", out)
    assert re.search(r"becoming a Nightmare\s+██░+ 25%", out)
    assert "+1.5 on average" in out and "400 simulated continuations" in out


dice = st.builds(
    d,
    st.sampled_from(["blue", "green", "yellow", "red", "bone"]),
    st.sampled_from(["power1", "power2", "hunt", "exhaust", "shadow", "shadowmark", None]),
    st.booleans(),
)
rows = st.fixed_dictionaries({key: st.lists(dice, max_size=9) for key in ROW_KEYS})
players = st.lists(
    st.builds(
        lambda r, role, colour: {
            "role": role,
            "colour": colour,
            "rows": r,
            "track": None,
            "control": None,
        },
        rows,
        st.sampled_from(["dreamer", "nightmare", "eliminated"]),
        st.sampled_from([None, "blue", "green", "yellow", "red"]),
    ),
    min_size=2,
    max_size=4,
)


@given(players, st.lists(dice, max_size=9), st.integers(min_value=40, max_value=160))
def test_every_die_on_the_table_is_drawn_exactly_once(seats, hand, width):
    obs = observation(seats, in_hand=hand)
    out = text(render_observation(obs), width=max(width, 60))
    shown_rows = 0
    for seat in seats:
        for key, row in seat["rows"].items():
            if seat["role"] == "dreamer" or (seat["role"] == "nightmare" and row) or key == "power":
                shown_rows += len(row)
    assert len(TOKEN.findall(out)) == shown_rows + len(hand)


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text("abcxyz", min_size=1, max_size=6),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text("kmnpq_", min_size=1, max_size=5), inner, max_size=4)
    ),
    max_leaves=20,
)


@given(st.dictionaries(st.text("kmnpq", min_size=1, max_size=5), json_values, max_size=5))
def test_any_observation_draws_generically(obs):
    out = text(render_data(obs), width=200)
    for key in obs:
        assert key in out


def test_the_generic_table_shows_only_what_the_viewer_may_see():
    game = oneiros.make("pebbles")
    state = game.new_state(seed=1)
    state.apply("card:3")
    state.apply("card:5")
    mine = text(render_table(state, 0, ["human", "random"]))
    assert "You draw 3" in mine and "You draw 5" not in mine
    assert re.search(r"cards\s+3, -", mine)
    public = text(render_table(state, None, ["human", "random"]))
    assert "You draw" not in public and re.search(r"cards\s+-, -", public)
    assert "to play: Luna (you), Orin (wild bot)" in mine


def test_engine_texts_name_players_for_seats_and_dreamers_in_both_languages():
    """Lucidity and Sleep Tight say "Seat 2", Etherfields "Dreamer 2" ("el Soñador 2"): a player
    reads a name in every case, and a Dreamer without a number stays a word."""
    from oneiros.cli.render import name_seats, seat_name

    orin, luna = seat_name(1), seat_name(0)
    assert name_seats("Dreamer 1 discards Sidelong Glance") == f"{orin} discards Sidelong Glance"
    assert name_seats("El Soñador 0 descarta Mirada de reojo") == f"{luna} descarta Mirada de reojo"
    assert name_seats("Empujar al Soñador 1 a B2.3") == f"Empujar a {orin} a B2.3"
    assert name_seats("Seat 1 gains power1") == f"{orin} gains 1 Power"
    # one winner, a shared win, the same in Spanish, and a log saved before "seats"
    assert name_seats("Winner: seat 1") == f"Winner: {orin}"
    assert name_seats("Winners: seats [0, 1]") == f"Winners: {luna} and {orin}"
    assert name_seats("Seats [0, 1] reach 15 Power") == f"{luna} and {orin} reach 15 Power"
    assert name_seats("Ganadores: asientos [0, 1]") == f"Ganadores: {luna} y {orin}"
    assert name_seats("Winner(s): seat(s) [1]") == f"Winner(s): {orin}"
    assert (
        name_seats("the dreamer rolls; each Dreamer draws")
        == "the dreamer rolls; each Dreamer draws"
    )
