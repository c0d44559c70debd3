"""Booklets: a half-size rulebook between covers, imposed two pages to a sheet in saddle-stitch order.

The book is typeset on half-letter (or A5) pages and wrapped in its covers
(:func:`cover_pages`): a front cover (title, subtitle, designers, year and the
catalogue's picture of the game), the inside of the front cover (the contents),
then the book's pages, and last the back cover (the game's quick reference,
``summary`` in ``game.yaml``; without one, its title, credits and licence). The
covers take three pages so that the book's page 1 stays a right-hand page and
every page keeps its number and its footer on the outer edge. Where the book's
own padding to a multiple of four has room for them (three spare pages), the
covers cost no paper; otherwise a sheet is added and the pages it adds before
the back cover are headed "Notes", so no page of a booklet is blank.

Each landscape Letter (or A4) sheet side takes two pages. Printed double-sided
flipping on the SHORT edge, the stack folded in half and stapled on the fold
reads in order. Sheet ``s`` (from 0) of an ``n``-page booklet holds pages
``n-2s`` | ``2s+1`` on its front and ``2s+2`` | ``n-2s-1`` on its back (left |
right, pages from 1), so the first sheet's front holds the back cover and the
front cover.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pypdf import PageObject, PdfReader, PdfWriter, Transformation
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, ListFlowable, ListItem, PageBreak, PageTemplate, Paragraph, Spacer, Table, TableStyle

from ppprint.render.pdfmeta import attach_to_writer, needed_header
from ppprint.book.rulebook import FigureFlowable, _escape
from ppprint.book.styles import ACCENT, BOX_EDGE, BOX_FILL, INK, RULE, Styles, book_styles
from ppprint.document.book import Book, Cover
from ppprint.document.pages import HALF_MARGIN, HALF_PAPERS, PAPERS
from ppprint.document.style import HALF_BODY_SIZE
from ppprint.document.typography import typographic
from ppprint.errors import InputError
from ppprint.model.game import GameMeta, Summary
from ppprint.model.yamlio import line_of, load_yaml
from ppprint.render.fonts import SANS, SERIF_BOLD, register_fonts

FRONT_PAGES = 2
"""The front cover and its inside, before the book's page 1 (an even number keeps page 1 a right-hand page)."""
BACK_PAGES = 1
"""The back cover, after the book's last page (and any notes pages)."""


