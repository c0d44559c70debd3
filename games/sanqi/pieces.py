"""SanQi drawers: ``hexcell`` (one cell of a hexagonal field) and ``sanqi`` (a Shang, Zhong or Xia piece).

Each type has its own shape as well as its colour, so the three stay apart in
black and white and for colour-blind readers, and the shapes follow the names:
Shang 上 ("above") is a red triangle pointing up, Zhong 中 ("middle") a yellow
disc, Xia 下 ("below") a blue triangle pointing down. A ``face``-side piece also
shows its character, drawn as a vector path so no font is needed.

Piece fields read: ``label`` the type letter (S, Z, X), ``length`` the piece's
size (the disc's diameter; inches), ``side`` ``face`` with the character or
``back`` without. A ``hexcell``'s ``length`` is the cell size (inches between
neighbouring centres, as in :mod:`ppprint.geometry.hex`).

The outlines of 上, 中 and 下 below come from Droid Sans Fallback
(DroidSansFallbackFull.ttf, glyphs uni4E0A, uni4E2D, uni4E0B, 256 units per em),
Copyright (c) 2006, 2007, 2008, 2009, 2010 Google Corp.; Droid is a trademark of
Google Corp. Licensed under the Apache License, Version 2.0 (the "License"); you
may not use these outlines except in compliance with the License. You may obtain
a copy of the License at http://www.apache.org/licenses/LICENSE-2.0. Unless
required by applicable law or agreed to in writing, software distributed under
the License is distributed on an "AS IS" BASIS, WITHOUT WARRANTIES OR CONDITIONS
OF ANY KIND, either express or implied. See the License for the specific
language governing permissions and limitations under the License. The outlines
are unchanged, written as SVG path data with y upwards.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import svgwrite
from svgwrite.base import BaseElement

from ppprint.model.table import Piece, Point, register_kind
from ppprint.render.pieces import POINTS_PER_INCH, piece_drawer

register_kind("hexcell", lambda piece: ((piece.length or 0.75), 2 * (piece.length or 0.75) / math.sqrt(3.0)), board=True)
register_kind("sanqi", lambda piece: (1.24 * (piece.length or 0.6), 1.24 * (piece.length or 0.6)))


@dataclass(frozen=True)
class Glyph:
    """A character outline in font units (y up) and the centre of its bounding box."""

    path: str
    centre: Point
    em: float = 256.0


GLYPHS: dict[str, Glyph] = {
    "S": Glyph("M107 203H128V133H226V113H128V8H238V-12H20V8H107Z", (129.0, 95.5)),
    "Z": Glyph(
        "M229 169V46H209V62H137V-25H117V62H48V44H28V169H117V208H137V169Z"
        "M48 81H117V150H48ZM137 150V81H209V150Z",
        (128.5, 91.5),
    ),
    "X": Glyph(
        "M110 174H18V193H239V174H130V118Q179 89 213 61L199 42Q166 72 130 95V-23H110Z",
        (128.5, 85.0),
    ),
}
"""上 Shang, 中 Zhong, 下 Xia (see the module notes for their origin and licence)."""


@dataclass(frozen=True)
class PieceStyle:
    """How one type looks: its shape, fill, the colour of its character."""

    shape: str
    fill: str
    ink: str


STYLES: dict[str, PieceStyle] = {
    "S": PieceStyle("up", "#d62f2f", "#ffffff"),
    "Z": PieceStyle("disc", "#f5c518", "#1a1a1a"),
    "X": PieceStyle("down", "#1f5fbf", "#ffffff"),
}
OUTLINE = "#1a1a1a"
CELL_FILL = "#f7f3ea"
CELL_LINE = "#6b6b6b"


def _polygon(centre: Point, radius: float, angles: tuple[float, ...]) -> list[Point]:
    """Points of a polygon in SVG coordinates (y down) at table angles (counter-clockwise, degrees)."""
    x, y = centre
    return [(x + radius * math.cos(math.radians(a)), y - radius * math.sin(math.radians(a))) for a in angles]


def _character(drawing: svgwrite.Drawing, letter: str, centre: Point, height: float, colour: str) -> BaseElement:
    """The character of a type as a filled path, ``height`` points tall (one em)."""
    glyph = GLYPHS[letter]
    scale = height / glyph.em
    x = centre[0] - scale * glyph.centre[0]
    y = centre[1] + scale * glyph.centre[1]
    group = drawing.g(transform=f"translate({x:.3f},{y:.3f}) scale({scale:.5f},{-scale:.5f})")
    group.add(drawing.path(d=glyph.path, fill=colour, stroke="none"))
    return group


@piece_drawer("sanqi")
def draw_piece(drawing: svgwrite.Drawing, piece: Piece, centre: Point) -> BaseElement:
    """A Shang (triangle up), Zhong (disc) or Xia (triangle down), with its character on the face side."""
    style = STYLES[piece.label or ""]
    diameter = (piece.length or 0.6) * POINTS_PER_INCH
    line = max(0.6, diameter / 40)
    group = drawing.g(class_=f"sanqi sanqi-{piece.label}")
    text_centre = centre
    if style.shape == "disc":
        group.add(drawing.circle(center=centre, r=diameter / 2, fill=style.fill, stroke=OUTLINE, stroke_width=line))
        text_height = 0.62 * diameter
    else:
        radius = 0.62 * diameter
        up = style.shape == "up"
        angles = (90.0, 210.0, 330.0) if up else (270.0, 30.0, 150.0)
        group.add(
            drawing.polygon(
                _polygon(centre, radius, angles), fill=style.fill, stroke=OUTLINE, stroke_width=line,
                stroke_linejoin="round",
            )
        )
        text_centre = (centre[0], centre[1] + (0.12 if up else -0.12) * radius)
        text_height = 0.78 * radius
    if piece.side == "face":
        group.add(_character(drawing, piece.label or "", text_centre, text_height, style.ink))
    return group


@piece_drawer("hexcell")
def draw_cell(drawing: svgwrite.Drawing, piece: Piece, centre: Point) -> BaseElement:
    """One pointy-top hexagonal cell of a field."""
    size = (piece.length or 0.75) * POINTS_PER_INCH
    corners = _polygon(centre, size / math.sqrt(3.0), (-30.0, 30.0, 90.0, 150.0, 210.0, 270.0))
    return drawing.polygon(corners, fill=CELL_FILL, stroke=CELL_LINE, stroke_width=max(0.5, size / 60))
