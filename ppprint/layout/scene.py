"""Scenes and views: what a game shows of a state, in board terms, and the one layout step to a table.

A game's ``view.py`` defines a :class:`GameView` whose :meth:`GameView.scene`
says what lies where on its board (pieces at cell or tile centres, on edges,
in named areas off the board). :func:`lay_out` computes the rest once for every
game: the table's cell outlines, its coordinate labels (never under a tile or
piece) and its bounds (every outline, piece footprint and label, plus a margin).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from ppprint.layout.boards import Board, Polygon
from ppprint.model.table import Label, Mark, Piece, Point, Table, footprint, piece_kind
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
    boxes = [footprint(p) for p in table.pieces]
    if scene.coordinates:
        covering = [footprint(p) for p in table.pieces if piece_kind(p.kind).covers]
        for label in scene.board.coordinate_labels():
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
