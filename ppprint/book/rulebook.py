"""Rulebooks: a game's rules text and checked figures typeset as a PDF.

The flow: ``rules.md`` is a Jinja template (``figure()`` places a figure,
``ref()`` gives its number); ``templates/rulebook.md.j2`` wraps it with the
clarifications and credits; the Markdown becomes a platypus story after a
title block; the PDF gets bookmarks, page numbers, metadata, embedded fonts and
``invariant=1``, so two builds of the same input are byte-identical.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
from importlib.resources import files
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate, Spacer, Table, TableStyle

from ppprint.book.floats import DRY_RUN, FloatingFigure, FloatingTemplate, KeepTail, dry_run
from ppprint.book.pdfmeta import attach_to_canvas
from ppprint.book.markdown import FIGURE_MARKER, Heading, MarkdownConverter, MarkdownError
from ppprint.book.paragraph import TextParagraph
from ppprint.book.template import render, render_own
from ppprint.book.styles import BOX_EDGE, BOX_FILL, MUTED, RULE, Styles, book_styles
from ppprint.document.pages import FIGURE_HEIGHTS, HALF_MARGIN, HALF_PAPERS, MARGIN, PAPERS, Fit, FigureDrawer
from ppprint.document.style import HALF_BODY_SIZE
from ppprint.document.typography import join_names, stated, typographic
from ppprint.errors import InputError
from ppprint.model.game import IMAGE_RE, GameData, GameMeta, image_path
from ppprint.registry import Plugin
from ppprint.render.draw import Drawing
from ppprint.model.table import MarkKind
from ppprint.render.figure import FigurePanels
from ppprint.render.marks import Sample, legend
from ppprint.render.pdf import paint
from ppprint.render.fonts import SANS, SERIF, register_fonts
from ppprint.verify import VerifyReport

TEMPLATES_DIR = Path(str(files("ppprint.templates")))
"""The project's ``templates/`` folder, installed as the package ``ppprint.templates``."""
MAX_LAYOUTS = 12
"""How many layouts a book may try before it keeps the best."""
MOST_BLANK = 0.3
"""The blank share at the foot of a page the layout aims to stay under (the rule is a third)."""
LAST_PAGE_SHARE = 0.25
"""The last page of a book carries at least this share of a page (the credits are split no later)."""

_CALL_RE = re.compile(r"""\b(figure|ref)\(\s*["']([^"']*)["']\s*\)""")


class LayoutMemory(Protocol):
    """Where a build keeps the layout each book chose, between runs (the build cache, which adds
    ppprint's code and the game's folder to ``inputs``)."""

    def recall(self, inputs: str) -> Mapping[str, Any] | None:
        """The layout remembered for a book whose layout reads ``inputs`` (a digest), if any."""

    def remember(self, inputs: str, layout: Mapping[str, Any]) -> None:
        """Keep ``layout`` (plain JSON data) for a book whose layout reads ``inputs``."""


@dataclass(frozen=True)
class FigureNumbering:
    """The order in which ``rules.md`` places its figures: id -> number."""

    numbers: Mapping[str, int]


def number_figures(data: GameData) -> FigureNumbering:
    """Scan ``rules.md`` for ``figure()``/``ref()`` calls and Markdown images, numbered in the order
    they are placed (an image is known by its file name, as written); unknown or misplaced ids and
    images that cannot be read name file and line."""
    text = data.rules_path.read_text(encoding="utf-8")
    _refuse_markers(text, data.rules_path)
    numbers: dict[str, int] = {}
    refs: list[tuple[str, int]] = []
    found = [(m.start(), "call", m) for m in _CALL_RE.finditer(text)] + [(m.start(), "image", m) for m in IMAGE_RE.finditer(text)]
    for start, kind, match in sorted(found, key=lambda item: item[0]):
        line = text.count("\n", 0, start) + 1
        if kind == "image":
            source = match.group("src")
            image_path(data, source, line)
            if source not in numbers:
                numbers[source] = len(numbers) + 1
            continue
        call, figure_id = match.groups()
        if call == "ref":
            refs.append((figure_id, line))
            continue
        if figure_id not in data.figures:
            raise InputError(f"figure('{figure_id}'): no such figure (figures: {_known(data)})", data.rules_path, line)
        if figure_id in numbers:
            raise InputError(f"figure('{figure_id}') is placed twice", data.rules_path, line)
        numbers[figure_id] = len(numbers) + 1
    for figure_id, line in refs:
        if figure_id in numbers:
            continue
        if figure_id in data.figures:
            raise InputError(f"ref('{figure_id}'): the figure is never placed with figure()", data.rules_path, line)
        raise InputError(f"ref('{figure_id}'): no such figure (figures: {_known(data)})", data.rules_path, line)
    return FigureNumbering(numbers)


