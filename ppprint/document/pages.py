"""The page geometry a book's figures are sized for: papers, margins, the text frame, and a figure's fit.

It belongs to no format: the PDF typesets on these pages, and a book made for them (the report's
charts) is sized to their frame. The web book draws its figures for a screen scale instead
(:mod:`ppprint.web.figures`), from the same checked drawings.
"""

from __future__ import annotations

from collections.abc import Callable

from ppprint.render.draw import Drawing

INCH = 72.0
_MM = INCH / 2.54 * 0.1
PAPERS: dict[str, tuple[float, float]] = {"letter": (8.5 * INCH, 11 * INCH), "a4": (210 * _MM, 297 * _MM)}
"""Each paper's page, points (the values ReportLab's ``LETTER`` and ``A4`` hold)."""
HALF_PAPERS: dict[str, tuple[float, float]] = {"letter": (5.5 * INCH, 8.5 * INCH), "a4": (148 * _MM, 210 * _MM)}
"""The page of a booklet on each paper: half-letter, or A5 on A4 (two to a sheet)."""
MARGIN = 0.85 * INCH
MEASURE = 4.9 * INCH
"""The width of a full page's body text, its measure: about 67 characters of the body face a line
(the frame, 6.8 in on Letter, set 93-97, where 60-75 read well). Paragraphs and lists end there,
leaving a column at the right of the frame; headings, figures, tables and the title block take the
frame's width, and a small figure sits in that column beside the text (a booklet's half page is
narrow enough already: its text takes the frame)."""
HALF_MARGIN = 0.5 * INCH
FIGURE_HEIGHTS = (0.62, 0.56, 0.5, 0.45, 0.4)
"""A figure may fill at most this share of the frame's height: the first share whose pages come out
full enough is used (the PDF's layout steps down this list)."""


FigureDrawer = Callable[[str, float, int], Drawing]
"""Draws a game's figure (by id) for printing at a scale, its panels in a number of columns."""


def frame(paper: str) -> tuple[float, float, float]:
    """The text frame of a full page of ``paper`` (width and height, points) and the most height a figure may take there."""
    width, height = PAPERS[paper]
    # As ReportLab works them out for the PDF's frame (the same floating-point steps give the same scale).
    frame_width = width - MARGIN - MARGIN
    frame_height = height - MARGIN * 0.9 - MARGIN
    return frame_width, frame_height, (height - 1.9 * MARGIN) * FIGURE_HEIGHTS[0]


class Fit:
    """A drawing scaled to fit a box (never enlarged), drawn for the scale it prints at.

    ``make(scale)`` draws the figure for printing at ``scale``; text and strokes that would print
    too small are drawn larger, which may make the drawing a little larger, so the fit is worked
    out twice. Drawings are kept per scale, so fitting again to another box draws little.
    The maximum width and height give way to ``least`` (a book's floor scale); the available
    width does not.
    """

    def __init__(self, make: Callable[[float], Drawing], max_width: float | None, max_height: float, least: float = 0.0):
        self.make = make
        self.max_width = max_width
        self.max_height = max_height
        self.least = least
        self.scale = 1.0
        self.drawing = make(1.0)
        self._drawings = {1.0: self.drawing}

    def _fit(self, drawing: Drawing, available_width: float) -> float:
        limit_w = min(available_width, self.max_width or available_width)
        wanted = min(1.0, limit_w / drawing.width, self.max_height / drawing.height)
        return min(available_width / drawing.width, max(wanted, self.least))

    def fit(self, available_width: float) -> tuple[float, Drawing]:
        """The print scale within ``available_width`` (and the maximum width and height) and the drawing for it."""
        scale = self._fit(self._drawings[1.0], available_width)
        for _ in range(2):
            if scale not in self._drawings:
                self._drawings[scale] = self.make(scale)
            scale = min(scale, self._fit(self._drawings[scale], available_width))
        if scale not in self._drawings:
            self._drawings[scale] = self.make(scale)
        self.scale, self.drawing = scale, self._drawings[scale]
        return scale, self.drawing
