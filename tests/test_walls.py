"""Walls on cell edges: edges, sticks, conversion both ways, connectivity helpers."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ppprint.geometry.walls import (
    Stick,
    WallMaze,
    edge_of_side,
    stick_along,
    sticks_to_walls,
    wall_edge,
    walls_to_sticks,
)


def grid(width: int, height: int) -> frozenset[tuple[int, int]]:
    return frozenset((x, y) for x in range(width) for y in range(height))


def test_edge_is_unordered_and_needs_adjacent_cells() -> None:
    assert wall_edge((1, 0), (0, 0)) == wall_edge((0, 0), (1, 0)) == ((0, 0), (1, 0))
    assert edge_of_side((2, 2), (0, 1)) == ((2, 2), (2, 3))
    with pytest.raises(ValueError):
        wall_edge((0, 0), (1, 1))


def test_sticks_cover_edges_in_line() -> None:
    # A horizontal 3-stick at point (1, 2) lies between ranks 1 and 2 under files 1 and 2.
    assert Stick(1, 2, True, 2).edges() == (((1, 1), (1, 2)), ((2, 1), (2, 2)))
    # A vertical A-stick at point (3, 0) lies between files 2 and 3 beside rank 0.
    assert Stick(3, 0, False, 1).edges() == (((2, 0), (3, 0)),)
    assert stick_along(((1, 1), (2, 1)), (0, 1)) == Stick(1, 2, True, 2)
    assert stick_along(((0, 2), (0, 3)), (1, 0)) == Stick(1, 2, False, 2)
    with pytest.raises(ValueError):
        stick_along(((0, 0), (1, 1)), (0, 1))


def test_overlapping_sticks_are_refused() -> None:
    with pytest.raises(ValueError):
        sticks_to_walls([Stick(0, 1, True, 2), Stick(1, 1, True, 1)])


def test_walls_to_sticks_meets_an_exact_long_count() -> None:
    walls = sticks_to_walls([Stick(0, 1, True, 2), Stick(2, 1, True, 1)])  # a run of three edges
    assert [s.span for s in walls_to_sticks(walls)] == [2, 1]
    assert [s.span for s in walls_to_sticks(walls, long_count=0)] == [1, 1, 1]
    with pytest.raises(ValueError):
        walls_to_sticks(walls, long_count=2)


@settings(max_examples=60, deadline=None)
@given(st.sets(st.tuples(st.integers(0, 4), st.integers(1, 4), st.booleans()), max_size=12))
def test_walls_to_sticks_round_trips(points: set[tuple[int, int, bool]]) -> None:
    walls = frozenset(e for x, y, h in points for e in Stick(x, y, h, 1).edges())
    sticks = walls_to_sticks(walls)
    assert sticks_to_walls(sticks) == walls
    assert len(sticks) == len(walls) - sum(1 for s in sticks if s.span == 2)


def test_maze_moves_dead_ends_and_enclosed_cells() -> None:
    # 3x2 grid; walls make (0,1) a dead end and wall (2,1) in completely.
    walls = frozenset({wall_edge((0, 1), (1, 1)), wall_edge((2, 1), (1, 1)), wall_edge((2, 1), (2, 0))})
    maze = WallMaze(grid(3, 2), walls)
    assert maze.exits((0, 1)) == 1
    # (2, 0) is walled above; (1, 1) is walled left and right and open only below.
    assert maze.dead_ends() == [(2, 0), (0, 1), (1, 1)]
    assert maze.walled_in() == [(2, 1)]
    assert maze.enclosed((0, 0)) == [(2, 1)]
    assert maze.reachable((0, 0), blocked=[(1, 0)]) == {(0, 0), (0, 1)}
    assert maze.target((1, 1), (1, 0)) is None


def test_wide_areas_are_open_2x2_blocks() -> None:
    maze = WallMaze(grid(3, 2))
    assert maze.wide_areas() == [((0, 0), (1, 0), (0, 1), (1, 1)), ((1, 0), (2, 0), (1, 1), (2, 1))]
    assert maze.wide_areas(exempt=[(0, 0)]) == [((1, 0), (2, 0), (1, 1), (2, 1))]
    one_wall = WallMaze(grid(3, 2), frozenset({wall_edge((1, 0), (1, 1))}))
    assert one_wall.wide_areas() == []


def test_links_override_the_plain_step() -> None:
    maze = WallMaze(grid(3, 1), links={((0, 0), (-1, 0)): (2, 0), ((2, 0), (1, 0)): (0, 0)})
    assert maze.target((0, 0), (-1, 0)) == (2, 0)
    assert maze.exits((0, 0)) == 2
    assert maze.dead_ends() == []