def _known(data: GameData) -> str:
    return ", ".join(sorted(data.figures)) or "none"


class FigureFlowable(Flowable):
    """A figure scaled to fit the frame (never enlarged), drawn for the scale it prints at (:class:`~ppprint.document.pages.Fit`)."""

    def __init__(self, make: Callable[[float], Drawing], max_width: float | None, max_height: float):
        super().__init__()
        self.fitting = Fit(make, max_width, max_height)
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
            lang="en",
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


def marks_used(report: VerifyReport) -> list[Sample]:
    """The marks a book's figures use, for the key that opens its first figure: arrows, then marked cells."""
    order: tuple[MarkKind, ...] = ("legal", "illegal", "played", "highlight", "neutral")
    return [Sample(kind, arrow) for arrow in (True, False) for kind in order if (kind, arrow) in report.marks]


def rulebook_metadata(meta: GameMeta, what: str = "rules") -> dict[str, Any]:
    """The PDF metadata of a game's book: title, author, subject and keywords (with the licence),
    and for the XMP packet the designers, the licence notice and its address."""
    return {
        "title": typographic(f"{meta.title}: {what}"),
        "author": ", ".join(meta.designers),
        "subject": typographic(f"Rules of {meta.title}. {meta.licence.name}."),
        "keywords": [*meta.keywords, f"licence: {meta.licence.name}"],
        "creators": list(meta.designers),
        "rights": typographic(" ".join(meta.licence.notice.split())),
        "licence_url": meta.licence.url,
    }


Appendix = Callable[[Styles, float, float], list[Flowable]]
"""Flowables to end a book with, made for its styles, frame width and largest figure height (Designer's notes)."""


