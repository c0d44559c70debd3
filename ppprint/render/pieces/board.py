"""Plain boards: ``square`` and ``hexcell``, one cell of a board drawn without piecepack tiles.

A ``hexcell`` is a pointy-top hexagonal cell; its ``length`` is the distance
between neighbouring centres in inches (as in :mod:`ppprint.geometry.hex`).
"""

from __future__ import annotations

import math

from ppprint.model.table import CELL_SIZE, Piece
from ppprint.render.draw import Paint, Pen
from ppprint.render.pieces import POINTS_PER_INCH, piece_drawer

SQUARE_FILL = "#f6f2e8"
SQUARE_LINE = "#8c8574"


@piece_drawer("square")
def draw_square(pen: Pen, piece: Piece) -> None:
    """One square cell; ``length`` is its side in inches (default one inch)."""
    side = (piece.length or CELL_SIZE) * POINTS_PER_INCH
    pen.rect(-side / 2, -side / 2, side, side, Paint(fill=SQUARE_FILL, stroke=SQUARE_LINE, width=0.75))


CELL_FILL = "#f7f3ea"
CELL_LINE = "#6b6b6b"


@piece_drawer("hexcell")
def draw_hexcell(pen: Pen, piece: Piece) -> None:
    """One pointy-top hexagonal cell of a field."""
    size = (piece.length or 0.75) * POINTS_PER_INCH
    radius = size / math.sqrt(3.0)
    corners = [(radius * math.cos(math.radians(a)), -radius * math.sin(math.radians(a))) for a in (-30.0, 30.0, 90.0, 150.0, 210.0, 270.0)]
    pen.polygon(corners, Paint(fill=CELL_FILL, stroke=CELL_LINE, width=max(0.5, size / 60)))
