"""Print-and-play sheets as a home printer gets them: backs in every mode, bleed per side, nothing on the cut,
a check square, print hints, registration crosses with bleed, no blank pages."""

from __future__ import annotations

import ctypes
import io

import pypdfium2
import pypdfium2.raw as pdfium_c
import pytest
from pypdf import PdfReader

from ppprint.book.pnp import PnpOptions, build_pnp, pnp_names
from ppprint.render.palette import SUIT_COLOURS
from ppprint.render.pieces.piecepack import BODY_FILL, GRID_FILL
from tests.pdfcheck import page_marks

INCH = 72.0
TILE, COIN = 2 * INCH, 0.75 * INCH


def rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def filled(page) -> list[tuple[tuple[int, int, int], tuple[float, float, float, float]]]:
    """The fill colour (0-255 RGB) and box of every filled path of a page."""
    found = []
    for obj in page.get_objects():
        if obj.type != pdfium_c.FPDF_PAGEOBJ_PATH:
            continue
        fill, stroke = ctypes.c_int(), ctypes.c_int()
        pdfium_c.FPDFPath_GetDrawMode(obj.raw, ctypes.byref(fill), ctypes.byref(stroke))
        r, g, b, a = ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint()
        if fill.value and pdfium_c.FPDFPageObj_GetFillColor(obj.raw, ctypes.byref(r), ctypes.byref(g), ctypes.byref(b), ctypes.byref(a)):
            found.append(((r.value, g.value, b.value), obj.get_bounds()))
    return found


def sized(box: tuple[float, float, float, float], size: float, slack: float = 2.0) -> bool:
    return abs(box[2] - box[0] - size) < slack and abs(box[3] - box[1] - size) < slack


def inside(inner: tuple[float, float, float, float], outer: tuple[float, float, float, float]) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def backs(pdf: bytes) -> tuple[int, int]:
    """Tile backs (a 2 in square of the grid side's colour) and coin backs (a coin with a suit symbol in it)."""
    suits = {rgb(c) for c in SUIT_COLOURS.values()}
    tiles = coins = 0
    for page in pypdfium2.PdfDocument(pdf):
        paths = filled(page)
        tiles += sum(colour == rgb(GRID_FILL) and sized(box, TILE) for colour, box in paths)
        discs = [box for colour, box in paths if colour == rgb(BODY_FILL) and sized(box, COIN)]
        symbols = [box for colour, box in paths if colour in suits and box[2] - box[0] < COIN * 0.8]
        coins += sum(any(inside(symbol, disc) for symbol in symbols) for disc in discs)
    return tiles, coins


@pytest.mark.parametrize("options", [PnpOptions("letter"), PnpOptions("a4", bleed=True), PnpOptions("letter", double_sided=True)], ids=["one-sided", "one-sided-bleed", "duplex"])
def test_every_tile_and_coin_has_a_back(options):
    # The one-sided kit, the default, once printed no backs at all: tiles without a grid, coins without a suit.
    assert backs(build_pnp("piecepack", options)) == (24, 24)


def test_a_tile_back_bleeds_in_the_grid_sides_colour():
    # The bleed round a grid back was the value side's cream, so a duplex drift showed a pale band.
    pdf = build_pnp("piecepack", PnpOptions("letter", double_sided=True, bleed=True))
    bleed = TILE + 2 * 0.125 * INCH
    for number, page in enumerate(pypdfium2.PdfDocument(pdf)):
        colours = {colour for colour, box in filled(page) if sized(box, bleed)}
        assert colours <= {rgb(BODY_FILL), rgb(GRID_FILL)}
        if colours:
            assert colours == {rgb(GRID_FILL) if number % 2 else rgb(BODY_FILL)}, number  # backs on the even pages


@pytest.mark.parametrize("bleed", [False, True])
def test_no_stroke_lies_on_a_cut_line(bleed):
    # A 1.5 pt outline sat exactly on every tile's and coin's cut line.
    pdf = build_pnp("piecepack", PnpOptions("letter", bleed=bleed))
    for marks in page_marks(pdf):
        for stroke in marks.strokes:
            assert not any(sized(stroke.at, size, 0.5) for size in (TILE, COIN)), stroke


def check_squares(pdf: bytes) -> list[int]:
    """For each page, how many stroked squares 1 in wide (to 0.01 in) it prints."""
    return [sum(sized(stroke.at, INCH, 0.01 * INCH) for stroke in marks.strokes) for marks in page_marks(pdf)]


ALL = [(name, PnpOptions("letter")) for name in pnp_names()] + [("piecepack", PnpOptions("a4", double_sided=True, bleed=True))]


@pytest.mark.parametrize(("name", "options"), ALL, ids=[f"{n}-{o.paper}{'-duplex' if o.double_sided else ''}" for n, o in ALL])
def test_every_page_has_a_check_square_and_the_pdf_asks_for_100_percent(name, options):
    pdf = build_pnp(name, options)
    reader = PdfReader(io.BytesIO(pdf))
    preferences = reader.trailer["/Root"]["/ViewerPreferences"]
    assert preferences["/PrintScaling"] == "/None"
    assert preferences["/Duplex"] == ("/DuplexFlipLongEdge" if options.double_sided else "/Simplex")
    squares = check_squares(pdf)
    for number, page in enumerate(reader.pages):
        text = " ".join(page.extract_text().split())
        if "the back of the page before" in text:
            continue  # a duplex sheet's blank back (never in the kit)
        assert squares[number] >= 1, f"page {number + 1} has no check square"
        assert "1 in / 25.4 mm: measure to check the print scale" in text, number