def build_rulebook(
    game: Plugin,
    report: VerifyReport,
    paper: str = "letter",
    half: bool = False,
    draw: FigureDrawer | None = None,
    appendix: Appendix | None = None,
    layouts: LayoutMemory | None = None,
) -> bytes:
    """The rulebook PDF of a game whose claims ``report`` checked (and found right).

    ``half`` typesets it on half-size pages (:data:`HALF_PAPERS`) for a booklet,
    with the page numbers of left-hand (even) pages on their outer, left edge.
    ``draw`` draws the figures (the build's cache, :mod:`ppprint.book.cache`); by
    default each is drawn from its checked panels in ``report``. ``appendix`` ends it.
    ``layouts`` remembers the figure sizes the book chose, so a book whose layout reads
    the same inputs is typeset once, without trial layouts (a book with an appendix is not kept).
    """
    register_fonts()
    styles = book_styles(HALF_BODY_SIZE) if half else book_styles()
    size, margin = (HALF_PAPERS[paper], HALF_MARGIN) if half else (PAPERS[paper], MARGIN)
    data = game.data
    numbering = number_figures(data)
    markdown = rulebook_markdown(game, report, numbering)
    frame_height = size[1] - 1.9 * margin
    max_figure_height = frame_height * FIGURE_HEIGHTS[0]
    # Each figure's step in FIGURE_HEIGHTS: a figure that leaves a page too blank is made smaller.
    levels = {name: 0 for name in numbering.numbers}
    samples = marks_used(report)
    drawings: dict[tuple[str, float, int], Drawing] = {}
    panels = FigurePanels()

    sized: dict[tuple[str, float, int], tuple[float, float]] = {}
    """Every figure size the layouts asked for: (figure, scale, columns) -> (width, height)."""

    def draw_figure(figure_id: str, scale: float, columns: int) -> Drawing:
        if draw is not None:
            drawing = draw(figure_id, scale, columns)
        else:
            if (figure_id, scale, columns) not in drawings:
                drawings[figure_id, scale, columns] = panels.render(game.require_view(), figure_id, report.figures[figure_id], scale, columns, typographic)
            drawing = drawings[figure_id, scale, columns]
        sized[figure_id, scale, columns] = (drawing.width, drawing.height)
        return drawing

    def make_figure(figure_id: str) -> Flowable:
        if figure_id not in numbering.numbers:  # never: figure() places only numbered figures, and the text holds no marker
            raise MarkdownError(f"a figure marker that figure() did not place ('{figure_id}')")
        figure = data.figures[figure_id]
        number = numbering.numbers[figure_id]
        caption_text = f"<b>Figure {number}.</b> {_escape(typographic(figure.caption))}"

        def make(columns: int, max_width: float | None, max_height: float) -> FigureFlowable:
            return FigureFlowable(lambda scale: draw_figure(figure_id, scale, columns), max_width, max_height)

        def key(width: float) -> list[Flowable]:
            return key_rows(samples, width, max_figure_height) if number == 1 else []

        width = figure.width * inch if figure.width else None
        return FloatingFigure(
            make,
            lambda: TextParagraph(caption_text, styles.caption),
            key,
            columns=max(1, min(figure.columns, len(figure.panels))),
            panels=len(figure.panels),
            max_width=width,
            max_height=frame_height * FIGURE_HEIGHTS[levels[figure_id]],
            name=figure_id,
        )

    def make_image(source: str, alt: str) -> Flowable:
        number = numbering.numbers.get(source)
        if number is None:
            raise InputError(f"image '{source}' is not in {data.rules_path.name} itself (an image must be written there)", data.rules_path)
        path = image_path(data, source)
        caption_text = f"<b>Figure {number}.</b> {_escape(typographic(alt))}" if alt.strip() else f"<b>Figure {number}.</b>"

        def make(columns: int, max_width: float | None, max_height: float) -> ImageFlowable:
            return ImageFlowable(path, max_width, max_height)

        def key(width: float) -> list[Flowable]:
            return key_rows(samples, width, max_figure_height) if number == 1 else []

        return FloatingFigure(make, lambda: TextParagraph(caption_text, styles.caption), key, max_height=frame_height * FIGURE_HEIGHTS[levels[source]], name=source)

    def story_of() -> list[Flowable]:
        story: list[Flowable] = title_block(data, styles)
        try:
            story.extend(MarkdownConverter(styles, make_figure, make_image=make_image).convert(markdown))
        except MarkdownError as exc:
            raise InputError(exc.message, data.rules_path) from None
        story = keep_tail(story, frame_height * LAST_PAGE_SHARE)
        if appendix is not None:
            story.extend(appendix(styles, size[0] - 2 * margin, max_figure_height))
        return story

    meta = data.meta

    def typeset(dry: bool) -> tuple[RulebookTemplate, bytes]:
        output = io.BytesIO()
        document = RulebookTemplate(output, size, margin, footer=typographic(f"{meta.title} · rules"), meta=rulebook_metadata(meta), mirrored=half, dry=dry)
        document.build(story_of())
        return document, output.getvalue()

    inputs = _layout_inputs(data, numbering, markdown, samples, paper, half) if layouts is not None and appendix is None else ""
    remembered = layouts.recall(inputs) if layouts is not None and inputs else None
    if remembered is not None and _still_true(remembered, levels, draw_figure):
        levels.update(remembered["levels"])
        return typeset(dry=False)[1]
    # Lay the book out without painting it (the layout never depends on the paint); while a page is
    # too blank, lay it out again with some figures smaller. Typeset the best layout for real: its
    # paragraphs are broken already (TextParagraph), so a trial layout costs little more than its floats.
    sized.clear()
    best: tuple[tuple[int, float], dict[str, int]] | None = None
    for _ in range(MAX_LAYOUTS):
        document, _ = typeset(dry=True)
        blank = document.too_blank(MOST_BLANK)
        score = (len(blank), max((share for _, share in blank), default=0.0))
        if best is None or score < best[0]:
            best = (score, dict(levels))
        if not blank or not _smaller_figures(levels, document, [number for number, _ in blank]):
            break
    assert best is not None
    levels.update(best[1])
    if layouts is not None and inputs:
        # The choice holds while every size the trial layouts asked for is still the same.
        layouts.remember(inputs, {"levels": best[1], "sizes": [[*query, *size] for query, size in sized.items()]})
    return typeset(dry=False)[1]


