# SPDX-License-Identifier: MIT
"""How SanQi is drawn: the hexagonal field (or a window of it) as ``hexcell`` pieces, the pieces as ``sanqi`` pieces."""

from __future__ import annotations

from dataclasses import replace

from pydantic import BaseModel, ConfigDict, Field

from ppprint.api import DataError, GameView, HexBoard, Piece, Scene, ViewOptions

from . import pieces as _pieces  # noqa: F401  (registers the hexcell and sanqi kinds, also when imported alone)
from .engine import LETTERS, MAX_SIDE, Move, PieceType, Place, SanQiState

CELL_SIZE = 0.75
"""Inches between neighbouring cell centres unless a figure says otherwise."""
PIECE_SCALE = 0.85
"""A piece's size (the disc's diameter) as a share of the cell size."""
MARGIN = 0.05
"""Blank border round the field, in cells."""


class Window(BaseModel):
    """A part of the field: the cells within ``radius`` steps of the cell ``centre`` (``{centre: j10, radius: 3}``)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    centre: str
    radius: int = Field(ge=1, le=2 * MAX_SIDE - 2)


class SanQiOptions(ViewOptions):
    """``cell_size``: inches between neighbouring cell centres (0.75 by default, 0.1 to 2);
    ``characters``: draw 上 中 下 on the pieces (side ``face``; false gives side ``back``);
    ``window``: ``{centre: j10, radius: 3}`` draws only the field cells within ``radius``
    steps of ``centre``, keeping their names, so a diagram can show the part of a large
    field that matters. ``coordinates`` (from the base) labels the rows and diagonals."""

    cell_size: float = Field(CELL_SIZE, ge=0.1, le=2.0)
    characters: bool = True
    window: Window | None = None


class SanQiView(GameView[SanQiState, SanQiOptions]):
    """The field's cells, then the pieces on the cells shown."""

    Options = SanQiOptions

    def scene(self, state: SanQiState, options: SanQiOptions) -> Scene:
        field = state.field
        window = None
        if options.window is not None:
            centre = field.parse(options.window.centre)
            if centre is None:
                raise DataError(
                    f"window centre '{options.window.centre}' is not a cell of the field of side {field.side}",
                    ("window", "centre"),
                )
            window = (centre, options.window.radius)
        size = options.cell_size
        board = HexBoard(field, window=window, cell_length=size)
        scene = Scene(board, coordinates=options.coordinates, margin=MARGIN, unit=size)
        scene.pieces += board.pieces()
        for cell in board.cells:
            kind = state.board[field.index(cell)]
            if kind:
                x, y = board.cell_centre(cell)
                scene.pieces.append(replace(self.piece(PieceType(kind), options), x=x, y=y))
        return scene

    def piece(self, kind: PieceType, options: SanQiOptions) -> Piece:
        """A piece of ``kind`` as the options draw it (its place left at the origin)."""
        return Piece("sanqi", 0.0, 0.0, label=LETTERS[kind], side="face" if options.characters else "back", length=PIECE_SCALE * options.cell_size)

    def placement(self, state: SanQiState, move: Move, options: SanQiOptions) -> Piece | None:
        """A placement's piece (a replacement changes a piece already on the field, so it has none)."""
        return self.piece(move.kind, options) if isinstance(move, Place) else None


VIEW = SanQiView()
