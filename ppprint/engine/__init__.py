"""Rules engines: the API every game's engine implements (:mod:`ppprint.engine.base`).

A game's engine lives in its own folder (``engine.py``, see :mod:`ppprint.registry`);
this package holds only what every engine shares.
"""

from __future__ import annotations

from ppprint.engine.base import CHANCE, LEGAL, TERMINAL, Game, State, Verdict

__all__ = ["CHANCE", "LEGAL", "TERMINAL", "Game", "State", "Verdict"]
