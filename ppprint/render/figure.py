"""Checked figures to drawings: panels of piece tables with their marks, and the files they become.

A figure is drawn for the scale it will print at (:class:`~ppprint.render.draw.Pen`
keeps its text and strokes legible there), then painted straight onto a PDF
page (:mod:`ppprint.render.pdf`), written as SVG (:mod:`ppprint.render.svg`),
or rasterised from its one-page PDF to PNG.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from reportlab.lib.utils import simpleSplit

from ppprint.engine.base import cells_at
from ppprint.errors import DataError, InputError
from ppprint.layout import GameView
from ppprint.model.game import Figure
from ppprint.model.piecepack import suit_table
from ppprint.model.table import Arrow, Cross, Ghost, Highlight, Label, Mark, Point, Table, footprint, piece_kind
from ppprint.render import marks
from ppprint.render import marks as marks_module
from ppprint.render.draw import DeferredDrawing, Drawing, Pen
from ppprint.render.fonts import SANS, register_fonts
from ppprint.render.palette import INK, MUTED_INK
from ppprint.render.pdf import drawing_pdf, pdf_png, png_text
from ppprint.render.pieces import POINTS_PER_INCH, draw_piece
from ppprint.render.svg import svg_document
from ppprint.verify import CheckedFigure, CheckedPanel, DrawnMove

MARGIN = 0.15
"""Blank border around a panel, inches."""
LABEL_PT = 8.0
"""Panel labels print at this size, points, in every figure (one size for a book's labels, whatever
the panel's width; a figure drawn for a screen scale gets them at the same share of its text)."""
LABEL_LEADING = 1.25
"""The distance between the lines of a panel label, in its text size."""
PANEL_GAP = 0.3
COORDINATE_SIZE = 10.0

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

    lines = dict(panel.marks.cells)

    def centre(cell: str) -> tuple[float, float]:
        if cell not in table.cells:  # verify refuses it first (check_drawable)
            raise InputError(f"unknown cell '{cell}' in the figure's marks (not on the board drawn)", figure.path, lines.get(cell, panel.marks.line))
        return table.centre(cell)

    for kind, cells in panel.marks.highlight.items():
        for cell in cells:
            centre(cell)
            marks.append(Highlight(table.cells[cell], kind=kind))
    for move in checked.moves:
        points = tuple(centre(c) for c in move.cells)
        ghost = _ghost(view, table, move, panel.view)
        if ghost is not None:
            marks.append(ghost)
        if len(move.cells) == 1 or len(move.cells) == 2 and table.neighbours(*move.cells):
            # A placement, a move that stays put, or a step to a neighbour (an arrow would be a stub):
            # mark the destination cell itself.
            marks.append(Highlight(table.cells[move.cells[-1]], kind=move.kind))
        else:
            marks.append(Arrow(points, kind=move.kind))
        if move.kind == "illegal":
            marks.append(Cross(failure_point(table, move), "illegal", marks_module.reason_words(move.reason) or None))
    for cell in panel.marks.crosses:
        marks.append(Cross(centre(cell)))
    for cell, text in panel.marks.labels.items():
        marks.append(Label(centre(cell), text))
    return PanelPicture(table, marks, panel.label)


GHOST_SMALL = 0.5
"""The scale of a ghosted piece on a cell another piece already takes (drawn in the cell's corner)."""
GHOST_INSET = 0.03
"""Inches kept between a small ghost and its cell's edge."""


def _ghost(view: GameView[Any, Any], table: Table, move: DrawnMove, options: Any) -> Ghost | None:
    """The piece a drawn placement puts down, ghosted on its square: at the square's centre; smaller in its
    lower-left corner when another piece stands there (so neither hides the other, and the cross of an
    illegal placement, which leaves the standing piece's value up and to the right, misses it); not at all
    when the panel shows that very piece there already (the position after a placement played)."""
    if move.move is None or move.state is None or not move.cells or move.cells[-1] not in table.cells:
        return None
    piece = view.placement(move.state, move.move, options)
    if piece is None:
        return None
    cell = move.cells[-1]
    x, y = table.centre(cell)
    standing = [p for p in table.pieces if not piece_kind(p.kind).board and _covers(footprint(p), (x, y))]
    if any(replace(piece, x=p.x, y=p.y) == p for p in standing):
        return None  # the panel shows the piece there already (a placement played, the position after it)
    if not standing:
        return Ghost(replace(piece, x=x, y=y), cell, move.kind)
    polygon = table.cells[cell]
    half = min(max(p[0] for p in polygon) - min(p[0] for p in polygon), max(p[1] for p in polygon) - min(p[1] for p in polygon)) / 2
    x0, y0, x1, y1 = footprint(replace(piece, x=0.0, y=0.0))
    reach = GHOST_SMALL * max(x1 - x0, y1 - y0) / 2
    room = max(0.0, half - reach - GHOST_INSET)
    offset = room if len(polygon) == 4 else room / math.sqrt(2)  # a square's corner, else within its inner circle
    return Ghost(replace(piece, x=x - offset, y=y - offset), cell, move.kind, small=True)


def _covers(box: tuple[float, float, float, float], point: Point) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def failure_point(table: Table, move: DrawnMove) -> Point:
    """Where an illegal move breaks its rule (table inches): where the engine's verdict says (its ``at``:
    a cell's centre, or the midpoint of two cells, the boundary between them); else the move's destination."""
    named = cells_at(move.at, table.cells)
    if not named:
        return table.centre(move.cells[-1])
    (x0, y0), (x1, y1) = table.centre(named[0]), table.centre(named[-1])
    return (x0 + x1) / 2, (y0 + y1) / 2


def render_figure(
    view: GameView[Any, Any], checked: CheckedFigure, scale: float = 1.0, columns: int | None = None, text: Callable[[str], str] | None = None
) -> Drawing:
    """The drawing of a checked figure, all panels, for printing at ``scale``, in ``columns``
    (default: the figure's own); ``text`` rewrites the words of labels (a book's punctuation)."""
    return render_pictures(figure_pictures(view, checked, text), checked.figure, scale, columns)


def figure_pictures(view: GameView[Any, Any], checked: CheckedFigure, text: Callable[[str], str] | None = None) -> list[PanelPicture]:
    """The panels of a checked figure, ready to draw at any scale; ``text`` rewrites the words of labels."""
    pictures = [panel_picture(view, checked.figure, p) for p in checked.panels]
    return [retext(picture, text) for picture in pictures] if text is not None else pictures


class FigurePanels(dict[str, list[PanelPicture]]):
    """Each checked figure's panels by figure id, laid out once for every scale a book draws it at."""

    def render(
        self, view: GameView[Any, Any], figure_id: str, checked: CheckedFigure, scale: float, columns: int | None, text: Callable[[str], str] | None = None
    ) -> Drawing:
        """:func:`render_figure`, from the panels kept for ``figure_id`` (laid out at the first call)."""
        if figure_id not in self:
            self[figure_id] = figure_pictures(view, checked, text)
        return render_pictures(self[figure_id], checked.figure, scale, columns)


def render_pictures(pictures: Sequence[PanelPicture], figure: Figure, scale: float = 1.0, columns: int | None = None) -> Drawing:
    """The drawing of ``figure`` from its panels (:func:`figure_pictures`), as :func:`render_figure` makes it."""
    columns = columns or figure.columns
    title = figure.caption
    # Its size at once, its items when first used (a trial page layout needs only the size).
    width, height = figure_size(pictures, columns, scale=scale)
    return DeferredDrawing(width, height, lambda: figure_drawing(pictures, columns, scale=scale, title=title).items, title)


def retext(picture: PanelPicture, text: Callable[[str], str]) -> PanelPicture:
    """A panel whose label and label marks are rewritten by ``text``."""
    marks = [replace(mark, text=text(mark.text)) if isinstance(mark, Label) else mark for mark in picture.marks]
    return replace(picture, marks=marks, label=text(picture.label))


def table_drawing(table: Table, margin: float = MARGIN, scale: float = 1.0) -> Drawing:
    """The drawing of a bare table (no marks): a thumbnail, a board or a piece to print."""
    return figure_drawing([PanelPicture(table, [])], margin=margin, scale=scale)


def panel_size(table: Table, margin: float = MARGIN) -> tuple[float, float]:
    """A panel's width and height in inches, margins included."""
    min_x, min_y, max_x, max_y = table.bounds
    return max_x - min_x + 2 * margin, max_y - min_y + 2 * margin


@dataclass(frozen=True)
class _Grid:
    """Where the panels of a figure go: its columns, each cell and the whole (inches), the labels' size (points)."""

    columns: int
    cell_w: float
    cell_h: float
    label_pt: float
    label_height: float
    width: float
    height: float
    labels: tuple[tuple[str, ...], ...]
    """Each panel's label, in the lines it takes under its panel."""

    @property
    def size(self) -> tuple[float, float]:
        """The drawing's width and height in points."""
        return self.width * POINTS_PER_INCH, self.height * POINTS_PER_INCH


def _grid(pen: Pen, panels: Sequence[PanelPicture], columns: int, margin: float) -> _Grid:
    columns = max(1, min(columns, len(panels)))
    rows = math.ceil(len(panels) / columns)
    cell_w = max(panel_size(p.table, margin)[0] for p in panels)
    has_labels = any(p.label for p in panels)
    label_pt = pen.text_size(pen.printed_size(LABEL_PT))
    # A label wider than its panel and the gap beside it (than the figure, in one column) takes more lines.
    register_fonts()
    widest = (cell_w + (PANEL_GAP if columns > 1 else 0.0)) * POINTS_PER_INCH
    labels = tuple(tuple(simpleSplit(p.label, SANS, label_pt, widest)) if p.label else () for p in panels)
    lines = max((len(label) for label in labels), default=1)
    label_height = (2.0 + LABEL_LEADING * (lines - 1)) * label_pt / POINTS_PER_INCH if has_labels else 0.0
    cell_h = max(panel_size(p.table, margin)[1] for p in panels) + label_height
    width = columns * cell_w + (columns - 1) * PANEL_GAP
    height = rows * cell_h + (rows - 1) * PANEL_GAP
    return _Grid(columns, cell_w, cell_h, label_pt, label_height, width, height, labels)


def figure_size(panels: Sequence[PanelPicture], columns: int = 1, margin: float = MARGIN, scale: float = 1.0) -> tuple[float, float]:
    """The width and height (points) of :func:`figure_drawing` of the same panels, without drawing them."""
    return _grid(Pen(scale), panels, columns, margin).size


def figure_drawing(
    panels: Sequence[PanelPicture], columns: int = 1, margin: float = MARGIN, scale: float = 1.0, title: str = "", description: str = ""
) -> Drawing:
    """The panels on a grid, each labelled underneath, for printing at ``scale``.

    ``margin`` is the blank border around each panel (inches); print-and-play
    pieces use 0 so the drawing's edge is the piece's cut line.
    """
    pen = Pen(scale)
    grid = _grid(pen, panels, columns, margin)
    cell_w, cell_h, label_pt, label_height = grid.cell_w, grid.cell_h, grid.label_pt, grid.label_height
    for index, picture in enumerate(panels):
        column, row = index % grid.columns, index // grid.columns
        w, h = panel_size(picture.table, margin)
        x0 = (column * (cell_w + PANEL_GAP) + (cell_w - w) / 2) * POINTS_PER_INCH
        y0 = (row * (cell_h + PANEL_GAP) + (cell_h - h - label_height) / 2) * POINTS_PER_INCH
        _draw_panel(pen, picture, (x0, y0), margin)
        centre_x = (column * (cell_w + PANEL_GAP) + cell_w / 2) * POINTS_PER_INCH
        top = (row * (cell_h + PANEL_GAP) + cell_h - label_height) * POINTS_PER_INCH
        for line, text in enumerate(grid.labels[index]):
            pen.text(text, (centre_x, top + (1.4 + LABEL_LEADING * line) * label_pt), label_pt, SANS, INK, role="label")
    width, height = grid.size
    return pen.drawing(width, height, title=title, description=description)


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
    """Board, marked cells, pieces, then arrows, crosses and labels placed clear of the pieces' values."""
    place = _Place(picture.table, origin, margin)
    pieces = picture.table.pieces
    first_piece = len(pen.items)
    for piece in pieces:
        if piece_kind(piece.kind).board:
            draw_piece(pen, piece, place((piece.x, piece.y)))
    for mark in picture.marks:
        if isinstance(mark, Highlight):
            marks.cell(pen, [place(p) for p in mark.polygon], mark.kind)
    for piece in pieces:
        if not piece_kind(piece.kind).board:
            draw_piece(pen, piece, place((piece.x, piece.y)))
    ghosts = [mark for mark in picture.marks if isinstance(mark, Ghost)]
    for ghost in ghosts:
        marks.ghost(pen, ghost.piece, place((ghost.piece.x, ghost.piece.y)), ghost.cell, GHOST_SMALL if ghost.small else 1.0)
    values = pen.boxes("value", since=first_piece)
    crosses: list[Point] = []
    lines: list[list[Point]] = []
    least = marks.LEAST_ARROW_IN * POINTS_PER_INCH / pen.scale
    for mark in picture.marks:
        if isinstance(mark, Arrow):
            points = [place(p) for p in mark.points]
            start_gap = max(_reach(picture.table, mark.points[0], mark.points[1]), _clear_of(values, points[0], points[1]))
            end_gap = max(_reach(picture.table, mark.points[-1], mark.points[-2]), _clear_of(values, points[-1], points[-2]))
            others = [box for box in values if not _near(box, points[0], start_gap) and not _near(box, points[-1], end_gap)]
            line = marks.arrow(pen, points, mark.kind, start_gap, end_gap, others, lines, least=least)
            lines.append(line)
    reasons: list[tuple[Point, str]] = []
    for mark in picture.marks:
        if isinstance(mark, Cross):
            at = place(mark.at)
            done = next((done for done in crosses if math.dist(at, done) < 3 * marks.cross_size(pen)), None)
            if done is None:
                done = marks.cross(pen, at, mark.kind, values)
                crosses.append(done)
            if mark.reason:
                reasons.append((done, mark.reason))
        elif isinstance(mark, Label):
            marks.label(pen, place(mark.at), mark.text, mark.kind)
    if reasons:
        min_x, min_y, max_x, max_y = picture.table.bounds
        frame = (origin[0], origin[1], origin[0] + (max_x - min_x + 2 * margin) * POINTS_PER_INCH, origin[1] + (max_y - min_y + 2 * margin) * POINTS_PER_INCH)
        # Reasons keep off the pieces (and the ghosts), then the coordinates, where they can.
        bodies = [
            marks.grown((*place((x0, y1)), *place((x1, y0))), marks.halo(pen))
            for x0, y0, x1, y1 in (footprint(piece) for piece in [*pieces, *(ghost.piece for ghost in ghosts)] if not piece_kind(piece.kind).board)
        ]
        size = pen.text_size(COORDINATE_SIZE)
        signs = [
            (x - 0.35 * size * len(label.text), y + 3.5 - 0.75 * size, x + 0.35 * size * len(label.text), y + 3.5 + 0.1 * size)
            for label in picture.table.coordinates
            for x, y in [place(label.at)]
        ]
        marks.place_reasons(pen, reasons, values, crosses, lines, frame, bodies, signs)
    for label in picture.table.coordinates:
        x, y = place(label.at)
        pen.text(label.text, (x, y + 3.5), COORDINATE_SIZE, SANS, MUTED_INK, role="coordinate")


def _reach(table: Table, at: Point, towards: Point) -> float:
    """How far from ``at`` (table inches) an arrow heading for ``towards`` keeps, in points: to the edge of
    the piece there (a round piece's rim, a tall stack's top or side), else a little."""
    dx, dy = towards[0] - at[0], towards[1] - at[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = abs(dx) / length, abs(dy) / length
    sizes = []
    for piece in table.pieces:
        if not piece_kind(piece.kind).board:
            x0, y0, x1, y1 = footprint(piece)
            if x0 <= at[0] <= x1 and y0 <= at[1] <= y1:
                half_w, half_h = (x1 - x0) / 2, (y1 - y0) / 2
                edge = min(half_w / ux if ux else math.inf, half_h / uy if uy else math.inf)
                if piece_kind(piece.kind).round:
                    edge = min(half_w, half_h)
                sizes.append(edge * POINTS_PER_INCH + 2.0)
    return max(sizes, default=marks.EMPTY_GAP)


def _clear_of(values: list[tuple[float, float, float, float]], at: Point, towards: Point) -> float:
    """How far from ``at`` towards ``towards`` (points) an arrow must keep to leave every value drawn at ``at``
    (a tile's rank under the arrow's end), with the marks' clearance."""
    dx, dy = towards[0] - at[0], towards[1] - at[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    reach = 0.0
    for x0, y0, x1, y1 in values:
        grown = marks.grown((x0, y0, x1, y1), marks.CLEARANCE)
        if grown[0] <= at[0] <= grown[2] and grown[1] <= at[1] <= grown[3]:
            exits = [(bound - a) / u for bound_pair, a, u in ((grown[0::2], at[0], ux), (grown[1::2], at[1], uy)) if u for bound in bound_pair]
            reach = max(reach, min(t for t in exits if t > 0) + marks.RIM)
    return reach


def _near(box: tuple[float, float, float, float], point: Point, reach: float) -> bool:
    return math.dist(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), point) <= reach


def figure_bytes(drawing: Drawing, fmt: str, dpi: float = 150.0, metadata: Mapping[str, Any] | None = None) -> bytes:
    """The bytes of a drawing in ``fmt``: svg, pdf or png (at ``dpi``, recorded in the file); ``metadata`` (a
    game's credit and licence, :func:`~ppprint.document.book.figure_metadata`) goes into each: SVG
    ``<metadata>``, PDF document information and XMP, PNG text chunks."""
    if fmt == "svg":
        return svg_document(drawing, metadata).encode("utf-8")
    pdf = drawing_pdf(drawing, metadata)
    if fmt == "pdf":
        return pdf
    if fmt == "png":
        return pdf_png(pdf, dpi, text=png_text(metadata) if metadata is not None else None)
    raise InputError(f"unknown format '{fmt}' (svg, png or pdf)")
