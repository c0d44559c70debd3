"""Drawers of the standard piecepack pieces, at their real sizes.

Kinds: ``tile`` (2 in; back = grid side with 2x2 cells of 1 in, face = value
side), ``coin`` (0.75 in; face = rank, back = suit), ``die`` (0.5 in, the face
showing ``Piece.rank``), ``pawn`` (0.5 x 7/8 in silhouette), ``matchstick``
(3/16 in wide, long axis vertical at angle 0; its length is ``Piece.length``
or given by its rank; a null matchstick is a 3/8 in cube) and ``cube`` (a 3/8 in
energy cube in its suit's colour).

Every drawer draws its piece about the origin, in points with y downwards,
unturned (the figure places and turns it). Suit symbols are vector paths
(:func:`suit_symbol`), never font glyphs, so any other drawing (a
print-and-play kit, a legend) can reuse them. A piece's value is drawn with the
role ``value``.
"""

from __future__ import annotations

import math

from ppprint.model.table import (
    COIN_DIAMETER,
    CUBE_SIZE,
    DIE_SIZE,
    MATCHSTICK_WIDTH,
    PAWN_HEIGHT,
    PAWN_WIDTH,
    SUITS,
    TILE_SIZE,
    Piece,
    Point,
    matchstick_length,
)
from ppprint.render.draw import Paint, Pen
from ppprint.render.fonts import SANS_BOLD
from ppprint.render.palette import SUIT_COLOURS
from ppprint.render.palette import mix as _mix
from ppprint.render.pieces import POINTS_PER_INCH, piece_drawer


NEUTRAL_COLOUR = "#5c5c5c"
"""Colour of a piece or numeral that has no suit."""

OUTLINE_COLOUR = "#6e6a62"
"""Warm grey outline of light pieces, distinct from the near-black of moons."""

BODY_FILL = "#fbf8f1"
"""Paper-white fill of tiles, coins and dice."""

GRID_FILL = "#f1ece0"
GRID_LINE_COLOUR = "#b3aa96"
"""The tile's grid side: a light, suit-free look so boards read well."""

OWNED_TINT = 0.86
"""How far towards the paper the body of a piece that a player owns is tinted with its suit's colour."""

RANK_TEXT = {0: "", 1: "A"}
"""How a rank is printed: null shows nothing, ace shows "A", others their number."""

CAP_HEIGHT = 0.714
"""Noto Sans Bold's cap and digit height, in em: used to centre text on a point."""

STROKE_WIDTH = 0.75

_PT = POINTS_PER_INCH
_TILE = TILE_SIZE * _PT
_COIN_RADIUS = COIN_DIAMETER * _PT / 2
_DIE = DIE_SIZE * _PT
_CUBE = CUBE_SIZE * _PT
_STICK = MATCHSTICK_WIDTH * _PT


# --- colours and text -------------------------------------------------------------


def suit_colour(suit: str | None) -> str:
    """The print colour of a suit (neutral grey for no suit); ``ValueError`` if unknown."""
    if suit is None:
        return NEUTRAL_COLOUR
    if suit not in SUIT_COLOURS:
        raise ValueError(f"unknown suit '{suit}' (expected one of {', '.join(SUITS)})")
    return SUIT_COLOURS[suit]


def _body_fill(piece: Piece) -> str:
    """Paper white, or for a piece a player owns a light tint of its suit: colours follow suits, never seats."""
    if piece.owner is None or piece.suit is None:
        return BODY_FILL
    return _mix(suit_colour(piece.suit), BODY_FILL, OWNED_TINT)


def rank_text(rank: int | None) -> str:
    """The text printed for a rank: "" for null or none, "A" for ace, else the number."""
    if rank is None:
        return ""
    return RANK_TEXT.get(rank, str(rank))


def centred_text(pen: Pen, text: str, centre: Point, size: float, colour: str, role: str = "value") -> None:
    """Bold Noto Sans ``text`` whose capitals are centred on ``centre`` (baseline computed)."""
    x, y = centre
    size = pen.text_size(size)
    pen.text(text, (x, y + size * CAP_HEIGHT / 2), size, SANS_BOLD, colour, role=role)


