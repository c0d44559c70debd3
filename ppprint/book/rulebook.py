"""The PDF printer of a book (:class:`~ppprint.document.book.Book`): its text and checked figures typeset.

The book's syntax trees become a platypus story after a title block (:mod:`ppprint.book.markdown`);
figures float to the first good place (:mod:`ppprint.book.floats`), and none past the end of the
rules; the PDF gets bookmarks, page numbers, metadata, embedded fonts and ``invariant=1``, so two
builds of the same input are byte-identical.
"""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, Protocol

from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate, Spacer, Table, TableStyle

from ppprint.book.floats import FloatBarrier, FloatingFigure, FloatingTemplate, KeepTail
from ppprint.book.trial import DRY_RUN, dry_run
from ppprint.render.pdfmeta import attach_to_canvas, language
from ppprint.book.markdown import MarkdownConverter
from ppprint.book.paragraph import Heading, Placed, figure_pages
from ppprint.book.paragraph import TextParagraph
from ppprint.book.styles import BOX_EDGE, BOX_FILL, MUTED, RULE, Styles, book_styles
from ppprint.document.pages import FIGURE_HEIGHTS, HALF_MARGIN, HALF_PAPERS, MARGIN, MEASURE, PAPERS, Fit, FigureDrawer
from ppprint.document.book import Book, BookFigure, TitleBlock
from ppprint.document.style import HALF_BODY_SIZE
from ppprint.errors import InputError
from ppprint.render.draw import Drawing
from ppprint.render.marks import Sample, legend
from ppprint.render.pdf import paint
from ppprint.render.fonts import SANS, SERIF, register_fonts

MAX_LAYOUTS = 12
"""How many layouts a book may try before it keeps the best."""
MOST_BLANK = 0.3
"""The blank share at the foot of a page the layout aims to stay under (the rule is a third)."""
LAST_PAGE_SHARE = 0.25
"""The last page of a book carries at least this share of a page (the credits are split no later)."""
FLOOR_SCALE = 0.3
"""The smallest print scale a figure shrinks to on a full page (a piecepack square 0.3 in)."""
HALF_FLOOR_SCALE = 0.2
"""The same on the half-size pages of a booklet."""
HARD_FLOOR_SCALE = 0.25
"""The last resort: where the best layout at the floor still prints a figure two pages after its citation,
that figure and the figures that crowded it off its page get this floor instead (never less), and the
book is laid out again; the layout keeps it only if fewer figures print late."""
HALF_HARD_FLOOR_SCALE = 0.17
"""The same on the half-size pages of a booklet."""



class LayoutMemory(Protocol):
    """Where a build keeps the layout each book chose, between runs (the build cache, which adds
    ppprint's code and the game's folder to ``inputs``)."""

    def recall(self, inputs: str) -> Mapping[str, Any] | None:
        """The layout remembered for a book whose layout reads ``inputs`` (a digest), if any."""

    def remember(self, inputs: str, layout: Mapping[str, Any]) -> None:
        """Keep ``layout`` (plain JSON data) for a book whose layout reads ``inputs``."""


class FigureFlowable(Flowable):
    """A figure scaled to fit the frame (never enlarged, and never below ``least`` where the frame's
    width allows), drawn for the scale it prints at (:class:`~ppprint.document.pages.Fit`)."""

    def __init__(self, make: Callable[[float], Drawing], max_width: float | None, max_height: float, max_scale: float = 1.0, least: float = 0.0):
        super().__init__()
        self.fitting = Fit(make, max_width, max_height, least)
        if max_scale < 1.0:
            # At most ``max_scale``: as wide as the drawing at scale 1 would print at that scale.
            widest = max_scale * self.fitting.drawing.width
            self.fitting.max_width = widest if max_width is None else min(max_width, widest)
        self.scale = 1.0
        self.drawing = self.fitting.drawing
        self.hAlign = "CENTER"

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.scale, self.drawing = self.fitting.fit(available_width)
        self.width = self.drawing.width * self.scale
        self.height = self.drawing.height * self.scale
        return self.width, self.height

    def draw(self) -> None:
        if not dry_run(self.canv):
            paint(self.canv, self.drawing, 0, 0, self.scale)


