"""Print-and-play PDFs read back: every module builds, pages are bookmarked, fonts embedded, sizes right."""

from __future__ import annotations

import io
import math
from pathlib import Path

import pytest
from pypdf import PdfReader

from ppprint.book.pnp import PnpOptions, build_pnp, game_options, pnp_names
from ppprint.games.sanqi.pnp import pieces_per_type
from ppprint.errors import InputError
from tests.conftest import run_cli


def fonts_of(reader: PdfReader) -> set[str]:
    names = set()
    for page in reader.pages:
        for font in page["/Resources"].get("/Font", {}).values():
            names.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
    return names


@pytest.mark.parametrize("name", pnp_names())
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_pnp_builds_with_bookmarks_and_shipped_fonts(name, paper):
    reader = PdfReader(io.BytesIO(build_pnp(name, PnpOptions(paper))))
    assert len(reader.pages) >= 1
    assert reader.outline, "sections are bookmarked"
    assert reader.metadata.title.endswith("print-and-play")
    assert all(n.startswith("Noto") for n in fonts_of(reader))
    width = {"letter": 612, "a4": 595}[paper]
    assert round(float(reader.pages[0].mediabox.width)) == width


def test_sanqi_small_field_fits_one_page_and_large_one_is_tiled():
    small = PdfReader(io.BytesIO(build_pnp("sanqi", PnpOptions(game=game_options("sanqi", {"size": 4})))))
    large = PdfReader(io.BytesIO(build_pnp("sanqi", PnpOptions(game=game_options("sanqi", {"size": 10})))))
    assert "side 4" in small.outline[1].title  # after the page of credits, contents and how to print
    field_pages_small = small.get_destination_page_number(small.outline[2]) - small.get_destination_page_number(small.outline[1])
    field_pages_large = large.get_destination_page_number(large.outline[2]) - large.get_destination_page_number(large.outline[1])
    assert field_pages_small == 1
    assert field_pages_large >= 4  # an overview and at least three tiles
    assert "overview" in large.pages[1].extract_text()
    assert f"{pieces_per_type(10)} of each type" in large.outline[2].title


def test_sanqi_piece_backs_fold_one_sided_and_pair_up_double_sided():
    # Double-sided, the piece fronts once followed the one-page field, so a duplex printer put them on its back.
    single = PdfReader(io.BytesIO(build_pnp("sanqi", PnpOptions(game=game_options("sanqi", {"size": 4})))))
    double = PdfReader(io.BytesIO(build_pnp("sanqi", PnpOptions(double_sided=True, game=game_options("sanqi", {"size": 4})))))
    assert all("fold here" in page.extract_text() for page in single.pages[2:])  # after the first page and the field
    texts = [page.extract_text() for page in double.pages]
    assert not any("the back of the page before" in text for text in texts)  # the first page and the field make a sheet
    pieces = texts[2:]
    assert len(pieces) % 2 == 0 and pieces
    assert all("fronts" in front and "BACK of sheet" in back for front, back in zip(pieces[::2], pieces[1::2]))


@pytest.mark.parametrize(("pages_before", "blank"), [(1, True), (2, False)])
def test_double_sided_pieces_start_on_a_sheets_front(pages_before: int, blank: bool) -> None:
    """After an odd number of pages, one page says it is the back of the page before, so the fronts print on a
    sheet's front and their backs behind them."""
    from ppprint.book.sheets import PrintAndPlay, SheetPiece
    from ppprint.render.draw import Drawing

    document = PrintAndPlay("letter", "t", "a", "s", double_sided=True)
    for page in range(pages_before):
        document.text_sheet(f"words {page}", ["a paragraph"])
    face = Drawing(36.0, 36.0)
    document.piece_sheets("pieces", [SheetPiece(face, face, name="one")], double_sided=True)
    texts = [page.extract_text() for page in PdfReader(io.BytesIO(document.finish())).pages]
    assert ("the back of the page before" in texts[pages_before]) == blank
    assert "BACK of sheet 1" in texts[-1] and len(texts) % 2 == 0


@pytest.mark.parametrize("size", [3, 31])
def test_sanqi_field_side_out_of_range_is_refused(size):
    with pytest.raises(InputError, match="--size"):
        game_options("sanqi", {"size": size})


