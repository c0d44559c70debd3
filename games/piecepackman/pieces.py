"""The ``piecepackman`` piece: a null coin with a mouth cut towards his facing.

``Piece.angle`` is the direction of the mouth, counter-clockwise from east
(0 east, 90 north); ``Piece.label``, when set, names the suit of his objective
and is printed small in the middle of the coin.
"""

from __future__ import annotations

import math

import svgwrite
from svgwrite.base import BaseElement

from ppprint.model.table import COIN_DIAMETER, Piece, Point, register_kind
from ppprint.render.fonts import SANS_FAMILY
from ppprint.render.pieces import POINTS_PER_INCH, piece_drawer

register_kind("piecepackman", lambda piece: (COIN_DIAMETER, COIN_DIAMETER), round=True)

BODY_COLOUR = "#f2c230"
OUTLINE_COLOUR = "#6e6a62"
MOUTH_HALF_ANGLE = 35.0
"""Half the opening of the mouth, degrees."""


@piece_drawer("piecepackman")
def draw_piecepackman(dwg: svgwrite.Drawing, piece: Piece, centre: Point) -> BaseElement:
    """A coin-sized disc with a wedge missing on the side he faces."""
    cx, cy = centre
    r = COIN_DIAMETER / 2 * POINTS_PER_INCH
    group = dwg.g()
    # SVG y grows downwards, so a counter-clockwise table angle is a negative screen angle.
    upper = math.radians(piece.angle + MOUTH_HALF_ANGLE)
    lower = math.radians(piece.angle - MOUTH_HALF_ANGLE)
    x1, y1 = cx + r * math.cos(upper), cy - r * math.sin(upper)
    x2, y2 = cx + r * math.cos(lower), cy - r * math.sin(lower)
    data = f"M{cx:.3f},{cy:.3f} L{x1:.3f},{y1:.3f} A{r:.3f},{r:.3f} 0 1 0 {x2:.3f},{y2:.3f} Z"
    group.add(dwg.path(d=data, fill=BODY_COLOUR, stroke=OUTLINE_COLOUR, stroke_width=0.75))
    eye_angle = math.radians(piece.angle + 60)
    group.add(dwg.circle(
        center=(round(cx + 0.5 * r * math.cos(eye_angle), 3), round(cy - 0.5 * r * math.sin(eye_angle), 3)),
        r=round(r * 0.09, 3), fill="#1e1e24",
    ))
    if piece.label:
        group.add(dwg.text(
            piece.label[:1].upper(), insert=(round(cx - r * 0.35 * math.cos(math.radians(piece.angle)), 3),
                                             round(cy + r * 0.35 * math.sin(math.radians(piece.angle)) + 3.5, 3)),
            font_family=SANS_FAMILY, font_weight="bold", font_size=10, text_anchor="middle", fill="#1e1e24",
        ))
    return group
