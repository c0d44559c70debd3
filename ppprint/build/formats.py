"""The formats a book is printed in: one registry that the CLI, the build, the cache and ``serve`` read.

Each format names its file and its printer, a function from a :class:`~ppprint.document.book.Book`
to bytes in one of the format packages (:mod:`ppprint.book` for PDFs, :mod:`ppprint.web` for the
web). A printer's package is imported only when a book is printed in it, so reading the registry
(``ppprint --help``) loads no typesetter. A new format is a printer and one entry here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ppprint.document.book import Book


@dataclass(frozen=True)
class Printing:
    """What a printer may use besides the book: an appendix to end a PDF with (Designer's notes), the
    build's memory of layouts (the cache), for the web the figures' cache keys and a memo of their SVG,
    and for a booklet's covers the game and its verify report."""

    appendix: Any = None
    layouts: Any = None
    keys: Mapping[str, str] = field(default_factory=dict)
    memo: Any = None
    game: Any = None
    """The game the book was made of, for a printer that prints more than the book: a booklet's covers
    show its catalogue picture and quick reference. By default, the game of this run with the book's id."""
    report: Any = None
    """The verification of ``game``, whose checked figures the covers may show (else they are checked again)."""


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

    return build_rulebook(book, appendix=printing.appendix, layouts=printing.layouts)


def _booklet(book: Book, printing: Printing) -> bytes:
    from ppprint.book.booklet import booklet  # pypdf is loaded only to impose a booklet
    from ppprint.book.rulebook import build_rulebook
    from ppprint.registry import get_game

    half = build_rulebook(book, half=True, appendix=printing.appendix, layouts=printing.layouts)
    # The covers show what the book does not hold: the catalogue's picture of the game and its
    # quick reference (game.yaml's summary), read from the game the book was made of.
    return booklet(half, book, printing.game if printing.game is not None else get_game(book.id), printing.report)


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