# --- suit symbols -----------------------------------------------------------------


def _num(value: float) -> float:
    return round(value, 3)


def _circle_path(cx: float, cy: float, r: float) -> str:
    """A closed circle as two arcs, clockwise on screen."""
    return (
        f"M{_num(cx - r)},{_num(cy)} A{_num(r)},{_num(r)} 0 1 1 {_num(cx + r)},{_num(cy)} "
        f"A{_num(r)},{_num(r)} 0 1 1 {_num(cx - r)},{_num(cy)} Z"
    )


class _Pen:
    """Writes path data from unit coordinates (-1..1 across the symbol's box)."""

    def __init__(self, centre: Point, size: float):
        self.cx, self.cy = centre
        self.scale = size / 2

    def p(self, x: float, y: float) -> str:
        return f"{_num(self.cx + x * self.scale)},{_num(self.cy + y * self.scale)}"

    def path(self, *commands: tuple[str, tuple[float, ...]]) -> str:
        """``("M", (x, y)), ("C", (x1, y1, x2, y2, x, y)), ...`` as SVG path data."""
        parts = []
        for op, coords in commands:
            points = " ".join(self.p(coords[i], coords[i + 1]) for i in range(0, len(coords), 2))
            parts.append(f"{op}{points}")
        return " ".join(parts) + " Z"

    def circle(self, x: float, y: float, r: float) -> str:
        return _circle_path(self.cx + x * self.scale, self.cy + y * self.scale, r * self.scale)


def _mirror(commands: list[tuple[str, tuple[float, ...]]]) -> list[tuple[str, tuple[float, ...]]]:
    """The same path reflected in the vertical axis."""
    return [
        (op, tuple(-v if i % 2 == 0 else v for i, v in enumerate(coords))) for op, coords in commands
    ]


def _sun(pen: _Pen) -> list[str]:
    rays = []
    count, inner, outer, half = 8, 0.66, 1.0, math.radians(12)
    for i in range(count):
        a = 2 * math.pi * i / count - math.pi / 2
        rays.append(
            pen.path(
                ("M", (inner * math.cos(a - half), inner * math.sin(a - half))),
                ("L", (outer * math.cos(a), outer * math.sin(a))),
                ("L", (inner * math.cos(a + half), inner * math.sin(a + half))),
            )
        )
    return [pen.circle(0, 0, 0.52), " ".join(rays)]


def _moon(pen: _Pen) -> list[str]:
    # Outer disc of radius R about the origin minus a disc of radius r about (d cos t, d sin t).
    big, small, offset, tilt = 0.92, 0.78, 0.42, math.radians(-35)
    ox, oy = offset * math.cos(tilt), offset * math.sin(tilt)
    # The two discs' intersection points.
    along = (offset**2 + big**2 - small**2) / (2 * offset)
    across = math.sqrt(big**2 - along**2)
    ux, uy = ox / offset, oy / offset
    first = (along * ux - across * uy, along * uy + across * ux)
    second = (along * ux + across * uy, along * uy - across * ux)
    r_big, r_small = big * pen.scale, small * pen.scale
    return [
        f"M{pen.p(*first)} A{_num(r_big)},{_num(r_big)} 0 1 1 {pen.p(*second)} "
        f"A{_num(r_small)},{_num(r_small)} 0 1 0 {pen.p(*first)} Z"
    ]


def _crown(pen: _Pen) -> list[str]:
    body = pen.path(
        ("M", (-0.78, 0.38)),
        ("L", (-0.92, -0.5, -0.42, -0.02, 0.0, -0.72, 0.42, -0.02, 0.92, -0.5, 0.78, 0.38)),
    )
    band = pen.path(("M", (-0.78, 0.5)), ("L", (0.78, 0.5, 0.78, 0.78, -0.78, 0.78)))
    balls = " ".join(pen.circle(x, y, 0.14) for x, y in ((-0.93, -0.62), (0.0, -0.86), (0.93, -0.62)))
    return [body, band, balls]