def test_cli_pnp_writes_inside_the_output_folder(tmp_path: Path):
    result = run_cli("pnp", "sanqi", "--size", "5", "--out", "sheets", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert [p.name for p in (tmp_path / "sheets").iterdir()] == ["sanqi-pnp-letter.pdf"]
    bad = run_cli("pnp", "chess", cwd=tmp_path)
    assert bad.returncode == 2 and "no print-and-play sheets for 'chess'" in bad.stderr


@pytest.mark.parametrize("name", ["sanqi", "pileup"])
def test_printed_pieces_lie_inside_their_cut_box(name):
    """Crop marks sit at the drawing's edge, so every piece must fill its drawing without spilling over."""
    import importlib

    from ppprint.render.draw import bounds
    from ppprint.render.figure import table_drawing

    module = importlib.import_module(f"ppprint.games.{name}.pnp")
    tables = [module._one_piece(k, "face") for k in "SZX"] if name == "sanqi" else [module.one_piece(o, 10) for o in (0, 1)]
    for table in tables:
        drawing = table_drawing(table, margin=0.0)
        boxes = [box for _, box in bounds(drawing.items)]
        x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
        x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
        assert drawing.width == pytest.approx((table.bounds[2] - table.bounds[0]) * 72, abs=0.5)
        assert -0.5 <= x0 and -0.5 <= y0 and x1 <= drawing.width + 0.5 and y1 <= drawing.height + 0.5
        assert (x1 - x0) > 0.7 * drawing.width  # and the piece is not lost in a wide margin


# -- sheets a designer would publish ----------------------------------------------------------------


def header_clashes(pdf: bytes) -> list[int]:
    """Pages where a sheet's note (8 pt) overprints another text of its header band (the title)."""
    import ctypes
    import itertools

    import pypdfium2
    import pypdfium2.raw as pdfium_c

    from ppprint.book.sheets import HEADER, PAGE_MARGIN

    note_size = 8.0
    clashes = []
    for number, page in enumerate(pypdfium2.PdfDocument(pdf), start=1):
        top = page.get_size()[1]
        texts = []
        for obj in page.get_objects():
            if obj.type == pdfium_c.FPDF_PAGEOBJ_TEXT:
                size = ctypes.c_float()
                pdfium_c.FPDFTextObj_GetFontSize(obj.raw, ctypes.byref(size))
                box = obj.get_bounds()
                if box[1] > top - PAGE_MARGIN - HEADER - 1:
                    texts.append((round(size.value, 1), box))
        notes = [box for size, box in texts if size == note_size]
        # 10 pt, or larger than a title (11 pt): a plan's own labels and pieces, clipped to its window below the header
        others = [box for size, box in texts if size not in (note_size, 10.0) and size <= 11.0]
        if any(a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3] for a, b in itertools.product(notes, others)):
            clashes.append(number)
    return clashes


@pytest.mark.parametrize("name", pnp_names())
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_no_sheet_title_overprints_its_note(name, paper):
    # Piecepackman's long level titles once ran into the page note on 6 of its 15 pages.
    assert header_clashes(build_pnp(name, PnpOptions(paper))) == []


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_piecepackman_level_takes_two_landscape_pages_whose_notes_give_the_true_overlap(paper):
    # Each level took an overview and four portrait pages whose windows overlapped by 4.6 in and 8.9 in.
    from ppprint.book.rulebook import PAPERS
    from ppprint.book.sheets import plan_grid
    from ppprint.games.piecepackman.maze.level import get_level
    from ppprint.games.piecepackman.pnp import plan

    def inches(points: float) -> str:
        return f"{points / 72:.1f} in".replace(".0 in", " in")

    reader = PdfReader(io.BytesIO(build_pnp("piecepackman", PnpOptions(paper))))
    starts = [reader.get_destination_page_number(item) for item in reader.outline[1:]] + [len(reader.pages)]  # after the first page
    assert all(b - a == 3 for a, b in zip(starts, starts[1:]))  # an overview and two pages a level
    text = "\n".join(page.extract_text() for page in reader.pages)
    grid, landscape = plan_grid(plan(get_level("roundabout")), *PAPERS[paper])
    assert landscape and (grid.rows, grid.columns) == (2, 1)
    assert all(float(reader.pages[n].mediabox.width) > float(reader.pages[n].mediabox.height) for n in (starts[0] + 1, starts[0] + 2))
    overlap_y = grid.window(1, 0)[1] + grid.window_height - grid.window(0, 0)[1]
    assert grid.overlap_y == pytest.approx(overlap_y) and overlap_y >= 0.5 * 72
    assert f"overlaps A1 by {inches(overlap_y)} (top edge)" in text
    assert f"pages overlap top to bottom {inches(overlap_y)}" in text


