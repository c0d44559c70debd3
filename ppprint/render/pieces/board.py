"""Plain boards: the ``square`` piece, one cell of a board drawn without piecepack tiles."""

from __future__ import annotations

import svgwrite
from svgwrite.base import BaseElement

from ppprint.model.table import CELL_SIZE, Piece, Point
from ppprint.render.pieces import POINTS_PER_INCH, piece_drawer

SQUARE_FILL = "#f6f2e8"
SQUARE_LINE = "#8c8574"


@piece_drawer("square")
def draw_square(dwg: svgwrite.Drawing, piece: Piece, centre: Point) -> BaseElement:
    """One square cell; ``length`` is its side in inches (default one inch)."""
    side = (piece.length or CELL_SIZE) * POINTS_PER_INCH
    x, y = centre
    return dwg.rect((x - side / 2, y - side / 2), (side, side), fill=SQUARE_FILL, stroke=SQUARE_LINE, stroke_width=0.75)
