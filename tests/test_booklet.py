"""Booklets read back: saddle-stitch order, padding, each half of each sheet holds the right page."""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader

from ppprint.book.booklet import padded_page_count, saddle_stitch_order
from ppprint.book.rulebook import build_rulebook
from ppprint.build.formats import print_book
from ppprint.document.book import rulebook
from ppprint.document.pages import HALF_PAPERS, PAPERS
from tests.books import printed
from ppprint.registry import get_game, registry
from ppprint.verify import verify_game
from tests.conftest import run_cli


@pytest.fixture(scope="module")
def checked():
    data = get_game("sanqi")
    return data, verify_game(data)


def test_eight_pages_fold_in_order():
    # Two sheets: the outer one holds 8|1 and 2|7, the inner one 6|3 and 4|5.
    assert saddle_stitch_order(8) == [(8, 1), (2, 7), (6, 3), (4, 5)]
    assert saddle_stitch_order(5) == saddle_stitch_order(8)


@given(st.integers(min_value=1, max_value=80))
def test_every_page_once_and_facing_pages_sum(pages):
    order = saddle_stitch_order(pages)
    total = padded_page_count(pages)
    assert total % 4 == 0 and total - 4 < pages <= total
    assert sorted(n for side in order for n in side) == list(range(1, total + 1))
    # On a folded sheet, the two pages side by side always add up to total + 1.
    assert all(left + right == total + 1 for left, right in order)


def page_texts(pdf: bytes) -> list[str]:
    document = pypdfium2.PdfDocument(pdf)
    try:
        return ["".join(page.get_textpage().get_text_range().split()) for page in document]
    finally:
        document.close()


def half_texts(pdf: bytes) -> list[tuple[str, str]]:
    """The text of the left and right half of every sheet side, whitespace removed."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        sides = []
        for page in document:
            width, height = page.get_size()
            text = page.get_textpage()
            halves = (text.get_text_bounded(0, 0, width / 2, height), text.get_text_bounded(width / 2, 0, width, height))
            sides.append(tuple("".join(h.split()) for h in halves))
        return sides
    finally:
        document.close()


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_booklet_sheets_hold_the_half_size_pages_in_saddle_stitch_order(checked, paper):
    data, report = checked
    book = rulebook(data, report, paper)
    half = build_rulebook(book, half=True)
    name, booklet = print_book(book, "booklet")
    assert name == f"sanqi-{paper}-booklet.pdf"
    source = PdfReader(io.BytesIO(half))
    assert [round(float(v)) for v in source.pages[0].mediabox[2:]] == [round(v) for v in HALF_PAPERS[paper]]
    sheets = PdfReader(io.BytesIO(booklet))
    pages = len(source.pages)
    assert len(sheets.pages) == padded_page_count(pages) // 2 and len(sheets.pages) % 2 == 0
    height, width = PAPERS[paper]
    assert [round(float(v)) for v in sheets.pages[0].mediabox[2:]] == [round(width), round(height)]  # landscape
    texts = page_texts(half)
    halves = half_texts(booklet)
    for side, numbers in zip(halves, saddle_stitch_order(pages), strict=True):
        for got, number in zip(side, numbers, strict=True):
            assert got == (texts[number - 1] if number <= pages else "")
    # Sheet 1 front: the last page (blank padding or the back cover) and the cover with the title.
    assert halves[0][1].startswith("SanQi") and halves[0][0] == (texts[-1] if pages % 4 == 0 else "")
    assert sheets.metadata.title == "SanQi: rules (booklet)"
    assert [item.title for item in sheets.outline][:2] == ["Overview", "Equipment"]


def test_cli_booklet_format(tmp_path: Path):
    result = run_cli("build", "sanqi", "--format", "booklet", "--paper", "a4", "--out", "o", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert [p.name for p in (tmp_path / "o").iterdir() if p.name != ".ppprint-cache"] == ["sanqi-a4-booklet.pdf"]


@pytest.mark.parametrize("game_id", registry().ids())
def test_every_game_fits_the_half_size_booklet_pages(game_id):
    """Half-size pages are the tightest frame: every figure, table and box must still fit (or break)."""
    name, pdf = f"{game_id}-letter-booklet.pdf", printed(game_id, "letter", "booklet")
    reader = PdfReader(io.BytesIO(pdf))
    assert name.endswith("booklet.pdf") and len(reader.pages) >= 2
    text = " ".join(page.extract_text() for page in reader.pages)
    assert "Clarifications" in text and "Checked by the rules engine" in " ".join(text.split())