def test_the_pile_up_board_fits_one_letter_page_and_tiles_on_a4():
    letter = PdfReader(io.BytesIO(build_pnp("pileup", PnpOptions("letter"))))
    board_pages = letter.get_destination_page_number(letter.outline[2]) - letter.get_destination_page_number(letter.outline[1])
    assert board_pages == 1 and "overview" not in letter.pages[1].extract_text()  # after the first page
    assert "margins of 0.25 in or less" in letter.pages[1].extract_text()
    a4 = PdfReader(io.BytesIO(build_pnp("pileup", PnpOptions("a4"))))
    overview = a4.pages[1].extract_text()
    assert "2 pages: 1 row of 2 pages" in overview and "1 rows" not in overview


def test_piecepackman_plans_show_the_board_walls_house_starts_and_coins_only():
    from ppprint.games.piecepackman.engine import GAME
    from ppprint.games.piecepackman.maze.level import get_level, shipped_level_ids
    from ppprint.games.piecepackman.view import VIEW
    from ppprint.model.table import Highlight, Label

    for level_id in shipped_level_ids():
        level = get_level(level_id)
        table = VIEW.table(GAME.start_of(level, 0), VIEW.options({"plan": True}))
        kinds = sorted({p.kind for p in table.pieces})
        assert kinds == ["coin", "matchstick", "tile"], (level_id, kinds)
        assert sum(p.kind == "coin" for p in table.pieces) == 4
        labels = {m.text: m.at for m in table.marks if isinstance(m, Label)}
        assert set(labels) == {"Suns", "Moons", "Crowns", "Arms", "start"}
        assert sum(isinstance(m, Highlight) for m in table.marks) == len(level.ghost_house)
        start = level.piecepackman_start
        assert labels["start"] == (start[0] + 0.5, start[1] + 0.5)


# -- any game with a view: the board at true size and the pieces of its setup ------------------------------


@pytest.fixture(scope="module")
def designer_game(tmp_path_factory):
    """A game a designer just wrote with ``ppprint new`` (its own id), in a registry of its own."""
    from ppprint.scaffold import create_game

    folder = tmp_path_factory.mktemp("designer")
    create_game(folder, "my-race")
    return folder


@pytest.fixture
def designer_registry(designer_game, monkeypatch):
    from ppprint import registry as registry_module
    from ppprint.registry import Registry

    monkeypatch.setattr(registry_module, "_current", Registry(folders=[designer_game], bundled=False))
    return designer_game


def sections_of(pdf: bytes) -> dict[str, int]:
    reader = PdfReader(io.BytesIO(pdf))
    return {item.title: reader.get_destination_page_number(item) for item in reader.outline}


def test_a_designers_game_is_listed_and_prints_its_board_at_true_size(designer_registry):
    import pypdfium2
    import pypdfium2.raw as pdfium_c

    assert pnp_names() == ("my-race", "piecepack")
    pdf = build_pnp("my-race", PnpOptions("letter"))
    sections = sections_of(pdf)
    board_page = pypdfium2.PdfDocument(pdf)[sections["My Race board (6 x 6 in, true size)"]]
    tiles = []
    for obj in board_page.get_objects():
        if obj.type == pdfium_c.FPDF_PAGEOBJ_PATH:
            left, bottom, right, top = obj.get_bounds()
            if right - left > 100 and top - bottom > 100:  # a tile (2 in and its outline), not a grid line
                tiles.append(((left + right) / 2, (bottom + top) / 2))
    assert len(tiles) == 9
    xs, ys = sorted({round(x, 1) for x, _ in tiles}), sorted({round(y, 1) for _, y in tiles})
    # Three columns and rows of tiles 2 in apart, centre to centre: the 6 in board, to 0.01 in.
    assert len(xs) == len(ys) == 3
    for centres in (xs, ys):
        assert all(abs(b - a - 2 * 72) <= 0.72 for a, b in zip(centres, centres[1:])), centres
        assert abs(centres[-1] - centres[0] + 2 * 72 - 6 * 72) <= 0.72


def test_a_designers_game_prints_the_pieces_of_its_setup_with_its_credits(designer_registry):
    import pypdfium2

    from tests.test_piecepack_kit import assert_size, marks, piece_sizes

    pdf = build_pnp("my-race", PnpOptions("letter"))
    sections = sections_of(pdf)
    document = pypdfium2.PdfDocument(pdf)
    pieces = document[sections["My Race pieces: the 12 of the setup"]]
    widths, heights = piece_sizes(pieces)
    assert_size(widths, 0.75 + 2 * 0.02)  # coins, cut 0.02 in outside the disc
    assert_size(heights, 0.75 + 2 * 0.02)
    xs, ys = marks(pieces)
    # 7 coins on the first row, 5 on the second, and their backs folded below them: 12 pieces
    assert len(ys) == 8 and len(xs) == 14
    words = " ".join(document[sections["My Race: print-and-play"]].get_textpage().get_text_range().split())
    assert "6 coin suns back, 6 coin moons back" in words
    assert "My Race © 20" in words and "CC BY 4.0" in words and "The piecepack is a public domain game system invented by James “Kyle” Droscha" in words
    assert "'ppprint pnp piecepack' prints the whole piecepack kit" in words


