"""Scenes and views: what a game shows of a state, in board terms, and the one layout step to a table.

A game's ``view.py`` defines a :class:`GameView` whose :meth:`GameView.scene`
says what lies where on its board (pieces at cell or tile centres, on edges,
in named areas off the board). :func:`lay_out` computes the rest once for every
game: the table's cell outlines, its coordinate labels (never under a tile or
piece) and its bounds (every outline, piece footprint and label, plus a margin).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from ppprint.errors import DataError
from ppprint.layout.boards import Board, Box, Polygon, centre_of
from ppprint.model.table import Arrow, Cross, Ghost, Highlight, Label, Mark, Piece, Point, Table, footprint, piece_kind
from ppprint.model.validation import validated
from ppprint.model.view import ViewOptions

LABEL_HALF = 0.25
"""Half the side of the square a coordinate label may cover, inches (labels print at one size)."""

@dataclass
class Scene:
    """What a view shows of a state, in board units: the board, pieces, marks and named areas off the board."""

    board: Board
    pieces: list[Piece] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)
    areas: dict[str, Polygon] = field(default_factory=dict)
    coordinates: bool = True
    margin: float = 0.0
    """Empty table kept round everything, board units."""
    unit: float = 1.0
    """Inches per board unit (piecepack cells are one inch)."""
    window: Sequence[str] | None = None
    """Two cells of the board, opposite corners of the one rectangle of it drawn (a view's ``window``
    option, :class:`~ppprint.model.view.WindowOptions`): :func:`lay_out` crops the scene to it."""

    def add(self, kind: str, at: Point, **details: Any) -> Piece:
        """Place a piece of ``kind`` centred on ``at`` (board units); ``details`` are :class:`Piece` fields."""
        piece = Piece(kind, at[0], at[1], **details)
        self.pieces.append(piece)
        return piece


def lay_out(scene: Scene) -> Table:
    """The piece table of a scene: positions in inches, cell outlines, coordinates and bounds."""
    unit = scene.unit

    def scaled(point: Point) -> Point:
        return point[0] * unit, point[1] * unit

    def moved(piece: Piece) -> Piece:
        return Piece(**{**piece.__dict__, "x": piece.x * unit, "y": piece.y * unit}) if unit != 1.0 else piece

    table = Table(pieces=[moved(p) for p in scene.pieces])
    outlines: dict[str, Polygon] = {**scene.board.outlines(), **scene.areas}
    table.cells = {name: tuple(scaled(p) for p in outline) for name, outline in outlines.items()}
    table.marks = [_scaled_mark(mark, unit) for mark in scene.marks]
    labels = scene.board.coordinate_labels() if scene.window is None else crop(scene, table)
    boxes = [footprint(p) for p in table.pieces]
    if scene.coordinates:
        covering = [footprint(p) for p in table.pieces if piece_kind(p.kind).covers]
        for label in labels:
            x, y = scaled(label.at)
            if not any(x0 < x < x1 and y0 < y < y1 for x0, y0, x1, y1 in covering):
                table.coordinates.append(Label((x, y), label.text))
    xs = [x for outline in table.cells.values() for x, _ in outline]
    ys = [y for outline in table.cells.values() for _, y in outline]
    for x0, y0, x1, y1 in boxes:
        xs += [x0, x1]
        ys += [y0, y1]
    for label in table.coordinates:
        xs += [label.at[0] - LABEL_HALF, label.at[0] + LABEL_HALF]
        ys += [label.at[1] - LABEL_HALF, label.at[1] + LABEL_HALF]
    margin = scene.margin * unit
    if xs:
        table.bounds = (min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin)
    return table


EPSILON = 1e-6
"""Inches: a piece's box this near a window's edge is on it, not across it."""
REACH = 1.5
"""Board units: a piece off the board (a stack, a die) this near a window, or nearer, is drawn with it."""


def crop(scene: Scene, table: Table) -> list[Label]:
    """Crop a laid-out scene's table to the scene's window (the smallest rectangle holding both its cells)
    and give the window's coordinate labels (board units, on its edges). Kept: the cells inside it; the
    board's pieces (tiles, squares) inside it (one that the window cuts in two is refused); every other
    piece whose cell is kept, or (a piece on no cell: a stack or a die beside the board) that lies within
    :data:`REACH` of the window; and the named areas and marks the same way. A window naming no cell of
    the board is a :class:`DataError`."""
    assert scene.window is not None
    outlines = scene.board.outlines()
    unknown = [name for name in scene.window if name not in outlines]
    if unknown:
        raise DataError(f"window: '{unknown[0]}' is not a cell of the board", ("window",))
    corners = [point for name in scene.window for point in outlines[name]]
    window: Box = (min(x for x, _ in corners), min(y for _, y in corners), max(x for x, _ in corners), max(y for _, y in corners))
    labels = scene.board.window_labels(window)
    if labels is None:
        raise DataError("window: this board cannot be cropped to a rectangle of its cells", ("window",))
    unit = scene.unit
    x0, y0, x1, y1 = (value * unit for value in window)
    boxes = {name: _box(table.cells[name]) for name in outlines}
    kept = {name for name, box in boxes.items() if x0 < (box[0] + box[2]) / 2 < x1 and y0 < (box[1] + box[3]) / 2 < y1}

    reach = REACH * unit

    def shown(point: Point) -> bool:
        """Whether a point is on a kept cell, or on no cell and within reach of the window."""
        x, y = point
        for name, (a0, b0, a1, b1) in boxes.items():
            if a0 < x < a1 and b0 < y < b1:
                return name in kept
        return x0 - reach < x < x1 + reach and y0 - reach < y < y1 + reach

    pieces = []
    for piece in table.pieces:
        if piece_kind(piece.kind).board:
            a0, b0, a1, b1 = footprint(piece)
            if a0 > x0 - EPSILON and b0 > y0 - EPSILON and a1 < x1 + EPSILON and b1 < y1 + EPSILON:
                pieces.append(piece)
            elif a0 < x1 - EPSILON and x0 + EPSILON < a1 and b0 < y1 - EPSILON and y0 + EPSILON < b1:
                raise DataError(f"window: it cuts a {piece.kind} in two; widen it to the {piece.kind}'s edge", ("window",))
        elif shown((piece.x, piece.y)):
            pieces.append(piece)
    table.pieces = pieces
    areas = {name for name in scene.areas if shown(centre_of(table.cells[name]))}
    table.cells = {name: outline for name, outline in table.cells.items() if name in kept or name in areas}
    table.marks = [mark for mark in table.marks if all(shown(point) for point in _mark_points(mark, table))]
    return labels


def _box(polygon: Sequence[Point]) -> Box:
    return min(x for x, _ in polygon), min(y for _, y in polygon), max(x for x, _ in polygon), max(y for _, y in polygon)


def _mark_points(mark: Mark, table: Table) -> list[Point]:
    if isinstance(mark, (Label, Cross)):
        return [mark.at]
    if isinstance(mark, Arrow):
        return list(mark.points)
    if isinstance(mark, Highlight):
        return [centre_of(mark.polygon)]
    assert isinstance(mark, Ghost)
    return [centre_of(table.cells[mark.cell])] if mark.cell in table.cells else []


def _scaled_mark(mark: Mark, unit: float) -> Mark:
    if unit == 1.0:
        return mark
    fields = dict(mark.__dict__)
    for key in ("at",):
        if key in fields:
            fields[key] = (fields[key][0] * unit, fields[key][1] * unit)
    for key in ("points", "polygon"):
        if key in fields:
            fields[key] = tuple((x * unit, y * unit) for x, y in fields[key])
    return type(mark)(**fields)


StateT = TypeVar("StateT")
OptionsT = TypeVar("OptionsT", bound=ViewOptions)


class GameView(ABC, Generic[StateT, OptionsT]):
    """How a game's states are shown: its view options and its scene of a state."""

    Options: ClassVar[type[ViewOptions]] = ViewOptions

    @abstractmethod
    def scene(self, state: StateT, options: OptionsT) -> Scene:
        """What ``state`` shows, in board terms."""

    def options(self, data: Mapping[str, object] | None = None) -> OptionsT:
        """Validated view options (a :class:`~ppprint.errors.DataError` names the key at fault)."""
        return validated(self.Options, dict(data or {}))  # type: ignore[return-value]

    def placement(self, state: StateT, move: Any, options: OptionsT) -> Piece | None:
        """The piece ``move`` brings onto the board from off it, judged from ``state`` (a placement, a drop, a
        piece entering play), or ``None`` for any other move. A figure draws it ghosted on the square of every
        placement it claims, so the picture shows the piece the claim is about; its ``x, y`` are ignored and
        its sizes are inches, as in :meth:`Scene.add`."""
        return None

    def table(self, state: StateT, options: OptionsT | None = None) -> Table:
        """The piece table of ``state``."""
        return lay_out(self.scene(state, options if options is not None else self.options()))
