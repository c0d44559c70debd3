"""A graph board's pieces: ``graphline`` (a line between two points), ``graphpoint`` (a point's disc) and
``graphregion`` (a region: a tinted band through its points, side ``face``, or an outlined one, side ``back``).

A line's ``length`` is its length in inches, drawn along its ``angle``; a point's
``length`` is its disc's diameter; a region's ``path`` holds its points (inches from
its centre, y upwards) and its ``length`` the band's width.
"""

from __future__ import annotations

from ppprint.model.table import GRAPH_LINE_WIDTH, Piece
from ppprint.render.draw import Paint, Pen
from ppprint.render.palette import PAPER
from ppprint.render.pieces import POINTS_PER_INCH, piece_drawer

LINE_INK = "#4A4A4A"
POINT_INK = "#1E1E24"
REGION_FILL = "#F1E6CB"
REGION_LINE = "#8C7A4E"
REGION_LINE_PT = 1.4


@piece_drawer("graphline")
def draw_line(pen: Pen, piece: Piece) -> None:
    """A line of the board, ``length`` inches long, centred on the piece."""
    half = (piece.length or 1.0) * POINTS_PER_INCH / 2
    pen.line((-half, 0.0), (half, 0.0), Paint(stroke=LINE_INK, width=GRAPH_LINE_WIDTH * POINTS_PER_INCH, cap="round"))


@piece_drawer("graphpoint")
def draw_point(pen: Pen, piece: Piece) -> None:
    """A point of the board: a small dark disc."""
    pen.circle((0.0, 0.0), (piece.length or 0.09) * POINTS_PER_INCH / 2, Paint(fill=POINT_INK))


@piece_drawer("graphregion")
def draw_region(pen: Pen, piece: Piece) -> None:
    """A region: a band ``length`` inches wide through its points, tinted (``face``) or outlined (``back``)."""
    band = (piece.length or 0.5) * POINTS_PER_INCH
    path = [(x * POINTS_PER_INCH, -y * POINTS_PER_INCH) for x, y in piece.path]
    layers = [(REGION_FILL, band)] if piece.side == "face" else [(REGION_LINE, band), (PAPER, band - 2 * REGION_LINE_PT)]
    for ink, width in layers:
        if len(path) == 1:
            pen.circle(path[0], width / 2, Paint(fill=ink))
        else:
            pen.polyline(path, Paint(stroke=ink, width=width, cap="round", join="round"))
