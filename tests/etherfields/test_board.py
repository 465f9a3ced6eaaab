"""Boards: walls, blocked spaces, range and paths, occupancy, tiles by slot, directed maps.
The tiled map comes from an Etherfields fixture (etherfields "Movement Actions" diagram)."""

from __future__ import annotations

import itertools
import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from oneiros.core.board import Board, BoardError, Occupancy, TileMap, TileSpace
from oneiros.games.etherfields.language import LANGUAGE
from oneiros.games.etherfields.pack import build_map
from oneiros.games.etherfields.records import MapTile

FIXTURE = Path(__file__).parent / "fixtures" / "movement.toml"


def diagram() -> TileMap:
    raw = tomllib.loads(FIXTURE.read_text(encoding="utf-8"))
    tiles = [MapTile.model_validate(t, context={"language": LANGUAGE}) for t in raw["tiles"]]
    return build_map(tiles)


def test_movement_diagram_adjacent_diagonal_and_the_wall():
    """etherfields "Movement Actions": A) adjacent costs 1; B) no diagonal step; C) the
    diagonal space costs 2; D) the wall forces the 4-space path, so 3 Cunning cannot reach it."""
    board = diagram().board
    start = "A1.4"
    neighbours = {s for s, _ in board.neighbours(start)}
    assert neighbours == {"A1.2", "A1.3", "A2.2"}  # A: orthogonal; the wall closes B1.3
    assert board.distance(start, "A1.3") == 1
    assert "A1.1" not in neighbours  # B: no diagonal move
    assert board.distance(start, "A1.1") == 2  # C
    assert board.path(start, "B1.1") == ["A1.4", "A2.2", "B2.1", "B1.3", "B1.1"]  # D
    assert board.distance(start, "B1.1") == 4
    assert "B1.1" not in board.within(start, 3)
    assert "B1.1" in board.within(start, 4)


def test_range_zero_is_the_space_and_range_counts_closer_spaces():
    """etherfields "Movement Actions — Range": range 0 is the same space; range 1 adjacent and closer."""
    board = diagram().board
    assert board.within("A1.4", 0) == {"A1.4"}
    assert board.within("A1.4", 1) == {"A1.4", "A1.2", "A1.3", "A2.2"}


def test_blocked_spaces_are_neither_entered_nor_measured_through():
    """etherfields "Other Dreamscape Icons" (BLOCKED SPACE): measure around it."""
    board = diagram().board
    assert board.is_blocked("B2.2")
    assert "B2.2" not in board.within("B2.1", 5)
    # B2.1 -> B2.4 would be 2 through the well; around it: B2.3, B2.4
    assert board.distance("B2.1", "B2.4") == 2
    assert board.path("B2.1", "B2.4") == ["B2.1", "B2.3", "B2.4"]
    # a token blocking a space works the same way
    assert board.distance("A1.4", "B1.1", blocked={"B2.1"}) is None


def test_any_range_still_needs_a_path():
    """etherfields "Movement Actions — Range": "any range" does not reach behind walls."""
    tiles = TileMap(2, 1)
    closed = TileSpace(frozenset({"n", "e", "s", "w"}))
    tiles.place("T1", "A1", [closed, TileSpace(), TileSpace(), TileSpace()])
    board = tiles.board
    assert "A1.1" not in board.within("A1.4", None)
    assert board.path("A1.4", "A1.1") is None and board.distance("A1.4", "A1.1") is None


def test_toward_the_closest_goal_with_ties_and_no_path():
    """etherfields "Entity Movement": toward the closest Dreamer; ties are the players' choice."""
    board = diagram().board
    dist, closest, steps = board.toward("A1.1", ["A1.4", "B2.4"])
    assert (dist, closest, sorted(steps)) == (2, ["A1.4"], ["A1.2", "A1.3"])
    # the wall makes B1.1 far from A1.2 although it is next to it
    dist, closest, steps = board.toward("A1.2", ["B1.1"])
    assert dist == 5 and steps == ["A1.4"]
    assert board.toward("A1.2", ["A1.2"]) == (0, ["A1.2"], [])
    assert board.toward("A1.1", ["A1.4"], blocked={"A1.2", "A1.3"}) == (None, [], [])


def test_full_spaces_can_be_crossed_but_not_ended_on():
    """etherfields "Limit of Miniatures & Entity Tokens per Space": 4 per space; a Big one fills it."""
    occ = Occupancy(capacity=4)
    for i in range(4):
        occ.place(f"m{i}", "A2.2")
    assert occ.is_full("A2.2")
    with pytest.raises(ValueError, match="full"):
        occ.place("dreamer", "A2.2")
    board = diagram().board
    reach = board.within("A1.4", 4, passable=lambda s: True)
    stops = {s for s in reach if not occ.is_full(s)}
    assert "B1.1" in stops and "A2.2" not in stops
    occ.place("gardener", "B2.4", big=True)
    assert occ.is_full("B2.4") and occ.has_big("B2.4")
    copy = occ.copy()
    copy.remove("gardener")
    assert occ.where("gardener") == "B2.4" and copy.where("gardener") is None
    occ.place("m0", "B2.1")
    assert occ.count("A2.2") == 3 and occ.where("m0") == "B2.1"


