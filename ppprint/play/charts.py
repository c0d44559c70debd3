"""Charts of a report as drawings of the project's drawing model (painted on the PDF like every figure).

Each chart is drawn for the scale it prints at (:class:`~ppprint.render.draw.Pen`
keeps text at 6 pt and strokes at 0.3 pt or more), in ink and greys: a chart's
series differ by shape (bars, a line with dots, a dashed reference line), so no
reader depends on colour, and the palette's colours keep their meanings in the
rules (suits, marks).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ppprint.play.stats import Histogram, nice_step
from ppprint.render.draw import Drawing, Paint, Pen
from ppprint.render.fonts import SANS, SANS_BOLD
from ppprint.render.palette import INK, MUTED_INK, PAPER, mix

TICK_SIZE = 7.0
LABEL_SIZE = 8.0
BAR_FILL = mix(INK, PAPER, 0.72)
GRID = mix(INK, PAPER, 0.86)
LINE_WIDTH = 0.8


@dataclass(frozen=True)
class Bar:
    """One bar: its label, value and 95% interval (``low == high == value`` for none)."""

    label: str
    value: float
    low: float
    high: float


@dataclass(frozen=True)
class _Frame:
    """The plot area of a chart and its data ranges: maps data to drawing points (y down)."""

    left: float
    top: float
    width: float
    height: float
    x_min: float
    x_max: float
    y_min: float
    y_max: float

    def x(self, value: float) -> float:
        span = self.x_max - self.x_min or 1.0
        return self.left + (value - self.x_min) / span * self.width

    def y(self, value: float) -> float:
        span = self.y_max - self.y_min or 1.0
        return self.top + self.height - (value - self.y_min) / span * self.height

    @property
    def bottom(self) -> float:
        return self.top + self.height


def _ticks(low: float, high: float, target: int = 5, least: float = 0.0) -> list[float]:
    """Round values from ``low`` to ``high``, about ``target`` of them, ``least`` apart at the least."""
    step = max(nice_step(high - low, target), least)
    first = math.ceil(low / step - 1e-9) * step
    ticks = []
    value = first
    while value <= high + 1e-9:
        ticks.append(round(value, 10))
        value += step
    return ticks


def _number(value: float, percent: bool) -> str:
    if percent:
        return f"{100 * value:.0f}%"
    return f"{value:.0f}" if abs(value - round(value)) < 1e-9 else f"{value:g}"


def _axes(pen: Pen, frame: _Frame, y_label: str, x_label: str, percent: bool) -> None:
    """Horizontal grid lines with the y ticks, the axis lines and the axis labels."""
    ink = Paint(stroke=INK, width=0.6)
    for tick in _ticks(frame.y_min, frame.y_max, 5, 0.0 if percent else 1.0):
        y = frame.y(tick)
        pen.line((frame.left, y), (frame.left + frame.width, y), Paint(stroke=GRID, width=0.4))
        pen.text(_number(tick, percent), (frame.left - 3, y + TICK_SIZE * 0.35), TICK_SIZE, SANS, MUTED_INK, anchor="end")
    pen.line((frame.left, frame.top), (frame.left, frame.bottom), ink)
    pen.line((frame.left, frame.bottom), (frame.left + frame.width, frame.bottom), ink)
    if y_label:
        pen.text(y_label, (frame.left - 30, frame.top - 12), LABEL_SIZE, SANS, INK, anchor="start")
    if x_label:
        pen.text(x_label, (frame.left + frame.width / 2, frame.bottom + 24), LABEL_SIZE, SANS, INK)


def _whisker(pen: Pen, x: float, low: float, high: float, half: float) -> None:
    """A 95% interval from ``low`` to ``high`` (drawing coordinates), capped at both ends."""
    paint = Paint(stroke=INK, width=0.7)
    if abs(high - low) < 0.5:
        return
    pen.line((x, low), (x, high), paint)
    pen.line((x - half, low), (x + half, low), paint)
    pen.line((x - half, high), (x + half, high), paint)


def bar_chart(
    bars: Sequence[Bar],
    width: float = 300.0,
    height: float = 150.0,
    y_label: str = "",
    percent: bool = True,
    reference: float | None = None,
    reference_label: str = "",
    scale: float = 1.0,
    title: str = "",
    groups: Sequence[tuple[str, int]] = (),
) -> Drawing:
    """Bars with their 95% intervals as whiskers; ``reference`` draws a dashed line (an even share);
    ``groups`` names runs of consecutive bars (label, how many) on a second line under their labels."""
    pen = Pen(scale)
    top_value = max([b.high for b in bars] + [reference or 0.0, 1e-9])
    y_max = 1.0 if percent and top_value > 0.5 else nice_step(top_value, 4) * math.ceil(top_value / nice_step(top_value, 4))
    frame = _Frame(40.0, 24.0, width - 48.0, height - 54.0, 0.0, float(max(1, len(bars))), 0.0, y_max)
    _axes(pen, frame, y_label, "", percent)
    slot = frame.width / max(1, len(bars))
    for i, bar in enumerate(bars):
        centre = frame.left + slot * (i + 0.5)
        bar_width = min(slot * 0.6, 46.0)
        top = frame.y(bar.value)
        pen.rect(centre - bar_width / 2, top, bar_width, frame.bottom - top, Paint(fill=BAR_FILL, stroke=INK, width=0.5))
        _whisker(pen, centre, frame.y(bar.low), frame.y(bar.high), bar_width / 5)
        pen.text(bar.label, (centre, frame.bottom + 10), TICK_SIZE, SANS, INK)
        label_y = min(top, frame.y(bar.high)) - 3
        pen.text(_number(bar.value, percent) if percent else f"{bar.value:.1f}", (centre, label_y), TICK_SIZE, SANS_BOLD, INK)
    first = 0
    for label, count in groups:
        left, right = frame.left + slot * first, frame.left + slot * (first + count)
        pen.line((left + 4, frame.bottom + 15), (right - 4, frame.bottom + 15), Paint(stroke=MUTED_INK, width=0.4))
        pen.text(label, ((left + right) / 2, frame.bottom + 25), TICK_SIZE, SANS_BOLD, INK)
        first += count
    if reference is not None:
        y = frame.y(reference)
        pen.line((frame.left, y), (frame.left + frame.width, y), Paint(stroke=INK, width=0.6, dash=(3.0, 2.0)))
        if reference_label:
            pen.text(reference_label, (frame.left + frame.width, y - 3), TICK_SIZE, SANS, MUTED_INK, anchor="end")
    return pen.drawing(width, height, title)


def histogram_chart(
    counts: Histogram,
    width: float = 300.0,
    height: float = 150.0,
    x_label: str = "",
    y_label: str = "games",
    scale: float = 1.0,
    title: str = "",
) -> Drawing:
    """A histogram: one bar per bin, the bins' edges on the x axis."""
    pen = Pen(scale)
    bins = len(counts.counts)
    end = counts.start + bins * counts.width
    top = max(counts.counts, default=1)
    step = nice_step(top, 4)
    frame = _Frame(40.0, 24.0, width - 50.0, height - 60.0, float(counts.start), float(end), 0.0, step * math.ceil(top / step))
    _axes(pen, frame, y_label, x_label, False)
    for i, count in enumerate(counts.counts):
        if count:
            x0, x1 = frame.x(counts.start + i * counts.width), frame.x(counts.start + (i + 1) * counts.width)
            y = frame.y(count)
            pen.rect(x0, y, x1 - x0, frame.bottom - y, Paint(fill=BAR_FILL, stroke=INK, width=0.4))
    for tick in _ticks(counts.start, end, 6, float(counts.width)):
        x = frame.x(tick)
        pen.line((x, frame.bottom), (x, frame.bottom + 3), Paint(stroke=INK, width=0.5))
        pen.text(_number(tick, False), (x, frame.bottom + 11), TICK_SIZE, SANS, MUTED_INK)
    return pen.drawing(width, height, title)


