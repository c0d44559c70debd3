"""Hexagonal cells: axial coordinates, hexagonal fields, lines, rings, triangles and cell names.

Coordinates
    A cell is an axial pair ``(q, r)``; its cube coordinates are ``(q, r, -q - r)``.
    Cells are *pointy-top* hexagons and y grows upwards (the table's convention),
    so rows of cells are horizontal. ``r`` counts rows upwards and ``q`` counts
    cells to the right along a row. The six directions are E ``(1, 0)``,
    NE ``(0, 1)``, NW ``(-1, 1)``, W ``(-1, 0)``, SW ``(0, -1)`` and SE ``(1, -1)``;
    the three line axes are E-W (rows), NE-SW and NW-SE.

Fields
    A hexagonal field of side ``n`` is every cell within distance ``n - 1`` of the
    centre ``(0, 0)``: ``3n(n-1)+1`` cells, ``2n - 1`` rows.

Cell names (like Abalone's, with letters and numbers as in chess)
    The rank is the row counted from the bottom, ``1 .. 2n-1``. The file is the
    NW-SE diagonal counted from the left: ``a, b, ... z, aa, ab, ...`` (spreadsheet
    columns, so fields up to side 30 and beyond can be named). In every row the
    letters grow left to right. On a field of side ``n`` the bottom row runs
    ``a1`` to the n-th letter (``a1 .. d1`` for n = 4), the middle row ``a{n} ..``
    across all ``2n - 1`` files, and the top row ends at the top-right corner
    (``g7`` for n = 4). A name is its file letters followed by its rank number,
    such as ``e5`` or ``ab31``.

Sizes
    ``size`` is the distance between the centres of two neighbouring cells, which
    is also a cell's width across its flat sides; a corner lies ``size / sqrt(3)``
    from the centre. Positions are in the caller's unit (inches in a table).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

Hex = tuple[int, int]
Direction = tuple[int, int]
Point = tuple[float, float]

E: Direction = (1, 0)
NE: Direction = (0, 1)
NW: Direction = (-1, 1)
W: Direction = (-1, 0)
SW: Direction = (0, -1)
SE: Direction = (1, -1)
DIRECTIONS: tuple[Direction, ...] = (E, NE, NW, W, SW, SE)
"""The six directions, counter-clockwise from east."""

LINE_DIRECTIONS: tuple[Direction, ...] = (E, NE, NW)
"""One direction of each of the three line axes; the others are their opposites."""

SQRT3 = math.sqrt(3.0)
_NAME_RE = re.compile(r"([a-z]+)([1-9][0-9]*)")


def step(cell: Hex, direction: Direction, distance: int = 1) -> Hex:
    """The cell ``distance`` steps from ``cell`` in ``direction``."""
    return cell[0] + direction[0] * distance, cell[1] + direction[1] * distance


def distance(a: Hex, b: Hex) -> int:
    """The number of steps between two cells."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def ring(centre: Hex, radius: int) -> list[Hex]:
    """The cells exactly ``radius`` steps from ``centre``, counter-clockwise from its east corner."""
    if radius == 0:
        return [centre]
    cells = []
    cell = step(centre, E, radius)
    for direction in (NW, W, SW, SE, E, NE):
        for _ in range(radius):
            cells.append(cell)
            cell = step(cell, direction)
    return cells


def triangle(corner: Hex, pointing_up: bool) -> tuple[Hex, ...]:
    """The 6 cells of a triangle of side three with ``corner`` its left corner on the 3-cell row.

    An upward triangle has rows of 3, 2 and 1 cells going up; a downward one
    has rows of 3, 2 and 1 going down.
    """
    diagonal = NE if pointing_up else SE
    return tuple(
        step(step(corner, diagonal, row), E, offset) for row in range(3) for offset in range(3 - row)
    )


def file_letters(index: int) -> str:
    """Spreadsheet-style letters of a 0-based file: 0 -> a, 25 -> z, 26 -> aa."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


def file_index(letters: str) -> int:
    """The inverse of :func:`file_letters`."""
    index = 0
    for letter in letters:
        index = index * 26 + ord(letter) - ord("a") + 1
    return index - 1


def centre_point(cell: Hex | Point, size: float) -> Point:
    """The centre of a cell, with the field's centre cell at the origin (fractional cells give points between)."""
    q, r = cell
    return size * (q + r / 2), size * SQRT3 / 2 * r


