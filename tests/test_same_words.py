"""Every format prints the same book: the words of the HTML page and of the EPUB are the words of the PDF.

The PDF's words are read back from its pages (pypdfium2), in order, without the running footer and
page numbers; the page's and the EPUB's from their body, without the contents list, the heading
links and the footer. Figures are compared apart: the drawings hold their words as glyph outlines
on the web, so the books are printed here with drawings that have no text (and no key to the marks),
and the captions, which the PDF floats to a good place, are taken out of both texts and compared in
their order. A numbered list's numbers count as the PDF prints them. Bullets and case (the PDF sets the
title block's labels in capitals) are not words.
"""

from __future__ import annotations

import dataclasses
import io
import re
import zipfile
from html.parser import HTMLParser

import pypdfium2
import pytest

from ppprint.book import rulebook as pdf_printer
from ppprint.build.formats import print_book
from ppprint.document.book import Book, rulebook
from ppprint.render.draw import Drawing, Group, Item, Text
from ppprint.render.marks import legend
from ppprint.verify import verify_game
from tests.contract import contract_game, contract_ids

INLINE = {"a", "b", "strong", "i", "em", "code", "span"}
"""Elements that run in a line of text (every other element's edges part words)."""
SKIPPED = {"nav", "svg", "script", "style", "footer", "title"}
"""Elements whose text is no word of the book (the contents list, drawings, the page's furniture)."""


def _textless(items: list[Item] | tuple[Item, ...]) -> list[Item]:
    return [Group(tuple(_textless(item.items)), item.matrix, item.role) if isinstance(item, Group) else item for item in items if not isinstance(item, Text)]


def textless(drawing: Drawing) -> Drawing:
    return Drawing(drawing.width, drawing.height, _textless(drawing.items), drawing.title, drawing.description)


def without_figure_words(book: Book) -> Book:
    """The book with drawings that hold no words (the PDF's key to the marks is made wordless by the fixture)."""
    return dataclasses.replace(book, draw=lambda figure_id, scale, columns: textless(book.draw(figure_id, scale, columns)))


def words(text: str) -> list[str]:
    text = text.replace("\u00ad", "").replace("\ufffe", "").replace("\u2022", " ")
    return [word.casefold() for word in text.split()]


def pdf_words(pdf: bytes, book: Book) -> list[str]:
    """The words of a PDF, page by page, without each page's footer (its running title and number)."""
    document = pypdfium2.PdfDocument(pdf)
    found: list[str] = []
    try:
        for index in range(len(document)):
            page = document[index]
            text = page.get_textpage().get_text_range()
            page_words = words(text)
            footer = words(book.running_title) + [str(index + 1)]
            for word in footer:
                page_words.remove(word)
            found += page_words
    finally:
        document.close()
    return found


class _Body(HTMLParser):
    """The words of an HTML body, with each numbered list item's number as the PDF prints it (a browser draws it)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping: list[str] = []
        self.lists: list[int | None] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.skipping or tag in SKIPPED or dict(attrs).get("class") == "anchor":
            self.skipping.append(tag)
        if tag in ("ol", "ul"):
            self.lists.append(int(dict(attrs).get("start") or 1) if tag == "ol" else None)
        if tag == "li" and self.lists and self.lists[-1] is not None and not self.skipping:
            self.parts.append(f" {self.lists[-1]} ")
            self.lists[-1] += 1
        if tag not in INLINE:
            self.parts.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if self.skipping and self.skipping[-1] == tag:
            self.skipping.pop()
        if tag in ("ol", "ul") and self.lists:
            self.lists.pop()
        if tag not in INLINE:
            self.parts.append(" ")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.parts.append(" ")

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.parts.append(data)


def html_words(html: str) -> list[str]:
    body = html[html.index("<body") :]
    parser = _Body()
    parser.feed(body)
    return words("".join(parser.parts))


def take_captions(found: list[str], book: Book) -> tuple[list[str], list[list[str]]]:
    """The words without the figures' captions, and the captions in the order the words hold them."""
    found = list(found)
    captions = []
    for figure in book.figures.values():
        caption = words(f"Figure {figure.number}. {figure.caption}")
        at = next((i for i in range(len(found)) if found[i : i + len(caption)] == caption), None)
        if at is None:
            captions.append((len(found), ["missing:", *caption]))
            continue
        captions.append((at, caption))
        del found[at : at + len(caption)]
    return found, [caption for _, caption in sorted(captions, key=lambda item: item[0])]


def compare(pdf: list[str], web: list[str], book: Book) -> list[str]:
    """What differs between two texts of a book, as lines (empty: the same words)."""
    pdf_text, pdf_captions = take_captions(pdf, book)
    web_text, web_captions = take_captions(web, book)
    problems = []
    if sorted(map(tuple, pdf_captions)) != sorted(map(tuple, web_captions)):
        problems.append(f"the captions differ: {[' '.join(c) for c in pdf_captions if c not in web_captions]} in the PDF, {[' '.join(c) for c in web_captions if c not in pdf_captions]} on the web")
    a, b = pdf_text, web_text
    if a != b:
        at = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
        problems.append(f"word {at}: PDF has {' '.join(a[max(0, at - 5) : at + 8])!r}, the web {' '.join(b[max(0, at - 5) : at + 8])!r}")
    return problems


@pytest.fixture(scope="module", params=contract_ids())
def printed_book(request: pytest.FixtureRequest) -> tuple[Book, bytes, str, bytes]:
    game = contract_game(request.param)
    book = without_figure_words(rulebook(game, verify_game(game)))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pdf_printer, "legend", lambda samples, scale=1.0: textless(legend(samples, scale)))
        pdf = print_book(book, "standard")[1]
    return book, pdf, print_book(book, "html")[1].decode("utf-8"), print_book(book, "epub")[1]


def test_the_web_page_has_the_words_of_the_pdf(printed_book: tuple[Book, bytes, str, bytes]) -> None:
    book, pdf, html, _ = printed_book
    assert compare(pdf_words(pdf, book), html_words(html), book) == []


def test_the_epub_has_the_words_of_the_pdf(printed_book: tuple[Book, bytes, str, bytes]) -> None:
    book, pdf, _, epub = printed_book
    with zipfile.ZipFile(io.BytesIO(epub)) as archive:
        xhtml = archive.read("EPUB/book.xhtml").decode("utf-8")
    assert compare(pdf_words(pdf, book), html_words(xhtml), book) == []


def test_no_marker_or_template_syntax_is_printed(printed_book: tuple[Book, bytes, str, bytes]) -> None:
    book, pdf, html, _ = printed_book
    for text in (" ".join(pdf_words(pdf, book)), " ".join(html_words(html))):
        assert not re.search(r"@@|\{\{|\}\}|\{%|%\}", text)


def test_the_comparison_catches_a_leaked_marker_and_straight_quotes(printed_book: tuple[Book, bytes, str, bytes]) -> None:
    book, pdf, html, _ = printed_book
    leaked = html.replace("<h2 id=\"credits\"", "<p>@@float-barrier@@</p>\n<h2 id=\"credits\"", 1)
    assert leaked != html and compare(pdf_words(pdf, book), html_words(leaked), book) != []
    if "\u2019" in html:
        straight = html.replace("\u2019", "'")
        assert compare(pdf_words(pdf, book), html_words(straight), book) != []
