"""Piecepack piece drawers: real sizes, the trip through svglib, vector suit symbols."""

from __future__ import annotations

import io
import math
import xml.etree.ElementTree as ET

import pytest
import svgwrite
from reportlab.graphics.shapes import Circle, Drawing, Group, Path, Polygon, Rect, Shape, String
from reportlab.lib.colors import toColor
from svglib.svglib import svg2rlg

from ppprint.model.table import MATCHSTICK_LENGTHS, SUITS, Piece, footprint, matchstick_length
from ppprint.render.fonts import SANS_BOLD, register_fonts
from ppprint.render.pieces import drawer_for, known_kinds
from ppprint.render.pieces.piecepack import SUIT_COLOURS, suit_symbol


def piece_extent(piece: Piece) -> tuple[float, float]:
    """The width and height of the box a piece covers, from the piece table's footprint."""
    x0, y0, x1, y1 = footprint(piece)
    return x1 - x0, y1 - y0

TOLERANCE = 0.01 * 72  # 0.01 in, in points
KINDS = ("tile", "coin", "pawn", "die", "matchstick", "cube")
SVG_SHAPES = {"path", "polygon", "polyline", "line", "rect", "circle", "ellipse", "text"}
SVG_ALLOWED = SVG_SHAPES | {"svg", "g", "defs"}


def _svg(draw) -> str:
    dwg = svgwrite.Drawing(size=("400pt", "400pt"), viewBox="0 0 400 400")
    dwg.add(draw(dwg))
    return dwg.tostring()


def _convert(svg: str) -> Drawing:
    register_fonts()
    drawing = svg2rlg(io.StringIO(svg))
    assert drawing is not None
    return drawing


def _draw_piece(piece: Piece) -> tuple[str, Drawing]:
    svg = _svg(lambda dwg: drawer_for(piece.kind)(dwg, piece, (200.0, 200.0)))
    return svg, _convert(svg)


def _leaves(node) -> list[Shape]:
    if isinstance(node, Group):
        return [leaf for child in node.contents for leaf in _leaves(child)]
    return [node]


def _tags(svg: str) -> list[str]:
    return [element.tag.rsplit("}", 1)[-1] for element in ET.fromstring(svg).iter()]


def _size(drawing: Drawing) -> tuple[float, float]:
    x0, y0, x1, y1 = drawing.getContents()[0].getBounds()
    return x1 - x0, y1 - y0


def _pieces() -> list[Piece]:
    pieces = []
    for suit in SUITS:
        for side in ("face", "back"):
            for rank in range(6):
                pieces.append(Piece("tile", 0, 0, suit, rank, side))
                pieces.append(Piece("coin", 0, 0, suit, rank, side))
            pieces.append(Piece("coin", 0, 0, suit, 3, side, label="?", owner=1))
        for rank in range(6):
            pieces.append(Piece("die", 0, 0, suit, rank))
            pieces.append(Piece("matchstick", 0, 0, suit, rank))
        pieces.append(Piece("pawn", 0, 0, suit))
        pieces.append(Piece("cube", 0, 0, suit))
    return pieces


PIECES = _pieces()


def _expected_size(piece: Piece) -> tuple[float, float]:
    """Real piecepack sizes in points, written out independently of the module."""
    if piece.kind == "matchstick":
        if piece.rank == 0:
            return 27.0, 27.0
        lengths = {1: 13 / 16, 2: math.sqrt(2) - 3 / 16, 3: 29 / 16, 4: math.sqrt(5) - 3 / 16,
                   5: 2 * math.sqrt(2) - 3 / 16}
        return 13.5, lengths[piece.rank] * 72
    return {"tile": (144.0, 144.0), "coin": (54.0, 54.0), "die": (36.0, 36.0),
            "pawn": (36.0, 63.0), "cube": (27.0, 27.0)}[piece.kind]


def test_every_piecepack_kind_has_a_drawer() -> None:
    assert set(KINDS) <= set(known_kinds())