def corner_points(centre: Point, size: float) -> tuple[Point, ...]:
    """The six corners of a pointy-top hexagon, counter-clockwise from the lower-right one."""
    radius = size / SQRT3
    x, y = centre
    return tuple(
        (x + radius * math.cos(math.radians(-30 + 60 * k)), y + radius * math.sin(math.radians(-30 + 60 * k)))
        for k in range(6)
    )


@dataclass(frozen=True)
class HexField:
    """A hexagonal field of hexagonal cells with ``side`` cells along each edge."""

    side: int

    def __post_init__(self) -> None:
        if self.side < 1:
            raise ValueError(f"a hexagonal field needs a side of at least 1, not {self.side}")

    @property
    def radius(self) -> int:
        """The largest distance of a cell from the centre."""
        return self.side - 1

    def __contains__(self, cell: object) -> bool:
        return (
            isinstance(cell, tuple)
            and len(cell) == 2
            and max(abs(cell[0]), abs(cell[1]), abs(cell[0] + cell[1])) <= self.side - 1
        )

    def __len__(self) -> int:
        return 3 * self.side * (self.side - 1) + 1

    def cells(self) -> Iterator[Hex]:
        """All cells, row by row from the bottom, left to right (the order of :meth:`index`)."""
        m = self.side - 1
        for r in range(-m, m + 1):
            for q in range(max(-m, -m - r), min(m, m - r) + 1):
                yield q, r

    @cached_property
    def _indexes(self) -> dict[Hex, int]:
        return {cell: i for i, cell in enumerate(self.cells())}

    def index(self, cell: Hex) -> int:
        """A dense 0-based index of a cell, for array-backed boards."""
        return self._indexes[cell]

    def neighbours(self, cell: Hex) -> list[Hex]:
        """The cells next to ``cell`` on the field (up to six), in :data:`DIRECTIONS` order."""
        return [n for n in (step(cell, d) for d in DIRECTIONS) if n in self]

    def line(self, cell: Hex, direction: Direction) -> list[Hex]:
        """Every field cell on the straight line through ``cell`` along ``direction``'s axis, in that direction."""
        back = (-direction[0], -direction[1])
        start = cell
        while step(start, back) in self:
            start = step(start, back)
        cells = []
        while start in self:
            cells.append(start)
            start = step(start, direction)
        return cells

    def lines(self, direction: Direction) -> list[list[Hex]]:
        """Every full straight line of the field along ``direction``'s axis."""
        starts = [c for c in self.cells() if step(c, (-direction[0], -direction[1])) not in self]
        return [self.line(c, direction) for c in starts]

    def ring(self, centre: Hex, radius: int) -> list[Hex]:
        """The field cells exactly ``radius`` steps from ``centre``."""
        return [c for c in ring(centre, radius) if c in self]

    def triangles(self) -> list[tuple[Hex, ...]]:
        """Every triangle of side three (6 cells) on the field, upward ones first."""
        found = []
        for pointing_up in (True, False):
            for corner in self.cells():
                cells = triangle(corner, pointing_up)
                if all(c in self for c in cells):
                    found.append(cells)
        return found

    # -- names -------------------------------------------------------------------
    def name(self, cell: Hex) -> str:
        """The name of a cell, such as ``e5`` (see the module notes)."""
        q, r = cell
        return f"{file_letters(q + r + self.side - 1)}{r + self.side}"

    def parse(self, text: str) -> Hex | None:
        """The cell named ``text`` if it is on this field, else ``None``."""
        cell = parse_name(text, self.side)
        return cell if cell is not None and cell in self else None

    # -- drawing -----------------------------------------------------------------
    def width(self, size: float) -> float:
        """The field's width across its widest row, corner to corner of the cells."""
        return (2 * self.side - 1) * size

    def height(self, size: float) -> float:
        """The field's height from the lowest to the highest cell corner."""
        return (2 * self.side - 2) * size * SQRT3 / 2 + 2 * size / SQRT3


def parse_name(text: str, side: int) -> Hex | None:
    """The axial cell named ``text`` on a field of ``side`` (not checked to be on it), or ``None``."""
    match = _NAME_RE.fullmatch(text.strip())
    if not match:
        return None
    file, rank = file_index(match.group(1)), int(match.group(2))
    r = rank - side
    return file - r - (side - 1), r
