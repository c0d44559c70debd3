"""Read a PDF back and measure what it prints: the size of every text and the width of every stroke.

For every page, :func:`page_marks` walks the content stream, and every Form
XObject it draws (recursively, through the form's ``/Matrix``), keeping the
graphics state (``q``/``Q``, ``cm``, ``w``, ``gs`` with ``/LW``) and the text
state (``BT``, ``Tm``, ``Td``, ``TD``, ``T*``, ``TL``, ``Tf``, ``Tz``). It records:

* every text shown (``Tj``, ``TJ``, ``'``, ``"``): its printed size, the font
  size through the text matrix and the CTM, in points on the page;
* every stroke painted (``S``, ``s``, ``B``, ``B*``, ``b``, ``b*``): its printed
  width, the line width through the CTM. ``0 w`` (the thinnest line the
  device can draw) is recorded as width 0.

A map that scales unevenly is measured by its smaller singular value: text is
as small, and a stroke as thin, as its thinnest direction. Invisible text
(render mode 3) and text of only spaces draw nothing and are not recorded.

Each record says where it is: the page (from 1), the point on the page (points
from the lower-left corner: a text's line start, a stroke's box), the text
shown or the stroke's box, and the Form XObjects it was drawn through.

``python -m tests.pdfcheck FILE.pdf ...`` prints the smallest text and thinnest
stroke of every page.
"""

from __future__ import annotations

import io
import math
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from pypdf import PdfReader
from pypdf.generic import ContentStream, DictionaryObject, IndirectObject

Matrix = tuple[float, float, float, float, float, float]
"""A PDF matrix ``[a b c d e f]``: x' = a x + c y + e, y' = b x + d y + f."""
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

MIN_TEXT_PT = 6.0
MIN_STROKE_PT = 0.3
EPSILON = 1e-4
"""Points of slack for the rounding of numbers written into the PDF (6 significant digits)."""


