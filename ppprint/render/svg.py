"""Drawings as SVG: self-contained files, and inline elements of a web page that share their glyphs.

:func:`svg_document` writes a self-contained file: true physical size (its width and height in
inches, its user unit the point, so it prints and embeds at true size), a title and a description,
optionally ``<metadata>`` with the credit and licence (the XMP the PDFs carry),
its text as the glyph outlines of the shipped fonts, so a browser shows exactly what the PDF shows
without the fonts; its accessible name is its title (ARIA allows no name on a path).

:func:`svg_element` writes a drawing for a page that holds many: its text as ``<use>`` of glyph
outlines the page defines once (:func:`glyph_definitions`, in font units, 1000 to the em, y down),
its numbers rounded to what no screen shows (:data:`SCREEN_DIGITS`), shapes and groups it draws
more than once defined once by the page too (:func:`share_shapes`), and no accessible name of its own (the page names it). Control characters are dropped, so
the text is always well-formed XML.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from ppprint.render.draw import IDENTITY, Drawing, Group, Item, Matrix, Segment, Shape, Text, multiply, stretch
from ppprint.render.fonts import SANS, SANS_BOLD, SERIF, SERIF_BOLD, SERIF_BOLD_ITALIC, SERIF_ITALIC
from ppprint.render.glyphs import glyph_outline, text_glyphs, text_outline, text_width
from ppprint.render.pdfmeta import xmp_element

POINTS_PER_INCH = 72.0
GLYPH_EM = 1000.0
"""Glyph definitions are in font units, this many to the em (every shipped font's own)."""
GLYPH_PREFIX = "_"
"""Glyph ids start with this (a heading's id never does): ``_s36`` is glyph 36 of Noto Sans."""
_FONT_CODES = {SERIF: "r", SERIF_BOLD: "rb", SERIF_ITALIC: "ri", SERIF_BOLD_ITALIC: "rbi", SANS: "s", SANS_BOLD: "sb"}
_CODE_FONTS = {code: font for font, code in _FONT_CODES.items()}
_GLYPH_ID = re.compile(re.escape(GLYPH_PREFIX) + r"([a-z]+)(\d+)")
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
SCREEN_DIGITS = 2
"""Decimals of a coordinate in an inline SVG's user units (points): 0.005 pt is at most a hundredth of
a device pixel at 2 device pixels a CSS pixel, a point drawn as 1.33 CSS pixels or less (a group that
magnifies its contents gets more decimals). Chromium at 2x paints the same pixels but for a few edge
pixels per figure (one decimal changed some thousand pixels by more than 32 of 255)."""


def clean(text: str) -> str:
    """``text`` without the characters XML cannot hold."""
    return _CONTROL.sub("", text.encode("utf-8", "replace").decode("utf-8"))


# -- self-contained files ------------------------------------------------------------------------


def svg_document(drawing: Drawing, metadata: Mapping[str, Any] | None = None) -> str:
    """The SVG text of a drawing, a file of its own; with ``metadata`` (see
    :func:`~ppprint.render.pdfmeta.xmp_packet`), its ``<metadata>`` holds the credit and licence as XMP."""
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
    if metadata is not None:
        parts.append(f"<metadata>\n{xmp_element(metadata)}</metadata>\n")
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


def _shape(shape: Shape, digits: int = 3) -> str:
    paint = shape.paint
    attributes = [f'd="{path_data(shape.segments, digits)}"', f'fill="{paint.fill or "none"}"']
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


def _start(text: Text, words: str) -> float:
    """Where the text's baseline starts, after its anchor."""
    width = text_width(words, text.font, text.size)
    return text.at[0] - {"start": 0.0, "middle": width / 2, "end": width}[text.anchor]


def _text(text: Text) -> str:
    words = clean(text.text)
    outline = path_data(text_outline(words, text.font, text.size, _start(text, words), text.at[1]))
    return f'<path d="{outline}" fill="{text.fill}"/>\n'


def path_data(segments: Sequence[Segment], digits: int = 3) -> str:
    """Segments as SVG path data, numbers to ``digits`` decimals."""
    return " ".join(op + " ".join(_n(v, digits) for v in values) if values else op for op, values in segments)


def _n(value: float, digits: int = 3) -> str:
    text = f"{value:.{digits}f}".rstrip("0").rstrip(".") if digits else f"{value:.0f}"
    return "0" if text in ("-0", "") else text


# -- elements of a page, glyphs shared -----------------------------------------------------------


@dataclass
class InlineSvg:
    """A drawing as an ``<svg>`` element of a page, and the glyphs it uses (the page defines them)."""

    svg: str
    glyphs: frozenset[str] = field(default_factory=frozenset)


def svg_element(drawing: Drawing, attributes: str, view_box: tuple[float, float, float, float] | None = None) -> InlineSvg:
    """``drawing`` as an ``<svg>`` element with ``attributes`` (its size, class, ARIA...) and the
    view box ``view_box`` (default: the whole drawing), its text as ``<use>`` of shared glyphs."""
    box = view_box or (0.0, 0.0, drawing.width, drawing.height)
    writer = _InlineWriter()
    writer.items(drawing.items, IDENTITY)
    view = " ".join(_n(v, 2) for v in box)
    head = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{view}" {attributes}>\n'
    return InlineSvg(head + "".join(writer.parts) + "</svg>", frozenset(writer.glyphs))


def _digits(matrix: Matrix) -> int:
    """Decimals a coordinate needs under ``matrix`` for :data:`SCREEN_DIGITS` in the drawing's units."""
    return max(SCREEN_DIGITS, min(4, SCREEN_DIGITS + math.ceil(math.log10(max(stretch(matrix), 1e-9)) - 1e-9)))


def _transform(matrix: Matrix, digits: int) -> str:
    """The ``transform`` attribute of a group (none for the identity), as short as SVG says it."""
    if matrix == IDENTITY:
        return ""
    a, b, c, d, e, f = matrix
    if (a, b, c, d) == (1.0, 0.0, 0.0, 1.0):
        return f' transform="translate({_n(e, digits)} {_n(f, digits)})"'
    return f' transform="matrix({_n(a, 4)} {_n(b, 4)} {_n(c, 4)} {_n(d, 4)} {_n(e, digits)} {_n(f, digits)})"'


class _InlineWriter:
    def __init__(self) -> None:
        self.parts: list[str] = []
        self.glyphs: set[str] = set()

    def items(self, items: Sequence[Item], matrix: Matrix) -> None:
        digits = _digits(matrix)
        for item in items:
            if isinstance(item, Group):
                inner = multiply(matrix, item.matrix)
                self.parts.append(f"<g{_transform(item.matrix, digits + 1)}>\n")
                self.items(item.items, inner)
                self.parts.append("</g>\n")
            elif isinstance(item, Shape):
                self.parts.append(_shape(item, digits))
            else:
                self.text(item, digits)

    def text(self, text: Text, digits: int) -> None:
        words = clean(text.text)
        uses = []
        for glyph, at in text_glyphs(words, text.font):
            if glyph is None:
                continue
            glyph_id = f"{GLYPH_PREFIX}{_FONT_CODES[text.font]}{glyph}"
            self.glyphs.add(glyph_id)
            uses.append((glyph_id, at))
        if not uses:
            return
        scale = text.size / GLYPH_EM
        matrix = f'matrix({_n(scale, 6)} 0 0 {_n(scale, 6)} {_n(_start(text, words), digits + 1)} {_n(text.at[1], digits + 1)})'
        if len(uses) == 1 and uses[0][1] == 0:
            self.parts.append(f'<use href="#{uses[0][0]}" fill="{text.fill}" transform="{matrix}"/>\n')
            return
        inner = "".join(f'<use href="#{glyph_id}"' + (f' x="{at}"' if at else "") + "/>" for glyph_id, at in uses)
        self.parts.append(f'<g fill="{text.fill}" transform="{matrix}">{inner}</g>\n')


_SVG_ELEMENT = re.compile(r"<svg\b[^>]*>.*?</svg>", re.DOTALL)
_PATH = re.compile(r'<path d="([^"]*)"')
_INNERMOST_GROUP = re.compile(r'<g((?: [a-z-]+="[^"]*")*)>((?:(?!<g[ >]|</g>).)*)</g>\n', re.DOTALL)
SHARED_PREFIX = "_d"
"""Ids of shared shapes and groups: ``_d1``, ``_d2``... in the order a page first draws them."""
_GROUP_PASSES = 3


def _worth_sharing(count: int, length: int) -> bool:
    """Whether a text of ``length`` characters drawn ``count`` times is shorter once defined and used (a use is some 24)."""
    return count > 1 and (count - 1) * length > count * 24 + 24


def share_shapes(html: str) -> tuple[str, str]:
    """``html`` with every shape (path data) and every group of shapes (a piece: a tile and its symbol) its
    SVG elements draw more than once each drawn as a ``<use>`` of one definition, and those definitions.

    Only what is long enough to gain is shared. A ``<use>`` takes the fill, stroke and transform the shape
    or group had (a use is a group around its copy); the definitions have none.
    """
    definitions: list[str] = []

    def elements() -> list[str]:
        return _SVG_ELEMENT.findall(html)

    def shared(found: list[str], definition: Callable[[str, str], str]) -> dict[str, str]:
        """An id for each text found often enough to be worth defining once, its definition kept."""
        counts: dict[str, int] = {}
        for text in found:
            counts[text] = counts.get(text, 0) + 1
        ids: dict[str, str] = {}
        for text, count in counts.items():
            if _worth_sharing(count, len(text)):
                ids[text] = f"{SHARED_PREFIX}{len(definitions) + 1}"
                definitions.append(definition(ids[text], text))
        return ids

    paths = shared([data for element in elements() for data in _PATH.findall(element)], lambda ident, data: f'<path id="{ident}" d="{data}"/>')

    def use_path(match: re.Match[str]) -> str:
        shared = paths.get(match.group(1))
        return f'<use href="#{shared}"' if shared else match.group(0)

    if paths:
        html = _SVG_ELEMENT.sub(lambda element: _PATH.sub(use_path, element.group(0)), html)
    for _ in range(_GROUP_PASSES):
        groups = shared([content for element in elements() for _, content in _INNERMOST_GROUP.findall(element)], lambda ident, content: f'<g id="{ident}">{content}</g>')
        if not groups:
            break

        def use_group(match: re.Match[str]) -> str:
            shared = groups.get(match.group(2))
            return f'<use href="#{shared}"{match.group(1)}/>\n' if shared else match.group(0)

        html = _SVG_ELEMENT.sub(lambda element: _INNERMOST_GROUP.sub(use_group, element.group(0)), html)
    return html, "\n".join(definitions)


def glyph_definitions(glyph_ids: Iterable[str]) -> str:
    """The ``<path>`` of each glyph (by id, as :func:`svg_element` names them), once each, in order of id."""
    paths = []
    for glyph_id in sorted(set(glyph_ids)):
        match = _GLYPH_ID.fullmatch(glyph_id)
        if match is None or match.group(1) not in _CODE_FONTS:
            raise ValueError(f"not a glyph id: {glyph_id!r}")
        paths.append(f'<path id="{glyph_id}" d="{glyph_outline(_CODE_FONTS[match.group(1)], int(match.group(2)))}"/>')
    return "\n".join(paths)
