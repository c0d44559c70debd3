"""Print-and-play layout: tiling covers the plan with shared alignment marks; packing keeps pieces apart."""

from __future__ import annotations

import io
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader
from reportlab.lib.units import inch

from ppprint.book.rulebook import PAPERS
from ppprint.book.sheets import OVERLAP, PAGE_MARGIN, PrintAndPlay, SheetPiece, TileGrid, pack
from ppprint.render.draw import Drawing, Paint, Pen


def square(size_in: float) -> Drawing:
    pen = Pen()
    pen.rect(0, 0, size_in * inch, size_in * inch, Paint(stroke="#000000", width=1.0))
    return pen.drawing(size_in * inch, size_in * inch)


@settings(max_examples=60, deadline=None)
@given(st.floats(1, 60), st.floats(1, 60), st.sampled_from(["letter", "a4"]))
def test_tiles_cover_the_plan_and_overlap(width_in, height_in, paper):
    page_w, page_h = PAPERS[paper]
    grid = TileGrid.for_drawing(width_in * inch, height_in * inch, page_w, page_h)
    assert grid.window_width <= page_w - 2 * PAGE_MARGIN + 1e-6
    xs = sorted({grid.window(0, c)[0] for c in range(grid.columns)})
    ys = sorted({grid.window(r, 0)[1] for r in range(grid.rows)})
    assert xs[0] == pytest.approx(0) and xs[-1] + grid.window_width == pytest.approx(grid.width)
    assert ys[0] == pytest.approx(0) and ys[-1] + grid.window_height == pytest.approx(grid.height)
    for a, b in itertools.pairwise(xs):
        assert a + grid.window_width - b >= OVERLAP - 1e-6
    for a, b in itertools.pairwise(ys):
        assert a + grid.window_height - b >= OVERLAP - 1e-6


@settings(max_examples=40, deadline=None)
@given(st.floats(9, 40), st.floats(12, 40))
def test_alignment_marks_are_printed_on_both_pages_of_an_overlap(width_in, height_in):
    grid = TileGrid.for_drawing(width_in * inch, height_in * inch, *PAPERS["letter"])
    for row, column in itertools.product(range(grid.rows), range(grid.columns)):
        wx, wy = grid.window(row, column)
        for x, y in grid.alignment_marks(row, column):
            assert wx <= x <= wx + grid.window_width and wy <= y <= wy + grid.window_height
            neighbours = [(row + dr, column + dc) for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))]
            shared = [n for n in neighbours if 0 <= n[0] < grid.rows and 0 <= n[1] < grid.columns and (x, y) in grid.alignment_marks(*n)]
            assert shared, f"mark {(x, y)} of page {grid.label(row, column)} is on no neighbour"


def test_a_plan_that_fits_is_one_page():
    grid = TileGrid.for_drawing(5 * inch, 7 * inch, *PAPERS["letter"])
    assert (grid.rows, grid.columns) == (1, 1)


def test_packing_keeps_pieces_on_the_page_and_apart():
    pieces = [SheetPiece(square(size), name=str(i)) for i, size in enumerate([2, 2, 0.75, 0.75, 2, 3, 0.5] * 4)]
    width, height = PAPERS["letter"]
    pages = pack(pieces, width, height)
    placed = [p for page in pages for p in page]
    assert len(placed) == len(pieces)
    for page in pages:
        for p in page:
            assert PAGE_MARGIN <= p.x and p.x + p.piece.width <= width - PAGE_MARGIN
            assert PAGE_MARGIN <= p.y and p.y + p.piece.height <= height - PAGE_MARGIN
        for a, b in itertools.combinations(page, 2):
            apart = a.x + a.piece.width <= b.x or b.x + b.piece.width <= a.x or a.y + a.piece.height <= b.y or b.y + b.piece.height <= a.y
            assert apart


def test_a_piece_too_big_for_the_page_is_refused():
    with pytest.raises(ValueError, match="does not fit"):
        pack([SheetPiece(square(12), name="giant")], *PAPERS["letter"])


def test_double_sided_sheets_alternate_fronts_and_mirrored_backs():
    document = PrintAndPlay("a4", "Test", "ppprint", "test")
    pages = document.piece_sheets("Squares", [SheetPiece(square(2), back=square(2), name=str(i)) for i in range(20)], double_sided=True)
    document.tiled_plan("Plan", lambda scale: square(20))
    reader = PdfReader(io.BytesIO(document.finish()))
    assert pages % 2 == 0 and len(reader.pages) > pages
    texts = [page.extract_text() for page in reader.pages]
    assert "backs" in texts[1] and "backs" not in texts[0]
    assert [o.title for o in reader.outline] == ["Squares", "Plan"]


@pytest.mark.parametrize("bleed", [False, True])
def test_crop_marks_and_bleed_stay_inside_the_margins_and_under_the_header(bleed):
    # With --bleed, crop marks once reached up into the sheet's title.
    from ppprint.book.sheets import BLEED, CROP_GAP, CROP_MARK, HEADER

    width, height = PAPERS["letter"]
    pieces = [SheetPiece(square(size), name=str(i)) for i, size in enumerate([2, 0.75, 0.5, 1.8] * 8)]
    reach = CROP_GAP + CROP_MARK + (BLEED if bleed else 0)
    for page in pack(pieces, width, height - HEADER, bleed):
        for p in page:
            assert p.x - reach >= PAGE_MARGIN - 1e-6 and p.x + p.piece.width + reach <= width - PAGE_MARGIN + 1e-6
            assert p.y - reach >= PAGE_MARGIN - 1e-6 and p.y + p.piece.height + reach <= height - HEADER - PAGE_MARGIN + 1e-6


def test_grid_words_are_singular_where_one():
    grid = TileGrid.for_drawing(8.8 * inch, 8.8 * inch, *PAPERS["letter"])
    assert (grid.rows, grid.columns) == (1, 2)
    assert grid.shape() == "2 pages: 1 row of 2 pages"
    assert grid.overlap_words() == f"pages overlap side by side {grid.overlap_x / inch:.1f} in"
