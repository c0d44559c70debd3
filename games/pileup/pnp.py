"""Pile Up print-and-play: the 8x8 board at true size (1 in squares) and the 20 numbered pieces.

The board is printed on one page where it fits, else tiled over pages. Each
piece is a disc 0.75 in across; its back shows the same number in the same
colours, so a piece reads the same whichever face lands up.
"""

from __future__ import annotations

from reportlab.lib import colors

from ppprint.book.pnp import PnpOptions
from ppprint.book.sheets import PrintAndPlay, SheetPiece
from ppprint.model.table import COIN_DIAMETER, Piece, Table
from ppprint.render.figure import table_drawing

from .engine import BLACK, GAME, PLAYERS, VALUES
from .view import VIEW

MARGIN = 0.02
"""Inches of paper around each disc, inside its crop marks."""


def add_sections(document: PrintAndPlay, options: PnpOptions) -> None:
    """The board, then the ten black and ten white pieces (with backs when double-sided)."""
    board = VIEW.table(GAME.initial_state(), VIEW.options({"coordinates": True}))
    document.tiled_plan("Pile Up board (8x8, 1 in squares)", lambda scale: table_drawing(board, scale=scale))
    pieces = []
    for owner, player in enumerate(PLAYERS):
        for value in VALUES:
            face = table_drawing(one_piece(owner, value), margin=0.0)
            bleed = colors.black if owner == BLACK else None
            pieces.append(SheetPiece(face, face, name=f"{player} {value}", bleed_colour=bleed))
    document.piece_sheets("Pile Up pieces: 10 black and 10 white, numbered 1 to 10", pieces, options.double_sided, options.bleed)


def one_piece(owner: int, value: int) -> Table:
    """A table holding one piece, cropped to the disc and a thin margin."""
    half = COIN_DIAMETER / 2 + MARGIN
    return Table(pieces=[Piece("pileup-piece", half, half, rank=value, owner=owner)], bounds=(0.0, 0.0, 2 * half, 2 * half))
