"""Piecepack piece drawers: real sizes, vector suit symbols, text in the shipped fonts, SVG and PDF from one drawing."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest

from ppprint.model.table import MATCHSTICK_LENGTHS, SUITS, Piece, footprint, matchstick_length
from ppprint.render.draw import Drawing, Group, Item, Matrix, Pen, Shape, Text, bounds, multiply
from ppprint.render.fonts import SANS_BOLD
from ppprint.render.pieces import draw_piece, known_kinds
from ppprint.render.pieces.piecepack import SUIT_COLOURS, suit_symbol
from ppprint.render.svg import svg_document

TOLERANCE = 0.01 * 72  # 0.01 in, in points
KINDS = ("tile", "coin", "pawn", "die", "matchstick", "cube")


def piece_extent(piece: Piece) -> tuple[float, float]:
    """The width and height of the box a piece covers, from the piece table's footprint."""
    x0, y0, x1, y1 = footprint(piece)
    return x1 - x0, y1 - y0


def _draw_piece(piece: Piece) -> Drawing:
    pen = Pen()
    draw_piece(pen, piece, (200.0, 200.0))
    return pen.drawing(400, 400)


def _draw(make) -> Drawing:
    pen = Pen()
    make(pen)
    return pen.drawing(400, 400)


def _leaves(items: list[Item], matrix: Matrix = (1, 0, 0, 1, 0, 0)) -> list[tuple[Shape | Text, Matrix]]:
    found: list[tuple[Shape | Text, Matrix]] = []
    for item in items:
        if isinstance(item, Group):
            found += _leaves(list(item.items), multiply(matrix, item.matrix))
        else:
            found.append((item, matrix))
    return found


def _shapes(drawing: Drawing) -> list[Shape]:
    return [leaf for leaf, _ in _leaves(drawing.items) if isinstance(leaf, Shape)]


def _texts(drawing: Drawing) -> list[Text]:
    return [leaf for leaf, _ in _leaves(drawing.items) if isinstance(leaf, Text)]


def _size(drawing: Drawing) -> tuple[float, float]:
    boxes = [box for role, box in bounds(drawing.items) if role != "value"]
    return max(b[2] for b in boxes) - min(b[0] for b in boxes), max(b[3] for b in boxes) - min(b[1] for b in boxes)


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


@pytest.mark.parametrize("piece", PIECES, ids=repr)
def test_piece_keeps_its_real_size_in_svg_and_pdf(piece: Piece) -> None:
    drawing = _draw_piece(piece)
    width, height = _size(drawing)
    expected_width, expected_height = _expected_size(piece)
    assert width == pytest.approx(expected_width, abs=TOLERANCE)
    assert height == pytest.approx(expected_height, abs=TOLERANCE)
    assert piece_extent(piece) == pytest.approx((expected_width / 72, expected_height / 72), abs=1e-9)
    assert all(text.font == SANS_BOLD for text in _texts(drawing))
    svg = ET.fromstring(svg_document(drawing))
    assert {element.tag.rsplit("}", 1)[-1] for element in svg.iter()} <= {"svg", "g", "path"}
    assert len(svg.findall(".//{http://www.w3.org/2000/svg}path")) == len(_shapes(drawing)) + len(_texts(drawing))


def test_outline_shapes_have_the_exact_sizes() -> None:
    coin = _shapes(_draw_piece(Piece("coin", 0, 0, "suns", 2)))[0]
    assert _span(coin) == pytest.approx((54, 54))
    tile = _shapes(_draw_piece(Piece("tile", 0, 0, "moons", 1, "back")))[0]
    assert _span(tile) == pytest.approx((144, 144))
    die = _shapes(_draw_piece(Piece("die", 0, 0, "arms", 4)))[0]
    assert _span(die) == pytest.approx((36, 36))
    stick = _shapes(_draw_piece(Piece("matchstick", 0, 0, "crowns", 5)))[0]
    assert _span(stick)[1] == pytest.approx((2 * math.sqrt(2) - 3 / 16) * 72)


def _span(shape: Shape) -> tuple[float, float]:
    (_, (x0, y0, x1, y1)), = bounds([shape])
    return x1 - x0, y1 - y0


def test_tile_grid_side_shows_two_by_two_cells_of_one_inch() -> None:
    drawing = _draw_piece(Piece("tile", 0, 0, "crowns", 3, "back"))
    lines = [shape for shape in _shapes(drawing) if len(shape.segments) == 2]
    assert len(lines) == 2
    # One vertical and one horizontal line through the centre: cells of 72 pt.
    assert sorted(_span(line) for line in lines) == [(0, 144), (144, 0)]
    assert not _texts(drawing)  # the grid side carries no suit or rank


