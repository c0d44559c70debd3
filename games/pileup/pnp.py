# SPDX-License-Identifier: MIT
"""Pile Up print-and-play: the 8x8 board at true size (1 in squares) and the 20 numbered pieces.

The board is the 8 in square alone, its coordinates printed inside the edge
squares' corners as on a chessboard (no labels or blank border outside), so it
fits one Letter page with the least margin (1/4 in); on A4, narrower than
8.5 in, it is tiled over two pages. Each piece is a disc 0.75 in across; its
back shows the same number in the same colours, so a piece reads the same
whichever face lands up; black pieces bleed black with ``--bleed``.
"""

from __future__ import annotations

from reportlab.lib import colors

from ppprint.api import Label, Piece, PnpOptions, PrintAndPlay, SheetPiece, Table, piece_table, table_drawing

from .engine import BLACK, GAME, PLAYERS, VALUES
from .view import VIEW

MARGIN = 0.02
"""Inches of paper around each disc, inside its crop marks."""


def add_sections(document: PrintAndPlay, options: PnpOptions) -> None:
    """The board, then the ten black and ten white pieces (with backs when double-sided)."""
    board = VIEW.table(GAME.initial_state(), VIEW.options({"coordinates": False}))
    board.coordinates += inner_coordinates(board)
    document.tiled_plan("Pile Up board (8x8, 1 in squares)", lambda scale: table_drawing(board, margin=0.0, scale=scale))
    pieces = []
    for owner, player in enumerate(PLAYERS):
        for value in VALUES:
            face = table_drawing(one_piece(owner, value), margin=0.0)
            bleed = colors.black if owner == BLACK else None
            pieces.append(SheetPiece(face, face, name=f"{player} {value}", bleed_colour=bleed, round=True))
    document.piece_sheets("Pile Up pieces: 10 black and 10 white, numbered 1 to 10", pieces, options.double_sided, options.bleed)


def one_piece(owner: int, value: int) -> Table:
    """A table holding one piece, cropped to the disc and a thin margin."""
    return piece_table(Piece("pileup-piece", 0.0, 0.0, rank=value, owner=owner), MARGIN)


INSET = 0.14
"""How far from a square's edges its coordinate sits, inches."""


def inner_coordinates(board: Table) -> list[Label]:
    """Chessboard-style coordinates inside the board: each file's letter in the lower right corner of its
    square on rank 1, each rank's number in the upper left corner of its square on file a."""
    min_x, min_y, max_x, max_y = board.bounds
    files, ranks = round(max_x - min_x), round(max_y - min_y)
    labels = [Label((min_x + f + 1 - INSET, min_y + INSET), chr(ord("a") + f)) for f in range(files)]
    labels += [Label((min_x + INSET, min_y + r + 1 - INSET - 0.05), str(r + 1)) for r in range(ranks)]
    return labels
