"""Simulated play of Siege by Number (see :mod:`ppprint.play.hooks`): the report compares 2, 3 and 4 players.

The engine's ``GAME`` is the four-player game; each variant is the game for a count of players with the
colours :func:`~.engine.default_suits` gives it, so every seat's results can be compared across counts.
"""

from __future__ import annotations

from ppprint.api import Variant

from .engine import Siege


def variants() -> list[Variant]:
    """Siege by Number for 2, 3 and 4 players."""
    return [
        Variant(name=f"players={n}", game=Siege(n), group="Players", label=f"{n} players", params={"players": n})
        for n in (2, 3, 4)
    ]
