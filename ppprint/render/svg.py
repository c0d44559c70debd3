"""Diagrams as SVG: a piece table plus move arrows and marks, one or more panels.

Sizes are physical: one SVG user unit is one point (1/72 in) and the root
element carries its width and height in inches, so svglib gives a ReportLab
drawing at true piecepack size. Arrowheads are polygons (svglib drops
``marker``), translucency is ``fill-opacity``, text uses the shipped Noto fonts.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import svgwrite
from svgwrite.container import Group

from ppprint.model.table import Arrow, Cross, Highlight, Label, Mark, Point, Table, piece_kind
from ppprint.render.fonts import SANS_FAMILY
from ppprint.render.pieces import POINTS_PER_INCH, drawer_for

MARGIN = 0.15
"""Blank border around a panel, inches."""
LABEL_SIZE = 0.035
"""Panel label size as a share of the panel's width (at least 11 pt), so labels stay
readable when a wide multi-panel figure is scaled down to fit a page."""
PANEL_GAP = 0.3

COLOURS = {
    "legal": "#1a8a3c",
    "illegal": "#c81e1e",
    "neutral": "#2a5fa8",
    "played": "#2a5fa8",
    "capture": "#e08a00",
    "highlight": "#ffd22e",
    "first": "#e0413a",
    "second": "#3a3a3a",
}


@dataclass(frozen=True)
class PanelPicture:
    """One panel ready to draw: its table, its marks and its label."""

    table: Table
    marks: Sequence[Mark]
    label: str = ""


class _Canvas:
    """Maps table inches (y up) to SVG points (y down) for one panel."""

    def __init__(self, dwg: svgwrite.Drawing, table: Table, origin: Point, margin: float):
        self.dwg = dwg
        self.min_x, _, _, self.max_y = table.bounds
        self.origin = origin
        self.margin = margin

    def point(self, p: Point) -> Point:
        return (
            self.origin[0] + (p[0] - self.min_x + self.margin) * POINTS_PER_INCH,
            self.origin[1] + (self.max_y - p[1] + self.margin) * POINTS_PER_INCH,
        )


def panel_size(table: Table, margin: float = MARGIN) -> tuple[float, float]:
    """A panel's width and height in inches, margins included."""
    min_x, min_y, max_x, max_y = table.bounds
    return max_x - min_x + 2 * margin, max_y - min_y + 2 * margin


def figure_svg(panels: Sequence[PanelPicture], columns: int = 1, margin: float = MARGIN) -> str:
    """One SVG document with the panels on a grid, each labelled underneath.

    ``margin`` is the blank border around each panel (inches); print-and-play
    pieces use 0 so the drawing's edge is the piece's cut line.
    """
    columns = max(1, min(columns, len(panels)))
    rows = math.ceil(len(panels) / columns)
    cell_w = max(panel_size(p.table, margin)[0] for p in panels)
    has_labels = any(p.label for p in panels)
    label_pt = max(11.0, LABEL_SIZE * cell_w * POINTS_PER_INCH)
    label_height = 2.0 * label_pt / POINTS_PER_INCH if has_labels else 0.0
    cell_h = max(panel_size(p.table, margin)[1] for p in panels) + label_height
    width = columns * cell_w + (columns - 1) * PANEL_GAP
    height = rows * cell_h + (rows - 1) * PANEL_GAP
    dwg = svgwrite.Drawing(
        size=(f"{width:.4f}in", f"{height:.4f}in"),
        viewBox=f"0 0 {width * POINTS_PER_INCH:.3f} {height * POINTS_PER_INCH:.3f}",
        profile="full",
        debug=False,
    )
    for index, picture in enumerate(panels):
        column, row = index % columns, index // columns
        w, h = panel_size(picture.table, margin)
        x0 = (column * (cell_w + PANEL_GAP) + (cell_w - w) / 2) * POINTS_PER_INCH
        y0 = (row * (cell_h + PANEL_GAP) + (cell_h - h - label_height) / 2) * POINTS_PER_INCH
        group = dwg.g(id=f"panel-{index + 1}")
        _draw_panel(dwg, group, picture, (x0, y0), margin)
        if picture.label:
            centre_x = (column * (cell_w + PANEL_GAP) + cell_w / 2) * POINTS_PER_INCH
            base_y = (row * (cell_h + PANEL_GAP) + cell_h) * POINTS_PER_INCH - label_pt * 0.6
            group.add(_text(dwg, picture.label, (centre_x, base_y), label_pt, "#222222"))
        dwg.add(group)
    return str(dwg.tostring())