def padded_page_count(pages: int) -> int:
    """The page count rounded up to a multiple of four (one folded sheet holds four pages)."""
    return -(-max(pages, 1) // 4) * 4


def cover_plan(pages: int) -> tuple[int, int]:
    """The page count of a booklet whose book has ``pages`` pages, and how many notes pages it holds
    before the back cover: the covers fill the book's padding to a multiple of four where it has
    room for them (three pages), else one more sheet holds them and up to three notes pages."""
    total = padded_page_count(pages + FRONT_PAGES + BACK_PAGES)
    return total, total - pages - FRONT_PAGES - BACK_PAGES


def saddle_stitch_order(pages: int) -> list[tuple[int, int]]:
    """Page numbers (from 1) on each sheet side, left then right: front of sheet 1, back of sheet 1, ...

    Page numbers above ``pages`` are blank padding.
    """
    total = padded_page_count(pages)
    sides = []
    for sheet in range(total // 4):
        sides.append((total - 2 * sheet, 2 * sheet + 1))
        sides.append((2 * sheet + 2, total - 2 * sheet - 1))
    return sides


def booklet(half: bytes, book: Book) -> bytes:
    """The booklet of ``book``: its half-size pages ``half`` (:func:`~ppprint.book.rulebook.build_rulebook`
    with ``half=True``) between its covers (:class:`~ppprint.document.book.Cover`), imposed on the book's paper."""
    reader = PdfReader(io.BytesIO(half))
    pages = len(reader.pages)
    _, notes = cover_plan(pages)
    contents = [(str(item.title), number + 1) for item in reader.outline if not isinstance(item, list) and (number := reader.get_destination_page_number(item)) is not None]
    covers = cover_pages(book, contents, notes)
    return impose(half, book.paper, {**book.metadata, "title": f"{book.title} (booklet)", "language": book.lang}, covers)


def impose(pdf: bytes, paper: str, metadata: Mapping[str, Any], covers: bytes | None = None) -> bytes:
    """Impose the half-size pages of ``pdf`` two to a landscape ``paper`` sheet, saddle-stitched.

    ``covers`` (half-size pages too) wrap the book: their first :data:`FRONT_PAGES` pages go before
    it, the rest after it, and together they make the page count a multiple of four; without them
    the book is padded with blank pages. Each page is centred in its half of the sheet; bookmarks
    point at the sheet side holding their page; ``metadata`` takes the keys of
    :func:`~ppprint.document.book.book_metadata` (the document information, the XMP packet and the
    language are set from it).
    """
    reader = PdfReader(io.BytesIO(pdf))
    sequence: list[PageObject] = list(reader.pages)
    headers = [reader.pdf_header]
    front = 0
    if covers is not None:
        cover_reader = PdfReader(io.BytesIO(covers))
        headers.append(cover_reader.pdf_header)
        wrap = list(cover_reader.pages)
        front = FRONT_PAGES
        sequence = [*wrap[:front], *sequence, *wrap[front:]]
        if len(sequence) % 4:
            raise ValueError(f"a booklet of {len(sequence)} pages: the covers must make it a multiple of four")
    sheet_height, sheet_width = PAPERS[paper]
    half = sheet_width / 2
    writer = PdfWriter()
    # pypdf starts a new file at PDF 1.3; the sheets hold the book's pages (ReportLab's 1.4) and the catalogue /Lang and /Metadata (1.4).
    writer.pdf_header = needed_header(*headers)
    side_of_page: dict[int, int] = {}
    for side, numbers in enumerate(saddle_stitch_order(len(sequence))):
        sheet = PageObject.create_blank_page(width=sheet_width, height=sheet_height)
        for slot, number in enumerate(numbers):
            if number > len(sequence):
                continue
            page = sequence[number - 1]
            width, height = float(page.mediabox.width), float(page.mediabox.height)
            offset = (slot * half + (half - width) / 2, (sheet_height - height) / 2)
            sheet.merge_transformed_page(page, Transformation().translate(*offset))
            if 0 <= number - 1 - front < len(reader.pages):
                side_of_page[number - 1 - front] = side
        writer.add_page(sheet).compress_content_streams()
    _copy_outline(reader, writer, reader.outline, side_of_page, None)
    attach_to_writer(writer, metadata)
    writer.add_metadata(
        {
            "/Title": metadata["title"],
            "/Author": metadata["author"],
            "/Subject": metadata["subject"],
            "/Keywords": ", ".join(metadata["keywords"]),
            "/Creator": "ppprint",
            "/Producer": "ppprint (ReportLab, pypdf)",
        }
    )
    # No file identifier (/ID) in the trailer: it is optional in PDF 1.4, which the booklet declares, and
    # pypdf writes none unless asked; its only public way to set one (generate_file_identifiers()) draws
    # random bytes, and two builds must be byte-identical.
    writer.compress_identical_objects()
    output = io.BytesIO()
    writer.write(output)
    return output.getvalue()


def _copy_outline(reader: PdfReader, writer: PdfWriter, items: Sequence[Any], side_of_page: Mapping[int, int], parent: Any) -> None:
    last = None
    for item in items:
        if isinstance(item, list):
            _copy_outline(reader, writer, item, side_of_page, last)
            continue
        page = reader.get_destination_page_number(item)
        if page is None:
            continue
        side = side_of_page[page]
        last = writer.add_outline_item(title=item.title, page_number=side, parent=parent)


COVER_PICTURE = (4.0 * inch, 3.8 * inch)
"""The largest the catalogue's picture of a game prints on a booklet's front cover (width, height)."""


class _Ruled(Flowable):
    """Ruled lines for notes, filling the height left in the frame."""

    STEP = 0.3 * inch

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width = available_width
        self.height = max(self.STEP, available_height - self.STEP)
        return self.width, self.height

    def draw(self) -> None:
        self.canv.saveState()
        self.canv.setStrokeColor(RULE)
        self.canv.setLineWidth(0.5)
        y = self.height
        while y >= 0:
            self.canv.line(0, y, self.width, y)
            y -= self.STEP
        self.canv.restoreState()


def cover_pages(book: Book, contents: Sequence[tuple[str, int]], notes: int) -> bytes:
    """A booklet's covers on half-size pages, in order: the front cover, its inside (the book's
    ``contents``: its chapters and their pages), ``notes`` notes pages, and the back cover.

    The back cover holds the quick reference of ``game.yaml`` (``summary``), else the title, credits
    and licence; a quick reference too long for it is refused, naming ``game.yaml``.
    """
    if book.cover is None:
        raise ValueError(f"the book {book.id!r} has no cover to print a booklet with")
    register_fonts()
    cover = book.cover
    meta = cover.meta
    styles = book_styles(HALF_BODY_SIZE)
    story: list[Flowable] = [*_front_cover(cover, book, styles), PageBreak(), *_inside_cover(book, contents, styles)]
    for _ in range(notes):
        story += [PageBreak(), Paragraph("Notes", styles.h1), _Ruled()]
    story += [PageBreak(), *_back_cover(meta, book, styles)]
    size = HALF_PAPERS[book.paper]
    output = io.BytesIO()
    document = BaseDocTemplate(output, pagesize=size, leftMargin=HALF_MARGIN, rightMargin=HALF_MARGIN, topMargin=HALF_MARGIN, bottomMargin=HALF_MARGIN, invariant=1)
    frame = Frame(HALF_MARGIN, HALF_MARGIN, size[0] - 2 * HALF_MARGIN, size[1] - 2 * HALF_MARGIN, id="cover", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    document.addPageTemplates([PageTemplate("cover", [frame])])
    document.build(story)
    pdf = output.getvalue()
    expected = FRONT_PAGES + notes + BACK_PAGES
    if len(PdfReader(io.BytesIO(pdf)).pages) != expected:
        path = cover.source
        what = "summary: the quick reference" if meta.summary is not None else "the title, credits and licence"
        raise InputError(f"{what} is too long for the back cover of the booklet (one half-size page); shorten it", path, _line(path, "summary"))
    return pdf


def _line(path: Path, key: str) -> int | None:
    try:
        return line_of(load_yaml(path), (key,))
    except InputError:
        return None


def _front_cover(cover: Cover, book: Book, styles: Styles) -> list[Flowable]:
    """Title, subtitle, the catalogue's picture of the game, designers and year, and players, ages and time."""
    block = book.title_block
    title = ParagraphStyle("cover_title", parent=styles.title, fontSize=styles.title.fontSize * 1.3, leading=styles.title.fontSize * 1.45, spaceAfter=6)
    picture = FigureFlowable(cover.picture, *COVER_PICTURE)
    facts = " · ".join(f"{_plain_label(label)} {_escape(value)}" if label != "Players" else f"{_escape(value)} players" for label, value, _ in block.fields if label != "Equipment")
    flowables: list[Flowable] = [Paragraph(_escape(block.title), title)]
    if block.subtitle:
        flowables.append(Paragraph(_escape(block.subtitle), styles.subtitle))
    flowables += [Spacer(1, 0.3 * inch), picture, Spacer(1, 0.3 * inch), Paragraph(_escape(block.byline), ParagraphStyle("cover_byline", parent=styles.byline, fontSize=styles.body.fontSize * 1.1, leading=styles.body.leading * 1.1, textColor=INK))]
    if facts:
        flowables.append(Paragraph(facts, styles.byline))
    return _centred(flowables, book)


def _plain_label(label: str) -> str:
    return {"Ages": "ages", "Playing time": ""}.get(label, label.lower())


def _inside_cover(book: Book, contents: Sequence[tuple[str, int]], styles: Styles) -> list[Flowable]:
    """The book's chapters and the pages they start on."""
    row = ParagraphStyle("contents_row", parent=styles.body, spaceAfter=0)
    number = ParagraphStyle("contents_page", parent=row, alignment=2)
    rows = [[Paragraph(_escape(title), row), Paragraph(str(page), number)] for title, page in contents]
    flowables: list[Flowable] = [Paragraph("Contents", styles.h1)]
    if rows:
        table = Table(rows, colWidths=[None, 0.5 * inch], hAlign="LEFT")
        table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 3), ("LINEBELOW", (0, 0), (-1, -1), 0.4, RULE)]))
        flowables.append(table)
    return flowables


