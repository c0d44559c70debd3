"""Each book built once per test session and shared by every module that reads it.

Books are kept by game id, paper, format and the game's folder (a test that edits a copy of a
game gets its own). A test that changes how books are made (monkeypatching a drawer, say) builds
its own instead.
"""

from __future__ import annotations

import functools
from pathlib import Path

from ppprint.book.paragraph import Placed
from ppprint.book.rulebook import build_rulebook
from ppprint.build.formats import print_book
from ppprint.document.book import Book, rulebook
from ppprint.registry import Plugin, get_game
from ppprint.verify import VerifyReport, verify_game


@functools.cache
def _report(folder: Path, game_id: str) -> VerifyReport:
    return verify_game(get_game(game_id))


@functools.cache
def _book(folder: Path, game_id: str, paper: str) -> Book:
    game = get_game(game_id)
    return rulebook(game, _report(folder, game_id), paper)


@functools.cache
def _printed(folder: Path, game_id: str, paper: str, book_format: str) -> bytes:
    return print_book(_book(folder, game_id, paper), book_format)[1]


def report_of(game_id: str) -> VerifyReport:
    """The verify report of a game (checked once)."""
    return _report(get_game(game_id).where.folder, game_id)


def book_of(game_id: str, paper: str = "letter") -> Book:
    """The book of a game on ``paper`` (assembled once)."""
    return _book(get_game(game_id).where.folder, game_id, paper)


def printed(game_id: str, paper: str = "letter", book_format: str = "standard") -> bytes:
    """A game's book printed in ``book_format`` (once): a PDF, an HTML page or an EPUB."""
    return _printed(get_game(game_id).where.folder, game_id, paper, book_format)


def _markdown(game_id: str) -> tuple[str, str]:
    from ppprint.document.book import number_figures, rulebook_markdown

    game = get_game(game_id)
    return rulebook_markdown(game, report_of(game_id), number_figures(game.data))


def rules_text(game_id: str) -> str:
    """The rules of a game's book as its Markdown renders them, on one line (runs of white space as one space)."""
    return " ".join(_markdown(game_id)[0].split())


def clarifications_box(game_id: str) -> str:
    """The Clarifications box of a game's book as its Markdown renders it, on one line."""
    back = _markdown(game_id)[1]
    start = back.index("::: box")
    return " ".join(back[start : back.index(":::", start + len("::: box"))].split())


@functools.cache
def _laid_out(folder: Path, game_id: str, paper: str, half: bool) -> tuple[bytes, tuple[Placed, ...]]:
    record: list[Placed] = []
    pdf = build_rulebook(_book(folder, game_id, paper), half=half, record=record)
    return pdf, tuple(record)


def laid_out(game_id: str, paper: str = "letter", half: bool = False, game: Plugin | None = None) -> tuple[bytes, tuple[Placed, ...]]:
    """A game's rulebook PDF (``half``: the booklet's half-size pages, before imposition) and where its
    text and figures landed (built once). ``game`` is a game not in the registry (the scaffolded one)."""
    if game is None:
        return _laid_out(get_game(game_id).where.folder, game_id, paper, half)
    return _laid_out_game(game, paper, half)


@functools.cache
def _laid_out_game(game: Plugin, paper: str, half: bool) -> tuple[bytes, tuple[Placed, ...]]:
    record: list[Placed] = []
    pdf = build_rulebook(rulebook(game, verify_game(game), paper), half=half, record=record)
    return pdf, tuple(record)