@pytest.mark.parametrize("piece", PIECES, ids=repr)
def test_piece_keeps_its_real_size_and_every_shape_through_svglib(piece: Piece) -> None:
    svg, drawing = _draw_piece(piece)
    tags = _tags(svg)
    assert set(tags) <= SVG_ALLOWED
    leaves = _leaves(drawing)
    assert len(leaves) == sum(tag in SVG_SHAPES for tag in tags)
    width, height = _size(drawing)
    expected_width, expected_height = _expected_size(piece)
    assert width == pytest.approx(expected_width, abs=TOLERANCE)
    assert height == pytest.approx(expected_height, abs=TOLERANCE)
    assert piece_extent(piece) == pytest.approx((expected_width / 72, expected_height / 72), abs=1e-9)
    for string in (leaf for leaf in leaves if isinstance(leaf, String)):
        assert string.fontName == SANS_BOLD


def test_outline_shapes_have_the_exact_sizes() -> None:
    _, coin = _draw_piece(Piece("coin", 0, 0, "suns", 2))
    assert [leaf.r for leaf in _leaves(coin) if isinstance(leaf, Circle)][0] == pytest.approx(27)
    _, tile = _draw_piece(Piece("tile", 0, 0, "moons", 1, "back"))
    outline = [leaf for leaf in _leaves(tile) if isinstance(leaf, Rect)][0]
    assert (outline.width, outline.height) == pytest.approx((144, 144))
    _, die = _draw_piece(Piece("die", 0, 0, "arms", 4))
    outline = [leaf for leaf in _leaves(die) if isinstance(leaf, Rect)][0]
    assert (outline.width, outline.height) == pytest.approx((36, 36))
    _, stick = _draw_piece(Piece("matchstick", 0, 0, "crowns", 5))
    outline = [leaf for leaf in _leaves(stick) if isinstance(leaf, Rect)][0]
    assert outline.height == pytest.approx((2 * math.sqrt(2) - 3 / 16) * 72)


def test_tile_grid_side_shows_two_by_two_cells_of_one_inch() -> None:
    svg, drawing = _draw_piece(Piece("tile", 0, 0, "crowns", 3, "back"))
    lines = [leaf for leaf in _leaves(drawing) if leaf.__class__.__name__ == "Line"]
    assert len(lines) == 2
    # One vertical and one horizontal line through the centre: cells of 72 pt.
    assert sorted((abs(line.x1 - line.x2), abs(line.y1 - line.y2)) for line in lines) == [
        (0, 144),
        (144, 0),
    ]
    assert all(line.x1 + line.x2 == 0 or line.y1 + line.y2 == 0 for line in lines)
    assert "<text" not in svg  # the grid side carries no suit or rank


@pytest.mark.parametrize("suit", SUITS)
def test_coin_back_is_a_vector_suit_symbol_in_the_suit_colour(suit: str) -> None:
    svg, drawing = _draw_piece(Piece("coin", 0, 0, suit, 4, "back"))
    assert "<text" not in svg
    paths = [leaf for leaf in _leaves(drawing) if isinstance(leaf, Path)]
    assert paths
    assert {path.fillColor.hexval() for path in paths} == {toColor(SUIT_COLOURS[suit]).hexval()}


@pytest.mark.parametrize(
    ("piece", "text"),
    [
        (Piece("coin", 0, 0, "suns", 1), "A"),
        (Piece("coin", 0, 0, "moons", 5), "5"),
        (Piece("coin", 0, 0, "arms", 2, "back", label="?"), "?"),
        (Piece("coin", 0, 0, "crowns", 3, label="?"), "?"),
        (Piece("die", 0, 0, "crowns", 1), "A"),
        (Piece("tile", 0, 0, "arms", 4), "4"),
    ],
)
def test_numerals_and_labels_in_the_suit_colour(piece: Piece, text: str) -> None:
    _, drawing = _draw_piece(piece)
    strings = [leaf for leaf in _leaves(drawing) if isinstance(leaf, String)]
    assert [string.text for string in strings] == [text]
    assert strings[0].fillColor.hexval() == toColor(SUIT_COLOURS[piece.suit]).hexval()
    assert strings[0].textAnchor == "middle"


@pytest.mark.parametrize("kind", ["coin", "die"])
def test_null_shows_no_numeral(kind: str) -> None:
    _, drawing = _draw_piece(Piece(kind, 0, 0, "suns", 0))
    assert not [leaf for leaf in _leaves(drawing) if isinstance(leaf, String)]