def _layout_inputs(data: GameData, numbering: FigureNumbering, markdown: str, samples: list[Sample], paper: str, half: bool) -> str:
    """A digest of what a book's layout reads besides ppprint's code, the game's folder and its figures'
    drawn sizes: its text, title block, figure captions and shapes, pictures, marks key and page."""
    parts: list[Any] = [paper, half, markdown, data.meta.model_dump(mode="json"), [[sample.kind, sample.as_arrow] for sample in samples]]
    for name, number in sorted(numbering.numbers.items()):
        figure = data.figures.get(name)
        if figure is not None:
            parts.append([name, number, figure.caption, figure.columns, len(figure.panels), figure.width])
        else:
            parts.append([name, number, hashlib.sha256(image_path(data, name).read_bytes()).hexdigest()])
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode("utf-8")).hexdigest()


def _still_true(layout: Mapping[str, Any], levels: dict[str, int], draw_figure: FigureDrawer) -> bool:
    """Whether a remembered layout fits this book: a level for each of its figures, and every figure
    size its trial layouts asked for drawn the same now."""
    chosen, sizes = layout.get("levels"), layout.get("sizes")
    if not isinstance(chosen, dict) or set(chosen) != set(levels) or not isinstance(sizes, list):
        return False
    if not all(type(level) is int and 0 <= level < len(FIGURE_HEIGHTS) for level in chosen.values()):
        return False
    try:
        for figure_id, scale, columns, width, height in sizes:
            drawing = draw_figure(figure_id, scale, columns)
            if (drawing.width, drawing.height) != (width, height):
                return False
    except (KeyError, TypeError, ValueError, InputError):
        return False
    return True


def _smaller_figures(levels: dict[str, int], document: RulebookTemplate, pages: list[int]) -> bool:
    """Let the figures that waited on a too blank page (else every figure) print one step smaller;
    ``False`` when none can."""
    last = len(FIGURE_HEIGHTS) - 1
    culprits = [name for name, page in document.waited_on.items() if page in pages and levels.get(name, 0) < last]
    if not culprits:
        culprits = [name for name in levels if levels[name] < last]
    for name in culprits:
        levels[name] += 1
    return bool(culprits)


def keep_tail(story: list[Flowable], tail: float) -> list[Flowable]:
    """The story with its last top-level section (the credits) kept so at least ``tail`` points reach the last page."""
    starts = [index for index, flowable in enumerate(story) if isinstance(flowable, Heading) and flowable.outline_level == 0]
    if not starts:
        return story
    return [*story[: starts[-1]], KeepTail(story[starts[-1] :], tail)]


