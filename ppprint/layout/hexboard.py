"""A hexagonal board: the pointy-top cells of a :class:`~ppprint.geometry.hex.HexField`, in board units.

One board unit is the distance between the centres of two neighbouring cells
(a cell's width across its flat sides), so a view sets ``scene.unit`` to the
cell size it wants in inches. The field's centre cell lies at the origin.

Cells are named as :mod:`ppprint.geometry.hex` names them (``a1`` bottom left,
letters along the NW-SE diagonals, numbers along the rows). A board may show
only a *window* of its field -- the cells within some steps of a centre cell --
keeping the cells' field names, so a diagram can show the part of a large field
that matters.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

from ppprint.geometry.hex import SE, W, Hex, HexField, centre_point, corner_points, distance, file_letters, step
from ppprint.layout.boards import Board, Polygon
from ppprint.model.table import Label, Piece, Point

LABEL_OFFSET = 0.8
"""How far from the centre of a cell at the board's edge its coordinate label sits, in cells."""


@dataclass(frozen=True)
class HexBoard(Board):
    """A hexagonal field of pointy-top hexagonal cells, one board unit between neighbouring centres.

    ``window`` is ``(centre cell, radius)``: show only the cells within
    ``radius`` steps of the centre (default: the whole field). ``cell_kind`` is
    the board piece kind drawn for each cell (``None`` for none); its pieces get
    the cell's name as ``label`` and ``cell_length`` as ``length`` -- in inches,
    since piece lengths are not scaled by the scene's unit: give the scene's
    ``unit`` here too.

    Coordinate labels: the row number left of each shown row's leftmost cell,
    and the file letters past the lower end of each shown NW-SE diagonal (south
    east of every shown cell whose south-east neighbour is not shown).
    """

    field: HexField
    window: tuple[Hex, int] | None = None
    cell_kind: str | None = "hexcell"
    cell_length: float = 1.0

    @cached_property
    def cells(self) -> tuple[Hex, ...]:
        """The cells shown, in the field's order (row by row from the bottom, left to right)."""
        if self.window is None:
            return tuple(self.field.cells())
        centre, radius = self.window
        return tuple(cell for cell in self.field.cells() if distance(cell, centre) <= radius)

    @cached_property
    def _outlines(self) -> dict[str, Polygon]:
        return {self.field.name(cell): corner_points(self.cell_centre(cell), 1.0) for cell in self.cells}

    def outlines(self) -> Mapping[str, Polygon]:
        return self._outlines

    def cell_centre(self, cell: Hex) -> Point:
        """The centre of a cell (axial coordinates), board units."""
        return centre_point(cell, 1.0)

    def centre(self, cell: str) -> Point:
        """The centre of a named cell of the field (shown or not)."""
        found = self.field.parse(cell)
        if found is None:
            raise KeyError(f"'{cell}' is not a cell of the field of side {self.field.side}")
        return self.cell_centre(found)

    def pieces(self) -> list[Piece]:
        if self.cell_kind is None:
            return []
        kind, length, name = self.cell_kind, self.cell_length, self.field.name
        return [Piece(kind, *self.cell_centre(cell), label=name(cell), length=length) for cell in self.cells]

    def coordinate_labels(self) -> list[Label]:
        side = self.field.side
        shown = set(self.cells)
        leftmost: dict[int, Hex] = {}
        for cell in self.cells:
            row = cell[1]
            if row not in leftmost or cell[0] < leftmost[row][0]:
                leftmost[row] = cell
        labels = []
        for q, r in leftmost.values():
            labels.append(Label(centre_point((q + LABEL_OFFSET * W[0], r + LABEL_OFFSET * W[1]), 1.0), str(r + side)))
        for cell in self.cells:
            if step(cell, SE) not in shown:
                q, r = cell
                at = centre_point((q + LABEL_OFFSET * SE[0], r + LABEL_OFFSET * SE[1]), 1.0)
                labels.append(Label(at, file_letters(q + r + side - 1)))
        return labels