def _back_cover(meta: GameMeta, book: Book, styles: Styles) -> list[Flowable]:
    """The quick reference in a tinted box, and the licence line; without one, title, credits and licence."""
    licence = Paragraph(_escape(f"{book.title_block.byline} · {typographic(meta.licence.name)}"), ParagraphStyle("back_licence", parent=styles.small, alignment=TA_CENTER))
    summary = meta.summary
    if summary is None:
        credits = [Paragraph(_escape(typographic(credit)), styles.small) for credit in meta.credits]
        notice = Paragraph(_escape(typographic(" ".join(meta.licence.notice.split()))), styles.small)
        return _centred([Paragraph(_escape(book.title_block.title), styles.title), Paragraph(_escape(book.title_block.byline), styles.byline), Paragraph("Credits", styles.h2), *credits, Paragraph("Licence", styles.h2), notice], book)
    return _centred([Paragraph(_escape(book.title_block.title), ParagraphStyle("back_title", parent=styles.h1, alignment=TA_CENTER, spaceBefore=0)), Paragraph("Quick reference", ParagraphStyle("back_sub", parent=styles.byline, spaceAfter=8)), _quick_reference(summary, styles), Spacer(1, 0.15 * inch), licence], book)


def _centred(flowables: list[Flowable], book: Book) -> list[Flowable]:
    """``flowables`` with the space above them that centres them on a cover page (a little above the
    middle: a third of the space left goes above them); as they are when they fill the page."""
    width, height = (side - 2 * HALF_MARGIN for side in HALF_PAPERS[book.paper])
    used = 0.0
    for index, flowable in enumerate(flowables):
        used += flowable.wrap(width, height)[1] + flowable.getSpaceAfter() + (flowable.getSpaceBefore() if index else 0)
    return [Spacer(1, max(0.0, (height - used) / 3 - 1)), *flowables]


