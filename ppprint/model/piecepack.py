"""The standard piecepack as data: the pieces of a suit laid out as a table."""

from __future__ import annotations

from ppprint.model.table import COIN_DIAMETER, PAWN_HEIGHT, TILE_SIZE, Piece, Table

RANKS = (0, 1, 2, 3, 4, 5)
"""Piecepack ranks: null (blank), ace, 2 to 5."""

GAP = 0.25
"""Space between pieces in a layout, inches."""


def suit_table(suit: str) -> Table:
    """One suit at true size: the six tiles value side up and one grid side up,
    then a row of the six coins value side up, one suit side up, the pawn and the die."""
    table = Table()
    pitch = TILE_SIZE + GAP
    row_y = PAWN_HEIGHT / 2
    tile_y = (row_y + PAWN_HEIGHT / 2 + GAP + TILE_SIZE / 2, row_y + PAWN_HEIGHT / 2 + GAP + TILE_SIZE / 2 + pitch)
    for index, rank in enumerate(RANKS):
        row, column = divmod(index, 3)
        table.pieces.append(Piece("tile", TILE_SIZE / 2 + column * pitch, tile_y[1 - row], suit=suit, rank=rank, side="face"))
    table.pieces.append(Piece("tile", TILE_SIZE / 2 + 3 * pitch, tile_y[1], suit=suit, side="back"))
    x = COIN_DIAMETER / 2
    for rank in RANKS:
        table.pieces.append(Piece("coin", x, row_y, suit=suit, rank=rank, side="face"))
        x += COIN_DIAMETER + GAP
    for kind, side in (("coin", "back"), ("pawn", "face"), ("die", "face")):
        table.pieces.append(Piece(kind, x, row_y, suit=suit, rank=5 if kind == "die" else None, side="back" if side == "back" else "face"))
        x += COIN_DIAMETER + GAP
    table.bounds = (0.0, 0.0, 4 * TILE_SIZE + 3 * GAP, tile_y[1] + TILE_SIZE / 2)
    return table
