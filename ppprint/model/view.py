"""A figure's ``view:`` options: how a state is shown (each game's view adds its own)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

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
