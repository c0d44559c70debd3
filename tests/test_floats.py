"""Floating figures on made-up pages: a figure that does not fit waits while the text fills the page,
shrinks a little rather than wait, keeps its order, and a narrow one sits beside the text."""

from __future__ import annotations

import io

import pypdfium2
from reportlab.lib.pagesizes import LETTER
from reportlab.platypus import Flowable, Frame, PageTemplate, Paragraph

from ppprint.book.floats import MIN_SHRINK, FloatingFigure, FloatingTemplate
from ppprint.book.styles import book_styles

STYLES = book_styles()
FRAME_HEIGHT = LETTER[1] - 144


class Box(Flowable):
    """A grey box ``width`` x ``height`` at print scale 1 that scales to fit, like a figure."""

    def __init__(self, width: float, height: float, max_width: float | None, max_height: float):
        super().__init__()
        self.natural = (width, height)
        self.max_width, self.max_height = max_width, max_height
        self.scale = 1.0

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        width, height = self.natural
        self.scale = min(1.0, min(available_width, self.max_width or available_width) / width, self.max_height / height)
        self.width, self.height = width * self.scale, height * self.scale
        return self.width, self.height

    def draw(self) -> None:
        self.canv.setFillGray(0.5)
        self.canv.rect(0, 0, self.width, self.height, stroke=0, fill=1)


def figure(number: int, width: float, height: float) -> FloatingFigure:
    return FloatingFigure(
        lambda columns, max_width, max_height, least: Box(width, height, max_width, max_height),
        lambda: Paragraph(f"Figure {number}. A box.", STYLES.caption),
        max_height=FRAME_HEIGHT * 0.62,
        name=f"f{number}",
    )


def text(words: int, tag: str) -> Paragraph:
    return Paragraph(" ".join(f"{tag}{i}" for i in range(words)), STYLES.body)


class Document(FloatingTemplate):
    def __init__(self, output: io.BytesIO):
        super().__init__(output, pagesize=LETTER, leftMargin=72, rightMargin=72, topMargin=72, bottomMargin=72, invariant=1)
        self.addPageTemplates([PageTemplate("page", [Frame(72, 72, self.width, self.height, id="body", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)])])


def build(story: list[Flowable]) -> tuple[Document, list[str]]:
    output = io.BytesIO()
    document = Document(output)
    document.build(story)
    pdf = pypdfium2.PdfDocument(output.getvalue())
    try:
        return document, [page.get_textpage().get_text_range() for page in pdf]
    finally:
        pdf.close()


def test_a_figure_that_does_not_fit_waits_and_the_text_fills_the_page() -> None:
    story = [text(420, "a"), figure(1, 400, 420), text(300, "b"), text(300, "c")]
    document, pages = build(story)
    assert "Figure 1." not in pages[0] and "Figure 1." in pages[1]
    assert "b0" in pages[0]  # the text after the figure came up to fill the first page
    assert document.blank_shares[0] < 0.1
    assert document.waited_on == {"f1": 1}


def test_a_figure_shrinks_a_little_rather_than_wait() -> None:
    """Room for 90% of the figure: it prints there, at 90%, where the text places it."""
    caption = 36.0
    probe = figure(1, 400, 400).natural(LETTER[0] - 144)
    room_for = 0.9 * probe.part.height + (probe.height - probe.part.height) + 2
    filler = Flowable()
    filler.wrap = lambda w, h: (w, FRAME_HEIGHT - room_for - caption)  # type: ignore[method-assign]
    filler.draw = lambda: None  # type: ignore[method-assign]
    document, pages = build([filler, figure(1, 400, 400), text(40, "after")])
    assert "Figure 1." in pages[0] and "after0" in pages[1]
    assert not document.waited_on


def test_waiting_figures_keep_their_order() -> None:
    story = [text(380, "a"), figure(1, 400, 500), text(20, "b"), figure(2, 400, 200), text(500, "c")]
    _, pages = build(story)
    order = [n for page in pages for n in ("Figure 1.", "Figure 2.") if n in page]
    flat = "".join(pages)
    assert order == ["Figure 1.", "Figure 2."] and flat.index("Figure 1.") < flat.index("Figure 2.")


def test_a_narrow_figure_sits_beside_the_text() -> None:
    story = [figure(1, 150, 150), text(400, "t")]
    output = io.BytesIO()
    Document(output).build(story)
    pdf = pypdfium2.PdfDocument(output.getvalue())
    try:
        page = pdf[0]
        width, height = page.get_size()
        textpage = page.get_textpage()
        # The first words print left of the figure (150 pt wide, at the right edge); lower down,
        # under the figure and its caption, the text runs the full width.
        figure_area = textpage.get_text_bounded(width - 72 - 145, height - 72 - 150, width - 72, height - 72)
        assert "t0" in textpage.get_text_bounded(72, height - 90, width - 72 - 150, height - 72)
        assert figure_area.strip() == ""
        assert textpage.get_text_bounded(width - 72 - 145, 72, width - 72, height / 2).strip()
    finally:
        pdf.close()


