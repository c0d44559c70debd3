"""Booklets read back: saddle-stitch order, padding, each half of each sheet holds the right page."""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader

from ppprint.book.booklet import FRONT_PAGES, cover_plan, padded_page_count, saddle_stitch_order
from ppprint.book.rulebook import build_rulebook
from ppprint.build.formats import print_book
from ppprint.document.book import rulebook
from ppprint.document.pages import HALF_PAPERS, PAPERS
from ppprint.document.typography import typographic
from tests.books import book_of, printed
from ppprint.registry import get_game, registry
from ppprint.verify import verify_game
from tests.conftest import game_in, run_cli


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
def test_booklet_sheets_hold_the_covers_and_the_half_size_pages_in_saddle_stitch_order(checked, paper):
    data, report = checked
    book = rulebook(data, report, paper)
    half = build_rulebook(book, half=True)
    name, booklet = print_book(book, "booklet")
    assert name == f"sanqi-{paper}-booklet.pdf"
    source = PdfReader(io.BytesIO(half))
    assert [round(float(v)) for v in source.pages[0].mediabox[2:]] == [round(v) for v in HALF_PAPERS[paper]]
    sheets = PdfReader(io.BytesIO(booklet))
    pages = len(source.pages)
    total, notes = cover_plan(pages)
    assert len(sheets.pages) == total // 2 and total % 4 == 0
    height, width = PAPERS[paper]
    assert [round(float(v)) for v in sheets.pages[0].mediabox[2:]] == [round(width), round(height)]  # landscape
    texts = page_texts(half)
    halves = half_texts(booklet)
    for side, numbers in zip(halves, saddle_stitch_order(total), strict=True):
        for got, number in zip(side, numbers, strict=True):
            if FRONT_PAGES < number <= FRONT_PAGES + pages:  # the book's page n is the booklet's page n + 2
                assert got == texts[number - FRONT_PAGES - 1]
            else:
                assert got and got not in texts
    # Sheet 1 front: the back cover (the quick reference) and the front cover with the title.
    assert halves[0][1].startswith("SanQi") and "Quickreference" in halves[0][0]
    assert sheets.metadata.title == "SanQi: rules (booklet)"
    assert [item.title for item in sheets.outline][:2] == ["Overview", "Equipment"]
    # A bookmark points at the sheet side that holds its page, two pages on for the covers.
    assert sheets.get_destination_page_number(sheets.outline[0]) == [n for n, side in enumerate(saddle_stitch_order(total)) if FRONT_PAGES + 1 in side][0]


def booklet_pages(pdf: bytes) -> list[str]:
    """The text of every page of a booklet in reading order (whitespace removed), read off its sheets."""
    halves = half_texts(pdf)
    total = 2 * len(halves)
    pages = [""] * total
    for side, numbers in zip(halves, saddle_stitch_order(total), strict=True):
        for text, number in zip(side, numbers, strict=True):
            pages[number - 1] = text
    return pages


def squeeze(text: str) -> str:
    return "".join(typographic(text).split())


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game_id", registry().ids())
def test_every_booklet_has_a_cover_and_a_back_cover_and_no_blank_page(game_id, paper):
    pdf = printed(game_id, paper, "booklet")
    pages = booklet_pages(pdf)
    meta = get_game(game_id).data.meta
    book = book_of(game_id, paper)
    first_heading = str(PdfReader(io.BytesIO(pdf)).outline[0].title)
    # The front cover: title, subtitle, designers and the picture; no body text, no footer.
    cover = pages[0]
    assert cover.startswith(squeeze(meta.title)) and squeeze(meta.designers[0]) in cover
    assert squeeze(book.running_title) not in cover and squeeze(first_heading) not in cover
    # The inside of the cover lists the chapters; the book's page 1 follows, a right-hand page.
    assert pages[1].startswith("Contents") and squeeze(first_heading) in pages[1]
    assert squeeze(book.running_title) in pages[FRONT_PAGES] and squeeze(first_heading) in pages[FRONT_PAGES]
    # The back cover: the quick reference of game.yaml, every line of it.
    back = pages[-1]
    assert meta.summary is not None and "Quickreference" in back
    for line in (meta.summary.goal, *meta.summary.turn, *meta.summary.remember):
        assert squeeze(line) in back
    # No blank page; the covers fill the padding where it has room for them, else one sheet more.
    assert all(pages), [n + 1 for n, text in enumerate(pages) if not text]
    book_pages = len(pages) - FRONT_PAGES - 1 - sum(text == "Notes" for text in pages)
    padding = padded_page_count(book_pages) - book_pages
    assert len(pages) == padded_page_count(book_pages) + (0 if padding >= 3 else 4)
    assert sum(text == "Notes" for text in pages) == cover_plan(book_pages)[1]


