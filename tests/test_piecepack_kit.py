"""The piecepack kit read back: crop marks give every piece's true size to 0.01 in; die faces measured too."""

from __future__ import annotations

import shutil

import ctypes
import io
from pathlib import Path

import pypdfium2
import pypdfium2.raw as pdfium_c
import pytest
from pypdf import PdfReader

from ppprint.book.pnp import PnpOptions, build_pnp
from ppprint import registry as registry_module
from ppprint.book.pnp.piecepack import TAB_DEPTH, matchstick_counts
from ppprint.registry import Registry
from tests.conftest import BUNDLED_GAMES
from ppprint.book.sheets import CROP_MARK

INCH = 72.0
TOLERANCE = 0.01 * INCH


def marks(page) -> tuple[list[float], list[float]]:
    """x of every vertical crop mark and y of every horizontal one on a page, in points."""
    xs, ys = [], []
    for obj in page.get_objects():
        if obj.type != pdfium_c.FPDF_PAGEOBJ_PATH:
            continue
        left, bottom, right, top = obj.get_bounds()
        if right - left < 1 and abs(top - bottom - CROP_MARK) < 1:
            xs.append(round((left + right) / 2, 2))
        if top - bottom < 1 and abs(right - left - CROP_MARK) < 1:
            ys.append(round((top + bottom) / 2, 2))
    return sorted(set(xs)), sorted(set(ys))


def piece_sizes(page) -> tuple[set[float], set[float]]:
    """Widths and heights of the pieces on a page: the vertical crop marks of one shelf (one height) pair up
    left and right, the horizontal ones of one column (one x) bottom and top, so pieces of several sizes may
    share the page."""
    shelves: dict[float, list[float]] = {}
    columns: dict[float, list[float]] = {}
    for obj in page.get_objects():
        if obj.type != pdfium_c.FPDF_PAGEOBJ_PATH:
            continue
        left, bottom, right, top = obj.get_bounds()
        if right - left < 1 and abs(top - bottom - CROP_MARK) < 1:
            shelves.setdefault(round((top + bottom) / 2), []).append(round((left + right) / 2, 2))
        if top - bottom < 1 and abs(right - left - CROP_MARK) < 1:
            columns.setdefault(round((left + right) / 2), []).append(round((top + bottom) / 2, 2))
    sizes = []
    for groups in (shelves, columns):
        found = set()
        for edges in groups.values():
            edges = sorted(set(edges))
            assert len(edges) % 2 == 0, edges
            found |= {round(edges[i + 1] - edges[i], 2) for i in range(0, len(edges), 2)}
        sizes.append(found)
    assert sizes[0] and sizes[1]
    return sizes[0], sizes[1]


@pytest.fixture(scope="module")
def kit():
    pdf = build_pnp("piecepack", PnpOptions("letter"))
    reader = PdfReader(io.BytesIO(pdf))
    sections = [(item.title, reader.get_destination_page_number(item)) for item in reader.outline]
    return pypdfium2.PdfDocument(pdf), sections, len(reader.pages)


def pages_of(kit, word: str) -> list[int]:
    document, sections, total = kit
    starts = [start for _, start in sections] + [total]
    for index, (title, start) in enumerate(sections):
        if word in title:
            return list(range(start, starts[index + 1]))
    raise AssertionError(f"no section '{word}' in {sections}")


def assert_size(sizes: set[float], *inches: float) -> None:
    assert len(sizes) == len(inches) and all(any(abs(size - i * INCH) <= TOLERANCE for size in sizes) for i in inches), (sizes, inches)


@pytest.mark.parametrize(("word", "widths", "heights"), [("tiles", [2.0], [2.0]), ("coins", [0.75], [0.75]), ("dice and pawns", [1.5, 0.5], [2.0 + TAB_DEPTH, 2 * (7 / 8 + 3 / 8)])])
def test_pieces_are_true_size(kit, word, widths, heights):
    for number in pages_of(kit, word):
        found_widths, found_heights = piece_sizes(kit[0][number])
        assert_size(found_widths, *widths)
        assert_size(found_heights, *heights)


