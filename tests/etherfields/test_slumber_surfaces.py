"""Slumbers on the surfaces: the ``scenario`` option declares the pack's Dreams, Slumbers
and journey as a menu (the web lobby's select, ``oneiros games``), the terminal map grows
when a Fate card places a tile, and the observation tensor carries the Slumber."""

from __future__ import annotations

import io
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import oneiros
from oneiros.core import ConfigError
from oneiros.games.etherfields import catalog as content
from oneiros.games.etherfields.encoding import MAX_SEATS, RESULTS, layout
from oneiros.games.etherfields.game import EtherfieldsGame, scenario_menu
from oneiros.testing import random_step

from .slumber_play import drive, start
from .test_slumber_rules import _journey_after_first_slumber


def test_the_scenario_option_is_a_menu_of_the_packs_dreams_slumbers_and_journey() -> None:
    spec = EtherfieldsGame.info.option("scenario").to_dict()
    cat = content.catalog()
    slumbers = sorted(r.id for r in cat.all("slumber") if r.kind != "delta")
    assert spec["choices"] == [
        *(f"dream:{g}" for g in cat.ids("gate")),
        *(f"slumber:{s}" for s in slumbers),
        "journey",
    ]
    assert spec["labels"]["dream:OD-01X"] == "Dream: The Clockwork Orchard"
    assert spec["labels"]["slumber:OS-03"] == "Slumber: The Hollow Lamplighter"
    assert spec["labels"]["journey"] == "Journey: Slumbers up to the Delta Phase"
    assert set(spec["labels"]) == set(spec["choices"])
    # the lobby lists the game's declaration (GameInfo.to_dict is /api/games's entry)
    listed = next(i for i in oneiros.games() if i.name == "etherfields").to_dict()
    assert {"name": "scenario", **spec} == {"name": "scenario", **listed["options"][0]}


def test_the_menu_is_open_a_pack_decides_what_it_plays() -> None:
    """Another pack may hold other Dreams: the option parses any text, and the game refuses
    what its own pack cannot play, naming what it can."""
    spec = EtherfieldsGame.info.option("scenario")
    assert spec.open_choices and spec.parse("dream:OD-02") == "dream:OD-02"
    assert "or another the game accepts" in spec.describe_allowed()
    with pytest.raises(ConfigError, match=r"unknown scenario 'dream:OD-02' \(scenarios: "):
        oneiros.make("etherfields", players=2, options={"scenario": "dream:OD-02"})
    game = oneiros.make("etherfields", players=2, options={"scenario": "slumber:OS-03"})
    assert game.scenarios() == list(scenario_menu(content.catalog())[0])


def _slumber_part(s, seat: int = 0) -> dict[str, float]:
    """The Slumber part of a seat's observation tensor, by name (``encoding._slumber``)."""
    lay = layout(s.catalog)
    t = s.observation_tensor(seat)
    assert len(t) == lay.size == s.game.observation_shape[0]
    part = t[lay.size - lay.slumber :]
    names = ["slumber", "journey", "slumber_deck", "fate_deck", "map_deck", "played", "loot"]
    names += ["delta_done", "deliverance"]
    names += [f"tile:{x}" for x in lay.slumbers] + [f"bottom:{x}" for x in lay.slumbers]
    names += [f"removed:{x}" for x in lay.slumbers]
    names += [f"{x}:{r}" for x in lay.slumbers for r in RESULTS]
    names += [f"placed:{x}" for x in lay.smaps]
    names += [f"fate:{x}" for x in lay.fates] + [f"fate_bottom:{x}" for x in lay.fates]
    names += [f"quirk:{q}:{f}" for q in lay.quirk_spaces for f in lay.fates]
    assert len(names) == len(part)
    return dict(zip(names, part, strict=True))


def test_the_tensor_carries_the_slumber_map_quirks_and_the_journeys_progress() -> None:
    # "Fate Cards": F-02 draws SM-3 and lies in its Quirk space B2.1 after A Quiet Stream
    s = _journey_after_first_slumber()
    before = _slumber_part(s)
    assert before["journey"] == 1.0 and before["slumber"] == 0.0
    assert before["OS-05:done"] == 1.0 and before["played"] == pytest.approx(
        1 / 7
    )  # of the 7 tiles
    assert before["bottom:DELTA"] == 1.0 and before["bottom:OS-05"] == 1.0  # known
    assert before["placed:SM-S1"] == before["placed:SM-S2"] == 1.0
    assert before["placed:SM-3"] == 0.0 and before["map_deck"] == pytest.approx(4 / 6)
    s.apply("continue", player=s.first)
    drive(s, "map_tile_draw", {"fate_draw": ["fate:F-02"]})
    drawing = _slumber_part(s)
    assert drawing["fate:F-02"] == 1.0 and drawing["fate_deck"] == pytest.approx(9 / 10)
    s.apply("tile:SM-3")
    s.apply("space:B2.1", player=s.first)
    after = _slumber_part(s)
    assert after["placed:SM-3"] == 1.0 and after["map_deck"] == pytest.approx(3 / 6)
    assert after["quirk:B2.1:F-02"] == 1.0
    assert sum(v for k, v in after.items() if k.startswith("quirk:")) == 1.0
    # the Dreamers stand on the Slumber map: their spaces and the placed spaces show
    lay = layout(s.catalog)
    t = s.observation_tensor(0)
    start_spaces = lay.header + MAX_SEATS * lay.seat
    on_map = [t[start_spaces + k * lay.space] for k in range(len(lay.spaces))]
    assert on_map[lay.spaces.index("B2.1")] == 1.0  # SM-3 lies at B2
    assert on_map[lay.spaces.index("C2.1")] == 0.0  # SM-4 is still in the deck
    seat0 = lay.header
    assert t[seat0 + lay.seat - len(lay.spaces) + lay.spaces.index(s.pos[0])] == 1.0


