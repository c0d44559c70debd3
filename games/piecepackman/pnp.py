"""Piecepackman print-and-play: each level as a true-size maze plan (1 square = 1 inch), tiled over pages.

A plan shows the board, the walls where the matchsticks go, the Ghost House with
the ghosts, Piecepackman's start and the power coins; players scatter the
energy cubes themselves. Each plan is preceded by a one-page overview.
"""

from __future__ import annotations

from ppprint.book.pnp import PnpOptions
from ppprint.book.sheets import PrintAndPlay
from ppprint.render.figure import table_drawing

from .engine import GAME
from .view import VIEW
from .maze.level import LEVELS_DIR, get_level, read_level, shipped_level_ids

LEVEL_ORDER = ("roundabout", "slip-around-the-corner", "long-and-winding-road")
"""The book's levels first (in the rulebook's order), then any other shipped level files."""


def equipment() -> dict[str, int]:
    """The matchsticks the piecepack kit prints: the largest budget of any shipped level, each kind on its own.

    Ruling: every shipped level must be buildable from one printed set.
    """
    levels = [read_level(path)[0] for path in sorted(LEVELS_DIR.glob("*.yaml"))]
    return {
        "matchstick-3": max((level.budget_three for level in levels), default=0),
        "matchstick-ace": max((level.budget_ace for level in levels), default=0),
    }


def add_sections(document: PrintAndPlay, options: PnpOptions) -> None:
    """One tiled plan (with its overview page) per level."""
    ids = [i for i in LEVEL_ORDER if i in shipped_level_ids()]
    ids += [i for i in shipped_level_ids() if i not in ids]
    for level_id in ids:
        level = get_level(level_id)
        state = GAME.start_of(level, 0)
        table = VIEW.table(state, VIEW.options({"cubes": False}))
        origin = "published layout" if level.origin == "published" else "the project's own layout"
        title = f"{level.title} ({level.budget_three} 3-sticks, {level.budget_ace} A-sticks; {origin})"
        document.tiled_plan(title, lambda scale: table_drawing(table, scale=scale))
