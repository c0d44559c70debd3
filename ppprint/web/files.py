"""The web formats of a book as files: ``<game>.html`` and ``<game>.epub``."""

from __future__ import annotations

from collections.abc import Mapping

from ppprint.document.pages import FigureDrawer
from ppprint.registry import Plugin
from ppprint.verify import VerifyReport
from ppprint.web.html import web_book


def web_file(
    game: Plugin, report: VerifyReport, paper: str, book_format: str, draw: FigureDrawer | None = None, keys: Mapping[str, str] | None = None
) -> tuple[str, bytes]:
    """The file name and bytes of a game's book as ``html`` (one self-contained page) or ``epub`` (EPUB 3)."""
    book = web_book(game, report, paper, draw, keys)
    if book_format == "epub":
        from ppprint.web.epub import epub_bytes

        return f"{game.id}.epub", epub_bytes(game, book)
    return f"{game.id}.html", book.html().encode("utf-8")
