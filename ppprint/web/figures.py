"""A web book's figures as inline SVG: each the checked figure the PDF prints, drawn for the scale it
prints at on the paper chosen (:func:`~ppprint.document.pages.print_fit`), its text as the fonts' glyph outlines."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ppprint.document.book import Book
from ppprint.document.pages import print_fit
from ppprint.render.draw import Drawing
from ppprint.render.marks import Sample, legend
from ppprint.render.svg import POINTS_PER_INCH, svg_document

_SVG_SIZE_RE = re.compile(r'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="[^"]*" height="[^"]*"')


@dataclass(frozen=True)
class FigureSvg:
    """One figure as the page shows it: the print scale it is drawn for, and its inline ``<svg>``."""

    scale: float
    svg: str


@dataclass
class WebMemo:
    """Figures already drawn as inline SVG, by cache key, paper and marks key: a rebuild in the same
    process (the live preview) draws again only the figures whose key changed."""

    figures: dict[tuple[str, str], FigureSvg] = field(default_factory=dict)
    legends: dict[tuple[tuple[Sample, ...], str], FigureSvg] = field(default_factory=dict)


def inline_svg(drawing: Drawing, scale: float, css_class: str) -> str:
    """A drawing as an ``<svg>`` element for an HTML page, sized as it prints at ``scale`` (its text as outlines)."""
    text = svg_document(drawing)
    text = text[text.index("<svg") :]
    width, height = drawing.width * scale / POINTS_PER_INCH, drawing.height * scale / POINTS_PER_INCH
    sized = f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" class="{css_class}" width="{width:.4f}in" height="{height:.4f}in"'
    text, count = _SVG_SIZE_RE.subn(sized, text, count=1)
    if count != 1:
        raise RuntimeError("the SVG writer's root element is not as expected")
    return text.rstrip("\n")


class WebFigures:
    """Draws a book's figures for the page, through the memo (by cache key) when there is one."""

    def __init__(self, book: Book, keys: Mapping[str, str], memo: WebMemo | None):
        self.book = book
        self.keys = keys
        self.memo = memo
        self.used = WebMemo()

    def figure(self, figure_id: str) -> FigureSvg:
        key = self.keys.get(figure_id)
        memo_key = (key, self.book.paper) if key else None
        made = self.memo.figures.get(memo_key) if self.memo is not None and memo_key else None
        if made is None:
            figure = self.book.figures[figure_id]
            scale, drawing = print_fit(lambda s: self.book.draw(figure_id, s, figure.columns), figure.width, self.book.paper)
            made = FigureSvg(scale, inline_svg(drawing, scale, "figure-drawing"))
        if memo_key:
            self.used.figures[memo_key] = made
        return made

    def legend(self, samples: Sequence[Sample]) -> FigureSvg:
        memo_key = (tuple(samples), self.book.paper)
        made = self.memo.legends.get(memo_key) if self.memo is not None else None
        if made is None:
            scale, drawing = print_fit(lambda s: legend(samples, s), None, self.book.paper)
            made = FigureSvg(scale, inline_svg(drawing, scale, "legend"))
        self.used.legends[memo_key] = made
        return made

    def keep(self) -> None:
        """Keep in the memo only what this page used (so it does not grow with every edit)."""
        if self.memo is not None:
            self.memo.figures, self.memo.legends = self.used.figures, self.used.legends
