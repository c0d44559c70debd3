# SPDX-License-Identifier: MIT
"""SanQi print-and-play: a field of any side, tiled over pages, and the pieces to cut out."""

from __future__ import annotations

import math
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ppprint.api import Piece, PnpOptions, PrintAndPlay, SheetPiece, Table, piece_table, table_drawing

from .engine import DEFAULT_SIDE, LETTERS, MAX_SIDE, MIN_SIDE, SanQi
from .view import PIECE_SCALE, VIEW

CELL_SIZE = 0.75
"""Inches between neighbouring cell centres on the printed field."""
PIECE_SIZE = PIECE_SCALE * CELL_SIZE


class Options(BaseModel):
    """SanQi's own print-and-play option: ``ppprint pnp sanqi --size N``."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    size: int = Field(DEFAULT_SIDE, ge=MIN_SIDE, le=MAX_SIDE, description=f"The field's side, {MIN_SIDE} to {MAX_SIDE}.")


def pieces_per_type(side: int) -> int:
    """How many pieces of each type to print: half the field's cells, rounded up.

    A choice: no game needs more, since a type covering half the field would have
    made a pattern long before, and players can always fetch more sheets.
    """
    return math.ceil((3 * side * (side - 1) + 1) / 2)


def add_sections(document: PrintAndPlay, options: PnpOptions) -> None:
    """The field (one page where it fits, else tiled) and the pieces."""
    side = options.game_options(Options).size
    game = SanQi(side)
    field = VIEW.table(game.initial_state(), VIEW.options({"cell_size": CELL_SIZE, "coordinates": True}))
    document.tiled_plan(f"SanQi field, side {side} ({3 * side * (side - 1) + 1} cells)", lambda scale: table_drawing(field, scale=scale))
    count = pieces_per_type(side)
    pieces = []
    for kind in LETTERS.values():
        front = table_drawing(_one_piece(kind, "face"), margin=0.0)
        back = table_drawing(_one_piece(kind, "back"), margin=0.0)
        pieces += [SheetPiece(front, back, name=kind)] * count
    document.piece_sheets(f"SanQi pieces: {count} of each type", pieces, options.double_sided, options.bleed)


def _one_piece(letter: str, side: Literal["face", "back"]) -> Table:
    """A table holding one piece, cropped to its kind's size (the triangles reach 0.62 of the piece size from
    the centre, see the SanQi drawer, the disc less) and 0.02 in round it."""
    return piece_table(Piece("sanqi", 0.0, 0.0, label=letter, side=side, length=PIECE_SIZE))