def _arms(pen: _Pen) -> list[str]:
    """A fleur-de-lis: a central petal, two curled side petals, a band and a foot."""
    centre = pen.path(
        ("M", (0.0, -1.0)),
        ("C", (0.34, -0.68, 0.34, -0.3, 0.13, 0.12)),
        ("L", (-0.13, 0.12)),
        ("C", (-0.34, -0.3, -0.34, -0.68, 0.0, -1.0)),
    )
    petal = [
        ("M", (0.1, 0.12)),
        ("C", (0.22, -0.3, 0.58, -0.62, 0.86, -0.42)),
        ("C", (1.06, -0.26, 0.94, 0.1, 0.66, 0.12)),
        ("C", (0.74, 0.0, 0.74, -0.18, 0.6, -0.2)),
        ("C", (0.44, -0.22, 0.34, -0.02, 0.36, 0.12)),
    ]
    band = pen.path(("M", (-0.5, 0.12)), ("L", (0.5, 0.12, 0.5, 0.32, -0.5, 0.32)))
    foot = pen.path(
        ("M", (-0.13, 0.32)),
        ("L", (0.13, 0.32)),
        ("C", (0.16, 0.56, 0.34, 0.68, 0.56, 0.7)),
        ("C", (0.4, 0.86, 0.14, 0.86, 0.0, 0.68)),
        ("C", (-0.14, 0.86, -0.4, 0.86, -0.56, 0.7)),
        ("C", (-0.34, 0.68, -0.16, 0.56, -0.13, 0.32)),
    )
    return [centre, pen.path(*petal), pen.path(*_mirror(petal)), band, foot]


_SYMBOLS = {"suns": _sun, "moons": _moon, "crowns": _crown, "arms": _arms}


def suit_symbol(pen: Pen, suit: str, centre: Point, size: float, colour: str | None = None) -> None:
    """The suit's symbol as filled vector paths, fitting a ``size``-point square about ``centre``.

    ``colour`` defaults to the suit's colour (:data:`SUIT_COLOURS`).
    """
    fill = colour if colour is not None else suit_colour(suit)
    if suit not in _SYMBOLS:
        raise ValueError(f"unknown suit '{suit}' (expected one of {', '.join(SUITS)})")
    for data in _SYMBOLS[suit](_Pen(centre, size)):
        pen.path(data, Paint(fill=fill), role="symbol")


# --- pieces -----------------------------------------------------------------------


def _outline(fill: str) -> Paint:
    """Style of a light piece: ``fill`` with the warm grey outline."""
    return Paint(fill=fill, stroke=OUTLINE_COLOUR, width=STROKE_WIDTH)


def _edged(colour: str) -> Paint:
    """Style of a suit-coloured piece: filled with its colour, edged a shade darker."""
    return Paint(fill=colour, stroke=_mix(colour, "#000000", 0.4), width=STROKE_WIDTH)


@piece_drawer("tile")
def draw_tile(pen: Pen, piece: Piece) -> None:
    """A 2 in tile: back = grid side (2x2 cells), face = rank in the centre, suits in the corners."""
    half = _TILE / 2
    if piece.side == "back":
        pen.rect(-half, -half, _TILE, _TILE, _outline(GRID_FILL))
        line = Paint(stroke=GRID_LINE_COLOUR, width=1.0)
        pen.line((0, -half), (0, half), line)
        pen.line((-half, 0), (half, 0), line)
        return
    colour = suit_colour(piece.suit)
    pen.rect(-half, -half, _TILE, _TILE, _outline(_body_fill(piece)))
    inset = 6.0
    pen.rect(-half + inset, -half + inset, _TILE - 2 * inset, _TILE - 2 * inset, Paint(stroke=_mix(colour, BODY_FILL, 0.55), width=1.0), radius=4)
    text = rank_text(piece.rank)
    if text:
        centred_text(pen, text, (0, 0), 64, colour)
    if piece.suit is not None:
        corner, size = half - 24, 24
        for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
            suit_symbol(pen, piece.suit, (sx * corner, sy * corner), size, colour)


