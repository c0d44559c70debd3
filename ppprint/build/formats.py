"""The formats a book is printed in: one registry that the CLI, the build, the cache and ``serve`` read.

Each format names its file and its printer, a function from a :class:`~ppprint.document.book.Book`
to bytes in one of the format packages (:mod:`ppprint.book` for PDFs, :mod:`ppprint.web` for the
web). A printer's package is imported only when a book is printed in it, so reading the registry
(``ppprint --help``) loads no typesetter. A new format is a printer and one entry here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ppprint.book.rulebook import LayoutMemory
    from ppprint.document.book import Book
    from ppprint.web.figures import WebMemo


@dataclass(frozen=True)
class Printing:
    """What a printer may use besides the book: the build's memory of layouts (the cache), and for
    the web the figures' cache keys and a memo of their SVG."""

    layouts: LayoutMemory | None = None
    keys: Mapping[str, str] = field(default_factory=dict)
    memo: WebMemo | None = None


Printer = Callable[["Book", Printing], bytes]


@dataclass(frozen=True)
class Format:
    """A format: its name (``--format``), what it is, its file's name pattern and its printer."""

    name: str
    what: str
    file: str
    """The file's name: ``{game}`` and ``{paper}`` are filled in."""
    printer: Printer

    def file_name(self, game_id: str, paper: str) -> str:
        return self.file.format(game=game_id, paper=paper)


def _standard(book: Book, printing: Printing) -> bytes:
    from ppprint.book.rulebook import build_rulebook

    return build_rulebook(book, layouts=printing.layouts)


def _booklet(book: Book, printing: Printing) -> bytes:
    from ppprint.book.booklet import booklet  # pypdf is loaded only to impose a booklet
    from ppprint.book.rulebook import build_rulebook

    half = build_rulebook(book, half=True, layouts=printing.layouts)
    return booklet(half, book)


def _html(book: Book, printing: Printing) -> bytes:
    from ppprint.web.html import web_book

    return web_book(book, printing.keys, printing.memo).html().encode("utf-8")


def _epub(book: Book, printing: Printing) -> bytes:
    from ppprint.web.epub import epub_bytes
    from ppprint.web.html import web_book

    return epub_bytes(book, web_book(book, printing.keys, printing.memo))


FORMATS: dict[str, Format] = {
    fmt.name: fmt
    for fmt in (
        Format("standard", "the rulebook PDF", "{game}-{paper}.pdf", _standard),
        Format("booklet", "a saddle-stitched booklet PDF, two half pages to a sheet", "{game}-{paper}-booklet.pdf", _booklet),
        Format("html", "one self-contained web page", "{game}.html", _html),
        Format("epub", "an EPUB 3 e-book", "{game}.epub", _epub),
    )
}
"""Every format, by name."""


def print_book(book: Book, name: str, printing: Printing | None = None) -> tuple[str, bytes]:
    """The file name and bytes of ``book`` in the format ``name``."""
    fmt = FORMATS[name]
    return fmt.file_name(book.id, book.paper), fmt.printer(book, printing or Printing())
