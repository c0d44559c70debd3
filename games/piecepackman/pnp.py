# SPDX-License-Identifier: MIT
"""Piecepackman print-and-play: each level as a true-size maze plan (1 square = 1 inch), tiled over pages.

A plan shows what to build the level on: the board, the walls where the
matchsticks go (in the colours the piecepack kit prints them), the Ghost House
(tinted, each ghost's start square named by its suit), Piecepackman's start
square and the power coins. The pieces themselves (ghosts, Piecepackman) and the
energy cubes, which players scatter, are left off. Each plan is preceded by a
one-page overview. The matchsticks and the 24 energy cubes are printed by the
piecepack kit (``ppprint pnp piecepack``), which prints what :func:`equipment`
asks for.
"""

from __future__ import annotations

import functools

from ppprint.api import Drawing, PanelPicture, PnpOptions, PrintAndPlay, figure_drawing

from .engine import GAME
from .maze.level import CUBES_PER_SUIT, LEVELS_DIR, Level, get_level, read_level, shipped_level_ids
from .view import VIEW

LEVEL_ORDER = ("roundabout", "slip-around-the-corner", "long-and-winding-road")
"""The book's levels first (in the rulebook's order), then any other shipped level files."""


def equipment() -> dict[str, int]:
    """What the piecepack kit prints for Piecepackman: the matchsticks of the largest budget of any shipped
    level, each kind on its own (ruling: every shipped level must be buildable from one printed set), and the
    24 energy cubes, six in each suit's colour.
    """
    levels = [read_level(path)[0] for path in sorted(LEVELS_DIR.glob("*.yaml"))]
    return {
        "matchstick-3": max((level.budget_three for level in levels), default=0),
        "matchstick-ace": max((level.budget_ace for level in levels), default=0),
        "energy-cube": 4 * CUBES_PER_SUIT,
    }


def plan(level: Level, scale: float = 1.0) -> Drawing:
    """The plan of a level, drawn for printing at ``scale``."""
    table = VIEW.table(GAME.start_of(level, 0), VIEW.options({"plan": True}))
    return figure_drawing([PanelPicture(table, table.marks)], scale=scale)


def add_sections(document: PrintAndPlay, options: PnpOptions) -> None:
    """One tiled plan (with its overview page) per level."""
    ids = [i for i in LEVEL_ORDER if i in shipped_level_ids()]
    ids += [i for i in shipped_level_ids() if i not in ids]
    for level_id in ids:
        level = get_level(level_id)
        origin = "published layout" if level.origin == "published" else "the project's own layout"
        title = f"{level.title} ({level.budget_three} 3-sticks, {level.budget_ace} A-sticks; {origin})"
        document.tiled_plan(title, functools.partial(plan, level))
