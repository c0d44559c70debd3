"""The piece table: what lies where, in inches -- the one contract every renderer reads.

Like piecepackr's data frames, a :class:`Table` lists pieces (kind, suit, rank,
side, x, y, angle) plus the outline of every named cell, so annotations written
against cell names ("b2", "q7", "x3y-1") can be drawn on any board. Coordinates
are inches with y upwards; each piece's ``x, y`` is its centre.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Literal, get_args

Point = tuple[float, float]

SUITS = ("suns", "moons", "crowns", "arms")
"""Piecepack suits in their usual order."""

SUIT_NAMES = {"suns": "Suns", "moons": "Moons", "crowns": "Crowns", "arms": "Arms"}

# Real piecepack proportions, inches (see DESIGN.md).
TILE_SIZE = 2.0
CELL_SIZE = 1.0
COIN_DIAMETER = 0.75
DIE_SIZE = 0.5
PAWN_WIDTH = 0.5
PAWN_HEIGHT = 7 / 8
MATCHSTICK_WIDTH = 3 / 16
CUBE_SIZE = 3 / 8
MATCHSTICK_LENGTHS = {0: CUBE_SIZE, 1: 13 / 16, 2: math.sqrt(2) - 3 / 16, 3: 1 + 13 / 16, 4: math.sqrt(5) - 3 / 16, 5: 2 * math.sqrt(2) - 3 / 16}
"""Matchstick lengths by rank, inches (a null matchstick is a cube)."""


@dataclass(frozen=True)
class Piece:
    """One piece on the table.

    ``kind`` names a renderer: the piecepack kinds are ``tile``, ``coin``,
    ``pawn``, ``die``, ``matchstick`` and ``cube``; a game may add its own.
    ``side`` is ``"face"`` (tile value side, coin value side) or ``"back"``
    (tile grid side, coin suit side). ``rank`` is 0 for null/blank, 1 for ace.
    """

    kind: str
    x: float
    y: float
    suit: str | None = None
    rank: int | None = None
    side: Literal["face", "back"] = "face"
    angle: float = 0.0
    length: float | None = None
    label: str | None = None
    owner: int | None = None
    stack: tuple[int, ...] = ()
    path: tuple[Point, ...] = ()
    """For a kind drawn along a path (a graph board's region): its points, inches from ``x, y``, y upwards."""


MarkKind = Literal["legal", "illegal", "played", "highlight", "neutral"]
MARK_KINDS: tuple[str, ...] = get_args(MarkKind)
"""What a mark means (each has one colour and shape in every book, :mod:`ppprint.render.palette`);
figure data may name them in ``highlight``."""


@dataclass(frozen=True)
class Arrow:
    """A move drawn as an arrow through ``points``; illegal ones get a cross."""

    points: tuple[Point, ...]
    kind: MarkKind = "neutral"
    label: str | None = None


@dataclass(frozen=True)
class Highlight:
    """A cell outline filled with a translucent colour."""

    polygon: tuple[Point, ...]
    kind: MarkKind = "highlight"


@dataclass(frozen=True)
class Label:
    """Short text at a point (a cost, a count, a letter)."""

    at: Point
    text: str
    kind: MarkKind = "neutral"


@dataclass(frozen=True)
class Cross:
    """A cross over a point: a removed piece, a forbidden square, or where an illegal move breaks its rule
    (then ``reason`` holds the words of the rule's code, printed beside the cross)."""

    at: Point
    kind: MarkKind = "illegal"
    reason: str | None = None


@dataclass(frozen=True)
class Ghost:
    """The piece a claim of a placement is about, drawn ghosted (pale, with a dashed outline) on ``cell``:
    ``piece`` is placed at the cell's centre, or (``small``, the cell being taken) smaller in its corner."""

    piece: Piece
    cell: str
    kind: MarkKind = "neutral"
    small: bool = False


Mark = Arrow | Highlight | Label | Cross | Ghost


@dataclass
class Table:
    """Everything one diagram shows, before any drawing.

    ``cells`` maps each cell name to its outline, so annotations can find it.
    ``bounds`` is ``(min_x, min_y, max_x, max_y)`` in inches.
    """

    pieces: list[Piece] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)
    cells: dict[str, tuple[Point, ...]] = field(default_factory=dict)
    bounds: tuple[float, float, float, float] = (0.0, 0.0, 1.0, 1.0)
    coordinates: list[Label] = field(default_factory=list)

    def centre(self, cell: str) -> Point:
        """The centre of a named cell."""
        polygon = self.cells[cell]
        return (
            sum(p[0] for p in polygon) / len(polygon),
            sum(p[1] for p in polygon) / len(polygon),
        )

    def neighbours(self, first: str, second: str) -> bool:
        """Whether two named cells touch (side by side, corner to corner or across a hexagon's edge): their
        centres are at most 1.5 of the smaller cell's width apart. A mark between neighbours is drawn on a
        cell, not as an arrow (an arrow there would be a stub)."""
        if first not in self.cells or second not in self.cells:
            return False

        def width(cell: str) -> float:
            xs, ys = [p[0] for p in self.cells[cell]], [p[1] for p in self.cells[cell]]
            return min(max(xs) - min(xs), max(ys) - min(ys))

        return math.dist(self.centre(first), self.centre(second)) <= 1.5 * min(width(first), width(second))