def rulebook_markdown(game: Plugin, report: VerifyReport, numbering: FigureNumbering) -> str:
    """The whole book as Markdown: ``rules.md`` rendered inside ``rulebook.md.j2``.

    The rules text may use ``figure()``, ``ref()``, ``meta`` and what the game's
    ``book.py`` returns from ``context()``.
    """
    data = game.data
    book_context = game.hook("book", "context")
    def figure(figure_id: object) -> str:
        return "\n\n" + FIGURE_MARKER.format(_figure_id("figure", figure_id)) + "\n\n"

    def ref(figure_id: object) -> str:
        return f"Figure {numbering.numbers[_figure_id('ref', figure_id)]}"

    def _figure_id(call: str, figure_id: object) -> str:
        # number_figures() read every figure("id") and ref("id") written plainly; anything else is refused here.
        if not isinstance(figure_id, str):
            raise ValueError(f"{call}() takes a figure's id in quotes, such as {call}(\"setup\"), not {figure_id!r}")
        if figure_id not in numbering.numbers:
            raise ValueError(f"{call}('{figure_id}'): no figure placed with figure() has that id (write the id plainly, in quotes)")
        return figure_id

    context: dict[str, Any] = {
        "meta": data.meta,
        "figure": figure,
        "ref": ref,
        **(book_context() if book_context else {}),
    }
    rules = render(data.folder, data.rules_path.name, context)
    clarifications = data.clarifications_path.read_text(encoding="utf-8") if data.clarifications_path else ""
    if data.clarifications_path is not None:
        check_markdown(clarifications, data.clarifications_path)
    frame = {"rules": rules, "clarifications": clarifications, "figures": len(data.figures)}
    frame |= {"diagrams": report.diagrams, "claims": report.claims, "unchecked": report.unchecked}
    return render_own(TEMPLATES_DIR, "rulebook.md.j2", context | frame)


def _refuse_markers(text: str, path: Path) -> None:
    """A figure marker is made only by figure(); text that holds one is refused (it would place a figure unnumbered)."""
    at = text.find(FIGURE_MARKER.split("{")[0])
    if at >= 0:
        raise InputError(f"the text '{FIGURE_MARKER.format('...')}' is reserved for figure(); place figures with figure(\"id\")", path, text.count("\n", 0, at) + 1)


def check_markdown(text: str, path: Path) -> None:
    """Refuse Markdown that a rulebook cannot hold (an image, raw HTML, a figure marker) in a text of its own
    (``clarifications.md``), naming that file and line rather than ``rules.md``."""
    _refuse_markers(text, path)

    def no_figure(figure_id: str) -> Flowable:
        raise MarkdownError(f"a figure marker ('{figure_id}') outside rules.md")

    try:
        MarkdownConverter(book_styles(), no_figure).convert(text)
    except MarkdownError as exc:
        raise InputError(exc.message, path, exc.line) from None


def title_block(data: GameData, styles: Styles) -> list[Flowable]:
    """Title, subtitle, designers and the players/ages/time box."""
    meta = data.meta
    designers = join_names(meta.designers)
    flowables: list[Flowable] = [
        Spacer(1, 0.1 * inch),
        TextParagraph(_text(meta.title), styles.title),
    ]
    if meta.subtitle:
        flowables.append(TextParagraph(_text(meta.subtitle), styles.subtitle))
    flowables.append(TextParagraph(f"A game by {_text(designers)} · {meta.year}", styles.byline))
    # A field the source leaves open ("not stated") is left out; the equipment takes its room.
    fields = [(label, value, share) for label, value, share in info_fields(meta) if stated(value)]
    spare = 100 - sum(share for _, _, share in fields)
    shares = [share + (spare if label == "EQUIPMENT" else 0) for label, _, share in fields]
    info = Table(
        [[TextParagraph(label, styles.info_label) for label, _, _ in fields], [TextParagraph(_text(value), styles.info_value) for _, value, _ in fields]],
        colWidths=[f"{share}%" for share in shares],
    )
    info.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), SANS),
                ("BACKGROUND", (0, 0), (-1, -1), BOX_FILL),
                ("BOX", (0, 0), (-1, -1), 0.8, BOX_EDGE),
                ("LINEAFTER", (0, 0), (-2, -1), 0.5, BOX_EDGE),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("TOPPADDING", (0, 0), (-1, 0), 6),
                ("BOTTOMPADDING", (0, -1), (-1, -1), 7),
            ]
        )
    )
    flowables += [info, Spacer(1, 0.15 * inch)]
    return flowables


def info_fields(meta: GameMeta) -> list[tuple[str, str, int]]:
    """The title block's fields: label, value, share of the width (per cent)."""
    return [("PLAYERS", meta.players, 17), ("AGES", meta.ages, 13), ("PLAYING TIME", meta.length, 20), ("EQUIPMENT", "; ".join(meta.equipment), 50)]


def _text(text: str) -> str:
    """Plain text as Paragraph markup, with printed punctuation."""
    return _escape(typographic(text))


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