def concat(inner: Matrix, outer: Matrix) -> Matrix:
    """``inner`` then ``outer`` (PDF's ``inner x outer``)."""
    a, b, c, d, e, f = inner
    A, B, C, D, E, F = outer
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def apply(matrix: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = matrix
    return a * x + c * y + e, b * x + d * y + f


def thinnest_scale(matrix: Matrix) -> float:
    """How much a map shrinks lengths in its most-shrunk direction (its smaller singular value)."""
    a, b, c, d, _, _ = matrix
    total = a * a + b * b + c * c + d * d
    det = a * d - b * c
    return math.sqrt(max(0.0, (total - math.sqrt(max(0.0, total * total - 4 * det * det))) / 2))


@dataclass(frozen=True)
class Found:
    """One text or stroke as it prints."""

    kind: Literal["text", "stroke"]
    size: float
    """Text: the printed font size; stroke: the printed width (points)."""
    page: int
    """From 1."""
    at: tuple[float, float, float, float]
    """Where on the page (points from its lower-left corner): a text's line start (twice), a stroke's box."""
    what: str
    """The text shown, or how the width came about."""
    via: tuple[str, ...] = ()
    """The Form XObjects it was drawn through, outermost first."""

    def __str__(self) -> str:
        x0, y0, x1, y1 = self.at
        place = f"({x0:.1f}, {y0:.1f})" if (x0, y0) == (x1, y1) else f"({x0:.1f}, {y0:.1f})-({x1:.1f}, {y1:.1f})"
        through = f" via {'/'.join(self.via)}" if self.via else ""
        return f"page {self.page} {place}{through}: {self.kind} {self.size:.3g} pt: {self.what}"


@dataclass
class PageMarks:
    """Everything one page prints: its texts and strokes."""

    page: int
    texts: list[Found] = field(default_factory=list)
    strokes: list[Found] = field(default_factory=list)

    @property
    def smallest_text(self) -> Found | None:
        return min(self.texts, key=lambda f: f.size, default=None)

    @property
    def thinnest_stroke(self) -> Found | None:
        return min(self.strokes, key=lambda f: f.size, default=None)


# -- fonts ---------------------------------------------------------------------------------------

_HEX = re.compile(rb"<([0-9A-Fa-f]+)>")


def _unicode_map(font: DictionaryObject) -> dict[bytes, str]:
    """A font's ``/ToUnicode`` CMap (``bfchar`` and ``bfrange``), code bytes -> text."""
    stream = font.get("/ToUnicode")
    if stream is None:
        return {}
    data = stream.get_object().get_data()
    mapping: dict[bytes, str] = {}

    def text(hex_value: bytes) -> str:
        return bytes.fromhex(hex_value.decode()).decode("utf-16-be", errors="replace")

    for block in re.findall(rb"beginbfchar(.*?)endbfchar", data, re.S):
        values = _HEX.findall(block)
        for code, target in zip(values[::2], values[1::2]):
            mapping[bytes.fromhex(code.decode())] = text(target)
    for block in re.findall(rb"beginbfrange(.*?)endbfrange", data, re.S):
        for line in block.strip().splitlines():
            values = _HEX.findall(line)
            if len(values) < 3:
                continue
            low, high = int(values[0], 16), int(values[1], 16)
            width = len(values[0]) // 2
            if b"[" in line:
                targets = [text(v) for v in values[2:]]
            else:
                start = int(values[2], 16)
                targets = [chr(start + i) for i in range(high - low + 1)]
            for i, target in zip(range(low, high + 1), targets):
                mapping[i.to_bytes(width, "big")] = target
    return mapping


@dataclass
class _Font:
    name: str
    codes: dict[bytes, str]
    width: int

    def decode(self, data: bytes) -> str:
        if not self.codes:
            return data.decode("latin-1")
        step = self.width
        return "".join(self.codes.get(data[i : i + step], "?") for i in range(0, len(data), step))


def _font(resources: DictionaryObject, name: str, cache: dict[int, _Font]) -> _Font:
    fonts = resources.get("/Font")
    font = fonts.get_object().get(name) if fonts is not None else None
    if font is None:
        return _Font(name, {}, 1)
    key = font.idnum if isinstance(font, IndirectObject) else id(font)
    if key not in cache:
        font = font.get_object()
        codes = _unicode_map(font)
        width = 2 if str(font.get("/Subtype")) == "/Type0" else 1
        cache[key] = _Font(str(font.get("/BaseFont", name)), codes, width)
    return cache[key]


# -- the walk ------------------------------------------------------------------------------------


@dataclass
class _State:
    ctm: Matrix = IDENTITY
    line_width: float = 1.0
    font: _Font | None = None
    font_size: float = 0.0
    leading: float = 0.0
    horizontal: float = 1.0
    render_mode: int = 0


class _Walker:
    def __init__(self, reader: PdfReader, page_number: int):
        self.reader = reader
        self.marks = PageMarks(page_number)
        self.fonts: dict[int, _Font] = {}

    def walk(self, content: Any, resources: DictionaryObject, state: _State, via: tuple[str, ...], seen: frozenset[int]) -> None:
        operations = ContentStream(content, self.reader).operations
        stack: list[_State] = []
        text_matrix = line_matrix = IDENTITY
        path: list[tuple[float, float]] = []
        point = (0.0, 0.0)
        for operands, operator in operations:
            op = operator.decode("latin-1") if isinstance(operator, bytes) else str(operator)
            if op == "q":
                stack.append(replace(state))
            elif op == "Q":
                if stack:
                    state = stack.pop()
            elif op == "cm":
                state.ctm = concat(_matrix(operands), state.ctm)
            elif op == "w":
                state.line_width = float(operands[0])
            elif op == "gs":
                ext = resources.get("/ExtGState")
                gs = ext.get_object().get(operands[0]) if ext is not None else None
                if gs is not None and "/LW" in gs.get_object():
                    state.line_width = float(gs.get_object()["/LW"])
            elif op in ("m", "l"):
                point = (float(operands[0]), float(operands[1]))
                path.append(apply(state.ctm, *point))
            elif op in ("c", "v", "y"):
                values = [float(v) for v in operands]
                for i in range(0, len(values), 2):
                    path.append(apply(state.ctm, values[i], values[i + 1]))
                point = (values[-2], values[-1])
            elif op == "re":
                x, y, w, h = (float(v) for v in operands)
                path += [apply(state.ctm, px, py) for px, py in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))]
            elif op in ("S", "s", "B", "B*", "b", "b*"):
                self._stroke(state, path, via)
                path = []
            elif op in ("f", "F", "f*", "n"):
                path = []
            elif op == "BT":
                text_matrix = line_matrix = IDENTITY
            elif op == "Tm":
                text_matrix = line_matrix = _matrix(operands)
            elif op in ("Td", "TD"):
                tx, ty = float(operands[0]), float(operands[1])
                if op == "TD":
                    state.leading = -ty
                text_matrix = line_matrix = concat((1.0, 0.0, 0.0, 1.0, tx, ty), line_matrix)
            elif op == "T*":
                text_matrix = line_matrix = concat((1.0, 0.0, 0.0, 1.0, 0.0, -state.leading), line_matrix)
            elif op == "TL":
                state.leading = float(operands[0])
            elif op == "Tf":
                state.font = _font(resources, str(operands[0]), self.fonts)
                state.font_size = float(operands[1])
            elif op == "Tz":
                state.horizontal = float(operands[0]) / 100.0
            elif op == "Tr":
                state.render_mode = int(operands[0])
            elif op in ("Tj", "TJ", "'", '"'):
                if op in ("'", '"'):
                    text_matrix = line_matrix = concat((1.0, 0.0, 0.0, 1.0, 0.0, -state.leading), line_matrix)
                shown = operands[-1]
                strings = [s for s in shown if not isinstance(s, (int, float))] if op == "TJ" else [shown]
                self._text(state, text_matrix, line_matrix, b"".join(_bytes(s) for s in strings), via)
            elif op == "Do":
                self._xobject(resources, str(operands[0]), state, via, seen)

    def _stroke(self, state: _State, path: Sequence[tuple[float, float]], via: tuple[str, ...]) -> None:
        if not path:
            return
        scale = thinnest_scale(state.ctm)
        xs, ys = [p[0] for p in path], [p[1] for p in path]
        what = f"line width {state.line_width:g} at scale {scale:.4g}"
        self.marks.strokes.append(Found("stroke", state.line_width * scale, self.marks.page, (min(xs), min(ys), max(xs), max(ys)), what, via))

    def _text(self, state: _State, text_matrix: Matrix, line_matrix: Matrix, data: bytes, via: tuple[str, ...]) -> None:
        if not data or state.render_mode in (3, 7):
            return
        font = state.font or _Font("?", {}, 1)
        text = font.decode(data)
        if not text.strip():
            return
        size = state.font_size
        rendering = concat(concat((size * state.horizontal, 0.0, 0.0, size, 0.0, 0.0), text_matrix), state.ctm)
        x, y = apply(concat(line_matrix, state.ctm), 0.0, 0.0)
        what = f"{text[:40]!r} in {font.name.split('+')[-1]} {size:g}"
        self.marks.texts.append(Found("text", thinnest_scale(rendering), self.marks.page, (x, y, x, y), what, via))

    def _xobject(self, resources: DictionaryObject, name: str, state: _State, via: tuple[str, ...], seen: frozenset[int]) -> None:
        xobjects = resources.get("/XObject")
        reference = xobjects.get_object().raw_get(name) if xobjects is not None and name in xobjects.get_object() else None
        if reference is None:
            return
        form = reference.get_object()
        if str(form.get("/Subtype")) != "/Form":
            return
        key = reference.idnum if isinstance(reference, IndirectObject) else id(form)
        if key in seen:
            return
        inner = replace(state)
        inner.ctm = concat(_matrix(form.get("/Matrix", list(IDENTITY))), state.ctm)
        own = form.get("/Resources")
        self.walk(form, own.get_object() if own is not None else resources, inner, (*via, name), seen | {key})


