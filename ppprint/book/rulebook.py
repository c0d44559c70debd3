"""Rulebooks: a game's rules text and checked figures typeset as a PDF.

The flow: ``rules.md`` is a Jinja template (``figure()`` places a figure,
``ref()`` gives its number); ``templates/rulebook.md.j2`` wraps it with the
clarifications and credits; the Markdown becomes a platypus story after a
title block; the PDF gets bookmarks, page numbers, metadata, embedded fonts and
``invariant=1``, so two builds of the same input are byte-identical.
"""

from __future__ import annotations

import io
import re
from importlib.resources import files
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.lib.pagesizes import A4, A5, LETTER
from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, KeepTogether, PageTemplate, Paragraph, Spacer, Table, TableStyle

from ppprint.book.markdown import FIGURE_MARKER, Heading, MarkdownConverter, MarkdownError
from ppprint.book.template import render
from ppprint.book.styles import BOX_EDGE, BOX_FILL, MUTED, RULE, Styles, book_styles
from ppprint.errors import InputError
from ppprint.model.game import GameData, GameMeta
from ppprint.registry import Plugin
from ppprint.render.draw import Drawing
from ppprint.model.table import MarkKind
from ppprint.render.figure import render_figure
from ppprint.render.marks import Sample, legend
from ppprint.render.pdf import paint
from ppprint.render.fonts import SANS, SERIF, register_fonts
from ppprint.verify import VerifyReport

TEMPLATES_DIR = Path(str(files("ppprint.templates")))
"""The project's ``templates/`` folder, installed as the package ``ppprint.templates``."""
PAPERS = {"letter": LETTER, "a4": A4}
HALF_PAPERS = {"letter": (5.5 * inch, 8.5 * inch), "a4": A5}
"""The page of a booklet on each paper: half-letter, or A5 on A4 (two to a sheet)."""
MARGIN = 0.85 * inch
HALF_MARGIN = 0.5 * inch
HALF_BODY_SIZE = 9.5
"""Body text size of a half-size booklet page (a full page uses the styles' default)."""
FIGURE_MAX_HEIGHT = 0.62
"""A figure may fill at most this share of the frame's height."""

_CALL_RE = re.compile(r"""\b(figure|ref)\(\s*["']([^"']*)["']\s*\)""")


@dataclass(frozen=True)
class FigureNumbering:
    """The order in which ``rules.md`` places its figures: id -> number."""

    numbers: Mapping[str, int]


def number_figures(data: GameData) -> FigureNumbering:
    """Scan ``rules.md`` for ``figure()``/``ref()`` calls; unknown or misplaced ids name file and line."""
    text = data.rules_path.read_text(encoding="utf-8")
    _refuse_markers(text, data.rules_path)
    numbers: dict[str, int] = {}
    refs: list[tuple[str, int]] = []
    for match in _CALL_RE.finditer(text):
        call, figure_id = match.groups()
        line = text.count("\n", 0, match.start()) + 1
        if figure_id not in data.figures:
            known = ", ".join(sorted(data.figures)) or "none"
            raise InputError(f"{call}('{figure_id}'): no such figure (figures: {known})", data.rules_path, line)
        if call == "figure":
            if figure_id in numbers:
                raise InputError(f"figure('{figure_id}') is placed twice", data.rules_path, line)
            numbers[figure_id] = len(numbers) + 1
        else:
            refs.append((figure_id, line))
    for figure_id, line in refs:
        if figure_id not in numbers:
            raise InputError(f"ref('{figure_id}'): the figure is never placed with figure()", data.rules_path, line)
    return FigureNumbering(numbers)


class FigureFlowable(Flowable):
    """A figure scaled to fit the frame (never enlarged), drawn for the scale it prints at.

    ``make(scale)`` draws the figure for printing at ``scale``; text and strokes
    that would print too small are drawn larger, which may make the drawing a
    little larger, so the fit is worked out twice.
    """

    def __init__(self, make: Callable[[float], Drawing], max_width: float | None, max_height: float):
        super().__init__()
        self.make = make
        self.max_width = max_width
        self.max_height = max_height
        self.scale = 1.0
        self.drawing = make(1.0)
        self._drawings = {1.0: self.drawing}
        self.hAlign = "CENTER"

    def _fit(self, drawing: Drawing, width: float) -> float:
        return min(1.0, width / drawing.width, self.max_height / drawing.height)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        limit_w = min(available_width, self.max_width or available_width)
        scale = self._fit(self._drawings[1.0], limit_w)
        for _ in range(2):
            if scale not in self._drawings:
                self._drawings[scale] = self.make(scale)
            scale = min(scale, self._fit(self._drawings[scale], limit_w))
        if scale not in self._drawings:
            self._drawings[scale] = self.make(scale)
        self.scale, self.drawing = scale, self._drawings[scale]
        self.width = self.drawing.width * scale
        self.height = self.drawing.height * scale
        return self.width, self.height

    def draw(self) -> None:
        paint(self.canv, self.drawing, 0, 0, self.scale)


