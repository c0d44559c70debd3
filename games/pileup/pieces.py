# SPDX-License-Identifier: MIT
"""Pile Up pieces: board squares, numbered discs and stacks.

A single piece (``pileup-piece``) is a disc seen from above with its value:
black pieces are filled black with a white number, white pieces are white with
a black rim and a black number, so both read in black-and-white print.

A stack (``pileup-stack``) is drawn side-on as a short column of the same
discs, bottom piece lowest: every piece is a band showing its number in its
own colours, and the top piece also shows its face, so the height, every value
and the controller (the top) are seen at a glance. ``Piece.stack`` holds the
pieces bottom to top as signed values: ``+v`` a black piece, ``-v`` a white one.
"""

from __future__ import annotations

from ppprint.api import COIN_DIAMETER, POINTS_PER_INCH, Paint, Pen, Piece, SANS_BOLD, piece_drawer, register_kind

DISC = COIN_DIAMETER * POINTS_PER_INCH
"""Diameter of a piece, points."""
BAND = 0.27 * POINTS_PER_INCH
"""Height of one piece seen side-on in a stack, points."""
RIM = 0.24 * BAND
"""Half-height of a piece's face seen at the stack's slant, points."""
LINE = 1.2
INK, PAPER = "#000000", "#ffffff"
SQUARE_LINE = "#555555"

register_kind("pileup-square", lambda piece: (piece.length or 1.0, piece.length or 1.0), board=True)
register_kind("pileup-piece", lambda piece: (COIN_DIAMETER, COIN_DIAMETER), round=True)
register_kind("pileup-stack", lambda piece: (COIN_DIAMETER, (len(piece.stack) * BAND + 2 * RIM) / POINTS_PER_INCH))


def _colours(owner: int | None) -> tuple[str, str]:
    """(fill, ink) of a piece: black pieces are black with white numbers, white the reverse."""
    return (INK, PAPER) if owner == 0 else (PAPER, INK)


def _number(pen: Pen, value: int, x: float, y: float, size: float, colour: str) -> None:
    """A value centred on ``(x, y)`` (the baseline is lowered by about a third of the size)."""
    size = pen.text_size(size)
    pen.text(str(value), (x, y + 0.35 * size), size, SANS_BOLD, colour, role="value")


@piece_drawer("pileup-square")
def draw_square(pen: Pen, piece: Piece) -> None:
    """One square of the board; ``length`` is its side in inches."""
    side = (piece.length or 1.0) * POINTS_PER_INCH
    pen.rect(-side / 2, -side / 2, side, side, Paint(fill=PAPER, stroke=SQUARE_LINE, width=0.8))


@piece_drawer("pileup-piece")
def draw_piece(pen: Pen, piece: Piece) -> None:
    """A single piece from above: a disc with its value (``rank``) in the owner's colours."""
    fill, ink = _colours(piece.owner)
    pen.circle((0, 0), DISC / 2, Paint(fill=fill, stroke=INK, width=LINE))
    pen.circle((0, 0), DISC / 2 - 3.5, Paint(stroke=ink, width=0.6))
    _number(pen, piece.rank or 0, 0, 0, 0.42 * DISC, ink)


def _band(left: float, right: float, top: float) -> str:
    """The outline of one piece seen side-on: its sides and the front halves of its two rims."""
    radius_x = (right - left) / 2
    return (
        f"M {left},{top} L {left},{top + BAND} "
        f"A {radius_x},{RIM} 0 0 0 {right},{top + BAND} L {right},{top} "
        f"A {radius_x},{RIM} 0 0 1 {left},{top} Z"
    )


@piece_drawer("pileup-stack")
def draw_stack(pen: Pen, piece: Piece) -> None:
    """A stack side-on: one band per piece with its number, the top piece's face above."""
    left, right = -DISC / 2, DISC / 2
    height = len(piece.stack) * BAND + 2 * RIM
    bottom = height / 2 - RIM
    for level, code in enumerate(piece.stack):
        fill, ink = _colours(0 if code > 0 else 1)
        top = bottom - (level + 1) * BAND
        pen.path(_band(left, right, top), Paint(fill=fill, stroke=INK, width=LINE))
        _number(pen, abs(code), 0, top + BAND / 2 + RIM / 2, 0.66 * BAND, ink)
    face_y = bottom - len(piece.stack) * BAND
    fill, ink = _colours(0 if piece.stack[-1] > 0 else 1)
    pen.ellipse((0, face_y), DISC / 2, RIM, Paint(fill=fill, stroke=INK, width=LINE))
    pen.ellipse((0, face_y), DISC / 2 - 4, RIM - 1.2, Paint(stroke=ink, width=0.6))