def test_the_duplex_kit_has_no_blank_page_and_ends_on_its_one_sided_sheet():
    # Dice and pawns took a sheet each, and their backs were blank pages with crop marks.
    pdf = build_pnp("piecepack", PnpOptions("letter", double_sided=True))
    reader = PdfReader(io.BytesIO(pdf))
    for number, page in enumerate(pypdfium2.PdfDocument(pdf)):
        words = page.get_textpage().get_text_range()
        assert len(filled(page)) > 1 or len(words) > 500, f"page {number + 1} prints nothing but marks"
    last = reader.outline[-1]
    assert "dice and pawns" in last.title and reader.get_destination_page_number(last) == len(reader.pages) - 1


def registration_circles(page) -> list[tuple[float, float]]:
    """The centres of the circles of a page's registration crosses (0.096 in across, stroked, not filled)."""
    boxes = []
    for obj in page.get_objects():
        if obj.type == pdfium_c.FPDF_PAGEOBJ_PATH:
            fill, stroke = ctypes.c_int(), ctypes.c_int()
            pdfium_c.FPDFPath_GetDrawMode(obj.raw, ctypes.byref(fill), ctypes.byref(stroke))
            if stroke.value and not fill.value:
                boxes.append(obj.get_bounds())
    return sorted((round((b[0] + b[2]) / 2, 2), round((b[1] + b[3]) / 2, 2)) for b in boxes if sized(b, 0.096 * INCH, 1.0))


@pytest.mark.parametrize("double_sided", [False, True])
def test_bleed_sheets_carry_registration_crosses_where_both_sides_meet(double_sided):
    plain = build_pnp("piecepack", PnpOptions("letter", double_sided=double_sided))
    assert all(registration_circles(page) == [] for page in pypdfium2.PdfDocument(plain))
    document = pypdfium2.PdfDocument(build_pnp("piecepack", PnpOptions("letter", double_sided=double_sided, bleed=True)))
    width = document[0].get_size()[0]
    for page in list(document)[2 if double_sided else 1 :]:  # the sheets of pieces
        circles = registration_circles(page)
        assert len(circles) == 4
        assert sorted((round(width - x, 2), y) for x, y in circles) == circles  # mirrored left to right, they meet
        middle = (circles[0][1] + circles[1][1]) / 2
        assert sorted((x, round(2 * middle - y, 2)) for x, y in circles) == circles  # and folded about the middle


@pytest.mark.parametrize("double_sided", [False, True])
def test_the_kit_opens_with_what_to_print_how_and_what_each_game_needs(double_sided):
    # No sheet said what to print, how to cut and fold, or which pieces a game needs.
    from ppprint.book.pnp.options import equipment_needs
    from ppprint.book.pnp.piecepack import KIT_WORDS
    from ppprint.registry import registry

    reader = PdfReader(io.BytesIO(build_pnp("piecepack", PnpOptions("a4", double_sided=double_sided))))
    first = " ".join(" ".join(page.extract_text() for page in reader.pages[: 2 if double_sided else 1]).split())
    assert "A4" in first and "Print at 100%" in first and "check square" in first
    assert ("flipping on the long edge" in first) == double_sided and ("fold each such sheet" in first.lower()) != double_sided
    assert "Dice: cut round the net" in first and "Pawns:" in first
    for game in registry().plugins():
        assert game.data.meta.title in first, game.id
    for game in ("Expansion", "Piecepackman", "Siege by Number"):
        meta = next(p.data.meta for p in registry().plugins() if p.data.meta.title == game)
        assert f"licence: {meta.licence.name}" in first
    for kind, count in equipment_needs().items():
        assert f"{count} {KIT_WORDS[kind]}" in first
    assert "invented by James “Kyle” Droscha in 2001" in first
    assert [item.title for item in reader.outline][0].startswith("Piecepack print-and-play: what to print and how")


@pytest.mark.parametrize("paper", ["a5", "4x6"])
@pytest.mark.parametrize("double_sided", [False, True])
def test_small_papers_print_every_piece_and_back_inside_the_page(paper, double_sided):
    # Only Letter and A4 were offered; the piecepack tools print A5 and 4 x 6 in too.
    from tests.pdfcheck import violations

    pdf = build_pnp("piecepack", PnpOptions(paper, double_sided=double_sided))
    assert backs(pdf) == (24, 24)
    reader = PdfReader(io.BytesIO(pdf))
    width, height = (float(v) for v in reader.pages[0].mediabox[2:])
    assert (round(width / INCH, 2), round(height / INCH, 2)) == {"a5": (5.83, 8.27), "4x6": (4.0, 6.0)}[paper]
    squares = check_squares(pdf)
    assert all(squares), squares
    assert violations(pdf) == []
    for marks in page_marks(pdf):
        for found in marks.strokes:
            x0, y0, x1, y1 = found.at
            assert 0 <= x0 and x1 <= width and 0 <= y0 and y1 <= height, found
    for number, page in enumerate(pypdfium2.PdfDocument(pdf)):
        text = page.get_textpage()
        for index in range(text.count_chars()):
            left, bottom, right, top = text.get_charbox(index)
            assert 0 <= left and right <= width and 0 <= bottom and top <= height, (number, text.get_text_range()[:80])
    if paper == "4x6" and not double_sided:  # a tile is too tall for half a 4 x 6 card: its back follows, to feed back in
        assert "feed sheet 1 back in" in " ".join(page.extract_text() for page in reader.pages)


def test_cli_pnp_takes_the_small_papers(tmp_path):
    from tests.conftest import run_cli

    result = run_cli("pnp", "piecepack", "--paper", "4x6", "--out", "sheets", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    reader = PdfReader(str(tmp_path / "sheets" / "piecepack-pnp-4x6.pdf"))
    assert [round(float(v) / INCH, 2) for v in reader.pages[0].mediabox[2:]] == [4.0, 6.0]