@pytest.mark.parametrize("suit", SUITS)
def test_coin_back_is_a_vector_suit_symbol_in_the_suit_colour(suit: str) -> None:
    drawing = _draw_piece(Piece("coin", 0, 0, suit, 4, "back"))
    assert not _texts(drawing)
    symbols = [shape for shape in _shapes(drawing) if shape.role == "symbol"]
    assert symbols and {shape.paint.fill for shape in symbols} == {SUIT_COLOURS[suit]}


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
    texts = _texts(_draw_piece(piece))
    assert [t.text for t in texts] == [text]
    assert texts[0].fill == SUIT_COLOURS[piece.suit] and texts[0].anchor == "middle" and texts[0].role == "value"


@pytest.mark.parametrize("kind", ["coin", "die"])
def test_null_shows_no_numeral(kind: str) -> None:
    assert not _texts(_draw_piece(Piece(kind, 0, 0, "suns", 0)))


def test_numeral_is_centred_vertically() -> None:
    """The baseline sits half a cap height below the centre."""
    (text,) = _texts(_draw_piece(Piece("coin", 0, 0, "suns", 3)))
    assert text.at[1] == pytest.approx(text.size * 0.714 / 2, abs=0.01)


@pytest.mark.parametrize("suit", SUITS)
@pytest.mark.parametrize("size", [14.4, 40.0])
def test_suit_symbols_are_paths_that_fill_their_box(suit: str, size: float) -> None:
    drawing = _draw(lambda pen: suit_symbol(pen, suit, (200.0, 200.0), size))
    assert _shapes(drawing) and not _texts(drawing)
    width, height = _size(drawing)
    # Legible: spans most of its box, and stays inside it (curve control points may poke out a bit).
    assert 0.75 * size <= max(width, height) <= 1.12 * size
    boxes = [box for _, box in bounds(drawing.items)]
    assert (min(b[0] for b in boxes) + max(b[2] for b in boxes)) / 2 == pytest.approx(200, abs=0.12 * size)


def test_suit_symbol_takes_a_colour() -> None:
    drawing = _draw(lambda pen: suit_symbol(pen, "moons", (50.0, 50.0), 20, "#ffffff"))
    assert {shape.paint.fill for shape in _shapes(drawing)} == {"#ffffff"}


def test_pawn_is_a_suit_coloured_silhouette() -> None:
    body = _shapes(_draw_piece(Piece("pawn", 0, 0, "crowns")))[0]
    assert body.paint.fill == SUIT_COLOURS["crowns"]


def test_an_owned_piece_is_tinted_by_its_suit_never_its_seat() -> None:
    def body(suit: str, owner: int | None) -> str | None:
        return _shapes(_draw_piece(Piece("coin", 0, 0, suit, 2, owner=owner)))[0].paint.fill

    assert body("suns", None) != body("suns", 0)
    assert body("suns", 0) == body("suns", 3)  # the same suit looks the same whoever plays it
    assert len({body(suit, 0) for suit in SUITS}) == 4


@pytest.mark.parametrize("angle", [90.0, 30.0, -45.0])
@pytest.mark.parametrize("kind", ["tile", "pawn", "matchstick"])
def test_rotation_follows_the_extent(kind: str, angle: float) -> None:
    """The footprint covers the turned piece; for a rectangle it is exact (less the rounding of its corners)."""
    piece = Piece(kind, 0, 0, "arms", 3, angle=angle)
    width, height = piece_extent(piece)
    drawn_width, drawn_height = _size(_draw_piece(piece))
    assert drawn_width <= width * 72 + TOLERANCE and drawn_height <= height * 72 + TOLERANCE
    if kind != "pawn":  # the pawn's silhouette is narrower than its box at the head
        corners = 1.0  # a matchstick's corners are rounded by 1.5 pt
        assert drawn_width == pytest.approx(width * 72, abs=TOLERANCE + corners)
        assert drawn_height == pytest.approx(height * 72, abs=TOLERANCE + corners)


def test_rotation_is_counter_clockwise_on_the_table() -> None:
    """Angle 90 turns a vertical matchstick horizontal; on screen (y down) that is a turn of -90 degrees."""
    drawing = _draw_piece(Piece("matchstick", 0, 0, "suns", 5, angle=90))
    (group,) = drawing.items
    assert isinstance(group, Group) and group.matrix[1] == pytest.approx(-1.0)  # sin(-90)
    assert piece_extent(Piece("matchstick", 0, 0, "suns", 5, angle=90))[0] == pytest.approx(MATCHSTICK_LENGTHS[5])


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


def test_every_piecepack_kind_has_a_drawer() -> None:
    assert set(KINDS) <= set(known_kinds())
