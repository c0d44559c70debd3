"""Print-and-play PDFs read back: every module builds, pages are bookmarked, fonts embedded, sizes right."""

from __future__ import annotations

import io
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
    assert "side 4" in small.outline[0].title
    field_pages_small = small.get_destination_page_number(small.outline[1]) - small.get_destination_page_number(small.outline[0])
    field_pages_large = large.get_destination_page_number(large.outline[1]) - large.get_destination_page_number(large.outline[0])
    assert field_pages_small == 1
    assert field_pages_large >= 4  # an overview and at least three tiles
    assert "overview" in large.pages[0].extract_text()
    assert f"{pieces_per_type(10)} of each type" in large.outline[1].title


def test_sanqi_double_sided_doubles_the_piece_sheets():
    single = PdfReader(io.BytesIO(build_pnp("sanqi", PnpOptions(game=game_options("sanqi", {"size": 4})))))
    double = PdfReader(io.BytesIO(build_pnp("sanqi", PnpOptions(double_sided=True, game=game_options("sanqi", {"size": 4})))))
    sheets = len(single.pages) - 1
    assert len(double.pages) - 1 == 2 * sheets


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