def _draw_panel(dwg: svgwrite.Drawing, group: Group, picture: PanelPicture, origin: Point, margin: float) -> None:
    canvas = _Canvas(dwg, picture.table, origin, margin)
    pieces = picture.table.pieces
    for piece in pieces:
        if piece_kind(piece.kind).board:
            group.add(drawer_for(piece.kind)(dwg, piece, canvas.point((piece.x, piece.y))))
    for mark in picture.marks:
        if isinstance(mark, Highlight):
            group.add(_highlight(canvas, mark))
    for piece in pieces:
        if not piece_kind(piece.kind).board:
            group.add(drawer_for(piece.kind)(dwg, piece, canvas.point((piece.x, piece.y))))
    for mark in picture.marks:
        if isinstance(mark, Arrow):
            group.add(_arrow(canvas, mark))
    for mark in picture.marks:
        if isinstance(mark, Cross):
            group.add(_cross(canvas, mark.at, COLOURS[mark.kind]))
        elif isinstance(mark, Label):
            group.add(_boxed_text(canvas, mark))
    for label in picture.table.coordinates:
        x, y = canvas.point(label.at)
        group.add(_text(dwg, label.text, (x, y + 3.5), 10, "#666666"))


def _highlight(canvas: _Canvas, mark: Highlight) -> svgwrite.shapes.Polygon:
    inset = _inset(mark.polygon, 0.04)
    return canvas.dwg.polygon(
        [canvas.point(p) for p in inset],
        fill=COLOURS.get(mark.kind, COLOURS["highlight"]),
        fill_opacity=0.45,
        stroke=COLOURS.get(mark.kind, COLOURS["highlight"]),
        stroke_width=1.5,
    )


def _inset(polygon: Sequence[Point], amount: float) -> list[Point]:
    cx = sum(p[0] for p in polygon) / len(polygon)
    cy = sum(p[1] for p in polygon) / len(polygon)
    result = []
    for x, y in polygon:
        d = math.hypot(x - cx, y - cy) or 1.0
        result.append((x - (x - cx) * amount / d, y - (y - cy) * amount / d))
    return result


def _arrow(canvas: _Canvas, arrow: Arrow) -> Group:
    """A shaft along the points and a triangular head, as filled polygons with a white rim."""
    colour = COLOURS.get(arrow.kind, COLOURS["neutral"])
    points = [canvas.point(p) for p in arrow.points]
    group = canvas.dwg.g()
    if len(points) < 2:
        return group
    shaft, head_len, head_w = 4.5, 14.0, 14.0
    start_gap, end_gap = 20.0, 6.0
    points = _trim(points, start_gap, end_gap + head_len)
    outline = _thick_polyline(points, shaft)
    (ex, ey), (px, py) = points[-1], points[-2]
    ux, uy = _unit(ex - px, ey - py)
    tip = (ex + ux * head_len, ey + uy * head_len)
    head = [
        tip,
        (ex - uy * head_w / 2, ey + ux * head_w / 2),
        (ex + uy * head_w / 2, ey - ux * head_w / 2),
    ]
    for stroke_width in (3.0, 0.0):
        style = {"fill": colour, "stroke": "white" if stroke_width else "none", "stroke_width": stroke_width}
        style["stroke_linejoin"] = "round"
        group.add(canvas.dwg.polygon(outline, **style))
        group.add(canvas.dwg.polygon(head, **style))
    if arrow.kind == "illegal":
        mx, my = _midpoint(points)
        group.add(_cross_points(canvas.dwg, (mx, my), colour))
    return group


