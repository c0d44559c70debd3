"""Drawings as backend-neutral primitives: paths, text and groups, in points with y downwards.

Piece drawers and marks write into a :class:`Pen`; the result, a
:class:`Drawing`, is painted straight onto a ReportLab canvas
(:mod:`ppprint.render.pdf`) or written as self-contained SVG
(:mod:`ppprint.render.svg`), so every format shows the same shapes.

A pen knows the scale its drawing will print at, and keeps every text at least
:data:`MIN_TEXT_PT` and every stroke at least :data:`MIN_STROKE_PT` at that
scale: a figure laid out smaller gets relatively larger text and thicker lines,
never illegible ones. Every shape and text may carry a ``role`` (``value``: a
piece's value; ``mark``: an annotation) so tests can check that marks never
cover the values they explain.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Literal

Point = tuple[float, float]
Matrix = tuple[float, float, float, float, float, float]
"""An affine map ``(a, b, c, d, e, f)``: x' = a x + c y + e, y' = b x + d y + f (SVG's order)."""
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

MIN_TEXT_PT = 6.0
"""No text prints smaller than this, in points."""
MIN_STROKE_PT = 0.3
"""No stroke prints thinner than this, in points (thinner lines break up or vanish in print)."""
KAPPA = 4 * (math.sqrt(2) - 1) / 3
"""Control-point distance of a quarter circle drawn as one cubic Bezier, in radii."""

Segment = tuple[str, tuple[float, ...]]
"""``("M", (x, y))``, ``("L", (x, y))``, ``("C", (x1, y1, x2, y2, x, y))`` or ``("Z", ())``."""


@dataclass(frozen=True, slots=True)
class Paint:
    """How a shape is filled and stroked (colours as ``#rrggbb``; ``None`` for none)."""

    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0
    opacity: float = 1.0
    """Opacity of the fill."""
    dash: tuple[float, ...] = ()
    cap: Literal["butt", "round", "square"] = "butt"
    join: Literal["miter", "round", "bevel"] = "miter"


@dataclass(frozen=True, slots=True)
class Shape:
    """A path of straight and cubic segments."""

    segments: tuple[Segment, ...]
    paint: Paint
    role: str = ""


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text; ``at`` is on its baseline, at its start, middle or end (``anchor``)."""

    text: str
    at: Point
    size: float
    font: str
    fill: str
    anchor: Literal["start", "middle", "end"] = "middle"
    role: str = ""


@dataclass(frozen=True, slots=True)
class Group:
    """Items drawn through an affine map."""

    items: tuple[Item, ...]
    matrix: Matrix = IDENTITY
    role: str = ""


Item = Shape | Text | Group


@dataclass
class Drawing:
    """A picture ``width`` x ``height`` points; ``title`` and ``description`` say what it shows (SVG, alt text)."""

    width: float
    height: float
    items: list[Item] = field(default_factory=list)
    title: str = ""
    description: str = ""


class DeferredDrawing(Drawing):
    """A drawing whose size is known at once and whose items are made by ``items()`` when first
    used: a trial page layout asks a figure only for its size."""

    def __init__(self, width: float, height: float, items: Callable[[], list[Item]], title: str = "", description: str = ""):
        self.width, self.height, self.title, self.description = width, height, title, description
        self._make: Callable[[], list[Item]] | None = items
        self._items: list[Item] | None = None

    @property
    def items(self) -> list[Item]:
        if self._items is None:
            assert self._make is not None
            self._items, self._make = self._make(), None
        return self._items

    @items.setter
    def items(self, items: list[Item]) -> None:
        self._items, self._make = items, None

    def __eq__(self, other: object) -> bool:
        """Equal to any drawing of the same size, items, title and description, deferred or not."""
        if not isinstance(other, Drawing):
            return NotImplemented
        return (self.width, self.height, self.items, self.title, self.description) == (other.width, other.height, other.items, other.title, other.description)

    __hash__ = None  # type: ignore[assignment]  # as a Drawing: mutable


def multiply(outer: Matrix, inner: Matrix) -> Matrix:
    """The map that applies ``inner``, then ``outer``."""
    a, b, c, d, e, f = outer
    a2, b2, c2, d2, e2, f2 = inner
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2, a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def apply(matrix: Matrix, point: Point) -> Point:
    """A point through an affine map."""
    a, b, c, d, e, f = matrix
    x, y = point
    return a * x + c * y + e, b * x + d * y + f


def stretch(matrix: Matrix) -> float:
    """How much a map scales lengths (the square root of its area factor)."""
    a, b, c, d, _, _ = matrix
    return math.sqrt(abs(a * d - b * c))


def transform(translate: Point = (0.0, 0.0), rotate: float = 0.0, scale: float = 1.0) -> Matrix:
    """Scale, then rotate (degrees, clockwise on screen as SVG's ``rotate``), then translate."""
    turn = math.radians(rotate)
    cos, sin = math.cos(turn) * scale, math.sin(turn) * scale
    return (cos, sin, -sin, cos, translate[0], translate[1])


class Pen:
    """Records primitives into a drawing, keeping text and strokes legible at ``scale`` (print size / drawn size)."""

    def __init__(self, scale: float = 1.0):
        self.scale = scale
        self._stack: list[tuple[list[Item], Matrix, str]] = [([], IDENTITY, "")]
        self._matrix = IDENTITY

    @property
    def items(self) -> list[Item]:
        """What has been drawn at the top level."""
        return self._stack[0][0]

    def boxes(self, role: str, since: int = 0) -> list[tuple[float, float, float, float]]:
        """The boxes of the top-level items from ``since`` on that carry ``role`` (see :func:`bounds`)."""
        return [box for _, box in bounds(self.items[since:], role=role)]

    def drawing(self, width: float, height: float, title: str = "", description: str = "") -> Drawing:
        """The finished drawing."""
        return Drawing(width, height, list(self.items), title, description)

    def _add(self, item: Item) -> None:
        self._stack[-1][0].append(item)

    def _local(self, printed: float) -> float:
        """A size that prints as ``printed`` points, in the current units."""
        return printed / (self.scale * stretch(self._matrix))

    def legible(self, paint: Paint) -> Paint:
        """``paint`` with its stroke widened (and dashes stretched) to print at least :data:`MIN_STROKE_PT`."""
        if paint.stroke is None or paint.width >= self._local(MIN_STROKE_PT):
            return paint
        factor = self._local(MIN_STROKE_PT) / max(paint.width, 1e-9)
        return replace(paint, width=self._local(MIN_STROKE_PT), dash=tuple(d * factor for d in paint.dash))

    def printed_size(self, printed: float) -> float:
        """The size, in the current units, of text that prints at ``printed`` points."""
        return self._local(printed)

    def text_size(self, size: float) -> float:
        """``size`` raised so it prints at least :data:`MIN_TEXT_PT`."""
        return max(size, self._local(MIN_TEXT_PT))

    def group(self, translate: Point = (0.0, 0.0), rotate: float = 0.0, scale: float = 1.0, role: str = "") -> AbstractContextManager[None]:
        """Draw the body's items through a translation, rotation and scale."""
        return self._within(transform(translate, rotate, scale), role)

    def redraw(self, items: Sequence[Item]) -> None:
        """``items`` drawn by another pen added here, their text and strokes raised to print legibly at this
        pen's scale and place (as this pen would have drawn them)."""
        for item in items:
            if isinstance(item, Group):
                with self._within(item.matrix, item.role):
                    self.redraw(item.items)
            elif isinstance(item, Text):
                self._add(replace(item, size=self.text_size(item.size)))
            else:
                self._add(replace(item, paint=self.legible(item.paint)))

    @contextmanager
    def _within(self, matrix: Matrix, role: str) -> Iterator[None]:
        outer = self._matrix
        self._stack.append(([], matrix, role))
        self._matrix = multiply(outer, matrix)
        try:
            yield
        finally:
            items, matrix, role = self._stack.pop()
            self._matrix = outer
            if items:
                self._add(Group(tuple(items), matrix, role))

    def add(self, item: Item) -> None:
        """An item made elsewhere (by another pen of the same scale, then restyled)."""
        self._add(item)

    def shape(self, segments: Sequence[Segment], paint: Paint, role: str = "") -> None:
        """A path of segments."""
        self._add(Shape(tuple(segments), self.legible(paint), role))

    def path(self, data: str, paint: Paint, role: str = "") -> None:
        """A path given as SVG path data."""
        self.shape(_parsed_path(data), paint, role)

    def polygon(self, points: Sequence[Point], paint: Paint, role: str = "") -> None:
        """A closed polygon."""
        self.shape([("M", points[0]), *(("L", p) for p in points[1:]), ("Z", ())], paint, role)

    def polyline(self, points: Sequence[Point], paint: Paint, role: str = "") -> None:
        """An open line through ``points``."""
        self.shape([("M", points[0]), *(("L", p) for p in points[1:])], paint, role)

    def line(self, start: Point, end: Point, paint: Paint, role: str = "") -> None:
        """A straight line."""
        self.polyline([start, end], paint, role)

    def rect(self, x: float, y: float, width: float, height: float, paint: Paint, radius: float = 0.0, role: str = "") -> None:
        """A rectangle from its top-left corner, with corners rounded by ``radius``."""
        self.shape(rounded_rect(x, y, width, height, radius), paint, role)

    def circle(self, centre: Point, radius: float, paint: Paint, role: str = "") -> None:
        """A circle."""
        self.ellipse(centre, radius, radius, paint, role)

    def ellipse(self, centre: Point, rx: float, ry: float, paint: Paint, role: str = "") -> None:
        """An axis-aligned ellipse, as four cubic arcs."""
        self.shape(ellipse_segments(centre, rx, ry), paint, role)

    def text(
        self,
        text: str,
        at: Point,
        size: float,
        font: str,
        fill: str,
        anchor: Literal["start", "middle", "end"] = "middle",
        role: str = "",
    ) -> None:
        """Text on a baseline through ``at``."""
        self._add(Text(text, at, self.text_size(size), font, fill, anchor, role))


def rounded_rect(x: float, y: float, width: float, height: float, radius: float = 0.0) -> list[Segment]:
    """The segments of a rectangle with rounded corners."""
    r = min(radius, width / 2, height / 2)
    if r <= 0:
        return [("M", (x, y)), ("L", (x + width, y)), ("L", (x + width, y + height)), ("L", (x, y + height)), ("Z", ())]
    k = r * (1 - KAPPA)
    right, bottom = x + width, y + height
    return [
        ("M", (x + r, y)),
        ("L", (right - r, y)),
        ("C", (right - k, y, right, y + k, right, y + r)),
        ("L", (right, bottom - r)),
        ("C", (right, bottom - k, right - k, bottom, right - r, bottom)),
        ("L", (x + r, bottom)),
        ("C", (x + k, bottom, x, bottom - k, x, bottom - r)),
        ("L", (x, y + r)),
        ("C", (x, y + k, x + k, y, x + r, y)),
        ("Z", ()),
    ]


def ellipse_segments(centre: Point, rx: float, ry: float) -> list[Segment]:
    """An ellipse as four cubic Beziers, clockwise on screen from its left end."""
    cx, cy = centre
    kx, ky = rx * KAPPA, ry * KAPPA
    return [
        ("M", (cx - rx, cy)),
        ("C", (cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry)),
        ("C", (cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy)),
        ("C", (cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry)),
        ("C", (cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy)),
        ("Z", ()),
    ]


_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


def parse_path(data: str) -> list[Segment]:
    """SVG path data (every command, absolute or relative) as absolute M, L, C and Z segments."""
    tokens = _TOKEN.findall(data)
    segments: list[Segment] = []
    x = y = start_x = start_y = 0.0
    last_control: Point | None = None
    last_quad: Point | None = None
    index, command = 0, ""
    while index < len(tokens):
        if tokens[index].isalpha():
            command = tokens[index]
            index += 1
        upper, relative = command.upper(), command.islower()
        count = _ARITY.get(upper)
        if count is None:
            raise ValueError(f"path data: unknown command '{command}'")
        values = [float(v) for v in tokens[index : index + count]]
        if len(values) < count:
            raise ValueError("path data: a command lacks numbers")
        index += count
        dx, dy = (x, y) if relative else (0.0, 0.0)
        control, quad = None, None
        if upper == "M":
            x, y = values[0] + dx, values[1] + dy
            start_x, start_y = x, y
            segments.append(("M", (x, y)))
            command = "l" if relative else "L"
        elif upper in ("L", "H", "V"):
            if upper == "H":
                x = values[0] + (x if relative else 0.0)
            elif upper == "V":
                y = values[0] + (y if relative else 0.0)
            else:
                x, y = values[0] + dx, values[1] + dy
            segments.append(("L", (x, y)))
        elif upper in ("C", "S"):
            if upper == "C":
                x1, y1, x2, y2, ex, ey = values[0] + dx, values[1] + dy, values[2] + dx, values[3] + dy, values[4] + dx, values[5] + dy
            else:
                x1, y1 = (2 * x - last_control[0], 2 * y - last_control[1]) if last_control else (x, y)
                x2, y2, ex, ey = values[0] + dx, values[1] + dy, values[2] + dx, values[3] + dy
            segments.append(("C", (x1, y1, x2, y2, ex, ey)))
            control, (x, y) = (x2, y2), (ex, ey)
        elif upper in ("Q", "T"):
            if upper == "Q":
                qx, qy, ex, ey = values[0] + dx, values[1] + dy, values[2] + dx, values[3] + dy
            else:
                qx, qy = (2 * x - last_quad[0], 2 * y - last_quad[1]) if last_quad else (x, y)
                ex, ey = values[0] + dx, values[1] + dy
            segments.append(("C", (x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), ex + 2 / 3 * (qx - ex), ey + 2 / 3 * (qy - ey), ex, ey)))
            quad, (x, y) = (qx, qy), (ex, ey)
        elif upper == "A":
            rx, ry, angle, large, sweep, ex, ey = values
            ex, ey = ex + dx, ey + dy
            segments += arc_segments((x, y), (ex, ey), rx, ry, angle, bool(large), bool(sweep))
            x, y = ex, ey
        else:
            segments.append(("Z", ()))
            x, y = start_x, start_y
        last_control, last_quad = control, quad
    return segments


@lru_cache(maxsize=4096)
def _parsed_path(data: str) -> tuple[Segment, ...]:
    """:func:`parse_path`, remembered: pieces draw the same few paths over and over."""
    return tuple(parse_path(data))


def arc_segments(start: Point, end: Point, rx: float, ry: float, angle: float, large: bool, sweep: bool) -> list[Segment]:
    """An SVG elliptical arc as cubic Beziers (at most a quarter turn each)."""
    (x1, y1), (x2, y2) = start, end
    if rx == 0 or ry == 0 or (x1, y1) == (x2, y2):
        return [("L", end)]
    phi = math.radians(angle)
    cos, sin = math.cos(phi), math.sin(phi)
    hx, hy = (x1 - x2) / 2, (y1 - y2) / 2
    px, py = cos * hx + sin * hy, -sin * hx + cos * hy
    rx, ry = abs(rx), abs(ry)
    grow = px * px / (rx * rx) + py * py / (ry * ry)
    if grow > 1:
        rx, ry = rx * math.sqrt(grow), ry * math.sqrt(grow)
    numerator = rx * rx * ry * ry - rx * rx * py * py - ry * ry * px * px
    factor = math.sqrt(max(0.0, numerator / (rx * rx * py * py + ry * ry * px * px)))
    if large == sweep:
        factor = -factor
    ccx, ccy = factor * rx * py / ry, -factor * ry * px / rx
    cx, cy = cos * ccx - sin * ccy + (x1 + x2) / 2, sin * ccx + cos * ccy + (y1 + y2) / 2
    start_angle = math.atan2((py - ccy) / ry, (px - ccx) / rx)
    delta = math.atan2((-py - ccy) / ry, (-px - ccx) / rx) - start_angle
    if sweep and delta < 0:
        delta += 2 * math.pi
    elif not sweep and delta > 0:
        delta -= 2 * math.pi
    pieces = max(1, math.ceil(abs(delta) / (math.pi / 2) - 1e-9))
    step = delta / pieces
    handle = 4 / 3 * math.tan(step / 4)
    segments: list[Segment] = []
    theta = start_angle
    for _ in range(pieces):
        t1, t2 = theta, theta + step
        e1 = (math.cos(t1) - handle * math.sin(t1), math.sin(t1) + handle * math.cos(t1))
        e2 = (math.cos(t2) + handle * math.sin(t2), math.sin(t2) - handle * math.cos(t2))
        e3 = (math.cos(t2), math.sin(t2))
        points = [(cx + rx * u * cos - ry * v * sin, cy + rx * u * sin + ry * v * cos) for u, v in (e1, e2, e3)]
        segments.append(("C", (*points[0], *points[1], *points[2])))
        theta = t2
    return segments


def bounds(items: Sequence[Item], matrix: Matrix = IDENTITY, role: str | None = None) -> list[tuple[str, tuple[float, float, float, float]]]:
    """The box of every shape and text (of ``role``, or all), in the drawing's coordinates.

    Text boxes are estimated from the font size (cap height above the baseline,
    an average advance of 0.6 em per character).
    """
    found: list[tuple[str, tuple[float, float, float, float]]] = []
    for item in items:
        if isinstance(item, Group):
            found += bounds(item.items, multiply(matrix, item.matrix), role)
            continue
        if role is not None and item.role != role:
            continue
        if isinstance(item, Shape):
            points = [apply(matrix, (v[i], v[i + 1])) for _, v in item.segments for i in range(0, len(v), 2)]
        else:
            width = 0.6 * item.size * len(item.text)
            left = item.at[0] - {"start": 0.0, "middle": width / 2, "end": width}[item.anchor]
            points = [apply(matrix, p) for p in ((left, item.at[1]), (left + width, item.at[1] - 0.72 * item.size))]
        if points:
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            found.append((item.role, (min(xs), min(ys), max(xs), max(ys))))
    return found
