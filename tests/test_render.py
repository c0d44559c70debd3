"""Figures: one drawing painted as PDF and written as self-contained SVG, true size, shipped fonts, PNG export."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET

import pytest
from PIL import Image
from pypdf import PdfReader

from ppprint.registry import get_game, registry
from ppprint.render.draw import Group
from ppprint.render.figure import figure_bytes, render_figure
from ppprint.render.palette import MARK_COLOURS
from ppprint.verify import verify_game

SVG = "{http://www.w3.org/2000/svg}"
SHIPPED = {"NotoSans-Regular", "NotoSans-Bold", "NotoSerif-Regular", "NotoSerif-Bold"}


def all_figures():
    for game_id in registry().ids():
        for figure_id in get_game(game_id).data.figures:
            yield game_id, figure_id


@pytest.fixture(scope="module")
def checked():
    return {game_id: verify_game(get_game(game_id)) for game_id in registry().ids()}


def figure(checked, game_id: str, figure_id: str):
    return render_figure(get_game(game_id).require_view(), checked[game_id].figures[figure_id])


def count(items) -> int:
    return sum(count(item.items) if isinstance(item, Group) else 1 for item in items)


@pytest.mark.parametrize(("game_id", "figure_id"), list(all_figures()))
def test_every_figure_is_the_same_drawing_in_svg_and_pdf(checked, game_id, figure_id):
    drawing = figure(checked, game_id, figure_id)
    svg = figure_bytes(drawing, "svg").decode()
    root = ET.fromstring(svg)  # well-formed
    assert root.find(f"{SVG}title").text == checked[game_id].figures[figure_id].figure.caption
    assert len(root.findall(f".//{SVG}path")) == count(drawing.items)
    assert "<text" not in svg and "font-family" not in svg and "href" not in svg  # self-contained
    assert svg.count("<g") == svg.count("</g>")
    reader = PdfReader(io.BytesIO(figure_bytes(drawing, "pdf")))
    fonts = {str(f.get_object()["/BaseFont"]).split("+")[-1] for f in reader.pages[0]["/Resources"].get("/Font", {}).values()}
    assert fonts <= SHIPPED, fonts


def test_figures_are_true_size():
    # The setup board is 3 tiles of 2 in, plus coordinates and margins: a drawing at 1:1 scale.
    drawing = render_figure(get_game("expansion").require_view(), verify_game(get_game("expansion")).figures["setup"])
    assert drawing.width == pytest.approx((6 + 0.5 + 2 * 0.15) * 72, abs=0.5)
    assert drawing.height == pytest.approx((6 + 0.5 + 2 * 0.15) * 72, abs=0.5)
    svg = figure_bytes(drawing, "svg").decode()
    assert f'width="{drawing.width / 72:.4f}in"' in svg


def test_png_shows_legal_and_illegal_arrows():
    report = verify_game(get_game("expansion"))
    drawing = render_figure(get_game("expansion").require_view(), report.figures["movement"])
    png = figure_bytes(drawing, "png", dpi=60)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.size[0] == pytest.approx(drawing.width * 60 / 72, abs=1.5)
    assert image.size[1] == pytest.approx(drawing.height * 60 / 72, abs=1.5)
    colours = {colour: count for count, colour in image.getcolors(maxcolors=1 << 24)}

    def near(target):
        return sum(n for c, n in colours.items() if all(abs(a - b) < 30 for a, b in zip(c, target)))

    def rgb(hex_colour: str) -> tuple[int, int, int]:
        return int(hex_colour[1:3], 16), int(hex_colour[3:5], 16), int(hex_colour[5:7], 16)

    assert near(rgb(MARK_COLOURS["legal"])) > 50
    assert near(rgb(MARK_COLOURS["illegal"])) > 50


def test_pdf_figure_is_one_page_with_vector_content():
    report = verify_game(get_game("expansion"))
    pdf = figure_bytes(render_figure(get_game("expansion").require_view(), report.figures["setup"]), "pdf")
    assert pdf.startswith(b"%PDF")
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 1
    content = reader.pages[0].get_contents().get_data()
    assert len(re.findall(rb"\b(?:f|B|S)\n", content)) > 30


def test_svg_is_well_formed_xml_whatever_the_text_holds() -> None:
    """Issue 16: a label with a control character made SVG that is not XML. Data files refuse such
    characters (a control character in YAML text is an error with its line); the SVG writer drops them
    anyway, so text from anywhere (an engine's words, a title) cannot break the file."""
    from ppprint.render.draw import Drawing, Text
    from ppprint.render.fonts import SANS
    from ppprint.render.svg import svg_document

    hostile = "a\x07b\x00c\x1bd\ufffe<&>\"'\ud800"
    drawing = Drawing(100, 50, [Text(hostile, (50, 25), 10, SANS, "#000000")], title=hostile, description=hostile)
    root = ET.fromstring(svg_document(drawing).encode("utf-8"))
    labels = [el.get("aria-label") for el in root.iter() if el.get("aria-label")]
    assert labels and labels[0].startswith("abcd") and "<&>" in labels[0], labels