def test_tiles_rotate_with_their_walls_and_slots_are_checked():
    tiles = TileMap(3, 2)
    corner = TileSpace(frozenset({"n", "e"}), {"name": "corner"})
    tiles.place("R", "B2", [corner, TileSpace(), TileSpace(), TileSpace()], rotation=90)
    board = tiles.board
    # printed space 1 (NW) turns to NE, its north and east walls to east and south
    assert board.spaces["B2.2"]["name"] == "corner"
    assert board.edge("B2.2", "B2.4").wall and not board.edge("B2.2", "B2.1").wall
    with pytest.raises(BoardError, match="outside the map"):
        tiles.place("X", "D1", [TileSpace()] * 4)
    with pytest.raises(BoardError, match="not a slot code"):
        tiles.place("X", "11", [TileSpace()] * 4)


def test_one_sided_walls_between_tiles_are_reported():
    tiles = TileMap(2, 1)
    tiles.place("W", "A1", [TileSpace(), TileSpace(frozenset({"e"})), TileSpace(), TileSpace()])
    tiles.place("E", "B1", [TileSpace()] * 4)
    assert tiles.one_sided_walls() == [("A1.2", "e")]
    assert tiles.board.edge("A1.2", "B1.1").wall  # still a wall for movement


def test_directed_costed_edges():
    """A directed map with a costed shortcut (the Dreamworld's arrows)."""
    board = Board()
    for name in "abcd":
        board.add_space(name)
    board.connect("a", "b", directed=True)
    board.connect("b", "c", directed=True)
    board.connect("a", "c", cost=3, directed=True, shortcut=True)
    board.connect("c", "d")
    assert board.distance("a", "c") == 2 and board.distance("c", "a") is None
    assert board.path("a", "d") == ["a", "b", "c", "d"]
    assert board.edge("a", "c").attrs["shortcut"]
    with pytest.raises(BoardError):
        board.connect("a", "z")


@given(st.sets(st.sampled_from(["A1.2", "A1.3", "A2.1", "A2.4", "B1.2", "B2.3"]), max_size=3))
def test_paths_are_cheapest_and_respect_walls(blocked):
    board = diagram().board
    for target in board.spaces:
        if target in blocked or board.is_blocked(target):
            continue
        path = board.path("A1.4", target, blocked=blocked)
        dist = board.distance("A1.4", target, blocked=blocked)
        if path is None:
            assert dist is None
            continue
        assert len(path) - 1 == dist
        for a, b in itertools.pairwise(path):
            edge = board.edge(a, b)
            assert edge is not None and not edge.wall and b not in blocked


def test_an_overlay_changes_the_walls_of_the_spaces_it_covers():
    """etherfields "Overlay Cards": the overlay's geometry replaces the covered spaces'."""
    tiles = diagram()
    assert tiles.board.distance("A1.4", "B1.3") == 3
    bridge = TileSpace(frozenset(), {"name": "fallen bridge"})
    tiles.overlay("OD-01 G", {"A1.4": bridge, "A1.2": bridge, "B1.3": TileSpace()})
    assert tiles.board.distance("A1.4", "B1.3") == 1  # the walls between them are gone
    assert tiles.board.spaces["A1.4"]["name"] == "fallen bridge"
    tiles.remove_overlay("OD-01 G")
    assert tiles.board.distance("A1.4", "B1.3") == 3
    with pytest.raises(BoardError, match="not a space of the map"):
        tiles.overlay("X", {"C1.1": bridge})


def test_a_tile_may_lie_half_a_slot_over():
    """etherfields "The Dreamscape Map": a tile may overlap two slots."""
    tiles = TileMap(3, 1)
    tiles.place("L", "A1", [TileSpace()] * 4)
    tiles.place("S", "B1", [TileSpace()] * 4, shift=(1, 0))  # covers half of B1 and half of C1
    board = tiles.board
    assert board.spaces["B1.1"].pos == (3, 0) and board.at((2, 0)) is None
    assert board.distance("A1.2", "B1.1") is None  # a gap of one space between them
    with pytest.raises(BoardError, match="overlap"):
        tiles.place("M", "C1", [TileSpace()] * 4)
    assert "C1" not in tiles.tiles and len(tiles.board) == 8  # a refused tile changes nothing