def test_cover_plan_uses_the_padding_and_adds_a_sheet_only_when_it_is_short():
    assert cover_plan(9) == (12, 0)  # three pages of padding hold the covers
    assert cover_plan(10) == (16, 3)
    assert cover_plan(11) == (16, 2)
    assert cover_plan(16) == (20, 1)
    for pages in range(1, 41):
        total, notes = cover_plan(pages)
        assert total % 4 == 0 and total == pages + 3 + notes and notes < 4


def test_without_a_summary_the_back_cover_holds_title_credits_and_licence(games_copy: Path):
    meta = games_copy / "expansion" / "game.yaml"
    text = meta.read_text(encoding="utf-8")
    meta.write_text(text[: text.index("summary:")], encoding="utf-8")
    game = game_in(games_copy, "expansion")
    assert game.data.meta.summary is None
    report = verify_game(game)
    pdf = print_book(rulebook(game, report, "letter"), "booklet")[1]
    back = booklet_pages(pdf)[-1]
    assert back.startswith("Expansion") and "Credits" in back and "Licence" in back and "Quickreference" not in back
    assert squeeze(game.data.meta.credits[0]) in back and squeeze("licensed under CC BY 4.0") in back


@pytest.mark.parametrize(
    ("edit", "problem"),
    [
        ("  goal: \"# A heading\"", "summary.goal: a summary line is plain text; it may not start with '#"),
        ("  goal: " + "x" * 241, "summary.goal: String should have at most 240 characters"),
        ("  turn: []", "summary.turn: List should have at least 1 item"),
        ("  mood: sunny", "unknown key 'mood'"),
    ],
)
def test_a_bad_summary_names_game_yaml_and_its_line(games_copy: Path, edit: str, problem: str):
    from ppprint.errors import InputError

    meta = games_copy / "expansion" / "game.yaml"
    text = meta.read_text(encoding="utf-8")
    start = text.index("summary:")
    line = text.count("\n", 0, start) + 2
    lines = text.splitlines()
    if edit.startswith("  mood"):
        lines.insert(line - 1, edit)
    else:
        key = edit.split(":")[0]
        index = next(n for n, value in enumerate(lines) if n >= line - 1 and value.startswith(key + ":"))
        end = index + 1
        while end < len(lines) and lines[end].startswith("    "):
            end += 1
        lines[index:end] = [edit]
        line = index + 1
    meta.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        game_in(games_copy, "expansion").data
    assert problem in caught.value.message, caught.value.message
    assert caught.value.path == meta and caught.value.line == line


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


def test_two_booklet_builds_are_byte_identical_without_a_file_identifier():
    """The booklet writes no /ID (optional in PDF 1.4; pypdf's only public setter draws random bytes),
    so the same book makes the same bytes."""
    pdf = printed("sanqi", "a4", "booklet")
    assert "/ID" not in PdfReader(io.BytesIO(pdf)).trailer
    assert print_book(book_of("sanqi", "a4"), "booklet")[1] == pdf
