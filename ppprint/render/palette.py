"""Every colour ppprint prints, each with one meaning in every book, safe for colour-blind readers.

The suits are four of Okabe and Ito's colours ("Color Universal Design", 2008),
always (a suit's pieces are its colour whatever seat plays them). The marks'
inks are darker kin of Okabe and Ito's mark colours, chosen so that each prints
at least 3:1 (WCAG contrast) against every board, tile and paper colour a mark
can sit on, while every two of the nine colours stay at least 15 apart (CIE76)
under protanopia, deuteranopia and tritanopia (``tests/test_marks.py``). Every
mark also differs by its shape, so no reader depends on colour, or on grey
lightness, alone:

========== ============== ====================================================
colour     meaning        shape
========== ============== ====================================================
vermillion Suns           the sun symbol
black      Moons          the moon symbol
green      Crowns         the crown symbol
blue       Arms           the fleur-de-lis
navy       a legal move   a solid arrow; a cell with a solid outline
magenta    an illegal     a dashed arrow; a cell with a dashed outline; a
           move           cross where the rule fails, labelled with its reason
umber      a move played  a solid arrow with a dot at its start; a cell with a
                          double outline
olive      a highlighted  a dash-dot arrow; a tinted cell with a dash-dot
           cell           outline
grey       other cells    a dotted arrow; a grey tint with a dotted outline
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
    "legal": "#254281",
    "illegal": "#DC07BE",
    "played": "#3D2813",
    "highlight": "#675211",
    "neutral": "#606060",
}
"""The marks' inks (see the module's table for their shapes). Until issue 24 they were Okabe and Ito's
own sky blue, reddish purple, orange and yellow (#56B4E9, #CC79A7, #E69F00, #F0E442): 1.1-2.6:1
against the cream board, and "legal" and "played" the same grey."""


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