def _matrix(values: Iterable[Any]) -> Matrix:
    a, b, c, d, e, f = (float(v) for v in values)
    return (a, b, c, d, e, f)


def _bytes(value: Any) -> bytes:
    if isinstance(value, bytes):
        return value
    original = getattr(value, "original_bytes", None)
    if isinstance(original, bytes):
        return original
    return str(value).encode("latin-1", errors="replace")


# -- the API -------------------------------------------------------------------------------------


def _reader(pdf: bytes | PdfReader) -> PdfReader:
    return pdf if isinstance(pdf, PdfReader) else PdfReader(io.BytesIO(pdf))


def page_marks(pdf: bytes | PdfReader) -> list[PageMarks]:
    """Every text and stroke of every page, as printed."""
    reader = _reader(pdf)
    pages = []
    for number, page in enumerate(reader.pages, start=1):
        walker = _Walker(reader, number)
        contents = page.get_contents()
        if contents is not None:
            resources = page.get("/Resources")
            walker.walk(contents, resources.get_object() if resources is not None else DictionaryObject(), _State(), (), frozenset())
        pages.append(walker.marks)
    return pages


@dataclass(frozen=True)
class PageSummary:
    """The smallest text and the thinnest stroke of a page (``None``: the page has none)."""

    page: int
    smallest_text: Found | None
    thinnest_stroke: Found | None


def smallest(pdf: bytes | PdfReader) -> list[PageSummary]:
    """For every page, its smallest text and thinnest stroke, with where they are."""
    return [PageSummary(m.page, m.smallest_text, m.thinnest_stroke) for m in page_marks(pdf)]


def violations(pdf: bytes | PdfReader | Sequence[PageMarks], min_text: float = MIN_TEXT_PT, min_stroke: float = MIN_STROKE_PT) -> list[Found]:
    """Every text smaller than ``min_text`` and every stroke thinner than ``min_stroke`` (``0 w`` included)."""
    pages = pdf if isinstance(pdf, Sequence) and not isinstance(pdf, bytes) else page_marks(pdf)
    found: list[Found] = []
    for marks in pages:
        found += [t for t in marks.texts if t.size < min_text - EPSILON]
        found += [s for s in marks.strokes if s.size < min_stroke - EPSILON or s.size == 0.0]
    return found


def _distinct(found: Iterable[Found]) -> Iterator[Found]:
    """One of each kind of problem (same kind, size and text), the first met."""
    seen = set()
    for item in found:
        key = (item.kind, round(item.size, 3), item.what, item.via)
        if key not in seen:
            seen.add(key)
            yield item


def describe(found: Iterable[Found], limit: int = 20) -> str:
    """Violations as lines, one per distinct problem, at most ``limit``."""
    lines = [str(item) for item in _distinct(found)]
    more = f"\n... and {len(lines) - limit} more" if len(lines) > limit else ""
    return "\n".join(lines[:limit]) + more


def main(paths: Sequence[str]) -> int:
    for path in paths:
        with open(path, "rb") as handle:
            summaries = smallest(handle.read())
        print(path)
        for summary in summaries:
            print(f"  smallest text:   {summary.smallest_text or f'page {summary.page}: none'}")
            print(f"  thinnest stroke: {summary.thinnest_stroke or f'page {summary.page}: none'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