def test_a_games_pnp_adds_to_the_standard_sheets(tmp_path, monkeypatch):
    from ppprint import registry as registry_module
    from ppprint.registry import Registry
    from ppprint.scaffold import create_game

    create_game(tmp_path, "score-race")
    (tmp_path / "score-race" / "pnp.py").write_text(
        "from pydantic import BaseModel\n\n\nclass Options(BaseModel):\n    rounds: int = 3\n\n\n"
        "def extra_sections(document, options):\n"
        "    document.text_sheet('Score pad', ['Round'] * options.game.rounds)\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(registry_module, "_current", Registry(folders=[tmp_path], bundled=False))
    pdf = build_pnp("score-race", PnpOptions("letter", game=game_options("score-race", {"rounds": 2})))
    assert list(sections_of(pdf)) == ["Score Race: print-and-play", "Score Race board (6 x 6 in, true size)", "Score Race pieces: the 12 of the setup", "Score pad"]


def test_cli_pnp_prints_a_designers_game_and_refuses_one_without_a_view_in_one_line(designer_game, tmp_path):
    import shutil

    games = tmp_path / "games"
    shutil.copytree(designer_game / "my-race", games / "my-race", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(designer_game / "my-race", games / "no-view", ignore=shutil.ignore_patterns("__pycache__"))
    (games / "no-view" / "view.py").unlink()
    result = run_cli("pnp", "my-race", "--out", "sheets", cwd=tmp_path, games=games)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "sheets" / "my-race-pnp-letter.pdf").is_file()
    bad = run_cli("pnp", "no-view", cwd=tmp_path, games=games)
    assert bad.returncode == 2
    assert len(bad.stderr.strip().splitlines()) == 1
    assert "game 'no-view' has no view to draw its board" in bad.stderr and "add view.py" in bad.stderr


def test_a_folded_back_lies_exactly_behind_its_front():
    """Folded on its dashes, each SanQi triangle's back covers its front (a gutter fold prints backs upside down;
    drawn upright, a triangle's back pointed down behind a front pointing up)."""
    import pypdfium2

    from ppprint.book.sheets import HEADER

    pdf = pypdfium2.PdfDocument(build_pnp("sanqi", PnpOptions(game=game_options("sanqi", {"size": 4}))))
    dpi = 72
    page = next(page for page in pdf if "fold here" in page.get_textpage().get_text_range())
    image = page.render(scale=dpi / 72).to_pil().convert("RGB")
    fold = (page.get_height() - (page.get_height() - HEADER) / 2) * dpi / 72  # the fold, in pixels from the top
    pixels = image.load()
    red = {(x, y) for y in range(image.height) for x in range(image.width) if _red(pixels[x, y])}
    front = {(x, y) for x, y in red if y < fold}
    back = {(x, math.floor(2 * fold - y - 0.5)) for x, y in red if y > fold}  # each pixel's centre folded over
    assert front and back
    covered = len(front & back) / len(front)  # the front's red (its white character left out) with red behind it
    assert covered > 0.9, f"the backs cover {covered:.0%} of the fronts they fold onto"


def _red(pixel: tuple[int, int, int]) -> bool:
    r, g, b = pixel
    return r > 150 and g < 110 and b < 110


@pytest.mark.parametrize("double_sided", [False, True])
@pytest.mark.parametrize("name", ["sanqi", "pileup", "piecepackman"])
def test_a_games_own_sheets_open_with_its_credits_and_their_pages(name: str, double_sided: bool) -> None:
    """A game whose pnp.py draws its own sheets gets a first page: credits, licence, how to print, and what is on
    which page, matching the bookmarks (these files had no first page)."""
    reader = PdfReader(io.BytesIO(build_pnp(name, PnpOptions(double_sided=double_sided))))
    first = " ".join(reader.pages[0].extract_text().split())
    assert first.startswith(f"{reader.outline[0].title} ") and "Licence:" in first and "Print at 100%" in first
    assert "The game is played with: " in first and ("'ppprint pnp piecepack'" in first) == (name == "piecepackman")
    starts = [(item.title, reader.get_destination_page_number(item) + 1) for item in reader.outline[1:]]
    ends = [start - 1 for _, start in starts[1:]] + [len(reader.pages)]
    for (title, start), end in zip(starts, ends):
        pages = f"page {start}" if start == end else f"pages {start}-{end}"
        assert f"{' '.join(title.split())}, {pages}" in first, (title, pages, first)