def line_chart(
    points: Sequence[tuple[float, float]],
    width: float = 300.0,
    height: float = 150.0,
    x_label: str = "",
    y_label: str = "",
    scale: float = 1.0,
    title: str = "",
    band: Sequence[tuple[float, float, float]] = (),
) -> Drawing:
    """A line through ``points`` (x ascending), over an optional grey band ``(x, low, high)``."""
    pen = Pen(scale)
    xs = [p[0] for p in points] or [0.0, 1.0]
    top = max([p[1] for p in points] + [b[2] for b in band] + [1.0])
    step = nice_step(top, 4)
    frame = _Frame(40.0, 24.0, width - 50.0, height - 60.0, min(xs), max(max(xs), min(xs) + 1), 0.0, step * math.ceil(top / step))
    _axes(pen, frame, y_label, x_label, False)
    if band:
        outline = [(frame.x(x), frame.y(high)) for x, _, high in band] + [(frame.x(x), frame.y(low)) for x, low, _ in reversed(band)]
        pen.polygon(outline, Paint(fill=GRID))
    if len(points) > 1:
        pen.polyline([(frame.x(x), frame.y(y)) for x, y in points], Paint(stroke=INK, width=LINE_WIDTH, join="round", cap="round"))
    elif points:
        pen.circle((frame.x(points[0][0]), frame.y(points[0][1])), 1.5, Paint(fill=INK))
    for tick in _ticks(frame.x_min, frame.x_max, 6, 1.0):
        x = frame.x(tick)
        pen.line((x, frame.bottom), (x, frame.bottom + 3), Paint(stroke=INK, width=0.5))
        pen.text(_number(tick, False), (x, frame.bottom + 11), TICK_SIZE, SANS, MUTED_INK)
    return pen.drawing(width, height, title)