@piece_drawer("coin")
def draw_coin(pen: Pen, piece: Piece) -> None:
    """A 0.75 in coin: face = rank (or ``label``), back = suit symbol, both in the suit's colour."""
    colour = suit_colour(piece.suit)
    pen.circle((0, 0), _COIN_RADIUS, _outline(_body_fill(piece)))
    pen.circle((0, 0), _COIN_RADIUS - 3, Paint(stroke=_mix(colour, BODY_FILL, 0.55), width=0.75))
    if piece.side == "back" and piece.label is None:
        if piece.suit is not None:
            suit_symbol(pen, piece.suit, (0, 0), 30, colour)
        return
    text = piece.label if piece.label is not None else rank_text(piece.rank)
    if text:
        centred_text(pen, text, (0, 0), 28, colour)


@piece_drawer("die")
def draw_die(pen: Pen, piece: Piece) -> None:
    """A 0.5 in die showing ``rank`` (or ``label``) in its suit colour, suit symbols in two corners."""
    colour = suit_colour(piece.suit)
    half = _DIE / 2
    pen.rect(-half, -half, _DIE, _DIE, _outline(_body_fill(piece)), radius=4)
    if piece.suit is not None:
        corner = half - 7
        for sign in (-1, 1):
            suit_symbol(pen, piece.suit, (sign * corner, sign * corner), 8.5, colour)
    text = piece.label if piece.label is not None else rank_text(piece.rank)
    if text:
        centred_text(pen, text, (0, 0), 18, colour)


def pawn_outline() -> str:
    """The pawn's silhouette about the origin: head, collar, flared body, base (SVG path data)."""
    w, h = PAWN_WIDTH * _PT / 2, PAWN_HEIGHT * _PT / 2
    head_r = 9.0
    head_y = -h + head_r
    neck = 4.5
    neck_y = head_y + math.sqrt(head_r**2 - neck**2)
    collar_top, collar_bottom, collar = neck_y + 0.5, neck_y + 3.5, 9.0
    base_top = h - 7.0
    right = (
        f"L{w},{h} L{w},{base_top + 2} Q{w},{base_top} {w - 3},{base_top} "
        f"C{w - 9},{base_top - 6} {neck + 1},{collar_bottom + 12} {neck},{collar_bottom} "
        f"L{collar},{collar_bottom} L{collar},{collar_top} "
        f"L{neck},{collar_top} L{neck},{_num(neck_y)} "
    )
    head = f"A{head_r},{head_r} 0 1 0 {-neck},{_num(neck_y)} "
    left = (
        f"L{-neck},{collar_top} L{-collar},{collar_top} "
        f"L{-collar},{collar_bottom} L{-neck},{collar_bottom} "
        f"C{-neck - 1},{collar_bottom + 12} {-w + 9},{base_top - 6} {-w + 3},{base_top} "
        f"Q{-w},{base_top} {-w},{base_top + 2} Z"
    )
    return f"M{-w},{h} " + right + head + left


@piece_drawer("pawn")
def draw_pawn(pen: Pen, piece: Piece) -> None:
    """A 0.5 x 7/8 in pawn silhouette in the suit's colour, its suit symbol in white."""
    colour = suit_colour(piece.suit)
    pen.path(pawn_outline(), _edged(colour))
    if piece.suit is not None:
        suit_symbol(pen, piece.suit, (0, 13), 12, "#ffffff")


def _cube(pen: Pen, colour: str) -> None:
    half = _CUBE / 2
    pen.rect(-half, -half, _CUBE, _CUBE, _edged(colour), radius=1.5)
    top = half - 4.5
    pen.rect(-top, -top, 2 * top, 2 * top, Paint(fill=_mix(colour, "#ffffff", 0.3)), radius=1)


@piece_drawer("matchstick")
def draw_matchstick(pen: Pen, piece: Piece) -> None:
    """A 3/16 in wide matchstick in the suit's colour, vertical at angle 0; a null one is a cube."""
    colour = suit_colour(piece.suit)
    if piece.length is None and piece.rank == 0:
        _cube(pen, colour)
        return
    length = matchstick_length(piece) * _PT
    pen.rect(-_STICK / 2, -length / 2, _STICK, length, _edged(colour), radius=1.5)


@piece_drawer("cube")
def draw_cube(pen: Pen, piece: Piece) -> None:
    """A 3/8 in energy cube in the suit's colour, seen from above."""
    _cube(pen, suit_colour(piece.suit))
