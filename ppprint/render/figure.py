"""Checked figures to pictures: SVG, a ReportLab drawing, PDF and PNG.

The chain is SVG (svgwrite) -> ReportLab drawing (svglib, vector) -> PDF
(ReportLab) -> PNG (pypdfium2), so every format shows the same vector figure
and PNG needs no system tools.
"""

from __future__ import annotations

import io
import pypdfium2
from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Drawing
from svglib.svglib import svg2rlg

from typing import Any, cast

from ppprint.errors import DataError, InputError
from ppprint.layout import GameView
from ppprint.model.game import Figure
from ppprint.model.piecepack import suit_table
from ppprint.model.table import Arrow, Cross, Highlight, Label, Mark, Table
from ppprint.render.fonts import SANS, register_fonts
from ppprint.render.svg import MARGIN, PanelPicture, figure_svg
from ppprint.verify import CheckedFigure, CheckedPanel


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


def render_svg(view: GameView[Any, Any], checked: CheckedFigure) -> str:
    """The SVG of a checked figure, all panels."""
    pictures = [panel_picture(view, checked.figure, p) for p in checked.panels]
    return figure_svg(pictures, checked.figure.columns)


def table_svg(table: Table, margin: float = MARGIN) -> str:
    """The SVG of a bare table (no marks): a thumbnail, a board or a piece to print."""
    return figure_svg([PanelPicture(table, [])], margin=margin)


def svg_to_drawing(svg: str) -> Drawing:
    """Convert SVG text to a ReportLab drawing (vector), at its physical size."""
    register_fonts()
    drawing = svg2rlg(io.BytesIO(svg.encode("utf-8")))
    if drawing is None:
        raise ValueError("svglib could not read the SVG")
    return drawing


def drawing_to_pdf(drawing: Drawing) -> bytes:
    """A one-page PDF of a drawing, at its size."""
    register_fonts()
    pdf = renderPDF.drawToString(drawing, autoSize=1, initialFontName=SANS, invariant=1)
    return cast(bytes, pdf)  # the stubs say str; ReportLab returns the PDF's bytes


def pdf_to_png(pdf: bytes, dpi: float = 150.0, page: int = 0) -> bytes:
    """Rasterise one page of a PDF to PNG bytes with pypdfium2."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        bitmap = document[page].render(scale=dpi / 72.0)
        image = bitmap.to_pil()
        out = io.BytesIO()
        image.save(out, format="PNG", optimize=True)
        return out.getvalue()
    finally:
        document.close()


def figure_bytes(svg: str, fmt: str, dpi: float = 150.0) -> bytes:
    """The bytes of a figure in ``fmt`` (svg, pdf or png)."""
    if fmt == "svg":
        return svg.encode("utf-8")
    pdf = drawing_to_pdf(svg_to_drawing(svg))
    if fmt == "pdf":
        return pdf
    if fmt == "png":
        return pdf_to_png(pdf, dpi)
    raise InputError(f"unknown format '{fmt}' (svg, png or pdf)")
