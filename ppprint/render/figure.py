"""Checked figures to drawings: panels of piece tables with their marks, and the files they become.

A figure is drawn for the scale it will print at (:class:`~ppprint.render.draw.Pen`
keeps its text and strokes legible there), then painted straight onto a PDF
page (:mod:`ppprint.render.pdf`), written as SVG (:mod:`ppprint.render.svg`),
or rasterised from its one-page PDF to PNG.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ppprint.errors import DataError, InputError
from ppprint.layout import GameView
from ppprint.model.game import Figure
from ppprint.model.piecepack import suit_table
from ppprint.model.table import Arrow, Cross, Highlight, Label, Mark, Point, Table, piece_kind
from ppprint.render.draw import Drawing, Paint, Pen
from ppprint.render.fonts import SANS, SANS_BOLD
from ppprint.render.pdf import drawing_pdf, pdf_png
from ppprint.render.pieces import POINTS_PER_INCH, draw_piece
from ppprint.render.svg import svg_document
from ppprint.verify import CheckedFigure, CheckedPanel

MARGIN = 0.15
"""Blank border around a panel, inches."""
LABEL_SIZE = 0.035
"""Panel label size as a share of the panel's width (at least 11 pt), so labels stay
readable when a wide multi-panel figure is scaled down to fit a page."""
PANEL_GAP = 0.3
COORDINATE_SIZE = 10.0

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


def panel_picture(view: GameView[Any, Any], figure: Figure, checked: CheckedPanel) -> PanelPicture:
    """The table of a checked panel with its move arrows and hand-made marks."""
    panel = checked.panel
    equipment = panel.view.equipment
    try:
        table = suit_table(equipment) if equipment else view.table(checked.state, panel.view)
    except DataError as exc:
        raise InputError(f"view: {exc.message}", figure.path, panel.line) from None
    marks: list[Mark] = list(table.marks)

    def centre(cell: str) -> tuple[float, float]:
        if cell not in table.cells:
            raise InputError(f"unknown cell '{cell}' in the figure's marks", figure.path, panel.marks.line)
        return table.centre(cell)

    for kind, cells in panel.marks.highlight.items():
        for cell in cells:
            centre(cell)
            marks.append(Highlight(table.cells[cell], kind=kind))
    for move in checked.moves:
        if len(move.cells) == 1:
            # A placement or a move that stays put: mark the cell itself.
            centre(move.cells[0])
            marks.append(Highlight(table.cells[move.cells[0]], kind=move.kind))
            if move.kind == "illegal":
                marks.append(Cross(centre(move.cells[0])))
        else:
            marks.append(Arrow(tuple(centre(c) for c in move.cells), kind=move.kind))
    for cell in panel.marks.crosses:
        marks.append(Cross(centre(cell)))
    for cell, text in panel.marks.labels.items():
        marks.append(Label(centre(cell), text))
    return PanelPicture(table, marks, panel.label)


def render_figure(view: GameView[Any, Any], checked: CheckedFigure, scale: float = 1.0) -> Drawing:
    """The drawing of a checked figure, all panels, for printing at ``scale``."""
    pictures = [panel_picture(view, checked.figure, p) for p in checked.panels]
    return figure_drawing(pictures, checked.figure.columns, scale=scale, title=checked.figure.caption)


def table_drawing(table: Table, margin: float = MARGIN, scale: float = 1.0) -> Drawing:
    """The drawing of a bare table (no marks): a thumbnail, a board or a piece to print."""
    return figure_drawing([PanelPicture(table, [])], margin=margin, scale=scale)


def panel_size(table: Table, margin: float = MARGIN) -> tuple[float, float]:
    """A panel's width and height in inches, margins included."""
    min_x, min_y, max_x, max_y = table.bounds
    return max_x - min_x + 2 * margin, max_y - min_y + 2 * margin


def figure_drawing(
    panels: Sequence[PanelPicture], columns: int = 1, margin: float = MARGIN, scale: float = 1.0, title: str = "", description: str = ""
) -> Drawing:
    """The panels on a grid, each labelled underneath, for printing at ``scale``.

    ``margin`` is the blank border around each panel (inches); print-and-play
    pieces use 0 so the drawing's edge is the piece's cut line.
    """
    pen = Pen(scale)
    columns = max(1, min(columns, len(panels)))
    rows = math.ceil(len(panels) / columns)
    cell_w = max(panel_size(p.table, margin)[0] for p in panels)
    has_labels = any(p.label for p in panels)
    label_pt = pen.text_size(max(11.0, LABEL_SIZE * cell_w * POINTS_PER_INCH))
    label_height = 2.0 * label_pt / POINTS_PER_INCH if has_labels else 0.0
    cell_h = max(panel_size(p.table, margin)[1] for p in panels) + label_height
    width = columns * cell_w + (columns - 1) * PANEL_GAP
    height = rows * cell_h + (rows - 1) * PANEL_GAP
    for index, picture in enumerate(panels):
        column, row = index % columns, index // columns
        w, h = panel_size(picture.table, margin)
        x0 = (column * (cell_w + PANEL_GAP) + (cell_w - w) / 2) * POINTS_PER_INCH
        y0 = (row * (cell_h + PANEL_GAP) + (cell_h - h - label_height) / 2) * POINTS_PER_INCH
        _draw_panel(pen, picture, (x0, y0), margin)
        if picture.label:
            centre_x = (column * (cell_w + PANEL_GAP) + cell_w / 2) * POINTS_PER_INCH
            base_y = (row * (cell_h + PANEL_GAP) + cell_h) * POINTS_PER_INCH - label_pt * 0.6
            pen.text(picture.label, (centre_x, base_y), label_pt, SANS, "#222222", role="label")
    return pen.drawing(width * POINTS_PER_INCH, height * POINTS_PER_INCH, title=title)


