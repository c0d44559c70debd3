"""Games without a rules engine: a board declared in ``game.yaml`` and positions written as pieces on cells.

A game folder with no ``engine.py`` (and no ``view.py``) still builds a
rulebook: its figures are drawn from their positions, but nothing checks them
(claims need an engine). ``game.yaml`` names the board::

    board: {tiles: [3, 3]}      # piecepack tiles, grid side up: 3 x 3 tiles of 2 x 2 cells
    board: {squares: [8, 8]}    # or plain squares, 8 files by 8 ranks
    board: {graph: {points: {a: [0, 0], b: [2, 0]}, lines: [a-b]}}   # or points and lines (inches apart)

and a figure's ``position:`` lists the pieces by cell, each as its kind, then
optionally its suit, its rank (``null``/``blank``, ``ace``, ``2``..``5`` or a number)
and its side (``face`` or ``back``)::

    position:
      pieces: {b2: coin suns 3, c4: pawn moons, d5: coin arms back}
"""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict

from ppprint.errors import DataError
from ppprint.geometry.graph import NAME
from ppprint.geometry.tiles import TileLayout
from ppprint.layout.boards import Board, SquareBoard, TileBoard
from ppprint.layout.graphboard import GraphBoard
from ppprint.layout.scene import GameView, Scene
from ppprint.model.game import BoardSpec
from ppprint.model.table import COIN_DIAMETER, SUITS, piece_kind
from ppprint.model.view import ViewOptions

RANK_WORDS = {"null": 0, "blank": 0, "ace": 1}
SIDES = ("face", "back")


def _cell(text: str) -> str:
    if NAME.fullmatch(text) is None:
        raise ValueError(f"'{text}' is not a cell or point name (a1, b2, nw, ...)")
    return text


def board_of(spec: BoardSpec) -> Board:
    """The board ``game.yaml`` names."""
    if spec.tiles is not None:
        columns, rows = spec.tiles
        return TileBoard(TileLayout.grid(columns, rows))
    if spec.squares is not None:
        files, ranks = spec.squares
        return SquareBoard(files, ranks, square="square")
    if spec.graph is not None:
        return GraphBoard(spec.graph.graph(), mark_radius=COIN_DIAMETER / 2 + 0.1, label_distance=COIN_DIAMETER / 2 + 0.3, band=COIN_DIAMETER + 0.2)
    raise DataError("board: give tiles: [columns, rows], squares: [files, ranks] or graph: {points: ..., lines: ...}")


class PlainPosition(BaseModel):
    """A position drawn without an engine: the pieces on each cell."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    pieces: dict[Annotated[str, AfterValidator(_cell)], str] = {}


class PlainView(GameView[PlainPosition, ViewOptions]):
    """Draws a :class:`PlainPosition` on the board ``game.yaml`` declares."""

    def __init__(self, spec: BoardSpec):
        self.spec = spec

    def scene(self, state: PlainPosition, options: ViewOptions) -> Scene:
        board = board_of(self.spec)
        scene = Scene(board, board.pieces(), coordinates=options.coordinates)
        names = board.outlines()
        for cell, text in state.pieces.items():
            if cell not in names:
                raise DataError(f"{cell} is not on the board", ("pieces", cell))
            kind, details = piece_words(text, ("pieces", cell))
            scene.add(kind, board.centre(cell), **details)
        return scene


def piece_words(text: str, loc: tuple[object, ...]) -> tuple[str, dict[str, object]]:
    """A piece written as words: kind, then suit, rank and side in any order (``coin suns 3 back``)."""
    words = text.split()
    if not words:
        raise DataError("a piece is its kind, then suit, rank and side (coin suns 3)", loc)
    kind, details = words[0], dict[str, object]()
    try:
        piece_kind(kind)
    except KeyError as exc:
        raise DataError(str(exc.args[0]), loc) from None
    for word in words[1:]:
        if word in SUITS:
            details["suit"] = word
        elif word in SIDES:
            details["side"] = word
        elif word in RANK_WORDS or word.isdigit():
            details["rank"] = RANK_WORDS.get(word, int(word) if word.isdigit() else 0)
        else:
            raise DataError(f"'{word}' in '{text}' is not a suit ({', '.join(SUITS)}), a rank or a side (face, back)", loc)
    return kind, details