def test_a_dream_leaves_the_slumber_part_empty_and_the_next_slumber_shows() -> None:
    dream = oneiros.make("etherfields", players=2).new_state(seed=1)
    assert set(_slumber_part(dream).values()) == {0.0}
    s = start("slumber:OS-03")
    for seat in (0, 1):
        s.apply("space:A1.1", player=seat)
    part = _slumber_part(s)
    assert part["slumber"] == 1.0 and part["tile:OS-03"] == 1.0
    assert sum(v for k, v in part.items() if k.startswith("tile:")) == 1.0


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), cut=st.integers(0, 200))
def test_the_journey_tensor_stays_in_bounds_and_reveals_no_undrawn_card(seed, cut) -> None:
    """Every entry in [0, 1]; a determinized world (the undrawn Slumber tiles, map tiles and
    Fate cards dealt anew) gives every seat the same tensor."""
    game = oneiros.make("etherfields", players=2, options={"scenario": "journey"})
    low, high = game.observation_bounds
    s = game.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(cut):
        if s.is_terminal():
            break
        random_step(s, rng)
        for seat in (0, 1):
            assert all(low <= x <= high for x in s.observation_tensor(seat))
    for seat in (0, 1):
        world = s.determinize(seat, random.Random(cut))
        assert world.observation_tensor(seat) == s.observation_tensor(seat)


def _drawn(s, viewer: int = 0) -> str:
    """The terminal table as ``oneiros play`` draws it (cards named in English)."""
    from oneiros.cli.render import game_renderer, make_console, translated
    from oneiros.core.i18n import translator

    buf = io.StringIO()
    draw = game_renderer(s.game)
    assert draw is not None
    extra = translated(draw, translator("en"), s.game)
    make_console(file=buf, width=140).print(draw(s.observation(viewer), viewer, None, **extra))
    return buf.getvalue()


def test_the_terminal_map_gains_the_tile_a_fate_card_places_and_shows_its_quirk() -> None:
    # "Fate Cards": A Bench in the Fog (F-02) draws Sunken Square (SM-3, at B2), then lies
    # in the empty Quirk space the team chooses (B2.1) ("The Slumber Dreamscape Map")
    s = _journey_after_first_slumber()
    before = _drawn(s)
    assert "Slumber Dreamscape" in before and "B1.3" in before
    assert "B2.1" not in before and "Quirk at" not in before
    assert (
        "Journey: between Slumbers" in before and "Slumbers so far: A Quiet Stream done" in before
    )
    s.apply("continue", player=s.first)
    drive(s, "map_tile_draw", {"fate_draw": ["fate:F-02"]})
    assert "Fate card: A Bench in the Fog" in _drawn(s)
    s.apply("tile:SM-3")
    s.apply("space:B2.1", player=s.first)
    after = _drawn(s)
    for ref in ("B2.1", "B2.2", "B2.3", "B2.4"):
        assert ref in after
    assert _icons(after, "B2.1").startswith("Q")  # the Quirk lies in B2.1's cell
    assert _icons(after, "B1.3").startswith("q")  # the Setup tile's Quirk space, empty
    assert "Quirk at B2.1: A Bench in the Fog (Quirk: a Dreamer who starts a Turn" in after


def _icons(table: str, ref: str) -> str:
    """The icon row of a map cell: two rows under the row naming the space."""
    rows = table.splitlines()
    k = next(i for i, line in enumerate(rows) if f"│{ref} " in line)
    col = rows[k].index(f"│{ref} ") + 1
    return rows[k + 2][col : col + 11].strip()


def test_the_terminal_names_the_slumber_and_how_a_journey_ends() -> None:
    s = start("slumber:OS-03")
    for seat in (0, 1):
        s.apply("space:A1.1", player=seat)
    assert "Slumber: The Hollow Lamplighter" in _drawn(s) and "OS-03" not in _drawn(s)
    drive(s, lambda st: st.is_terminal())
    assert "The Slumber ends: defeat (the Slumber is lost)" in _drawn(s)