class _Place:
    """Maps table inches (y up) to drawing points (y down) for one panel."""

    def __init__(self, table: Table, origin: Point, margin: float):
        self.min_x, _, _, self.max_y = table.bounds
        self.origin = origin
        self.margin = margin

    def __call__(self, p: Point) -> Point:
        return (
            self.origin[0] + (p[0] - self.min_x + self.margin) * POINTS_PER_INCH,
            self.origin[1] + (self.max_y - p[1] + self.margin) * POINTS_PER_INCH,
        )


def _draw_panel(pen: Pen, picture: PanelPicture, origin: Point, margin: float) -> None:
    place = _Place(picture.table, origin, margin)
    pieces = picture.table.pieces
    board = [p for p in pieces if piece_kind(p.kind).board]
    for piece in board:
        draw_piece(pen, piece, place((piece.x, piece.y)))
    for mark in picture.marks:
        if isinstance(mark, Highlight):
            _highlight(pen, place, mark)
    for piece in pieces:
        if not piece_kind(piece.kind).board:
            draw_piece(pen, piece, place((piece.x, piece.y)))
    for mark in picture.marks:
        if isinstance(mark, Arrow):
            _arrow(pen, [place(p) for p in mark.points], mark.kind)
    for mark in picture.marks:
        if isinstance(mark, Cross):
            _cross(pen, place(mark.at), COLOURS[mark.kind])
        elif isinstance(mark, Label):
            _boxed_text(pen, place(mark.at), mark)
    for label in picture.table.coordinates:
        x, y = place(label.at)
        pen.text(label.text, (x, y + 3.5), COORDINATE_SIZE, SANS, "#666666", role="coordinate")


def _highlight(pen: Pen, place: _Place, mark: Highlight) -> None:
    colour = COLOURS.get(mark.kind, COLOURS["highlight"])
    pen.polygon([place(p) for p in _inset(mark.polygon, 0.04)], Paint(fill=colour, opacity=0.45, stroke=colour, width=1.5), role="mark")


def _inset(polygon: Sequence[Point], amount: float) -> list[Point]:
    cx = sum(p[0] for p in polygon) / len(polygon)
    cy = sum(p[1] for p in polygon) / len(polygon)
    result = []
    for x, y in polygon:
        d = math.hypot(x - cx, y - cy) or 1.0
        result.append((x - (x - cx) * amount / d, y - (y - cy) * amount / d))
    return result


def _arrow(pen: Pen, points: list[Point], kind: str) -> None:
    """A shaft along the points and a triangular head, as filled polygons with a white rim."""
    colour = COLOURS.get(kind, COLOURS["neutral"])
    if len(points) < 2:
        return
    shaft, head_len, head_w = 4.5, 14.0, 14.0
    start_gap, end_gap = 20.0, 6.0
    points = _trim(points, start_gap, end_gap + head_len)
    outline = _thick_polyline(points, shaft)
    (ex, ey), (px, py) = points[-1], points[-2]
    ux, uy = _unit(ex - px, ey - py)
    tip = (ex + ux * head_len, ey + uy * head_len)
    head = [tip, (ex - uy * head_w / 2, ey + ux * head_w / 2), (ex + uy * head_w / 2, ey - ux * head_w / 2)]
    for rim in (True, False):
        paint = Paint(fill=colour, stroke="#ffffff" if rim else None, width=3.0 if rim else 0.0, join="round")
        pen.polygon(outline, paint, role="mark")
        pen.polygon(head, paint, role="mark")
    if kind == "illegal":
        _cross(pen, _midpoint(points), colour)


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


def _cross(pen: Pen, centre: Point, colour: str, size: float = 7.0) -> None:
    x, y = centre
    for width, stroke in ((7.0, "#ffffff"), (3.6, colour)):
        for dx in (-size, size):
            pen.line((x - dx, y - size), (x + dx, y + size), Paint(stroke=stroke, width=width, cap="round"), role="mark")


def _boxed_text(pen: Pen, at: Point, label: Label) -> None:
    x, y = at
    size = pen.text_size(10.0)
    width = 0.62 * size * len(label.text) + 6
    pen.rect(x - width / 2, y - size * 0.75, width, size * 1.5, Paint(fill="#ffffff", opacity=0.9, stroke=COLOURS.get(label.kind, "#444444"), width=0.8), radius=3, role="mark")
    pen.text(label.text, (x, y + size * 0.35), size, SANS_BOLD, "#111111", role="mark")


def figure_bytes(drawing: Drawing, fmt: str, dpi: float = 150.0) -> bytes:
    """The bytes of a drawing in ``fmt``: svg, pdf or png (at ``dpi``)."""
    if fmt == "svg":
        return svg_document(drawing).encode("utf-8")
    pdf = drawing_pdf(drawing)
    if fmt == "pdf":
        return pdf
    if fmt == "png":
        return pdf_png(pdf, dpi)
    raise InputError(f"unknown format '{fmt}' (svg, png or pdf)")
