"""Hexagonal geometry: fields, neighbours, lines, rings, triangles, names, drawing sizes."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ppprint.geometry.hex import (
    DIRECTIONS,
    LINE_DIRECTIONS,
    NE,
    SE,
    E,
    HexField,
    centre_point,
    corner_points,
    distance,
    file_index,
    file_letters,
    parse_name,
    ring,
    step,
    triangle,
)

SIDES = range(4, 31)


@pytest.mark.parametrize("side", SIDES)
def test_a_field_of_side_n_has_3n_n_minus_1_plus_1_cells(side: int) -> None:
    field = HexField(side)
    cells = list(field.cells())
    assert len(cells) == len(set(cells)) == len(field) == 3 * side * (side - 1) + 1
    assert [field.index(c) for c in cells] == list(range(len(cells)))
    assert all(c in field for c in cells)
    assert all(distance(c, (0, 0)) <= side - 1 for c in cells)


@pytest.mark.parametrize("side", SIDES)
def test_cell_names_round_trip_and_are_distinct(side: int) -> None:
    field = HexField(side)
    names = [field.name(c) for c in field.cells()]
    assert len(set(names)) == len(names)
    assert all(field.parse(field.name(c)) == c for c in field.cells())


@pytest.mark.parametrize(
    ("side", "cell", "name"),
    [
        (4, (0, -3), "a1"),  # bottom-left corner
        (4, (3, -3), "d1"),  # bottom-right corner
        (4, (0, 0), "d4"),  # centre
        (4, (-3, 0), "a4"),  # left corner
        (4, (0, 3), "g7"),  # top-right corner
        (4, (-3, 3), "d7"),  # top-left corner
        (10, (0, 0), "j10"),
        (30, (0, 29), "bg59"),  # file 58: a..z, aa..az, ba..bg
    ],
)
def test_names_put_a1_bottom_left_letters_left_to_right_numbers_upwards(side: int, cell, name: str) -> None:
    assert HexField(side).name(cell) == name
    assert HexField(side).parse(name) == cell


def test_names_off_the_field_or_malformed_do_not_parse() -> None:
    field = HexField(4)
    for text in ("h4", "a7", "e1", "A1", "a0", "1a", "", "a-1", "a01"):
        assert field.parse(text) is None
    assert parse_name("e1", 4) == (4, -3)  # a name, but off the side-4 field


@given(st.integers(min_value=0, max_value=20_000))
def test_file_letters_round_trip(index: int) -> None:
    letters = file_letters(index)
    assert letters.isalpha() and letters.islower()
    assert file_index(letters) == index


def test_file_letters_are_spreadsheet_columns() -> None:
    assert [file_letters(i) for i in (0, 25, 26, 51, 52, 701, 702)] == ["a", "z", "aa", "az", "ba", "zz", "aaa"]


@pytest.mark.parametrize("side", [4, 5, 10])
def test_neighbour_counts_three_on_corners_four_on_edges_six_inside(side: int) -> None:
    field = HexField(side)
    counts = [len(field.neighbours(c)) for c in field.cells()]
    assert counts.count(3) == 6
    assert counts.count(4) == 6 * (side - 2)
    assert counts.count(6) == len(field) - 6 * (side - 1)
    for cell in field.cells():
        for other in field.neighbours(cell):
            assert distance(cell, other) == 1 and cell in field.neighbours(other)


def test_the_six_directions_pair_up_into_three_line_axes() -> None:
    assert len(set(DIRECTIONS)) == 6
    for k, d in enumerate(LINE_DIRECTIONS):
        assert DIRECTIONS[k + 3] == (-d[0], -d[1])


@pytest.mark.parametrize("side", [4, 7])
def test_lines_cover_the_field_once_per_axis(side: int) -> None:
    field = HexField(side)
    for direction in LINE_DIRECTIONS:
        lines = field.lines(direction)
        assert len(lines) == 2 * side - 1
        assert sorted(c for line in lines for c in line) == sorted(field.cells())
        assert max(len(line) for line in lines) == 2 * side - 1
        assert min(len(line) for line in lines) == side
        for line in lines:
            assert all(step(a, direction) == b for a, b in zip(line, line[1:]))


def test_rows_share_a_rank_and_files_share_a_letter() -> None:
    field = HexField(5)
    assert {field.name(c)[1:] for c in field.line((0, 0), E)} == {"5"}
    assert {field.name(c)[0] for c in field.line((0, 0), (-1, 1))} == {"e"}


@given(st.integers(min_value=-5, max_value=5), st.integers(min_value=-5, max_value=5), st.integers(0, 6))
def test_a_ring_of_radius_k_has_6k_cells_at_distance_k(q: int, r: int, radius: int) -> None:
    cells = ring((q, r), radius)
    assert len(cells) == len(set(cells)) == max(1, 6 * radius)
    assert all(distance(c, (q, r)) == radius for c in cells)
    assert all(distance(a, b) == 1 for a, b in zip(cells, cells[1:] + cells[:1])) or radius == 0


def test_field_rings_are_clipped_to_the_field() -> None:
    field = HexField(4)
    assert len(field.ring((0, 0), 3)) == 18
    assert len(field.ring((0, -3), 1)) == 3  # a corner
    assert sorted(field.ring((1, 1), 1)) == sorted(field.neighbours((1, 1)))


def test_triangles_have_rows_of_three_two_one() -> None:
    up = triangle((0, 0), pointing_up=True)
    down = triangle((0, 0), pointing_up=False)
    for cells, towards in ((up, 1), (down, -1)):
        assert len(set(cells)) == 6
        rows = sorted({r for _, r in cells}, key=lambda r: r * towards)
        assert [sum(1 for _, rr in cells if rr == r) for r in rows] == [3, 2, 1]
        assert all(any(distance(a, b) == 1 for b in cells if b != a) for a in cells)
    assert set(up) == {(0, 0), (1, 0), (2, 0), step((0, 0), NE), step((1, 0), NE), step((0, 0), NE, 2)}
    assert step((0, 0), SE, 2) in down


@pytest.mark.parametrize("side", [4, 6])
def test_inner_cells_lie_in_six_triangles_of_each_orientation(side: int) -> None:
    field = HexField(side)
    triangles = field.triangles()
    assert len(triangles) == len(set(triangles))
    ups = triangles[: len(triangles) // 2]
    downs = triangles[len(triangles) // 2 :]
    assert all(triangle(t[0], True) == t for t in ups)
    assert all(triangle(t[0], False) == t for t in downs)
    for cell in field.cells():
        if distance(cell, (0, 0)) <= side - 3:
            assert sum(cell in t for t in ups) == 6
            assert sum(cell in t for t in downs) == 6


def test_cell_geometry_neighbours_one_size_apart_and_corners_on_the_circumcircle() -> None:
    size = 0.75
    for d in DIRECTIONS:
        a, b = centre_point((0, 0), size), centre_point(d, size)
        assert math.isclose(math.dist(a, b), size)
    corners = corner_points((1.0, 2.0), size)
    assert len(corners) == 6
    assert all(math.isclose(math.dist(c, (1.0, 2.0)), size / math.sqrt(3)) for c in corners)
    assert max(c[1] for c in corners) == pytest.approx(2.0 + size / math.sqrt(3))  # pointy top
    field = HexField(4)
    xs = [x for cell in field.cells() for x, _ in corner_points(centre_point(cell, size), size)]
    ys = [y for cell in field.cells() for _, y in corner_points(centre_point(cell, size), size)]
    assert max(xs) - min(xs) == pytest.approx(field.width(size))
    assert max(ys) - min(ys) == pytest.approx(field.height(size))


# -- the layout's hexagonal board ----------------------------------------------------------------
def test_hex_board_names_outlines_and_pieces_every_cell_in_cell_units() -> None:
    from ppprint.layout.hexboard import HexBoard

    field = HexField(4)
    board = HexBoard(field, cell_length=0.5)
    outlines = board.outlines()
    assert sorted(outlines) == sorted(field.name(c) for c in field.cells())
    assert all(len(p) == 6 for p in outlines.values())
    assert board.centre("d4") == pytest.approx((0.0, 0.0))
    assert math.dist(board.centre("d4"), board.centre("e4")) == pytest.approx(1.0)
    for name, outline in outlines.items():
        assert board.centre(name) == pytest.approx(tuple(sum(c) / 6 for c in zip(*outline)))
    pieces = board.pieces()
    assert len(pieces) == 37 and {p.kind for p in pieces} == {"hexcell"} and {p.length for p in pieces} == {0.5}
    assert sorted(p.label for p in pieces) == sorted(outlines)
    assert HexBoard(field, cell_kind=None).pieces() == []


def test_hex_board_labels_rows_on_the_left_and_diagonals_below_right() -> None:
    from ppprint.layout.hexboard import HexBoard

    field = HexField(4)
    labels = HexBoard(field).coordinate_labels()
    numbers = {label.text: label.at for label in labels if label.text.isdigit()}
    letters = {label.text: label.at for label in labels if label.text.isalpha()}
    assert sorted(numbers, key=int) == [str(n) for n in range(1, 8)] and sorted(letters) == list("abcdefg")
    board = HexBoard(field)
    for number, at in numbers.items():  # 0.8 cells west of the row's leftmost cell
        leftmost = min((c for c in field.cells() if c[1] + 4 == int(number)), key=lambda c: c[0])
        x, y = board.cell_centre(leftmost)
        assert at == pytest.approx((x - 0.8, y))
    assert letters["a"] == pytest.approx(centre_point((0.8, -3.8), 1.0))  # past a1, the lower end of diagonal a


def test_hex_board_window_shows_nearby_cells_with_their_field_names() -> None:
    from ppprint.layout.hexboard import HexBoard

    field = HexField(10)
    board = HexBoard(field, window=((0, 0), 1))
    assert sorted(board.outlines()) == sorted(["j10", "i10", "k10", "j11", "k11", "i9", "j9"])
    assert len(board.pieces()) == 7
    assert {label.text for label in board.coordinate_labels()} == {"9", "10", "11", "i", "j", "k"}


def test_the_layout_layer_names_no_game() -> None:
    from pathlib import Path

    import ppprint.layout.hexboard as hexboard

    assert "sanqi" not in Path(hexboard.__file__).read_text(encoding="utf-8").lower()
