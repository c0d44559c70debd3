# SPDX-License-Identifier: MIT
"""The ``piecepackman`` piece: a null coin with a mouth cut towards his facing.

``Piece.angle`` is the direction of the mouth, counter-clockwise from east
(0 east, 90 north); ``Piece.label``, when set, names the suit of his objective
and is printed small in the middle of the coin.
"""

from __future__ import annotations

import math

from ppprint.api import COIN_DIAMETER, POINTS_PER_INCH, Paint, Pen, Piece, SANS_BOLD, piece_drawer, register_kind

register_kind("piecepackman", lambda piece: (COIN_DIAMETER, COIN_DIAMETER), round=True)

BODY_COLOUR = "#f2c230"
OUTLINE_COLOUR = "#6e6a62"
MOUTH_HALF_ANGLE = 35.0
"""Half the opening of the mouth, degrees."""


@piece_drawer("piecepackman")
def draw_piecepackman(pen: Pen, piece: Piece) -> None:
    """A coin-sized disc with a wedge missing on the side he faces (east here: the figure turns him)."""
    r = COIN_DIAMETER / 2 * POINTS_PER_INCH
    upper, lower = math.radians(MOUTH_HALF_ANGLE), math.radians(-MOUTH_HALF_ANGLE)
    x1, y1 = r * math.cos(upper), -r * math.sin(upper)
    x2, y2 = r * math.cos(lower), -r * math.sin(lower)
    pen.path(f"M0,0 L{x1:.3f},{y1:.3f} A{r:.3f},{r:.3f} 0 1 0 {x2:.3f},{y2:.3f} Z", Paint(fill=BODY_COLOUR, stroke=OUTLINE_COLOUR, width=0.75))
    eye = math.radians(60)
    pen.circle((0.5 * r * math.cos(eye), -0.5 * r * math.sin(eye)), r * 0.09, Paint(fill="#1e1e24"))
    if piece.label:
        with pen.group(translate=(-0.35 * r, 0.0), rotate=piece.angle):  # the letter stays upright
            pen.text(piece.label[:1].upper(), (0.0, 3.5), 10, SANS_BOLD, "#1e1e24", role="value")
