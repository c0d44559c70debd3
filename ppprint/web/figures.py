"""A web book's figures as inline SVG, drawn for screens.

Each figure is the checked figure the PDF prints, drawn for the screen: each panel its own ``<svg>``
in a row that wraps (side by side on a wide screen, one under the other on a phone), drawn with its
text large enough to read on a phone. A panel is :data:`PANEL_PX` CSS pixels wide (a figure of one
panel as wide as it prints, within :data:`PANEL_PX` and :data:`WIDE_PANEL_PX`), and the pen that draws
it keeps every text at least :data:`SCREEN_TEXT_PX` CSS pixels tall where the panel is narrowest,
:data:`NARROW_PANEL_PX` (a 390-pixel phone shows 335): its print scale is the one at which the
:data:`~ppprint.render.draw.MIN_TEXT_PT` printed would be that many pixels. The key to the marks is
a list, each mark its own small ``<svg>`` named by its words, drawn so its text is as large.

Text is ``<use>`` of the fonts' glyph outlines and every shape or group drawn more than once is
``<use>`` of one definition, all defined once per page (:meth:`WebFigures.finish`). A figure's
drawings are hidden from assistive technology: its ``<figcaption>`` names it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from xml.sax.saxutils import quoteattr

from ppprint.document.book import Book
from ppprint.render.draw import IDENTITY, MIN_TEXT_PT, Drawing, Group, Item, Matrix, Shape, Text, apply, multiply, stretch
from ppprint.render.figure import PANEL_GAP
from ppprint.render.marks import Sample, legend
from ppprint.render.glyphs import text_box, text_width
from ppprint.render.svg import POINTS_PER_INCH, clean, glyph_definitions, share_shapes, svg_element

SCREEN_TEXT_PX = 12.0
"""The smallest text of a figure on screen, CSS pixels, where its panel is narrowest (11 is the least readable)."""
NARROW_PANEL_PX = 320.0
"""The narrowest a panel shows on a phone 360 CSS pixels wide or wider (390 less the page's and the card's padding is 335)."""
PANEL_PX = 300.0
"""A panel's width, CSS pixels: two fit side by side in the page's 7.1-inch column, and in print."""
WIDE_PANEL_PX = 480.0
"""The widest a figure of one panel is drawn, CSS pixels (narrower when it prints narrower, never under :data:`PANEL_PX`)."""
CSS_PX_PER_POINT = 96.0 / 72.0
FIT_ROUNDS = 6


@dataclass(frozen=True)
class FigureSvg:
    """A figure (or the key to the marks) as the page shows it: the scale its pen drew it for, its
    markup, the glyphs it uses and the drawings it shows (each panel, each mark of the key)."""

    scale: float
    svg: str
    glyphs: frozenset[str] = frozenset()
    drawings: tuple[Drawing, ...] = ()
    widths: tuple[float, ...] = ()
    """Each drawing's width on the page, CSS pixels (before a narrow screen shrinks it)."""


