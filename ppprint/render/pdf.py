"""Drawings onto a ReportLab canvas (PDF), and one-page PDFs and PNGs of a drawing.

The canvas is y-up; a drawing is y-down, so :func:`paint` flips it once and
sets each text upright again. Shapes become PDF paths, text is set in the
shipped fonts (embedded as subsets), fill opacity uses PDF transparency.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from ppprint.render.draw import Drawing, Group, Item, Paint, Shape, Text
from ppprint.render.fonts import SANS, register_fonts

FILL_NON_ZERO = 1
"""ReportLab's code for the non-zero winding fill rule, SVG's default."""
_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}


def paint(canvas: Canvas, drawing: Drawing, x: float = 0.0, y: float = 0.0, scale: float = 1.0) -> None:
    """Paint ``drawing`` with its lower-left corner at ``(x, y)`` on the canvas, scaled by ``scale``."""
    register_fonts()
    canvas.saveState()
    canvas.translate(x, y + drawing.height * scale)
    canvas.scale(scale, -scale)
    _paint_items(canvas, drawing.items)
    canvas.restoreState()


def _paint_items(canvas: Canvas, items: Sequence[Item]) -> None:
    for item in items:
        if isinstance(item, Group):
            canvas.saveState()
            canvas.transform(*item.matrix)
            _paint_items(canvas, item.items)
            canvas.restoreState()
        elif isinstance(item, Shape):
            _paint_shape(canvas, item)
        else:
            _paint_text(canvas, item)


def _paint_shape(canvas: Canvas, shape: Shape) -> None:
    style: Paint = shape.paint
    if style.fill is None and style.stroke is None:
        return
    path = canvas.beginPath()
    for op, values in shape.segments:
        if op == "M":
            path.moveTo(*values)
        elif op == "L":
            path.lineTo(*values)
        elif op == "C":
            path.curveTo(*values)
        else:
            path.close()
    canvas.saveState()
    if style.fill is not None:
        canvas.setFillColor(HexColor(style.fill))
        if style.opacity < 1.0:
            canvas.setFillAlpha(style.opacity)
    if style.stroke is not None:
        canvas.setStrokeColor(HexColor(style.stroke))
        canvas.setLineWidth(style.width)
        canvas.setLineCap(_CAPS[style.cap])
        canvas.setLineJoin(_JOINS[style.join])
        canvas.setDash(list(style.dash) or [], 0)
    canvas.drawPath(path, fill=int(style.fill is not None), stroke=int(style.stroke is not None), fillMode=FILL_NON_ZERO)
    canvas.restoreState()


def _paint_text(canvas: Canvas, text: Text) -> None:
    canvas.saveState()
    canvas.translate(*text.at)
    canvas.scale(1, -1)
    canvas.setFont(text.font, text.size)
    canvas.setFillColor(HexColor(text.fill))
    draw = {"start": canvas.drawString, "middle": canvas.drawCentredString, "end": canvas.drawRightString}[text.anchor]
    draw(0, 0, text.text)
    canvas.restoreState()


def drawing_pdf(drawing: Drawing) -> bytes:
    """A one-page PDF exactly the drawing's size."""
    register_fonts()
    output = io.BytesIO()
    canvas = Canvas(output, pagesize=(drawing.width, drawing.height), invariant=1, initialFontName=SANS, pageCompression=1)  # type: ignore[arg-type]
    canvas.setTitle(drawing.title)
    canvas.setSubject(drawing.description)
    paint(canvas, drawing)
    canvas.showPage()
    canvas.save()
    return output.getvalue()


def pdf_png(pdf: bytes, dpi: float = 150.0, page: int = 0) -> bytes:
    """One page of a PDF rasterised to PNG by pypdfium2."""
    import pypdfium2  # only PNG figures need it: a build of PDFs does not load it

    document = pypdfium2.PdfDocument(pdf)
    try:
        image = document[page].render(scale=dpi / 72.0).to_pil()
        output = io.BytesIO()
        image.save(output, format="PNG", optimize=True)
        return output.getvalue()
    finally:
        document.close()
