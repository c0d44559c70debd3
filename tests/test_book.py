"""The Expansion rulebook read back: pages, headings, figures, fonts, bookmarks, metadata, reproducibility."""

from __future__ import annotations

import io
import re

import pypdfium2
import pytest
from pypdf import PdfReader

from ppprint.book.rulebook import build_rulebook
from ppprint.document.book import rulebook
from tests.books import printed
from ppprint.registry import get_game
from ppprint.verify import verify_game

HEADINGS = [
    "Overview", "Objective", "Equipment", "Setup", "Playing a turn", "Movement", "Combat",
    "Capturing tiles", "End of the game", "Winning", "Clarifications", "Credits",
]


@pytest.fixture(scope="module")
def books():
    data = get_game("expansion")
    report = verify_game(data)
    return {paper: printed("expansion", paper) for paper in ("letter", "a4")}, report


def text_of(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


@pytest.mark.parametrize(("paper", "size"), [("letter", (612, 792)), ("a4", (595, 842))])
def test_paper_size_and_pages(books, paper, size):
    reader = PdfReader(io.BytesIO(books[0][paper]))
    assert 6 <= len(reader.pages) <= 14
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == size


def test_headings_captions_and_credits(books):
    pdfs, report = books
    text = text_of(pdfs["letter"])
    flat = " ".join(text.split())
    for heading in HEADINGS:
        assert heading in text
    numbers = [int(n) for n in re.findall(r"Figure (\d+)\.", text)]
    assert numbers == list(range(1, 8))
    for name in ("Lu Bolin", "Teng Yan Zhen", "Julia Kwek", "CC BY 4.0", "James “Kyle” Droscha", "Open Font License"):
        assert name in flat
    assert f"{report.claims} claims in {report.diagrams} diagrams ({len(report.figures)} figures)" in flat
    assert "interpretation, not the designers" in flat


def test_metadata(books):
    meta = PdfReader(io.BytesIO(books[0]["letter"])).metadata
    assert meta.title == "Expansion: rules"
    assert "Lu Bolin" in meta.author
    assert "CC BY 4.0" in meta.subject


def test_two_builds_are_byte_identical(books):
    data = get_game("expansion")
    assert build_rulebook(rulebook(data, verify_game(data), "letter")) == books[0]["letter"]


def test_figure_pages_are_drawn(books):
    """Every page with a caption carries the vector figure: many filled shapes and real ink."""
    pdf = books[0]["letter"]
    reader = PdfReader(io.BytesIO(pdf))
    document = pypdfium2.PdfDocument(pdf)
    figure_pages = [i for i, page in enumerate(reader.pages) if re.search(r"Figure \d+\.", page.extract_text())]
    assert len(figure_pages) >= 4
    for index in figure_pages:
        content = reader.pages[index].get_contents().get_data()
        assert len(re.findall(rb"\bf\b|\bB\b", content)) > 40
        image = document[index].render(scale=0.5).to_pil().convert("L")
        dark = sum(count for count, value in image.getcolors(maxcolors=256) if value < 200)
        assert dark > 0.03 * image.width * image.height
    document.close()


# -- what the book says (RULINGS.md, books.md 2.3-2.4) ---------------------------------------------------


def test_the_clarifications_box_prints_the_default_arrangement_the_engine_uses():
    from ppprint.games.expansion.engine import GAME
    from tests.books import clarifications_box

    box = clarifications_box("expansion")
    assert "the editor's interpretation, not the designers' words" in box
    assert ("the coins stand blank, ace, 2, 3, 4, 5 on a1, b1, c1, a2, b2 and a3 for the first player, "
            "and in the same order on f6, e6, d6, f5, e5 and f4 for the second") in box
    # The engine's set-up without a chosen arrangement is the one printed.
    start = GAME.position_from_data({"minions": {
        "first": {"a1": "blank", "b1": "ace", "c1": 2, "a2": 3, "b2": 4, "a3": 5},
        "second": {"f6": "blank", "e6": "ace", "d6": 2, "f5": 3, "e5": 4, "f4": 5}}, "to_move": "first"})
    board = start.position_text().split()[0]
    assert board == "3m2m1m0/4m4m3/5m5/M55/M3M44/M0M1M23"
    assert GAME.initial_state().position_text().split()[0] == board


def test_only_the_two_fighters_show_their_values_and_the_jump_caption_credits_the_right_panel():
    from ppprint.registry import get_game

    figures = get_game("expansion").data.figures
    combat = figures["combat"]
    assert all(panel.view.coins == "suit" and panel.view.reveal == ["c3", "c4"] for panel in combat.panels)
    assert "two fighting coins" in combat.caption
    assert "in eight directions (b), but some moves stay illegal (d)" in " ".join(figures["movement"].caption.split())


def test_the_length_is_written_as_a_range():
    assert get_game("expansion").data.meta.length == "5-10 minutes"