def _trim(points: list[Point], start: float, end: float) -> list[Point]:
    """Shorten a polyline by ``start`` at its beginning and ``end`` at its end (points)."""
    points = list(points)
    (x0, y0), (x1, y1) = points[0], points[1]
    ux, uy = _unit(x1 - x0, y1 - y0)
    points[0] = (x0 + ux * start, y0 + uy * start)
    (x0, y0), (x1, y1) = points[-2], points[-1]
    ux, uy = _unit(x1 - x0, y1 - y0)
    points[-1] = (x1 - ux * end, y1 - uy * end)
    return points


def _thick_polyline(points: list[Point], width: float) -> list[Point]:
    """The outline polygon of a polyline of the given width, with mitred joints."""
    left: list[Point] = []
    right: list[Point] = []
    for i, (x, y) in enumerate(points):
        segments = []
        if i > 0:
            segments.append(_unit(x - points[i - 1][0], y - points[i - 1][1]))
        if i + 1 < len(points):
            segments.append(_unit(points[i + 1][0] - x, points[i + 1][1] - y))
        normals = [(-uy, ux) for ux, uy in segments]
        nx, ny = _unit(sum(n[0] for n in normals), sum(n[1] for n in normals))
        offset = width / 2 / max(nx * normals[0][0] + ny * normals[0][1], 0.5)
        left.append((x + nx * offset, y + ny * offset))
        right.append((x - nx * offset, y - ny * offset))
    return left + right[::-1]


def _midpoint(points: list[Point]) -> Point:
    lengths = [math.dist(a, b) for a, b in zip(points, points[1:])]
    half = sum(lengths) / 2
    for (a, b), length in zip(zip(points, points[1:]), lengths):
        if half <= length and length:
            t = half / length
            return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        half -= length
    return points[-1]


def _unit(dx: float, dy: float) -> Point:
    length = math.hypot(dx, dy) or 1.0
    return dx / length, dy / length


def _cross(canvas: _Canvas, at: Point, colour: str) -> Group:
    return _cross_points(canvas.dwg, canvas.point(at), colour)


def _cross_points(dwg: svgwrite.Drawing, centre: Point, colour: str, size: float = 7.0) -> Group:
    group = dwg.g()
    x, y = centre
    for width, stroke in ((7.0, "white"), (3.6, colour)):
        for dx in (-size, size):
            group.add(dwg.line((x - dx, y - size), (x + dx, y + size), stroke=stroke, stroke_width=width, stroke_linecap="round"))
    return group


def _boxed_text(canvas: _Canvas, label: Label) -> Group:
    x, y = canvas.point(label.at)
    size = 10.0
    width = 0.62 * size * len(label.text) + 6
    group = canvas.dwg.g()
    group.add(
        canvas.dwg.rect(
            (x - width / 2, y - size * 0.75),
            (width, size * 1.5),
            rx=3,
            ry=3,
            fill="white",
            fill_opacity=0.9,
            stroke=COLOURS.get(label.kind, "#444444"),
            stroke_width=0.8,
        )
    )
    group.add(_text(canvas.dwg, label.text, (x, y + size * 0.35), size, "#111111", bold=True))
    return group


def _text(dwg: svgwrite.Drawing, text: str, at: Point, size: float, colour: str, bold: bool = False) -> svgwrite.text.Text:
    return dwg.text(
        text,
        insert=at,
        text_anchor="middle",
        font_family=SANS_FAMILY,
        font_size=size,
        font_weight="bold" if bold else "normal",
        fill=colour,
    )