def test_min_shrink_is_the_documented_limit() -> None:
    assert 0.7 <= MIN_SHRINK < 1


def test_waiting_figures_print_before_a_box_that_holds_a_figure() -> None:
    """A figure inside a box cannot float: the figures still waiting go first, so numbers stay in order."""
    from reportlab.platypus import Table

    box = Table([[figure(2, 200, 100)]])
    box.holds_figure = True  # type: ignore[attr-defined]
    _, pages = build([text(420, "a"), figure(1, 400, 420), box, text(300, "c")])
    flat = "".join(pages)
    assert flat.index("Figure 1.") < flat.index("Figure 2.")


def test_panels_reflow_into_more_columns_to_fit_where_the_text_places_them() -> None:
    """Four 100 pt panels: 2 x 2 needs 200 pt of height, 4 x 1 only 100 pt. With room for about
    150 pt the figure prints here, its panels in one row, rather than wait."""

    def panels(columns: int, max_width: float | None, max_height: float, least: float) -> Box:
        rows = -(-4 // columns)
        return Box(100.0 * columns, 100.0 * rows, max_width, max_height)

    floating = FloatingFigure(panels, lambda: Paragraph("Figure 1. Four panels.", STYLES.caption), columns=2, panels=4, max_height=FRAME_HEIGHT * 0.62, name="f1")
    caption = floating.natural(LETTER[0] - 144).height - floating.natural(LETTER[0] - 144).part.height
    filler = Flowable()
    filler.wrap = lambda w, h: (w, FRAME_HEIGHT - 150 - caption)  # type: ignore[method-assign]
    filler.draw = lambda: None  # type: ignore[method-assign]
    document, pages = build([filler, floating, text(40, "after")])
    assert "Figure 1." in pages[0] and not document.waited_on
    assert floating.fit(LETTER[0] - 144, 150 + caption) is not None
    assert floating.fit(LETTER[0] - 144, 150 + caption).part.width == 400  # type: ignore[union-attr]


def test_a_list_measured_before_a_figure_sits_beside_it_still_prints() -> None:
    """SanQi's book without its key to the marks sets a narrow figure beside a numbered list that an
    earlier layout had measured (ReportLab's own list failed there: 'no attribute _flowables')."""
    import dataclasses

    from ppprint.build.formats import print_book
    from tests.books import book_of

    book = dataclasses.replace(book_of("sanqi"), marks=())
    assert print_book(book, "standard")[1].startswith(b"%PDF")


def test_a_figure_never_shrinks_below_its_floor() -> None:
    """A figure that must print on this page (squeezed) goes down to its floor (further than
    MIN_SHRINK) and no further; one whose natural scale is already under its floor (the page cannot
    hold it at the floor) does not shrink at all, squeezed or not: it waits."""
    width = LETTER[0] - 144
    floating = figure(1, 400, 800)
    floating.floor = 0.6
    natural = floating.natural(width)
    assert natural.part.scale < floating.floor  # 800 pt tall: it fits the frame at about 0.51
    fixed = natural.height - natural.part.height
    room = 0.9 * natural.part.height + fixed + 1
    assert floating.fit(width, room) is None and floating.fit(width, room, squeeze=True) is None
    floating.floor = 0.3
    deep = floating.fit(width, 0.65 * natural.part.height + fixed + 1, squeeze=True)
    assert floating.fit(width, 0.65 * natural.part.height + fixed + 1) is None
    assert deep is not None and deep.part.scale >= 0.3
    assert floating.fit(width, 0.5 * natural.part.height + fixed, squeeze=True) is None


def test_the_end_of_a_book_splits_a_list_to_fill_the_last_but_one_page() -> None:
    """The credits (a heading, a paragraph, a list) go on to the last page item by item: the page
    before is filled while at least ``tail`` points still reach the last page."""
    from reportlab.platypus import ListFlowable, ListItem

    from ppprint.book.floats import KeepTail
    from ppprint.book.paragraph import Heading

    tail = 0.25 * FRAME_HEIGHT
    items = ListFlowable([ListItem(text(30, f"item{n}x")) for n in range(8)], bulletType="bullet")  # type: ignore[misc]  # the stubs leave ListItem out
    credits = KeepTail([Heading("Credits", STYLES.h1), text(60, "p"), items, text(30, "last")], tail)
    document, pages = build([text(200, "a"), credits])
    assert len(pages) == 2
    assert "item0x0" in pages[0] and "last0" in pages[1]
    assert document.blank_shares[0] < 0.1  # the list began on the first page (whole, it left it 40% blank)
    assert 1 - document.blank_shares[1] >= 0.25 - 0.02  # and the last page holds the tail
