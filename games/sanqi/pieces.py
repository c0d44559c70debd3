# SPDX-License-Identifier: MIT AND Apache-2.0
"""SanQi's piece: ``sanqi``, a Shang, Zhong or Xia (its field's cells are the shared ``hexcell``).

Each type has its own shape as well as its colour, so the three stay apart in
black and white and for colour-blind readers, and the shapes follow the names:
Shang 上 ("above") is a red triangle pointing up, Zhong 中 ("middle") a yellow
disc, Xia 下 ("below") a blue triangle pointing down. A ``face``-side piece also
shows its character, drawn as a vector path so no font is needed.

Piece fields read: ``label`` the type letter (S, Z, X), ``length`` the piece's
size (the disc's diameter; inches), ``side`` ``face`` with the character or
``back`` without.

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

from ppprint.api import POINTS_PER_INCH, Paint, Pen, Piece, Point, Segment, parse_path, piece_drawer, register_kind

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


def _polygon(centre: Point, radius: float, angles: tuple[float, ...]) -> list[Point]:
    """Points of a polygon in SVG coordinates (y down) at table angles (counter-clockwise, degrees)."""
    x, y = centre
    return [(x + radius * math.cos(math.radians(a)), y - radius * math.sin(math.radians(a))) for a in angles]


def _character(pen: Pen, letter: str, centre: Point, height: float, colour: str) -> None:
    """The character of a type as a filled path, ``height`` points tall (one em)."""
    glyph = GLYPHS[letter]
    scale = height / glyph.em
    x = centre[0] - scale * glyph.centre[0]
    y = centre[1] + scale * glyph.centre[1]
    with pen.group(translate=(x, y), scale=scale):
        pen.shape(_flipped(glyph.path), Paint(fill=colour), role="value")


def _flipped(data: str) -> list[Segment]:
    """A glyph's path (y up) with y turned downwards."""
    return [(op, tuple(-v if i % 2 else v for i, v in enumerate(values))) for op, values in parse_path(data)]


@piece_drawer("sanqi")
def draw_piece(pen: Pen, piece: Piece) -> None:
    """A Shang (triangle up), Zhong (disc) or Xia (triangle down), with its character on the face side."""
    style = STYLES[piece.label or ""]
    diameter = (piece.length or 0.6) * POINTS_PER_INCH
    line = max(0.6, diameter / 40)
    text_centre = (0.0, 0.0)
    if style.shape == "disc":
        pen.circle((0, 0), diameter / 2, Paint(fill=style.fill, stroke=OUTLINE, width=line))
        text_height = 0.62 * diameter
    else:
        radius = 0.62 * diameter
        up = style.shape == "up"
        angles = (90.0, 210.0, 330.0) if up else (270.0, 30.0, 150.0)
        pen.polygon(_polygon((0, 0), radius, angles), Paint(fill=style.fill, stroke=OUTLINE, width=line, join="round"))
        text_centre = (0.0, (0.12 if up else -0.12) * radius)
        text_height = 0.78 * radius
    if piece.side == "face":
        _character(pen, piece.label or "", text_centre, text_height, style.ink)