class RulebookTemplate(BaseDocTemplate):
    """One frame a page, a footer with the title and page number, headings as bookmarks."""

    def __init__(self, output: io.BytesIO, size: tuple[float, float], margin: float, footer: str, meta: Mapping[str, Any]):
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
        self._outline_level = -1
        self.footer_drop = 0.42 * inch * margin / MARGIN
        frame = Frame(self.leftMargin, self.bottomMargin, self.width, self.height, id="body", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        self.addPageTemplates([PageTemplate("page", [frame], onPage=self._decorate)])

    def _decorate(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        canvas.saveState()
        y = self.bottomMargin - self.footer_drop
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.6)
        canvas.line(self.leftMargin, y + 12, self.leftMargin + self.width, y + 12)
        canvas.setFont(SANS, 8.5)
        canvas.setFillColor(MUTED)
        canvas.drawString(self.leftMargin, y, self.footer)
        canvas.drawRightString(self.leftMargin + self.width, y, str(doc.page))
        canvas.restoreState()

    def afterFlowable(self, flowable: Flowable) -> None:
        if isinstance(flowable, Heading) and flowable.outline_key:
            # A heading that skips a level (## then ####) is bookmarked one level below the one before.
            level = min(flowable.outline_level, self._outline_level + 1)
            self._outline_level = level
            self.canv.bookmarkPage(flowable.outline_key)
            self.canv.addOutlineEntry(flowable.outline_title, flowable.outline_key, level=level, closed=False)


def marks_used(report: VerifyReport) -> list[Sample]:
    """The marks a book's figures use, for the key that opens its first figure: arrows, then marked cells."""
    order: tuple[MarkKind, ...] = ("legal", "illegal", "played", "highlight", "neutral")
    return [Sample(kind, arrow) for arrow in (True, False) for kind in order if (kind, arrow) in report.marks]


def rulebook_metadata(meta: GameMeta, what: str = "rules") -> dict[str, Any]:
    """The PDF metadata of a game's book: title, author, subject and keywords (with the licence)."""
    return {
        "title": f"{meta.title}: {what}",
        "author": ", ".join(meta.designers),
        "subject": f"Rules of {meta.title}. {meta.licence.name}.",
        "keywords": [*meta.keywords, f"licence: {meta.licence.name}"],
    }


FigureDrawer = Callable[[str, float], Drawing]
"""Draws a game's figure (by id) for printing at a scale."""


def build_rulebook(game: Plugin, report: VerifyReport, paper: str = "letter", half: bool = False, draw: FigureDrawer | None = None) -> bytes:
    """The rulebook PDF of a game whose claims ``report`` checked (and found right).

    ``half`` typesets it on half-size pages (:data:`HALF_PAPERS`) for a booklet.
    ``draw`` draws the figures (the build's cache, :mod:`ppprint.book.cache`); by
    default each is drawn from its checked panels in ``report``.
    """
    register_fonts()
    styles = book_styles(HALF_BODY_SIZE) if half else book_styles()
    size, margin = (HALF_PAPERS[paper], HALF_MARGIN) if half else (PAPERS[paper], MARGIN)
    data = game.data
    numbering = number_figures(data)
    markdown = rulebook_markdown(game, report, numbering)
    max_figure_height = (size[1] - 1.9 * margin) * FIGURE_MAX_HEIGHT
    samples = marks_used(report)

    def drawer(figure_id: str) -> Callable[[float], Drawing]:
        if draw is not None:
            return lambda scale: draw(figure_id, scale)
        checked, view = report.figures[figure_id], game.require_view()
        return lambda scale: render_figure(view, checked, scale)

    def make_figure(figure_id: str) -> Flowable:
        if figure_id not in numbering.numbers:  # never: figure() places only numbered figures, and the text holds no marker
            raise MarkdownError(f"a figure marker that figure() did not place ('{figure_id}')")
        figure = data.figures[figure_id]
        number = numbering.numbers[figure_id]
        caption = Paragraph(f"<b>Figure {number}.</b> {_escape(figure.caption)}", styles.caption)
        width = figure.width * inch if figure.width else None
        flowable = FigureFlowable(drawer(figure_id), width, max_figure_height)
        key: list[Flowable] = []
        if number == 1 and samples:
            key = [FigureFlowable(lambda scale: legend(samples, scale), None, max_figure_height), Spacer(1, 2)]
        return KeepTogether([Spacer(1, 4), *key, flowable, caption])

    story: list[Flowable] = title_block(data, styles)
    try:
        story.extend(MarkdownConverter(styles, make_figure).convert(markdown))
    except MarkdownError as exc:
        raise InputError(exc.message, data.rules_path) from None
    meta = data.meta
    output = io.BytesIO()
    document = RulebookTemplate(output, size, margin, footer=f"{meta.title} · rules", meta=rulebook_metadata(meta))
    document.build(story)
    return output.getvalue()


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
    return render(TEMPLATES_DIR, "rulebook.md.j2", context | frame)


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
    designers = _join_names(meta.designers)
    flowables: list[Flowable] = [
        Spacer(1, 0.1 * inch),
        Paragraph(_escape(meta.title), styles.title),
    ]
    if meta.subtitle:
        flowables.append(Paragraph(_escape(meta.subtitle), styles.subtitle))
    flowables.append(Paragraph(f"A game by {_escape(designers)} · {meta.year}", styles.byline))
    labels = ("PLAYERS", "AGES", "PLAYING TIME", "EQUIPMENT")
    values = (meta.players, meta.ages, meta.length, "; ".join(meta.equipment))
    info = Table(
        [[Paragraph(label, styles.info_label) for label in labels], [Paragraph(_escape(v), styles.info_value) for v in values]],
        colWidths=["17%", "13%", "20%", "50%"],
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


def _join_names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