Size = Callable[[Piece], tuple[float, float]]
"""A piece's width and height in inches, before it is turned by its ``angle``."""

Drawer = Callable[..., None]
"""Draws a piece: ``drawer(pen, piece)`` (the pen is :mod:`ppprint.render`'s, which the model does not import)."""


@dataclass(frozen=True)
class PieceKind:
    """A kind of piece, all that layout and the renderers know of it: its size, whether it is part
    of the board, and its drawer."""

    name: str
    size: Size
    board: bool = False
    """Pieces that make up the board (tiles, squares, cells) lie under every mark and other piece."""
    round: bool = False
    """A round piece (a coin, a disc) covers the same box at any angle."""
    covers: bool = True
    """Whether it hides a coordinate label inside its box (a graph board's lines and regions do not: its
    labels are placed off them)."""
    drawer: Drawer | None = None
    """How it is drawn, set by :func:`ppprint.render.pieces.piece_drawer` (``None`` until then)."""


_KINDS: dict[str, PieceKind] = {}


def register_kind(name: str, size: Size, board: bool = False, round: bool = False, covers: bool = True) -> None:
    """Declare a kind of piece (a game's own kinds are declared in its ``pieces.py``, each before its
    drawer); declared again, a kind keeps its drawer."""
    known = _KINDS.get(name)
    _KINDS[name] = PieceKind(name, size, board, round, covers, known.drawer if known is not None else None)


def set_drawer(name: str, drawer: Drawer) -> None:
    """Give the declared kind ``name`` its drawer; a ``KeyError`` names the kinds known."""
    _KINDS[name] = replace(piece_kind(name), drawer=drawer)


def piece_kind(name: str) -> PieceKind:
    """The declared kind ``name``; a ``KeyError`` names the kinds known."""
    try:
        return _KINDS[name]
    except KeyError:
        raise KeyError(f"unknown piece kind '{name}' (known: {', '.join(sorted(_KINDS))})") from None


def piece_kinds() -> list[PieceKind]:
    """Every declared kind, by name."""
    return [_KINDS[name] for name in sorted(_KINDS)]


def footprint(piece: Piece) -> tuple[float, float, float, float]:
    """``(min_x, min_y, max_x, max_y)`` of the box a piece covers on the table, turned by its angle."""
    kind = piece_kind(piece.kind)
    width, height = kind.size(piece)
    turn = 0.0 if kind.round else math.radians(piece.angle)
    cos, sin = abs(math.cos(turn)), abs(math.sin(turn))
    half_w = (width * cos + height * sin) / 2
    half_h = (width * sin + height * cos) / 2
    return piece.x - half_w, piece.y - half_h, piece.x + half_w, piece.y + half_h


def _square(side: float) -> Size:
    return lambda piece: (side, side)


def matchstick_length(piece: Piece) -> float:
    """A matchstick's length in inches: ``Piece.length``, else by rank (null = cube)."""
    if piece.length is not None:
        return piece.length
    if piece.rank not in MATCHSTICK_LENGTHS:
        raise ValueError(f"matchstick needs a length or a rank 0-5, got rank {piece.rank}")
    return MATCHSTICK_LENGTHS[piece.rank]


def _matchstick(piece: Piece) -> tuple[float, float]:
    if piece.length is None and piece.rank == 0:
        return CUBE_SIZE, CUBE_SIZE
    return MATCHSTICK_WIDTH, matchstick_length(piece)


register_kind("tile", _square(TILE_SIZE), board=True)
register_kind("coin", _square(COIN_DIAMETER), round=True)
register_kind("die", _square(DIE_SIZE))
register_kind("pawn", lambda piece: (PAWN_WIDTH, PAWN_HEIGHT))
register_kind("matchstick", _matchstick)
register_kind("cube", _square(CUBE_SIZE))
register_kind("square", lambda piece: (piece.length or CELL_SIZE, piece.length or CELL_SIZE), board=True)
register_kind("hexcell", lambda piece: (piece.length or 0.75, 2 * (piece.length or 0.75) / math.sqrt(3.0)), board=True)

GRAPH_LINE_WIDTH = 1.6 / 72
"""The width of a graph board's line, inches."""


def _path_box(piece: Piece) -> tuple[float, float]:
    """The width and height of a path piece's box: its points' extent each way from ``x, y``, widened by its
    ``length`` (the band's width)."""
    band = piece.length or 0.0
    xs, ys = [abs(x) for x, _ in piece.path] or [0.0], [abs(y) for _, y in piece.path] or [0.0]
    return 2 * max(xs) + band, 2 * max(ys) + band


register_kind("graphline", lambda piece: (piece.length or 1.0, GRAPH_LINE_WIDTH), board=True, covers=False)
register_kind("graphpoint", lambda piece: (piece.length or 0.09, piece.length or 0.09), board=True, round=True)
register_kind("graphregion", _path_box, board=True, covers=False)