def test_numeral_is_centred_vertically() -> None:
    """The baseline sits half a cap height below the centre (svglib ignores dominant-baseline)."""
    _, drawing = _draw_piece(Piece("coin", 0, 0, "suns", 3))
    (string,) = [leaf for leaf in _leaves(drawing) if isinstance(leaf, String)]
    # The text group flips y; the baseline is at +size * 0.714 / 2 below the coin centre.
    assert -string.y == pytest.approx(string.fontSize * 0.714 / 2, abs=0.01)


@pytest.mark.parametrize("suit", SUITS)
@pytest.mark.parametrize("size", [14.4, 40.0])
def test_suit_symbols_are_paths_that_fill_their_box(suit: str, size: float) -> None:
    svg = _svg(lambda dwg: suit_symbol(dwg, suit, (200.0, 200.0), size))
    assert set(_tags(svg)) <= {"svg", "g", "defs", "path", "polygon"}
    drawing = _convert(svg)
    leaves = _leaves(drawing)
    assert leaves and all(isinstance(leaf, (Path, Polygon)) for leaf in leaves)
    width, height = _size(drawing)
    # Legible: spans most of its box, and stays inside it (curve control points may poke out a bit).
    assert 0.75 * size <= max(width, height) <= 1.08 * size
    x0, y0, x1, y1 = drawing.getContents()[0].getBounds()
    assert (x0 + x1) / 2 == pytest.approx(200, abs=0.12 * size)


def test_suit_symbol_takes_a_colour() -> None:
    drawing = _convert(_svg(lambda dwg: suit_symbol(dwg, "moons", (50.0, 50.0), 20, "#ffffff")))
    assert {leaf.fillColor.hexval() for leaf in _leaves(drawing)} == {"0xffffff"}


def test_pawn_is_a_suit_coloured_silhouette() -> None:
    _, drawing = _draw_piece(Piece("pawn", 0, 0, "crowns"))
    body = _leaves(drawing)[0]
    assert isinstance(body, Path)
    assert body.fillColor.hexval() == toColor(SUIT_COLOURS["crowns"]).hexval()


def test_owner_tints_the_body() -> None:
    _, plain = _draw_piece(Piece("coin", 0, 0, "suns", 2))
    _, owned = _draw_piece(Piece("coin", 0, 0, "suns", 2, owner=0))
    _, other = _draw_piece(Piece("coin", 0, 0, "suns", 2, owner=1))
    fills = {_leaves(d)[0].fillColor.hexval() for d in (plain, owned, other)}
    assert len(fills) == 3


@pytest.mark.parametrize("angle", [90.0, 30.0, -45.0])
@pytest.mark.parametrize("kind", ["tile", "pawn", "matchstick"])
def test_rotation_follows_the_extent(kind: str, angle: float) -> None:
    piece = Piece(kind, 0, 0, "arms", 3, angle=angle)
    _, drawing = _draw_piece(piece)
    width, height = piece_extent(piece)
    drawn_width, drawn_height = _size(drawing)
    # Curves (the pawn's head) bound loosely once rotated; outlines are rectangles.
    slack = 3.0 if kind == "pawn" else TOLERANCE
    assert drawn_width == pytest.approx(width * 72, abs=slack)
    assert drawn_height == pytest.approx(height * 72, abs=slack)


def test_rotation_is_counter_clockwise_on_the_table() -> None:
    """Angle 90 turns a vertical matchstick horizontal, and the SVG rotates by -angle."""
    svg, _ = _draw_piece(Piece("matchstick", 0, 0, "suns", 5, angle=90))
    assert "rotate(-90" in svg
    assert piece_extent(Piece("matchstick", 0, 0, "suns", 5, angle=90))[0] == pytest.approx(
        MATCHSTICK_LENGTHS[5]
    )


def test_matchstick_length_prefers_the_piece_length() -> None:
    assert matchstick_length(Piece("matchstick", 0, 0, "suns", 1, length=1.5)) == 1.5
    assert piece_extent(Piece("matchstick", 0, 0, "suns", None, length=1.5)) == (3 / 16, 1.5)


def test_bad_pieces_raise() -> None:
    with pytest.raises(ValueError, match="unknown suit"):
        _draw_piece(Piece("coin", 0, 0, "stars", 2))
    with pytest.raises(ValueError, match="matchstick"):
        matchstick_length(Piece("matchstick", 0, 0, "suns", None))
    with pytest.raises(KeyError):
        piece_extent(Piece("meeple", 0, 0))
