"""Pages a designer would publish, read from the rendered PDFs: full pages, a last page that is more
than a stray line, page numbers on the outer edge of a booklet's pages.

Every rulebook (letter and A4, full pages and the half pages of the booklets)
and the catalogue: no page may be more than a third blank at its foot, except
the book's last page and the last page of a chapter (a page after which the
back matter, Clarifications or Credits, opens a new page).
"""

from __future__ import annotations

import io
import re
from functools import cache

import pypdfium2
import pytest
from pypdf import PdfReader

from ppprint.book.catalogue import build_catalogue
from ppprint.book.rulebook import build_rulebook
from ppprint.document.pages import HALF_MARGIN, MARGIN
from tests.books import book_of, printed
from ppprint.registry import get_game, registry
from tests.pagefill import blank_shares, first_lines

GAMES = registry().ids()
MOST_BLANK = 1 / 3
CHAPTERS = ("Clarifications", "Credits")


@cache
def rulebook(game_id: str, paper: str, half: bool) -> bytes:
    return build_rulebook(book_of(game_id, paper), half=half) if half else printed(game_id, paper)


def margins(half: bool) -> tuple[float, float]:
    margin = HALF_MARGIN if half else MARGIN
    return margin * 0.9, margin


def exempt_pages(pdf: bytes) -> set[int]:
    """The book's last page, and each page followed by a page that opens a chapter (pages from 1)."""
    lines = first_lines(pdf)
    return {len(lines)} | {number for number in range(1, len(lines)) if lines[number].startswith(CHAPTERS)}


BLANK_FOR_THE_FLOOR = {("expansion", "a4", False): {5}, ("pileup", "letter", True): {6}}
"""Pages left blank because a figure may not shrink below the book's floor (known): Expansion's Figure 7
(two whole boards with the capture markers round them, which no window can crop: its claims count every
tile) is wider at the floor than the A4 frame two panels a row, and one panel a row taller than the room
under the "Winning" section it follows, so it opens the next page. (On Letter it was page 6 of both
formats until the combat and capturing figures were cropped to the lower-left tiles; on A4 those
figures then printed two pages late.) Pile Up's Figure 7 (two whole boards: its claims score every
stack) does not fit under "Scoring" on page 6 of the Letter booklet; with the jumping figure cropped
one rank taller, to leave it room, Figure 5 printed two pages after its citation instead."""


@pytest.mark.parametrize("half", [False, True], ids=["standard", "booklet"])
@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game_id", GAMES)
def test_no_page_is_more_than_a_third_blank(game_id: str, paper: str, half: bool) -> None:
    pdf = rulebook(game_id, paper, half)
    shares = blank_shares(pdf, *margins(half))
    exempt = exempt_pages(pdf)
    too_blank = {number: f"{share:.0%}" for number, share in enumerate(shares, start=1) if share > MOST_BLANK and number not in exempt}
    known = BLANK_FOR_THE_FLOOR.get((game_id, paper, half), set())
    assert set(too_blank) == known, f"{game_id} {paper} {'booklet' if half else ''}: pages more than a third blank: {too_blank}"


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_catalogue_pages_are_full(paper: str) -> None:
    pdf = build_catalogue(registry().plugins(), paper)
    shares = blank_shares(pdf, *margins(False))
    assert all(share <= MOST_BLANK for share in shares[:-1]), [f"{share:.0%}" for share in shares]


@pytest.mark.parametrize("half", [False, True], ids=["standard", "booklet"])
@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game_id", GAMES)
def test_the_last_page_holds_more_than_a_few_lines(game_id: str, paper: str, half: bool) -> None:
    """SanQi's last letter page held two lines: the last page carries at least a fifth of a page."""
    pdf = rulebook(game_id, paper, half)
    last = blank_shares(pdf, *margins(half))[-1]
    assert last <= 0.8, f"{game_id} {paper}: the last page is {last:.0%} blank"


def number_positions(pdf: bytes) -> list[float]:
    """Where each page's number sits: the x of its centre as a share of the page width."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        positions = []
        for index, page in enumerate(document):
            width, _ = page.get_size()
            text = page.get_textpage()
            found = text.search(str(index + 1), match_whole_word=True)
            boxes = []
            while (hit := found.get_next()) is not None:
                start, count = hit
                left, bottom, right, top = text.get_charbox(start)
                _, _, end_right, _ = text.get_charbox(start + count - 1)
                boxes.append((bottom, (left + end_right) / 2))
            found.close()
            positions.append(min(boxes)[1] / width)
        return positions
    finally:
        document.close()


def test_booklet_page_numbers_sit_on_the_outer_edge() -> None:
    """A booklet's odd pages are right-hand pages, its even pages left-hand: the number goes outside."""
    pdf = rulebook("expansion", "letter", True)
    positions = number_positions(pdf)
    assert len(positions) >= 4
    for number, x in enumerate(positions, start=1):
        assert (x > 0.5) if number % 2 else (x < 0.5), f"page {number}: number at {x:.0%} of the width"


def test_standard_page_numbers_stay_at_the_right() -> None:
    positions = number_positions(rulebook("expansion", "letter", False))
    assert all(x > 0.5 for x in positions)


def test_figure_numbers_follow_the_order_of_the_pages() -> None:
    """However figures float, they are numbered in the order they are printed and every one is printed."""
    for game_id in GAMES:
        for paper, half in (("letter", False), ("a4", True)):
            reader = PdfReader(io.BytesIO(rulebook(game_id, paper, half)))
            numbers = [int(n) for page in reader.pages for n in re.findall(r"Figure (\d+)\.", page.extract_text())]
            assert numbers == list(range(1, len(get_game(game_id).data.figures) + 1)), (game_id, paper, half, numbers)


def headings(pdf: bytes) -> set[str]:
    """The titles of the book's bookmarks (its headings), nested ones included."""
    titles: set[str] = set()

    def walk(items: list) -> None:  # type: ignore[type-arg]
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                titles.add(str(item.title).strip())

    walk(PdfReader(io.BytesIO(pdf)).outline)
    return titles


def last_lines(pdf: bytes) -> list[str]:
    """The last line of text of every page (the footer is drawn first, so it is not last)."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        lines = []
        for page in document:
            text = page.get_textpage().get_text_range().strip()
            lines.append(text.splitlines()[-1].strip() if text else "")
        return lines
    finally:
        document.close()


@pytest.mark.parametrize("half", [False, True], ids=["standard", "booklet"])
@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game_id", GAMES)
def test_no_page_ends_with_a_heading(game_id: str, paper: str, half: bool) -> None:
    """A heading always has text after it on its page (Pile Up's 'End of the game' was left alone at a
    page's foot when the figures waiting for the next page went first)."""
    pdf = rulebook(game_id, paper, half)
    titles = headings(pdf)
    alone = [number for number, line in enumerate(last_lines(pdf), start=1) if line in titles]
    assert not alone, f"{game_id} {paper} {'booklet' if half else ''}: pages ending with a heading: {alone}"
