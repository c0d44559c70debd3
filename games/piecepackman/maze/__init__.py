"""Mazes of matchsticks: the Piecepackman board, level files, the level checker and generator, path search.

The functions the CLI calls (``ppprint piecepackman maze check`` / ``... maze generate``):
:func:`check_level`, :func:`generate_level`, :func:`level_to_yaml`; and
:func:`allowed_paths` for Piecepackman's least-cost paths.
"""

from .level import BudgetError, LevelReport, check_level, generate_level, level_to_yaml
from .paths import PathSet, allowed_paths

__all__ = ["BudgetError", "LevelReport", "PathSet", "allowed_paths", "check_level", "generate_level", "level_to_yaml"]
