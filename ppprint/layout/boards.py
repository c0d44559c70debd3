"""Boards in board units: named cells with outlines, the board's own pieces, coordinate labels.

A view places pieces with a board's help (the centre of a cell or a tile, the
middle of a cell edge); :func:`ppprint.layout.lay_out` turns the result into a
piece table. One board unit is one cell (one inch for piecepack boards).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

from ppprint.geometry.square import Cell, Direction, SquareGrid, cell_name
from ppprint.geometry.tiles import Tile, TileLayout
from ppprint.model.table import Label, Piece, Point

Polygon = tuple[Point, ...]
Box = tuple[float, float, float, float]
"""``(x0, y0, x1, y1)``: an axis-aligned rectangle, board units."""

LABEL_GAP = 0.25
"""How far outside the board's frame coordinate labels sit (their centres), board units."""


def rectangle(x0: float, y0: float, x1: float, y1: float) -> Polygon:
    """The outline of an axis-aligned rectangle, counter-clockwise from its lower-left corner."""
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def centre_of(polygon: Sequence[Point]) -> Point:
    """The mean of a polygon's corners."""
    return sum(p[0] for p in polygon) / len(polygon), sum(p[1] for p in polygon) / len(polygon)


class Board(ABC):
    """A board's geometry: cell names and outlines, and where its coordinate labels go."""

    @abstractmethod
    def outlines(self) -> Mapping[str, Polygon]:
        """Each named cell's outline."""

    @abstractmethod
    def coordinate_labels(self) -> list[Label]:
        """Letters and numbers naming the files and ranks (or rows), outside the board."""

    def pieces(self) -> list[Piece]:
        """The pieces the board is made of (tiles, squares, cells); a view may use or replace them."""
        return []

    def window_labels(self, window: Box) -> list[Label] | None:
        """The coordinate labels of the part of the board inside ``window`` (a rectangle of whole cells),
        on the window's edges; ``None``: this board cannot be cropped to a rectangle."""
        return None

    def centre(self, cell: str) -> Point:
        """The centre of a named cell."""
        return centre_of(self.outlines()[cell])


@dataclass(frozen=True)
class SquareBoard(Board):
    """A rectangle of square cells named ``a1`` upwards; ``square`` is the piece kind drawn per cell, if any."""

    files: int
    ranks: int
    square: str | None = None

    @cached_property
    def grid(self) -> SquareGrid:
        """The cells, for the rules' grid helpers."""
        return SquareGrid(self.files, self.ranks)

    @cached_property
    def _outlines(self) -> dict[str, Polygon]:
        return {cell_name(c): rectangle(c[0], c[1], c[0] + 1, c[1] + 1) for c in self.grid.cells()}

    def outlines(self) -> Mapping[str, Polygon]:
        return self._outlines

    def pieces(self) -> list[Piece]:
        if self.square is None:
            return []
        return [Piece(self.square, c[0] + 0.5, c[1] + 0.5, length=1.0) for c in self.grid.cells()]

    def coordinate_labels(self) -> list[Label]:
        return frame_labels((0, 0), (self.files, self.ranks))

    def window_labels(self, window: Box) -> list[Label]:
        return frame_labels((0, 0), (self.files, self.ranks), within=window)


@dataclass(frozen=True)
class TileBoard(Board):
    """Piecepack tiles laid out on a cell grid (:class:`TileLayout`), grid side up.

    ``names`` names each cell (default: algebraic names from the cell's
    coordinates); ``frame`` is the lower-left cell and size in cells of the
    rectangle the names run over, for the coordinate labels (default: the
    layout's bounds); ``sides`` are the sides of the frame that get labels.
    """

    layout: TileLayout
    names: Mapping[Cell, str] | None = None
    frame: tuple[Cell, tuple[int, int]] | None = None
    sides: tuple[str, ...] = ("bottom", "left")

    @cached_property
    def _outlines(self) -> dict[str, Polygon]:
        return {self.name(cell): rectangle(*self.layout.outline(cell)) for cell in self.layout.cells()}

    def name(self, cell: Cell) -> str:
        """The name of a cell."""
        return self.names[cell] if self.names is not None else cell_name(cell)

    def outlines(self) -> Mapping[str, Polygon]:
        return self._outlines

    def tile_centre(self, tile: Tile) -> Point:
        """The centre of a tile."""
        return tile.x + tile.size / 2, tile.y + tile.size / 2

    def pieces(self) -> list[Piece]:
        return [Piece("tile", *self.tile_centre(tile), side="back") for tile in self.layout.tiles]

    def edge_centre(self, cell: Cell, direction: Direction) -> Point:
        """The middle of a cell's edge on the side ``direction`` points to."""
        x0, y0, x1, y1 = self.layout.outline(cell)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        return cx + direction[0] * (x1 - x0) / 2, cy + direction[1] * (y1 - y0) / 2

    def coordinate_labels(self) -> list[Label]:
        if self.frame is None:
            x0, y0, x1, y1 = self.layout.bounds()
            return frame_labels((x0, y0), (x1 - x0, y1 - y0), self.sides)
        return frame_labels(*self.frame, self.sides)

    def window_labels(self, window: Box) -> list[Label]:
        if self.frame is None:
            x0, y0, x1, y1 = self.layout.bounds()
            return frame_labels((x0, y0), (x1 - x0, y1 - y0), self.sides, window)
        return frame_labels(*self.frame, self.sides, window)


def frame_labels(origin: Cell, size: tuple[int, int], sides: Sequence[str] = ("bottom", "left"), within: Box | None = None) -> list[Label]:
    """File letters below/above and rank numbers left/right of a frame of cells, :data:`LABEL_GAP` outside it.

    ``within``: only the files and ranks crossing that rectangle (a board cropped to a window), labelled
    on its edges rather than the frame's."""
    (x0, y0), (files, ranks) = origin, size
    left, bottom, right, top = within if within is not None else (x0, y0, x0 + files, y0 + ranks)
    labels: list[Label] = []
    for file in range(files):
        letter, x = chr(ord("a") + file), x0 + file + 0.5
        if not left < x < right:
            continue
        if "bottom" in sides:
            labels.append(Label((x, bottom - LABEL_GAP), letter))
        if "top" in sides:
            labels.append(Label((x, top + LABEL_GAP), letter))
    for rank in range(ranks):
        number, y = str(rank + 1), y0 + rank + 0.5
        if not bottom < y < top:
            continue
        if "left" in sides:
            labels.append(Label((left - LABEL_GAP, y), number))
        if "right" in sides:
            labels.append(Label((right + LABEL_GAP, y), number))
    return labels
