"""Every colour ppprint prints, each with one meaning in every book, safe for colour-blind readers.

The colours are Okabe and Ito's palette ("Color Universal Design", 2008), whose
eight colours stay apart under protanopia, deuteranopia and tritanopia.
Four of them are the piecepack's suits, always (a suit's pieces are its colour
whatever seat plays them); the others are the marks, and every mark also
differs by its shape, so no reader depends on colour alone:

========== ============== ====================================================
colour     meaning        shape
========== ============== ====================================================
vermillion Suns           the sun symbol
black      Moons          the moon symbol
green      Crowns         the crown symbol
blue       Arms           the fleur-de-lis
sky blue   a legal move   a solid arrow; a cell with a solid outline
purple     an illegal     a dashed arrow crossed out; a cell with a dashed
           move           outline and a cross in its corner
orange     a move played  a solid arrow with a dot at its start
yellow     a highlighted  a tinted cell, no outline
           cell
grey       other cells    a grey tint with a dotted outline (portals...)
========== ============== ====================================================
"""

from __future__ import annotations

from functools import cache
from typing import Final

from ppprint.model.table import MarkKind

SUIT_COLOURS: Final = {
    "suns": "#D55E00",
    "moons": "#1E1E24",
    "crowns": "#009E73",
    "arms": "#0072B2",
}
"""The suits' colours: vermillion Suns, black Moons, green Crowns, blue Arms."""

MARK_COLOURS: Final[dict[MarkKind, str]] = {
    "legal": "#56B4E9",
    "illegal": "#CC79A7",
    "played": "#E69F00",
    "highlight": "#F0E442",
    "neutral": "#4D4D4D",
}
"""The marks' colours (see the module's table for their shapes)."""

MARK_WORDS: Final[dict[MarkKind, tuple[str, str]]] = {
    "legal": ("legal move", "allowed here"),
    "illegal": ("illegal move", "not allowed here"),
    "played": ("move played", "played here"),
    "highlight": ("marked path", "marked cell"),
    "neutral": ("other move", "other cell"),
}
"""What each mark means, for the legend: as an arrow, and as a marked cell."""

INK: Final = "#1E1E24"
"""Text and outlines that are not a suit's: the same near-black as Moons, which reads as plain ink."""
MUTED_INK: Final = "#5C5C5C"
"""Coordinates and other quiet text."""
PAPER: Final = "#FFFFFF"


@cache
def mix(colour: str, other: str, weight: float) -> str:
    """``colour`` moved ``weight`` of the way towards ``other`` (both ``#rrggbb``)."""
    a = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * weight):02x}" for x, y in zip(a, b))
