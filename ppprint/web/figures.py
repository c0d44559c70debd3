"""A web book's figures as inline SVG: each the checked figure the PDF prints, drawn for the scale it
prints at on the paper chosen (:func:`~ppprint.document.pages.print_fit`), its text as ``<use>`` of
the fonts' glyph outlines, which the page defines once (:meth:`WebFigures.glyph_definitions`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from xml.sax.saxutils import quoteattr

from ppprint.document.pages import INCH, FigureDrawer, print_fit
from ppprint.document.typography import typographic
from ppprint.registry import Plugin
from ppprint.render.draw import Drawing, Group, Item, Text
from ppprint.render.figure import render_figure
from ppprint.render.marks import Sample, legend
from ppprint.render.svg import POINTS_PER_INCH, clean, glyph_definitions, share_shapes, svg_element
from ppprint.verify import VerifyReport


@dataclass(frozen=True)
class FigureSvg:
    """One figure as the page shows it: the print scale it is drawn for, its inline ``<svg>`` and the glyphs it uses."""

    scale: float
    svg: str
    glyphs: frozenset[str] = frozenset()


@dataclass
class WebMemo:
    """Figures already drawn as inline SVG, by cache key, paper and marks key: a rebuild in the same
    process (the live preview) draws again only the figures whose key changed."""

    figures: dict[tuple[str, str], FigureSvg] = field(default_factory=dict)
    legends: dict[tuple[tuple[Sample, ...], str], FigureSvg] = field(default_factory=dict)


def words(items: Sequence[Item]) -> list[str]:
    """The text of a drawing's items, in the order drawn."""
    found: list[str] = []
    for item in items:
        if isinstance(item, Group):
            found += words(item.items)
        elif isinstance(item, Text) and clean(item.text).strip():
            found.append(clean(item.text).strip())
    return found


def inline_svg(drawing: Drawing, scale: float, css_class: str, name: str | None = None) -> FigureSvg:
    """A drawing as an ``<svg>`` element for an HTML page, sized as it prints at ``scale``: hidden from
    assistive technology (its figure's caption names it) unless it has a ``name`` of its own."""
    width, height = drawing.width * scale / POINTS_PER_INCH, drawing.height * scale / POINTS_PER_INCH
    aria = 'aria-hidden="true"' if name is None else f'role="img" aria-label={quoteattr(name)}'
    made = svg_element(drawing, f'class="{css_class}" width="{width:.4f}in" height="{height:.4f}in" {aria}')
    return FigureSvg(scale, made.svg, made.glyphs)


class WebFigures:
    """Draws a book's figures for the page, through the memo (by cache key) when there is one, and
    keeps the glyphs they use."""

    def __init__(self, game: Plugin, report: VerifyReport, paper: str, draw: FigureDrawer | None, keys: Mapping[str, str], memo: WebMemo | None):
        self.game = game
        self.report = report
        self.paper = paper
        self.keys = keys
        self.memo = memo
        self.used = WebMemo()
        self.glyphs: set[str] = set()
        if draw is None:
            view = game.require_view()
            draw = lambda figure_id, scale, columns: render_figure(view, report.figures[figure_id], scale, columns, typographic)  # noqa: E731
        self.draw = draw

    def figure(self, figure_id: str) -> FigureSvg:
        key = self.keys.get(figure_id)
        memo_key = (key, self.paper) if key else None
        made = self.memo.figures.get(memo_key) if self.memo is not None and memo_key else None
        if made is None:
            figure = self.game.data.figures[figure_id]
            scale, drawing = print_fit(lambda s: self.draw(figure_id, s, figure.columns), figure.width * INCH if figure.width else None, self.paper)
            made = inline_svg(drawing, scale, "figure-drawing")
        if memo_key:
            self.used.figures[memo_key] = made
        self.glyphs |= made.glyphs
        return made

    def legend(self, samples: Sequence[Sample]) -> FigureSvg:
        memo_key = (tuple(samples), self.paper)
        made = self.memo.legends.get(memo_key) if self.memo is not None else None
        if made is None:
            scale, drawing = print_fit(lambda s: legend(samples, s), None, self.paper)
            made = inline_svg(drawing, scale, "legend", f"{drawing.title}: {', '.join(words(drawing.items))}")
        self.used.legends[memo_key] = made
        self.glyphs |= made.glyphs
        return made

    def finish(self, html: str) -> str:
        """``html`` (the page's text, with its figures) with the shapes its figures draw more than once
        shared, and after it the glyphs and shapes they use, each defined once, in an ``<svg>`` that shows nothing."""
        html, shapes = share_shapes(html)
        definitions = "\n".join(part for part in (glyph_definitions(self.glyphs), shapes) if part)
        if not definitions:
            return html
        return (
            f'{html}<svg xmlns="http://www.w3.org/2000/svg" class="definitions" width="0" height="0" aria-hidden="true" focusable="false">\n'
            f"<defs>\n{definitions}\n</defs>\n</svg>\n"
        )

    def keep(self) -> None:
        """Keep in the memo only what this page used (so it does not grow with every edit)."""
        if self.memo is not None:
            self.memo.figures, self.memo.legends = self.used.figures, self.used.legends