def _quick_reference(summary: Summary, styles: Styles) -> Flowable:
    """The goal, a turn step by step and the reminders, in a tinted box."""
    text = ParagraphStyle("quick", parent=styles.body, spaceAfter=2)
    head = ParagraphStyle("quick_head", parent=styles.h3, textColor=ACCENT, spaceBefore=6, spaceAfter=3)

    def items(lines: Sequence[str], kind: str) -> Flowable:
        return ListFlowable(
            [ListItem(Paragraph(_escape(typographic(line)), text), leftIndent=14) for line in lines],  # type: ignore[misc]  # a ListItem is a flowable
            bulletType="1" if kind == "1" else "bullet",
            start="1" if kind == "1" else "\u2022",
            bulletFontName=SANS if kind != "1" else SERIF_BOLD,
            bulletFontSize=text.fontSize * 0.9,
            bulletColor=ACCENT,
            leftIndent=14,
        )

    cell: list[Flowable] = [Paragraph("Goal", ParagraphStyle("quick_first", parent=head, spaceBefore=0)), Paragraph(_escape(typographic(summary.goal)), text)]
    cell += [Paragraph("A turn", head), items(summary.turn, "1")]
    if summary.remember:
        cell += [Paragraph("Remember", head), items(summary.remember, "bullet")]
    box = Table([[cell]])
    box.setStyle(TableStyle([("BACKGROUND", (0, 0), (-1, -1), BOX_FILL), ("BOX", (0, 0), (-1, -1), 0.8, BOX_EDGE), ("LEFTPADDING", (0, 0), (-1, -1), 9), ("RIGHTPADDING", (0, 0), (-1, -1), 9), ("TOPPADDING", (0, 0), (-1, -1), 8), ("BOTTOMPADDING", (0, 0), (-1, -1), 6)]))
    return box
