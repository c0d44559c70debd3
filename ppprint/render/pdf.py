"""Drawings onto a ReportLab canvas (PDF), and one-page PDFs and PNGs of a drawing, with their credits.

The canvas is y-up; a drawing is y-down, so :func:`paint` flips it once and
sets each text upright again. Shapes become PDF paths, text is set in the
shipped fonts (embedded as subsets), fill opacity uses PDF transparency.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import Canvas

from ppprint.render.draw import Drawing, Group, Item, Paint, Shape, Text
from ppprint.render.fonts import SANS, register_fonts
from ppprint.render.pdfmeta import attach_to_canvas, xmp_packet

_PAINT_OPERATORS = {(True, False): "S", (False, True): "f", (True, True): "B"}
"""(stroke, fill) to the PDF operator that paints a path so, filling by the non-zero winding rule (SVG's default)."""
_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}
_PATH_OPERATORS = {"M": "m", "L": "l", "C": "c", "Z": "h"}


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
    if style.fill is not None and style.opacity < 1.0:
        canvas.saveState()  # transparency is a graphics state resource of the page: the canvas keeps those
        canvas.setFillColor(_colour(style.fill))
        canvas.setFillAlpha(style.opacity)
        stroke = [_stroke_code(style)] if style.stroke is not None else []
        canvas.addLiteral("\n".join([*stroke, *_path_code(shape)]))
        canvas.restoreState()
        return
    # The operators ReportLab's canvas and path object write for this (the same bytes), written at once,
    # between a save and a restore of the graphics state, so the canvas's own record of it holds. One
    # literal of lines is the same bytes as the lines one by one: the canvas joins a page's code with newlines.
    code = ["q"]
    if style.fill is not None:
        code.append(_fill_code(style.fill))
    if style.stroke is not None:
        code.append(_stroke_code(style))
    code += _path_code(shape)
    code.append("Q")
    canvas.addLiteral("\n".join(code))


def _path_code(shape: Shape) -> list[str]:
    segments = " ".join(["n", *(f"{fp_str(*values)} {_PATH_OPERATORS[op]}" if values else _PATH_OPERATORS[op] for op, values in shape.segments)])
    return [segments, _PAINT_OPERATORS[shape.paint.stroke is not None, shape.paint.fill is not None]]


@cache
def _fill_code(hex_colour: str) -> str:
    colour = _colour(hex_colour)
    return f"{fp_str((colour.red, colour.green, colour.blue))} rg"


@lru_cache(maxsize=4096)  # widths vary with the print scale: keep the recent ones (a preview runs for hours)
def _stroke_code(style: Paint) -> str:
    """Stroke colour, width, cap, join and dash, as the canvas's setters write them."""
    assert style.stroke is not None
    colour = _colour(style.stroke)
    lines = [
        f"{fp_str((colour.red, colour.green, colour.blue))} RG",
        f"{fp_str(style.width)} w",
        f"{_CAPS[style.cap]} J",
        f"{_JOINS[style.join]} j",
        f"[{fp_str(list(style.dash))}] 0 d",
    ]
    return "\n".join(lines)


@cache
def _colour(hex_colour: str) -> Color:
    """ReportLab's colour of ``#rrggbb``, parsed once."""
    return HexColor(hex_colour)


def _paint_text(canvas: Canvas, text: Text) -> None:
    canvas.saveState()
    canvas.translate(*text.at)
    canvas.scale(1, -1)
    canvas.setFont(text.font, text.size)
    canvas.setFillColor(_colour(text.fill))
    draw = {"start": canvas.drawString, "middle": canvas.drawCentredString, "end": canvas.drawRightString}[text.anchor]
    draw(0, 0, text.text)
    canvas.restoreState()


def drawing_pdf(drawing: Drawing, metadata: Mapping[str, Any] | None = None) -> bytes:
    """A one-page PDF exactly the drawing's size; with ``metadata`` (see :func:`~ppprint.render.pdfmeta.xmp_packet`)
    its title, author, subject and keywords, and its XMP packet with the credit and licence."""
    register_fonts()
    output = io.BytesIO()
    canvas = Canvas(output, pagesize=(drawing.width, drawing.height), invariant=1, initialFontName=SANS, pageCompression=1)  # type: ignore[arg-type]
    if metadata is None:
        canvas.setTitle(drawing.title)
        canvas.setSubject(drawing.description)
    else:
        canvas.setTitle(str(metadata["title"]))
        canvas.setAuthor(str(metadata["author"]))
        canvas.setSubject(str(metadata.get("subject", "")))
        canvas.setKeywords(", ".join(str(k) for k in metadata.get("keywords", [])))
        canvas.setCreator("ppprint")
        attach_to_canvas(canvas, metadata)
    paint(canvas, drawing)
    canvas.showPage()
    canvas.save()
    return output.getvalue()


def png_text(metadata: Mapping[str, Any]) -> dict[str, str]:
    """The PNG text chunks of ``metadata``: Title, Author, Description, Copyright (the licence notice and
    address), Software, and the XMP packet under its registered keyword."""
    rights = " ".join(str(part) for part in (metadata.get("rights", ""), metadata.get("licence_url", "")) if part)
    return {
        "Title": str(metadata["title"]),
        "Author": str(metadata["author"]),
        "Description": str(metadata.get("subject", "")),
        "Copyright": rights,
        "Software": "ppprint",
        "XML:com.adobe.xmp": xmp_packet(metadata),
    }


def pdf_png(pdf: bytes, dpi: float = 150.0, page: int = 0, text: Mapping[str, str] | None = None) -> bytes:
    """One page of a PDF rasterised to PNG by pypdfium2, its resolution recorded (``pHYs``) so it opens at its
    true size, with ``text`` as text chunks (``iTXt`` where it is not Latin-1)."""
    import pypdfium2  # only PNG figures need it: a build of PDFs does not load it
    from PIL.PngImagePlugin import PngInfo

    document = pypdfium2.PdfDocument(pdf)
    try:
        image = document[page].render(scale=dpi / 72.0).to_pil()
        info = PngInfo()
        for key, value in (text or {}).items():
            info.add_text(key, value)
        output = io.BytesIO()
        image.save(output, format="PNG", optimize=True, dpi=(dpi, dpi), pnginfo=info)
        return output.getvalue()
    finally:
        document.close()
