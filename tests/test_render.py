"""Figures: every shape survives SVG -> ReportLab, text uses the shipped fonts, PNG and PDF export work."""

from __future__ import annotations

import io
import re
from collections import Counter

import pytest
from PIL import Image
from reportlab.graphics.shapes import Group, String

from ppprint.registry import get_game, registry
from ppprint.render.figure import figure_bytes, render_svg, svg_to_drawing
from ppprint.render.fonts import SANS, SANS_BOLD, SERIF, SERIF_BOLD
from ppprint.verify import verify_game

SVG_SHAPES = {"circle": "Circle", "rect": "Rect", "polygon": "Polygon", "path": "Path", "line": "Line", "ellipse": "Ellipse", "polyline": "PolyLine", "text": "String"}


def all_figures():
    for game_id in registry().ids():
        data = get_game(game_id)
        for figure_id in data.data.figures:
            yield game_id, figure_id


def leaves(group: Group, found: list) -> list:
    for item in group.contents:
        if isinstance(item, Group):
            leaves(item, found)
        else:
            found.append(item)
    return found


@pytest.fixture(scope="module")
def checked():
    reports = {}
    for game_id in registry().ids():
        reports[game_id] = verify_game(get_game(game_id))
    return reports


@pytest.mark.parametrize(("game_id", "figure_id"), list(all_figures()))
def test_every_shape_survives_the_trip_to_reportlab(checked, game_id, figure_id):
    svg = render_svg(get_game(game_id).require_engine(), checked[game_id].figures[figure_id])
    in_svg = Counter(SVG_SHAPES[tag] for tag in re.findall(r"<(circle|rect|polygon|path|line|ellipse|polyline|text)\b", svg))
    shapes = leaves(svg_to_drawing(svg), [])
    assert Counter(type(s).__name__ for s in shapes) == in_svg
    assert "marker" not in svg and "<pattern" not in svg and "filter=" not in svg
    fonts = {s.fontName for s in shapes if isinstance(s, String)}
    assert fonts <= {SANS, SANS_BOLD, SERIF, SERIF_BOLD}, fonts


def test_figures_are_true_size():
    # The setup board is 3 tiles of 2 in, plus coordinates and margins: a drawing at 1:1 scale.
    data = get_game("expansion")
    report = verify_game(data)
    drawing = svg_to_drawing(render_svg(get_game("expansion").require_engine(), report.figures["setup"]))
    assert drawing.width == pytest.approx((6 + 0.5 + 2 * 0.15) * 72, abs=0.5)
    assert drawing.height == pytest.approx((6 + 0.5 + 2 * 0.15) * 72, abs=0.5)


def test_png_shows_legal_and_illegal_arrows():
    report = verify_game(get_game("expansion"))
    svg = render_svg(get_game("expansion").require_engine(), report.figures["movement"])
    png = figure_bytes(svg, "png", dpi=60)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    drawing = svg_to_drawing(svg)
    assert image.size[0] == pytest.approx(drawing.width * 60 / 72, abs=1.5)
    assert image.size[1] == pytest.approx(drawing.height * 60 / 72, abs=1.5)
    colours = {colour: count for count, colour in image.getcolors(maxcolors=1 << 24)}

    def near(target):
        return sum(n for c, n in colours.items() if all(abs(a - b) < 30 for a, b in zip(c, target)))

    assert near((0x1A, 0x8A, 0x3C)) > 50  # legal green
    assert near((0xC8, 0x1E, 0x1E)) > 50  # illegal red


def test_pdf_figure_is_one_page_with_vector_content():
    report = verify_game(get_game("expansion"))
    pdf = figure_bytes(render_svg(get_game("expansion").require_engine(), report.figures["setup"]), "pdf")
    assert pdf.startswith(b"%PDF")
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 1
    content = reader.pages[0].get_contents().get_data()
    assert len(re.findall(rb"\b(?:f|B|S)\n", content)) > 30
