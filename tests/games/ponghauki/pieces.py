"""Pong Hau K'i's piece: ``ponghauki-stone``, a disc in its player's colour with a mark that tells the two apart
in black-and-white print (red: a filled dot; blue: a ring). ``owner`` is the player (0 red, 1 blue);
``length`` the disc's diameter, inches."""

from __future__ import annotations

from ppprint.api import Paint, Pen, Piece, piece_drawer, POINTS_PER_INCH, register_kind

STONE = 0.4
"""A stone's diameter unless the piece says, inches."""
FILLS = ("#C8102E", "#1F5FBF")
OUTLINE = "#1E1E24"
PAPER = "#FFFFFF"

register_kind("ponghauki-stone", lambda piece: (piece.length or STONE, piece.length or STONE), round=True)


@piece_drawer("ponghauki-stone")
def draw_stone(pen: Pen, piece: Piece) -> None:
    """A stone: a disc of its player's colour, outlined, with a dot (red) or a ring (blue) in paper white."""
    radius = (piece.length or STONE) * POINTS_PER_INCH / 2
    pen.circle((0.0, 0.0), radius, Paint(fill=FILLS[piece.owner or 0], stroke=OUTLINE, width=max(0.8, radius / 12)))
    if piece.owner == 1:
        pen.circle((0.0, 0.0), radius * 0.45, Paint(stroke=PAPER, width=radius * 0.16))
    else:
        pen.circle((0.0, 0.0), radius * 0.25, Paint(fill=PAPER))