def test_die_faces_are_half_an_inch(kit):
    page = kit[0][pages_of(kit, "dice and pawns")[0]]
    squares = []
    for obj in page.get_objects():
        if obj.type == pdfium_c.FPDF_PAGEOBJ_PATH:
            left, bottom, right, top = obj.get_bounds()
            # pdfium pads a stroked path's bounds by its stroke width on each side.
            fill, stroke, width = ctypes.c_int(), ctypes.c_int(), ctypes.c_float()
            pdfium_c.FPDFPath_GetDrawMode(obj.raw, ctypes.byref(fill), ctypes.byref(stroke))
            pdfium_c.FPDFPageObj_GetStrokeWidth(obj.raw, ctypes.byref(width))
            pad = 2 * width.value if stroke.value else 0.0
            if abs(right - left - 36) < 3 and abs(top - bottom - 36) < 3:
                squares.append((right - left - pad, top - bottom - pad))
    assert len(squares) == 2 * 6 * 4  # each face of the four nets: its paper, and its dashed fold outline
    assert all(abs(w - 0.5 * INCH) <= TOLERANCE and abs(h - 0.5 * INCH) <= TOLERANCE for w, h in squares)


def test_every_piece_is_there(kit):
    document, sections, _ = kit
    titles = " | ".join(title for title, _ in sections)
    counts = matchstick_counts()
    assert f"{counts['three']} 3-sticks" in titles and f"{counts['ace']} ace sticks" in titles
    tiles = sum(crop_marked(document[n]) for n in pages_of(kit, "tiles"))
    assert tiles == 2 * 24  # one-sided: each front and, folded under it, its back
    for number in pages_of(kit, "3-sticks"):  # the sticks and the cubes share a sheet
        widths, heights = piece_sizes(document[number])
        assert_size(widths, 3 / 16, 3 / 8)
        assert_size(heights, 1 + 13 / 16, 13 / 16, 3 / 8)


def crop_marked(page) -> int:
    """How many pieces a page cuts out: each has four vertical crop marks (two at its top, two at its bottom)."""
    found = 0
    for obj in page.get_objects():
        if obj.type == pdfium_c.FPDF_PAGEOBJ_PATH:
            left, bottom, right, top = obj.get_bounds()
            found += right - left < 1 and abs(top - bottom - CROP_MARK) < 1
    return found // 4


