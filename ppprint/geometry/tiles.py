"""Tile layouts: piecepack tiles placed on a grid of cells.

A piecepack tile is 2 in square and, grid side up, shows 2x2 cells of 1 in.
A :class:`TileLayout` is a list of tiles, each at an integer cell offset, so a
tile may sit half a tile off its neighbour (Siege by Number's arms) as easily
as on a plain square grid (Expansion's 3x3). A tile may also count as a single
square (an Ace tile used as a Home Base): ``cells_per_side=1``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from ppprint.geometry.square import Cell

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

    def covers(self, point: tuple[float, float]) -> bool:
        """Whether a point in cell units lies on this tile."""
        return self.x <= point[0] < self.x + self.size and self.y <= point[1] < self.y + self.size


@dataclass(frozen=True)
class TileLayout:
    """A set of tiles and the cells they make."""

    tiles: tuple[Tile, ...]
    _tile_of: dict[Cell, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        tile_of: dict[Cell, int] = {}
        for index, tile in enumerate(self.tiles):
            for cell in tile.cells():
                if cell in tile_of:
                    raise ValueError(f"tiles overlap at cell {cell}")
                tile_of[cell] = index
        object.__setattr__(self, "_tile_of", tile_of)

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

    def bounds(self) -> tuple[int, int, int, int]:
        """``(min_x, min_y, max_x, max_y)`` in cell units, max exclusive."""
        return (
            min(t.x for t in self.tiles),
            min(t.y for t in self.tiles),
            max(t.x + t.size for t in self.tiles),
            max(t.y + t.size for t in self.tiles),
        )