class ImageFlowable(Flowable):
    """A picture file (PNG or JPEG) from a game folder, scaled to fit (never enlarged past 150 dpi)."""

    DPI = 150.0

    def __init__(self, path: Path, max_width: float | None, max_height: float):
        super().__init__()
        from PIL import Image as PILImage

        with PILImage.open(path) as image:
            pixels = image.size
        self.path = path
        self.natural = (pixels[0] * 72.0 / self.DPI, pixels[1] * 72.0 / self.DPI)
        self.max_width = max_width
        self.max_height = max_height
        self.scale = 1.0

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        width, height = self.natural
        limit_w = min(available_width, self.max_width or available_width)
        self.scale = min(1.0, limit_w / width, self.max_height / height)
        self.width, self.height = width * self.scale, height * self.scale
        return self.width, self.height

    def draw(self) -> None:
        if dry_run(self.canv):
            return
        self.canv.drawImage(str(self.path), 0, 0, self.width, self.height, mask="auto")


def key_rows(samples: list[Sample], width: float, max_height: float) -> list[Flowable]:
    """The key to the marks as rows of at most ``width`` points (one row when it fits)."""
    if not samples:
        return []
    rows: list[list[Sample]] = [[]]
    for sample in samples:
        trial = [*rows[-1], sample]
        if rows[-1] and legend(trial).width > width:
            rows.append([sample])
        else:
            rows[-1] = trial
    # As many rows as it takes, the samples shared evenly among them (never one alone on the last row).
    count = len(rows)
    while count < len(samples):
        size = -(-len(samples) // count)
        balanced = [samples[start : start + size] for start in range(0, len(samples), size)]
        if len(balanced) == count and all(legend(row).width <= width for row in balanced):
            rows = balanced
            break
        count += 1

    def maker(row: list[Sample]) -> Callable[[float], Drawing]:
        return lambda scale: legend(row, scale)

    return [FigureFlowable(maker(row), None, max_height) for row in rows]


class RulebookTemplate(FloatingTemplate):
    """One frame a page, a footer with the title and page number, headings as bookmarks, floating figures.

    ``mirrored`` (a booklet's pages) puts an even page's number on its outer, left edge.
    """

    def __init__(
        self, output: io.BytesIO, size: tuple[float, float], margin: float, footer: str, meta: Mapping[str, Any], mirrored: bool = False, dry: bool = False
    ):
        super().__init__(
            output,
            pagesize=size,
            leftMargin=margin,
            rightMargin=margin,
            topMargin=margin * 0.9,
            bottomMargin=margin,
            invariant=1,
            title=meta["title"],
            author=meta["author"],
            subject=meta["subject"],
            keywords=meta["keywords"],
            creator="ppprint",
            producer="ppprint (ReportLab)",
            lang=language(meta),
            displayDocTitle=1,
            initialFontName=SERIF,
        )
        self.footer = footer
        self.mirrored = mirrored
        self.meta = meta
        self.dry = dry
        """A trial layout: the text and figures are placed but not painted, and no PDF is written."""
        self._doSave = not dry
        self.footer_drop = 0.42 * inch * margin / MARGIN
        frame = Frame(self.leftMargin, self.bottomMargin, self.width, self.height, id="body", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        self.addPageTemplates([PageTemplate("page", [frame], onPage=self._decorate)])

    def beforeDocument(self) -> None:
        attach_to_canvas(self.canv, self.meta)
        setattr(self.canv, DRY_RUN, self.dry)

    def _decorate(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        canvas.saveState()
        y = self.bottomMargin - self.footer_drop
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.6)
        canvas.line(self.leftMargin, y + 12, self.leftMargin + self.width, y + 12)
        canvas.setFont(SANS, 8.5)
        canvas.setFillColor(MUTED)
        left, right = self.leftMargin, self.leftMargin + self.width
        if self.mirrored and doc.page % 2 == 0:
            canvas.drawString(left, y, str(doc.page))
            canvas.drawRightString(right, y, self.footer)
        else:
            canvas.drawString(left, y, self.footer)
            canvas.drawRightString(right, y, str(doc.page))
        canvas.restoreState()

    def afterFlowable(self, flowable: Flowable) -> None:
        super().afterFlowable(flowable)
        if isinstance(flowable, Heading) and flowable.outline_key:  # a long heading's later parts have no bookmark
            # A heading that skips a level is already one below the last (MarkdownConverter).
            self.canv.bookmarkPage(flowable.outline_key)
            self.canv.addOutlineEntry(flowable.outline_title, flowable.outline_key, level=flowable.outline_level, closed=False)


def build_rulebook(book: Book, half: bool = False, layouts: LayoutMemory | None = None, record: list[Placed] | None = None) -> bytes:
    """The PDF of a book, on its paper.

    ``half`` typesets it on half-size pages (:data:`~ppprint.document.pages.HALF_PAPERS`) for a
    booklet, with the page numbers of left-hand (even) pages on their outer, left edge. The book's
    appendix (if any) ends it, after the back matter. ``layouts`` remembers the figure sizes the book
    chose, so a book whose layout reads the same inputs is typeset once, without trial layouts.
    ``record`` receives where the printed book's text and figures land (:class:`~ppprint.book.paragraph.Placed`).
    """
    register_fonts()
    size, margin = (HALF_PAPERS[book.paper], HALF_MARGIN) if half else (PAPERS[book.paper], MARGIN)
    # A full page's body text ends at the measure; a half page's takes the frame.
    measure = None if half else min(MEASURE, size[0] - 2 * margin)
    indent = 0.0 if measure is None else size[0] - 2 * margin - measure
    styles = book_styles(HALF_BODY_SIZE) if half else book_styles(indent=indent)
    frame_height = size[1] - 1.9 * margin
    max_figure_height = frame_height * FIGURE_HEIGHTS[0]
    # Each figure's step in FIGURE_HEIGHTS: a figure that leaves a page too blank is made smaller.
    levels = {name: 0 for name in book.figures}
    early: dict[int, int] = {}
    """Figures placed before the text citing them (:attr:`~ppprint.book.floats.FloatingTemplate.early`)."""
    tops: dict[int, int] = {}
    """Figures placed at the top of a page (:attr:`~ppprint.book.floats.FloatingTemplate.tops`)."""
    samples = list(book.key)
    floor = HALF_FLOOR_SCALE if half else FLOOR_SCALE
    hard_floor = HALF_HARD_FLOOR_SCALE if half else HARD_FLOOR_SCALE
    resort: set[str] = set()
    """The figures printed two pages late by the best layout at the floor, and those that crowded them off their
    page: their floor is the hard floor (the last resort)."""
    # The key goes with the first figure that draws a mark (Figure 1 of many books shows equipment).
    keyed = book.key_figure
    cap = [1.0]
    """The book's one print scale for its figures (each prints at it, or smaller where the page needs)."""

    sized: dict[tuple[str, float, int], tuple[float, float]] = {}
    """Every figure size the layouts asked for: (figure, scale, columns) -> (width, height)."""

    def draw_figure(figure_id: str, scale: float, columns: int) -> Drawing:
        drawing = book.draw(figure_id, scale, columns)
        sized[figure_id, scale, columns] = (drawing.width, drawing.height)
        return drawing

    def make_figure(figure: BookFigure) -> FloatingFigure:
        caption_text = f"<b>Figure {figure.number}.</b> {_escape(figure.caption)}" if figure.caption.strip() else f"<b>Figure {figure.number}.</b>"
        image = figure.image

        share = FIGURE_HEIGHTS[levels[figure.id]] / FIGURE_HEIGHTS[0]
        most = max(floor, cap[0] * share) if cap[0] < 1.0 or share < 1.0 else 1.0

        def make(columns: int, max_width: float | None, max_height: float, least: float) -> Flowable:
            if image is not None:
                return ImageFlowable(image, max_width, max_height)
            return FigureFlowable(lambda scale: draw_figure(figure.id, scale, columns), max_width, max_height, most, least)

        def key(width: float) -> list[Flowable]:
            return key_rows(samples, width, max_figure_height) if figure.number == keyed else []

        return FloatingFigure(
            make,
            lambda: TextParagraph(caption_text, styles.caption),
            key,
            columns=figure.columns,
            panels=figure.panels,
            max_width=figure.width,
            max_height=frame_height * FIGURE_HEIGHTS[levels[figure.id]],
            name=figure.id,
            number=figure.number,
            floor=hard_floor if figure.id in resort else floor,
            page_height=frame_height,
        )

    def story_of() -> list[Flowable]:
        converter = MarkdownConverter(styles, lambda meta: make_figure(book.figure(meta)), measure=measure)
        story: list[Flowable] = [*title_block(book.title_block, styles), *converter.convert(book.rules.tree), FloatBarrier(), *converter.convert(book.back.tree)]
        story = keep_tail(story, frame_height * LAST_PAGE_SHARE)
        if book.appendix is not None:
            # No figure of the back matter waits past its end into the appendix.
            story += [FloatBarrier(), *converter.convert(book.appendix.tree)]
        return story

    def typeset(dry: bool, log: list[Placed] | None = None) -> tuple[RulebookTemplate, bytes]:
        output = io.BytesIO()
        document = RulebookTemplate(output, size, margin, footer=book.running_title, meta={**book.metadata, "language": book.lang}, mirrored=half, dry=dry)
        document.text_indent = indent
        document.early, document.tops = early, tops
        document.layout_log = log
        document.build(story_of())
        return document, output.getvalue()

    inputs = _layout_inputs(book, half) if layouts is not None else ""
    remembered = layouts.recall(inputs) if layouts is not None and inputs else None
    if remembered is not None and _still_true(remembered, levels, draw_figure) and isinstance(remembered.get("scale"), float):
        levels.update(remembered["levels"])
        early.update({int(number): page for number, page in remembered.get("early", {}).items()})
        tops.update({int(number): page for number, page in remembered.get("tops", {}).items()})
        cap[0] = remembered["scale"]
        resort.update(name for name in remembered.get("resort", []) if name in levels)
        return typeset(dry=False, log=record)[1]
    sized.clear()
    # One print scale for the book: the largest its most crowded figure prints at on a page (never
    # below the floor), so a simple figure is not drawn larger than a busy one.
    width = size[0] - 2 * margin
    scales = [make_figure(figure).natural(width).part.scale for figure in book.figures.values() if figure.image is None]
    cap[0] = round(max(floor, min(scales, default=1.0)), 4)
    # Lay the book out without painting it (the layout never depends on the paint). While a figure
    # prints later than the page after its citation, lay it out again with the figures that crowd it
    # one step smaller; while a page is too blank, the figures that waited there. Typeset the best
    # layout for real: its paragraphs are broken already (TextParagraph), so a trial costs little.
    heights: dict[tuple[str, int], float] = {}

    def height_at(name: str, level: int) -> float:
        """The height of a figure's block at a step of FIGURE_HEIGHTS (on a page with room for it)."""
        if (name, level) not in heights:
            kept, levels[name] = levels[name], level
            heights[name, level] = make_figure(book.figures[name]).natural(width).height
            levels[name] = kept
        return heights[name, level]

    def smaller(name: str) -> int | None:
        """The next step at which a figure prints smaller (a step that changes nothing is skipped)."""
        now = height_at(name, levels[name])
        return next((level for level in range(levels[name] + 1, len(FIGURE_HEIGHTS)) if height_at(name, level) < now - 0.5), None)

    Layout = tuple[tuple[int, int, int, float], dict[str, int], dict[int, int], dict[int, int], frozenset[str], set[str]]
    best: Layout | None = None
    """The best layout yet: its score, levels, figures placed early and at a page's top, the figures allowed
    the hard floor, and the figures it prints two pages late with those that crowded them."""
    names = {figure.number: figure.id for figure in book.figures.values()}
    for _ in range(2):
        for _ in range(MAX_LAYOUTS):
            log: list[Placed] = []
            document, _ = typeset(dry=True, log=log)
            pages = figure_pages(log)
            lags = {number: printed - cited for number, (cited, printed) in pages.items()}
            late, soon = {n: lag for n, lag in lags.items() if lag > 1}, {n: lag for n, lag in lags.items() if lag < 0}
            blank = document.too_blank(MOST_BLANK)
            score = (len(late) + len(soon), sum(late.values()) - sum(soon.values()), len(blank), max((share for _, share in blank), default=0.0))
            if best is None or score < best[0]:
                best = (score, dict(levels), dict(early), dict(tops), frozenset(resort), {names[n] for n in {*late, *_crowd(pages, late)}} if late else set())
            if soon:
                # A figure placed early printed before the page that cites it: it goes no sooner than that page.
                if not (_after_citation(early, soon, pages) | _after_citation(tops, soon, pages)):
                    break
            elif late:
                # A late figure goes before the text citing it; else the figures that crowded it off its page
                # do; else they print smaller.
                crowd = _crowd(pages, late)
                if not any(_place_early(early, {n: pages[n][0] for n in group}) for group in (late, crowd)) and not _step(levels, sorted(names[n] for n in crowd), smaller):
                    break
            elif not blank or not (
                _smaller_figures(levels, document, [number for number, _ in blank], smaller)
                or _place_early(tops, {book.figures[name].number: page for name, page in document.waited_on.items() if page in {n for n, _ in blank}})
            ):
                # A page too blank: the figures that waited there print smaller, or else start it.
                break
        assert best is not None
        if not best[5] or best[5] <= resort:
            break
        # The last resort, once: the figures the best layout at the floor still prints two pages late, and the
        # figures that crowded them off their page, get the hard floor. From that layout, lay the book out again.
        resort.update(best[5])
        levels.update(best[1])
        early.clear()
        early.update(best[2])
        tops.clear()
        tops.update(best[3])
    assert best is not None
    levels.update(best[1])
    early.clear()
    early.update(best[2])
    tops.clear()
    tops.update(best[3])
    resort.clear()
    resort.update(best[4])
    if layouts is not None and inputs:
        # The choice holds while every size the trial layouts asked for is still the same.
        chosen = {
            "levels": best[1],
            "early": {str(number): page for number, page in best[2].items()},
            "tops": {str(number): page for number, page in best[3].items()},
            "scale": cap[0],
            "resort": sorted(best[4]),
            "sizes": [[*query, *size] for query, size in sized.items()],
        }
        layouts.remember(inputs, chosen)
    return typeset(dry=False, log=record)[1]


def _layout_inputs(book: Book, half: bool) -> str:
    """A digest of what a book's layout reads besides ppprint's code, the game's folder and its figures'
    drawn sizes: its text (and appendix), title block, figure captions and shapes, pictures, marks key and page."""
    parts: list[Any] = [book.paper, half, book.rules.source, book.back.source, repr(book.title_block), repr(book.metadata), book.running_title]
    if book.appendix is not None:
        parts.append(["appendix", book.appendix.source])
    parts.append([[sample.kind, sample.as_arrow, sample.ghost is not None] for sample in book.key])
    for figure in book.figures.values():
        picture = hashlib.sha256(figure.image.read_bytes()).hexdigest() if figure.image is not None else None
        parts.append([figure.id, figure.number, figure.caption, figure.columns, figure.panels, figure.width, picture])
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode("utf-8")).hexdigest()


def _still_true(layout: Mapping[str, Any], levels: dict[str, int], draw_figure: FigureDrawer) -> bool:
    """Whether a remembered layout fits this book: a level for each of its figures, figure numbers to
    place early or at a page's top, and every figure size its trial layouts asked for drawn the same now."""
    chosen, sizes = layout.get("levels"), layout.get("sizes")
    if not isinstance(chosen, dict) or set(chosen) != set(levels) or not isinstance(sizes, list):
        return False
    if not all(type(level) is int and 0 <= level < len(FIGURE_HEIGHTS) for level in chosen.values()):
        return False
    for key in ("early", "tops"):
        placed = layout.get(key, {})
        if not isinstance(placed, dict) or not all(number.isdigit() and type(page) is int for number, page in placed.items()):
            return False
    try:
        for figure_id, scale, columns, width, height in sizes:
            drawing = draw_figure(figure_id, scale, columns)
            if (drawing.width, drawing.height) != (width, height):
                return False
    except (KeyError, TypeError, ValueError, InputError):
        return False
    return True


def _crowd(pages: Mapping[int, tuple[int, int]], late: Iterable[int]) -> set[int]:
    """The figures (by number) that printed late, and those printed from the page each was cited on to
    the page it printed on (they took its room)."""
    crowd = set(late)
    for number in late:
        cited, printed = pages[number]
        crowd |= {other for other, (_, page) in pages.items() if cited <= page <= printed}
    return crowd


def _after_citation(early: dict[int, int], soon: Iterable[int], pages: Mapping[int, tuple[int, int]]) -> bool:
    """Let each figure that printed before the page citing it (``soon``), and each figure of ``early``
    after it, be placed no sooner than the page after that; ``False`` when none moves."""
    moved = False
    for number in soon:
        cited = pages[number][0] + 1
        for other, page in early.items():
            if other >= number and page < cited:
                early[other] = cited
                moved = True
    return moved


def _place_early(early: dict[int, int], pages: Mapping[int, int]) -> bool:
    """Place each figure of ``pages`` (by number) not placed early yet before the text citing it, from
    its page there on (a figure once placed early only ever moves later: :func:`_after_citation`);
    ``False`` when none is new."""
    new = {number: page for number, page in pages.items() if number not in early}
    early.update(new)
    return bool(new)


def _smaller_figures(levels: dict[str, int], document: RulebookTemplate, pages: list[int], smaller: Callable[[str], int | None]) -> bool:
    """Let the figures that waited on a too blank page (else every figure) print smaller; ``False``
    when none can."""
    culprits = [name for name, page in document.waited_on.items() if page in pages and name in levels]
    return _step(levels, culprits, smaller) or _step(levels, list(levels), smaller)


def _step(levels: dict[str, int], names: list[str], smaller: Callable[[str], int | None]) -> bool:
    """Move each of ``names`` to the next step at which it prints smaller; ``False`` when none can."""
    steps = {name: smaller(name) for name in names}
    for name, level in steps.items():
        if level is not None:
            levels[name] = level
    return any(level is not None for level in steps.values())


def keep_tail(story: list[Flowable], tail: float) -> list[Flowable]:
    """The story with its last top-level section (the credits) kept so at least ``tail`` points reach the last page."""
    starts = [index for index, flowable in enumerate(story) if isinstance(flowable, Heading) and flowable.outline_level == 0]
    if not starts:
        return story
    return [*story[: starts[-1]], KeepTail(story[starts[-1] :], tail)]


def title_block(block: TitleBlock, styles: Styles) -> list[Flowable]:
    """Title, subtitle, byline and the info box (each that the block has)."""
    flowables: list[Flowable] = [Spacer(1, 0.1 * inch), TextParagraph(_escape(block.title), styles.title)]
    if block.subtitle:
        flowables.append(TextParagraph(_escape(block.subtitle), styles.subtitle))
    if block.byline:
        flowables.append(TextParagraph(_escape(block.byline), styles.byline))
    if not block.fields:
        return flowables
    # One cell a field, its label over its value (the order the web book reads them in).
    cells = [[TextParagraph(label.upper(), styles.info_label), Spacer(1, 4), TextParagraph(_escape(value), styles.info_value)] for label, value, _ in block.fields]
    info = Table([cells], colWidths=[f"{share}%" for _, _, share in block.fields])
    info.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), SANS),
                ("BACKGROUND", (0, 0), (-1, -1), BOX_FILL),
                ("BOX", (0, 0), (-1, -1), 0.8, BOX_EDGE),
                ("LINEAFTER", (0, 0), (-2, -1), 0.5, BOX_EDGE),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("TOPPADDING", (0, 0), (-1, -1), 6),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 7),
            ]
        )
    )
    flowables += [info, Spacer(1, 0.15 * inch)]
    return flowables


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
