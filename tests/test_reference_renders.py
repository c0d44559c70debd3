"""Low-resolution reference renders: one figure of each game, and the marks' key, as printed.

Each is drawn as the rulebook draws it, rendered to PNG at :data:`DPI` and compared
with the PNG kept in ``tests/reference/``. A change anywhere on the drawing path
(piece drawers, marks, palette, fonts, the PDF painter) shows up as a difference.
When a change is meant, look at the new renders and keep them:

    PPPRINT_UPDATE_REFERENCE=1 python -m pytest tests/test_reference_renders.py

The comparison forgives antialiasing (renderer versions differ at the edges of
shapes) but not a moved mark, a new colour or a missing value.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from ppprint.document.typography import typographic
from ppprint.registry import get_game
from ppprint.render.draw import Drawing
from ppprint.render.figure import figure_bytes, render_figure
from ppprint.render.marks import Sample, legend
from ppprint.verify import verify_figure

REFERENCE = Path(__file__).parent / "reference"
DPI = 40.0
UPDATE = os.environ.get("PPPRINT_UPDATE_REFERENCE") == "1"

FIGURES = [
    ("expansion", "combat"),
    ("siege", "moves"),
    ("piecepackman", "portals"),
    ("pileup", "jumping"),
    ("sanqi", "replacement"),
]

CHANNEL_SLACK = 48
"""A pixel differs when one of its channels moves more than this (antialiasing moves edges a little)."""
MOST_CHANGED = 8
"""The most pixels that may differ (a missing cross is some 20)."""


def figure_drawing_of(game_id: str, figure_id: str) -> Drawing:
    game = get_game(game_id)
    checked, failures = verify_figure(game, game.data.figures[figure_id])
    assert not failures
    return render_figure(game.require_view(), checked, 1.0, None, typographic)


def key_drawing() -> Drawing:
    return legend([Sample(kind, arrow) for arrow in (True, False) for kind in ("legal", "illegal", "played", "highlight")])


def changed_pixels(render: Image.Image, reference: Image.Image) -> int:
    """The pixels where ``render`` and ``reference`` differ by more than :data:`CHANNEL_SLACK`."""
    difference = ImageChops.difference(render.convert("RGB"), reference.convert("RGB"))
    strongest = Image.eval(difference, lambda value: 255 if value > CHANNEL_SLACK else 0).convert("L")
    histogram = strongest.histogram()
    return sum(histogram[1:])


def check_against_reference(name: str, drawing: Drawing) -> None:
    png = figure_bytes(drawing, "png", DPI)
    path = REFERENCE / f"{name}.png"
    if UPDATE or not path.exists():
        if not UPDATE:
            pytest.fail(f"no reference render {path.name}: look at a render and keep it (PPPRINT_UPDATE_REFERENCE=1)")
        REFERENCE.mkdir(exist_ok=True)
        path.write_bytes(png)
        return
    render = Image.open(io.BytesIO(png))
    reference = Image.open(path)
    assert render.size == reference.size, f"{name}: {render.size} pixels, the reference has {reference.size}"
    changed = changed_pixels(render, reference)
    assert changed <= MOST_CHANGED, f"{name}: {changed} pixels differ from tests/reference/{path.name}"


@pytest.mark.parametrize(("game_id", "figure_id"), FIGURES)
def test_figure_matches_its_reference_render(game_id: str, figure_id: str) -> None:
    check_against_reference(f"{game_id}-{figure_id}", figure_drawing_of(game_id, figure_id))


def test_key_to_the_marks_matches_its_reference_render() -> None:
    check_against_reference("key", key_drawing())


def test_a_moved_mark_is_a_difference() -> None:
    """The comparison catches a small change: the same figure without its last arrow (outline and head)."""
    drawing = figure_drawing_of("pileup", "jumping")
    png = Image.open(io.BytesIO(figure_bytes(drawing, "png", DPI)))
    marks = [index for index, item in enumerate(drawing.items) if item.role == "mark"]
    items = [item for index, item in enumerate(drawing.items) if index not in marks[-2:]]
    broken = Drawing(drawing.width, drawing.height, items, drawing.title, drawing.description)
    broken_png = Image.open(io.BytesIO(figure_bytes(broken, "png", DPI)))
    assert changed_pixels(png, png) == 0
    assert changed_pixels(broken_png, png) > MOST_CHANGED
