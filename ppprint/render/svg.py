"""Drawings as self-contained SVG: true physical size, text as outlines, a title and a description.

The document's width and height are in inches and its user unit is the point,
so it prints and embeds at true size. Text is written as the glyph outlines of
the shipped fonts, so a browser shows exactly what the PDF shows without the fonts; the drawing's
accessible name is its title (a figure's caption), not its glyphs (ARIA allows no name on a path). Control characters are dropped,
so the file is always well-formed XML.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

from ppprint.render.draw import IDENTITY, Drawing, Group, Item, Segment, Shape, Text
from ppprint.render.glyphs import text_outline, text_width

POINTS_PER_INCH = 72.0
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def clean(text: str) -> str:
    """``text`` without the characters XML cannot hold."""
    return _CONTROL.sub("", text.encode("utf-8", "replace").decode("utf-8"))


def svg_document(drawing: Drawing) -> str:
    """The SVG text of a drawing."""
    width, height = drawing.width, drawing.height
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width / POINTS_PER_INCH:.4f}in" '
        f'height="{height / POINTS_PER_INCH:.4f}in" viewBox="0 0 {_n(width)} {_n(height)}" role="img"',
        f" aria-label={quoteattr(clean(drawing.title))}>\n" if drawing.title else ">\n",
    ]
    if drawing.title:
        parts.append(f"<title>{escape(clean(drawing.title))}</title>\n")
    if drawing.description:
        parts.append(f"<desc>{escape(clean(drawing.description))}</desc>\n")
    _write(parts, drawing.items)
    parts.append("</svg>\n")
    return "".join(parts)


def _write(parts: list[str], items: Sequence[Item]) -> None:
    for item in items:
        if isinstance(item, Group):
            matrix = "" if item.matrix == IDENTITY else f' transform="matrix({" ".join(_n(v) for v in item.matrix)})"'
            parts.append(f"<g{matrix}>\n")
            _write(parts, item.items)
            parts.append("</g>\n")
        elif isinstance(item, Shape):
            parts.append(_shape(item))
        else:
            parts.append(_text(item))


def _shape(shape: Shape) -> str:
    paint = shape.paint
    attributes = [f'd="{path_data(shape.segments)}"', f'fill="{paint.fill or "none"}"']
    if paint.fill is not None and paint.opacity < 1.0:
        attributes.append(f'fill-opacity="{_n(paint.opacity)}"')
    if paint.stroke is not None:
        attributes += [f'stroke="{paint.stroke}"', f'stroke-width="{_n(paint.width)}"']
        if paint.cap != "butt":
            attributes.append(f'stroke-linecap="{paint.cap}"')
        if paint.join != "miter":
            attributes.append(f'stroke-linejoin="{paint.join}"')
        if paint.dash:
            attributes.append(f'stroke-dasharray="{",".join(_n(d) for d in paint.dash)}"')
    return f"<path {' '.join(attributes)}/>\n"


def _text(text: Text) -> str:
    words = clean(text.text)
    width = text_width(words, text.font, text.size)
    x = text.at[0] - {"start": 0.0, "middle": width / 2, "end": width}[text.anchor]
    outline = path_data(text_outline(words, text.font, text.size, x, text.at[1]))
    return f'<path d="{outline}" fill="{text.fill}"/>\n'


def path_data(segments: Sequence[Segment]) -> str:
    """Segments as SVG path data."""
    return " ".join(op + " ".join(_n(v) for v in values) if values else op for op, values in segments)


def _n(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
