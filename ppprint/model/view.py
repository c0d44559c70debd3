"""A figure's ``view:`` options: how a state is shown (each game's view adds its own)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

Suit = Literal["suns", "moons", "crowns", "arms"]
"""A piecepack suit, as data names it (:data:`ppprint.model.table.SUITS`)."""


class ViewOptions(BaseModel):
    """A figure's ``view:``: how to show a state. A game's view adds its own options.

    Unknown keys and values of the wrong type are refused with the figure's file and line.
    """

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    coordinates: bool = True
    """Label the files and ranks (or rows) outside the board."""
    equipment: Suit | None = None
    """Instead of the position, show one suit of the piecepack laid out (a figure of the equipment)."""


class WindowOptions(ViewOptions):
    """The options of a board of square cells (or tiles of them) that a figure may crop.

    ``window: [c3, f6]``: draw only the smallest rectangle of the board holding both cells (any two
    opposite corners), with its coordinate labels on the rectangle's edges and only the pieces on its
    cells (a piece off the board goes with the cell nearest it). A window that cuts a tile in two is
    refused, and so is a claim naming a cell outside it, at the figure's line.
    """

    window: Annotated[list[str], Field(min_length=2, max_length=2)] | None = None
    """Two cells of the board: opposite corners of the rectangle drawn (default the whole board)."""