def test_matchstick_counts_take_the_largest_budget_and_none_without_a_game_that_asks(tmp_path: Path, monkeypatch):
    # The shipped levels' budgets are (three, ace) = (20, 23), (24, 12), (22, 18).
    assert matchstick_counts() == {"three": 24, "ace": 23}
    shutil.copytree(BUNDLED_GAMES / "expansion", tmp_path / "expansion", ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(registry_module, "_current", Registry(folders=[tmp_path], bundled=False))
    assert matchstick_counts() == {"three": 0, "ace": 0}


def test_double_sided_backs_mirror_the_fronts(kit):
    pdf = build_pnp("piecepack", PnpOptions("a4", double_sided=True, bleed=True))
    document = pypdfium2.PdfDocument(pdf)
    width = document[0].get_size()[0]
    tiles = PdfReader(io.BytesIO(pdf)).outline[2]
    assert "tiles" in tiles.title
    first = PdfReader(io.BytesIO(pdf)).get_destination_page_number(tiles)
    assert first % 2 == 0  # a sheet's front
    front_x, front_y = marks(document[first])
    back_x, back_y = marks(document[first + 1])
    assert back_y == front_y
    assert back_x == sorted(round(width - x, 2) for x in front_x)
    assert "backs" in document[first + 1].get_textpage().get_text_range()


def fill_colours(page) -> set[tuple[int, int, int]]:
    """The fill colours of the filled paths of a page (0-255 RGB)."""
    found = set()
    for obj in page.get_objects():
        if obj.type == pdfium_c.FPDF_PAGEOBJ_PATH:
            r, g, b, a = ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint()
            if pdfium_c.FPDFPageObj_GetFillColor(obj.raw, ctypes.byref(r), ctypes.byref(g), ctypes.byref(b), ctypes.byref(a)):
                found.add((r.value, g.value, b.value))
    return found


def rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def test_the_energy_cubes_are_printed_six_of_each_suit(kit):
    # Piecepackman needs 24 energy cubes; once they were printed nowhere, neither by the game nor by the kit.
    from ppprint.book.pnp.piecepack import extra_counts
    from ppprint.render.palette import SUIT_COLOURS

    assert extra_counts()["cube"] == 24
    document, sections, _ = kit
    assert any("24 energy cubes (3/8 in; 6 of each suit)" in title for title, _ in sections)
    pages = pages_of(kit, "energy cubes")
    assert len(pages) == 1  # with the matchsticks: before, the sticks of each length and the cubes took a sheet each
    count = sum(crop_marked(document[n]) for n in pages)
    sticks = matchstick_counts()
    assert count == 24 + sticks["three"] + sticks["ace"]  # a cube's or stick's back is its front: printed once, one-sided
    for number in pages:
        assert {rgb(c) for c in SUIT_COLOURS.values()} <= fill_colours(document[number])


def test_matchsticks_are_printed_in_the_suit_colours_the_levels_are_drawn_in(kit):
    # The sticks were once all grey; the kit now prints them in the suits' colours, the suits in turn within
    # each length, which is how the view colours every level's sticks: one printed set builds each level as drawn.
    from collections import Counter

    from ppprint.render.palette import SUIT_COLOURS

    document, _, _ = kit
    for word in ("3-sticks", "ace sticks"):
        for number in pages_of(kit, word):
            assert {rgb(c) for c in SUIT_COLOURS.values()} <= fill_colours(document[number])
    from ppprint.book.pnp.piecepack import in_turn
    from ppprint.games.piecepackman.maze.level import get_level, shipped_level_ids
    from ppprint.games.piecepackman.view import stick_suits

    counts = matchstick_counts()
    printed = {2: Counter(in_turn(counts["three"])), 1: Counter(in_turn(counts["ace"]))}
    for level_id in shipped_level_ids():
        sticks = get_level(level_id).sticks
        needed = Counter((stick.span, suit) for stick, suit in zip(sticks, stick_suits(sticks)))
        for (span, suit), number in needed.items():
            assert number <= printed[span][suit], (level_id, span, suit)


def test_coins_bleed_as_a_larger_disc():
    # With --bleed, tiles bled but coins did not; a coin bleeds as a disc 1/8 in wider all round.
    pdf = build_pnp("piecepack", PnpOptions("letter", bleed=True))
    document = pypdfium2.PdfDocument(pdf)
    reader = PdfReader(io.BytesIO(pdf))
    starts = [reader.get_destination_page_number(item) for item in reader.outline]
    first = next(n for n, item in enumerate(reader.outline) if "coins" in item.title)
    discs = 0
    for number in range(starts[first], starts[first + 1]):
        for obj in document[number].get_objects():
            if obj.type == pdfium_c.FPDF_PAGEOBJ_PATH:
                left, bottom, right, top = obj.get_bounds()
                fill, stroke = ctypes.c_int(), ctypes.c_int()
                pdfium_c.FPDFPath_GetDrawMode(obj.raw, ctypes.byref(fill), ctypes.byref(stroke))
                if abs(right - left - INCH) < 1.5 and abs(top - bottom - INCH) < 1.5 and not stroke.value:  # not the check square
                    discs += 1
    assert discs == 2 * 24  # fronts, and the backs folded under them