@dataclass
class WebMemo:
    """Figures already drawn as inline SVG, by cache key and marks key: a rebuild in the same
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


def smallest_text(items: Sequence[Item], matrix: Matrix = IDENTITY) -> float:
    """The size of a drawing's smallest text, in the drawing's units (``inf`` when it has none)."""
    least = math.inf
    for item in items:
        if isinstance(item, Group):
            least = min(least, smallest_text(item.items, multiply(matrix, item.matrix)))
        elif isinstance(item, Text) and clean(item.text).strip():
            least = min(least, item.size * stretch(matrix))
    return least


def screen_scale(width: float, shown: float) -> float:
    """The print scale to draw a drawing ``width`` points wide for, so that shown ``shown`` CSS pixels
    wide its smallest text (the pen's :data:`~ppprint.render.draw.MIN_TEXT_PT` at that scale) is
    :data:`SCREEN_TEXT_PX`."""
    return MIN_TEXT_PT * shown / width / SCREEN_TEXT_PX


def panel_width(drawing_width: float, panels: int) -> float:
    """The width a panel of a figure is shown at, CSS pixels (see :data:`PANEL_PX`)."""
    if panels > 1:
        return PANEL_PX
    return min(WIDE_PANEL_PX, max(PANEL_PX, drawing_width * CSS_PX_PER_POINT))


Box = tuple[float, float, float, float]


def extents(items: Sequence[Item], matrix: Matrix = IDENTITY) -> Box | None:
    """The box everything drawn covers (left, top, right, bottom, points): each shape's points and
    control points widened by half its stroke, each text's glyph outlines (``None`` for nothing)."""
    corners: list[tuple[float, float]] = []
    for item in items:
        if isinstance(item, Group):
            inner = extents(item.items, multiply(matrix, item.matrix))
            if inner is not None:
                corners += [(inner[0], inner[1]), (inner[2], inner[3])]
        elif isinstance(item, Shape):
            half = item.paint.width / 2 * stretch(matrix) if item.paint.stroke is not None else 0.0
            for _, values in item.segments:
                for index in range(0, len(values), 2):
                    x, y = apply(matrix, (values[index], values[index + 1]))
                    corners += [(x - half, y - half), (x + half, y + half)]
        else:
            box = text_box(clean(item.text), item.font, item.size)
            if box is not None:
                shift = {"start": 0.0, "middle": 0.5, "end": 1.0}[item.anchor] * text_width(clean(item.text), item.font, item.size)
                x, y = item.at[0] - shift, item.at[1]
                corners += [apply(matrix, (x + bx, y + by)) for bx in (box[0], box[2]) for by in (box[1], box[3])]
    if not corners:
        return None
    return min(c[0] for c in corners), min(c[1] for c in corners), max(c[0] for c in corners), max(c[1] for c in corners)


def split_panels(drawing: Drawing, count: int) -> list[Drawing]:
    """A figure drawn in one column (:func:`~ppprint.render.figure.render_figure` with ``columns=1``) as a
    drawing per panel, each item in the panel its middle lies in. A panel's drawing is its cell of the
    column, grown to hold whatever reaches out of it (a label whose text the screen scale made long)."""
    gap = PANEL_GAP * POINTS_PER_INCH
    height = (drawing.height - (count - 1) * gap) / count
    items: list[list[Item]] = [[] for _ in range(count)]
    for item in drawing.items:
        box = extents([item])
        middle = (box[1] + box[3]) / 2 if box is not None else 0.0
        items[min(count - 1, max(0, int(middle // (height + gap))))].append(item)
    panels = []
    for index, panel_items in enumerate(items):
        top = index * (height + gap)
        x0, y0, x1, y1 = 0.0, top, drawing.width, top + height
        box = extents(panel_items)
        if box is not None:
            x0, y0, x1, y1 = min(x0, math.floor(box[0])), min(y0, math.floor(box[1])), max(x1, math.ceil(box[2])), max(y1, math.ceil(box[3]))
        moved: list[Item] = [Group(tuple(panel_items), (1.0, 0.0, 0.0, 1.0, -x0, -y0))] if (x0, y0) != (0.0, 0.0) else panel_items
        panels.append(Drawing(x1 - x0, y1 - y0, moved, drawing.title, drawing.description))
    return panels


def inline_svg(drawing: Drawing, width: float, css_class: str, name: str | None = None) -> tuple[str, frozenset[str]]:
    """A drawing as an ``<svg>`` element of a page, ``width`` CSS pixels wide: hidden from assistive
    technology (its figure's caption names it) unless it has a ``name`` of its own; and its glyphs."""
    height = width * drawing.height / drawing.width
    aria = 'aria-hidden="true"' if name is None else f'role="img" aria-label={quoteattr(name)}'
    made = svg_element(drawing, f'class="{css_class}" width="{_px(width)}" height="{_px(height)}" {aria}')
    return made.svg, made.glyphs


def _px(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def figure_svg(drawing: Drawing, panels: int, scale: float, width: float) -> FigureSvg:
    """A figure drawn for the screen (in one column, for ``scale``) as its panels, the widest ``width`` CSS pixels wide."""
    drawings = split_panels(drawing, panels)
    factor = width / max(panel.width for panel in drawings)
    widths = tuple(round(panel.width * factor, 2) for panel in drawings)
    made = [inline_svg(panel, shown, "figure-drawing") for panel, shown in zip(drawings, widths)]
    markup = '<div class="panels">\n' + "\n".join(svg for svg, _ in made) + "\n</div>"
    return FigureSvg(scale, markup, frozenset().union(*(glyphs for _, glyphs in made)), tuple(drawings), widths)


def legend_svg(samples: Sequence[Sample]) -> FigureSvg:
    """The key to the marks as a list, each mark and its words a drawing of its own (so the list wraps),
    shown so that its text is :data:`SCREEN_TEXT_PX`."""
    items: list[str] = []
    glyphs: set[str] = set()
    drawings: list[Drawing] = []
    widths: list[float] = []
    for sample in samples:
        drawing = legend([sample])
        width = round(drawing.width * SCREEN_TEXT_PX / smallest_text(drawing.items), 2)
        svg, used = inline_svg(drawing, width, "legend", ", ".join(words(drawing.items)))
        items.append(f"<li>{svg}</li>")
        glyphs |= used
        drawings.append(drawing)
        widths.append(width)
    markup = f'<ul class="key" aria-label="{escape(legend([]).title)}">\n' + "\n".join(items) + "\n</ul>"
    return FigureSvg(1.0, markup, frozenset(glyphs), tuple(drawings), tuple(widths))


class WebFigures:
    """Draws a book's figures for the page, through the memo (by cache key) when there is one, and
    keeps the glyphs they use."""

    def __init__(self, book: Book, keys: Mapping[str, str], memo: WebMemo | None):
        self.book = book
        self.keys = keys
        self.memo = memo
        self.used = WebMemo()
        self.glyphs: set[str] = set()

    def figure(self, figure_id: str) -> FigureSvg:
        key = self.keys.get(figure_id)
        memo_key = (key, "screen") if key else None
        made = self.memo.figures.get(memo_key) if self.memo is not None and memo_key else None
        if made is None:
            made = self.drawn(figure_id)
        if memo_key:
            self.used.figures[memo_key] = made
        self.glyphs |= made.glyphs
        return made

    def drawn(self, figure_id: str) -> FigureSvg:
        """A figure drawn for the screen (see the module's words): for the scale at which its text is
        :data:`SCREEN_TEXT_PX` where it is narrowest, worked out again while its text, grown, makes it wider."""
        panels = self.book.figures[figure_id].panels
        natural = self.book.draw(figure_id, 1.0, 1)  # its width does not depend on the scale, only its text's size
        width = panel_width(natural.width, panels)
        box = natural.width
        for _ in range(FIT_ROUNDS):
            scale = screen_scale(box, min(width, NARROW_PANEL_PX))
            drawing = self.book.draw(figure_id, scale, 1)
            widest = max(panel.width for panel in split_panels(drawing, panels))
            if widest <= box:
                break
            box = widest
        return figure_svg(drawing, panels, scale, width)

    def legend(self, samples: Sequence[Sample]) -> FigureSvg:
        memo_key = (tuple(samples), "screen")
        made = self.memo.legends.get(memo_key) if self.memo is not None else None
        if made is None:
            made = legend_svg(samples)
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
