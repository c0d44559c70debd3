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
    for name in ("Lu Bolin", "Teng Yan Zhen", "Julia Kwek", "CC BY 4.0", "James Kyle", "Open Font License"):
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
