"""Tile layouts: piecepack tiles placed on a grid of cells.

A piecepack tile is 2 in square and, grid side up, shows 2x2 cells of 1 in.
A :class:`TileLayout` is a list of tiles, each at an integer cell offset, so a
tile may sit half a tile off its neighbour (a pinwheel of arm tiles) as easily
as on a plain square grid of 3x3 tiles. A tile may also count as a single
square (an Ace tile used as a Home Base): ``cells_per_side=1``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from ppprint.geometry.square import Cell, Direction

TILE_CELLS = 2
"""Cells along one side of a piecepack tile, grid side up."""


@dataclass(frozen=True)
class Tile:
    """One tile: lower-left corner at cell ``(x, y)``, ``size`` cells wide."""

    x: int
    y: int
    size: int = TILE_CELLS
    cells_per_side: int = TILE_CELLS
    name: str = ""

    def cells(self) -> list[Cell]:
        """The cells this tile shows (one cell if it counts as a single square)."""
        if self.cells_per_side == 1:
            return [(self.x, self.y)]
        return [(self.x + dx, self.y + dy) for dy in range(self.size) for dx in range(self.size)]

    def rotated(self, quarter_turns: int, centre: tuple[float, float]) -> Tile:
        """This tile turned ``quarter_turns`` x 90 degrees counter-clockwise about ``centre`` (cell units)."""
        corners = [
            _rotate_point(point, quarter_turns, centre)
            for point in ((self.x, self.y), (self.x + self.size, self.y + self.size))
        ]
        x, y = min(c[0] for c in corners), min(c[1] for c in corners)
        if x != int(x) or y != int(y):
            raise ValueError(f"turning about {centre} puts the tile off the cell grid")
        return Tile(int(x), int(y), self.size, self.cells_per_side, self.name)

    def outline_of(self, cell: Cell) -> tuple[int, int, int, int]:
        """``(min_x, min_y, max_x, max_y)`` of one of this tile's cells, in cell units."""
        if self.cells_per_side == 1:
            return self.x, self.y, self.x + self.size, self.y + self.size
        return cell[0], cell[1], cell[0] + 1, cell[1] + 1


def _rotate_point(point: tuple[float, float], quarter_turns: int, centre: tuple[float, float]) -> tuple[float, float]:
    x, y = point[0] - centre[0], point[1] - centre[1]
    for _ in range(quarter_turns % 4):
        x, y = -y, x
    return x + centre[0], y + centre[1]


@dataclass(frozen=True)
class TileLayout:
    """A set of tiles and the cells they make."""

    tiles: tuple[Tile, ...]
    _tile_of: dict[Cell, int] = field(init=False, repr=False, compare=False)
    _cell_at: dict[tuple[int, int], Cell] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        tile_of: dict[Cell, int] = {}
        cell_at: dict[tuple[int, int], Cell] = {}
        for index, tile in enumerate(self.tiles):
            for cell in tile.cells():
                if cell in tile_of:
                    raise ValueError(f"tiles overlap at cell {cell}")
                tile_of[cell] = index
                x0, y0, x1, y1 = tile.outline_of(cell)
                for unit in ((ux, uy) for uy in range(y0, y1) for ux in range(x0, x1)):
                    if unit in cell_at:
                        raise ValueError(f"tiles overlap at unit square {unit}")
                    cell_at[unit] = cell
        object.__setattr__(self, "_tile_of", tile_of)
        object.__setattr__(self, "_cell_at", cell_at)

    @classmethod
    def grid(cls, columns: int, rows: int) -> TileLayout:
        """``columns`` x ``rows`` tiles edge to edge, from cell (0, 0)."""
        return cls(
            tuple(
                Tile(column * TILE_CELLS, row * TILE_CELLS)
                for row in range(rows)
                for column in range(columns)
            )
        )

    def cells(self) -> Iterator[Cell]:
        """Every cell of every tile."""
        return iter(self._tile_of)

    def tile_index(self, cell: Cell) -> int | None:
        """The index of the tile showing ``cell``, or ``None``."""
        return self._tile_of.get(cell)

    def outline(self, cell: Cell) -> tuple[int, int, int, int]:
        """``(min_x, min_y, max_x, max_y)`` of a cell in cell units (a whole tile if it counts as one square)."""
        return self.tiles[self._tile_of[cell]].outline_of(cell)

    def cell_at(self, unit: tuple[int, int]) -> Cell | None:
        """The cell covering the unit square with lower-left corner ``unit``, or ``None``."""
        return self._cell_at.get(unit)

    def neighbours(self, cell: Cell, direction: Direction) -> list[Cell]:
        """The cells sharing an edge with ``cell`` on its side facing an orthogonal ``direction``."""
        x0, y0, x1, y1 = self.outline(cell)
        dx, dy = direction
        if dx:
            column = x1 if dx > 0 else x0 - 1
            units = [(column, y) for y in range(y0, y1)]
        else:
            row = y1 if dy > 0 else y0 - 1
            units = [(x, row) for x in range(x0, x1)]
        found: list[Cell] = []
        for unit in units:
            neighbour = self._cell_at.get(unit)
            if neighbour is not None and neighbour not in found:
                found.append(neighbour)
        return found

    def bounds(self) -> tuple[int, int, int, int]:
        """``(min_x, min_y, max_x, max_y)`` in cell units, max exclusive."""
        return (
            min(t.x for t in self.tiles),
            min(t.y for t in self.tiles),
            max(t.x + t.size for t in self.tiles),
            max(t.y + t.size for t in self.tiles),
        )
