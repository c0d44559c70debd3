"""TextParagraph: a paragraph that parses and breaks its lines once per text, style and width
makes exactly the PDF a ReportLab paragraph makes, however often a layout is repeated."""

from __future__ import annotations

import io
from collections.abc import Callable

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate, Paragraph

from ppprint.book.paragraph import TextParagraph
from ppprint.render.fonts import SERIF, register_fonts

TEXTS = [
    "A <b>bold</b> start, then <i>italic</i> words and plain ones, " * 12,
    "Plain words only, long enough to be split between two frames of the page. " * 14,
    "&ldquo;Quoted&rdquo; text with a <font color='#0072B2'>coloured</font> word in it. " * 10,
]


def typeset(make: Callable[[str, ParagraphStyle], Flowable], style: ParagraphStyle) -> bytes:
    """The texts in narrow frames of different widths (so paragraphs split), as a PDF."""
    output = io.BytesIO()
    document = BaseDocTemplate(output, pagesize=(300, 240), invariant=1)
    frames = [Frame(10, 10, 120, 220, id="left"), Frame(150, 10, 140, 220, id="right")]
    document.addPageTemplates([PageTemplate("page", frames)])
    document.build([make(text, style) for text in TEXTS * 2])
    return output.getvalue()


def test_text_paragraphs_make_the_same_pdf_as_reportlabs_every_time() -> None:
    register_fonts()
    style = ParagraphStyle("body", fontName=SERIF, fontSize=9, leading=11.5, firstLineIndent=8)
    plain = typeset(Paragraph, style)
    assert typeset(TextParagraph, style) == plain  # lines broken afresh, and kept
    assert typeset(TextParagraph, style) == plain  # every line from what was kept


def test_a_style_of_another_size_breaks_its_own_lines() -> None:
    register_fonts()
    small = ParagraphStyle("body", fontName=SERIF, fontSize=8, leading=10)
    large = ParagraphStyle("body", fontName=SERIF, fontSize=11, leading=14)
    typeset(TextParagraph, small)
    assert typeset(TextParagraph, large) == typeset(Paragraph, large)


def words(paragraph: Paragraph) -> list[object]:
    """What breaking its lines left in a paragraph: its fragments (a word list after breaking) and sizes."""
    fragments = [[getattr(part, "text", part) for part in fragment[1:]] if isinstance(fragment, list) else fragment.text for fragment in paragraph.frags]
    return [fragments, paragraph._width_max, paragraph.height, [line.words if hasattr(line, "words") else line for line in paragraph.blPara.lines]]


def test_a_paragraph_given_kept_lines_is_left_as_breaking_them_leaves_it() -> None:
    register_fonts()
    style = ParagraphStyle("body", fontName=SERIF, fontSize=9, leading=11.5)
    for text in TEXTS:
        TextParagraph(text, style).wrap(150, 1000)
        for width in (150, 120):
            fresh = Paragraph(text, style)
            fresh.wrap(width, 1000)
            kept = TextParagraph(text, style)
            kept.wrap(width, 1000)
            assert repr(words(kept)) == repr(words(fresh))
