"""The Piecepackman board: 24 tiles, grid side up, with portals at the ends of the middle rows.

Rows of five tiles, except the middle row of four tiles centred, give a 10x10
cell area (files a-j, ranks 1-10) whose ranks 5 and 6 are 8 cells wide (b-i).
The missing end squares a5, a6, j5, j6 are portals: a step from b5 to the west
arrives on i5, and so on, costing one step like any other and keeping the
walker's facing.
"""

from __future__ import annotations

from collections.abc import Iterable

from ppprint.api import Cell, Direction, Edge, Tile, TileLayout, WallMaze

BOARD_SIZE = 10
"""Cells along each side of the board's bounding square."""

MIDDLE_RANKS = (4, 5)
"""0-based ranks of the indented middle tile row (ranks 5 and 6)."""

WEST: Direction = (-1, 0)
EAST: Direction = (1, 0)


def board_layout() -> TileLayout:
    """The 24 tiles: five per row, four (centred) in the middle row."""
    tiles: list[Tile] = []
    for row in range(5):
        columns = range(4) if row == 2 else range(5)
        offset = 1 if row == 2 else 0
        tiles.extend(Tile(offset + 2 * column, 2 * row) for column in columns)
    return TileLayout(tuple(tiles))


BOARD = board_layout()
BOARD_CELLS: frozenset[Cell] = frozenset(BOARD.cells())

PORTAL_SQUARES: dict[Cell, Cell] = {
    (0, rank): (1, rank) for rank in MIDDLE_RANKS
} | {(BOARD_SIZE - 1, rank): (BOARD_SIZE - 2, rank) for rank in MIDDLE_RANKS}
"""Each portal square (off the tiles) -> the board cell next to it."""


def portal_links() -> dict[tuple[Cell, Direction], Cell]:
    """Steps into a portal: ``(end cell, outward direction)`` -> the far end cell of the row."""
    links: dict[tuple[Cell, Direction], Cell] = {}
    for rank in MIDDLE_RANKS:
        west_end, east_end = (1, rank), (BOARD_SIZE - 2, rank)
        links[(west_end, WEST)] = east_end
        links[(east_end, EAST)] = west_end
    return links


PORTAL_LINKS = portal_links()


def portal_edges() -> frozenset[Edge]:
    """The edges between an end cell and its portal square; a wall there would close the portal."""
    return frozenset(
        (min(portal, cell), max(portal, cell)) for portal, cell in PORTAL_SQUARES.items()
    )


def board_maze(walls: Iterable[Edge]) -> WallMaze:
    """The Piecepackman board with these walls, portals joined."""
    return WallMaze(BOARD_CELLS, frozenset(walls), PORTAL_LINKS)


def is_portal_step(start: Cell, target: Cell) -> bool:
    """Whether a step from ``start`` to ``target`` goes through a portal."""
    return abs(start[0] - target[0]) + abs(start[1] - target[1]) > 1

