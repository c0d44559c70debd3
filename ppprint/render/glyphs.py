"""Text as outlines, from the shipped fonts (fontTools): for SVG that needs no font to show right."""

from __future__ import annotations

from functools import cache

from fontTools.pens.recordingPen import RecordingPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont

from ppprint.render.draw import Segment
from ppprint.render.fonts import font_path


@cache
def _font(name: str) -> TTFont:
    return TTFont(str(font_path(name)), lazy=True)


def text_width(text: str, font: str, size: float) -> float:
    """The advance width of ``text`` set in ``font`` at ``size`` points (no kerning, as in the PDF)."""
    face = _font(font)
    cmap, metrics = face.getBestCmap(), face["hmtx"]
    units: int = sum(metrics[cmap.get(ord(char), ".notdef")][0] for char in text)
    return units * size / float(face["head"].unitsPerEm)


def text_outline(text: str, font: str, size: float, x: float, y: float) -> list[Segment]:
    """The outlines of ``text`` with its baseline starting at ``(x, y)``, in y-down points."""
    face = _font(font)
    cmap, glyphs = face.getBestCmap(), face.getGlyphSet()
    scale = size / face["head"].unitsPerEm
    segments: list[Segment] = []
    for char in text:
        name = cmap.get(ord(char), ".notdef")
        recording = RecordingPen()
        glyphs[name].draw(TransformPen(recording, (scale, 0, 0, -scale, x, y)))
        segments += _segments(recording.value)
        x += glyphs[name].width * scale
    return segments


def text_glyphs(text: str, font: str) -> list[tuple[int | None, int]]:
    """Each character of ``text`` as its glyph in ``font`` (its index, ``None`` when it has no outline,
    as a space) and where it starts, in font units from the text's start (no kerning, as in the PDF)."""
    face = _font(font)
    cmap, glyphs = face.getBestCmap(), face.getGlyphSet()
    found: list[tuple[int | None, int]] = []
    x = 0
    for char in text:
        name = cmap.get(ord(char), ".notdef")
        found.append((face.getGlyphID(name) if _has_outline(font, name) else None, x))
        x += int(glyphs[name].width)
    return found


def text_box(text: str, font: str, size: float) -> tuple[float, float, float, float] | None:
    """The box of the outlines of ``text`` set at ``size`` from ``(0, 0)`` on its baseline, y down
    (left, top, right, bottom; ``None`` when nothing in it has an outline)."""
    face = _font(font)
    boxes = []
    for glyph, at in text_glyphs(text, font):
        if glyph is not None:
            x0, y0, x1, y1 = _glyph_box(font, glyph)
            boxes.append((at + x0, -y1, at + x1, -y0))
    if not boxes:
        return None
    unit = size / face["head"].unitsPerEm
    return min(b[0] for b in boxes) * unit, min(b[1] for b in boxes) * unit, max(b[2] for b in boxes) * unit, max(b[3] for b in boxes) * unit


@cache
def _glyph_box(font: str, glyph: int) -> tuple[int, int, int, int]:
    face = _font(font)
    outline = face["glyf"][face.getGlyphName(glyph)]
    outline.recalcBounds(face["glyf"])
    return int(outline.xMin), int(outline.yMin), int(outline.xMax), int(outline.yMax)


@cache
def _has_outline(font: str, name: str) -> bool:
    recording = RecordingPen()
    _font(font).getGlyphSet()[name].draw(recording)
    return any(op not in ("closePath", "endPath") for op, _ in recording.value)


@cache
def glyph_outline(font: str, glyph: int) -> str:
    """The outline of glyph number ``glyph`` of ``font`` as SVG path data in font units, y down:
    TrueType's quadratic splines as they are (``Q``, half units at most), cubics as ``C``."""
    face = _font(font)
    recording = RecordingPen()
    face.getGlyphSet()[face.getGlyphName(glyph)].draw(recording)

    def point(p: tuple[float, float]) -> str:
        return f"{_unit(p[0])} {_unit(-p[1])}"

    parts: list[str] = []
    for op, points in recording.value:
        if op == "moveTo":
            parts.append("M" + point(points[0]))
        elif op == "lineTo":
            parts.append("L" + point(points[0]))
        elif op == "curveTo":
            parts.append("C" + " ".join(point(p) for p in points))
        elif op == "qCurveTo":
            controls, end = list(points[:-1]), points[-1]
            if end is None:  # a closed contour of off-curve points only
                end = ((controls[0][0] + controls[-1][0]) / 2, (controls[0][1] + controls[-1][1]) / 2)
                parts.append("M" + point(end))
                controls.append(controls[0])
            for index, control in enumerate(controls):
                target = end if index == len(controls) - 1 else ((control[0] + controls[index + 1][0]) / 2, (control[1] + controls[index + 1][1]) / 2)
                parts.append("Q" + point(control) + " " + point(target))
        elif op in ("closePath", "endPath"):
            parts.append("Z")
    return "".join(parts)


def _unit(value: float) -> str:
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _segments(commands: list[tuple[str, tuple[tuple[float, float], ...]]]) -> list[Segment]:
    segments: list[Segment] = []
    current = (0.0, 0.0)
    for op, points in commands:
        if op == "moveTo":
            current = points[0]
            segments.append(("M", current))
        elif op == "lineTo":
            current = points[0]
            segments.append(("L", current))
        elif op == "curveTo":
            current = points[-1]
            segments.append(("C", (*points[0], *points[1], *points[2])))
        elif op == "qCurveTo":
            segments += _quadratic(current, list(points))
            current = points[-1]
        elif op in ("closePath", "endPath"):
            segments.append(("Z", ()))
    return segments


def _quadratic(start: tuple[float, float], points: list[tuple[float, float]]) -> list[Segment]:
    """A TrueType quadratic spline (implied on-curve points between off-curve ones) as cubic segments."""
    segments: list[Segment] = []
    controls, end = points[:-1], points[-1]
    for index, control in enumerate(controls):
        target = end if index == len(controls) - 1 else ((control[0] + controls[index + 1][0]) / 2, (control[1] + controls[index + 1][1]) / 2)
        (x0, y0), (qx, qy), (x3, y3) = start, control, target
        segments.append(("C", (x0 + 2 / 3 * (qx - x0), y0 + 2 / 3 * (qy - y0), x3 + 2 / 3 * (qx - x3), y3 + 2 / 3 * (qy - y3), x3, y3)))
        start = target
    return segments
